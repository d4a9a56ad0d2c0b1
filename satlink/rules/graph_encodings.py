"""The complete mode of the graph rules (:mod:`satlink.rules.graph`):
``encode_*(f, edges, ...)`` adds a polynomial-size CNF (parent pointers with
binary ranks, O(E log V) clauses) such that the edge assignments of its
models are exactly those obeying the rule (``encodings/graph.md``). The lazy
mode is :mod:`satlink.rules.graph_cuts`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from .graph import Edge, Node, encode_degree, incidence, nodes_of


def _activity(f, edges, nodes, node_vars, required, tag):
    """Literal per node (or None when required): active iff its node var or an
    incident edge is true."""
    inc = incidence(edges)
    required = set(required)
    out = {}
    for n in nodes:
        if n in required:
            out[n] = None
            continue
        lits = list(inc.get(n, []))
        if node_vars and n in node_vars:
            lits.append(node_vars[n])
        if not lits:
            out[n] = 0  # never active
        elif len(lits) == 1:
            out[n] = lits[0]
        else:
            a = f.var(tag, "active", n)
            f.equiv_or(a, lits)
            out[n] = a
    return out


def _rank_bits(f, nodes, tag) -> dict[Node, list[int]]:
    width = max(1, (len(nodes) - 1).bit_length())
    return {n: [f.var(tag, "rank", n, k) for k in range(width)] for n in nodes}


def _less(f, cond: int, a: list[int], b: list[int]) -> None:
    """cond -> value(a) < value(b), for bit vectors (least significant first).

    Auxiliary e_k: "cond and a, b agree on the bits above k". 3 clauses and
    one variable per bit.
    """
    e = cond
    for k in range(len(a) - 1, -1, -1):
        f.add([-e, -a[k], b[k]])  # a_k <= b_k while equal above
        if k == 0:
            f.add([-e, -a[k]])
            f.add([-e, b[k]])
            break
        nxt = f.new_aux()
        f.add([-e, -a[k], nxt])  # both 1: still equal
        f.add([-e, b[k], nxt])  # both 0: still equal
        e = nxt


def _arcs(edges):
    for (u, v), x in edges.items():
        yield u, v, x
        yield v, u, x


def encode_connected(f, edges: Mapping[Edge, int], node_vars: Mapping[Node, int] | None = None,
                     required: Iterable[Node] = (), tag: str = "conn") -> None:
    """The active part (see :func:`connected_cuts`) is connected, eagerly.

    A root: the first required node, else the first active node in node
    order (chain variables ``seen``). Every other active node has a parent
    across an active edge with a smaller binary rank, so parent chains end
    at the root. O(E log V) clauses.
    """
    required = list(required)
    nodes = nodes_of(edges, node_vars, required)
    if not nodes:
        return
    active = _activity(f, edges, nodes, node_vars, required, tag)
    root: dict[Node, int | None] = {}
    if required:
        for n in nodes:
            root[n] = None if n == required[0] else 0  # None: the root, 0: never
    else:
        seen_prev = 0
        for n in nodes:
            a = active[n]
            if a == 0:
                root[n] = 0
                continue
            r = f.var(tag, "root", n)
            if seen_prev == 0:
                f.add([-r, a])
                f.add([r, -a])
                root[n] = r
                seen_prev = a
                continue
            f.add([-r, a])
            f.add([-r, -seen_prev])
            f.add([r, -a, seen_prev])
            root[n] = r
            s = f.var(tag, "seen", n)
            f.equiv_or(s, [seen_prev, a])
            seen_prev = s
    rank = _rank_bits(f, nodes, tag)
    parents: dict[Node, list[int]] = {n: [] for n in nodes}
    for u, v, x in _arcs(edges):
        if root[u] is None:
            continue  # the required root has no parent
        p = f.var(tag, "parent", u, v)
        f.add([-p, x])
        _less(f, p, rank[v], rank[u])
        parents[u].append(p)
    for n in nodes:
        a, r = active[n], root[n]
        if r is None or a == 0:
            continue  # the root, or a node that is never active
        if a is None:
            f.add(parents[n])  # a required node other than the root
            continue
        clause = [-a] + parents[n]
        if r:
            clause.append(r)
        f.add(clause)


def encode_single_cycle(f, edges: Mapping[Edge, int], tag: str = "loop") -> None:
    """Degree 0 or 2 everywhere, some edge active, and the active edges connected:
    exactly one cycle."""
    encode_degree(f, edges, {0, 2})
    f.add(list(edges.values()))
    encode_connected(f, edges, tag=tag)


def encode_acyclic(f, edges: Mapping[Edge, int], tag: str = "acyc") -> None:
    """The active edges form a forest, eagerly.

    Each active edge is oriented toward the parent of its other end
    (``parent(u, v)``: v is u's parent), each node has at most one parent,
    and parents have smaller binary ranks. A graph oriented so that every
    node has out-degree at most one and no directed cycle is a forest, and
    every forest is oriented so by rooting each tree.
    """
    nodes = nodes_of(edges)
    rank = _rank_bits(f, nodes, tag)
    parents: dict[Node, list[int]] = {n: [] for n in nodes}
    for (u, v), x in edges.items():
        puv, pvu = f.var(tag, "parent", u, v), f.var(tag, "parent", v, u)
        f.add([-x, puv, pvu])
        f.add([-puv, x])
        f.add([-pvu, x])
        _less(f, puv, rank[v], rank[u])
        _less(f, pvu, rank[u], rank[v])
        parents[u].append(puv)
        parents[v].append(pvu)
    for n in nodes:
        f.at_most_one(parents[n])


def encode_tree(f, edges: Mapping[Edge, int], node_vars: Mapping[Node, int] | None = None,
                required: Iterable[Node] = (), tag: str = "tree") -> None:
    """Connected (:func:`encode_connected`) and acyclic (:func:`encode_acyclic`)."""
    required = list(required)
    encode_connected(f, edges, node_vars, required, tag=tag + ".conn")
    encode_acyclic(f, edges, tag=tag + ".acyc")

"""Global graph rules shared by puzzles: connected, acyclic, single cycle, tree.

Edges are undirected pairs ``(u, v)`` of hashable nodes (grid points are
``(r, c)`` tuples) mapped to their SAT variable: ``edges: dict[Edge, int]``.
Every rule comes in two modes (see ``encodings/graph.md``):

- **lazy**: a cut finder ``*_cuts(edges, model, ...)`` that returns clauses
  the candidate ``model`` violates, or ``[]`` when it obeys the rule. Every
  clause holds in every assignment that obeys the rule, so adding it never
  removes a true solution;
- **complete**: ``encode_*(f, edges, ...)`` adds a polynomial-size CNF
  (parent pointers with binary ranks, O(E log V) clauses) such that the
  edge assignments of its models are exactly those obeying the rule.

>>> from satlink.formula import Formula
>>> from satlink.model import Model
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> edges = {e: f.var("edge", *e) for e in Grid(2, 2).cell_edges()}
>>> len(edges)
4
>>> m = Model(f, [edges[e] for e in [((0, 0), (0, 1)), ((1, 0), (1, 1))]])
>>> len(connected_cuts(edges, m))   # two separate bars: one cut
1
"""
from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Mapping

from pysat.card import ITotalizer

Node = Hashable
Edge = tuple[Node, Node]


# -- graphs ---------------------------------------------------------------------
def incidence(edges: Mapping[Edge, int]) -> dict[Node, list[int]]:
    """Node -> the variables of its incident edges (in edge order)."""
    inc: dict[Node, list[int]] = {}
    for (u, v), x in edges.items():
        inc.setdefault(u, []).append(x)
        inc.setdefault(v, []).append(x)
    return inc


def _nodes(edges: Mapping[Edge, int], node_vars=None, required=()) -> list[Node]:
    """All nodes in a stable order: edge endpoints, then node_vars, then required."""
    seen: dict[Node, None] = {}
    for u, v in edges:
        seen.setdefault(u)
        seen.setdefault(v)
    for n in (node_vars or {}):
        seen.setdefault(n)
    for n in required:
        seen.setdefault(n)
    return list(seen)


# -- lazy cut finders ---------------------------------------------------------------
class Index:
    """A graph's nodes and edges as integer arrays, built once per encoding.

    The cut finders run after every solver call on boards of thousands of
    edges, so they work on these arrays with a union-find instead of building
    networkx graphs each time (measured in benchmarks/slitherlink.py). An
    encoding builds its index once (:func:`index`) and passes it to every
    call of the cut finders; without one, each call builds its own.
    """

    def __init__(self, edges: Mapping[Edge, int], node_vars=None, required=()):
        self.nodes = _nodes(edges, node_vars, required)
        index = {n: i for i, n in enumerate(self.nodes)}
        self.edges = edges
        self.eu = [index[u] for u, _ in edges]
        self.ev = [index[v] for _, v in edges]
        self.ex = list(edges.values())
        self.var_edge = {x: i for i, x in enumerate(self.ex)}
        self.node_var = [(index[n], x) for n, x in (node_vars or {}).items()]
        self.required = [index[n] for n in required]


def index(edges: Mapping[Edge, int], node_vars: Mapping[Node, int] | None = None,
          required: Iterable[Node] = ()) -> Index:
    """The index the cut finders use for this graph (build it once)."""
    return Index(edges, node_vars, tuple(required))


def _find(parent: list[int], a: int) -> int:
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


def _active_components(ix: Index, model):
    """(component label per node or -1 when inactive, number of components,
    witness literal per component or None when it holds a required node)."""
    n = len(ix.nodes)
    parent = list(range(n))
    active = bytearray(n)
    witness: list[int | None] = [0] * n
    for i in ix.required:
        active[i] = 1
        witness[i] = None
    if ix.node_var:
        for i, x in ix.node_var:
            if model.value(x) and not active[i]:
                active[i] = 1
                witness[i] = x
    eu, ev, var_edge = ix.eu, ix.ev, ix.var_edge
    touched = [i for i in range(n) if active[i]] if (ix.required or ix.node_var) else []
    for x in model.true_vars(ix.ex):
        k = var_edge[x]
        u, v = eu[k], ev[k]
        if not active[u]:
            active[u] = 1
            witness[u] = x
            touched.append(u)
        if not active[v]:
            active[v] = 1
            witness[v] = x
            touched.append(v)
        ru, rv = _find(parent, u), _find(parent, v)
        if ru != rv:
            parent[ru] = rv
    label = [-1] * n
    roots: dict[int, int] = {}
    comp_wit: list[int | None] = []
    for i in touched:
        r = _find(parent, i)
        c = roots.get(r)
        if c is None:
            c = roots[r] = len(comp_wit)
            comp_wit.append(witness[i])
        elif witness[i] is None:
            comp_wit[c] = None
        label[i] = c
    return label, len(comp_wit), comp_wit


def connected_cuts(edges: Mapping[Edge, int], model, node_vars: Mapping[Node, int] | None = None,
                   required: Iterable[Node] = (), ix: Index | None = None) -> list[list[int]]:
    """Cuts against a candidate whose active part is not connected.

    The active part is the active edges with their endpoints, the nodes whose
    ``node_vars`` entry is true, and the ``required`` nodes. For each active
    component C and each region Y of the graph with C removed that holds
    another active component D, the clause

        not act(a)  or  not act(b)  or  OR(edges between C and Y)

    with a in C and b in D: any connected active part that contains a and b
    has a path from a to b, and that path leaves Y through an edge to C
    (Y's only neighbours outside Y lie in C). All those edges are inactive in
    the candidate, so the clause is violated. ``act`` is a true literal that
    implies the node is active (its node variable or an active edge at it);
    it is left out for required nodes.
    """
    ix = ix or index(edges, node_vars, required)
    label, k, wit = _active_components(ix, model)
    if k <= 1:
        return []
    return _separation_cuts(ix, label, k, wit)


def _separation_cuts(ix: Index, label: list[int], k: int, wit) -> list[list[int]]:
    """The clauses of :func:`connected_cuts` for ``k`` active components."""
    eu, ev, ex = ix.eu, ix.ev, ix.ex
    n = len(label)
    # Inactive nodes, grouped in regions (components of the inactive part).
    parent = list(range(n))
    for u, v in zip(eu, ev):
        if label[u] < 0 and label[v] < 0:
            ru, rv = _find(parent, u), _find(parent, v)
            if ru != rv:
                parent[ru] = rv
    part = list(label)
    region_ids: dict[int, int] = {}
    for i in range(n):
        if part[i] < 0:
            r = _find(parent, i)
            p = region_ids.get(r)
            if p is None:
                p = region_ids[r] = k + len(region_ids)
            part[i] = p
    # Quotient graph: active components and inactive regions, joined by the
    # (inactive) edges between them; boundary[i][p] lists those edge variables.
    adj: dict[int, set[int]] = {}
    boundary: list[dict[int, list[int]]] = [{} for _ in range(k)]
    for u, v, x in zip(eu, ev, ex):
        pu, pv = part[u], part[v]
        if pu == pv:
            continue
        adj.setdefault(pu, set()).add(pv)
        adj.setdefault(pv, set()).add(pu)
        if pu < k:
            boundary[pu].setdefault(pv, []).append(x)
        if pv < k:
            boundary[pv].setdefault(pu, []).append(x)
    cuts: list[list[int]] = []
    seen: set[frozenset[int]] = set()
    for i in range(k):
        done = {i}
        for start in adj.get(i, ()):
            if start in done:
                continue
            region, stack = [start], [start]
            done.add(start)
            while stack:
                p = stack.pop()
                for q in adj.get(p, ()):
                    if q not in done:
                        done.add(q)
                        region.append(q)
                        stack.append(q)
            others = [p for p in region if p < k]
            if not others:
                continue
            clause = [x for p in region for x in boundary[i].get(p, ())]
            for w in (wit[i], wit[min(others)]):
                if w is not None:
                    clause.append(-w)
            key = frozenset(clause)
            if key not in seen:
                seen.add(key)
                cuts.append(clause)
        # Components not reachable from C at all (no path in the whole graph):
        # then no connected active part holds both; the clause has no edges.
        for j in range(k):
            if j not in done and j != i:
                clause = [-w for w in (wit[i], wit[j]) if w is not None]
                key = frozenset(clause)
                if key not in seen:
                    seen.add(key)
                    cuts.append(clause)
    return cuts


def cycle_cuts(edges: Mapping[Edge, int], model) -> list[list[int]]:
    """Cuts against cycles among the active edges (the rule: a forest).

    For each cycle of a cycle basis of the active graph: not all its edges.
    """
    import networkx as nx  # 0.15 s of start-up: only where a cycle basis is asked for

    value = model.value
    act = nx.Graph()
    var = {}
    for (u, v), x in edges.items():
        if value(x):
            act.add_edge(u, v)
            var[frozenset((u, v))] = x
    cuts = []
    for cyc in nx.cycle_basis(act):
        cuts.append([-var[frozenset((cyc[k - 1], cyc[k]))] for k in range(len(cyc))])
    return cuts


def single_cycle_cuts(edges: Mapping[Edge, int], model,
                      ix: Index | None = None) -> list[list[int]]:
    """Cuts against a candidate whose active edges are not one cycle.

    Assumes degree 0 or 2 is encoded (``encode_degree``), so the active
    edges are disjoint cycles. With none active it returns the clause "some
    edge is active"; with several cycles, the separation cuts of
    :func:`connected_cuts` (one per cycle and region holding another cycle).
    """
    ix = ix or index(edges)
    label, k, wit = _active_components(ix, model)
    if k == 0:
        return [list(edges.values())]
    if k == 1:
        return []
    return _separation_cuts(ix, label, k, wit)


def tree_cuts(edges: Mapping[Edge, int], model, node_vars: Mapping[Node, int] | None = None,
              required: Iterable[Node] = (), ix: Index | None = None) -> list[list[int]]:
    """Cuts for "connected and acyclic": :func:`connected_cuts` + :func:`cycle_cuts`."""
    return connected_cuts(edges, model, node_vars, required, ix) + cycle_cuts(edges, model)


# -- complete encodings ------------------------------------------------------------------
def zero_or_two(f, lits: list[int], on: int | None = None) -> None:
    """Of a node's incident edges ``lits``, none or two are true; with ``on``,
    two when ``on`` holds and none when it does not (the node lies on the
    loop or not). The one degree rule of every loop and path.

    Clauses, no auxiliaries up to degree 6: an edge end needs a second edge
    at the node (``x -> OR(the others)``; with ``on``: ``x -> on`` and
    ``on -> OR(all but x)`` for each x, so ``on`` means at least two), and no
    three edges (every triple; a cardinality constraint above degree 6).

    >>> from satlink.formula import Formula
    >>> f = Formula(); a, b, on = f.var("a"), f.var("b"), f.var("on")
    >>> zero_or_two(f, [a, b], on); f.clauses
    [[-1, 3], [-2, 3], [-3, 2], [-3, 1]]
    """
    out = f.clauses
    d = len(lits)
    if d == 4:  # spelled out: most nodes of a grid, and the main cost of encoding
        a, b, c, e = lits
        if on is None:
            out.extend(([-a, b, c, e], [-b, a, c, e], [-c, a, b, e], [-e, a, b, c]))
        else:
            out.extend(([-a, on], [-b, on], [-c, on], [-e, on],
                        [-on, b, c, e], [-on, a, c, e], [-on, a, b, e], [-on, a, b, c]))
        out.extend(([-a, -b, -c], [-a, -b, -e], [-a, -c, -e], [-b, -c, -e]))
        return
    if on is None:
        out.extend([-lits[i], *lits[:i], *lits[i + 1:]] for i in range(d))
    else:
        out.extend([-x, on] for x in lits)
        if d < 2:
            out.append([-on])
            return
        out.extend([-on, *lits[:i], *lits[i + 1:]] for i in range(d))
    if d <= 6:
        out.extend([-a, -b, -c] for a, b, c in itertools.combinations(lits, 3))
    else:
        f.at_most(lits, 2)


def encode_degree(f, edges: Mapping[Edge, int], allowed: Iterable[int] = (0, 2),
                  nodes: Iterable[Node] | None = None) -> None:
    """Every node's number of active incident edges lies in ``allowed``.

    ``{0, 2}`` is :func:`zero_or_two`; other sets forbid each bad count,
    directly for degree <= 6 and through a totalizer above. ``nodes`` limits
    the constraint to some nodes.
    """
    allowed = set(allowed)
    inc = incidence(edges)
    for n in (inc if nodes is None else nodes):
        lits = inc.get(n, [])
        d = len(lits)
        ok = allowed & set(range(d + 1))
        if ok == set(range(d + 1)):
            continue
        if ok == {0}:
            f.extend([-x] for x in lits)
        elif ok == {0, 2}:
            zero_or_two(f, lits)
        else:
            _degree_in(f, lits, allowed)


def _degree_in(f, lits: list[int], allowed: set[int]) -> None:
    d = len(lits)
    bad = [k for k in range(d + 1) if k not in allowed]
    if d <= 6:
        for mask in range(1 << d):
            if bin(mask).count("1") in bad:
                f.add([-x if mask >> i & 1 else x for i, x in enumerate(lits)])
        return
    # PySAT's totalizer implies its outputs upward only ("at least k+1 true ->
    # ge[k]"), so count the true and the false inputs and forbid count k by
    # "not (at least k true and at least d-k false)".
    ge = _upward_counts(f, lits)
    gf = _upward_counts(f, [-x for x in lits])
    for k in bad:
        clause = []
        if k > 0:
            clause.append(-ge[k - 1])
        if k < d:
            clause.append(-gf[d - k - 1])
        f.add(clause)


def _upward_counts(f, lits: list[int]) -> list[int]:
    """out[k] is true whenever at least k + 1 of ``lits`` are (a totalizer)."""
    tot = ITotalizer(lits, ubound=len(lits), top_id=f.num_vars)
    f.pool.top = max(f.pool.top, tot.top_id)
    f.extend(tot.cnf.clauses)
    out = list(tot.rhs)
    tot.delete()
    return out


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
    nodes = _nodes(edges, node_vars, required)
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
    nodes = _nodes(edges)
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

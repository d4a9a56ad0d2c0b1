"""Graphs as edge variables, shared by puzzles, and the rule on each node's degree.

Edges are undirected pairs ``(u, v)`` of hashable nodes (grid points are
``(r, c)`` tuples) mapped to their SAT variable: ``edges: dict[Edge, int]``.
The global rules over such a graph (connected, acyclic, single cycle, tree)
come in two modes (see ``encodings/graph.md``):

- **lazy** (:mod:`satlink.rules.graph_cuts`): a cut finder
  ``*_cuts(edges, model, ...)`` that returns clauses the candidate ``model``
  violates, or ``[]`` when it obeys the rule. Every clause holds in every
  assignment that obeys the rule, so adding it never removes a true solution;
- **complete** (:mod:`satlink.rules.graph_encodings`):
  ``encode_*(f, edges, ...)`` adds a polynomial-size CNF (parent pointers
  with binary ranks, O(E log V) clauses) such that the edge assignments of
  its models are exactly those obeying the rule.

Here: :func:`incidence`, :func:`nodes_of` (every node in a stable order),
and the degree rules :func:`zero_or_two` and :func:`encode_degree`.
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


def nodes_of(edges: Mapping[Edge, int], node_vars=None, required=()) -> list[Node]:
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


# -- degrees --------------------------------------------------------------------
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

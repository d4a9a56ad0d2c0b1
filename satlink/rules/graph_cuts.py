"""The lazy mode of the graph rules (:mod:`satlink.rules.graph`): cut finders
``*_cuts(edges, model, ...)`` that return clauses the candidate ``model``
violates, or ``[]`` when it obeys the rule. Every clause holds in every
assignment that obeys the rule, so adding it never removes a true solution
(``encodings/graph.md``). The complete mode is
:mod:`satlink.rules.graph_encodings`.

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

from collections.abc import Iterable, Mapping

from .graph import Edge, Node, nodes_of


class Index:
    """A graph's nodes and edges as integer arrays, built once per encoding.

    The cut finders run after every solver call on boards of thousands of
    edges, so they work on these arrays with a union-find instead of building
    networkx graphs each time (measured in benchmarks/slitherlink.py). An
    encoding builds its index once (:func:`index`) and passes it to every
    call of the cut finders; without one, each call builds its own.
    """

    def __init__(self, edges: Mapping[Edge, int], node_vars=None, required=()):
        self.nodes = nodes_of(edges, node_vars, required)
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

"""A spanning tree with a degree set, over any graph (Circuit Board, ...).

:class:`SpanningTree` takes a graph as ``edges: dict[Edge, int]`` (the
caller's edge variables; see :mod:`satlink.rules.graph`) and states that the true
edges form a spanning tree of ``nodes`` in which every node's degree lies in
``degrees``. The degree rule is clauses; "connected and acyclic" is lazy
(:meth:`SpanningTree.cuts`) or complete (``complete=True``):

- connected: the separation cuts of :func:`satlink.rules.graph_cuts.connected_cuts`
  with every node required, or :func:`satlink.rules.graph_encodings.encode_connected`;
- acyclic, on a plane graph (``sides`` given, see :func:`grid_sides`):
  the *walls* (the edges left out, seen from the faces) connect every face,
  because a set of edges is a spanning tree exactly when the dual edges of
  the others form a spanning tree of the faces. The same cut finder and
  complete encoding then run on the faces (``walls``);
- acyclic, on any graph: :func:`satlink.rules.graph_cuts.cycle_cuts`, or
  :func:`satlink.rules.graph_encodings.encode_acyclic`.

Proofs and measurements: ``encodings/circuitboard.md``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> g = Grid(2, 2)
>>> edges = {e: f.var("x", *e) for e in g.cell_edges()}
>>> tree = SpanningTree(f, edges, degrees={1, 2}, sides=grid_sides(g.cells))
>>> len(tree.walls), len(tree.faces)      # the square and the outside, four walls
(1, 2)
>>> obstruction(g.cells, list(edges), {1, 3})
'the points hold an even number of one checkerboard colour (2 and 2): a tree whose every degree is odd needs an odd number of each'
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

import networkx as nx
from networkx.utils import UnionFind
from pysat.card import ITotalizer

from ..formula import Formula
from . import graph, graph_cuts, graph_encodings
from .graph import Edge, Node
from .grid import Cell


class SpanningTree:
    """The true ``edges`` form a spanning tree of ``nodes``, each node's
    degree in ``degrees``.

    - ``edges``: edge -> variable (made by the caller);
    - ``nodes``: the nodes to span (default: every endpoint of an edge);
    - ``degrees``: the allowed degrees (None: any);
    - ``sides``: edge -> (face, face), the two faces of a plane embedding
      beside each edge (:func:`grid_sides` on a grid); acyclicity is then
      read on the faces (walls connect every face);
    - ``complete``: encode connected and acyclic as clauses, so that every
      model is a tree (:meth:`cuts` then has nothing to add);
    - ``pairs``: the separation cuts of every two-node piece (an edge alone
      with its two ends) and every two-face piece, in advance (fewer cut
      rounds; measured in encodings/circuitboard.md).

    Also made at once, valid for every spanning tree: an edge that is a
    bridge of the graph is in the tree; every node has an edge (two nodes or
    more); every face has a wall (two faces or more).
    """

    def __init__(self, f: Formula, edges: Mapping[Edge, int], degrees: Iterable[int] | None = None,
                 *, nodes: Iterable[Node] | None = None,
                 sides: Mapping[Edge, tuple[Node, Node]] | None = None,
                 complete: bool = False, pairs: bool = True, tag: str = "tree") -> None:
        self.f, self.tag, self.complete, self.pairs = f, tag, complete, pairs
        self.edges = dict(edges)
        self.nodes = list(dict.fromkeys(
            nodes if nodes is not None else (n for e in self.edges for n in e)))
        self.degrees = None if degrees is None else frozenset(degrees)
        self._edge_of = {x: e for e, x in self.edges.items()}
        known = set(self.nodes)
        stray = [e for e in self.edges if e[0] not in known or e[1] not in known]
        if stray:
            raise ValueError(f"edges {stray[:3]} leave the nodes of the tree")
        #: dual edge (face index i < j) -> wall literal; face index -> face
        self.walls: dict[tuple[int, int], int] = {}
        self.faces: list[Node] = []
        self._encode_local(sides)
        self._index = graph_cuts.index(self.edges, None, self.nodes)
        self._wall_index = (graph_cuts.index(self.walls, None, range(len(self.faces)))
                            if sides is not None else None)
        if complete:
            self._encode_complete(sides is not None)

    # -- clauses -----------------------------------------------------------------
    def _encode_local(self, sides) -> None:
        f, n = self.f, len(self.nodes)
        if n == 0:
            return
        if self.degrees is not None:
            if n == 1 and 0 not in self.degrees:
                f.add([])
            graph.encode_degree(f, self.edges, self.degrees, self.nodes)
        inc = {v: [] for v in self.nodes}
        for (u, v), x in self.edges.items():
            inc[u].append(x)
            inc[v].append(x)
        if n >= 2:
            f.extend(lits for lits in inc.values())  # an empty one: an isolated node
            g = nx.Graph(list(self.edges))
            g.add_nodes_from(self.nodes)
            f.extend([self.edges[e] if e in self.edges else self.edges[(e[1], e[0])]]
                     for e in nx.bridges(g))
        if n >= 3 and self.pairs:
            f.extend(_no_pair(self.edges, inc))
        if sides is None:
            return
        face_id: dict[Node, int] = {}
        between: dict[tuple[int, int], list[int]] = {}
        for e, x in self.edges.items():
            a, b = (face_id.setdefault(s, len(face_id)) for s in sides[e])
            if a != b:  # a == b: the edge is a bridge (made true above)
                between.setdefault((min(a, b), max(a, b)), []).append(x)
        self.faces = list(face_id)
        for (a, b), xs in between.items():
            w = f.var(self.tag, "wall", a, b)
            f.equiv_or(w, [-x for x in xs])
            self.walls[(a, b)] = w
        if len(self.faces) >= 2:
            at: dict[int, list[int]] = {i: [] for i in range(len(self.faces))}
            for (a, b), w in self.walls.items():
                at[a].append(w)
                at[b].append(w)
            f.extend(at.values())
            if len(self.faces) >= 3 and self.pairs:
                f.extend(_no_pair(self.walls, at))

    def _encode_complete(self, planar: bool) -> None:
        f = self.f
        graph_encodings.encode_connected(f, self.edges, required=self.nodes, tag=self.tag + ".conn")
        if planar:
            graph_encodings.encode_connected(f, self.walls, required=range(len(self.faces)),
                                   tag=self.tag + ".dual")
        else:
            graph_encodings.encode_acyclic(f, self.edges, tag=self.tag + ".acyc")

    # -- lazy rules ------------------------------------------------------------------
    def cuts(self, model) -> list[list[int]]:
        """Clauses the candidate violates: separation cuts for a tree in
        several pieces (:func:`satlink.rules.graph_cuts.connected_cuts`, every node
        required), and for a cycle either separation cuts on the faces
        (with ``sides``) or "not every edge of this cycle"
        (:func:`satlink.rules.graph_cuts.cycle_cuts`). [] for a spanning tree, and
        always in complete mode."""
        if self.complete:
            return []
        out = graph_cuts.connected_cuts(self.edges, model, required=self.nodes, ix=self._index)
        if self._wall_index is not None:
            out += graph_cuts.connected_cuts(self.walls, model, required=range(len(self.faces)),
                                        ix=self._wall_index)
        else:
            out += graph_cuts.cycle_cuts(self.edges, model)
        return out

    # -- reading a model ---------------------------------------------------------------
    def decode(self, model) -> frozenset[Edge]:
        """The tree's edges in ``model``."""
        edge_of = self._edge_of
        return frozenset(edge_of[x] for x in model.true_vars(list(self.edges.values())))

    def path(self, s: Node, t: Node) -> "TreePath":
        """The path from ``s`` to ``t`` in the tree, with its length."""
        return TreePath(self, s, t)


class TreePath:
    """The path between two nodes ``s`` and ``t`` of a :class:`SpanningTree`.

    ``on[e]``: edge ``e`` lies on the path (it implies the tree edge);
    ``through[v]``: the path visits node ``v``. The path has one edge at
    ``s`` and at ``t`` and two at every other node it visits, none
    elsewhere. In a tree those edges are exactly the path from s to t (any
    other edge set of that kind would add cycles, and a tree has none), so
    the number of true ``on`` literals is its length, and the number of
    visited nodes is one more. :meth:`at_most` gives the assumptions
    "length <= k".
    """

    def __init__(self, tree: SpanningTree, s: Node, t: Node) -> None:
        if s == t:
            raise ValueError("the two ends of a path must differ")
        f, tag = tree.f, tree.tag
        self.tree, self.s, self.t = tree, s, t
        self.on = {e: f.var(tag, "path", *e) for e in tree.edges}
        self.through = {v: f.var(tag, "visits", v) for v in tree.nodes}
        inc: dict[Node, list[int]] = {v: [] for v in tree.nodes}
        for e, p in self.on.items():
            f.add([-p, tree.edges[e]])
            inc[e[0]].append(p)
            inc[e[1]].append(p)
        for v, lits in inc.items():
            y = self.through[v]
            if v in (s, t):
                f.add([y])
                f.exactly_one(lits)
                continue
            graph.zero_or_two(f, lits, y)  # visited: two path edges, else none
        self._total: list[int] | None = None
        self._pruned: set[int] = set()
        self._detour: dict[Node, float] | None = None

    def at_most(self, k: int) -> list[int]:
        """Assumptions saying the path has at most ``k`` edges.

        The path has one node more than edges, s and t among them, so the
        bound counts the inner nodes it visits: at most ``k - 1`` (a
        totalizer over ``through``, fewer inputs than edges). It is built on
        the first call, up to ``k + 1`` (a search for the shortest path asks
        ever smaller bounds and then the least one that held); a larger
        ``k`` later builds another one. With the bound come the clauses
        "length <= k -> v is not visited" for every node v with
        dist(s, v) + dist(v, t) > k (distances in the graph): a path
        through v is at least that long.
        """
        inner = [y for v, y in self.through.items() if v not in (self.s, self.t)]
        if k - 1 >= len(inner):
            return []
        if k < 1:
            return [self._false()]
        f = self.tree.f
        if self._total is None or k - 1 >= len(self._total):
            tot = ITotalizer(inner, ubound=min(len(inner), k + 1), top_id=f.num_vars)
            f.pool.top = max(f.pool.top, tot.top_id)
            f.extend(tot.cnf.clauses)
            self._total = list(tot.rhs)
            self._pruned = set()
            tot.delete()
        bound = self._total[k - 1]  # true when at least k inner nodes are visited
        if k not in self._pruned:
            self._pruned.add(k)
            f.extend([bound, -self.through[v]] for v, d in self._far().items() if d > k)
        return [-bound]

    def _far(self) -> dict[Node, float]:
        """dist(s, v) + dist(v, t) in the graph for every node (inf when
        v is cut off from s or t)."""
        if self._detour is None:
            g = nx.Graph(list(self.tree.edges))
            g.add_nodes_from(self.tree.nodes)
            ds = nx.single_source_shortest_path_length(g, self.s)
            dt = nx.single_source_shortest_path_length(g, self.t)
            inf = float("inf")
            self._detour = {v: ds.get(v, inf) + dt.get(v, inf) for v in self.tree.nodes}
        return self._detour

    def _false(self) -> int:
        x = self.tree.f.var(self.tree.tag, "path", "never")
        self.tree.f.add([-x])
        return x

    def length(self, edges: Iterable[Edge]) -> int | None:
        """The length of the path from s to t along ``edges`` (a solution),
        None when they do not join s and t (networkx)."""
        g = nx.Graph(list(edges))
        try:
            return nx.shortest_path_length(g, self.s, self.t)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return None


def _no_pair(edges: Mapping[Edge, int], inc: Mapping[Node, list[int]]) -> list[list[int]]:
    """For each edge uv: it is not alone with its two ends (some other edge
    at u or at v), a separation cut of the pair {u, v} written in advance;
    valid in a connected spanning graph of three nodes or more."""
    out = []
    for (u, v), x in edges.items():
        out.append([-x, *(y for y in inc[u] if y != x), *(y for y in inc[v] if y != x)])
    return out


# -- plane grids -----------------------------------------------------------------------
def grid_sides(points: Iterable[Cell]) -> dict[Edge, tuple[Node, Node]]:
    """The two faces beside each edge of the grid graph on ``points``
    (cells; an edge joins orthogonally adjacent points), for
    :class:`SpanningTree`'s ``sides``.

    The unit squares between four neighbouring points, named by their
    top-left point, and the outside (``"outside"``) are merged across every
    side that is not an edge (a missing point opens the squares around it
    into one face); what is left are the faces of the drawing.

    >>> s = grid_sides([(0, 0), (0, 1), (1, 0), (1, 1)])
    >>> s[((0, 0), (0, 1))], s[((0, 1), (1, 1))]
    (('outside', (0, 0)), ((0, 0), 'outside'))
    """
    pts = set(points)
    if not pts:
        return {}
    r0 = min(r for r, _ in pts)
    c0 = min(c for _, c in pts)
    r1 = max(r for r, _ in pts)
    c1 = max(c for _, c in pts)
    out = "outside"

    def square(r: int, c: int) -> Node:
        return (r, c) if r0 <= r < r1 and c0 <= c < c1 else out

    # every side of a unit square: its two squares (above/below, left/right)
    slots: dict[Edge, tuple[Node, Node]] = {}
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if c < c1:
                slots[((r, c), (r, c + 1))] = (square(r - 1, c), square(r, c))
            if r < r1:
                slots[((r, c), (r + 1, c))] = (square(r, c - 1), square(r, c))
    merged = UnionFind()
    for (a, b), (p, q) in slots.items():
        if a not in pts or b not in pts:
            merged.union(p, q)
    face: dict[Node, Node] = {}
    for group in merged.to_sets():  # the outside keeps its name, else the smallest square
        face.update(dict.fromkeys(group, out if out in group else min(group)))
    return {e: (face.get(p, p), face.get(q, q)) for e, (p, q) in slots.items()
            if e[0] in pts and e[1] in pts}


def obstruction(nodes: Iterable[Node], edges: Iterable[Edge],
                degrees: Iterable[int]) -> str | None:
    """Why no spanning tree of the graph has its degrees in ``degrees``,
    read from counting alone; None when counting does not rule it out.

    - no nodes; a graph in several pieces;
    - every allowed degree odd: the degrees of a tree of n nodes add up to
      2(n - 1), so n must be even; on a bipartite graph (a grid) each edge
      has one end in each colour class, so the degrees in one class add up
      to the n - 1 edges, and with odd degrees each class must hold an odd
      number of nodes (n - 1 is odd).
    """
    nodes = list(dict.fromkeys(nodes))
    if not nodes:
        return "there are no points"
    g = nx.Graph()
    g.add_nodes_from(nodes)
    g.add_edges_from(edges)
    pieces = nx.number_connected_components(g)
    if pieces > 1:
        return f"the points fall into {pieces} separate groups: no tree joins them all"
    degrees = set(degrees)
    n = len(nodes)
    if n == 1:
        return None if 0 in degrees else "a single point has no edge to take"
    if degrees and all(d % 2 for d in degrees):
        if n % 2:
            return (f"there are {n} points, an odd number: the degrees of a tree add up to"
                    " twice its edges, so with every degree odd the points must be even"
                    " in number")
        if nx.is_bipartite(g):
            one, two = nx.bipartite.sets(g)
            if len(one) % 2 == 0:
                return (f"the points hold an even number of one checkerboard colour"
                        f" ({len(one)} and {len(two)}): a tree whose every degree is odd"
                        " needs an odd number of each")
    return None

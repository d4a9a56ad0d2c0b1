"""A tree of wires over the points of a grid as a genre's whole answer
(Circuit Board; any genre whose answer is one spanning tree of grid cells,
every point's degree in a set, some wires given, and optionally the path
between two marked points, whose length an objective may bound).

:class:`WireTree` wires the rule :class:`~satlink.rules.trees.SpanningTree`
(with the faces of the board from :func:`~satlink.rules.trees.grid_sides`,
or cycle cuts under the setting ``acyclic=cycles``) to the given wires in
either clue mode and to the s-t :class:`~satlink.rules.trees.TreePath`;
:func:`wire_board_fault` says why a board (its ends, its given wires, the
counting rules) has no such tree; :data:`PATH_LENGTH` is the objective "the
shortest s-t path";
:func:`wire_tree_problems` checks an answer from the rules (networkx,
independent of any encoding); :func:`route` reads a solution's s-t path,
:func:`wire_tree_json` writes an answer;
:func:`odd_blocked` picks the cells a blank board blacks out so that a tree
with odd degrees can exist. Proofs and measurements: ``encodings/circuitboard.md``.

>>> from satlink.formula import Formula
>>> from satlink.contract import Options
>>> from satlink.rules.grid import Grid
>>> pts = Grid(2, 2).cells
>>> wt = WireTree(Formula(), pts, Grid(2, 2).cell_edges(pts), {1, 3}, (), Options(), {})
>>> len(wt.wires), wt.path is None
(4, True)
>>> given_wires_fault(Grid(1, 3), set(Grid(1, 3).cells), [((0, 0), (0, 2))])
('the given wire r1c1-r1c3 does not join two adjacent points', (0, 0))
>>> odd_blocked(10, 10)
[(0, 0), (0, 1)]
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

import networkx as nx
from networkx.utils import UnionFind

from ..contract import Objective
from ..formula import Formula
from .grid import Cell, Edge, Grid, edge_key
from .trees import SpanningTree, TreePath, grid_sides, obstruction

#: The ``acyclic`` setting: separation cuts on the faces of the board (the
#: default) or cycle cuts, the general-graph form (kept for the measurements
#: in encodings/circuitboard.md).
ACYCLIC = ("faces", "cycles")


class WireTree:
    """The wires (``self.wires``: edge -> variable, the declared answer) of
    a spanning tree of ``points`` whose every degree lies in ``degrees``
    (``self.tree``), the ``given`` wires drawn (each behind a selector put in
    ``selectors`` under ``options.clues == "selectors"``, its clue the wire),
    and with ``ends`` the path between them (``self.path``, else None).
    ``options.complete`` encodes connected and acyclic eagerly; the setting
    ``acyclic`` is read from ``options`` (:data:`ACYCLIC`)."""

    def __init__(self, f: Formula, points: Iterable[Cell], edges: Iterable[Edge],
                 degrees: Iterable[int], given: Iterable[Edge], options,
                 selectors: dict, ends: tuple[Cell, Cell] | None = None,
                 tag: str = "tree") -> None:
        points = list(points)
        self.wires = {e: f.var("wire", *edge_key(e)) for e in edges}
        f.declare_answer(list(self.wires.values()))
        acyclic = options.setting("acyclic", "faces")
        if acyclic not in ACYCLIC:
            raise ValueError(f"setting acyclic must be `faces` or `cycles`, not {acyclic!r}")
        self.tree = SpanningTree(f, self.wires, degrees, nodes=points,
                                 sides=grid_sides(points) if acyclic == "faces" else None,
                                 complete=options.complete, tag=tag)
        for e in given:
            x = self.wires[e]
            if options.clues == "direct":
                f.add([x])
            else:
                sel = selectors[e] = f.var("given", *e[0], *e[1])
                f.add([-sel, x])
        self.path: TreePath | None = self.tree.path(*ends) if ends is not None else None

    def cuts(self, model) -> list[list[int]]:
        return self.tree.cuts(model)

    def decode(self, model) -> frozenset[Edge]:
        return self.tree.decode(model)


def wire_board_fault(grid: Grid, points: Iterable[Cell], edges: Iterable[Edge],
                     given: Iterable[Edge], degrees: Iterable[int],
                     ends: tuple[Cell, Cell] | None = None
                     ) -> tuple[str, Cell | None, str | None] | None:
    """Why no tree of wires can solve the board: ``(message, cell, part)``,
    the cell and the part of the board (``"grid"`` for the ends, ``"wires"``
    for the given wires) to point at, both None for a fault of the whole
    board (:func:`satlink.rules.trees.obstruction`). None when nothing is
    wrong by these checks: ``ends`` on two different points, the given
    wires by :func:`given_wires_fault`, then the counting rules."""
    points = list(points)
    on = set(points)
    if ends is not None:
        s, t = ends
        for mark, c in (("s", s), ("t", t)):
            if c not in on:
                return f"`{mark}` at {Grid.name(c)} is not on a point", c, "grid"
        if s == t:
            return "`s` and `t` are the same point", s, "grid"
    fault = given_wires_fault(grid, on, given)
    if fault is not None:
        return (*fault, "wires")
    why = obstruction(points, edges, degrees)
    return None if why is None else (why, None, None)


def given_wires_fault(grid: Grid, points: set[Cell],
                      given: Iterable[Edge]) -> tuple[str, Cell] | None:
    """Why the ``given`` wires (sorted, each ``edge``-ordered) cannot all be
    drawn in a tree over ``points``, and the cell to point at: a wire that
    leaves the points (off the board or blacked out), does not join two
    adjacent points, is given twice, or closes a loop with the others.
    None when they can."""
    joined = UnionFind()
    seen = set()
    for a, b in given:
        for x in (a, b):
            if x not in points:
                where = "off the board" if not grid.inside(x) else "blacked out"
                return (f"the given wire {Grid.pair_name(a, b)} ends at {Grid.name(x)},"
                        f" which is {where}", a if x == b else b)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            return f"the given wire {Grid.pair_name(a, b)} does not join two adjacent points", a
        if (a, b) in seen:
            return f"the wire {Grid.pair_name(a, b)} is given twice", a
        seen.add((a, b))
        if joined[a] == joined[b]:
            return (f"the given wires close a loop at {Grid.pair_name(a, b)}:"
                    " the wires must form a tree", b)
        joined.union(a, b)
    return None


def wire_tree_problems(points: Iterable[Cell], given: Iterable[Edge], degrees: Iterable[int],
                       sol: Iterable[Edge]) -> list[str]:
    """Broken rules of a set of wires (networkx), empty when they form one
    tree through every point, each point's wires in ``degrees``, every given
    wire drawn."""
    points = set(points)
    degrees = frozenset(degrees)
    g = nx.Graph()
    g.add_nodes_from(points)
    problems = []
    for a, b in sol:
        if a not in points or b not in points or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            problems.append(f"the wire {Grid.pair_name(a, b)} does not join two adjacent"
                            " points")
            continue
        g.add_edge(a, b)
    for a, b in given:
        if not g.has_edge(a, b):
            problems.append(f"the given wire {Grid.pair_name(a, b)} is missing")
    allowed = " or ".join(str(d) for d in sorted(degrees))
    for p in sorted(points):
        if g.degree(p) not in degrees:
            problems.append(f"{Grid.name(p)} has {g.degree(p)} wires, not {allowed}")
    pieces = nx.number_connected_components(g)
    if pieces > 1:
        problems.append(f"the wires form {pieces} separate pieces, not one tree")
    try:
        loop = nx.find_cycle(g)
    except nx.NetworkXNoCycle:
        loop = None
    if loop:
        problems.append(f"the wires close a loop through {Grid.name(loop[0][0])}")
    return problems


def route(sol: Iterable[Edge], s: Cell, t: Cell) -> list[Cell]:
    """The cells of the path from ``s`` to ``t`` along the wires ``sol``
    (networkx), [] when they do not join them."""
    try:
        return nx.shortest_path(nx.Graph(list(sol)), s, t)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return []


def wire_tree_json(sol: Iterable[Edge], ends: tuple[Cell, Cell] | None) -> dict:
    """``{"wires": [[r1, c1, r2, c2], ...]}`` (0-based, sorted); with ends also
    ``"path"`` (the cells [r, c] from s to t) and ``"length"`` (its wires)."""
    out: dict = {"wires": [[*a, *b] for a, b in sorted(sol)]}
    if ends is not None:
        cells = route(sol, *ends)
        out["path"] = [list(c) for c in cells]
        out["length"] = max(len(cells) - 1, 0)
    return out


#: The answer of a board with ends (an instance's ``ends``) is the tree whose
#: s-t path is shortest: its length from the rules (:func:`route`), its bound
#: the encoding's ``path`` (a :class:`~satlink.rules.trees.TreePath`).
PATH_LENGTH = Objective("s-t path length", value=lambda inst, sol: len(route(sol, *inst.ends)) - 1,
                        bound=lambda enc, k: enc.path.at_most(k),
                        applies=lambda inst: inst.ends is not None)


def odd_blocked(rows: int, cols: int) -> list[Cell]:
    """The cells to black out on a blank ``rows`` x ``cols`` board so
    that a tree with odd degrees can span the rest (the parity rule of
    :func:`satlink.rules.trees.obstruction`: each checkerboard colour holds
    an odd number of points): none when both colours already do, else one
    cell of each colour that needs it, on the border and next to a corner
    or on it, so that the points stay joined: the top-left corner for the
    colour of r1c1, r1c2 (or r2c1 on a one-column board) for the other."""
    light = (cols * rows + 1) // 2  # cells of r1c1's colour
    dark = cols * rows // 2
    out: list[Cell] = []
    if light % 2 == 0:
        out.append((0, 0))
    if dark % 2 == 0 and cols * rows > 1:
        out.append((0, 1) if cols > 1 else (1, 0))
    return out


def wire_cells(edges: Iterable[Edge], sol: Iterable[Edge]) -> Mapping[str, int]:
    """Every possible wire by name (`r1c1-r1c2`): 1 when drawn, else 0."""
    on = set(sol)
    return {Grid.pair_name(a, b): int((a, b) in on) for a, b in edges}

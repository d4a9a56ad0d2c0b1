"""One loop through cell centres that may cross itself (Pipelink): a cell
holds no line, a piece of two exits, or a crossing (all four exits, the
line going straight through both ways).

:class:`CrossingLoop` holds one variable per cell edge (``edges``), and per
cell the literals ``on`` (some line), ``cross`` (four lines) and ``bend``
(one vertical and one horizontal line: the loop turns). The degree rule
"0, 2 or 4 lines" is clauses. "One closed curve" is a connectivity rule on
the *split* graph: each cell is two nodes, ``(cell, "h")`` joined by the
horizontal edges and ``(cell, "v")`` by the vertical ones, and the two
nodes of a cell are joined by its ``bend``. Every active node of the split
graph has degree 2, so its active part is a set of cycles, each one closed
curve of the loop; it is one curve exactly when that part is connected:
:func:`satlink.rules.graph_cuts.connected_cuts` (lazy) or
:func:`~satlink.rules.graph_encodings.encode_connected` (complete) on ``net``. The
proofs are in ``encodings/crossing_loop.md``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> loop = CrossingLoop(Grid(3, 3), f, must=Grid(3, 3).cells)
>>> len(loop.edges), len(loop.net)
(12, 21)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..formula import Formula
from . import graph_cuts, graph_encodings
from .grid import Cell, Edge, Grid, exits
from .lines import Lines


class CrossingLoop(Lines):
    """One closed curve over ``cells`` (default every cell of ``grid``) that
    may cross itself; ``must`` cells lie on it, ``no_cross`` cells are never
    crossings; ``fixed`` cells hold the given piece (cell -> its exits,
    ``"ns"`` .. ``"nsew"``): their edges, ``cross`` and ``bend`` are unit
    clauses, and the degree, crossing and bend clauses those decide are left
    out (``encodings/crossing_loop.md``)."""

    def __init__(self, grid: Grid, f: Formula, cells: Iterable[Cell] | None = None,
                 tag: str = "loop", *, must: Iterable[Cell] = (),
                 no_cross: Iterable[Cell] = (), fixed: Mapping[Cell, str] | None = None) -> None:
        self.grid = grid
        self.cells = list(grid.cells if cells is None else cells)
        edges = grid.cell_edges(self.cells)  # (horizontal: same row; edge_key's names)
        keys = [(tag, "h" if a[0] == b[0] else "v", *a) for a, b in edges]
        ids = f.vars(keys)
        super().__init__(grid, f, tag, dict(zip(edges, ids)))
        self.on: dict[Cell, int] = {}
        self.cross: dict[Cell, int] = {}
        self.bend: dict[Cell, int] = {}
        never, must = set(no_cross), list(must)
        sure = set(must)
        fixed, stated = fixed or {}, set()
        for c in self.cells:
            if c in fixed:
                self._fixed_piece(c, fixed[c], c in never, stated)
            else:
                self._cell_rules(c, c in never, c in sure)
        true = -self.never if self.on else 0  # must-cells and pieces are on: true, no unit
        f.extend([self.on[c]] for c in must if self.on[c] != true)
        f.add(list(self.edges.values()))  # the loop exists
        # the split graph: an edge joins its cells' nodes of its side (its key's "h"/"v")
        self.net: dict[Edge, int] = {((a, k[1]), (b, k[1])): x
                                     for (a, b), k, x in zip(edges, keys, ids)}
        self.net.update({((c, "h"), (c, "v")): x for c, x in self.bend.items()})
        self._index = graph_cuts.index(self.net)

    def _fixed_piece(self, c: Cell, piece: str, never_cross: bool, stated: set[int]) -> None:
        """A given piece: the cell's literals (made as :meth:`_cell_rules`
        makes them) as unit clauses, an edge's literal once (``stated``: the
        literals written so far; two pieces that disagree on their edge give
        both). A piece toward a missing edge is the false clause ``[never]``."""
        f, tag, never = self.f, self.tag, self.never
        get, (r, k) = self.edges.get, c  # through(c, d) for n, s, e, w, inline
        n, s, e, w = (x if x is not None else never for x in (
            get(((r - 1, k), c)), get((c, (r + 1, k))), get((c, (r, k + 1))), get(((r, k - 1), c))))
        self.on[c] = -never  # on the loop: the constant true, no variable
        out = f.clauses
        for d, x in zip("nsew", (n, s, e, w)):
            lit = x if d in piece else -x
            if lit != -never and lit not in stated:
                stated.add(lit)
                out.append([lit])
        four = never not in (n, s, e, w)
        cross = self.cross[c] = f.var(tag, "cross", *c) if four else never
        if four:
            out.append([cross] if len(piece) == 4 else [-cross])
            if never_cross:
                out.append([-cross])
        if (n != never or s != never) and (e != never or w != never):
            bend = self.bend[c] = f.var(tag, "bend", *c)
            turns = set(piece) not in ({"n", "s"}, {"e", "w"}) and len(piece) == 2
            out.append([bend] if turns else [-bend])

    def _cell_rules(self, c: Cell, never_cross: bool, sure: bool) -> None:
        """The cell's literals and clauses, written out as lists (this runs
        for every cell). A ``sure`` (must) cell's ``on`` is the constant
        true (``-never``): the clauses "a line -> on" it would satisfy are
        left out, and "on -> some line" is "some line"."""
        f, tag, get = self.f, self.tag, self.edges.get
        r, k = c
        n, s, e, w = (get(((r - 1, k), c)), get((c, (r + 1, k))), get((c, (r, k + 1))),
                      get(((r, k - 1), c)))
        out = f.clauses
        if None not in (n, s, e, w):  # four edges (most cells): the clauses below, spelled out
            if sure:  # on the loop: the constant true, no variable
                self.on[c] = -self.never
                out.append([n, s, e, w])
            else:
                on = self.on[c] = f.var(tag, "on", *c)
                out += ([-n, on], [-s, on], [-e, on], [-w, on], [-on, n, s, e, w])
            cross = self.cross[c] = f.var(tag, "cross", *c)
            out += ([-n, s, e, w], [-s, n, e, w], [-e, n, s, w], [-w, n, s, e],
                    [-s, -e, -w, n], [-n, -e, -w, s], [-n, -s, -w, e], [-n, -s, -e, w],
                    [-cross, n], [-cross, s], [-cross, e], [cross, -n, -s, -e])
            if never_cross:
                out.append([-cross])
            bend = self.bend[c] = f.var(tag, "bend", *c)
            out += ([-bend, n, s], [-bend, -n, -s], [bend, -n, s], [bend, n, -s])
            return
        never = self.never  # made on the first cell that lacks an edge
        n, s, e, w = (never if x is None else x for x in (n, s, e, w))
        lits = [x for x in (n, s, e, w) if x != never]
        if sure:  # on the loop: the constant true, no variable
            self.on[c] = -self.never
            out.append(lits)
        else:
            on = self.on[c] = f.var(tag, "on", *c)
            out += [[-x, on] for x in lits]
            out.append([-on, *lits])
        # never exactly one line, never exactly three
        out += [[-x, *lits[:i], *lits[i + 1:]] for i, x in enumerate(lits)]
        four = len(lits) == 4
        if len(lits) == 3:
            out.append([-y for y in lits])
        elif four:
            neg = [-y for y in lits]
            out += [[*neg[:i], *neg[i + 1:], lits[i]] for i in range(4)]
        # The degree is even (0, 2 or 4): a crossing is n, s and e (w follows),
        # and the cell turns exactly when one of n, s is on (n xor s: then one
        # of e, w is, by parity); encodings/crossing_loop.md
        cross = self.cross[c] = f.var(tag, "cross", *c) if four else self.never
        if four:
            out += ([-cross, n], [-cross, s], [-cross, e], [cross, -n, -s, -e])
            if never_cross:
                out.append([-cross])
        vert, horiz = [x for x in (n, s) if x != never], [x for x in (e, w) if x != never]
        if not vert or not horiz:
            return
        bend = self.bend[c] = f.var(tag, "bend", *c)
        if len(vert) == 2:
            out += ([-bend, n, s], [-bend, -n, -s], [bend, -n, s], [bend, n, -s])
        else:
            (v,) = vert
            out += ([-bend, v], [bend, -v])

    def cuts(self, model) -> list[list[int]]:
        """Clauses against a candidate whose lines form several closed curves."""
        return graph_cuts.connected_cuts(self.net, model, ix=self._index)

    def encode_complete(self) -> None:
        """One closed curve as clauses (connectivity of the split graph)."""
        graph_encodings.encode_connected(self.f, self.net, tag=self.tag + ".conn")


def crossing_loop_problems(grid: Grid, edges: Iterable[Edge], required: Iterable[Cell] = (),
                           no_cross: Iterable[Cell] = ()) -> list[str]:
    """What keeps ``edges`` from being one closed curve through cell centres
    that goes straight through its crossings (networkx on the split graph;
    independent of any encoding); empty when it is one."""
    import networkx as nx

    edges = frozenset(edges)
    for a, b in edges:
        if not grid.is_cell_edge((a, b)):
            return [f"the line between {Grid.name(a)} and {Grid.name(b)} is not allowed"]
    if not edges:
        return ["there is no loop"]
    out = []
    split = nx.Graph()
    for a, b in edges:
        side = "h" if a[0] == b[0] else "v"
        split.add_edge((a, side), (b, side))
    banned = set(no_cross)
    for c in sorted({x for e in edges for x in e}):
        here = exits(edges, c)
        if len(here) not in (2, 4):
            out.append(f"the loop {'branches' if len(here) == 3 else 'ends'} at {Grid.name(c)}")
        elif len(here) == 4 and c in banned:
            out.append(f"the loop crosses itself at {Grid.name(c)}, where it may not")
        elif len(here) == 2 and here not in ("ns", "ew"):
            split.add_edge((c, "h"), (c, "v"))
    k = nx.number_connected_components(split)
    if not out and k > 1:
        out.append(f"the lines form {k} separate loops, not one")
    on = {x for e in edges for x in e}
    return out + [f"the loop does not pass through {Grid.name(c)}" for c in required
                  if c not in on]

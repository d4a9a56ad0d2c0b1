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
from itertools import combinations

from ..formula import Formula
from . import graph_cuts, graph_encodings
from .grid import Cell, Edge, Grid, exits
from .lines import Lines


class CrossingLoop(Lines):
    """One closed curve over ``cells`` (default every cell of ``grid``) that
    may cross itself; ``must`` cells lie on it, ``no_cross`` cells are never
    crossings; ``fixed`` cells hold the given piece (cell -> its exits,
    ``"ns"`` .. ``"nsew"``): their edges and ``bend`` are unit clauses, the
    clauses those decide are left out, and a ``must`` cell beside one has
    its rule written over the edges left open (``encodings/crossing_loop.md``).
    ``crossings``: the cells that get a ``cross`` literal (default every
    cell; ``no_cross`` cells always do), for a genre that names crossings."""

    def __init__(self, grid: Grid, f: Formula, cells: Iterable[Cell] | None = None,
                 tag: str = "loop", *, must: Iterable[Cell] = (),
                 no_cross: Iterable[Cell] = (), fixed: Mapping[Cell, str] | None = None,
                 crossings: Iterable[Cell] | None = None) -> None:
        self.grid = grid
        self.cells = list(grid.cells if cells is None else cells)
        # (horizontal: same row; edge_key's names; the board's own edges when
        # no cells are named: pairs zipped in C, in the same order)
        edges = grid.cell_edges(None if cells is None else self.cells)
        keys = [(tag, "h" if a[0] == b[0] else "v", *a) for a, b in edges]
        ids = f.vars(keys)
        super().__init__(grid, f, tag, dict(zip(edges, ids)))
        self.on: dict[Cell, int] = {}
        self.cross: dict[Cell, int] = {}
        self.bend: dict[Cell, int] = {}
        never, must = set(no_cross), list(must)
        sure = set(must)
        named = None if crossings is None else set(crossings) | never
        fixed, stated = fixed or {}, set()
        arounds = (_board_arounds(grid, ids[0]) if cells is None and isinstance(ids, range)
                   and ids else [self._around(c) for c in self.cells])
        for c, around in zip(self.cells, arounds):  # the pieces first: the others read them
            if c in fixed:
                self._fixed_piece(c, around, fixed[c], c in never, named is None or c in named,
                                  stated)
        known = {abs(x): x > 0 for x in stated}  # edge variable -> its piece's value
        for c, around in zip(self.cells, arounds):
            if c in fixed:
                continue
            ask = named is None or c in named
            if known and not ask and c in sure and not known.keys().isdisjoint(around):
                self._beside_pieces(c, around, known)
            else:
                self._cell_rules(c, around, c in never, c in sure, ask)
        true = -self.never if self.on else 0  # must-cells and pieces are on: true, no unit
        f.extend([self.on[c]] for c in must if self.on[c] != true)
        if not sure:  # the loop exists (a must cell's clauses say so already)
            f.add(list(self.edges.values()))
        # the split graph: an edge joins its cells' nodes of its side (its key's "h"/"v")
        self.net: dict[Edge, int] = {((a, k[1]), (b, k[1])): x
                                     for (a, b), k, x in zip(edges, keys, ids)}
        self.net.update({((c, "h"), (c, "v")): x for c, x in self.bend.items()})
        self._index = graph_cuts.index(self.net)

    def _around(self, c: Cell) -> tuple[int | None, ...]:
        """The variables of the edges n, s, e, w of ``c`` (None off the loop's cells)."""
        get, (r, k) = self.edges.get, c  # through(c, d) for n, s, e, w, inline
        return (get(((r - 1, k), c)), get((c, (r + 1, k))), get((c, (r, k + 1))),
                get(((r, k - 1), c)))

    def _fixed_piece(self, c: Cell, around: tuple[int | None, ...], piece: str,
                     never_cross: bool, ask: bool, stated: set[int]) -> None:
        """A given piece: the cell's literals (made as :meth:`_cell_rules`
        makes them) as unit clauses, an edge's literal once (``stated``: the
        literals written so far; two pieces that disagree on their edge give
        both). A piece toward a missing edge is the false clause ``[never]``."""
        f, tag, never = self.f, self.tag, self.never
        n, s, e, w = (x if x is not None else never for x in around)
        self.on[c] = -never  # on the loop: the constant true, no variable
        out = f.clauses
        for d, x in zip("nsew", (n, s, e, w)):
            lit = x if d in piece else -x
            if lit != -never and lit not in stated:
                stated.add(lit)
                out.append([lit])
        four = never not in (n, s, e, w)
        if ask:
            cross = self.cross[c] = f.var(tag, "cross", *c) if four else never
            if four:
                out.append([cross] if len(piece) == 4 else [-cross])
                if never_cross:
                    out.append([-cross])
        if (n != never or s != never) and (e != never or w != never):
            bend = self.bend[c] = f.var(tag, "bend", *c)
            turns = set(piece) not in ({"n", "s"}, {"e", "w"}) and len(piece) == 2
            out.append([bend] if turns else [-bend])

    def _beside_pieces(self, c: Cell, around: tuple[int | None, ...],
                       known: Mapping[int, bool]) -> None:
        """A must cell without a ``cross`` literal, ``around`` its edges n, s,
        e, w, some of which the pieces fix (``known``: edge variable -> its
        value): 2 or 4 lines (:func:`count_in`) over the edges left open,
        ``bend`` over the vertical edges left open (n xor s, each fixed one
        a constant). The clauses with a fixed edge's literal true are the
        ones left out, its literal false dropped from the others."""
        out, open_, ones = self.f.clauses, [], 0
        for x in around:
            if x is not None:
                v = known.get(x)
                if v is None:
                    open_.append(x)
                elif v:
                    ones += 1
        self.on[c] = -self.never
        if len(open_) == 3:  # one edge fixed (most of these cells): count_in, spelled out
            a, b, d = open_
            if ones:  # 1 or 3 of the open three
                out += ([a, b, d], [-a, -b, d], [-a, b, -d], [a, -b, -d])
            else:  # 2 of them
                out += ([a, b], [a, d], [b, d], [-a, -b, -d])
        elif len(open_) == 2:
            a, b = open_
            if ones == 1:  # one of the two
                out += ([a, b], [-a, -b])
            elif ones:  # none or both
                out += ([-a, b], [a, -b])
            else:  # both
                out += ([a], [b])
        else:
            count_in(out, open_, (2 - ones, 4 - ones))
        n, s, e, w = around
        if (n is None and s is None) or (e is None and w is None):
            return
        bend = self.bend[c] = self.f.var(self.tag, "bend", *c)
        vn = False if n is None else known.get(n)  # None: open; a missing edge: no line
        vs = False if s is None else known.get(s)
        if vn is None and vs is None:
            out += ([-bend, n, s], [-bend, -n, -s], [bend, -n, s], [bend, n, -s])
        elif vn is None or vs is None:  # bend <-> (the open one xor the fixed one)
            a = n if vn is None else s
            a = -a if (vs if vn is None else vn) else a
            out += ([-bend, a], [bend, -a])
        else:
            out.append([bend] if vn != vs else [-bend])

    def _cell_rules(self, c: Cell, around: tuple[int | None, ...], never_cross: bool, sure: bool,
                    ask: bool) -> None:
        """The cell's literals and clauses, written out as lists (this runs
        for every cell). A ``sure`` (must) cell's ``on`` is the constant
        true (``-never``): the clauses "a line -> on" it would satisfy are
        left out, and "on -> some line" with "never one line" is "at least
        two lines" (every three of four, every two of three edges).
        ``around``: its edges n, s, e, w (None: none); ``ask``: the cell
        gets a ``cross`` literal."""
        f, tag = self.f, self.tag
        n, s, e, w = around
        out = f.clauses
        if None not in (n, s, e, w):  # four edges (most cells): the clauses below, spelled out
            if sure:  # on the loop: the constant true, no variable
                self.on[c] = -self.never
                out += ([n, s, e], [n, s, w], [n, e, w], [s, e, w])
            else:
                on = self.on[c] = f.var(tag, "on", *c)
                out += ([-n, on], [-s, on], [-e, on], [-w, on], [-on, n, s, e, w],
                        [-n, s, e, w], [-s, n, e, w], [-e, n, s, w], [-w, n, s, e])
            out += ([-s, -e, -w, n], [-n, -e, -w, s], [-n, -s, -w, e], [-n, -s, -e, w])
            if ask:
                cross = self.cross[c] = f.var(tag, "cross", *c)
                out += ([-cross, n], [-cross, s], [-cross, e], [cross, -n, -s, -e])
                if never_cross:
                    out.append([-cross])
            bend = self.bend[c] = f.var(tag, "bend", *c)
            out += ([-bend, n, s], [-bend, -n, -s], [bend, -n, s], [bend, n, -s])
            return
        never = self.never  # made on the first cell that lacks an edge
        n, s, e, w = (never if x is None else x for x in (n, s, e, w))
        lits = [x for x in (n, s, e, w) if x != never]
        four = len(lits) == 4
        if sure:  # on the loop: the constant true, no variable
            self.on[c] = -self.never
            count_in(out, lits, (2, 4))
        else:
            on = self.on[c] = f.var(tag, "on", *c)
            out += [[-x, on] for x in lits]
            out.append([-on, *lits])
            # never exactly one line, never exactly three
            out += [[-x, *lits[:i], *lits[i + 1:]] for i, x in enumerate(lits)]
            if len(lits) == 3:
                out.append([-y for y in lits])
            elif four:
                neg = [-y for y in lits]
                out += [[*neg[:i], *neg[i + 1:], lits[i]] for i in range(4)]
        # The degree is even (0, 2 or 4): a crossing is n, s and e (w follows),
        # and the cell turns exactly when one of n, s is on (n xor s: then one
        # of e, w is, by parity); encodings/crossing_loop.md
        if ask:
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


def _board_arounds(grid: Grid, first: int) -> list[tuple[int | None, ...]]:
    """:meth:`CrossingLoop._around` of every cell of ``grid`` in row order,
    by arithmetic when the board's edges are numbered at once from ``first``
    in the order of ``grid.cell_edges()`` (horizontal ``h(r, c)`` at
    ``first + r * (cols - 1) + c``, then vertical ``v(r, c)`` at ``v0 + r *
    cols + c``): a dictionary look-up per side was a tenth of the set-up."""
    rows, cols = grid.rows, grid.cols
    v0 = first + rows * (cols - 1)
    return [(v0 + (r - 1) * cols + c if r else None, v0 + r * cols + c if r < rows - 1 else None,
             h + c if c < cols - 1 else None, h + c - 1 if c else None)
            for r in range(rows) for h in (first + r * (cols - 1),) for c in range(cols)]


def count_in(out: list[list[int]], lits: list[int], allowed: Iterable[int]) -> None:
    """Clauses (appended to ``out``) that the number of true ``lits`` is one
    of ``allowed``, by subsets, without auxiliaries (for a cell's four
    edges or fewer): at least the least count (every ``len - least + 1``
    of them has a true one), at most the most (every ``most + 1`` a false
    one), and no count between them that is not allowed (each subset of
    that size: not exactly it). No allowed count: the empty clause.

    >>> out = []; count_in(out, [1, 2, 3], (2, 4)); out
    [[1, 2], [1, 3], [2, 3], [-1, -2, -3]]
    """
    u = len(lits)
    ok = sorted(k for k in set(allowed) if 0 <= k <= u)
    if not ok:
        out.append([])
        return
    lo, hi = ok[0], ok[-1]
    if lo:
        out += [list(sub) for sub in combinations(lits, u - lo + 1)]
    out += [[-x for x in sub] for sub in combinations(lits, hi + 1)]
    for k in range(lo + 1, hi):
        if k not in ok:
            out += [[-x if x in sub else x for x in lits] for sub in combinations(lits, k)]


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

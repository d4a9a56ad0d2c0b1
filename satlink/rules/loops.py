"""A single loop through cell centres (Masyu, Yajilin, ...).

:class:`CellLoop` holds one variable per cell edge (``edges``) and one
literal per cell saying that the loop passes through it (``on``). Encoded
at once: every cell has two loop edges when on the loop and none otherwise
(:func:`satlink.rules.graph.zero_or_two`), and cells listed in ``must``
are on it. The rule "the edges form one cycle" is lazy
(:meth:`CellLoop.cuts`, the separation cuts of
:class:`satlink.rules.cycle_cuts.CycleCuts`, a walk per cycle) or complete
(:meth:`CellLoop.encode_complete`, :func:`satlink.rules.graph_encodings.encode_connected`).
The proofs are in ``encodings/loops.md``. A loop along the sides of cells
is :class:`satlink.rules.lattice_loop.LatticeLoop`; both offer the
literals of :class:`satlink.rules.lines.Lines`.

Genres state their rules with the literals :meth:`~satlink.rules.lines.Lines.through`,
:meth:`~satlink.rules.lines.Lines.straight` and :meth:`~satlink.rules.lines.Lines.turn`, and count the visits to a
region with :meth:`CellLoop.border`:

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> loop = CellLoop(Grid(2, 3), f, must=[(0, 0)])
>>> len(loop.edges), len(loop.on)
(7, 6)
>>> f.name(loop.through((0, 0), "e")), f.name(loop.through((0, 0), "n"))
('loop(h,0,0)', 'loop(never)')
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain, compress, product, repeat
from operator import add, mul

from ..formula import Formula
from . import graph_cuts, graph_encodings, loop_settle
from .grid import Cell, Edge, Grid
from .bitmask import set_bits
from .cycle_cuts import CycleCuts
from .grid_masks import east_pairs, flags, mask_of, members, south_pairs
from .loop_settle import Fixed
from .loop_degrees import degree_clauses, piece_clauses, settled_degrees
from .lines import Lines

#: A loop's piece in a cell: its two exits, written as puzzlekit and janko
#: write them (vertical letter first, :data:`satlink.rules.grid.WRITTEN`).
PIECES = ("ns", "ew", "ne", "nw", "se", "sw")
#: The pieces that go straight through a cell.
STRAIGHT = ("ns", "ew")


class CellLoop(Lines, CycleCuts):
    """One loop through the centres of ``cells`` (default: every cell).

    - ``edges``: ``Grid.cell_edges(cells)`` -> variable ``(tag, "h"|"v", r, c)``
      (the edge right of / below cell ``(r, c)``);
    - ``on``: cell -> literal "the loop passes through this cell"; pass
      ``on`` to reuse literals a genre already has (Yajilin: "not shaded"),
      else variables ``(tag, "on", r, c)`` are made;
    - ``must``: cells the loop passes through whatever else holds (unit
      clauses; the cuts then omit those cells' witnesses, which makes them
      stronger);
    - ``nonempty``: the loop exists (one clause: some edge is on it);
    - ``turns``: must-cells of a lean loop whose piece is known, cell ->
      True (the loop turns there) or False (it goes straight): their
      degree clauses are those of the piece (:func:`piece_clauses`: 4 or 6
      binary clauses instead of 8 for "two edges" and the piece's own);
    - ``lean``: a must-cell's on-literal, unless given, is the constant true
      (``-never``), and its degree clauses leave out what that decides (the
      clauses "edge -> on", and ``not on`` from the rest); the degree clauses of the other cells without an
      ``on`` literal given are over their edges alone, their on-literals
      made on first use (:class:`OnLiterals`): 8 clauses instead of 12 for a
      cell of four edges, the same models (``encodings/loops.md``).
    - ``fixed``: edges of a lean loop whose value the genre knows, edge ->
      bool: with what they decide by the degree rule
      (:func:`satlink.rules.loop_settle.settle`) they are put in before the
      clauses are written: an edge fixed off has no variable, one fixed on a
      unit (:attr:`fixed_on`), a cell with an edge fixed on is a must-cell
      and gets "2 - k of its open edges" (``encodings/loops.md``, "Settled
      edges"). Genres count over edges less those fixed on (:attr:`settled_on`,
      :meth:`edge_vars`).
    - ``off``: edges the genre proved off the loop in every solution, as
      masks ``(h, v)`` of points (each edge east / south of its point,
      :attr:`edge_masks`): they have no variable, nothing else is settled
      (no Python beyond the masks: the same models as unit clauses
      ``not x`` for them, the degree clauses written over the edges left;
      ``encodings/loops.md``, "Edges known off").

    Degree 2 at a cell on the loop and 0 elsewhere are clauses; that the
    on-cells form a single cycle is :meth:`cuts` (lazy) or
    :meth:`encode_complete`.
    """

    def __init__(self, grid: Grid, f: Formula, cells: Iterable[Cell] | None = None,
                 tag: str = "loop", *, on: Mapping[Cell, int] | None = None,
                 must: Iterable[Cell] = (), nonempty: bool = True, lean: bool = False,
                 turns: Mapping[Cell, bool] | None = None,
                 fixed: Mapping[Edge, bool] | Fixed | None = None,
                 off: tuple[int, int] | None = None) -> None:
        self.grid = grid
        self.cells = cell_list = list(grid.cells if cells is None else cells)
        # The board as points p = r * cols + c, its cells and edges as bit
        # masks of points (this runs for every cell and edge of the board and
        # was most of a loop genre's encode: no Python per cell or edge where
        # ``itertools``/``map``/``zip`` or an operation on a mask do it in C).
        rows, w = grid.rows, grid.cols
        n = rows * w
        pts = None if cells is None else self._points(cell_list)
        board = (1 << n) - 1 if pts is None else mask_of(pts)
        h, v = east_pairs(board, rows, w), south_pairs(board, w)
        if off is not None:
            h, v = h & ~off[0], v & ~off[1]
        every_cell = must is cells  # (Entry-Exit: the must-cells' mask is the board's)
        must = list(must)
        #: the variables of the edges fixed on the loop (units), for the
        #: genre's rules stated over edges (``fixed``; empty without)
        self.fixed_on: frozenset[int] = frozenset()
        self._settled: Fixed | None = None  # ``fixed`` and what it settles, as masks
        if fixed is not None:
            if not lean:
                raise ValueError("fixed edges are for a lean loop")
            self._settled = settled = self._settle(h, v, board if every_cell else must, fixed)
            if settled is None:  # no loop fits them: the empty clause, the loop as without
                f.add([])
            else:  # the edges fixed off have no variable
                h, v = h & ~settled.h_off, v & ~settled.v_off
        # ``Grid.cell_edges`` order: horizontal edges, then vertical, each in
        # row order; edge (a, b) is variable (tag, "h"|"v", *a)
        fh, fv = flags(h, n), flags(v, n)  # a byte per point: 1 where it has the edge
        hs, vs = list(compress(range(n), fh)), list(compress(range(n), fv))
        #: the loop's edges as masks of points (east of each point, south of
        #: it; :mod:`satlink.rules.grid_masks`), for rules over regions
        self.edge_masks = (h, v)
        at = grid.cells  # point -> cell (the grid's list, read only)
        if cells is None and fixed is None and off is None:
            keys = [*product((tag,), ("h",), range(rows), range(w - 1)),
                    *product((tag,), ("v",), range(rows - 1), range(w))]
        else:  # the board's keys where the masks have an edge (no key made for none)
            keys = [*compress(product((tag,), ("h",), range(rows), range(w)), fh),
                    *compress(product((tag,), ("v",), range(rows), range(w)), fv)]
        ids = f.vars(keys)
        self._vars_at = (hs, vs, ids)  # for edge_vars
        self._var_of: tuple[dict[int, int], dict[int, int]] | None = None
        starts = [*hs, *vs]
        ends = [*map(add, hs, repeat(1)), *map(add, vs, repeat(w))]
        get = at.__getitem__
        super().__init__(grid, f, tag, dict(zip(zip(map(get, starts), map(get, ends)), ids)))
        settled = self._settled
        if settled is not None:
            on_h, on_v = flags(settled.h_on, n), flags(settled.v_on, n)
            self.fixed_on = frozenset(compress(ids, chain(map(on_h.__getitem__, hs),
                                                          map(on_v.__getitem__, vs))))
            # a cell with an edge fixed on is on the loop: a must-cell now
            if not every_cell:  # (else one already)
                must += map(get, members(ends_of(settled.h_on, settled.v_on, w), n))
        # every cell a must-cell, each once (Entry-Exit): the cells and their points as they are
        every_cell = every_cell and len(cell_list) == board.bit_count()
        self.must = list(cell_list) if every_cell else list(dict.fromkeys(must))
        self._on_literals(f, tag, cell_list, on, lean, cells is None)
        self._index: graph_cuts.Index | None = None  # the general finder's, built when first needed
        # The cells as points for the walking cut finder; a must-cell is a
        # promise that every solution passes it.
        self.index_arrays(n, starts, ends, ids)
        if lean:
            self.on.nbrs = self.nbrs
        self.promise_each(pts if every_cell else [r * w + c for r, c in self.must])
        self._answer: bool | None = None
        self._degree_rule(f, cell_list, pts, lean, turns, (h, v))
        out = f.clauses
        true = -self._never if self._never is not None else 0
        if not lean or on:  # (a lean loop's must-cells are true but for those given)
            lit = self.on if not lean else on
            out += ([x] for c in self.must if c in lit and (x := lit[c]) != true)
        if self.fixed_on:
            out += ([x] for x in sorted(self.fixed_on))
        elif nonempty:
            out.append(list(ids))

    def _points(self, cells: list[Cell]) -> list[int]:
        """``cells`` as points ``r * cols + c`` (ValueError for a cell off the
        board)."""
        rows, w = self.grid.rows, self.grid.cols
        if not cells:
            return []
        rs, cs = zip(*cells)  # the bounds at C speed, not a test per cell
        if min(rs) < 0 or max(rs) >= rows or min(cs) < 0 or max(cs) >= w:
            raise ValueError(f"cells off the {rows} x {w} board")
        return list(map(add, map(mul, rs, repeat(w)), cs))

    def _settle(self, h: int, v: int, must: list[Cell] | int,
                fixed: Mapping[Edge, bool] | Fixed) -> Fixed | None:
        """:func:`satlink.rules.loop_settle.settle` on the loop's edges (masks
        ``h``, ``v``; ``must`` the must-cells or their mask): every edge's
        value, or None when ``fixed`` (edges, each between two cells of the
        loop) contradicts the degree rule."""
        w = self.grid.cols
        given = fixed if isinstance(fixed, Fixed) else Fixed.of(fixed, w)
        if (given.h_on | given.h_off) & ~h or (given.v_on | given.v_off) & ~v:
            raise ValueError("fixed edges that are no edges of the loop")
        if not isinstance(must, int):
            must = mask_of(r * w + c for r, c in must)
        return loop_settle.settle(w, h, v, must, given)

    def _on_literals(self, f: Formula, tag: str, cells: list[Cell],
                     on: Mapping[Cell, int] | None, lean: bool, board: bool) -> None:
        """``self.on``: the given literals ``on``, and the others' (lean: a
        must-cell's the constant true, the rest made on first use; else a
        variable each); ``self._free_on`` (see :meth:`free_on`)."""
        if lean:  # given ones and must-cells' now, the others' on first use
            self.on = on_of = OnLiterals(self, cells)
            given = on or {}
            on_of.update(given)
            # the cell set read directly, not through OnLiterals.__contains__
            inside = on_of.cells
        elif on is not None:
            self.on: dict[Cell, int] = dict(on)
            inside = self.on.keys()
        else:
            unique = cells if board else list(dict.fromkeys(cells))
            rows, w = self.grid.rows, self.grid.cols
            self.on = inside = dict(zip(unique, f.vars(
                list(product((tag,), ("on",), range(rows), range(w))) if board
                else cell_keys(tag, "on", unique))))
        if not all(map(inside.__contains__, self.must)):
            missing = [c for c in self.must if c not in inside]
            raise ValueError(f"must-cells {missing} are not cells of the loop")
        if lean:  # a must-cell's is the constant true (no variable, no unit clause)
            bare = [c for c in self.must if c not in given] if given else self.must
            if bare:
                on_of.update(dict.fromkeys(bare, -self.never))
        #: Node literals for the general cut finder and the complete form: the
        #: on-literal of every cell that is not a must-cell (made when first
        #: asked for, where the on-literals are).
        must_set = set(self.must)
        self._free_on: dict[Cell, int] | None = (
            None if lean else {c: x for c, x in self.on.items() if c not in must_set})

    def _degree_rule(self, f: Formula, cells: list[Cell], pts: list[int] | None, lean: bool,
                     turns: Mapping[Cell, bool] | None, kept: tuple[int, int]) -> None:
        """The degree rule, cell by cell (graph.zero_or_two's clauses; a
        cell's edges in the order of ``edges``: west, east, north, south);
        a known piece's clauses for the cells of ``turns``, the settled
        loop's (``kept``: its edges as masks) for cells with an edge fixed on."""
        nbrs, on_of, out = self.nbrs, self.on, f.clauses
        must_set = set(self.must)
        # every cell's edges (its points in row order when ``cells`` is the board)
        arounds = nbrs if pts is None else map(nbrs.__getitem__, pts)
        lean_set = must_set if lean else ()
        xs = map(on_of.get if lean else on_of.__getitem__, cells)
        every = zip(arounds, xs, cells)
        if turns:  # their piece's clauses instead (below)
            if not lean or not set(turns) <= must_set:
                raise ValueError("turns are for must-cells of a lean loop")
            every = [t for t in every if t[2] not in turns]
        ones, settled = self.fixed_on, self._settled
        if ones:  # the degree rule of the settled loop instead (below)
            w = self.grid.cols
            h, v = kept
            every = settled_degrees(list(every), None if turns else pts if pts is not None
                                    else range(len(nbrs)), w, len(nbrs),
                                    ends_of(settled.h_on, settled.v_on, w),
                                    ends_of(h & ~settled.h_on, v & ~settled.v_on, w), ones, out)
        degree_clauses(f, every, lean_set, out)
        for cell, turning in (turns or {}).items():
            out += piece_clauses(self, cell, turning)

    def var_maps(self) -> tuple[dict[int, int], dict[int, int]]:
        """Point -> variable of the edge east of it, and of the edge south
        of it (the loop's edges only; made on first use)."""
        if self._var_of is None:
            hs, vs, ids = self._vars_at
            self._var_of = (dict(zip(hs, ids)), dict(zip(vs, ids[len(hs):])))
        return self._var_of

    def edge_vars(self, h: int, v: int) -> list[int]:
        """The variables of the loop's edges in the masks ``h`` (each edge
        east of a point) and ``v`` (south of one; both within
        :attr:`edge_masks`), in the order of ``edges``."""
        at_h, at_v = self.var_maps()
        return [*map(at_h.__getitem__, set_bits(h)), *map(at_v.__getitem__, set_bits(v))]

    @property
    def settled(self) -> Fixed | None:
        """The edges fixed on and off (``fixed``, settled) as masks (see
        :attr:`edge_masks`); None without ``fixed`` (or when it contradicts)."""
        return self._settled

    @property
    def settled_on(self) -> tuple[int, int]:
        """The edges fixed on (``fixed``, settled) as masks ``(h, v)`` (see
        :attr:`edge_masks`); none without."""
        s = self._settled
        return (0, 0) if s is None else (s.h_on, s.v_on)

    @property
    def fixed_off(self) -> list[Edge]:
        """The edges between cells of the loop fixed off it (``fixed``, settled):
        they have no variable (not in ``edges``; :meth:`through` gives
        :attr:`never`)."""
        if self._settled is None:
            return []
        at, w, n = self.grid.cells, self.grid.cols, len(self.grid.cells)
        return [(at[p], at[p + 1]) for p in members(self._settled.h_off, n)] + \
            [(at[p], at[p + w]) for p in members(self._settled.v_off, n)]

    def border(self, cells: Iterable[Cell]) -> list[int]:
        """The edge variables of the loop that leave ``cells`` (a region):
        the loop enters and leaves the region through them, so it visits the
        region k times (k separate stretches) exactly when 2k of them are on."""
        inside = set(cells)
        return [x for (a, b), x in self.edges.items() if (a in inside) != (b in inside)]

    def cuts(self, model) -> list[list[int]]:
        """Clauses against a candidate whose loop edges form several cycles;
        [] when they form one cycle or none. The separation cuts of
        :meth:`satlink.rules.cycle_cuts.CycleCuts.cycle_cuts` (a walk
        per loop, must-cells as promises), or, should a candidate break the
        degree rule, :func:`satlink.rules.graph_cuts.connected_cuts` over the
        cells on the loop with must-cells as required nodes."""
        if self._answer is None:  # the answer variables are the edges: read them at once
            self._answer = self.f.answer == self.ex
        true = model.true_answer() if self._answer else model.true_vars(self.ex)
        if not true:
            return []
        cuts = self.cycle_cuts(true)
        if cuts is None:
            if self._index is None:
                self._index = graph_cuts.index(self.edges, self.free_on(), self.must)
            return graph_cuts.connected_cuts(self.edges, model, self.free_on(), self.must,
                                        ix=self._index)
        return cuts

    def free_on(self) -> dict[Cell, int]:
        """The on-literal of every cell that is not a must-cell (made now,
        with their definitions, where they are made on first use)."""
        if self._free_on is None:
            must = set(self.must)
            self._free_on = {c: self.on[c] for c in self.cells if c not in must}
        return self._free_on

    def encode_complete(self) -> None:
        """The single-cycle rule as clauses (:func:`satlink.rules.graph_encodings.encode_connected`):
        with it every model's loop is one cycle."""
        graph_encodings.encode_connected(self.f, self.edges, self.free_on(), self.must,
                               tag=self.tag + ".conn")


def cell_keys(tag: str, kind: str, cells: Iterable[Cell]) -> list[tuple]:
    """The variable keys ``(tag, kind, r, c)`` of ``cells``, made by ``zip``
    in C (no tuple concatenation per cell: a loop makes one per edge)."""
    cols = list(zip(*cells))
    return list(zip(repeat(tag), repeat(kind), *cols)) if cols else []


class OnLiterals(dict):
    """A lean :class:`CellLoop`'s on-literals: cell -> literal, a cell's
    variable made on first use with its definition ``on <-> some edge`` (one
    clause per edge and one back: with the degree clauses, some edge is two
    edges). Every cell of the loop is in it (``in``), made or not; ``get``
    gives only those made."""

    def __init__(self, loop: CellLoop, cells: Iterable[Cell]) -> None:
        super().__init__()
        # what a definition needs, not the loop itself: a loop holding its
        # on-literals that hold the loop is a cycle, which leaves the whole
        # encoding to Python's cycle collector (measured: a third of a lean
        # loop genre's encode in a loop of encodes)
        self.f, self.tag, self.cols = loop.f, loop.tag, loop.grid.cols
        self.nbrs: list[list[tuple[int, int]]] = []  # the loop's, set once it has them
        self.cells = frozenset(cells)

    def __contains__(self, cell) -> bool:
        return cell in self.cells

    def __missing__(self, cell: Cell) -> int:
        if cell not in self.cells:
            raise KeyError(cell)
        x = self[cell] = self.f.var(self.tag, "on", *cell)
        edges = [e for _, e in self.nbrs[cell[0] * self.cols + cell[1]]]
        self.f.clauses.extend([[-e, x] for e in edges] + [[-x, *edges]])
        return x


def ends_of(h: int, v: int, cols: int) -> int:
    """The points at either end of the edges of masks ``h`` (east of each
    point) and ``v`` (south of it), ``cols`` points a row."""
    return h | h << 1 | v | v << cols

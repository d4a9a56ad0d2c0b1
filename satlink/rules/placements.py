"""Placements of shapes on a board, and the rules that tie them to cells:
an exact cover (or at most one placement per cell), a placement's halo kept
empty (pieces that never touch), counts per shape, equal shapes that never
share an edge; shaded cells that form dominoes. Regions that each hold one
shape (LITS) are in :mod:`satlink.rules.region_pieces`.

A :class:`Piece` is one fixed orientation of a shape with what every
placement of it shares, built once: its offsets, its size, the offsets of
its halo (the cells beside it, orthogonally or also diagonally). A
:class:`Placement` is a piece at an origin (where the shape's ``(0, 0)``
goes). :func:`placements` lists the placements that lie inside the board,
on cells each of the piece's cells allows, with no forbidden cell in the
halo; the filters are applied per piece to whole sets of origins, not cell
by cell per placement.

:class:`Cover` gives each placement a variable and states the rules over
a cell literal (shaded, ship). Every rule is plain clauses
(``encodings/shapes.md``).

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.shapes import DOMINO
>>> g = Grid(2, 2)
>>> ps = placements(g, pieces({"domino": DOMINO}))
>>> [p.cells for p in ps]
[((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))]
>>> [p.cells for p in placements(g, pieces({"domino": DOMINO}), allowed={(0, 0), (0, 1), (1, 1)})]
[((0, 0), (0, 1)), ((0, 1), (1, 1))]
>>> ps[0].halo(g, diagonal=False)
[(1, 0), (1, 1)]
>>> f = Formula()
>>> x = {c: f.var("x", *c) for c in g.cells}
>>> cover = Cover(f, ps)
>>> cover.fill(x, g.cells)          # x = cells of chosen, disjoint placements
>>> f.name(cover.var[ps[0]])
'placement(domino,0,0,0)'
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import field

from ..formula import Formula
from ..model import Model
from .counts import CellLits, literal_of
from .grid import STEPS, Cell, Edge, Grid
from .shapes import Shape, normalise, orientations, size
from ..records import frozen

#: Offsets of the eight cells around a cell.
_AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


@frozen(eq=False)
class Piece:
    """One fixed orientation of a shape: ``label`` names the shape (a
    letter, a ship length), ``turn`` numbers the orientation. Compared and
    hashed by identity: make pieces once (:func:`pieces`) and share them.

    >>> p = pieces({"I": ((0, 0), (0, 1), (0, 2))})[1]
    >>> p.shape, p.height, p.width, p.side
    (((0, 0), (1, 0), (2, 0)), 3, 1, ((-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, -1), (2, 1), (3, 0)))
    """

    label: Hashable
    turn: int
    shape: Shape
    height: int = field(init=False)
    width: int = field(init=False)
    #: Offsets of the cells orthogonally beside the shape, sorted.
    side: tuple[Cell, ...] = field(init=False)
    #: Offsets of the cells touching the shape, diagonally too, sorted.
    around: tuple[Cell, ...] = field(init=False)

    def __post_init__(self) -> None:
        shape = normalise(self.shape)
        if shape != tuple(self.shape):
            raise ValueError(f"piece {self.label}: {self.shape} is not a normalised shape")
        own = set(shape)
        h, w = size(shape)
        side = {(r + dr, c + dc) for r, c in shape for dr, dc in STEPS.values()} - own
        around = {(r + dr, c + dc) for r, c in shape for dr, dc in _AROUND} - own
        for name, value in (("height", h), ("width", w), ("side", tuple(sorted(side))),
                            ("around", tuple(sorted(around)))):
            object.__setattr__(self, name, value)

    def halo_offsets(self, diagonal: bool = True) -> tuple[Cell, ...]:
        return self.around if diagonal else self.side


def pieces(shapes: Mapping[Hashable, Iterable[Cell]], rotate: bool = True,
           reflect: bool = True) -> list[Piece]:
    """The pieces of some shapes, by label: each shape's distinct
    orientations (rotations and, with ``reflect``, mirror images; with
    ``rotate=False`` the shape alone), in the order of the mapping.

    >>> [(p.label, p.turn) for p in pieces({"L": ((0, 0), (1, 0), (1, 1)), 1: ((0, 0),)})]
    [('L', 0), ('L', 1), ('L', 2), ('L', 3), (1, 0)]
    """
    out = []
    for label, shape in shapes.items():
        turns = orientations(shape, reflect) if rotate else [normalise(shape)]
        out.extend(Piece(label, k, s) for k, s in enumerate(turns))
    return out


class Placement:
    """A piece with its ``(0, 0)`` at ``origin``; ``cells`` in the order of
    the piece's shape (so a genre can name the k-th cell: a ship's bow).
    Equal (and hashed) by piece and origin; immutable by convention.

    >>> place(pieces({"d": ((0, 0), (0, 1))})[0], (2, 3)).cells
    ((2, 3), (2, 4))
    """

    __slots__ = ("piece", "origin", "cells")

    def __init__(self, piece: Piece, origin: Cell) -> None:
        r0, c0 = origin
        self.piece, self.origin = piece, origin
        self.cells = tuple([(r0 + r, c0 + c) for r, c in piece.shape])

    def __eq__(self, other) -> bool:
        return (isinstance(other, Placement) and self.piece is other.piece
                and self.origin == other.origin)

    def __hash__(self) -> int:
        return hash((id(self.piece), self.origin))

    def __repr__(self) -> str:
        return f"Placement({self.piece.label!r}, turn {self.piece.turn}, at {self.origin})"

    @property
    def label(self) -> Hashable:
        return self.piece.label

    def halo(self, grid: Grid, diagonal: bool = True) -> list[Cell]:
        """The board cells beside the placement (orthogonally; with
        ``diagonal`` also diagonally), not its own, in sorted order."""
        r0, c0 = self.origin
        R, C = grid.rows, grid.cols
        return [(r0 + dr, c0 + dc) for dr, dc in self.piece.halo_offsets(diagonal)
                if 0 <= r0 + dr < R and 0 <= c0 + dc < C]


#: ``place(piece, origin)``: the piece with its ``(0, 0)`` at ``origin``.
place = Placement

#: What a piece's k-th cell may lie on: one set of cells for every cell of
#: every piece, or a function ``(piece, k) -> cells`` called once per pair.
Allowed = Collection[Cell] | Callable[[Piece, int], Collection[Cell]] | None


def _rows(cells: Iterable[Cell], R: int) -> list[int]:
    """Cells as one bit mask per row (bit c = column c)."""
    masks = [0] * R
    for r, c in cells:
        if 0 <= r < R and c >= 0:
            masks[r] |= 1 << c
    return masks


def placements(grid: Grid, pieces: Sequence[Piece], allowed: Allowed = None,
               halo_free: Collection[Cell] = (), diagonal: bool = True,
               keep: Callable[[Placement], bool] | None = None) -> list[Placement]:
    """Every placement of ``pieces`` inside ``grid`` whose k-th cell lies
    in ``allowed`` (all cells when None), whose halo (orthogonal, or with
    ``diagonal`` also diagonal) holds no cell of ``halo_free``, and that
    ``keep`` accepts (when given); piece by piece, then by origin.

    The filters work on whole rows of origins at once, as bit masks: the
    origins of row r where cell k (offset (dr, dc)) may go are row r + dr
    of ``allowed`` shifted right by dc, and-ed over the cells; a cell of
    ``halo_free`` clears the origins it lies in the halo of, likewise.

    >>> from satlink.rules.shapes import TETROMINOES
    >>> g = Grid(3, 4)
    >>> len(placements(g, pieces({"T": TETROMINOES["T"]})))     # 2 turns x 4 + 2 turns x 3
    14
    >>> [p.origin for p in placements(g, pieces({"T": TETROMINOES["T"]}, rotate=False),
    ...                              halo_free={(2, 3)}, diagonal=False)]
    [(0, 0), (0, 1), (1, 0)]
    """
    R, C = grid.rows, grid.cols
    free = _rows(halo_free, R) if halo_free else None
    masks: dict[int, tuple] = {}  # id(cells) -> (cells, rows, first, last row), this call

    def rows_of(cells) -> tuple[list[int], int, int]:
        got = masks.get(id(cells))
        if got is None or got[0] is not cells:
            rows = _rows(grid.cells if cells is None else cells, R)
            used = [r for r, m in enumerate(rows) if m] or [R]
            got = masks[id(cells)] = (cells, rows, used[0], used[-1])
        return got[1:]

    fixed = None if callable(allowed) else rows_of(allowed)
    if fixed is not None:  # one set: skip pieces wider than its columns
        span = 0
        for m in fixed[0]:
            span |= m
        span_width = span.bit_length() - ((span & -span).bit_length() - 1) if span else 0
    out: list[Placement] = []
    for piece in pieces:
        h, w = piece.height, piece.width
        if h > R or w > C:
            continue
        if fixed is not None:
            if w > span_width or h > fixed[2] - fixed[1] + 1:  # wider or taller than the set
                continue
            rows, first, last = fixed
            per_cell = [(dr, dc, rows) for dr, dc in piece.shape]
            lo, hi = first, min(R - h, last - h + 1)
        else:
            per_cell, lo, hi = [], 0, R - h
            for k, (dr, dc) in enumerate(piece.shape):
                rows, first, last = rows_of(allowed(piece, k))
                per_cell.append((dr, dc, rows))
                lo, hi = max(lo, first - dr), min(hi, last - dr)
        width = (1 << (C - w + 1)) - 1
        halo = piece.halo_offsets(diagonal) if free is not None else ()
        for r in range(lo, hi + 1):
            m = width
            for dr, dc, rows in per_cell:
                m &= rows[r + dr] >> dc
                if not m:
                    break
            for dr, dc in halo:
                if m and 0 <= r + dr < R:
                    m &= ~(free[r + dr] >> dc if dc >= 0 else free[r + dr] << -dc)
            while m:
                low = m & -m
                p = Placement(piece, (r, low.bit_length() - 1))
                if keep is None or keep(p):
                    out.append(p)
                m ^= low
    return out


class Cover:
    """A variable per placement and the rules that tie placements to cells.

    ``key(placement)`` gives the variable's key after ``tag`` (default: the
    piece's label and turn and the origin), so that DIMACS comments name
    placements readably; Battleship's ``ship(r,c,L,d)`` is such a key.

    >>> from satlink.rules.shapes import TETROMINOES
    >>> f = Formula(); g = Grid(2, 4)
    >>> cover = Cover(f, placements(g, pieces({"I": TETROMINOES["I"]})), tag="tile")
    >>> [f.name(v) for v in cover.var.values()]
    ['tile(I,0,0,0)', 'tile(I,0,1,0)']
    >>> cover.exactly_one_per_cell(g.cells)     # tile the board
    """

    def __init__(self, f: Formula, placements: Iterable[Placement], tag: str = "placement",
                 key: Callable[[Placement], tuple] | None = None) -> None:
        self.f, self.tag = f, tag
        if key is None:
            def key(p):
                return (p.label, p.piece.turn, *p.origin)
        self.var: dict[Placement, int] = {p: f.var(tag, *key(p)) for p in placements}
        #: Cell -> the variables of the placements that cover it.
        self.covering: dict[Cell, list[int]] = {}
        for p, v in self.var.items():
            for cell in p.cells:
                self.covering.setdefault(cell, []).append(v)

    # -- rules -----------------------------------------------------------------------
    def fill(self, lits: CellLits, cells: Iterable[Cell], exact: bool = True) -> None:
        """The true cells are the cells of the chosen placements: a chosen
        placement's cells are true, a true cell of ``cells`` lies in a chosen
        placement, and (``exact``) in only one. With ``exact=False`` chosen
        placements may overlap unless another rule forbids it (a halo, one
        placement per region).

        >>> f = Formula(); g = Grid(1, 2); x = {c: f.var("x", *c) for c in g.cells}
        >>> Cover(f, placements(g, pieces({1: ((0, 0),)}))).fill(x, g.cells); f.clauses
        [[-3, 1], [-4, 2], [-1, 3], [-2, 4]]
        """
        lit = literal_of(lits)
        clauses = self.f.clauses
        clauses.extend([[-v, lit(c)] for p, v in self.var.items() for c in p.cells])
        for c in cells:
            cover = self.covering.get(c, [])
            clauses.append([-lit(c), *cover])
            if exact and len(cover) > 1:
                self.f.at_most_one(cover)

    def exactly_one_per_cell(self, cells: Iterable[Cell]) -> None:
        """Every cell of ``cells`` lies in exactly one chosen placement (a
        tiling), with no cell literal."""
        for c in cells:
            self.f.exactly_one(self.covering.get(c, []))

    def halo(self, lits: CellLits, grid: Grid, diagonal: bool = True) -> None:
        """A chosen placement's halo is false: placements never touch each
        other's cells orthogonally (or, with ``diagonal``, at all).

        >>> f = Formula(); g = Grid(1, 3); x = {c: f.var("x", *c) for c in g.cells}
        >>> cover = Cover(f, placements(g, pieces({1: ((0, 0),)}), allowed={(0, 1)}))
        >>> cover.halo(x, g); f.clauses
        [[-4, -1], [-4, -3]]
        """
        lit = literal_of(lits)
        clauses = self.f.clauses
        for p, v in self.var.items():
            clauses.extend([-v, -lit(c)] for c in p.halo(grid, diagonal))

    def apart(self, lits: Mapping[Cell, int], grid: Grid) -> None:
        """Chosen placements of straight pieces (lines: no two cells of a
        piece diagonally adjacent) never touch, not even diagonally: the
        models of :meth:`halo` with ``diagonal``, in fewer clauses. No two
        diagonally adjacent cells are both true, and a chosen placement's
        halo cells that lie diagonal to none of its cells (a line's two end
        caps, a single cell's four sides) are false. Valid with :meth:`fill`
        (``encodings/shapes.md``). ``lits`` maps cells to their literals; a
        cell missing from it is known false and no clause names it.

        >>> f = Formula(); g = Grid(2, 3); x = {c: f.var("x", *c) for c in g.cells}
        >>> ship = pieces({2: ((0, 0), (0, 1))})
        >>> cover = Cover(f, placements(g, ship, allowed={(0, 0), (0, 1)}))
        >>> cover.apart(x, g); f.clauses    # the diagonals, then the ship's end cap
        [[-1, -5], [-2, -6], [-2, -4], [-3, -5], [-7, -3]]
        """
        R, C = grid.rows, grid.cols
        # -literal per cell, 0 where none, with a border of zeros (index -1 wraps to it)
        neg = [[-lits.get((r, c), 0) for c in range(C)] + [0] for r in range(R)] + [[0] * (C + 1)]
        clauses = self.f.clauses
        for r in range(R - 1):
            here, below = neg[r], neg[r + 1]
            clauses.extend([here[c], below[c + 1]] for c in range(C - 1)
                           if here[c] and below[c + 1])
            clauses.extend([here[c + 1], below[c]] for c in range(C - 1)
                           if here[c + 1] and below[c])
        caps: dict[Piece, list[Cell]] = {}
        for p, v in self.var.items():
            offsets = caps.get(p.piece)
            if offsets is None:
                offsets = caps[p.piece] = _caps(p.piece)
            r0, c0 = p.origin
            clauses.extend([-v, h] for dr, dc in offsets if (h := neg[r0 + dr][c0 + dc]))

    def labels(self) -> dict[Hashable, list[int]]:
        """Label -> the variables of its placements (a fleet count: exactly
        so many of each label)."""
        out: dict[Hashable, list[int]] = {}
        for p, v in self.var.items():
            out.setdefault(p.label, []).append(v)
        return out

    def equal_never_touch(self, grid: Grid, kind: Callable[[Piece], Hashable] | None = None,
                          edges: Iterable[Edge] | None = None) -> None:
        """Two chosen placements of the same kind never share an edge
        (LITS: congruent tetrominoes). ``kind(piece)`` defaults to its label,
        which :func:`pieces` gives every orientation of one shape; pass
        ``lambda p: canonical(p.shape)`` for pieces labelled otherwise.
        Valid only where no two chosen placements share a cell (``fill``
        with ``exact``, one placement per region, a halo).

        ``edges``: the cell edges across which two chosen placements can
        meet (default: every edge of ``grid``); with one placement per
        region, the edges between regions
        (:func:`satlink.rules.region_pieces.edges_between_regions`).

        A variable ``(tag.kind, r, c, i)`` says "a chosen placement of the
        i-th kind covers cell (r, c)" (the kinds numbered in order of first
        appearance); where one placement of that kind covers the cell, its
        own variable says it and none is made. For adjacent cells a, b and a kind X:
        "not X at a, or not X at b, or a chosen placement of kind X holds
        both" (``encodings/shapes.md``).
        """
        kind = kind or (lambda piece: piece.label)
        edges = sorted(grid.cell_edges() if edges is None else edges)
        kinds: dict[Hashable, int] = {}
        of_piece: dict[Piece, int] = {}
        kind_of: dict[int, int] = {}
        ends = {c for e in edges for c in e}
        at: dict[Cell, dict[int, list[int]]] = {}  # cell of an edge -> kind -> placements
        for p, v in self.var.items():
            i = of_piece.get(p.piece)
            if i is None:
                i = of_piece[p.piece] = kinds.setdefault(kind(p.piece), len(kinds))
            kind_of[v] = i
            for c in p.cells:
                if c in ends:
                    at.setdefault(c, {}).setdefault(i, []).append(v)
        f, covering, tag = self.f, self.covering, f"{self.tag}.kind"
        holds: dict[Cell, dict[int, int]] = {}  # cell -> kind -> k literal
        for a in sorted(at):
            here = holds[a] = {}
            for i, vs in at[a].items():
                if len(vs) == 1:  # one placement of the kind covers a: k is its variable
                    here[i] = vs[0]
                    continue
                here[i] = x = f.var(tag, *a, i)
                f.equiv_or(x, vs)
        add, none, sets = f.clauses.append, {}, {}
        for a, b in edges:
            ha, hb = holds.get(a, none), holds.get(b, none)
            if not ha or not hb:
                continue
            sa = sets.get(a) or sets.setdefault(a, frozenset(covering[a]))
            sb = sets.get(b) or sets.setdefault(b, frozenset(covering[b]))
            shared = sa & sb
            for i, x in ha.items():
                y = hb.get(i)
                if y is not None:
                    add([-x, -y, *(v for v in covering[a] if v in shared and kind_of[v] == i)]
                        if shared else [-x, -y])

    # -- reading -------------------------------------------------------------------
    def chosen(self, model: Model) -> list[Placement]:
        """The placements a model chooses, in the order they were given."""
        return [p for p, v in self.var.items() if model.value(v)]


def _caps(piece: Piece) -> list[Cell]:
    """The offsets of a straight piece's halo that lie diagonal to none of
    its cells; a ValueError for a piece with two diagonally adjacent cells."""
    own = set(piece.shape)
    if any((r + 1, c + dc) in own for r, c in own for dc in (-1, 1)):
        raise ValueError(f"piece {piece.label!r} is not straight: `apart` needs lines")
    return [(r, c) for r, c in piece.around
            if not any((r + dr, c + dc) in own for dr, dc in _AROUND if dr and dc)]


def dominoes(f: Formula, grid: Grid, lits: CellLits,
             cells: Iterable[Cell] | None = None) -> None:
    """The true cells form dominoes that never touch orthogonally
    (Norinori): every true cell has exactly one true orthogonal neighbour
    (among ``cells``, default the whole board). The same models as
    ``fill`` (exact) and ``halo`` (orthogonal) over domino placements,
    without their variables; clauses per cell: "one neighbour true" and
    "not two neighbours true" (``encodings/shapes.md``).

    >>> f = Formula(); g = Grid(1, 3); x = {c: f.var("x", *c) for c in g.cells}
    >>> dominoes(f, g, x); f.clauses
    [[-1, 2], [-2, 1, 3], [-2, -1, -3], [-3, 2]]
    """
    lit = literal_of(lits)
    inside = set(grid.cells if cells is None else cells) & set(grid.cells)
    clauses = f.clauses
    for r, c in sorted(inside):
        x = lit((r, c))
        near = [lit(n) for n in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if n in inside]
        clauses.append([-x, *near])
        clauses.extend([-x, -a, -b] for a, b in itertools.combinations(near, 2))

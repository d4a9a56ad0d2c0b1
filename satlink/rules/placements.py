"""Placements of shapes on a board: where pieces can go. The rules that
tie placements to cells (an exact cover, a halo kept empty, counts per
shape, equal shapes that never share an edge) are on
:class:`satlink.rules.placement_cover.Cover`; regions that each hold one
shape (LITS) are in :mod:`satlink.rules.region_pieces`; shaded cells that
form dominoes, without placements, in :mod:`satlink.rules.dominoes`.

A :class:`Piece` is one fixed orientation of a shape with what every
placement of it shares, built once: its offsets, its size, the offsets of
its halo (the cells beside it, orthogonally or also diagonally). A
:class:`Placement` is a piece at an origin (where the shape's ``(0, 0)``
goes). :func:`placements` lists the placements that lie inside the board,
on cells each of the piece's cells allows, with no forbidden cell in the
halo; the filters are applied per piece to whole sets of origins, not cell
by cell per placement (``encodings/shapes.md``). :func:`region_origins`
lists them region by region (as origins, without Placement objects), for
all regions at once.

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
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import field

from .grid import STEPS, Cell, Grid
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
    #: The edges of a spanning tree of the shape (pairs of offsets, the upper
    #: or left cell first), grown from its first cell; None when the shape
    #: is not orthogonally connected.
    tree: tuple[tuple[Cell, Cell], ...] | None = field(init=False)

    def __post_init__(self) -> None:
        shape = normalise(self.shape)
        if shape != tuple(self.shape):
            raise ValueError(f"piece {self.label}: {self.shape} is not a normalised shape")
        own = set(shape)
        h, w = size(shape)
        side = {(r + dr, c + dc) for r, c in shape for dr, dc in STEPS.values()} - own
        around = {(r + dr, c + dc) for r, c in shape for dr, dc in _AROUND} - own
        for name, value in (("height", h), ("width", w), ("side", tuple(sorted(side))),
                            ("around", tuple(sorted(around))), ("tree", _spanning_tree(shape))):
            object.__setattr__(self, name, value)

    def halo_offsets(self, diagonal: bool = True) -> tuple[Cell, ...]:
        return self.around if diagonal else self.side


def _spanning_tree(shape: Sequence[Cell]) -> tuple[tuple[Cell, Cell], ...] | None:
    """:attr:`Piece.tree` of a normalised shape."""
    own, seen, edges, todo = set(shape), {shape[0]}, [], [shape[0]]
    while todo:
        r, c = todo.pop()
        for x in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if x in own and x not in seen:
                seen.add(x)
                todo.append(x)
                edges.append(((r, c), x) if (r, c) < x else (x, (r, c)))
    return tuple(edges) if len(seen) == len(own) else None


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

    __slots__ = ("piece", "origin", "cells", "_hash")

    def __init__(self, piece: Piece, origin: Cell) -> None:
        r0, c0 = origin
        self.piece, self.origin = piece, origin
        self.cells = tuple([(r0 + r, c0 + c) for r, c in piece.shape])
        # hashed once: a placement is a dict key (Cover.var) looked up often
        self._hash = hash((id(piece), origin))

    def __eq__(self, other) -> bool:
        return (isinstance(other, Placement) and self.piece is other.piece
                and self.origin == other.origin)

    def __hash__(self) -> int:
        return self._hash

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


def region_origins(grid: Grid, regions: Sequence[Iterable[Cell]], pieces: Sequence[Piece],
                   allowed: Collection[Cell] | None = None) -> list[list[tuple[Piece, int, int]]]:
    """Per region (the regions disjoint), its placements of ``pieces`` as
    (piece, row, column of the origin), no :class:`Placement` made (a third
    of LITS' encoding was making them): what ``placements(grid, pieces,
    allowed=region's cells)`` gives (only ``allowed`` cells of the region,
    when given), in that order, found for every region at once.

    A placement of a connected piece lies inside one region iff its first
    cell does and each edge of a spanning tree of the piece joins two cells
    of one region. So three bit masks per row, built once (a cell in some
    region, a cell and its right neighbour in one region, a cell and the
    one below), and-ed per piece over the tree's edges give every origin on
    the board, sorted into its region's list by the region of its first
    cell (by hand, for speed: one pass over the board, not one per region;
    a disconnected piece goes through :func:`placements` region by region).

    >>> from satlink.rules.shapes import DOMINO
    >>> [[(r, c) for _, r, c in found] for found in region_origins(
    ...     Grid(2, 2), [[(0, 0), (0, 1), (1, 0)], [(1, 1)]], pieces({"d": DOMINO}))]
    [[(0, 0), (0, 0)], []]
    """
    R, C = grid.rows, grid.cols
    regions = [list(region) for region in regions]
    ok = None if allowed is None else set(allowed)
    ids = [[-1] * C for _ in range(R)]  # region number per cell, -1 for none
    for i, region in enumerate(regions):
        for r, c in region:
            if 0 <= r < R and 0 <= c < C and (ok is None or (r, c) in ok):
                ids[r][c] = i
    inside = [sum(1 << c for c, i in enumerate(row) if i >= 0) for row in ids]
    across = [sum(1 << c for c in range(C - 1) if row[c] >= 0 and row[c] == row[c + 1])
              for row in ids]
    down = [sum(1 << c for c in range(C) if a[c] >= 0 and a[c] == b[c])
            for a, b in zip(ids, ids[1:])] + [0]
    out: list[list[tuple[Piece, int, int]]] = [[] for _ in regions]
    for piece in pieces:
        h, w = piece.height, piece.width
        if h > R or w > C:
            continue
        tree = piece.tree
        if tree is None:  # a disconnected piece: region by region
            for i, region in enumerate(regions):
                cells = set(region) if ok is None else set(region) & ok
                out[i].extend((piece, *p.origin) for p in placements(grid, [piece], allowed=cells))
            continue
        r0, c0 = piece.shape[0]
        terms = [(inside, r0, c0)] + [(across if ar == br else down, ar, ac)
                                      for (ar, ac), (br, _) in tree]
        width = (1 << (C - w + 1)) - 1
        for r in range(R - h + 1):
            m = width
            for rows, dr, dc in terms:
                m &= rows[r + dr] >> dc
                if not m:
                    break
            row = ids[r + r0]
            while m:
                low = m & -m
                c = low.bit_length() - 1
                out[row[c + c0]].append((piece, r, c))
                m ^= low
    return out

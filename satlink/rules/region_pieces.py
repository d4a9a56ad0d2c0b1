"""Regions that each hold one shape (LITS): the placements inside each
region with exactly one chosen, the edges between regions (where two
regions' shapes can meet), congruent shapes apart across them, and the
shaded cells connected, stated over the graph of regions.

>>> from satlink.formula import Formula
>>> from satlink.rules.placements import pieces
>>> from satlink.rules.shapes import TETROMINOES
>>> f = Formula(); g = Grid(2, 4); x = {c: f.var("shaded", *c) for c in g.cells}
>>> regions = [[(0, 0), (0, 1), (0, 2), (1, 0)], [(0, 3), (1, 1), (1, 2), (1, 3)]]
>>> cover = one_per_region(f, g, regions, pieces(TETROMINOES), x, tag="tetromino")
>>> [(p.label, p.cells) for p in cover.var]
[('L', ((0, 0), (0, 1), (0, 2), (1, 0))), ('L', ((0, 3), (1, 1), (1, 2), (1, 3)))]
>>> congruent_apart(f, cover, regions, x, edges_between_regions(g, regions))  # unsatisfiable: two Ls touch
"""
from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from functools import cached_property

from . import graph_cuts, graph_encodings
from ..formula import Formula
from ..model import Model
from .counts import CellLits, literal_of
from .grid import Cell, Edge, Grid
from .placement_cover import Cover
from .placements import Piece, Placement, region_origins


#: From this many placements a region's at most one is a sequential counter
#: (3n - 4 clauses) rather than pairwise (n(n - 1) / 2).
SEQUENTIAL_FROM = 6


def one_per_region(f: Formula, grid: Grid, regions: Iterable[Iterable[Cell]],
                   pieces: Sequence[Piece], lits: CellLits, tag: str = "placement",
                   allowed: Collection[Cell] | None = None) -> Cover:
    """Each region's true cells are exactly one placement of ``pieces``
    that lies inside the region (and on ``allowed`` cells, when given): LITS'
    "each region holds one tetromino". Returns the :class:`Cover`, whose
    placements never share a cell (so :func:`congruent_apart`
    applies).

    >>> from satlink.rules.placements import pieces
    >>> from satlink.rules.shapes import DOMINO
    >>> f = Formula(); g = Grid(1, 4); x = {c: f.var("x", *c) for c in g.cells}
    >>> cover = one_per_region(f, g, [[(0, 0), (0, 1), (0, 2)], [(0, 3)]],
    ...                        pieces({"d": DOMINO}), x)
    >>> [p.cells for p in cover.var]      # the second region holds none: unsatisfiable
    [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    >>> f.clauses[-1]
    []
    """
    regions = [sorted(set(region)) for region in regions]
    cover = RegionCover(f, region_origins(grid, regions, pieces, allowed), tag)
    lit = literal_of(lits)
    at = [[0] * grid.cols for _ in range(grid.rows)]  # each region cell's literal
    for cells in regions:
        for r, c in cells:
            at[r][c] = lit((r, c))
    clauses = f.clauses
    for cells, found, vs in zip(regions, cover.found, cover.group_vars):
        n, m = len(found), len(cells)
        s = [at[r][c] for r, c in cells]
        owns = [[at[r + dr][c + dc] for dr, dc in piece.shape] for piece, r, c in found]
        cover.group_lits.append(owns)
        size = sum(map(len, owns))
        amo = n * (n - 1) // 2 if n <= SEQUENTIAL_FROM else 3 * n - 4
        if n * m <= size + m + amo:  # each placement fixes every cell of the region
            clauses.append(list(vs))  # at least one ([] when none: unsatisfiable)
            for own, v in zip(owns, vs):
                clauses.extend([[-v, x if x in own else -x] for x in s])
            continue
        # its own cells, a true cell lies in one (a placement lies inside its
        # region, so a cell's covering placements are its region's), exactly one
        covering: dict[int, list[int]] = {x: [-x] for x in s}
        for own, v in zip(owns, vs):
            clauses.extend([[-v, x] for x in own])
            for x in own:
                covering[x].append(v)
        clauses.extend(covering.values())
        f.exactly_one(vs, "seqcounter" if n > SEQUENTIAL_FROM else None)
    return cover


class RegionCover(Cover):
    """A :class:`Cover` of placements given region by region, as
    :func:`region_origins` finds them: ``variables`` the placements'
    variables in order, ``group_vars[i]`` those of region i, ``group_lits[i]``
    (set by :func:`one_per_region`) the literals of each one's cells;
    ``groups[i]`` (region i's :class:`Placement` objects) and ``var`` are
    made only when asked."""

    def __init__(self, f: Formula, found: Sequence[Sequence[tuple[Piece, int, int]]],
                 tag: str = "placement") -> None:
        self.f, self.tag = f, tag
        self.found = [list(group) for group in found]
        self.variables = list(f.vars([(tag, piece.label, piece.turn, r, c)
                                      for group in self.found for piece, r, c in group]))
        self.group_vars: list[list[int]] = []
        start = 0
        for group in self.found:
            self.group_vars.append(self.variables[start:start + len(group)])
            start += len(group)
        self.group_lits: list[list[list[int]]] = []

    @cached_property
    def groups(self) -> list[list[Placement]]:
        return [[Placement(piece, (r, c)) for piece, r, c in group] for group in self.found]

    @cached_property
    def var(self) -> dict[Placement, int]:  # type: ignore[override]
        return dict(zip((p for ps in self.groups for p in ps), self.variables))


def congruent_apart(f: Formula, cover: RegionCover, regions: Sequence[Iterable[Cell]], lits: CellLits,
                    edges: Iterable[Edge], tag: str = "placement") -> None:
    """Two chosen placements of one label (congruent shapes, as
    :func:`~satlink.rules.placements.pieces` labels them) in adjacent regions
    never share an edge, where ``cover`` holds one chosen placement per
    region (:func:`one_per_region`) and ``edges`` are the edges between
    regions (:func:`edges_between_regions`): LITS.

    Per region i and label X, ``k(i, X)``, implied by each of the region's
    placements of label X (a placement's own variable where it is the only
    one: no new variable, ``(tag.kind, i, X)`` otherwise); per edge a, b
    between regions i and j and label X that placements cover a and b with:
    ``-s_a or -s_b or -k(i, X) or -k(j, X)`` (``encodings/shapes.md``).

    >>> from satlink.rules.placements import pieces
    >>> from satlink.rules.shapes import DOMINO
    >>> f = Formula(); g = Grid(1, 4); x = {c: f.var("x", *c) for c in g.cells}
    >>> regions = [[(0, 0), (0, 1)], [(0, 2), (0, 3)]]
    >>> cover = one_per_region(f, g, regions, pieces({"d": DOMINO}), x)
    >>> n = len(f.clauses); congruent_apart(f, cover, regions, x, [((0, 1), (0, 2))])
    >>> [[f.name(v) for v in c] for c in f.clauses[n:]]
    [['-x(0,1)', '-x(0,2)', '-placement(d,0,0,0)', '-placement(d,0,0,2)']]
    """
    lit = literal_of(lits)
    region_of = {c: i for i, region in enumerate(regions) for c in region}
    add, tag = f.clauses.append, f"{tag}.kind"
    kind: list[dict[Hashable, int]] = []  # region -> label -> k(i, label)
    held: list[dict[Hashable, set[int]]] = []  # region -> label -> literals of the cells it covers
    for i, (found, vs, owns) in enumerate(zip(cover.found, cover.group_vars, cover.group_lits)):
        of: dict[Hashable, tuple[list[int], set[int]]] = {}  # label -> variables, cell literals
        for (piece, _, _), v, own in zip(found, vs, owns):
            got = of.get(piece.label)
            if got is None:
                of[piece.label] = ([v], set(own))
            else:
                got[0].append(v)
                got[1].update(own)
        here, cells_of = {}, {}
        for label, (us, cells) in of.items():
            if len(us) == 1:
                here[label] = us[0]
            else:
                here[label] = k = f.var(tag, i, label)
                for v in us:
                    add([-v, k])
            cells_of[label] = cells
        kind.append(here)
        held.append(cells_of)
    for a, b in edges:
        i, j = region_of[a], region_of[b]
        hi, hj, la, lb = held[i], held[j], lit(a), lit(b)
        for label, cells in hi.items():
            if la in cells:
                other = hj.get(label)
                if other is not None and lb in other:
                    add([-la, -lb, -kind[i][label], -kind[j][label]])


def region_lists(regions: Sequence[Sequence[int | None]]) -> list[list[Cell]]:
    """The cells of each region of a grid of region numbers 0, 1, ... (None:
    a cell in no region), each in reading order.

    >>> region_lists(((0, 1), (None, 1)))
    [[(0, 0)], [(0, 1), (1, 1)]]
    """
    out: list[list[Cell]] = []
    for r, row in enumerate(regions):
        for c, i in enumerate(row):
            if i is not None:
                while len(out) <= i:
                    out.append([])
                out[i].append((r, c))
    return out


def edges_between_regions(grid: Grid, regions: Iterable[Iterable[Cell]]) -> list[Edge]:
    """The cell edges between two different regions (cells outside every
    region left out).

    >>> edges_between_regions(Grid(2, 2), [[(0, 0), (0, 1)], [(1, 0)]])
    [((0, 0), (1, 0))]
    """
    R, C = grid.rows, grid.cols
    ids = [[-1] * C for _ in range(R)]  # region number per cell, -1 for none
    for i, region in enumerate(regions):
        for r, c in region:
            if 0 <= r < R and 0 <= c < C:
                ids[r][c] = i
    # grid.cell_edges() order (horizontal, then vertical, by rows), built
    # only where two regions meet
    out = [((r, c), (r, c + 1)) for r, row in enumerate(ids) for c in range(C - 1)
           if row[c] != row[c + 1] and row[c] >= 0 and row[c + 1] >= 0]
    return out + [((r, c), (r + 1, c)) for r, (up, down) in enumerate(zip(ids, ids[1:]))
                  for c in range(C) if up[c] != down[c] and up[c] >= 0 and down[c] >= 0]


class RegionsConnected:
    """The true cells are orthogonally connected, stated over regions: valid
    where every region holds a non-empty, connected set of true cells (one
    placement of a connected shape per region, :func:`one_per_region`).

    Then the true cells are connected exactly when the graph of regions is,
    with an edge between two regions when true cells of both share an edge.
    A variable ``(tag.link, *a, *b)`` per pair of adjacent cells in
    different regions (true only where both are) and ``(tag.border, i, j)``
    per pair of adjacent regions (true iff two adjacent cells of theirs are:
    some link true) make that graph. Lazy: the
    separation cuts of :func:`satlink.rules.graph_cuts.connected_cuts` with every
    region required: for a set S of regions that the candidate's links
    leave apart, "a link leaves S" (a clause of border variables only).
    Complete: :func:`satlink.rules.graph_encodings.encode_connected` on the same graph
    (``encodings/shapes.md``).

    >>> from satlink.rules.placements import pieces
    >>> from satlink.rules.shapes import DOMINO
    >>> f = Formula(); g = Grid(1, 4); x = {c: f.var("x", *c) for c in g.cells}
    >>> regions = [[(0, 0), (0, 1)], [(0, 2), (0, 3)]]
    >>> _ = one_per_region(f, g, regions, pieces({"d": DOMINO}), x)
    >>> rc = RegionsConnected(f, g, regions, x)
    >>> [f.name(x) for x in rc.cuts(Model(f, [x[c] for c in g.cells]))[0]]
    ['shaded.border(0,1)']
    """

    def __init__(self, f: Formula, grid: Grid, regions: Sequence[Iterable[Cell]], lits: CellLits,
                 lazy: bool = True, tag: str = "shaded",
                 between: Iterable[Edge] | None = None) -> None:
        lit = literal_of(lits)
        region_of = {c: i for i, region in enumerate(regions) for c in region}
        # ``between``: edges_between_regions(grid, regions), when the caller has it
        edges = edges_between_regions(grid, regions) if between is None else between
        # pair -> its edges (a, b, a's literal, b's literal)
        sides: dict[tuple[int, int], list[tuple[Cell, Cell, int, int]]] = {}
        for a, b in edges:
            i, j = region_of[a], region_of[b]
            pair = (i, j) if i < j else (j, i)
            got = sides.get(pair)
            if got is None:
                sides[pair] = [(a, b, lit(a), lit(b))]
            else:
                got.append((a, b, lit(a), lit(b)))
        ys = f.vars([(f"{tag}.border", *pair) for pair in sides])  # numbered at once
        self.borders: dict[tuple[int, int], int] = dict(zip(sides, ys))
        # where every edge of a pair meets one cell (its literal, the hub), no
        # links; found in one pass of plain comparisons (a third of the rule's
        # time with generators)
        hubs = []
        for got in sides.values():
            _, _, h1, h2 = got[0]
            for _, _, la, lb in got:
                if h1 != la and h1 != lb:
                    h1 = 0
                if h2 != la and h2 != lb:
                    h2 = 0
            hubs.append(h1 or h2)
        # a link witnesses a true edge elsewhere; numbered at once
        xs = iter(f.vars([(f"{tag}.link", *a, *b) for got, hub in zip(sides.values(), hubs)
                          if not hub for a, b, _, _ in got]))
        clauses = f.clauses
        for y, got, hub in zip(ys, sides.values(), hubs):
            # y <-> OR (a and b) over the pair's edges: "a and b -> y" per edge,
            # "y -> some edge with both ends true" (encodings/shapes.md)
            clauses.extend([[y, -la, -lb] for _, _, la, lb in got])
            if hub:  # y -> the hub and a cell across from it
                clauses.append([-y, hub])
                clauses.append([-y, *[lb if la == hub else la for _, _, la, lb in got]])
                continue
            last = [-y]
            for _, _, la, lb in got:
                x = next(xs)
                clauses.append([-x, la])
                clauses.append([-x, lb])
                last.append(x)
            clauses.append(last)
        every = range(len(regions))
        self.lazy = lazy
        if lazy:
            self._index = graph_cuts.index(self.borders, required=every)
        elif len(regions) > 1:
            graph_encodings.encode_connected(f, self.borders, required=every, tag=f"{tag}.conn")

    def cuts(self, model: Model) -> list[list[int]]:
        """Clauses the candidate violates (none in complete mode)."""
        if not self.lazy:
            return []
        return graph_cuts.connected_cuts(self.borders, model, ix=self._index)

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

from . import graph_cuts, graph_encodings
from ..formula import Formula
from ..model import Model
from .counts import CellLits, literal_of
from .grid import Cell, Edge, Grid
from .placement_cover import Cover
from .placements import Piece, placements


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
    groups, every = [], []
    for region in regions:
        cells = set(region)
        inside = cells if allowed is None else cells & set(allowed)
        ps = placements(grid, pieces, allowed=inside)
        groups.append((sorted(cells), ps))
        every.extend(ps)
    cover = Cover(f, every, tag)
    # a placement lies inside its region, so a cell's covering placements
    # are its region's, and one per region keeps them disjoint
    cover.fill(lits, [c for cells, _ in groups for c in cells], exact=False)
    for _, ps in groups:
        xs = [cover.var[p] for p in ps]
        f.exactly_one(xs, "seqcounter" if len(xs) > SEQUENTIAL_FROM else None)
    return cover


def congruent_apart(f: Formula, cover: Cover, regions: Sequence[Iterable[Cell]], lits: CellLits,
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
    edges = list(edges)
    lit = literal_of(lits)
    region_of = {c: i for i, region in enumerate(regions) for c in region}
    # a cell of an edge -> the labels covering it (in order of first placement)
    at: dict[Cell, dict[Hashable, None]] = {c: {} for e in edges for c in e}
    of: dict[tuple[int, Hashable], list[int]] = {}  # (region, label) -> its placements
    for p, v in cover.var.items():
        cells, label = p.cells, p.piece.label
        of.setdefault((region_of[cells[0]], label), []).append(v)
        for c in cells:
            labels = at.get(c)
            if labels is not None:
                labels[label] = None
    add, kind = f.clauses.append, {}
    for (i, label), vs in of.items():
        if len(vs) == 1:
            kind[i, label] = vs[0]
            continue
        kind[i, label] = k = f.var(f"{tag}.kind", i, label)
        for v in vs:
            add([-v, k])
    none: dict = {}
    for a, b in edges:
        la, lb = at.get(a, none), at.get(b, none)
        if la and lb:
            i, j = region_of[a], region_of[b]
            for label in la:
                if label in lb:
                    add([-lit(a), -lit(b), -kind[i, label], -kind[j, label]])


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
    region_of = {c: i for i, region in enumerate(regions) for c in region}
    return [(a, b) for a, b in grid.cell_edges()
            if a in region_of and b in region_of and region_of[a] != region_of[b]]


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
        links: dict[tuple[int, int], list[int]] = {}
        link, add = f"{tag}.link", f.clauses.append
        # ``between``: edges_between_regions(grid, regions), when the caller has it
        ends: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        for a, b in edges_between_regions(grid, regions) if between is None else between:
            i, j = region_of[a], region_of[b]
            x, la, lb = f.var(link, *a, *b), lit(a), lit(b)
            add([-x, la])
            add([-x, lb])  # x -> a and b
            pair = (i, j) if i < j else (j, i)
            links.setdefault(pair, []).append(x)
            ends.setdefault(pair, []).append((x, la, lb))
        self.borders: dict[tuple[int, int], int] = {}
        for pair, xs in links.items():
            self.borders[pair] = y = f.var(f"{tag}.border", *pair)
            # y <-> OR (a and b) over the pair's edges: "a and b -> y" per edge,
            # "y -> some link" (encodings/shapes.md)
            f.clauses.extend([[y, -la, -lb] for _, la, lb in ends[pair]])
            add([-y, *xs])
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

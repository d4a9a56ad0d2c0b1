"""Division into regions of k cells each (Foseruzu: Four Cells, Five Cells).

A border variable per pair of orthogonally adjacent cells (true: a border);
the regions are the groups of cells joined across open sides, each of exactly
k cells, and a border lies only between two regions. Eagerly, every connected
set of fewer than k cells has an open side on its rim (every fixed polyomino
of 1..k-1 cells at every place). The rest is lazy (:meth:`EqualRegions.cuts`:
k + 1 joined cells, a closed group of fewer than k, a border inside a region)
or complete (``complete=True``: an exact cover by placements of every fixed
polyomino of k cells). Proofs and sizes: ``encodings/foseruzu.md``.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> regions = EqualRegions(f, Grid(1, 4), 2)
>>> len(regions.border), len(f.clauses)       # three sides; a rim clause per cell
(3, 4)
>>> f.name(regions.border[((0, 1), (0, 2))])
'border(0,1,0,2)'
"""
from __future__ import annotations

from collections.abc import Iterable

from ..formula import Formula
from ..model import Model
from .grid import Cell, Edge, Grid


def fixed_polyominoes(n: int) -> list[list[tuple[Cell, ...]]]:
    """The fixed polyominoes of 1, 2, ..., ``n`` cells, one sorted list per
    size, each shape its cells sorted with smallest row and column 0 (as
    :func:`satlink.rules.shapes.normalise` writes them), grown cell by cell.

    >>> [len(level) for level in fixed_polyominoes(5)]   # OEIS A001168
    [1, 2, 6, 19, 63]
    """
    out: list[list[tuple[Cell, ...]]] = []
    level = {((0, 0),)}
    for size in range(1, n + 1):
        if size > 1:
            grown = set()
            for shape in level:
                cells = set(shape)
                for r, c in shape:
                    for nxt in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                        if nxt not in cells:
                            piece = [*shape, nxt]
                            r0, c0 = min(p[0] for p in piece), min(p[1] for p in piece)
                            grown.add(tuple(sorted((a - r0, b - c0) for a, b in piece)))
            level = grown
        out.append(sorted(level))
    return out if n >= 1 else []


def placements(grid: Grid, k: int, cells: Iterable[Cell] | None = None
               ) -> dict[tuple[int, int, int], tuple[Cell, ...]]:
    """Every fixed polyomino of ``k`` cells at every place on ``grid`` (on
    ``cells`` only, when given): key (orientation number, top row, left
    column) -> its cells.

    >>> len(placements(Grid(2, 3), 2))   # dominoes: 4 across, 3 down
    7
    """
    out = {}
    keep = None if cells is None else set(cells)
    for i, shape in enumerate(fixed_polyominoes(k)[-1] if k >= 1 else []):
        h, w = max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
        for r in range(grid.rows - h + 1):
            for c in range(grid.cols - w + 1):
                piece = tuple((r + dr, c + dc) for dr, dc in shape)
                if keep is None or keep.issuperset(piece):
                    out[(i, r, c)] = piece
    return out


class EqualRegions:
    """Regions of ``k`` cells on ``grid`` (on ``cells`` only, when given: a
    board with cells cut out), over the border variables ``border[edge]``
    (``tag`` names them)."""

    def __init__(self, f: Formula, grid: Grid, k: int, complete: bool = False,
                 tag: str = "border", cells: Iterable[Cell] | None = None) -> None:
        self.grid, self.k, self.complete = grid, k, complete
        self.cells = list(grid.cells if cells is None else cells)
        self.border = {e: f.var(tag, *e[0], *e[1]) for e in grid.cell_edges(self.cells)}
        #: each cell's neighbours and the border variables of the sides to them
        self.around: dict[Cell, list[tuple[Cell, int]]] = {cell: [] for cell in self.cells}
        for (a, b), v in self.border.items():
            self.around[a].append((b, v))
            self.around[b].append((a, v))
        if complete:
            self._cover(f)
        self._small_rims(f, grid, k)

    def _small_rims(self, f: Formula, grid: Grid, k: int) -> None:
        """A closed set of fewer than k cells opens somewhere: per fixed
        polyomino of 1..k-1 cells at every place on the board (in
        :func:`placements` order), some side of its rim is open. The rims
        are read off flat arrays of the board padded by one cell (0: no
        border variable there), from one template per shape."""
        cols = grid.cols + 2
        right = [0] * ((grid.rows + 2) * cols)  # at cell i: the side to i + 1
        down = right.copy()                     # at cell i: the side to i + cols
        on = [False] * len(right)
        for r, c in self.cells:
            on[(r + 1) * cols + c + 1] = True
        for ((r, c), (r2, _)), v in self.border.items():
            (down if r2 > r else right)[(r + 1) * cols + c + 1] = v
        whole = len(self.cells) == grid.rows * grid.cols
        out = f.clauses
        for shape_list in fixed_polyominoes(k - 1):
            for shape in shape_list:
                at = [dr * cols + dc for dr, dc in shape]
                held = set(at)
                across = [p - 1 for p in at if p - 1 not in held]
                across += [p for p in at if p + 1 not in held]
                upright = [p - cols for p in at if p - cols not in held]
                upright += [p for p in at if p + cols not in held]
                h, w = max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
                for r in range(grid.rows - h + 1):
                    for c in range(grid.cols - w + 1):
                        base = (r + 1) * cols + c + 1
                        if whole or all(on[base + p] for p in at):
                            out.append([-x for x in [*[right[base + p] for p in across],
                                                     *[down[base + p] for p in upright]] if x])

    def sides(self, cell: Cell) -> list[int]:
        """The border variables of ``cell``'s sides inside the board."""
        return [v for _, v in self.around[cell]]

    def rim(self, part: Iterable[Cell]) -> list[int]:
        """The border variables of the sides between ``part`` and the rest."""
        part = set(part)
        return [v for c in part for nb, v in self.around[c] if nb not in part]

    def _cover(self, f: Formula) -> None:
        """Exact cover: each cell in one chosen placement; a border exactly
        where no chosen placement holds both cells."""
        pieces = placements(self.grid, self.k, self.cells)
        x = {key: f.var("piece", *key) for key in pieces}
        covering: dict[Cell, list[int]] = {c: [] for c in self.cells}
        spanning: dict[Edge, list[int]] = {e: [] for e in self.border}
        for key, cells in pieces.items():
            held = set(cells)
            for cell in cells:
                covering[cell].append(x[key])
                for nb in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                    if nb in held:
                        spanning[(cell, nb)].append(x[key])
        for cell in self.cells:
            f.exactly_one(covering[cell])
        for e, v in self.border.items():
            f.extend([-p, -v] for p in spanning[e])
            f.add([v, *spanning[e]])

    def cuts(self, model: Model) -> list[list[int]]:
        """Against regions of the wrong size and borders inside a region;
        the regions are the components of the open sides, found by
        breadth-first search. None in complete mode."""
        if self.complete:
            return []
        k = self.k
        closed = set(model.true_vars(list(self.border.values())))
        out, part_of = [], {}
        for start in self.around:
            if start in part_of:
                continue
            part_of[start] = start
            order, tree = [start], []
            for cell in order:  # each tree side joins a new cell to the ones before it
                for nb, v in self.around[cell]:
                    if v not in closed and nb not in part_of:
                        part_of[nb] = start
                        order.append(nb)
                        tree.append(v)
            if len(order) > k:    # k + 1 cells joined: not all those sides stay open
                out.append(tree[:k])
            elif len(order) < k:  # closed all round: some side of it opens
                out.append([-v for v in self.rim(order)])
        for (a, b), v in self.border.items():
            if v in closed and part_of[a] == part_of[b]:
                out.append([-v, *self._open_path(a, b, closed)])
        return out

    def _open_path(self, a: Cell, b: Cell, closed: set[int]) -> list[int]:
        """The sides of a shortest path of open sides from ``a`` to ``b``."""
        came: dict[Cell, tuple[Cell, int] | None] = {a: None}
        order = [a]
        for cell in order:
            if cell == b:
                break
            for nb, v in self.around[cell]:
                if v not in closed and nb not in came:
                    came[nb] = (cell, v)
                    order.append(nb)
        path, step = [], came[b]
        while step is not None:
            cell, v = step
            path.append(v)
            step = came[cell]
        return path

    def walls(self, model: Model) -> frozenset[Edge]:
        """The borders of ``model``."""
        return frozenset(e for e, v in self.border.items() if model.value(v))


def equal_regions_problems(grid: Grid, k: int, walls: Iterable[Edge],
                           cells: Iterable[Cell] | None = None) -> list[str]:
    """What breaks the rule in ``walls`` (borders between cells of the
    board: ``cells``, all of ``grid`` when None), written from the rule with
    networkx: a border that is not a side between two cells of the board,
    a border inside one region, a region of other than k cells.

    >>> equal_regions_problems(Grid(1, 4), 2, [((0, 1), (0, 2))])
    []
    >>> equal_regions_problems(Grid(1, 4), 2, [])
    ['the region of r1c1 has 4 cells, not 2']
    """
    import networkx as nx

    cells = grid.cells if cells is None else list(cells)
    walls = set(walls)
    sides = set(grid.cell_edges(cells))
    problems = [f"{Grid.pair_name(*e)} is not a side between two cells of the board"
                for e in sorted(walls, key=repr) if e not in sides]
    g = nx.Graph([e for e in sides if e not in walls])
    g.add_nodes_from(cells)
    parts = sorted(sorted(p) for p in nx.connected_components(g))
    part_of = {c: i for i, p in enumerate(parts) for c in p}
    problems += [f"the border {Grid.pair_name(a, b)} lies inside one region"
                 for a, b in sorted(e for e in walls if e in sides) if part_of[a] == part_of[b]]
    return problems + [f"the region of {Grid.name(p[0])} has {len(p)} cells, not {k}"
                       for p in parts if len(p) != k]

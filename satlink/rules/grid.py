"""One grid geometry for every genre: directions, cells, cell edges, lattice
points and lattice edges, regions, cell names.

A board is ``rows`` x ``cols`` (in that order everywhere in code; users
write `size C x R`). Cells are ``(r, c)`` with ``0 <= r < rows``,
``0 <= c < cols``. A *cell edge* joins two orthogonally adjacent cells (a
loop through cell centres runs along them). The *lattice* is the
``(rows + 1) x (cols + 1)`` points at the cells' corners (a :data:`Point`
is ``(r, c)`` too, ``0 <= r <= rows``), and a *lattice edge* is a side of a
cell (Slitherlink's lines). Both kinds of edge are pairs ``(a, b)`` with
``a < b`` (:func:`edge`); :func:`edge_key` names one ``("h", r, c)`` or
``("v", r, c)`` after its first end, as variables are keyed.

Directions are the letters ``n e s w`` (:data:`STEPS`, :data:`OPPOSITE`);
several are written together in :data:`WRITTEN` order, vertical first
(``"se"``, ``"nsw"``), as janko and puzzlekit write a loop's cell:
:func:`exits` reads them off a set of edges, :func:`edges_from_exits`
turns them back into edges. Users name cells ``r3c4`` (:meth:`Grid.name`)
and pairs of cells ``r1c1-r1c4`` (:meth:`Grid.pair_name`), 1-based.
Union-find where speed does not matter: ``networkx.utils.UnionFind``; the
cut finders keep their own array form (:mod:`.graph`).

>>> g = Grid(2, 3)
>>> len(g.cells), len(g.cell_edges()), len(g.lattice_edges())
(6, 7, 17)
>>> g.neighbours((0, 0))
[(0, 1), (1, 0)]
>>> g.name((1, 2)), Grid.pair_name((0, 0), (0, 3))
('r2c3', 'r1c1-r1c4')
>>> exits({((0, 0), (0, 1)), ((0, 0), (1, 0))}, (0, 0)), edge_key(((1, 2), (2, 2)))
('se', ('v', 1, 2))
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from itertools import product

from ..errors import InputError
from ..records import frozen

Cell = tuple[int, int]
#: A lattice point: a corner of cells, ``(r, c)`` with ``0 <= r <= rows``.
Point = tuple[int, int]
#: A cell edge or a lattice edge: ``(a, b)`` with ``a < b``.
Edge = tuple[Cell, Cell]

#: Direction letter -> (dr, dc), in the order n, e, s, w.
STEPS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}
#: The order in which several direction letters are written: vertical first.
WRITTEN = "nsew"
DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
#: Direction letter -> (dr, dc, the opposite letter, whether the neighbour
#: that way comes after the cell: the edge's second end).
_TOWARD = {d: (dr, dc, OPPOSITE[d], dr + dc > 0) for d, (dr, dc) in STEPS.items()}


def check_board(rows: int, cols: int, max_side: int, cells: Iterable[Cell], what: str) -> None:
    """An InputError unless the board is 1..``max_side`` on a side and every
    cell of ``cells`` (a genre's ``what``: pearls, clues) lies on it, once.

    >>> check_board(2, 3, 10, [(0, 0), (1, 2)], "pearl")
    >>> check_board(2, 3, 10, [(2, 0)], "pearl")
    Traceback (most recent call last):
    satlink.errors.InputError: <input>: pearl at row 3, column 1 is off the 3 x 2 board
    """
    if not (1 <= rows <= max_side and 1 <= cols <= max_side):
        raise InputError(f"size {cols} x {rows} is outside 1..{max_side} on a side")
    seen: set[Cell] = set()
    for cell in cells:
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            raise InputError(f"{what} at row {cell[0] + 1}, column {cell[1] + 1} is off"
                             f" the {cols} x {rows} board")
        if cell in seen:
            raise InputError(f"two {what}s at {Grid.name(cell)}")
        seen.add(cell)


def edge(a: Cell, b: Cell) -> Edge:
    """The edge between ``a`` and ``b`` in its stored order."""
    return (a, b) if a < b else (b, a)


def edge_key(e: Edge) -> tuple[str, int, int]:
    """``("h", r, c)`` for the horizontal edge from ``(r, c)`` to ``(r, c + 1)``,
    ``("v", r, c)`` for the vertical one to ``(r + 1, c)``."""
    (r, c), (r2, _) = e
    return ("h" if r2 == r else "v", r, c)


def shift(cell: Cell, direction: str) -> Cell:
    """The cell (or point) next to ``cell`` toward ``direction``, on the board or not."""
    dr, dc = STEPS[direction]
    return (cell[0] + dr, cell[1] + dc)


def exits(edges: Iterable[Edge], cell: Cell) -> str:
    """The directions in which ``edges`` leave ``cell``, in :data:`WRITTEN`
    order (``"se"``, ``"nsw"``; ``""`` for none)."""
    on = edges if isinstance(edges, (set, frozenset)) else set(edges)
    # the four edges written out, in WRITTEN order (n s e w), instead of a
    # generator over shift() and edge(): loop genres' decode and verify run
    # this for every cell of every answer (a third of its former time)
    r, c = cell
    here = (r, c)
    return (("n" if ((r - 1, c), here) in on else "")
            + ("s" if (here, (r + 1, c)) in on else "")
            + ("e" if (here, (r, c + 1)) in on else "")
            + ("w" if ((r, c - 1), here) in on else ""))


def edges_from_exits(letters: Mapping[Cell, str]) -> tuple[frozenset[Edge], list[tuple[Cell, str]]]:
    """The edges named by each cell's direction letters, and the (cell,
    direction) pairs whose other end does not name the edge back (an edge
    is written at both of its ends).

    >>> edges_from_exits({(0, 0): "e", (0, 1): "ws"})
    (frozenset({((0, 0), (0, 1))}), [((0, 1), 's')])
    """
    out: set[Edge] = set()
    bad: list[tuple[Cell, str]] = []
    get, add = letters.get, out.add
    for cell, dirs in letters.items():
        r, c = cell
        for d in dirs:  # shift() and edge() by table: this reads every loop answer
            dr, dc, back, forward = _TOWARD[d]
            other = (r + dr, c + dc)
            if back in get(other, ""):
                add((cell, other) if forward else (other, cell))
            else:
                bad.append((cell, d))
    return frozenset(out), bad


def between(a: Cell, b: Cell) -> list[Cell]:
    """The cells strictly between two cells of one row or column, in order
    from ``a``.

    >>> between((0, 4), (0, 1)), between((0, 0), (2, 0))
    ([(0, 3), (0, 2)], [(1, 0)])
    """
    (r1, c1), (r2, c2) = a, b
    if r1 == r2:
        step = 1 if c2 > c1 else -1
        return [(r1, c) for c in range(c1 + step, c2, step)]
    step = 1 if r2 > r1 else -1
    return [(r, c1) for r in range(r1 + step, r2, step)]


def cells_at(rows: int, cols: int, point: Point) -> list[Cell]:
    """The cells (up to four) of a ``rows`` x ``cols`` board around the
    lattice point ``point`` (clues on points: Creek, Gokigen Naname).

    >>> cells_at(2, 2, (0, 0)), cells_at(2, 2, (1, 1))
    ([(0, 0)], [(0, 0), (0, 1), (1, 0), (1, 1)])
    """
    r, c = point
    return [(r + dr, c + dc) for dr in (-1, 0) for dc in (-1, 0)
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def cell_edges(cells: Iterable[Cell]) -> list[Edge]:
    """The edges between orthogonally adjacent cells of ``cells`` (any set):
    horizontal ones first, then vertical, each in row order."""
    keep = set(cells)
    ordered = sorted(keep)
    out = [((r, c), (r, c + 1)) for r, c in ordered if (r, c + 1) in keep]
    out += [((r, c), (r + 1, c)) for r, c in ordered if (r + 1, c) in keep]
    return out


@frozen
class Grid:
    """A ``rows`` x ``cols`` board."""

    rows: int
    cols: int

    @cached_property
    def cells(self) -> list[Cell]:
        # product makes the tuples in C: a third of a comprehension's time, and
        # genres make a Grid (and its cells) anew for each board, often more
        return list(product(range(self.rows), range(self.cols)))

    def inside(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def step(self, cell: Cell, direction: str) -> Cell | None:
        """The neighbour of ``cell`` in direction ``n``, ``e``, ``s`` or ``w``
        (None off the board)."""
        dr, dc = STEPS[direction]
        r, c = cell[0] + dr, cell[1] + dc
        return (r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None

    def ray(self, cell: Cell, direction: str) -> list[Cell]:
        """The cells from ``cell`` (excluded) to the edge of the board.

        By ranges, not a walk of :meth:`step`: every sight-line ``verify``
        (Akari, Kuromasu) runs it for every cell, and the walk was most of
        their verdict's checking.

        >>> Grid(3, 4).ray((1, 1), "e"), Grid(3, 4).ray((1, 1), "n"), Grid(3, 4).ray((5, 0), "s")
        ([(1, 2), (1, 3)], [(0, 1)], [])
        """
        r, c = cell
        rows, cols = self.rows, self.cols
        if not (0 <= r + STEPS[direction][0] < rows and 0 <= c + STEPS[direction][1] < cols):
            return []  # the first step leaves the board (or ``cell`` is off it)
        if direction == "e":
            return [(r, j) for j in range(c + 1, cols)]
        if direction == "w":
            return [(r, j) for j in range(c - 1, -1, -1)]
        if direction == "s":
            return [(i, c) for i in range(r + 1, rows)]
        return [(i, c) for i in range(r - 1, -1, -1)]

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Orthogonal neighbours, in the order n, w, e, s (sorted).

        >>> Grid(2, 3).neighbours((0, 1)), Grid(2, 3).neighbours((1, 0))
        ([(0, 0), (0, 2), (1, 1)], [(0, 0), (1, 1)])
        """
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):  # a cell off the board
            return sorted(n for dr, dc in STEPS.values() if self.inside(n := (r + dr, c + dc)))
        out = [(r - 1, c)] if r > 0 else []
        if c > 0:
            out.append((r, c - 1))
        if c + 1 < self.cols:
            out.append((r, c + 1))
        if r + 1 < self.rows:
            out.append((r + 1, c))
        return out

    def around(self, cell: Cell) -> list[Cell]:
        """The up to eight cells touching ``cell``, orthogonally or diagonally
        (in reading order).

        >>> Grid(2, 3).around((0, 1)), Grid(2, 3).around((5, 5))
        ([(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)], [])
        """
        r, c = cell
        rows, cols = self.rows, self.cols
        # the rows and columns on the board, then their pairs: no inside() per cell
        near_r = [i for i in (r - 1, r, r + 1) if 0 <= i < rows]
        near_c = [j for j in (c - 1, c, c + 1) if 0 <= j < cols]
        return [(i, j) for i in near_r for j in near_c if i != r or j != c]

    def cell_edges(self, cells: Iterable[Cell] | None = None) -> list[Edge]:
        """Edges between orthogonally adjacent cells of the board (of
        ``cells`` only, when given): horizontal ones first, then vertical,
        each in row order."""
        if cells is None:
            # pairs of the board's own cell tuples, zipped in C (a row with
            # itself shifted by one, the board with itself shifted by a row):
            # a quarter of the time of making two new tuples an edge
            cells, cols = self.cells, self.cols
            out: list[Edge] = []
            for i in range(0, len(cells), cols or 1):
                row = cells[i:i + cols]
                out += zip(row, row[1:])
            out += zip(cells, cells[cols:])
            return out
        return cell_edges(c for c in cells if self.inside(c))

    def is_cell_edge(self, e) -> bool:
        """Is ``e`` two orthogonally adjacent cells of the board, in stored order?"""
        try:
            (r, c), (r2, c2) = e
        except (TypeError, ValueError):
            return False
        if not (type(r) is int and type(c) is int and type(r2) is int and type(c2) is int):
            return False
        if r2 == r and c2 == c + 1 or c2 == c and r2 == r + 1:
            return 0 <= r and 0 <= c and r2 < self.rows and c2 < self.cols
        return False

    # -- the lattice ------------------------------------------------------------------
    @cached_property
    def points(self) -> list[Point]:
        """Lattice points ``(r, c)``, ``0 <= r <= rows``, ``0 <= c <= cols``."""
        return list(product(range(self.rows + 1), range(self.cols + 1)))

    def lattice_edges(self) -> list[Edge]:
        """Sides of cells, between lattice points: horizontal, then vertical."""
        return Grid(self.rows + 1, self.cols + 1).cell_edges()

    def is_lattice_edge(self, e) -> bool:
        """Is ``e`` a side of a cell of the board, written as in :meth:`lattice_edges`
        (two adjacent lattice points, in stored order)?"""
        return Grid(self.rows + 1, self.cols + 1).is_cell_edge(e)

    def sides(self, cell: Cell) -> list[Edge]:
        """The four lattice edges around ``cell``: top, bottom, left, right."""
        r, c = cell
        return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]

    @staticmethod
    def corners(cell: Cell) -> list[Point]:
        """The four lattice points at the corners of ``cell``."""
        r, c = cell
        return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]

    def beside(self, e: Edge) -> tuple[Cell | None, Cell | None]:
        """The two cells that share the lattice edge ``e`` (above and below
        a horizontal one, left and right of a vertical one), None off the board."""
        (r, c), (r2, _) = e
        a, b = ((r - 1, c), (r, c)) if r2 == r else ((r, c - 1), (r, c))
        return (a if self.inside(a) else None), (b if self.inside(b) else None)

    # -- lines and blocks of cells ----------------------------------------------------
    def rows_of_cells(self) -> list[list[Cell]]:
        return [[(r, c) for c in range(self.cols)] for r in range(self.rows)]

    def cols_of_cells(self) -> list[list[Cell]]:
        return [[(r, c) for r in range(self.rows)] for c in range(self.cols)]

    def blocks(self, height: int, width: int) -> list[list[Cell]]:
        """The ``height`` x ``width`` boxes tiling the board (Sudoku boxes)."""
        return [[(r, c) for r in range(r0, r0 + height) for c in range(c0, c0 + width)]
                for r0 in range(0, self.rows, height) for c0 in range(0, self.cols, width)]

    def squares(self) -> list[list[Cell]]:
        """Every 2x2 block of cells."""
        return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                for r in range(self.rows - 1) for c in range(self.cols - 1)]

    def regions(self, walls: Iterable[Edge]) -> list[list[Cell]]:
        """The regions the cell edges in ``walls`` (borders between cells)
        cut the board into, each sorted, in the order of their first cell.

        >>> Grid(2, 2).regions([((0, 0), (0, 1)), ((1, 1), (0, 1))])
        [[(0, 0), (1, 0), (1, 1)], [(0, 1)]]
        """
        label, count = self.region_labels(walls)
        out: list[list[Cell]] = [[] for _ in range(count)]
        for c, k in zip(self.cells, label):  # reading order: each region sorted
            out[k].append(c)
        return out

    def region_labels(self, walls: Iterable[Edge]) -> tuple[list[int], int]:
        """Each cell's region (in reading order, as numbers 0, 1, ... in the
        order of the regions' first cells) and how many regions, the cell
        edges in ``walls`` cutting the board (walls off it ignored).
        Written on cell numbers ``r * cols + c`` with a flag per cell and
        side, for speed: region verifiers read it on every answer (a search
        over cell tuples, or networkx, was most of a small Shikaku verdict)."""
        rows, cols = self.rows, self.cols
        n = rows * cols
        right = ([True] * (cols - 1) + [False]) * rows  # cell i joins i + 1
        down = [True] * (n - cols) + [False] * cols  # cell i joins i + cols
        for a, b in walls:
            (ra, ca), (rb, cb) = (a, b) if a < b else (b, a)
            if 0 <= ra < rows and 0 <= ca < cols:
                if rb == ra and cb == ca + 1 < cols:
                    right[ra * cols + ca] = False
                elif cb == ca and rb == ra + 1 < rows:
                    down[ra * cols + ca] = False
        left, up = [False] + right[:-1], [False] * cols + down[:-cols]  # i joins i - 1, i - cols
        label, count = [-1] * n, 0
        for start in range(n):  # a new region at its first cell in reading order
            if label[start] >= 0:
                continue
            label[start], todo = count, [start]
            while todo:
                i = todo.pop()
                if right[i] and label[i + 1] < 0:
                    label[i + 1] = count
                    todo.append(i + 1)
                if down[i] and label[i + cols] < 0:
                    label[i + cols] = count
                    todo.append(i + cols)
                if left[i] and label[i - 1] < 0:
                    label[i - 1] = count
                    todo.append(i - 1)
                if up[i] and label[i - cols] < 0:
                    label[i - cols] = count
                    todo.append(i - cols)
            count += 1
        return label, count

    # -- names --------------------------------------------------------------------------
    @staticmethod
    def name(cell: Cell) -> str:
        """The cell as users write it, ``r3c4`` (1-based)."""
        return f"r{cell[0] + 1}c{cell[1] + 1}"

    @staticmethod
    def pair_name(a: Cell, b: Cell) -> str:
        """Two cells as users write a link between them, ``r1c1-r1c4``."""
        return f"{Grid.name(a)}-{Grid.name(b)}"


def ray_steps(g: Grid, cell: Cell, direction: str) -> list[Edge]:
    """The steps between consecutive cells from ``cell`` to the board's edge
    in ``direction`` (each ``(a, b)`` with ``a < b``), in order from
    ``cell`` (Castle Wall's arrows count the loop's steps along them). By
    ranges, not a walk of :meth:`Grid.ray`: this runs for every arrow when a
    board is read.

    >>> ray_steps(Grid(3, 3), (1, 1), "n"), ray_steps(Grid(3, 3), (1, 1), "e")
    ([((0, 1), (1, 1))], [((1, 1), (1, 2))])
    """
    r, c = cell
    if direction == "n":
        return [((i - 1, c), (i, c)) for i in range(r, 0, -1)]
    if direction == "s":
        return [((i, c), (i + 1, c)) for i in range(r, g.rows - 1)]
    if direction == "w":
        return [((r, j - 1), (r, j)) for j in range(c, 0, -1)]
    return [((r, j), (r, j + 1)) for j in range(c, g.cols - 1)]


def ray_steps_count(rows: int, cols: int, cell: Cell, direction: str) -> int:
    """How many steps :func:`ray_steps` holds: the cells from ``cell`` to the edge."""
    r, c = cell
    return {"n": r, "s": rows - 1 - r, "w": c, "e": cols - 1 - c}[direction]

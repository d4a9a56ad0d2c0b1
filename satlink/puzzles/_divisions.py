"""What genres that divide the grid into regions share (Araf, Rekuto,
Nawabari, Shikaku, Tatamibari, Galaxies; Fillomino's board and text): a
board of numbers, a division written as a grid of region numbers
(`.pzl` and janko), its outputs and picture, and the verifiers' view of a
division given by its walls (from the rules)."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_parts import Cells, Part
from ..render import Board, Label, region_borders
from ..rules.grid import Cell, Edge, Grid, check_board
from ..rules.region_shapes import numbering, walls_between
from ..rules.regions import Regions

MAX_SIDE = 100

Walls = frozenset[Edge]


@dataclass(frozen=True)
class Numbers:
    """A ``rows`` x ``cols`` board and its numbers (cell -> value), sorted;
    a genre's subclass names a wrong value (:meth:`wrong`)."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int | str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, n in self.numbers:
            why = self.wrong(n, Grid.name(cell))
            if why:
                raise CellError(why, cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    def wrong(self, n, at: str) -> str | None:
        """Why number ``n`` at cell ``at`` cannot be, or None."""
        return None

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


class Tiles(Encoding):
    """An exact cover of the board by the pieces :meth:`pieces` offers
    (:meth:`satlink.rules.regions.Regions.tiles`, no wall variables): the
    chosen pieces (``piece``) are the answer, one per cell; the walls are
    read from them (``regions``). No lazy part."""

    def __init__(self, inst, f, options: Options) -> None:
        super().__init__(inst, f, options)
        self.regions = Regions(f, inst.grid, walls=False)
        self.piece = self.regions.tiles(self.pieces(inst))
        self.more(inst)
        f.declare_answer(list(self.piece.values()), one_hot=True)  # one piece per cell

    def pieces(self, inst) -> dict:
        """Key -> the cells of every piece a solution may hold."""
        raise NotImplementedError

    def more(self, inst) -> None:
        """A genre's further rules on ``self.regions``."""

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def rect_mask(rect: tuple[int, int, int, int], cols: int) -> int:
    """A rectangle ``(top, left, bottom, right)`` of a board ``cols`` wide
    as a bit mask, bit ``r * cols + c`` per cell (r, c): a row's bits
    repeated down its rows by one multiplication.

    >>> bin(rect_mask((0, 1, 1, 2), 3))
    '0b110110'
    """
    top, left, bottom, right = rect
    rows = bottom - top + 1
    repeat = ((1 << (rows * cols)) - 1) // ((1 << cols) - 1)  # bit 0 of each row
    return ((((1 << (right - left + 1)) - 1) << left) * repeat) << (top * cols)


# -- a division as a grid of region numbers --------------------------------------------------
#: A division as a grid of region numbers (janko numbers them from 0).
REGIONS = Tokens(what="a region number", expect="a region number (0 or more)",
                 empty=(), numbers=(0, 10 ** 9))


def labels(inst, walls: Walls):
    """The grid of region numbers, 1, 2, ... in reading order."""
    return board(inst.rows, inst.cols, numbering(inst.grid, walls))


#: The `solution` block of a division: region numbers read as walls.
DIVISION = Answer(REGIONS, read=lambda grid: walls_between(
    Grid(len(grid), len(grid[0])), dict(given(grid))), write=labels)


def layout(name: str, tokens: Tokens, instance: type, field: str = "numbers",
           solution: Answer = DIVISION, trailing: bool = False) -> Layout:
    """`size C x R`, a `grid` of clues (``instance``'s ``field``), an
    optional `solution` (a grid of region numbers); janko: `ROWS COLS`,
    the clues and `-`, the solution (lines after it ignored when ``trailing``)."""
    return Layout(
        name, MAX_SIDE, {"grid": tokens},
        build=lambda rows, cols, grid: instance(rows, cols, tuple(given(grid))),
        split=lambda inst: (inst.rows, inst.cols,
                            board(inst.rows, inst.cols, dict(getattr(inst, field)))),
        solution=solution, janko=Janko(tokens, trailing=trailing))


def codec(name: str, cell: Part, instance: type, field: str = "numbers") -> Codec:
    """pzprjs ``name``: a ``cell`` code per cell (``instance``'s ``field``);
    a wrong value is an error at its cell."""
    def build(b: PzBoard):
        try:
            return instance(b.rows, b.cols, tuple(given(b.value)))
        except CellError as exc:
            raise b.where(exc.message, *exc.cell) from None

    return Codec(names=(name,), body=Cells(cell), build=build,
                 split=lambda inst: PzBoard(inst.rows, inst.cols, board(
                     inst.rows, inst.cols, dict(getattr(inst, field)))))


# -- output ----------------------------------------------------------------------------------
def solution_json(inst, walls: Walls) -> list[list[int]]:
    """Each cell's region, numbered 1, 2, ... in reading order, row by row."""
    return [list(row) for row in labels(inst, walls)]


def cells(inst, walls: Walls) -> dict[str, int]:
    return {Grid.name(c): n for c, n in numbering(inst.grid, walls).items()}


def picture(inst, solution: Walls | None = None, **marks) -> Board:
    """The clues (``marks``: the Board's labels, circles, ...); solved, the
    regions' borders."""
    borders = [] if solution is None else region_borders(
        inst.rows, inst.cols, numbering(inst.grid, solution).__getitem__)
    return Board(inst.rows, inst.cols, edges=borders, **marks)


def numbers_picture(inst, solution: Walls | None = None) -> Board:
    """The numbers; solved, the regions' borders."""
    return picture(inst, solution, labels=[Label(c, str(n)) for c, n in inst.numbers])


# -- checking, from the rules ----------------------------------------------------------------
def regions_of(grid: Grid, walls: Collection[Edge]) -> tuple[list[set], dict, list[str]]:
    """(regions, cell -> region index, problems): the connected groups of
    cells joined across the edges that are not walls (in the order of
    their first cells), and a problem per wall inside one of them.

    The groups are :meth:`satlink.rules.grid.Grid.region_labels` (a search
    over cell numbers, not networkx: reading the regions with networkx was
    0.7 ms of a small Shikaku or Nawabari verdict of 2.3 ms,
    benchmarks/rects14_parts.py); ``tests/puzzles/test_rects14_divisions.py``
    checks them against networkx's connected components on random walls.

    >>> parts, where, problems = regions_of(Grid(1, 2), {((0, 0), (0, 1))})
    >>> parts, problems
    ([{(0, 0)}, {(0, 1)}], [])
    """
    label, count = grid.region_labels(walls)
    cells = grid.cells
    parts: list[set] = [set() for _ in range(count)]
    for c, k in zip(cells, label):
        parts[k].add(c)
    where = dict(zip(cells, label))
    inside = [(a, b) for a, b in walls if where[a] == where[b]]  # sorted when there are any
    problems = [f"the wall between {Grid.name(a)} and {Grid.name(b)} lies inside a region"
                for a, b in sorted(inside)]
    return parts, where, problems


def one_clue_rectangles(grid: Grid, walls: Collection[Edge], clue: Mapping[Cell, object],
                        what: str = "numbers") -> tuple[list[tuple[set, Cell]], dict, list[str]]:
    """:func:`regions_of`, with a problem per region that is not a
    rectangle or does not hold exactly one clue (``clue``: cell -> clue,
    ``what`` names them); returns (each one-clue region with its clue's
    cell, cell -> region index, problems).

    >>> one_clue_rectangles(Grid(1, 3), set(), {(0, 0): 2, (0, 2): 1})[2]
    ['the region of r1c1 holds 2 numbers']
    """
    parts, where, problems = regions_of(grid, walls)
    held: list[list[Cell]] = [[] for _ in parts]
    for p in sorted(clue):  # the clue cells each region holds, in order
        if p in where:
            held[where[p]].append(p)
    held_one = []
    for part, mine in zip(parts, held):
        rows, cols = {r for r, _ in part}, {c for _, c in part}
        if len(part) != len(rows) * len(cols):
            problems.append(f"the region of {Grid.name(min(part))} is not a rectangle")
        if len(mine) != 1:
            problems.append(f"the region of {Grid.name(min(part))} holds {len(mine)} {what}")
        else:
            held_one.append((part, mine[0]))
    return held_one, where, problems

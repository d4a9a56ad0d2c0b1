"""Gattai Sudoku: several 9 x 9 Sudokus that share boxes (Samurai,
Butterfly, Gattai-8, Windmill, Sohei, Shogun, Sumo) or cells (Clueless).

Rules (janko, "Samurai-Sudoku" and the others): the board is made of
overlapping 9 x 9 grids, placed as the genre draws them; write a digit 1..9
into every cell of the board so that, in every one of those grids, every
row, every column and every 3 x 3 box holds each digit exactly once. A cell
shared by two grids obeys both. The genres differ only in where the grids
lie (:data:`LAYOUTS`, in boxes from the board's top left):

- Samurai: five grids, the centre one sharing a corner box with each of four;
- Butterfly: four grids on a 12 x 12 board, each shifted by one box;
- Gattai-8: eight grids, two rows of three with two in between;
- Windmill: a centre grid and four sails, each sharing a 2 x 3 box strip;
- Sohei: four grids around an empty centre, each sharing two corner boxes;
- Shogun: eleven grids, two rows of four with three in between;
- Sumo: thirteen grids, three rows of three with two rows of two between;
- Clueless 1 and 2: nine grids side by side that share nothing, and a tenth
  grid made of cells of the nine (:data:`TENTH`): the centre cells of all
  81 boxes (1), or the centre boxes of the nine grids (2). The tenth has no
  givens of its own.

The board (:class:`satlink.rules.overlapping_grids.OverlappingGrids`):
its cells, and every grid's rows, columns and boxes, a box two grids share
one unit. Encoding (encodings/gattai.md): one
:class:`satlink.rules.latin.Latin` over its cells and units; the givens and
what follows from them (singles, locked candidates, hidden pairs and
triples) are worked out first.

A solution is the board's digits, row tuples, None off the board.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, given
from ..errors import InputError
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import GridAnswer
from ..render import Board
from ..render.board import Shade, region_borders
from ..rules.overlapping_grids import OverlappingGrids
from ._digit_grid import LatinEncoding, answer, clue_name, digit_labels, givens_of, with_givens

NINE = tuple((3 * r, 3 * c) for r in range(3) for c in range(3))
#: genre -> (its dataset name, a sentence for `satlink list`, the top left
#: boxes of its 9 x 9 grids, each (box row, box column) of 3 x 3 cells)
LAYOUTS = {
    "samuraisudoku": ("SamuraiSudoku", "five 9 x 9 Sudokus, the centre one sharing a corner box"
                      " with each of the other four",
                      ((0, 0), (0, 4), (2, 2), (4, 0), (4, 4))),
    "butterflysudoku": ("ButterflySudoku", "four 9 x 9 Sudokus on a 12 x 12 board, each"
                        " shifted by one box", ((0, 0), (0, 1), (1, 0), (1, 1))),
    "gattai8sudoku": ("Gattai8Sudoku", "eight 9 x 9 Sudokus, two rows of three with two in"
                      " between", ((0, 0), (0, 4), (0, 8), (2, 2), (2, 6), (4, 0), (4, 4),
                                   (4, 8))),
    "windmillsudoku": ("WindmillSudoku", "a 9 x 9 Sudoku and four sails, each sharing six"
                       " boxes' worth of cells with it", ((0, 1), (1, 4), (2, 2), (3, 0), (4, 3))),
    "soheisudoku": ("SoheiSudoku", "four 9 x 9 Sudokus around an empty centre, each sharing a"
                    " corner box with two", ((0, 2), (2, 0), (2, 4), (4, 2))),
    "shogunsudoku": ("ShogunSudoku", "eleven 9 x 9 Sudokus, two rows of four with three in"
                     " between", ((0, 0), (0, 4), (0, 8), (0, 12), (2, 2), (2, 6), (2, 10),
                                  (4, 0), (4, 4), (4, 8), (4, 12))),
    "sumosudoku": ("SumoSudoku", "thirteen 9 x 9 Sudokus, three rows of three with two rows"
                   " of two in between", ((0, 0), (0, 4), (0, 8), (2, 2), (2, 6), (4, 0), (4, 4),
                                          (4, 8), (6, 2), (6, 6), (8, 0), (8, 4), (8, 8))),
    "clueless1sudoku": ("Clueless1Sudoku", "nine 9 x 9 Sudokus side by side, and a tenth made"
                        " of the centre cells of all their boxes", NINE),
    "clueless2sudoku": ("Clueless2Sudoku", "nine 9 x 9 Sudokus side by side, and a tenth made"
                        " of their centre boxes", NINE),
}
N, BOX = 9, 3
#: Clueless: the cell of the board at row i, column j of the tenth grid.
TENTH = {
    "clueless1sudoku": lambda i, j: (3 * i + 1, 3 * j + 1),
    "clueless2sudoku": lambda i, j: (9 * (i // 3) + 3 + i % 3, 9 * (j // 3) + 3 + j % 3),
}


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]`` (None when blank) on ``board``, the genre's grids
    (9 x 9 of 3 x 3 boxes on every janko board)."""

    board: OverlappingGrids
    givens: tuple[tuple[int | None, ...], ...]

    rows = property(lambda self: self.board.rows)
    cols = property(lambda self: self.board.cols)

    def cells(self) -> tuple[tuple[int, int], ...]:
        """The board's cells (those of some grid), in reading order."""
        return self.board.cells()


def _tenth(name: str):
    """The tenth grid of a Clueless board (None for the others)."""
    at = TENTH.get(name)
    return None if at is None else tuple(tuple(at(i, j) for j in range(N)) for i in range(N))


def board(name: str, box: tuple[int, int] = (BOX, BOX), grids=None) -> OverlappingGrids:
    """A genre's board, or the board of ``grids`` (top left boxes) when
    given, with boxes of ``box`` cells (a Clueless board's tenth grid only
    with its own grids and boxes)."""
    tenth = _tenth(name) if grids is None and box == (BOX, BOX) else None
    return OverlappingGrids.from_boxes(grids or LAYOUTS[name][2], box, tenth)


def make(name: str, rows: int, cols: int, givens, grids: OverlappingGrids | None = None
         ) -> Instance:
    """Build and validate: the board of the genre's size; a given off the
    board or out of 1..9 is a :class:`CellError` at its cell. ``grids``: the
    genre's board (its layout passes the one it holds, whose cells and units
    are then worked out once for all its boards); None: built here."""
    grids = board(name) if grids is None else grids
    if (rows, cols) != (grids.rows, grids.cols):
        raise CellError(f"a {LAYOUTS[name][0]} board is {grids.rows} x {grids.cols} (rows x"
                        f" columns), not {rows} x {cols}", (0, 0))
    inst = Instance(grids, tuple(map(tuple, givens)))
    for (r, c), v in given(inst.givens):
        if not grids.inside((r, c)):
            raise CellError(f"digit {v} at row {r + 1}, column {c + 1} lies off the board"
                            " (in no 9 x 9 grid)", (r, c))
        if not 1 <= v <= N:
            raise CellError(f"digit {v} at row {r + 1}, column {c + 1} is outside 1..9", (r, c))
    return inst


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The givens, as (row, column, digit), 0-based cells."""
    return givens_of(inst.givens)


class GattaiEncoding(LatinEncoding):
    """:attr:`square` (a :class:`Latin`) over the board's cells and every
    grid's units, a shared box once."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        shape = inst.board.units()
        self.fill(f, shape.cells, shape, inst.board.n, clues(inst), options,
                  cell_at_most_one=False, hidden=3)

    def decode(self, model):
        """The board's digits (0 where a model gives a cell none), None off the board."""
        return self.instance.board.place([v or 0 for v in self.square.values(model)])


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return GattaiEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled board, from the rules (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the board is not {inst.rows} x {inst.cols}"]
    problems = inst.board.off_board(sol)
    problems += [f"r{r + 1}c{c + 1} is {sol[r][c]}, the given is {v}"
                 for (r, c), v in given(inst.givens) if sol[r][c] != v]
    return problems + inst.board.broken(sol)


# -- design (satlink.design: minimize, analyze) ----------------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    """Every given the board could show that ``sol`` obeys: each cell's digit."""
    return [(r, c, sol[r][c]) for r, c in inst.cells()]


def with_clues(inst: Instance, givens) -> Instance:
    return replace(inst, givens=with_givens(inst.rows, inst.cols, givens))


def _blank(name: str, genre_grids: OverlappingGrids):
    def blank(rows: int, cols: int, params: dict) -> Instance:
        """The genre's board without givens; ``params`` may give ``box``
        (width, height) and ``grids`` (top left boxes) for a smaller board
        (the design tools' tests)."""
        box = tuple(params.get("box", (BOX, BOX)))
        grids = (genre_grids if box == (BOX, BOX) and params.get("grids") is None
                 else board(name, box, params.get("grids")))
        if (rows, cols) != (grids.rows, grids.cols):
            raise InputError(f"a {name} board of {box[0]}x{box[1]} boxes is {grids.cols} x"
                             f" {grids.rows}, not {cols} x {rows}")
        return Instance(grids, ((None,) * grids.cols,) * grids.rows)
    return blank


# -- text, output, the genres ---------------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit 1-9 or `.`", numbers=(1, N))


def _layout(name: str, grids: OverlappingGrids) -> Layout:
    """`size C x R` and a `grid` of givens (`.` blank, off the board too);
    janko: `R C`, then the givens (`-` blank); the solution the same way.
    Every board read is on ``grids``, the genre's one board."""
    return Layout(
        name, max(grids.rows, grids.cols), {"grid": DIGITS},
        build=lambda rows, cols, grid: make(name, rows, cols, grid, grids),
        split=lambda inst: (inst.rows, inst.cols, inst.givens),
        solution=answer(DIGITS),
        janko=Janko(DIGITS), square=grids.rows == grids.cols)


def picture(inst: Instance, solution=None) -> Board:
    """The grids' boxes outlined, the cells off the board blacked out (a
    Clueless tenth grid's cells gray), the givens and the solved digits."""
    grids = inst.board
    labels = digit_labels(inst.givens, solution, inst.cells())
    void = [Shade((r, c), "void") for r in range(inst.rows) for c in range(inst.cols)
            if (r, c) not in grids.units().index]
    if grids.extra is not None:  # the tenth grid's cells on gray, as janko draws them
        void += [Shade(cell, "gray") for row in grids.extra for cell in row]
    edges = region_borders(inst.rows, inst.cols, grids.box_of)
    return Board(inst.rows, inst.cols, shades=void, edges=edges, labels=labels)


def _genre(name: str) -> Genre:
    dataset, summary, _ = LAYOUTS[name]
    short = name.removesuffix("sudoku")
    grids = board(name)  # the genre's board: its cells and units worked out once, for every board
    return Genre(
        name=name, aliases=(dataset, short, f"{short}-sudoku"), summary=summary,
        instance=Instance, text=_layout(name, grids), encode=encode, verify=verify, clues=clues,
        answer=GridAnswer(skip_empty=True),  # None off the board: cells names the board's cells
        picture=picture,
        design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name,
                      blank=_blank(name, grids)))


GENRES = tuple(_genre(name) for name in LAYOUTS)

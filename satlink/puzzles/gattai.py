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

Encoding (encodings/gattai.md): one :class:`satlink.rules.latin.Latin` over
the union of the grids' cells and the units of every grid
(:func:`satlink.rules.latin.shared_grids`: a box two grids share is one
unit); the givens and the singles that follow are worked out first.

A solution is the board's digits, row tuples, None off the board.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from .. import contract
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, given
from ..errors import InputError
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board
from ..render.board import Shade, region_borders
from ..rules.latin import Units, broken_units, grid_units, shared_grids
from ._digit_grid import (LatinEncoding, answer, clue_name, digit_labels, givens_of, solution_json,
                          with_givens)

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
    """``givens[r][c]`` (None when blank) on a board of ``rows`` x ``cols``
    cells holding ``n`` x ``n`` grids (boxes of ``box`` = (width, height)
    cells; 9 and 3 x 3 on every janko board) whose top left cells are
    ``origins``."""

    rows: int
    cols: int
    origins: tuple[tuple[int, int], ...]
    givens: tuple[tuple[int | None, ...], ...]
    n: int = N
    box: tuple[int, int] = (BOX, BOX)
    #: Clueless: ``tenth[i][j]``, the board's cell at row i, column j of a
    #: further grid made of cells of the others (its rows, columns, boxes)
    tenth: tuple[tuple[tuple[int, int], ...], ...] | None = None

    def cells(self) -> tuple[tuple[int, int], ...]:
        """The board's cells (those of some grid), in reading order."""
        return self.shape().cells

    def shape(self) -> Units:
        return _shape(self.origins, self.n, self.box, self.tenth)

    def units(self) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
        """Every grid's rows, columns and boxes, named by the grid."""
        return _named_units(self.origins, self.n, self.box, self.tenth)


def _tenth_units(tenth, n: int, box: tuple[int, int]) -> list[list[tuple[int, int]]]:
    return [[tenth[i][j] for i, j in u] for u in grid_units(n, n, box)]


@lru_cache(maxsize=None)
def _shape(origins, n: int, box: tuple[int, int], tenth=None) -> Units:
    """The cells and the units of a board (a box two grids share once),
    built once per geometry."""
    cells = sorted({(r0 + r, c0 + c) for r0, c0 in origins for r in range(n) for c in range(n)})
    units = shared_grids(origins, n, box)
    if tenth is not None:
        seen = {frozenset(u) for u in units}
        units += [u for u in _tenth_units(tenth, n, box) if frozenset(u) not in seen]
    return Units(cells, units)


@lru_cache(maxsize=None)
def _named_units(origins, n: int, box: tuple[int, int], tenth=None):
    names = ([f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
             + [f"box {b + 1}" for b in range(n)])
    grids = [shared_grids([origin], n, box) for origin in origins]
    if tenth is not None:
        grids.append(_tenth_units(tenth, n, box))
    return tuple((f"{name} of grid {k}", tuple(u)) for k, units in enumerate(grids, 1)
                 for name, u in zip(names, units))


def _tenth(name: str):
    """The tenth grid of a Clueless board (None for the others)."""
    at = TENTH.get(name)
    return None if at is None else tuple(tuple(at(i, j) for j in range(N)) for i in range(N))


def geometry(name: str, box: tuple[int, int] = (BOX, BOX), grids=None
             ) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """(rows, cols, grid origins in cells) of a genre's board, or of
    ``grids`` (top left boxes) when given, with boxes of ``box`` cells."""
    bw, bh = box
    n = bw * bh
    origins = tuple((bh * r, bw * c) for r, c in (grids or LAYOUTS[name][2]))
    return (max(r for r, _ in origins) + n, max(c for _, c in origins) + n, origins)


def make(name: str, rows: int, cols: int, givens) -> Instance:
    """Build and validate: the board of the genre's size; a given off the
    board or out of 1..9 is a :class:`CellError` at its cell."""
    want_rows, want_cols, origins = geometry(name)
    if (rows, cols) != (want_rows, want_cols):
        raise CellError(f"a {LAYOUTS[name][0]} board is {want_rows} x {want_cols} (rows x"
                        f" columns), not {rows} x {cols}", (0, 0))
    inst = Instance(rows, cols, origins, tuple(map(tuple, givens)), tenth=_tenth(name))
    inside = inst.shape().index
    for (r, c), v in given(inst.givens):
        if (r, c) not in inside:
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
        shape = inst.shape()
        self.fill(f, shape.cells, shape, inst.n, clues(inst), options, cell_at_most_one=False,
                  hidden=3)

    def decode(self, model):
        """The board's digits (0 where a model gives a cell none), None off the board."""
        inst = self.instance
        rows = [[None] * inst.cols for _ in range(inst.rows)]
        for (r, c), v in zip(self.square.cells, self.square.values(model)):
            rows[r][c] = v or 0
        return tuple(map(tuple, rows))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return GattaiEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled board, from the rules (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the board is not {inst.rows} x {inst.cols}"]
    inside = inst.shape().index
    problems = [f"r{r + 1}c{c + 1} is off the board but holds {v}"
                for r, row in enumerate(sol) for c, v in enumerate(row)
                if v is not None and (r, c) not in inside]
    problems += [f"r{r + 1}c{c + 1} is {sol[r][c]}, the given is {v}"
                 for (r, c), v in given(inst.givens) if sol[r][c] != v]
    values = {(r, c): sol[r][c] for r, c in inside}
    return problems + broken_units(values, inst.units(), range(1, inst.n + 1))


# -- design (satlink.design: minimize, analyze) ----------------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    """Every given the board could show that ``sol`` obeys: each cell's digit."""
    return [(r, c, sol[r][c]) for r, c in inst.cells()]


def with_clues(inst: Instance, givens) -> Instance:
    return replace(inst, givens=with_givens(inst.rows, inst.cols, givens))


def _blank(name: str):
    def blank(width: int, height: int, params: dict) -> Instance:
        """The genre's board without givens; ``params`` may give ``box``
        (width, height) and ``grids`` (top left boxes) for a smaller board
        (the design tools' tests)."""
        box = tuple(params.get("box", (BOX, BOX)))
        rows, cols, origins = geometry(name, box, params.get("grids"))
        if (width, height) != (cols, rows):
            raise InputError(f"a {name} board of {box[0]}x{box[1]} boxes is {cols} x {rows},"
                             f" not {width} x {height}")
        tenth = _tenth(name) if "grids" not in params and box == (BOX, BOX) else None
        return Instance(rows, cols, origins, ((None,) * cols,) * rows, box[0] * box[1], box,
                        tenth)
    return blank


# -- text, output, the genres ---------------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit 1-9 or `.`", numbers=(1, N))


def _layout(name: str) -> Layout:
    """`size C x R` and a `grid` of givens (`.` blank, off the board too);
    janko: `R C`, then the givens (`-` blank); the solution the same way."""
    rows, cols, _ = geometry(name)
    return Layout(
        name, max(rows, cols), {"grid": DIGITS},
        build=lambda rows, cols, grid: make(name, rows, cols, grid),
        split=lambda inst: (inst.rows, inst.cols, inst.givens),
        solution=answer(DIGITS),
        janko=Janko(DIGITS), square=rows == cols)


def cells(inst: Instance, sol) -> dict[str, int]:
    """Cell name (`r3c4`) -> digit, for the board's cells."""
    return {f"r{r + 1}c{c + 1}": sol[r][c] for r, c in inst.cells()}


def picture(inst: Instance, solution=None) -> Board:
    """The grids' boxes outlined, the cells off the board blacked out (a
    Clueless tenth grid's cells gray), the givens and the solved digits."""
    inside = inst.shape().index
    labels = digit_labels(inst.givens, solution, inst.cells())
    void = [Shade((r, c), "void") for r in range(inst.rows) for c in range(inst.cols)
            if (r, c) not in inside]
    if inst.tenth is not None:  # the tenth grid's cells on gray, as janko draws them
        void += [Shade(cell, "gray") for row in inst.tenth for cell in row]
    edges = region_borders(inst.rows, inst.cols,
                           lambda cell: (cell[0] // inst.box[1], cell[1] // inst.box[0]) if cell in inside else None)
    return Board(inst.rows, inst.cols, shades=void, edges=edges, labels=labels)


def _genre(name: str) -> Genre:
    dataset, summary, _ = LAYOUTS[name]
    short = name.removesuffix("sudoku")
    return Genre(
        name=name, aliases=(dataset, short, f"{short}-sudoku"), summary=summary,
        instance=Instance, text=_layout(name), encode=encode, verify=verify, clues=clues,
        solution_json=solution_json, cells=cells, picture=picture,
        design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name,
                      blank=_blank(name)))


GENRES = tuple(_genre(name) for name in LAYOUTS)

"""Sudoku of any size n = box width x box height, with givens.

Rules (janko): write a digit 1..n into every cell of the n x n grid so that
every row, every column and every box holds each digit exactly once.

Encoding (encodings/sudoku.md): :class:`satlink.rules.latin.Latin` over the
rows, columns and boxes; the givens and what singles follow from them are
worked out before encoding, so only the cells they leave open get variables.
In selector mode (batches, design tools) every cell has every digit and a
given's selector is its cell variable.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from .. import contract
from ..errors import InputError
from ..formats.cellgrid import CellError, Janko, Keyword, Layout, Tokens
from ..formats.pzprjs_lazy import Lazy
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..numerals import is_natural, natural
from ..render import Board
from ..render.board import region_borders
from ..rules.latin import Units, box_grid_solved, broken_units, grid_shape, grid_units
from ._digit_grid import (LatinEncoding, answer, clue_name, digit_labels, each_digit,
                          with_givens)

NAME = "sudoku"
#: Largest size accepted (documented in the README): n = 64 has 262,144 cell variables.
MAX_SIZE = 64


@dataclass(frozen=True)
class Instance:
    size: int
    box_w: int  # columns in a box
    box_h: int  # rows in a box
    givens: tuple[tuple[int, ...], ...]  # 0 = blank

    def boxes(self) -> list[list[tuple[int, int]]]:
        """The cells of every box, box by box in reading order."""
        return grid_units(self.size, self.size, (self.box_w, self.box_h))[2 * self.size:]

    def units(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """Rows, columns and boxes, named."""
        n = self.size
        names = ([f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
                 + [f"box {b + 1}" for b in range(n)])
        return list(zip(names, grid_units(n, n, (self.box_w, self.box_h))))


def default_box(n: int) -> tuple[int, int]:
    """(box_w, box_h): the squarest split with box_w >= box_h (6 -> 3x2)."""
    h = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    return n // h, h


def make(size: int, givens, box: tuple[int, int] | None = None, where=None) -> Instance:
    """Build and validate an Instance (0 or None is a blank). ``where(message,
    r, c)`` builds a placed error; else a digit out of range is a
    :class:`CellError` at its cell."""
    def err(msg, r=None, c=None):
        if where is not None:
            return where(msg, r, c)
        return CellError(msg, (r, c)) if r is not None else InputError(msg)

    if not 1 <= size <= MAX_SIZE:
        raise err(f"size {size} is outside 1..{MAX_SIZE}")
    bw, bh = box or default_box(size)
    if bw * bh != size:
        raise err(f"boxes of {bw}x{bh} hold {bw * bh} cells, size says {size}")
    rows = tuple(tuple([v or 0 for v in row]) for row in givens)
    if len(rows) != size:
        raise err(f"the grid has {len(rows)} rows, size says {size}")
    for r, row in enumerate(rows):
        if len(row) != size:
            raise err(f"row {r + 1} has {len(row)} cells, size says {size}", r)
        if min(row) < 0 or max(row) > size:
            c = next(c for c, v in enumerate(row) if not 0 <= v <= size)
            raise err(f"digit {row[c]} is out of range 1..{size}", r, c)
    return Instance(size, bw, bh, rows)


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The givens, as (row, column, digit) with 0-based row and column (a
    batch asks this of every puzzle: the grid read directly, 0 blank)."""
    return [(r, c, v) for r, row in enumerate(inst.givens) for c, v in enumerate(row) if v]


def _shape(n: int, box_w: int, box_h: int) -> Units:
    """The cells (numbered from 1) and units of a board."""
    return grid_shape(n, n, (box_w, box_h), origin=(1, 1))


class SudokuEncoding(LatinEncoding):
    """:attr:`square` (a :class:`Latin`) on cells numbered from 1, so that
    the variables read `cell(r,c,d)` as users name cells (r1c1)."""

    origin = 1

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n = inst.size
        shape = _shape(n, inst.box_w, inst.box_h)
        self.fill(f, shape.cells, shape, n, clues(inst), options)

    def assumptions(self, clues) -> list[int]:
        """The givens' selectors (a batch assumes them for every puzzle)."""
        var = self.square.numbers.var
        try:
            return [var[r + 1, c + 1][v] for r, c, v in clues]
        except KeyError:
            return [self.selector(clue) for clue in clues]  # names the clue

    def decode(self, model) -> tuple[tuple[int, ...], ...]:
        """The grid of digits (0 where a model gives a cell none, which verify reports)."""
        n = self.instance.size
        flat = self.square.values(model)
        if None in flat:
            flat = [v or 0 for v in flat]
        return tuple([tuple(flat[r:r + n]) for r in range(0, n * n, n)])


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    """No rule is lazy, so ``complete`` changes nothing."""
    return SudokuEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, written from the rules (empty when solved)."""
    n = inst.size
    if len(sol) != n or any(len(row) != n for row in sol):
        return [f"the grid is not {n} x {n}"]
    if n > 1 and box_grid_solved(sol, inst.givens, inst.box_w, inst.box_h):
        return []
    problems = [f"r{r + 1}c{c + 1} is {sol[r][c]}, the given is {v}"
                for r, c, v in clues(inst) if sol[r][c] != v]
    values = {(r, c): sol[r][c] for r in range(n) for c in range(n)}
    return problems + broken_units(values, inst.units(), range(1, n + 1))


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
clues_of = each_digit


def with_clues(inst: Instance, givens) -> Instance:
    """``inst`` with exactly these givens."""
    return replace(inst, givens=with_givens(inst.size, inst.size, givens, blank=0))


def blank(rows: int, cols: int, params: dict) -> Instance:
    """An empty n x n grid; ``params`` may give ``box`` as (width, height)."""
    if cols != rows:
        raise InputError(f"a sudoku is square, not {cols} x {rows}")
    return make(cols, [[0] * cols] * cols, params.get("box"))


def unavoidable(inst: Instance, solution, limit: int = 16) -> list[list[tuple[int, int, int]]]:
    """Minimal unavoidable sets of the full grid ``solution`` (every unique
    puzzle with that solution has a given in each) of at most ``limit``
    cells, as givens, smallest first: found by rearranging the cells of
    every 4 digits (2 above 9 x 9, where 4 would take long), so all of at
    most 8 (4) cells and the larger ones whose cells hold that few digits."""
    from ._sudoku_sets import unavoidable_sets

    digits = 4 if inst.size <= 9 else 2
    return [[(r, c, solution[r][c]) for r, c in cells]
            for cells in unavoidable_sets(solution, inst.box_w, inst.box_h, digits, limit)]


# -- text: janko grid text and `.pzl` ------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit or `.`", numbers=(1, MAX_SIZE),
                why=f"satlink reads sizes up to {MAX_SIZE}")
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, MAX_SIZE))


def _box_word(text: str) -> tuple[int, int] | None:
    w, x, h = text.partition("x")
    if x and is_natural(w) and is_natural(h) and natural(w) > 0 and natural(h) > 0:
        return natural(w), natural(h)
    return None


def _box_fits(box: tuple[int, int], rows: int, cols: int) -> str | None:
    if box[0] * box[1] != rows:
        return f"boxes of {box[0]}x{box[1]} hold {box[0] * box[1]} cells, size says {rows}"
    return None


#: `box WxH` (columns x rows of a box), written when not :func:`default_box`.
BOX = Keyword(Tokens(expect="`WxH`, for example `3x2`", parse=_box_word,
                     show=lambda box: f"{box[0]}x{box[1]}"), default=None, check=_box_fits)


def _split(inst: Instance):
    box = (inst.box_w, inst.box_h)
    return (inst.size, inst.size, tuple(tuple(v or None for v in row) for row in inst.givens),
            {"box": None if box == default_box(inst.size) else box})


#: `size N`, `box WxH` when not the squarest, the givens (`.` blank); janko: `N N`,
#: then the givens (`-` blank), the published solution the same way.
FORMAT = Layout(NAME, MAX_SIZE, {"grid": DIGITS}, keywords={"box": BOX},
                build=lambda rows, cols, grid, box: make(rows, grid, box),
                split=_split, solution=answer(FILLED, lambda inst: inst.size),
                janko=Janko(DIGITS, solution=FILLED), square=True)


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The grid with its box borders; givens as clues, solved digits as answers."""
    n = inst.size
    borders = region_borders(n, n, lambda cell: (cell[0] // inst.box_h, cell[1] // inst.box_w))
    return Board(n, n, edges=borders, labels=digit_labels(inst.givens, solution))


# -- puzz.link (satlink/formats/pzprjs_sudoku.py, imported when a URL is read or written) -
def _puzzlink_codec():
    from ..formats.pzprjs_sudoku import sudoku_codec

    return sudoku_codec(make)


GENRE = Genre(
    name=NAME, aliases=("sud",),
    summary="n x n Latin square with boxes (4, 6 with 3x2 boxes, 9, 16, 25, ...)",
    instance=Instance,
    text=FORMAT,
    encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    puzzlink=Lazy(_puzzlink_codec),
    # a batch up to 9 x 9; a larger board's givens decide most cells before encoding,
    # which a shared encoding cannot use (benchmarks/batches.py, README)
    batch_shape=lambda inst: (inst.size, inst.box_w, inst.box_h) if inst.size <= 9 else None,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank,
                  unavoidable=unavoidable),
)

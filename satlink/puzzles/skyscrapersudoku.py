"""Skyscraper Sudoku: a Sudoku whose digits are skyscrapers seen from the edge.

Rules (janko.at "Wolkenkratzer-Sudoku"): write a digit 1..n into every cell
of the n x n grid so that every row, every column and every box holds each
digit exactly once. Each digit is the height of a skyscraper; a number
outside the grid says how many skyscrapers are seen from there along that
row or column (a higher one hides every lower one behind it).

Encoding (encodings/edge_views.md): the Skyscrapers board of
:mod:`satlink.rules.edge_views` with k = n (no parks) and the boxes as
extra units, each clue a count of the visible digits behind its selector
in selector mode; the givens and the clues are the removable clues.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import replace

from .. import contract
from ..formats.cellgrid import Tokens
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render.board import region_borders
from ..rules.edge_views import visible_count
from ..rules.latin import broken_units
from . import _edge_board as E, skyscraper, sudoku
from ._edge_board import Instance, clue_name, with_clues

NAME = "skyscrapersudoku"


def boxes(inst: Instance) -> list[list[tuple[int, int]]]:
    """The boxes: the squarest split of n (3 x 3 for 9, 3 wide x 2 high for 6)."""
    return sudoku.make(inst.size, ((0,) * inst.size,) * inst.size).boxes()


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return E.EdgeEncoding(inst, f, options, skyscraper._sees, units=boxes(inst))


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid: the Skyscrapers' (rows, columns,
    givens, clues), then the boxes."""
    problems = skyscraper.verify(inst, sol)
    if problems and problems[0].startswith("the grid is not"):
        return problems
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}
    named = [(f"box {b + 1}", cells) for b, cells in enumerate(boxes(inst))]
    return problems + broken_units(values, named, range(1, inst.size + 1))


def clues_of(inst: Instance, sol) -> list[tuple]:
    return E.clues_of(inst, sol, visible_count)


def blank(rows: int, cols: int, params: dict) -> Instance:
    return E.make_blank(rows, cols, {})


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit or `.`", numbers=(1, sudoku.MAX_SIZE))
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, sudoku.MAX_SIZE))


#: `size N`, the clue lines `top`, `bottom`, `left`, `right` (`.`: no clue),
#: a `grid` of givens; janko: `N N`, the four clue lines, the grid.
FORMAT = E.sides_layout(NAME, sudoku.MAX_SIZE, DIGITS, skyscraper.CLUE, FILLED,
                        build=lambda n, grid, sides: Instance(n, n, grid, **sides),
                        split_givens=lambda inst: inst.givens)


def picture(inst: Instance, solution=None):
    """The Skyscrapers' picture with the box borders."""
    n, (bw, bh) = inst.size, sudoku.default_box(inst.size)
    return replace(skyscraper.picture(inst, solution),
                   edges=region_borders(n, n, lambda cell: (cell[0] // bh, cell[1] // bw)))


GENRE = Genre(
    name=NAME, aliases=("SkyscraperSudoku", "wolkenkratzer-sudoku", "skyscraper-sudoku"),
    summary="n x n Sudoku whose clues outside count the skyscrapers (digits) seen from there",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=E.clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
)

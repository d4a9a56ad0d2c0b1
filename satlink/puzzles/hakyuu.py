"""Hakyuu (Ripple Effect, Hakyukoka): regions of 1..k, equal digits keep apart.

Rules (janko.at "Hakyuu"; puzz.link "ripple"): write a digit into every
cell so that each region of k cells holds the digits 1..k, each once. Two
cells of one row or one column holding the same digit X have at least X
other cells between them.

Encoding (encodings/region_digits.md): :class:`satlink.rules.region_digits.
RegionDigits` over the regions and ``apart`` along every row and column.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from ..contract import Options
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.grid import Grid
from ..rules.region_digits import close_repeats
from ._digit_rooms import DigitsEncoding, Instance, base_problems, codec, layout, picture
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "hakyuu"


def lines(inst: Instance) -> list:
    """The rows, then the columns, each a list of cells in order."""
    return inst.grid.rows_of_cells() + inst.grid.cols_of_cells()


class HakyuuEncoding(DigitsEncoding):
    """Regions of 1..k; along each row and column, equal digits X at least X apart."""

    def extra(self, inst: Instance) -> None:
        for line in lines(inst):
            self.digits.apart(line)


def encode(inst, f, options=Options()):
    return HakyuuEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems, values = base_problems(inst, sol)
    if values:
        for line in lines(inst):
            problems += close_repeats(values, line, Grid.name)
    return problems


FORMAT = layout(NAME)
PUZZLINK = codec("ripple")

GENRE = Genre(
    name=NAME, aliases=("Hakyuu", "ripple", "ripple-effect", "hakyukoka"),
    summary="regions of k cells hold 1..k; two equal digits X in a row or column have"
            " at least X cells between them",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

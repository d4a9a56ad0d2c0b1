"""Suguru (Tectonic, Nanbaburokku): regions of 1..k, equal digits never touch.

Rules (janko.at "Suguru"; puzz.link "suguru"): write a digit into every
cell so that each region of k cells holds the digits 1..k, each once. Two
cells holding the same digit never touch, neither orthogonally nor
diagonally.

Encoding (encodings/region_digits.md): :class:`satlink.rules.region_digits.
RegionDigits` over the regions, and equal digits apart across regions
(:func:`satlink.rules.apart_values.apart_values`; cells of one region
differ already).

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from ..contract import Options
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.apart_values import apart_values, touching_pairs
from ..rules.grid import Grid
from ._digit_rooms import DigitsEncoding, Instance, base_problems, codec, layout, picture
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "suguru"


class SuguruEncoding(DigitsEncoding):
    """Regions of 1..k, touching cells of different regions not equal."""

    def extra(self, inst: Instance) -> None:
        var = self.digits.numbers.var  # in reading order, as the rule visits cells
        apart_values(self.digits.f, {c: var[c] for c in inst.grid.cells}, same=inst.regions)


def encode(inst, f, options=Options()):
    return SuguruEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems, values = base_problems(inst, sol)
    if values:
        problems += [f"{Grid.name(a)} and {Grid.name(b)} touch and both hold {values[a]}"
                     for a, b in touching_pairs(inst.grid.cells) if values[a] == values[b]]
    return problems


FORMAT = layout(NAME)
PUZZLINK = codec("suguru")

GENRE = Genre(
    name=NAME, aliases=("Suguru", "tectonic", "nanbaburokku", "number-blocks"),
    summary="regions of k cells hold 1..k; equal digits never touch, not even diagonally",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

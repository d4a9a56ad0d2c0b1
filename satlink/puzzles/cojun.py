"""Cojun (Kojun): regions of 1..k, neighbours differ, larger on top in a region.

Rules (janko.at "Kojun"; puzz.link "cojun"): write a digit into every
cell so that each region of k cells holds the digits 1..k, each once. Two
orthogonally adjacent cells never hold the same digit. Of two vertically
adjacent cells of one region, the upper one holds the larger digit.

Encoding (encodings/region_digits.md): :class:`satlink.rules.region_digits.
RegionDigits` over the regions; ``differ`` on orthogonal neighbours of
different regions (one region's cells differ already); ``order`` (upper
larger) on vertical pairs inside a region.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

import operator

from ..contract import Options
from ..genre import Design, Genre
from ..rules.grid import Grid
from ._digit_rooms import (  # noqa: F401 (make: the board's reader, for tests)
    DigitsEncoding, Instance, base_problems, cells, codec, layout,
    make, orthogonal_pairs, picture, solution_json)
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "cojun"


class CojunEncoding(DigitsEncoding):
    """Regions of 1..k; neighbours differ; upper cell larger within a region."""

    def extra(self, inst: Instance) -> None:
        for a, b in orthogonal_pairs(inst):
            if not inst.same_region(a, b):
                self.digits.differ(a, b)
            elif a[1] == b[1]:  # b below a
                self.digits.order(a, b, operator.gt)


def encode(inst, f, options=Options()):
    return CojunEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems, values = base_problems(inst, sol)
    if not values:
        return problems
    for a, b in orthogonal_pairs(inst):
        if values[a] == values[b]:
            problems.append(f"neighbours {Grid.name(a)} and {Grid.name(b)} both hold {values[a]}")
        elif a[1] == b[1] and inst.same_region(a, b) and values[a] < values[b]:
            problems.append(f"{Grid.name(a)} ({values[a]}) is below {Grid.name(b)}"
                            f" ({values[b]}) of its region under it")
    return problems


FORMAT = layout(NAME)
PUZZLINK = codec("cojun")

GENRE = Genre(
    name=NAME, aliases=("Cojun", "kojun"),
    summary="regions of k cells hold 1..k; orthogonal neighbours differ; in a region the"
            " upper of two stacked cells is larger",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

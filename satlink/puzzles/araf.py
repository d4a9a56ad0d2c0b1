"""Araf: divide the grid into regions, each holding exactly two numbers,
its size strictly between them.

Rules (janko.at, puz.link): divide the grid along the grid lines into
regions. Every region holds exactly two numbers, and its number of cells
is greater than the smaller and less than the larger of them (so two
equal numbers, or two that differ by one, never share a region).

Encoding (encodings/chosen_regions.md): the menu of pairs that could share
a region (values at least two apart, close enough that a region of fewer
cells than the larger can hold both); :func:`satlink.rules.chosen_regions.
choose_regions` chooses pairs, labels every cell with one chosen pair (a
number only with its own pairs), bounds each chosen region's size and keeps
it connected by bounded reach from one of its numbers (complete; no lazy
part). The walls are the answer.

A solution is the frozenset of walls, each a pair of adjacent cells in
increasing order; texts write a division as a grid of region numbers.
"""
from __future__ import annotations

from ..contract import Encoding, Options
from ..formats.cellgrid import Tokens
from ..formats.pzprjs import Number16
from ..formula import Formula
from ..genre import Genre
from ..rules.chosen_regions import Candidate, choose_regions
from ..rules.grid import Cell, Grid
from ..rules.regions import Regions
from . import _divisions as D
from ._divisions import Walls, cells, regions_of, solution_json
from ._divisions import numbers_picture as picture

NAME = "araf"


class Instance(D.Numbers):
    """A ``rows`` x ``cols`` board and its numbers (cell -> value), sorted."""

    def wrong(self, n, at: str) -> str | None:
        return f"number {n} at {at} is not 1 or more" if n < 1 else None


# -- the rules ---------------------------------------------------------------------------
def pairs(inst: Instance) -> dict[tuple[Cell, Cell], Candidate]:
    """Every pair of numbers that may share a region: a size strictly
    between them exists, and a connected region that small holds both."""
    menu = {}
    for i, (a, x) in enumerate(inst.numbers):
        for b, y in inst.numbers[i + 1:]:
            low, high = min(x, y) + 1, max(x, y) - 1
            if low <= high and abs(a[0] - b[0]) + abs(a[1] - b[1]) < high:
                # reach grown from the larger number: measured twice as fast (chosen_regions.md)
                menu[(a, b)] = Candidate((a, b) if x >= y else (b, a), low, high)
    return menu


class ArafEncoding(Encoding):
    """The chosen pairs (``pair``), each cell's pair and the walls (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, numbered = inst.grid, [c for c, _ in inst.numbers]
        menu = pairs(inst)
        self.regions = Regions(f, g)
        free = set(g.cells) - set(numbered)  # a region holds no third number
        self.pair = choose_regions(self.regions, menu, dict.fromkeys(menu, free), tag="pair")
        for cell in numbered:  # a number lies in one chosen pair's region (implied; propagates)
            f.at_most_one([x for k, x in self.pair.items() if cell in k])
        f.declare_answer(list(self.regions.wall.values()))

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ArafEncoding:
    return ArafEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    parts, _, problems = regions_of(inst.grid, walls)
    value = dict(inst.numbers)
    for part in parts:
        first = Grid.name(min(part))
        held = sorted(value[c] for c in part if c in value)
        if len(held) != 2:
            problems.append(f"the region of {first} holds {len(held)} numbers, not 2")
        elif not held[0] < len(part) < held[1]:
            problems.append(f"the region of {first} has {len(part)} cells,"
                            f" not strictly between {held[0]} and {held[1]}")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number (1 or more) or `.`",
                 numbers=(1, D.MAX_SIDE ** 2 + 1), why="a bound on a size")
#: `size C x R`, a `grid` of numbers, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, the numbers and `-`, the regions numbered.
FORMAT = D.layout(NAME, NUMBERS, Instance)
#: pzprjs `araf`: a number16 per cell (its `?`, `.`, is refused: satlink's
#: Araf numbers are all known).
PUZZLINK = D.codec("araf", Number16(low=1, question=False, what="number"), Instance)


GENRE = Genre(
    name=NAME, aliases=("Araf",),
    summary="divide into regions, each holding two numbers, its size strictly between them",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)

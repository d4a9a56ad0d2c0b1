"""Regional Yajilin: shade cells, never adjacent, so that the rest form one
loop; a number in a region counts its shaded cells.

Rules (janko.at "Yajilin-Regional", puz.link `yajilin-regions`): the board
is cut into regions, some with a number. Shade some cells; shaded cells
never touch orthogonally. Every unshaded cell lies on one closed loop
through cell centres, moving orthogonally, never crossing or branching. A
region's number says how many of its cells are shaded (a numbered cell may
itself be shaded). A Yajilin relative: the shading and the loop are
:mod:`._shaded_loop`'s, the rooms :mod:`._room_board`'s.

Encoding (encodings/yajilin.md, "Regional Yajilin"): :class:`._shaded_loop.ShadedLoopEncoding`
over every cell of a region, and each number an exact count over the
shading literals of its region (behind its selector in selector mode).
A number belongs to its region: it is kept (and written) in the region's
first cell in reading order, as puz.link places it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import REGIONS, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label
from ..rules import counts
from ..rules.grid import Cell, Grid
from ._room_board import NumberedRooms, room_layers, room_numbers_codec
from ._shaded_loop import ANSWER, ShadedLoopEncoding, Solution, cells, marks, solution_json
from ._shaded_loop import problems as shaded_loop_problems

NAME = "regionalyajilin"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance(NumberedRooms):
    """A board of regions and its numbers (:class:`._room_board.NumberedRooms`)."""

    @property
    def free(self) -> list[Cell]:
        """The cells of the regions: each is shaded or on the loop."""
        return self.open_cells


class RegionalYajilinEncoding(ShadedLoopEncoding):
    """The shading and the loop; each number a count of its region's shaded cells."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options, inst.free)
        for cell, n in inst.numbers:
            counts.exactly(f, [self.shading.lit(c) for c in inst.room(cell)], n,
                           when=self.guard((cell, n), "number", cell))
        self.finish(options.complete)


def verify(inst: Instance, sol: Solution) -> list[str]:
    """Broken rules of a shading and a loop (empty when solved)."""
    problems = shaded_loop_problems(inst.grid, inst.free, sol)
    for cell, n in inst.numbers:
        k = sum(1 for c in inst.room(cell) if c in sol.shaded)
        if k != n:
            problems.append(f"the region at {Grid.name(cell)} shows {n} but {k} of its cells"
                            " are shaded")
    return problems


# -- design: a number can go and every solution stays one ----------------------------------
def clues_of(inst: Instance, sol: Solution) -> list[tuple[Cell, int]]:
    return [(room[0], sum(1 for c in room if c in sol.shaded)) for room in inst.room_cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return inst.with_numbers(numbers)


# -- text: `.pzl`, janko grid text, puz.link ------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number of cells or `.`", numbers=(0, MAX_SIDE ** 2))

#: `size C x R`, a `grid` of numbers, a `regions` block, an optional
#: `solution` (`x` shaded, the loop's directions); janko: `ROWS COLS`, the
#: numbers, the regions, the published solution.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS, "regions": REGIONS},
    build=lambda rows, cols, grid, regions: Instance(rows, cols, regions, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers)),
                        inst.regions),
    solution=ANSWER, janko=Janko((NUMBERS, REGIONS)),
)


PUZZLINK = room_numbers_codec(("yajilin-regions",), Instance)


def picture(inst: Instance, solution: Solution | None = None) -> Board:
    """Region borders, the numbers, shaded cells black, the loop when solved."""
    black, borders, _ = room_layers(inst)
    shaded, lines = marks(solution)
    return Board(inst.rows, inst.cols, shades=black + shaded, lines=lines, edges=borders,
                 labels=[Label(c, str(n)) for c, n in inst.numbers])


GENRE = Genre(
    name=NAME, aliases=("RegionalYajilin", "yajilin-regions"),
    summary="shade cells, never adjacent, so the rest form one loop; region numbers count"
            " shaded cells",
    instance=Instance, text=FORMAT, encode=RegionalYajilinEncoding, verify=verify,
    clues=lambda inst: list(inst.numbers), picture=picture, puzzlink=PUZZLINK,
    solution_json=solution_json, cells=cells,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda n: Grid.name(n[0])),
)

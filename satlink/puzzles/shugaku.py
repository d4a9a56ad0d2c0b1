"""Shugaku: lay futons (dominoes with a pillow half) on the free cells and
shade the rest as one aisle.

Rules (janko.at, puz.link): every cell without a number is either shaded
(the aisle) or covered by a futon: two orthogonally adjacent cells, one of
them its pillow. The pillow of an upright futon is its lower half (never
its upper: no "kitamakura"). A number counts the pillows orthogonally next
to it (a black cell without a number, `?`, counts nothing). Every futon
touches a shaded cell; the shaded cells are orthogonally connected and no
2 x 2 block is all shaded.

Encoding (encodings/shugaku.md): :class:`satlink.rules.futons.Futons`, a
variable per futon placement (pillow cell, foot cell) and a shading
variable per free cell, exactly one of them covering each free cell; per number a cardinality over the placements
whose pillow is next to it (behind its selector); per futon "one of the
cells around it is shaded"; no 2 x 2 shaded; the shaded cells connected
(:meth:`satlink.rules.shading.Shading.connected`, lazy cuts or complete).

A solution is the frozenset of futons, each ``(pillow, foot)``; the shaded
cells are the other free cells. Texts write `p` pillow (janko: `#`), `o`
foot, `x` shaded, `.` or `-` a number's cell.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import Codec
from ..formats.pzprjs_numbers import QUESTION
from ..formats.pzprjs_parts import Cells
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs_region4 import ShugakuCells
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.futons import Futons, pair_up
from ..rules.shading import Shading

NAME = "shugaku"
MAX_SIDE = 100
PILLOW, FOOT, AISLE = "pillow", "foot", "aisle"



@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its black cells (cell -> 0-4 or `?`), sorted."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, object], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, n in self.numbers:
            if n != QUESTION and n not in range(5):
                raise CellError(f"number {n} at {Grid.name(cell)} is not 0-4 or `?`", cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def free(self) -> list[Cell]:
        black = dict(self.numbers)
        return [c for c in self.grid.cells if c not in black]


# -- the rules ---------------------------------------------------------------------------
class ShugakuEncoding(Encoding):
    """The futons (``futons``) and the aisle (``shading``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = Shading(f, inst.grid, inst.free, tag="aisle")
        self.futons = Futons(f, self.shading)  # each free cell: aisle or one futon
        self.futons.touch_shaded()
        for cell, n in inst.numbers:
            if n != QUESTION:
                when = self.when((cell, n), "number", *cell)
                counts.exactly(f, self.futons.pillows_near(inst.grid.neighbours(cell)), n,
                               when=when)
        self.shading.no_square()
        self.shading.connected(lazy=not options.complete)
        f.declare_answer(list(self.futons.var.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model) -> frozenset:
        return self.futons.decode(model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ShugakuEncoding:
    return ShugakuEncoding(inst, f, options)


def clues(inst: Instance) -> list:
    return [(c, n) for c, n in inst.numbers if n != QUESTION]


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, futons: frozenset) -> list[str]:
    """Broken rules of a set of futons (the other free cells shaded)."""
    g, problems = inst.grid, []
    free = set(inst.free)
    owner: dict[Cell, tuple] = {}
    for p, q in sorted(futons):
        if p not in free or q not in free or q not in g.neighbours(p):
            problems.append(f"the futon {Grid.name(p)}-{Grid.name(q)} is not on two free"
                            " adjacent cells")
            continue
        if q == (p[0] + 1, p[1]):
            problems.append(f"the pillow at {Grid.name(p)} lies above its futon's other half")
        for c in (p, q):
            if c in owner:
                problems.append(f"two futons cover {Grid.name(c)}")
            owner[c] = (p, q)
    aisle = free - set(owner)
    for p, q in sorted(futons):
        if not any(n in aisle for c in (p, q) for n in g.neighbours(c)):
            problems.append(f"the futon {Grid.name(p)}-{Grid.name(q)} touches no shaded cell")
    pillows = {p for p, _ in futons}
    for cell, n in inst.numbers:
        seen = sum(m in pillows for m in g.neighbours(cell))
        if n != QUESTION and seen != n:
            problems.append(f"the {n} at {Grid.name(cell)} has {seen} pillows next to it")
    for square in g.squares():
        if all(c in aisle for c in square):
            problems.append(f"the 2x2 block at {Grid.name(square[0])} is all shaded")
    walk = nx.Graph()
    walk.add_nodes_from(aisle)
    walk.add_edges_from((a, b) for a, b in g.cell_edges() if a in aisle and b in aisle)
    if aisle and not nx.is_connected(walk):
        problems.append("the shaded cells are not connected")
    return problems


# -- design: a number can become a plain black cell ------------------------------------------
def clues_of(inst: Instance, futons: frozenset) -> list:
    pillows = {p for p, _ in futons}
    return [(c, sum(m in pillows for m in inst.grid.neighbours(c))) for c, _ in inst.numbers]


def with_clues(inst: Instance, numbers) -> Instance:
    kept = dict(numbers)
    return Instance(inst.rows, inst.cols, tuple((c, kept.get(c, QUESTION)) for c, _ in inst.numbers))


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number 0-4, `?` (black, no number) or `.`",
                 values={"?": QUESTION}, numbers=(0, 4), why="a cell has four neighbours")
#: janko's grid text writes a black cell without a number `5` (only there: a `.pzl` `5`
#: is a number out of range).
JANKO_NUMBERS = replace(NUMBERS, aliases={"5": QUESTION})
#: `p` pillow (janko writes `#`, which starts a comment in `.pzl`), `o` foot, `x` shaded.
CELLS = Tokens(what="a solution cell", expect="`p` (pillow), `o` (foot), `x` (shaded) or `.`",
               values={"p": PILLOW, "o": FOOT, "x": AISLE}, aliases={"#": PILLOW})


def _futons(grid) -> frozenset:
    """The futons of a grid of pillows and feet (:func:`satlink.rules.futons.pair_up`)."""
    kind = {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row)}
    futons, left = pair_up(kind, PILLOW, FOOT, Grid(len(grid), len(grid[0])))
    if left:
        raise CellError(f"the {kind[left[0]]} at {Grid.name(left[0])} has no futon half next"
                        " to it", left[0])
    return futons


def _cells(inst: Instance, futons: frozenset):
    kind = {c: AISLE for c in inst.free}
    for p, q in futons:
        kind[p], kind[q] = PILLOW, FOOT
    return board(inst.rows, inst.cols, kind)


#: `size C x R`, a `grid` of black cells (numbers, `?`), an optional
#: `solution` grid; janko: `ROWS COLS`, numbers, `5` (black, no number), `-`.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(CELLS, read=_futons, write=_cells),
    janko=Janko(JANKO_NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, futons: frozenset) -> list[list[str]]:
    """Each cell: `pillow`, `foot`, `aisle`, or null on a black cell."""
    return [list(row) for row in _cells(inst, futons)]


def cells(inst: Instance, futons: frozenset) -> dict[str, str]:
    return {Grid.name((r, c)): v for r, row in enumerate(_cells(inst, futons))
            for c, v in enumerate(row) if v is not None}


def picture(inst: Instance, solution: frozenset | None = None) -> Board:
    """Black cells with their numbers; solved, the aisle gray, pillows `P`, feet `F`."""
    shades = [Shade(c, "black") for c, _ in inst.numbers]
    labels = [Label(c, str(n)) for c, n in inst.numbers if n != QUESTION]
    if solution is not None:
        kind = {(r, c): v for r, row in enumerate(_cells(inst, solution)) for c, v in enumerate(row)}
        shades += [Shade(c, "gray") for c, v in kind.items() if v == AISLE]
        labels += [Label(c, "P" if v == PILLOW else "F", given=False)
                   for c, v in kind.items() if v in (PILLOW, FOOT)]
    return Board(inst.rows, inst.cols, shades=shades, labels=labels)


# -- puzz.link ---------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    return Instance(b.rows, b.cols, tuple(given(b.value)))


#: pzprjs `shugaku`: `0`-`4` numbers, `5` a black cell without one, `6`-`z` skips.
PUZZLINK = Codec(names=("shugaku",), body=Cells(ShugakuCells()), build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.rows, inst.cols,
                                            board(inst.rows, inst.cols, dict(inst.numbers))))


GENRE = Genre(
    name=NAME, aliases=("Shugaku",),
    summary="futons with a pillow each on the free cells, the rest one aisle; numbers count"
            " pillows",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    # no `blank`: the black cells are the board, and a board without them has no number to
    # make a solution unique, so `generate` could never succeed
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)

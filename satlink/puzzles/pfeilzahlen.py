"""Pfeilzahlen (janko.at "Pfeilzahlen", arrow numbers): an arrow in every
frame cell; each number counts the arrows that point at it.

Rules (janko.at "Pfeilzahlen"; puzzlekit's solver states the same; the dev
slice's published solutions agree): the board is framed by a ring of empty
cells. Draw an arrow into every frame cell except the four corners; it points
into the board, straight or diagonally (from the top row: south-west, south
or south-east; likewise from the other sides), never along the frame: a
frame cell beside a corner cannot point diagonally at its neighbour on the
frame (such an arrow points at nothing; no published solution has one). A
number says how many
arrows point at it: arrows anywhere along the eight lines through its cell,
looking back from the number to the frame.

Encoding (encodings/pfeilzahlen.md): a one-hot direction per frame cell over
its inward directions (two or three); per number, "exactly n" (pysat.card) over the
direction literals of the (at most eight) frame cells that see it, the
one looking back along each line; behind the number's selector in selector
mode. Everything is local: no lazy rule.

A solution is the arrows: a tuple of ((row, column), direction) over the
frame cells, sorted. The published solution carries the frame (its first
line gives the size inside the frame, its grid the whole board: arrows on
the frame, the numbers inside), read by this genre's own reader.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ._framed import FramedLayout

NAME = "pfeilzahlen"
MAX_SIDE = 100
STEP = {"n": (-1, 0), "ne": (-1, 1), "e": (0, 1), "se": (1, 1),
        "s": (1, 0), "sw": (1, -1), "w": (0, -1), "nw": (-1, -1)}
GLYPH = {"n": "↑", "ne": "↗", "e": "→", "se": "↘", "s": "↓", "sw": "↙", "w": "←", "nw": "↖"}


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, the frame included, and its numbers
    (cell -> count) inside the frame, sorted."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))
        if self.rows < 3 or self.cols < 3:
            raise CellError(f"a {self.cols} x {self.rows} board has no cell inside its frame",
                            (0, 0), "grid")
        for cell, _ in self.numbers:
            if self.on_frame(cell):
                raise CellError(f"a number at {Grid.name(cell)} stands on the frame, where"
                                " the arrows go", cell, "grid")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def on_frame(self, cell: Cell) -> bool:  # _framed.on_frame, inlined: the encoding's hot spot
        return cell[0] in (0, self.rows - 1) or cell[1] in (0, self.cols - 1)

    def inward(self, cell: Cell) -> tuple[str, ...]:
        """The directions an arrow on frame ``cell`` may point: into the
        board, its next cell inside the frame (none at a corner; a cell
        beside a corner cannot point diagonally at the next frame cell)."""
        r, c = cell
        sides = [d for d, edge in (("s", r == 0), ("n", r == self.rows - 1),
                                   ("e", c == 0), ("w", c == self.cols - 1)) if edge]
        if len(sides) != 1:
            return ()
        fan = {"n": ("n", "ne", "nw"), "s": ("s", "se", "sw"),
               "e": ("e", "ne", "se"), "w": ("w", "nw", "sw")}[sides[0]]
        return tuple(sorted(d for d in fan   # the next cell inside the frame, not on it
                            if not self.on_frame((r + STEP[d][0], c + STEP[d][1]))))

    @property
    def frame(self) -> list[Cell]:
        return [c for c in self.grid.cells if self.inward(c)]

    def pointing(self, cell: Cell) -> list[tuple[Cell, str]]:
        """(frame cell, direction) of every arrow that would point at ``cell``:
        along each of the eight lines from ``cell`` to the frame, the frame
        cell reached, pointing back."""
        out = []
        for d, (dr, dc) in STEP.items():
            r, c = cell
            while not self.on_frame((r, c)):
                r, c = r + dr, c + dc
            back = next(b for b, s in STEP.items() if s == (-dr, -dc))
            if back in self.inward((r, c)):
                out.append(((r, c), back))
        return out


# -- the rules ---------------------------------------------------------------------------
class PfeilzahlenEncoding(Encoding):
    """A one-hot direction per frame cell; a count per number."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.arrow = {(cell, d): f.var("arrow", *cell, d)
                      for cell in inst.frame for d in inst.inward(cell)}
        for cell in inst.frame:
            f.exactly_one([self.arrow[(cell, d)] for d in inst.inward(cell)])
        for cell, k in inst.numbers:
            when = self.when((cell, k), "number", *cell)
            counts.exactly(f, [self.arrow[a] for a in inst.pointing(cell)], k, when=when)
        f.declare_answer(list(self.arrow.values()), one_hot=True)

    def decode(self, model) -> tuple:
        return tuple(sorted(a for a, x in self.arrow.items() if model.value(x)))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> PfeilzahlenEncoding:
    return PfeilzahlenEncoding(inst, f, options)


def clues(inst: Instance) -> list:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def hits(inst: Instance, arrows) -> dict[Cell, int]:
    """How many arrows point at each cell inside the frame, following each
    arrow across the board."""
    out = {c: 0 for c in inst.grid.cells if not inst.on_frame(c)}
    for (r, c), d in arrows:
        dr, dc = STEP[d]
        r, c = r + dr, c + dc
        while (r, c) in out:
            out[(r, c)] += 1
            r, c = r + dr, c + dc
    return out


def verify(inst: Instance, arrows) -> list[str]:
    problems = []
    placed: dict[Cell, list[str]] = {}
    for cell, d in arrows:
        placed.setdefault(cell, []).append(d)
        if d not in inst.inward(cell):
            problems.append(f"the arrow at {Grid.name(cell)} points {d}: not from the frame"
                            " into the board")
    for cell in inst.frame:
        n = len(placed.get(cell, ()))
        if n != 1:
            problems.append(f"the frame cell {Grid.name(cell)} holds {n} arrows, not one")
    seen = hits(inst, [(c, d) for c, d in arrows if d in inst.inward(c)])
    for cell, k in inst.numbers:
        if seen[cell] != k:
            problems.append(f"the {k} at {Grid.name(cell)} has {seen[cell]} arrows pointing at it")
    return problems


# -- design: a number can go and the arrows stay a solution ---------------------------------
def clues_of(inst: Instance, arrows) -> list:
    return sorted(hits(inst, arrows).items())


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ())


# -- text: `.pzl`, janko grid text, and the published solution with its frame (FramedLayout) --------
NUMBERS = Tokens(what="a number", expect="a number or `.`", numbers=(0, 8),
                 why="eight lines run through a cell")
ARROWS = Tokens(expect="a direction (n ne e se s sw w nw) or `.`",
                values={d: d for d in STEP})


def read_arrows(grid) -> tuple:
    """The arrows of a grid of directions (None where there is none)."""
    return tuple(sorted(((r, c), d) for (r, c), d in given(grid)))


def write_arrows(inst: Instance, arrows) -> tuple:
    return board(inst.rows, inst.cols, dict(arrows))


FORMAT = FramedLayout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(ARROWS, read=read_arrows, write=write_arrows),
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, arrows) -> list[list]:
    """The arrows: [row, column, direction], 0-based frame cells, in row order."""
    return [[r, c, d] for (r, c), d in arrows]


def cells(inst: Instance, arrows) -> dict[str, str]:
    return {Grid.name(c): d for c, d in arrows}


def picture(inst: Instance, arrows=None) -> Board:
    return Board(inst.rows, inst.cols,
                 labels=[Label(c, str(k)) for c, k in inst.numbers]
                 + [Label(c, GLYPH[d]) for c, d in (arrows or ())])


GENRE = Genre(
    name=NAME, aliases=("Pfeilzahlen", "arrow-numbers"),
    summary="an arrow in every frame cell points into the board; each number counts the"
            " arrows pointing at it",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)

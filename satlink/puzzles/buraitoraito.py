"""Buraitoraito ("bright light"): numbers count the stars they see.

Rules (janko.at "Buraitoraito"): place stars into some empty cells. A
number tells how many stars lie in its row and column together, seen from
it: the view stops at the next number cell (or the edge). Number cells
hold no star.

Encoding (encodings/buraitoraito.md): a variable per empty cell; a
number sees whole segments (the empty cells up to the next number or the
edge), each shared by the numbers at its ends: each segment's stars
counted once in unary (merges, cut at what its numbers need), and per
number its segments' counts add up to n
(:func:`satlink.rules.unary_sums.count_unaries`), behind its selector in
selector mode. No lazy rule.

A solution is the frozenset of star cells.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, given
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.unary_parts import merge
from ..rules.unary_sums import count_unaries
from ._givens import clues

NAME = "buraitoraito"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]``: the number of a number cell, None for an empty cell."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "cell")
        object.__setattr__(self, "givens", tuple(map(tuple, self.givens)))
        for cell, n in given(self.givens):
            most = len(self.seen(cell))
            if n > most:
                raise CellError(f"{n} at {Grid.name(cell)} is above {most}, the empty cells it"
                                " sees", cell, "grid")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def views(self, cell: Cell) -> list[tuple[tuple, list[Cell]]]:
        """The segments ``cell`` sees, each (its key: axis and first cell,
        its empty cells in row order): the empty cells up to the next
        number or the edge, in each direction where there is one."""
        out = []
        for axis, dr, dc in (("col", -1, 0), ("col", 1, 0), ("row", 0, -1), ("row", 0, 1)):
            ray, (r, c) = [], (cell[0] + dr, cell[1] + dc)
            while 0 <= r < self.rows and 0 <= c < self.cols and self.givens[r][c] is None:
                ray.append((r, c))
                r, c = r + dr, c + dc
            if ray:
                ray.sort()
                out.append(((axis, *ray[0]), ray))
        return out

    def seen(self, cell: Cell) -> list[Cell]:
        """The empty cells seen from ``cell`` along its row and column."""
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < self.rows and 0 <= c < self.cols and self.givens[r][c] is None:
                out.append((r, c))
                r, c = r + dr, c + dc
        return out


# -- the rules ---------------------------------------------------------------------------
class BuraitoraitoEncoding(Encoding):
    """``self.star[cell]`` per empty cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.star = {c: f.var("star", *c) for c in inst.grid.cells
                     if inst.givens[c[0]][c[1]] is None}
        f.declare_answer(list(self.star.values()))
        numbers = clues(inst)
        # a number sees whole segments (the empty cells up to the next
        # number or the edge), each shared by the numbers at its two ends:
        # each segment counted once in unary, as far as its numbers need
        views = {(r, c): inst.views((r, c)) for r, c, _ in numbers}
        need: dict[tuple, int] = {}
        for r, c, n in numbers:
            for key, ray in views[(r, c)]:
                need[key] = max(need.get(key, 0), min(n + 1, len(ray)))
        unary: dict[tuple, list[int]] = {}
        for r, c, n in numbers:  # a number counts the stars it sees
            parts = []
            for key, ray in views[(r, c)]:
                if key not in unary and need[key] >= len(ray) <= 3:  # one small count
                    unary[key] = counts.unary(f, [self.star[x] for x in ray])
                if key not in unary:  # a balanced tree of merges, cut at the need
                    level = [[self.star[x]] for x in ray]
                    while len(level) > 1:
                        level = [merge(f, level[i], level[i + 1], need[key])
                                 if i + 1 < len(level) else level[i]
                                 for i in range(0, len(level), 2)]
                    unary[key] = level[0]
                parts.append(unary[key])
            when = self.when((r, c, n), "clue", r, c)
            count_unaries(f, parts, n, when)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.star.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> BuraitoraitoEncoding:
    return BuraitoraitoEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, stars) -> list[str]:
    """Broken rules of a set of star cells (empty when solved)."""
    g = inst.grid
    problems = [f"the star at {Grid.name(c)} is off the board or on a number"
                for c in sorted(stars) if not g.inside(c) or inst.givens[c[0]][c[1]] is not None]
    for cell, n in given(inst.givens):
        k = sum(x in stars for x in inst.seen(cell))
        if k != n:
            problems.append(f"{Grid.name(cell)} sees {k} stars, its number is {n}")
    return problems


# No design hooks: a number cannot go without changing the board (its cell
# would open and lengthen other numbers' views).


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number or `.`", numbers=(0, 4 * MAX_SIDE),
                 why="no cell sees more")
STAR_MARK = "star"
#: A solution cell: `*` a star; numbers and `.` are not stars.
STAR = Tokens(expect="`*` (a star), a number or `.`", values={"*": STAR_MARK},
              numbers=(0, 4 * MAX_SIDE))


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, grid),
    split=lambda inst: (inst.rows, inst.cols, inst.givens),
    solution=Answer(STAR, read=lambda grid: frozenset(c for c, v in given(grid) if v == STAR_MARK),
                    write=lambda inst, sol: tuple(
                        tuple(STAR_MARK if (r, c) in sol else inst.givens[r][c]
                              for c in range(inst.cols)) for r in range(inst.rows))),
    janko=Janko(NUMBERS),
)


# -- output ------------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Number cells gray with their numbers; the stars when solved."""
    numbered = list(given(inst.givens))
    return Board(inst.rows, inst.cols, shades=[Shade(c, "gray") for c, _ in numbered],
                 labels=[Label(c, str(n), given=True) for c, n in numbered]
                 + [Label(c, "★") for c in sorted(solution or ())])


GENRE = Genre(
    name=NAME, aliases=("Buraitoraito",),
    summary="place stars; each number counts the stars in its row and column up to the next"
            " number",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
)

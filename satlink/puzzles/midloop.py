"""Mid-loop: one loop through every dot; each dot is the middle of a straight stretch.

Rules (pzplus / puz.link `midloop`): draw one closed loop through cell
centres, moving orthogonally, never crossing or branching (it need not
visit every cell). Dots lie on cell centres or on the border between two
cells. The loop passes through every dot, and each dot is the midpoint of
the straight stretch of the loop it lies on: from a dot in a cell the loop
goes straight on equally far both ways; over a dot on a border it runs
from one cell to the other and on equally far beyond each.

Encoding (encodings/segments.md, Mid-loop): :class:`satlink.rules.loops.CellLoop`;
a dot in cell ``c``: ``straight(c)`` and :func:`satlink.rules.segments.mirror`
of the opposite arms; a dot between ``a`` and ``b``: the edge on and the
arms away from it mirrored. Dots (behind selectors in selector mode) are
the design clues.

A dot is a position in doubled coordinates ``(y, x)``: cell ``(r, c)`` is
``(2r, 2c)``, the border below it ``(2r + 1, 2c)``, right of it
``(2r, 2c + 1)``. A solution is the frozenset of loop edges.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..errors import InputError
from ..formats.cellgrid import LOOP_SOLUTION, CellError, Janko, Layout, Tokens, board
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_loops2 import Dots
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_LOOP
from ..render import Board, Circle
from ..rules import counts, segments
from ..rules.grid import Grid, check_board, edge, exits
from ..rules.loops import STRAIGHT, CellLoop
from ..rules.loop_checks import loop_problems
from ._loop_genre import LoopEncoding, loop_lines

NAME = "midloop"
MAX_SIDE = 100
Dot = tuple[int, int]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its dots (doubled coordinates), sorted."""

    rows: int
    cols: int
    dots: tuple[Dot, ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "dot")
        for y, x in self.dots:
            if not (0 <= y <= 2 * self.rows - 2 and 0 <= x <= 2 * self.cols - 2) or y % 2 and x % 2:
                raise InputError(f"a dot at ({y}, {x}) is neither on a cell nor between two cells")
        object.__setattr__(self, "dots", tuple(sorted(set(self.dots))))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def halves(dot: Dot):
    """The dot's two (cell, direction) arms whose lengths must agree, and the
    cell (a dot in a cell) or edge (a dot on a border) it lies on."""
    y, x = dot
    if y % 2 == 0 and x % 2 == 0:
        c = (y // 2, x // 2)
        return [(c, "n", c, "s"), (c, "e", c, "w")], c
    a = (y // 2, x // 2)
    b = (a[0] + 1, a[1]) if y % 2 else (a[0], a[1] + 1)
    return [(a, "n", b, "s")] if y % 2 else [(a, "w", b, "e")], edge(a, b)


class MidLoopEncoding(LoopEncoding):
    """The loop (``self.loop``) and each dot's clauses."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.loop = loop = CellLoop(inst.grid, f)
        arms = segments.Arms(loop)
        for dot in inst.dots:
            pairs, where = halves(dot)
            rule = [[loop.straight(where) if isinstance(where[0], int) else loop.edges[where]]]
            for p in pairs:
                rule += list(segments.mirror(arms, *p))
            with counts.guarded(f, self.when(dot, "dot", *dot)):
                f.extend(rule)
        self.finish(options.complete)


def obeys(sol, dot: Dot) -> bool:
    """The loop ``sol`` passes the dot as the middle of a straight stretch."""
    pairs, where = halves(dot)
    if isinstance(where[0], int):
        if exits(sol, where) not in STRAIGHT:
            return False
    elif where not in sol:
        return False
    return all(segments.arm(sol, a, da) == segments.arm(sol, b, db) for a, da, b, db in pairs)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = loop_problems(inst.grid, sol)
    return problems or [f"the dot at {dot_name(d)} is not the middle of a straight stretch"
                        for d in inst.dots if not obeys(sol, d)]


def dot_name(dot: Dot) -> str:
    """`r2c3` (a cell), `r2c3s` (the border below it), `r2c3e` (right of it)."""
    y, x = dot
    return Grid.name((y // 2, x // 2)) + ("s" if y % 2 else "e" if x % 2 else "")


# -- design: a dot can go and the loop stays a solution -------------------------------------
def clues_of(inst: Instance, sol) -> list[Dot]:
    return [(y, x) for y in range(2 * inst.rows - 1) for x in range(2 * inst.cols - 1)
            if not (y % 2 and x % 2) and obeys(sol, (y, x))]


def blank(rows: int, cols: int, params: dict) -> Instance:
    if cols < 2 or rows < 2:
        raise InputError(f"a loop needs at least 2 x 2 cells, not {cols} x {rows}")
    return Instance(rows, cols)


# -- text: a token per cell for its own dot and those below and right of it ------------------
#: `o` a dot in the cell, `s` one on the border below, `e` right, `se` both,
#: `.` none; janko / puzzlekit: 1, 2, 3 and 5 (2 + 3), `-`.
PARTS = {"o": ((0, 0),), "s": ((1, 0),), "e": ((0, 1),), "se": ((1, 0), (0, 1)),
         "os": ((0, 0), (1, 0)), "oe": ((0, 0), (0, 1)), "ose": ((0, 0), (1, 0), (0, 1))}
DOTS = Tokens(what="a dot", expect="`o` (in the cell), `s` (below it), `e` (right of it), `se`"
              " or `.`", values={k: k for k in PARTS})
JANKO_DOTS = Tokens(what="a dot", expect="1 (in the cell), 2 (below it), 3 (right of it), 5"
                    " (both) or `-`", values={"1": "o", "2": "s", "3": "e", "5": "se"},
                    aliases={"0": None})


def _build(rows: int, cols: int, grid) -> Instance:
    out = []
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            for dy, dx in PARTS.get(v, ()):
                if (dy and r == rows - 1) or (dx and c == cols - 1):
                    raise CellError(f"the dot {'below' if dy else 'right of'} {Grid.name((r, c))}"
                                    " lies on the edge of the board", (r, c))
                out.append((2 * r + dy, 2 * c + dx))
    return Instance(rows, cols, tuple(out))


def _cells(inst: Instance):
    at: dict = {}
    for y, x in inst.dots:
        at.setdefault((y // 2, x // 2), []).append((y % 2, x % 2))
    names = {frozenset(v): k for k, v in PARTS.items()}
    return board(inst.rows, inst.cols, {c: names[frozenset(v)] for c, v in at.items()})


#: `size C x R`, a `grid` of dot tokens, an optional `solution` of loop cells.
FORMAT = Layout(NAME, MAX_SIDE, {"grid": DOTS}, build=_build,
                split=lambda inst: (inst.rows, inst.cols, _cells(inst)),
                solution=LOOP_SOLUTION, janko=Janko(JANKO_DOTS))


def _from_puzzlink(b: PzBoard) -> Instance:
    bad = [d for d, v in b.value.items() if v != 2 or d[0] % 2 and d[1] % 2]
    if bad:
        raise b.where(f"a dot of Mid-loop lies on a cell or between two cells and is black;"
                      f" not at ({bad[0][0]}, {bad[0][1]})")
    return Instance(b.rows, b.cols, tuple(b.value))


#: pzprjs `midloop` (``decodeDot``); its flag `f` (the loop visits every
#: cell) is a variant satlink does not play: such URLs are refused.
PUZZLINK = Codec(names=("midloop",), body=Dots(), build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.rows, inst.cols, dict.fromkeys(inst.dots, 2)))


def picture(inst: Instance, solution=None) -> Board:
    """The dots (in cells; a border's dot drawn in the cell above or left of
    it), the loop when solved."""
    return Board(inst.rows, inst.cols, lines=loop_lines(solution),
                 circles=[Circle((y // 2, x // 2), "black", "" if y % 2 == x % 2 else
                                 "v" if y % 2 else ">") for y, x in inst.dots])


GENRE = Genre(
    name=NAME, aliases=("MidLoop", "mid-loop", "middorupu"),
    summary="one loop through every dot, each dot the middle of a straight stretch",
    instance=Instance, text=FORMAT, encode=MidLoopEncoding, verify=verify,
    clues=lambda inst: list(inst.dots), picture=picture, puzzlink=PUZZLINK,
    answer=CELL_LOOP,
    design=Design(clues_of=clues_of, with_clues=lambda inst, dots: Instance(
        inst.rows, inst.cols, tuple(tuple(d) for d in dots)), clue_name=dot_name, blank=blank),
)

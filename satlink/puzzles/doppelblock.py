"""Doppelblock (Double Block): two black cells a line, sums between them.

Rules (janko.at "Doppelblock"; puzz.link "doppelblock"): blacken exactly two
cells of every row and every column of the n x n grid and write the
digits 1..n-2 into the other cells, each once per row and per column. A
number outside the grid is the sum of the digits between the two black
cells of its row or column (0 when they touch).

Encoding (encodings/between.md): a one-hot value per cell over 0..n-2 (0
black, :class:`satlink.rules.numbers.Numbers`); per line exactly two
blacks and each digit once; each clue
:func:`satlink.rules.between.sum_between_placed` over its line (its digits
all different; behind its selector in selector mode).

A solution is the grid, 0 for a black cell, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .. import contract
from ..errors import InputError
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_parts import ExCells
from ..formula import PAIRWISE_LIMIT, Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label, Shade
from ..rules import subset_counts
from ..rules.between import BLACK, between, sum_between_placed
from ..rules.grid import check_board
from ..rules.numbers import Numbers

NAME = "doppelblock"
MAX_SIDE = 30


@dataclass(frozen=True)
class Instance:
    """An n x n board (n >= 3) and its sums: ``cols[c]`` above column c,
    ``rows[r]`` left of row r (None: no number)."""

    size: int
    cols: tuple
    rows: tuple

    def __post_init__(self) -> None:
        check_board(self.size, self.size, MAX_SIDE, (), "cell")
        if self.size < 3:
            raise InputError(f"a doppelblock board has at least 3 rows, not {self.size}")
        most = sum(range(1, self.size - 1))
        for what, sums in (("column", self.cols), ("row", self.rows)):
            for i, v in enumerate(sums):
                if v is not None and not 0 <= v <= most:
                    raise InputError(f"the sum {v} of {what} {i + 1} is outside 0..{most}")

    def lines(self) -> list[tuple[tuple[str, int], list, int | None]]:
        """((kind, index), cells, sum) of every column, then every row."""
        n = self.size
        return ([(("col", c), [(r, c) for r in range(n)], s) for c, s in enumerate(self.cols)]
                + [(("row", r), [(r, c) for c in range(n)], s) for r, s in enumerate(self.rows)])


def clues(inst: Instance) -> list:
    """The sums, as (`col` or `row`, index, sum)."""
    return [(*key, s) for key, _, s in inst.lines() if s is not None]


class DoppelEncoding(contract.Encoding):
    """``numbers``: a value 0..n-2 per cell (0 black)."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n = inst.size
        cells = [(r, c) for r in range(n) for c in range(n)]
        self.numbers = Numbers(f, cells, range(0, n - 1))
        f.declare_answer(self.numbers.answer(), one_hot=True)
        var = self.numbers.var
        add, pairs = f.clauses.append, f.clauses.extend
        memo: dict = {}  # the sets of digits of each sum, found once
        for key, line, s in inst.lines():
            # two blacks: by subsets up to six cells (no auxiliary, fewer clauses
            # than a sequential counter: 26 against 32 at six), a counter above
            subset_counts.exactly_any(f, [var[c][BLACK] for c in line], 2)
            for v in range(1, n - 1):  # f.exactly_one's clauses, its calls saved below 17
                xs = [var[c][v] for c in line]
                if len(xs) > PAIRWISE_LIMIT:
                    f.exactly_one(xs)
                else:
                    add(xs)
                    pairs(map(list, combinations([-x for x in xs], 2)))
            if s is not None:
                when = self.when((*key, s), "sum", *key)
                sum_between_placed(f, [var[c] for c in line], s, when, memo)

    def decode(self, model):
        n = self.instance.size
        return tuple(tuple(self.numbers.value(model, (r, c)) for c in range(n)) for r in range(n))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return DoppelEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    n = inst.size
    if len(sol) != n or any(len(row) != n for row in sol):
        return [f"the grid is not {n} x {n}"]
    problems = []
    for (kind, i), line, s in inst.lines():
        name = f"{'column' if kind == 'col' else 'row'} {i + 1}"
        values = [sol[r][c] for r, c in line]
        if sorted(values) != [BLACK, BLACK, *range(1, n - 1)]:
            problems.append(f"{name} holds {values}, not two blacks and 1..{n - 2} once each")
        elif s is not None and between(values) != s:
            problems.append(f"{name} sums {between(values)} between its blacks, not {s}")
    return problems


# -- design: a sum can go ----------------------------------------------------------------------
def clues_of(inst: Instance, sol) -> list:
    n = inst.size
    cols = [between([sol[r][c] for r in range(n)]) for c in range(n)]
    return [("col", c, s) for c, s in enumerate(cols)] + [
        ("row", r, between(list(sol[r]))) for r in range(n)]


def with_clues(inst: Instance, chosen) -> Instance:
    sums = {(k, i): s for k, i, s in chosen}
    n = inst.size
    return Instance(n, tuple(sums.get(("col", c)) for c in range(n)),
                    tuple(sums.get(("row", r)) for r in range(n)))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(cols, (None,) * cols, (None,) * cols)


# -- text: `size N`, the `cols` and `rows` sums; janko `N N N-2`, then the two lines ---------
SUMS = Tokens(what="a sum", expect="a number or `-` (no sum)", empty=("-", "."),
              numbers=(0, 999))
DIGITS = Tokens(what="the digit count", expect="a number", empty=(), numbers=(1, MAX_SIDE))
FILLED = Tokens(what="a cell", expect="`x` (black) or a digit", empty=(), values={"x": BLACK},
                numbers=(1, MAX_SIDE))


def _build(n: int, _: int, digits, cols, rows) -> Instance:
    if digits is not None and digits != n - 2:
        raise CellError(f"a {n} x {n} doppelblock board has the digits 1..{n - 2},"
                        f" not 1..{digits}", (0, 0), "digits")
    most = sum(range(1, n - 1))
    for kw, sums in (("cols", cols), ("rows", rows)):
        for i, v in enumerate(sums):
            if v is not None and v > most:
                raise CellError(f"the sum {v} is outside 0..{most}: the digits 1..{n - 2}"
                                f" add up to {most}", (0, i), kw)
    return Instance(n, cols, rows)


FORMAT = Layout(
    NAME, MAX_SIDE, {},
    keywords={"digits": Keyword(DIGITS, default=None),
              "cols": Keyword(SUMS, count="cols"), "rows": Keyword(SUMS, count="rows")},
    build=_build, square=True,
    split=lambda inst: (inst.size, inst.size, {"digits": inst.size - 2, "cols": inst.cols,
                                               "rows": inst.rows}),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko((), header=("digits",), lines=("cols", "rows"), trailing=True),
)


# -- output ----------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The sums outside the grid (drawn in a frame row and column), black cells, digits."""
    n = inst.size
    labels = [Label((0, c + 1), str(s)) for c, s in enumerate(inst.cols) if s is not None]
    labels += [Label((r + 1, 0), str(s)) for r, s in enumerate(inst.rows) if s is not None]
    shades = []
    for r, row in enumerate(solution or ()):
        for c, v in enumerate(row):
            if v == BLACK:
                shades.append(Shade((r + 1, c + 1)))
            else:
                labels.append(Label((r + 1, c + 1), str(v), given=False))
    return Board(n + 1, n + 1, shades=shades, labels=labels,
                 notes=("sums stand in the first row and column",))


def _from_url(b: PzBoard) -> Instance:
    if b.cols != b.rows:
        raise b.where("a doppelblock board is square")
    top, left = b.value
    try:
        return Instance(b.cols, top, left)
    except InputError as exc:
        raise b.where(exc.message) from None


PUZZLINK = Codec(names=("doppelblock",), body=ExCells(), build=_from_url,
                 split=lambda inst: PzBoard(inst.size, inst.size, (inst.cols, inst.rows)),
                 square=True)

GENRE = Genre(
    name=NAME, aliases=("DoppelBlock", "double-block", "doppelblock"),
    summary="two black cells and the digits 1..n-2 in every row and column; a sum outside"
            " is the total between the two blacks",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, blank=blank,
                  clue_name=lambda cl: f"{'column' if cl[0] == 'col' else 'row'} {cl[1] + 1}"),
)

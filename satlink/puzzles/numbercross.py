"""Number Cross (Zahlenkreuz): shade numbers until every line adds up.

Rules (janko, Zahlenkreuz): every cell holds a number; shade some cells so
that the numbers left unshaded in each row add up to the total beside the
row, and those in each column to the total below the column. (Shaded
cells may touch, and the unshaded ones need not be connected: the
published solutions do both.)

Encoding (encodings/numbercross.md): a shading variable per cell; each
total a weighted sum of the unshaded literals
(:func:`satlink.rules.sums.linear`, the layered automaton over partial
sums), after the cells each line's total alone forces are fixed (direct
mode).

A solution is the set of shaded cells.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..contract import Encoding, Options
from ..formats.cellgrid import Janko, Keyword, Layout, Tokens
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label, Shade
from ..rules import sums
from ..rules.grid import Cell, Grid
from ..rules.subset_sums import exact_sum, narrow
from ._shaded_text import SHADED_CELLS

NAME = "numbercross"
MAX_SIDE = 40


@dataclass(frozen=True)
class Instance:
    """``numbers[r][c]`` of a ``rows`` x ``cols`` grid, the ``row_totals``
    and ``col_totals`` (None: no total)."""

    rows: int
    cols: int
    numbers: tuple[tuple[int, ...], ...]
    row_totals: tuple[int | None, ...]
    col_totals: tuple[int | None, ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def lines(self) -> list[tuple[tuple[str, int], list[Cell], int | None]]:
        """Every row and column: its clue key, its cells, its total."""
        return ([(("row", r), [(r, c) for c in range(self.cols)], t)
                 for r, t in enumerate(self.row_totals)]
                + [(("col", c), [(r, c) for r in range(self.rows)], t)
                   for c, t in enumerate(self.col_totals)])


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[str, int, int]]:
    """The totals, as (`row` or `col`, index, total)."""
    return [(*key, t) for key, _, t in inst.lines() if t is not None]


class NumberCrossEncoding(Encoding):
    """One shading variable per cell; each total behind its selector. In
    direct mode the totals first fix the cells their lines alone force
    (:func:`satlink.rules.subset_sums.narrow`): those become units and
    leave their lines' automata."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.var = {c: f.var("shaded", *c) for c in inst.grid.cells}
        direct = options.clues == "direct"
        lines = [(key, cells, t) for key, cells, t in inst.lines() if t is not None]
        weight = {c: inst.numbers[c[0]][c[1]] for c in inst.grid.cells}
        fixed: dict[Cell, bool] = {}  # cell -> unshaded
        if direct:
            fixed, possible = narrow([(cells, t) for _, cells, t in lines], weight)
            if not possible:
                f.add([])
            for c, unshaded in fixed.items():
                f.add([-self.var[c] if unshaded else self.var[c]])
        for key, cells, t in lines:
            when = self.when((*key, t), "total", *key)
            open_ = [c for c in cells if c not in fixed]
            if not open_:
                continue
            rest = t - sum(weight[c] for c in cells if fixed.get(c))
            terms = [(-self.var[c], weight[c]) for c in open_]
            if direct:
                exact_sum(f, terms, rest)
            else:
                sums.linear(f, terms, "==", rest, when=when)
        f.declare_answer([self.var[c] for c in inst.grid.cells])

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.var.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NumberCrossEncoding:
    return NumberCrossEncoding(inst, f, options)


def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a shading, from the rules (empty when solved)."""
    problems = []
    for (kind, i), cells, t in inst.lines():
        got = sum(inst.numbers[r][c] for r, c in cells if (r, c) not in shaded)
        if t is not None and got != t:
            what = "row" if kind == "row" else "column"
            problems.append(f"{what} {i + 1} adds up to {got}, not {t}")
    return problems


# -- design: a total can go and the shading stays a solution -------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[str, int, int]]:
    return [(*key, sum(inst.numbers[r][c] for r, c in cells if (r, c) not in shaded))
            for key, cells, _ in inst.lines()]


def with_clues(inst: Instance, chosen) -> Instance:
    at = {(kind, i): t for kind, i, t in chosen}
    return replace(inst, row_totals=tuple(at.get(("row", r)) for r in range(inst.rows)),
                   col_totals=tuple(at.get(("col", c)) for c in range(inst.cols)))


def clue_name(clue) -> str:
    return f"the total of {'row' if clue[0] == 'row' else 'column'} {clue[1] + 1}"


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number", empty=(), numbers=(0, 99),
                 why="the sums are automata over partial sums, kept small")
TOTAL = Tokens(what="a total", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, 99 * MAX_SIDE))

#: `size C x R`, the `rows` and `cols` totals, the `grid` of numbers; janko:
#: `ROWS COLS`, the column totals, the row totals, the grid.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    keywords={"rows": Keyword(TOTAL, count="rows"), "cols": Keyword(TOTAL, count="cols")},
    build=lambda r, c, grid, rows, cols: Instance(r, c, grid, rows, cols),
    split=lambda inst: (inst.rows, inst.cols, inst.numbers,
                        {"rows": inst.row_totals, "cols": inst.col_totals}),
    solution=SHADED_CELLS,
    janko=Janko(NUMBERS, lines=("cols", "rows")),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The numbers, the totals right of the rows and below the columns, the shading."""
    labels = [Label((r, c), str(v), given=False) for r, row in enumerate(inst.numbers)
              for c, v in enumerate(row)]
    labels += [Label((r, inst.cols), str(t)) for r, t in enumerate(inst.row_totals)
               if t is not None]
    labels += [Label((inst.rows, c), str(t)) for c, t in enumerate(inst.col_totals)
               if t is not None]
    return Board(inst.rows, inst.cols, labels=labels,
                 shades=[Shade(c, "gray") for c in sorted(solution or ())])


GENRE = Genre(
    name=NAME, aliases=("NumberCross", "zahlenkreuz", "number-cross"),
    summary="shade numbers so that each row's and column's unshaded numbers add up to its total",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

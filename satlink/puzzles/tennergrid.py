"""Tenner Grid: rows of all ten digits, touching cells different, column sums.

Rules: write a digit 0..9 into every cell of a grid ten cells wide (0..W-1
on a board W wide) so that every row holds each digit exactly once, no two
cells that touch (diagonally too) hold the same digit, and the digits of
each column add up to the number below it. Some digits are given.

Encoding (encodings/tennergrid.md): :class:`satlink.rules.latin.Latin` over
the rows, with the givens; touching cells of neighbouring rows apart
(:mod:`satlink.rules.apart_values`: its clauses, and its filter in the
narrowing); each column total an :func:`satlink.rules.arithmetic.cage_is`
``+`` cage, whose filter narrows the cells first (vertical neighbours apart).

A solution is the grid of digits (without the totals row), a tuple of rows.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Answer, CellError, Keyword, Layout, Tokens, board, given
from ..formats.grid_text import GridText
from ..formula import Formula
from ..genre import Design, Genre, Written
from ..genre_answers import VALUE_GRID
from ..render import Board, Label
from ..rules import arithmetic as arith
from ..rules.apart_values import apart_filter, apart_values
from ..rules.latin import Latin, broken_units

NAME = "tennergrid"
MAX_SIDE = 10


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]`` (None when blank) of a ``rows`` x ``cols`` grid and
    ``totals[c]`` (None: no total under column c)."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]
    totals: tuple[int | None, ...]

    def touching(self) -> list[list[tuple[int, int]]]:
        """Every pair of touching cells in neighbouring rows (a row's own
        pairs are in the row)."""
        return [[(r, c), (r + 1, c + d)] for r in range(self.rows - 1)
                for c in range(self.cols) for d in (-1, 0, 1) if 0 <= c + d < self.cols]

    def column(self, c: int) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.rows)]


def make(rows: int, cols: int, givens, totals) -> Instance:
    """Build and validate: givens are digits 0..cols-1."""
    for (r, c), v in given(givens):
        if v >= cols:
            raise CellError(f"digit {v} at row {r + 1}, column {c + 1} is above {cols - 1}:"
                            f" a row of {cols} holds 0..{cols - 1}", (r, c))
    return Instance(rows, cols, tuple(map(tuple, givens)), tuple(totals))


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple]:
    """The givens, ("digit", r, c, v), and the totals, ("total", c, t)."""
    return ([("digit", r, c, v) for (r, c), v in given(inst.givens)]
            + [("total", c, t) for c, t in enumerate(inst.totals) if t is not None])


class TennerEncoding(contract.Encoding):
    """:attr:`square` (a :class:`Latin` over the rows), touching cells apart, the column sums."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        rows = [[(r, c) for c in range(inst.cols)] for r in range(inst.rows)]
        cells = [cell for row in rows for cell in row]
        in_row = [[r] * inst.cols for r in range(inst.rows)]  # a row's own pairs: its unit
        below = [(i, i + 1) for i in range(inst.rows - 1)]  # a column's touching cells
        totals = [(c, t) for c, t in enumerate(inst.totals) if t is not None]
        filters = [apart_filter(cells, inst.touching())] + [(inst.column(c), arith.cage_filter(
            "+", t, below)) for c, t in totals] if direct else ()
        self.square = sq = Latin(f, cells, rows, range(inst.cols),
                                 {(r, c): v for (r, c), v in given(inst.givens)},
                                 filters=filters, selectors=not direct)
        apart_values(f, sq.numbers.var, same=in_row)  # touching differ
        if not direct:
            for (r, c), v in given(inst.givens):
                self.selectors[("digit", r, c, v)] = sq.selector((r, c), v)
        for c, t in totals:
            when = self.when(("total", c, t), "total", c)
            cells = inst.column(c)
            arith.cage_is(sq.numbers, cells, "+", t, when=when, fixed=sq.fixed,
                          apart=[(cells[i], cells[j]) for i, j in below])

    def decode(self, model):
        inst = self.instance
        return tuple(tuple(self.square.value(model, (r, c)) for c in range(inst.cols))
                     for r in range(inst.rows))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return TennerEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.rows} x {inst.cols}"]
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}
    problems = broken_units(values, [(f"row {r + 1}", [(r, c) for c in range(inst.cols)])
                                     for r in range(inst.rows)], range(inst.cols))
    problems += [f"r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1} touch and both hold"
                 f" {values[a]}" for a, b in inst.touching() if values[a] == values[b]]
    problems += [f"r{r + 1}c{c + 1} holds {sol[r][c]}, not the given {v}"
                 for (r, c), v in given(inst.givens) if sol[r][c] != v]
    for c, t in enumerate(inst.totals):
        got = sum(values[cell] for cell in inst.column(c))
        if t is not None and got != t:
            problems.append(f"column {c + 1} adds up to {got}, not {t}")
    return problems


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
def clues_of(inst: Instance, sol) -> list[tuple]:
    """Every digit of ``sol`` as a given, and every column's total."""
    return ([("digit", r, c, v) for r, row in enumerate(sol) for c, v in enumerate(row)]
            + [("total", c, sum(row[c] for row in sol)) for c in range(inst.cols)])


def with_clues(inst: Instance, chosen) -> Instance:
    totals = {k[1]: k[2] for k in chosen if k[0] == "total"}
    return replace(inst, givens=board(inst.rows, inst.cols, {
        (k[1], k[2]): k[3] for k in chosen if k[0] == "digit"}),
        totals=tuple(totals.get(c) for c in range(inst.cols)))


def clue_name(clue) -> str:
    if clue[0] == "digit":
        return f"the given of r{clue[1] + 1}c{clue[2] + 1}"
    return f"the total of column {clue[1] + 1}"


# -- .pzl and grid text --------------------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit or `.`", numbers=(0, 9))
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(0, 9))
TOTAL = Tokens(what="a column total", expect="a total or `-`", numbers=(0, 9 * 200))
TOTALS = Keyword(TOTAL, count="cols")

#: `size W x R`, the `totals` line (one per column, `-` none) and a `grid`
#: of givens; janko: `R+1 W`, the rows of givens, then the totals row.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": DIGITS},
    build=lambda rows, cols, givens, totals: make(rows, cols, givens, totals),
    split=lambda inst: (inst.rows, inst.cols, inst.givens, {"totals": inst.totals}),
    keywords={"totals": TOTALS},
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
)


def _body(grid: GridText) -> tuple[int, int, list]:
    """janko's `R+1 W` header, its R rows of the grid, its totals row (checked)."""
    rows, cols = grid.header_ints(2)[:2]
    if not (2 <= rows <= MAX_SIDE + 1 and 1 <= cols <= MAX_SIDE):
        raise grid.error(f"size {rows} x {cols} (rows with the totals, columns) is outside"
                         f" 2..{MAX_SIDE + 1} x 1..{MAX_SIDE}", grid.lines[0][0].pos)
    body = replace(grid, lines=grid.lines[:rows]).grid(1, rows - 1, cols)
    return rows - 1, cols, body + grid.grid(rows, 1, cols)


def from_grid_text(grid: GridText) -> Instance:
    """janko's grid text: `R+1 W`, the givens (`-` blank), the totals row."""
    rows, cols, body = _body(grid)
    totals = TOTALS.words("totals", body[-1], rows, cols, grid.error, body[-1][0].pos)
    return FORMAT.read(rows, cols, [body[:-1]], grid.error, grid.lines[0][0].pos,
                       values={"totals": totals}, words={"totals": body[-1]})


def solution_from_grid_text(grid, inst: Instance):
    """A published solution: the filled rows, then the totals row (not read)."""
    if isinstance(grid, str):
        from ..formats.grid_text import split

        grid = split(grid, "<solution>")
    rows, cols, body = _body(grid)
    if (rows, cols) != (inst.rows, inst.cols):
        raise grid.error(f"the solution is {rows} x {cols}, the puzzle {inst.rows} x"
                         f" {inst.cols}", grid.lines[0][0].pos)
    return FILLED.rows(body[:-1], grid.error, " of the solution")


TEXT = Written(from_document=FORMAT.from_document, to_pzl=FORMAT.to_pzl,
               check_header=FORMAT.check_header, expected_solution=FORMAT.expected_solution,
               from_grid_text=from_grid_text, solution_from_grid_text=solution_from_grid_text)


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The grid with its givens (and solved digits), the totals in a row below."""
    labels = [Label(cell, str(v)) for cell, v in given(inst.givens)]
    if solution is not None:
        labels += [Label((r, c), str(v), given=False) for r, row in enumerate(solution)
                   for c, v in enumerate(row) if inst.givens[r][c] is None]
    labels += [Label((inst.rows, c), str(t)) for c, t in enumerate(inst.totals) if t is not None]
    return Board(inst.rows, inst.cols, labels=labels)


GENRE = Genre(
    name=NAME, aliases=("TennerGrid", "tenner"),
    summary="rows of 0-9 once each, touching cells differ, columns add up to their totals",
    instance=Instance, text=TEXT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

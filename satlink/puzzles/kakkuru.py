"""Kakkuru (Lateinische Summen, Latin Sums): a Latin square with grey cells
that sum their neighbours.

Rules (janko): every row and column has the same number N of white cells;
write a digit 1..N into each white cell so that every row and column holds
each digit exactly once. A number in a grey cell is the sum of the digits
in the (up to eight) cells around it, diagonal neighbours included. A grey
cell may also be blank (``x``: what is left when a designer removes a sum).

Encoding (encodings/kakkuru.md): :class:`satlink.rules.latin.Latin` over the
white cells, the rows' and columns' white cells its units; each sum a
:func:`satlink.rules.arithmetic.cage_is` ``+`` cage over its white
neighbours (digits may repeat there, except within a row or column), whose
:func:`~satlink.rules.arithmetic.cage_filter` narrows the cells first.

A solution is the grid of digits, None on grey cells.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..rules import arithmetic as arith
from ..rules.grid import Grid
from ..rules.latin import Latin, broken_units

NAME = "kakkuru"
MAX_SIDE = 36
#: A grey cell without a number.
BLANK = "x"


@dataclass(frozen=True)
class Instance:
    """``cells[r][c]``: None for a white cell, a sum (int) or :data:`BLANK`
    for a grey one."""

    rows: int
    cols: int
    cells: tuple[tuple[int | str | None, ...], ...]

    @property
    def digits(self) -> int:
        """N: the white cells of each row (and column)."""
        return sum(v is None for v in self.cells[0])

    def units(self) -> list[tuple[str, list]]:
        """The white cells of every row and column, named."""
        rows = [(f"row {r + 1}", [(r, c) for c in range(self.cols) if self.cells[r][c] is None])
                for r in range(self.rows)]
        return rows + [(f"column {c + 1}", [(r, c) for r in range(self.rows)
                                            if self.cells[r][c] is None])
                       for c in range(self.cols)]

    def sums(self) -> list[tuple[tuple[int, int], int, list]]:
        """Each numbered grey cell, its sum and its white neighbours."""
        grid = Grid(self.rows, self.cols)
        return [(cell, v, [n for n in grid.around(cell)
                           if self.cells[n[0]][n[1]] is None])
                for cell, v in given(self.cells) if v != BLANK]


def make(rows: int, cols: int, cells) -> Instance:
    """Build and validate: every row and column has the same number of
    white cells, at least one (:class:`CellError` at the row's or column's
    first cell)."""
    inst = Instance(rows, cols, tuple(map(tuple, cells)))
    n = inst.digits
    for name, unit in inst.units():
        if len(unit) != n or not n:
            r, c = (int(name.split()[1]) - 1, 0) if name.startswith("row") else (
                0, int(name.split()[1]) - 1)
            raise CellError(f"{name} has {len(unit)} white cells, row 1 {n}: every row and"
                            " column needs the same number, at least one", (r, c))
    return inst


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The sums, as (row, column, sum)."""
    return [(*cell, v) for cell, v, _ in inst.sums()]


class KakkuruEncoding(contract.Encoding):
    """:attr:`square` (a :class:`Latin` over the white cells) and each sum
    over its open neighbours."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        units = [u for _, u in inst.units()]
        white = [c for u in units[:inst.rows] for c in u]
        groups = [(cell, v, around, arith.apart_pairs(around)) for cell, v, around in inst.sums()]
        filters = [(around, arith.cage_filter("+", v, pairs))
                   for _, v, around, pairs in groups] if direct else ()
        self.square = sq = Latin(f, white, units, range(1, inst.digits + 1),
                                 filters=filters, selectors=not direct)
        for cell, v, around, pairs in groups:
            when = self.when((*cell, v), "sum", *cell)
            arith.cage_is(sq.numbers, around, "+", v, when=when, fixed=sq.fixed,
                          apart=[(around[i], around[j]) for i, j in pairs])

    def decode(self, model):
        inst = self.instance
        return tuple(tuple(self.square.value(model, (r, c)) if inst.cells[r][c] is None
                           else None for c in range(inst.cols)) for r in range(inst.rows))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return KakkuruEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.rows} x {inst.cols}"]
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)
              if inst.cells[r][c] is None}
    problems = broken_units(values, inst.units(), range(1, inst.digits + 1))
    problems += [f"r{r + 1}c{c + 1} is grey and holds {sol[r][c]}"
                 for r in range(inst.rows) for c in range(inst.cols)
                 if inst.cells[r][c] is not None and sol[r][c] is not None]
    for (r, c), v, around in inst.sums():
        got = sum(values[n] or 0 for n in around)
        if got != v:
            problems.append(f"the cells around r{r + 1}c{c + 1} add up to {got}, not {v}")
    return problems


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    """The sum of every grey cell's neighbours in ``sol``."""
    grid = Grid(inst.rows, inst.cols)
    return [(r, c, sum(sol[n[0]][n[1]] or 0 for n in grid.around((r, c))))
            for (r, c), _ in given(inst.cells)]


def with_clues(inst: Instance, chosen) -> Instance:
    at = {cell: BLANK for cell, _ in given(inst.cells)}
    at.update({(r, c): v for r, c, v in chosen})
    return replace(inst, cells=board(inst.rows, inst.cols, at))


def clue_name(clue) -> str:
    return f"the sum of r{clue[0] + 1}c{clue[1] + 1}"


# -- .pzl and grid text --------------------------------------------------------------------
CELLS = Tokens(what="a cell", expect="a sum, `x` (a grey cell without one) or `.` (white)",
               values={BLANK: BLANK}, numbers=(0, 8 * MAX_SIDE))
FILLED = Tokens(what="a digit", expect="a digit, or `.` on a grey cell", numbers=(1, MAX_SIDE))
#: janko writes the grey cells' sums (or `-`) into its solutions.
PUBLISHED = Tokens(what="a digit", expect="a digit", numbers=(0, 8 * MAX_SIDE))


def _white_only(values, inst):
    return tuple(tuple(v if inst.cells[r][c] is None else None for c, v in enumerate(row))
                 for r, row in enumerate(values))


#: `size C x R` and a `grid` of sums, `x` and `.`; janko: `R C`, the sums and `-`.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS},
    build=make, split=lambda inst: (inst.rows, inst.cols, inst.cells),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(CELLS, solution=PUBLISHED, read=_white_only),
)


# -- output ------------------------------------------------------------------------------
def solution_json(inst: Instance, sol) -> list[list[int | None]]:
    return [list(row) for row in sol]


def cells(inst: Instance, sol) -> dict[str, int]:
    """White cell name (`r3c4`) -> digit."""
    return {Grid.name((r, c)): v for r, row in enumerate(sol) for c, v in enumerate(row)
            if v is not None}


def picture(inst: Instance, solution=None) -> Board:
    """Grey cells with their sums; the solved digits in the white ones."""
    labels = [Label(cell, str(v)) for cell, v in given(inst.cells) if v != BLANK]
    if solution is not None:
        labels += [Label((r, c), str(v), given=False) for r, row in enumerate(solution)
                   for c, v in enumerate(row) if v is not None]
    return Board(inst.rows, inst.cols, labels=labels,
                 shades=[Shade(cell, "gray") for cell, _ in given(inst.cells)])


GENRE = Genre(
    name=NAME, aliases=("Kakkuru", "lateinischesummen", "latinsums", "latin-sums"),
    summary="digits 1..N once per row and column of white cells; grey cells sum their"
            " eight neighbours",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

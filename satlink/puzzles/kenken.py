"""KenKen (Kendoku, Calcudoku): a Latin square whose cages compute their clue.

Rules (janko, Kendoku): write a digit 1..n into every cell of the n x n
grid so that every row and column holds each digit exactly once; the
digits of each cage combine to its clue by the clue's operation: ``+``
their sum, ``*`` (``x``) their product, ``-`` the difference and ``/`` the
quotient of a two-cell cage (larger over smaller). A clue without an
operation stands for one of those that fits (a one-cell cage: its digit).
A digit may repeat in a cage, though not in a row or column.

Encoding (encodings/kenken.md): :class:`satlink.rules.latin.Latin` over the
rows and columns, each clued cage :func:`satlink.rules.arithmetic.cage_is`
(the table of its digit tuples, an automaton where they are many), whose
:func:`~satlink.rules.arithmetic.cage_filter` narrows the cells first.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label
from ..render.board import region_borders
from ..rules import arithmetic as arith
from ..rules.latin import Latin, connected, named_regions
from . import _latin_board as latin_board

NAME = "kenken"
MAX_SIDE = 36
#: How a clue's operation is written (`x` and `?` read as `*` and no sign).
SIGNS = {"+": "+", "-": "-", "*": "*", "x": "*", "/": "/", "": "?"}


@dataclass(frozen=True)
class Instance:
    """An n x n grid, ``cages[r][c]`` (cages numbered 1.. in reading order
    of their first cells) and ``clues[r][c]``: a cage's (total, operation)
    in one of its cells, else None."""

    size: int
    clues: tuple[tuple[tuple[int, str] | None, ...], ...]
    cages: tuple[tuple[int, ...], ...]

    def cage_list(self) -> list[tuple[list, tuple[int, str] | None]]:
        """Every cage's cells and clue (None without one)."""
        out = []
        for cells in named_regions(self.cages).values():
            clued = [self.clues[r][c] for r, c in cells if self.clues[r][c] is not None]
            out.append((cells, clued[0] if clued else None))
        return out


def make(size: int, clues, cages) -> Instance:
    """Build and validate: cages connected, one clue each at most, `-` and
    `/` on two cells (:class:`CellError` at the cell)."""
    names = named_regions(cages)
    number = {name: k for k, name in enumerate(names, 1)}
    for name, cells in names.items():
        if not connected(cells):
            raise CellError(f"cage `{name}` is not connected", cells[0], "cages")
        clued = [cell for cell in cells if clues[cell[0]][cell[1]] is not None]
        if len(clued) > 1:
            raise CellError(f"cage `{name}` has two clues", clued[1], "grid")
        for r, c in clued:
            total, op = clues[r][c]
            if not arith.applies(op, len(cells)):
                raise CellError(f"a {arith.OPS[op]} clue needs a cage of two cells, not"
                                f" {len(cells)}", (r, c), "grid")
    return Instance(size, tuple(map(tuple, clues)),
                    tuple(tuple(number[v] for v in row) for row in cages))


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[int, int, int, str]]:
    """The cage clues, as (row, column, total, operation) of the cell that shows it."""
    return [(r, c, *v) for (r, c), v in given(inst.clues)]


class KenKenEncoding(contract.Encoding):
    """:attr:`square` (a :class:`Latin` over rows and columns) and each
    clued cage's arithmetic over its open cells."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n = inst.size
        direct = options.clues == "direct"
        clued = [(cells, clue) for cells, clue in inst.cage_list() if clue is not None]
        filters = [(cells, arith.cage_filter(op, total, arith.apart_pairs(cells)))
                   for cells, (total, op) in clued] if direct else ()
        self.square = sq = Latin(f, latin_board.cells(n), latin_board.units(n), range(1, n + 1),
                                 filters=filters, selectors=not direct)
        for cells, (total, op) in clued:
            when = self._when(cells, total, op)
            pairs = arith.apart_pairs(cells)
            arith.cage_is(sq.numbers, cells, op, total, when=when, fixed=sq.fixed,
                          apart=[(cells[i], cells[j]) for i, j in pairs])

    def _when(self, cells, total, op) -> int | None:
        r, c = next(cell for cell in cells if self.instance.clues[cell[0]][cell[1]] is not None)
        return self.when((r, c, total, op), "clue", r, c)

    def decode(self, model):
        return latin_board.digits(self.square, model, self.instance.size)


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return KenKenEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    if not latin_board.fits(sol, inst.size):
        return latin_board.square_problems(sol, inst.size)
    problems, values = latin_board.square_problems(sol, inst.size), latin_board.values(sol)
    for cells, clue in inst.cage_list():
        if clue is not None and not arith.holds(clue[1], clue[0], [values[c] for c in cells]):
            problems.append(f"the cage at r{cells[0][0] + 1}c{cells[0][1] + 1} does not make"
                            f" {show_clue(clue)}")
    return problems


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int, str]]:
    """Every clue the board could show that ``sol`` obeys: each cage's
    clue with its operation (a cage without one: its sum), where it stands
    (else in the cage's first cell)."""
    out = []
    for cells, clue in inst.cage_list():
        digits = [sol[r][c] for r, c in cells]
        op = clue[1] if clue is not None else "+"
        total = arith.result(op, digits) if op != "?" else (clue[0] if arith.holds(
            op, clue[0], digits) else None)
        if total is None:
            op, total = "+", sum(digits)
        at = next(((r, c) for r, c in cells if inst.clues[r][c] is not None), cells[0])
        out.append((*at, total, op))
    return out


def with_clues(inst: Instance, chosen) -> Instance:
    return replace(inst, clues=board(inst.size, inst.size,
                                     {(r, c): (t, op) for r, c, t, op in chosen}))


def clue_name(clue) -> str:
    return f"the clue of r{clue[0] + 1}c{clue[1] + 1}"


# -- .pzl and grid text --------------------------------------------------------------------
def parse_clue(text: str):
    """`24*`, `2/`, `3-`, `7+`, `3x`, `5` (no operation) -> (total, op)."""
    m = re.fullmatch(r"(\d{1,6})([-+*x/]?)", text)
    return (int(m.group(1)), SIGNS[m.group(2)]) if m else None


def show_clue(clue) -> str:
    total, op = clue
    return f"{total}{'' if op == '?' else op}"


CLUES = Tokens(what="a cage clue", expect="a total and an operation (`12*`, `2/`, `3-`,"
               " `7+`, `5`) or `.`", parse=parse_clue, show=show_clue)
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, MAX_SIDE))
CAGES = Tokens(what="a cage name", expect="a cage name (letters or digits)", empty=(),
               parse=lambda t: t if t.isalnum() else None, show=str)

def layout(name: str, clue_tokens: Tokens) -> Layout:
    """`size N`, a `grid` of clues (each in one cell of its cage) and a
    `cages` block of cage names; janko: `N N`, the clues (`-` none), the
    cage numbers. Factors writes its clues otherwise."""
    return Layout(
        name, MAX_SIDE, {"grid": clue_tokens, "cages": CAGES},
        build=lambda rows, cols, clues, cages: make(rows, clues, cages),
        split=lambda inst: (inst.size, inst.size, inst.clues,
                            tuple(tuple(str(v) for v in row) for row in inst.cages)),
        solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
        janko=Janko((clue_tokens, CAGES), solution=FILLED),
        square=True,
    )


FORMAT = layout(NAME, CLUES)


# -- output (the digits: answer=VALUE_GRID) -----------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The cages' borders and their clues, or the solved digits."""
    n = inst.size
    if solution is None:
        labels = [Label(cell, show_clue(v).replace("*", "×").replace("/", "÷"))
                  for cell, v in given(inst.clues)]
    else:
        labels = [Label((r, c), str(solution[r][c]), given=False)
                  for r in range(n) for c in range(n)]
    return Board(n, n, labels=labels,
                 edges=region_borders(n, n, lambda cell: inst.cages[cell[0]][cell[1]]))


GENRE = Genre(
    name=NAME, aliases=("KenKen", "kendoku", "calcudoku", "mathdoku"),
    summary="Latin square whose cages make their clue by +, -, * or /",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

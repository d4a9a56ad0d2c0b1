"""Mathrax: a Latin square with clues on the grid's inner corners.

Rules (janko): write a digit 1..n into every cell of the n x n grid so that
every row and column holds each digit exactly once. A clue on the corner
where four cells meet speaks of its two diagonal pairs (top left with
bottom right, top right with bottom left): ``k+`` each pair adds up to k,
``k-`` differs by k, ``k*`` multiplies to k, ``k/`` divides to k (larger
over smaller); ``e`` the four digits are even, ``o`` odd. Some digits are
given.

Encoding (encodings/mathrax.md): :class:`satlink.rules.latin.Latin` over the
rows and columns with the givens; each pair of an arithmetic clue
:func:`satlink.rules.arithmetic.cage_is` (its table of digit pairs), whose
filter narrows the cells first; ``e`` and ``o`` refuse the other parity.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.grid_text import GridText
from ..formula import Formula
from ..genre import Design, Genre, Written
from ..genre_answers import VALUE_GRID
from ..document import Token
from ..render import Board, Label
from ..rules import arithmetic as arith
from ..rules.counts import guarded
from ..rules.latin import Latin
from . import _latin_board as latin_board

NAME = "mathrax"
MAX_SIDE = 36
PARITY = {"e": 0, "o": 1}


@dataclass(frozen=True)
class Instance:
    """An n x n grid: ``givens[r][c]`` (None when blank) and ``corners[r][c]``:
    the clue (total, op) on the lower right corner of cell (r, c), op one
    of ``+ - * /`` or ``e``/``o`` (total 0), else None."""

    size: int
    givens: tuple[tuple[int | None, ...], ...]
    corners: tuple[tuple[tuple[int, str] | None, ...], ...]


def pairs(r: int, c: int) -> list[list[tuple[int, int]]]:
    """The two diagonal pairs around the corner below right of cell (r, c)."""
    return [[(r, c), (r + 1, c + 1)], [(r, c + 1), (r + 1, c)]]


def make(size: int, givens, corners) -> Instance:
    """Build and validate: digits 1..n, corners inside the grid."""
    for (r, c), v in given(givens):
        if v > size:
            raise CellError(f"digit {v} at row {r + 1}, column {c + 1} is above {size}", (r, c))
    for (r, c), _ in given(corners):
        if r == size - 1 or c == size - 1:
            raise CellError(f"a clue at row {r + 1}, column {c + 1} lies on the board's edge:"
                            " a corner clue sits where four cells meet", (r, c), "corners")
    return Instance(size, tuple(map(tuple, givens)), tuple(map(tuple, corners)))


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple]:
    """The givens, ("digit", r, c, v), and the corner clues, ("corner", r, c, total, op)."""
    return ([("digit", r, c, v) for (r, c), v in given(inst.givens)]
            + [("corner", r, c, *v) for (r, c), v in given(inst.corners)])


class MathraxEncoding(contract.Encoding):
    """:attr:`square` (a :class:`Latin` with the givens) and each corner clue."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n = inst.size
        direct = options.clues == "direct"
        corners = [((r, c), v) for (r, c), v in given(inst.corners)]
        domains, filters = {}, []
        if direct:
            for (r, c), (total, op) in corners:
                for pair in pairs(r, c):
                    if op in PARITY:
                        domains.update((cell, [v for v in domains.get(cell, range(1, n + 1))
                                               if v % 2 == PARITY[op]]) for cell in pair)
                    else:
                        filters.append((pair, arith.cage_filter(op, total)))  # may repeat
        self.square = sq = Latin(f, latin_board.cells(n), latin_board.units(n),
                                 range(1, n + 1), {(r, c): v for (r, c), v in given(inst.givens)},
                                 domains=domains, filters=filters, selectors=not direct)
        if not direct:
            for (r, c), v in given(inst.givens):
                self.selectors[("digit", r, c, v)] = sq.selector((r, c), v)
        for (r, c), (total, op) in corners:
            when = self.when(("corner", r, c, total, op), "corner", r, c)
            for pair in pairs(r, c):
                if op not in PARITY:
                    arith.cage_is(sq.numbers, pair, op, total, when=when, fixed=sq.fixed)
                    continue
                with guarded(f, when):
                    for cell in pair:
                        if cell in sq.fixed:
                            if sq.fixed[cell] % 2 != PARITY[op]:
                                f.add([])
                        else:
                            f.extend([-x] for v, x in sq.numbers.var[cell].items()
                                     if v % 2 != PARITY[op])

    def decode(self, model):
        return latin_board.digits(self.square, model, self.instance.size)


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return MathraxEncoding(inst, f, options)


def holds(clue, a: int, b: int) -> bool:
    """Whether a diagonal pair (a, b) obeys a corner clue."""
    total, op = clue
    return a % 2 == b % 2 == PARITY[op] if op in PARITY else arith.holds(op, total, [a, b])


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    if not latin_board.fits(sol, inst.size):
        return latin_board.square_problems(sol, inst.size)
    problems, values = latin_board.square_problems(sol, inst.size), latin_board.values(sol)
    problems += [f"r{r + 1}c{c + 1} holds {sol[r][c]}, not the given {v}"
                 for (r, c), v in given(inst.givens) if sol[r][c] != v]
    for (r, c), clue in given(inst.corners):
        if not all(holds(clue, values[a], values[b]) for a, b in pairs(r, c)):
            problems.append(f"the corner below right of r{r + 1}c{c + 1} breaks"
                            f" {show_clue(clue)}")
    return problems


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
def clues_of(inst: Instance, sol) -> list[tuple]:
    """Every digit of ``sol`` as a given, and a clue on every inner corner
    whose pairs agree: the board's own clue there when ``sol`` obeys it,
    else the first of ``+ - * / e o`` that both pairs make alike."""
    n = inst.size
    out = [("digit", r, c, sol[r][c]) for r in range(n) for c in range(n)]
    for r in range(n - 1):
        for c in range(n - 1):
            (a, b), (x, y) = [(sol[p[0]][p[1]], sol[q[0]][q[1]]) for p, q in pairs(r, c)]
            options = [inst.corners[r][c]] + [
                (arith.result(op, [a, b]), op) for op in "+-*/"] + [(0, "e"), (0, "o")]
            for clue in options:
                if clue is not None and clue[0] is not None and holds(clue, a, b) and holds(
                        clue, x, y):
                    out.append(("corner", r, c, *clue))
                    break
    return out


def with_clues(inst: Instance, chosen) -> Instance:
    n = inst.size
    return replace(inst, givens=board(n, n, {(k[1], k[2]): k[3] for k in chosen
                                             if k[0] == "digit"}),
                   corners=board(n, n, {(k[1], k[2]): k[3:] for k in chosen
                                        if k[0] == "corner"}))


def clue_name(clue) -> str:
    where = f"r{clue[1] + 1}c{clue[2] + 1}"
    return f"the given of {where}" if clue[0] == "digit" else f"the corner below right of {where}"


# -- .pzl and grid text --------------------------------------------------------------------
def parse_clue(text: str):
    """`4+`, `3-`, `12*`, `2/`, `e`, `o` -> (total, op)."""
    if text in PARITY:
        return 0, text
    m = re.fullmatch(r"(\d{1,6})([-+*x/])", text)
    return (int(m.group(1)), m.group(2).replace("x", "*")) if m else None


def show_clue(clue) -> str:
    total, op = clue
    return op if op in PARITY else f"{total}{op}"


DIGITS = Tokens(what="a digit", expect="a digit or `.`", numbers=(1, MAX_SIDE))
CORNERS = Tokens(what="a corner clue", expect="`4+`, `3-`, `12*`, `2/`, `e`, `o` or `.`",
                 parse=parse_clue, show=show_clue)
FILLED = Tokens(what="a digit", expect="a digit", empty=(), numbers=(1, MAX_SIDE))

#: `size N`, a `grid` of givens and a `corners` block: the clue on the lower
#: right corner of each cell (the last row and column hold none); janko: `N N`,
#: the givens, then the N-1 rows of N-1 corner clues.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": DIGITS, "corners": CORNERS},
    build=lambda rows, cols, givens, corners: make(rows, givens, corners),
    split=lambda inst: (inst.size, inst.size, inst.givens, inst.corners),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko((DIGITS, CORNERS), solution=FILLED),
    square=True,
)


def from_grid_text(grid: GridText) -> Instance:
    """janko's grid text: `N N`, N rows of givens, N-1 rows of N-1 corner
    clues (padded with the empty last row and column the layout reads)."""
    n = grid.header_ints(2)[0]
    if not 2 <= n <= MAX_SIDE or grid.header_ints(2)[1] != n:
        raise grid.error(f"a mathrax board is square, 2..{MAX_SIDE} cells a side",
                         grid.lines[0][0].pos)
    givens = replace(grid, lines=grid.lines[:1 + n]).grid(1, n, n)
    corners = grid.grid(1 + n, n - 1, n - 1)
    pad = [list(row) + [Token(".", row[-1].pos)] for row in corners]
    pad.append([Token(".", corners[-1][-1].pos)] * n)
    return FORMAT.read(n, n, [givens, pad], grid.error, grid.lines[0][0].pos)


TEXT = Written(from_document=FORMAT.from_document, to_pzl=FORMAT.to_pzl,
               check_header=FORMAT.check_header, expected_solution=FORMAT.expected_solution,
               from_grid_text=from_grid_text,
               solution_from_grid_text=FORMAT.solution_from_grid_text)


# -- output ------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The givens (and the solved digits); the corner clues as notes below
    the grid (a drawn cell holds one label, and a clue sits on a corner)."""
    n = inst.size
    labels = [Label(cell, str(v)) for cell, v in given(inst.givens)]
    if solution is not None:
        labels += [Label((r, c), str(solution[r][c]), given=False) for r in range(n)
                   for c in range(n) if inst.givens[r][c] is None]
    notes = [f"{show_clue(v)} on the corner of r{r + 1}c{c + 1} and r{r + 2}c{c + 2}"
             for (r, c), v in given(inst.corners)]
    return Board(n, n, labels=labels, notes=notes)


GENRE = Genre(
    name=NAME, aliases=("Mathrax",),
    summary="Latin square; corner clues: both diagonal pairs make k by + - * /, or are even/odd",
    instance=Instance, text=TEXT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

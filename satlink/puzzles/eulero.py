"""Eulero: a Graeco-Latin square, a pair of digits in every cell.

Rules (janko.at "Eulero"): write a pair of digits, each 1..n, into every
cell of the n x n grid so that every row and every column holds each first
digit exactly once and each second digit exactly once, and no pair appears
twice in the grid (so each of the n^2 pairs appears exactly once). Givens
show a whole pair or one of its digits (janko `20`: first 2, second not
shown; `01`: second 1; `00` nothing).

Encoding (encodings/eulero.md): two :class:`satlink.rules.latin.Latin`
squares on one formula, one per digit of the pair (the givens and what
follows from them worked out first), and a pair variable per cell and pair
still possible there, ``pair <-> first and second``, each pair exactly once
over the grid. The givens are the removable clues, a digit each.

A solution is the grid of pairs, a tuple of rows of (first, second).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label
from ..rules.latin import Latin, broken_units, grid_units

NAME = "eulero"
MAX_SIDE = 9
#: The two digits of a pair.
PARTS = ("first", "second")


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]``: None, or a pair (first, second) with None for a
    digit not shown."""

    size: int
    givens: tuple[tuple[tuple[int | None, int | None] | None, ...], ...]

    def __post_init__(self) -> None:
        for (r, c), pair in given(self.givens):
            for v in pair:
                if v is not None and not 1 <= v <= self.size:
                    raise CellError(f"digit {v} at row {r + 1}, column {c + 1} is outside"
                                    f" 1..{self.size}", (r, c))


def clues(inst: Instance) -> list[tuple[int, int, int, int]]:
    """The given digits, as (row, column, 0 first / 1 second, digit)."""
    return [(r, c, k, v) for (r, c), pair in given(inst.givens)
            for k, v in enumerate(pair) if v is not None]


# -- the rules ---------------------------------------------------------------------------
class EuleroEncoding(contract.Encoding):
    """:attr:`squares` (a :class:`Latin` per digit of the pair) and the pair
    variables."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n = inst.size
        cells = [(r, c) for r in range(n) for c in range(n)]
        self.squares = [Latin(f, cells, grid_units(n, n), range(1, n + 1),
                              {(r, c): v for r, c, k, v in clues(inst) if k == part},
                              selectors=options.clues == "selectors", tag=PARTS[part])
                        for part in (0, 1)]
        where: dict[tuple[int, int], list[int]] = {}
        for cell in cells:
            firsts, seconds = (self._lits(sq, cell) for sq in self.squares)
            for a, x in firsts.items():
                for b, y in seconds.items():
                    if x is True and y is True:
                        where.setdefault((a, b), []).append(True)
                        continue
                    z = f.var("pair", *cell, a, b)  # z <-> x and y
                    ins = [lit for lit in (x, y) if lit is not True]
                    f.extend([[-z, lit] for lit in ins])
                    f.add([z, *(-lit for lit in ins)])
                    where.setdefault((a, b), []).append(z)
        for a in range(1, n + 1):
            for b in range(1, n + 1):
                lits = where.get((a, b), [])
                if lits.count(True) > 1:
                    f.add([])
                elif True in lits:
                    f.extend([-z] for z in lits if z is not True)
                else:
                    f.exactly_one(lits)

    @staticmethod
    def _lits(sq: Latin, cell) -> dict[int, int | bool]:
        """The digits ``cell`` may hold in ``sq``, each with its literal (True: decided)."""
        return {sq.fixed[cell]: True} if cell in sq.fixed else sq.numbers.var[cell]

    def selector(self, clue) -> int:
        r, c, k, v = clue
        return self.squares[k].selector((r, c), v)

    def decode(self, model):
        n = self.instance.size
        return tuple(tuple((self.squares[0].value(model, (r, c)) or 0,
                            self.squares[1].value(model, (r, c)) or 0) for c in range(n))
                     for r in range(n))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return EuleroEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid of pairs, from the rules."""
    n = inst.size
    if len(sol) != n or any(len(row) != n or any(len(p) != 2 for p in row) for row in sol):
        return [f"the grid is not {n} x {n} pairs"]
    problems = [f"r{r + 1}c{c + 1} holds {sol[r][c][k]} as its {PARTS[k]} digit, the given"
                f" is {v}" for r, c, k, v in clues(inst) if sol[r][c][k] != v]
    names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
    for k in (0, 1):
        values = {(r, c): sol[r][c][k] for r in range(n) for c in range(n)}
        problems += [f"{PARTS[k]} digits: {p}" for p in
                     broken_units(values, list(zip(names, grid_units(n, n))), range(1, n + 1))]
    pairs = [p for row in sol for p in row]
    problems += [f"the pair {a}{b} appears {pairs.count((a, b))} times"
                 for a, b in sorted(set(pairs)) if pairs.count((a, b)) > 1]
    return problems


# -- design: a given digit can go --------------------------------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int, int]]:
    return [(r, c, k, pair[k]) for r, row in enumerate(sol) for c, pair in enumerate(row)
            for k in (0, 1)]


def with_clues(inst: Instance, chosen) -> Instance:
    grid = [[[None, None] for _ in range(inst.size)] for _ in range(inst.size)]
    for r, c, k, v in chosen:
        grid[r][c][k] = v
    return replace(inst, givens=tuple(tuple(tuple(p) if p != [None, None] else None
                                            for p in row) for row in grid))


def clue_name(clue) -> str:
    return f"r{clue[0] + 1}c{clue[1] + 1}.{PARTS[clue[2]]}"


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(cols, ((None,) * cols,) * cols)


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
def _pair(text: str):
    """`31` a pair, `30` first digit 3 only, `01` second 1 only, `00` none."""
    if len(text) != 2 or not text.isdigit():
        return None
    a, b = (int(ch) or None for ch in text)
    return None if a is b is None else (a, b)


def _show(pair) -> str:
    return "".join(str(v or 0) for v in pair)


#: A cell: `.` (or `00`, janko's `-`) nothing, `31` a pair, `30`/`01` one digit of it.
CELLS = Tokens(what="a pair", expect="two digits (`31`; 0 where not shown) or `.`",
               empty=(".", "-", "00"), parse=_pair, show=_show)
FILLED = Tokens(what="a pair", expect="two digits 1-9 (`31`)", empty=(), parse=_pair,
                show=_show)


def _solution(grid):
    for r, row in enumerate(grid):
        for c, pair in enumerate(row):
            if pair is None or None in pair:
                raise CellError(f"r{r + 1}c{c + 1} of the solution needs both digits", (r, c))
    return grid


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS}, build=lambda rows, cols, grid: Instance(rows, grid),
    split=lambda inst: (inst.size, inst.size, inst.givens),
    solution=Answer(FILLED, read=_solution, write=lambda inst, sol: sol),
    janko=Janko(CELLS), square=True)


# -- output ----------------------------------------------------------------------------------
def solution_json(inst: Instance, sol) -> list[list[list[int]]]:
    """Rows of [first, second] pairs."""
    return [[list(p) for p in row] for row in sol]


def cells(inst: Instance, sol) -> dict[str, str]:
    return {f"r{r + 1}c{c + 1}": _show(p) for r, row in enumerate(sol) for c, p in enumerate(row)}


def picture(inst: Instance, solution=None) -> Board:
    """Each cell's pair as two characters, given digits as clues (`.` not shown)."""
    labels = []
    for r in range(inst.size):
        for c in range(inst.size):
            g = inst.givens[r][c] or (None, None)
            if solution is not None:
                labels.append(Label((r, c), _show(solution[r][c]), given=g == solution[r][c]))
            elif g != (None, None):
                labels.append(Label((r, c), "".join(str(v or ".") for v in g)))
    return Board(inst.size, inst.size, labels=labels)


GENRE = Genre(
    name=NAME, aliases=("Eulero", "graeco-latin", "euler"),
    summary="a pair of digits 1..n per cell: each first and each second digit once per row"
            " and column, every pair once in the grid",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
    batch_shape=lambda inst: inst.size,
)

"""Fuzuli: the digits 1..k once in every row and column, no full 2x2 block.

Rules (janko.at "Fuzuli"): write the digits 1 to k (k is given with the
board) into some cells so that every row and every column holds each of
them exactly once; the other cells stay empty. Every 2x2 block holds at
least one empty cell.

Encoding (encodings/fuzuli.md): a :class:`satlink.rules.numbers.Numbers`
over 0..k per cell (0: empty), exactly one cell per digit in each row and
column, one clause per 2x2 block ("one of its cells is 0"), the givens
fixed (or behind their selectors). Everything is local: no lazy form.

A solution is the grid of digits (None for an empty cell), row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label
from ..rules.grid import Grid, check_board
from ..rules.numbers import Numbers
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "fuzuli"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]``: a digit 1..``digits`` or None."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...]
    digits: int

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def make(rows: int, cols: int, givens, digits: int) -> Instance:
    check_board(rows, cols, MAX_SIDE, (), "cell")
    if not 1 <= digits <= min(rows, cols):
        raise CellError(f"{digits} digits do not fit a line of {min(rows, cols)} cells",
                        (0, 0), "digits")
    for cell, v in given(givens):
        if not 1 <= v <= digits:
            raise CellError(f"digit {v} at {Grid.name(cell)} is outside 1..{digits}", cell, "grid")
    return Instance(rows, cols, tuple(map(tuple, givens)), digits)


def lines(inst: Instance) -> list[list[tuple[int, int]]]:
    """The rows, then the columns."""
    return ([[(r, c) for c in range(inst.cols)] for r in range(inst.rows)]
            + [[(r, c) for r in range(inst.rows)] for c in range(inst.cols)])


def blocks(inst: Instance) -> list[list[tuple[int, int]]]:
    """Every 2x2 block's cells."""
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            for r in range(inst.rows - 1) for c in range(inst.cols - 1)]


# -- the rules ---------------------------------------------------------------------------
class FuzuliEncoding(Encoding):
    """``self.numbers``: 0..k per cell (0 empty)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.numbers = d = Numbers(f, inst.grid.cells, range(inst.digits + 1))
        f.declare_answer(d.answer(), one_hot=True)
        for line in lines(inst):  # each digit once per row and column
            for v in range(1, inst.digits + 1):
                f.exactly_one([d.val(c, v) for c in line])
        for block in blocks(inst):  # an empty cell in every 2x2 block
            f.add([d.val(c, 0) for c in block])
        direct = options.clues == "direct"
        for r, c, v in clues(inst):  # selector mode: a given's selector is its cell's variable
            if direct:
                d.given((r, c), v)
            else:
                self.selectors[(r, c, v)] = d.val((r, c), v)

    def decode(self, model):
        return tuple(tuple(self.numbers.value(model, (r, c)) or None
                           for c in range(self.instance.cols)) for r in range(self.instance.rows))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> FuzuliEncoding:
    return FuzuliEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a grid of digits (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    at = {c: sol[c[0]][c[1]] for c in inst.grid.cells}
    want = list(range(1, inst.digits + 1))
    problems = [f"{Grid.name(c)} is {at[c]}, the given is {v}"
                for c, v in given(inst.givens) if at[c] != v]
    for line in lines(inst):
        held = sorted(at[c] for c in line if at[c] is not None)
        if held != want:
            problems.append(f"the line {Grid.name(line[0])}-{Grid.name(line[-1])} holds {held}")
    problems += [f"the 2x2 block at {Grid.name(b[0])} has no empty cell"
                 for b in blocks(inst) if all(at[c] is not None for c in b)]
    return problems


# -- text: `.pzl` (a `digits k` line) and janko grid text (`R C k`) ---------------------------
DIGITS = Tokens(what="a digit", expect="a digit or `.`", numbers=(1, MAX_SIDE),
                why="no line is longer")
COUNT = Tokens(what="a number of digits", expect="a whole number", numbers=(1, MAX_SIDE))
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": DIGITS}, keywords={"digits": Keyword(COUNT)}, build=make,
    split=lambda inst: (inst.rows, inst.cols, inst.givens, {"digits": inst.digits}),
    solution=Answer(DIGITS, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(DIGITS, header=("digits",)))


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The givens, and the solved digits."""
    labels = []
    for r, c in inst.grid.cells:
        g = inst.givens[r][c]
        v = g if g is not None else (solution[r][c] if solution is not None else None)
        if v is not None:
            labels.append(Label((r, c), str(v), given=g is not None))
    return Board(inst.rows, inst.cols, labels=labels)


def blank(rows: int, cols: int, params: dict) -> Instance:
    return make(rows, cols, ((None,) * cols,) * rows, int(params.get("digits", 2)))


GENRE = Genre(
    name=NAME, aliases=("Fuzuli",),
    summary="the digits 1..k once in every row and column, other cells empty;"
            " every 2x2 block has an empty cell",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
)

"""Nonogram (Griddlers, Paint by Numbers, Picross): shade the runs each line's clue lists.

Rules (janko.at "Nonogramme", puzz.link "nonogram"): shade some cells. The
numbers beside a row (above a column) are the lengths of the runs of
consecutive shaded cells in that row (column), in order from left to right
(top to bottom); runs are separated by at least one white cell, and the
line holds no other shaded cell. A line without numbers (janko: `0`) holds
no shaded cell.

Encoding (encodings/blocks.md): with direct clues, the cells line solving fixes
(:func:`settle`) as units; a :class:`satlink.rules.shading.Shading`;
each clued line not fixed by them a block automaton
(:func:`satlink.rules.blocks.line_clue`),
behind its selector in selector mode. All clauses: no lazy rule.

A clue is a whole line's list (``None``: not shown, the line is free). A
solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.pzprjs import Codec
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs_clues3 import LineClues
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..rules import blocks
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading
from ._line_clues_text import ClueError, LineCluesText

NAME = "nonogram"
MAX_SIDE = 100
Clue = tuple[int, ...] | None


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and each line's run lengths (``None``:
    not shown); validated when built (a clue too long for its line names it)."""

    rows: int
    cols: int
    row_clues: tuple[Clue, ...]
    col_clues: tuple[Clue, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "clue")
        for side, clues, n, most in (("row", self.row_clues, self.rows, self.cols),
                                     ("column", self.col_clues, self.cols, self.rows)):
            if len(clues) != n:
                raise InputError(f"{len(clues)} {side} clues for {n} {side}s")
            for i, clue in enumerate(clues):
                if clue is not None and sum(clue) + len(clue) - 1 > most:
                    raise ClueError(
                        f"the runs {' '.join(map(str, clue))} of {side} {i + 1} need"
                        f" {sum(clue) + len(clue) - 1} cells, the {side} has {most}",
                        side, i)
        object.__setattr__(self, "row_clues", tuple(_clean(c) for c in self.row_clues))
        object.__setattr__(self, "col_clues", tuple(_clean(c) for c in self.col_clues))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def lines(self) -> list[tuple[str, int, Clue, list[Cell]]]:
        """``(side, index, clue, cells)`` of every row, then every column."""
        g = self.grid
        return ([("row", r, k, line) for r, (k, line) in
                 enumerate(zip(self.row_clues, g.rows_of_cells()))]
                + [("col", c, k, line) for c, (k, line) in
                   enumerate(zip(self.col_clues, g.cols_of_cells()))])


def _clean(clue) -> Clue:
    return None if clue is None else tuple(int(b) for b in clue if b)


# -- the rules ---------------------------------------------------------------------------
class NonogramEncoding(Encoding):
    """``self.shading``: a variable per cell; an automaton per clued line."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        settled = {}
        if options.clues == "direct":  # the clues' own deductions, as units
            settled = settle(inst)
            if settled is None:
                f.add([])  # some line's clue cannot be met
                return
            f.extend([s.lit(c, shaded)] for c, shaded in settled.items())
        for side, i, clue, line in inst.lines():
            if clue is None or all(c in settled for c in line):
                continue  # a line the units fix is one its clue accepts (settle)
            key = (side, i, clue)
            when = self.when(key, "clue", side, i)
            blocks.line_clue(f, [s.lit(c) for c in line], clue, when=when)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(self.shading.shaded_cells(model))


def settle(inst: Instance) -> dict[Cell, bool] | None:
    """The cells the clues fix by line solving (cell -> shaded): each clued
    line settled (:func:`satlink.rules.blocks.settle_masks`) until no line
    fixes another cell; None when a line's clue cannot be met. Every solution
    agrees with the result, and every clued line whose cells are all fixed
    shows its clue (it was settled after its last cell was fixed)."""
    rows, cols = inst.rows, inst.cols
    # per line (rows, then columns): masks of the cells that may be white / shaded
    size = [cols] * rows + [rows] * cols
    white = [(1 << m) - 1 for m in size]
    shade = list(white)
    clue = [*inst.row_clues, *inst.col_clues]
    queue = [ix for ix, k in enumerate(clue) if k is not None]
    waiting = set(queue)
    for ix in queue:  # grows while it is read
        waiting.discard(ix)
        got = blocks.settle_masks(clue[ix], white[ix], shade[ix], size[ix])
        if got is None:
            return None
        fixed = white[ix] & shade[ix] & ~(got[0] & got[1])
        white[ix], shade[ix] = got
        # each cell fixed here is fixed on its crossing line too
        at, base = (ix, rows) if ix < rows else (ix - rows, 0)
        while fixed:
            low = fixed & -fixed
            fixed ^= low
            other = base + low.bit_length() - 1
            if got[1] & low:
                white[other] &= ~(1 << at)
            else:
                shade[other] &= ~(1 << at)
            if clue[other] is not None and other not in waiting:
                waiting.add(other)
                queue.append(other)
    return {(r, c): bool(shade[r] >> c & 1) for r in range(rows) for c in range(cols)
            if not white[r] >> c & 1 or not shade[r] >> c & 1}


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NonogramEncoding:
    return NonogramEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple]:
    """The lines shown: ``("row", r, runs)`` and ``("col", c, runs)``, 0-based."""
    return [(side, i, k) for side, i, k, _ in inst.lines() if k is not None]


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded)
                if not inst.grid.inside(c)]
    for side, i, clue, line in inst.lines():
        got = blocks.runs([c in shaded for c in line])
        if clue is not None and got != clue:
            word = "row" if side == "row" else "column"
            problems.append(f"{word} {i + 1} shows runs {list(got)}, its clue is {list(clue)}")
    return problems


# -- design: a line's clue can go and the shading stays a solution ----------------------------
def clues_of(inst: Instance, shaded) -> list[tuple]:
    return [(side, i, blocks.runs([c in shaded for c in line]))
            for side, i, _, line in inst.lines()]


def with_clues(inst: Instance, chosen) -> Instance:
    given = {"row": [None] * inst.rows, "col": [None] * inst.cols}
    for side, i, k in chosen:
        given[side][i] = k
    return Instance(inst.rows, inst.cols, tuple(given["row"]), tuple(given["col"]))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, (None,) * rows, (None,) * cols)


# -- text: `rows` and `cols` blocks (a line of runs each), `solution` of `x` / `.` --------------
FORMAT = LineCluesText(
    NAME, MAX_SIDE,
    build=lambda rows, cols, row_clues, col_clues: Instance(rows, cols, row_clues, col_clues),
    split=lambda inst: (inst.rows, inst.cols, inst.row_clues, inst.col_clues))


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, shaded) -> list[list[int]]:
    """The shaded cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(shaded)]


def cells(inst: Instance, shaded) -> dict[str, bool]:
    return {Grid.name(c): c in shaded for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """The runs left of each row and above each column, one number a cell
    (the last next to the board, `?` a line not shown), the shaded cells."""
    def words(clue: Clue) -> list[str]:
        return ["?"] if clue is None else [str(b) for b in reversed(clue or (0,))]

    labels = [Label((r, -1 - k), w) for r, clue in enumerate(inst.row_clues)
              for k, w in enumerate(words(clue))]
    labels += [Label((-1 - k, c), w) for c, clue in enumerate(inst.col_clues)
               for k, w in enumerate(words(clue))]
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=labels)


# -- puzz.link: pzprjs `nonogram`, the runs in the cells outside the board ----------------------
PUZZLINK = Codec(
    names=("nonogram",), body=LineClues(),
    build=lambda b: Instance(b.rows, b.cols, b.value[1], b.value[0]),
    split=lambda inst: PzBoard(inst.rows, inst.cols, (inst.col_clues, inst.row_clues)))

GENRE = Genre(
    name=NAME, aliases=("Nonogram", "griddlers", "picross", "paint-by-numbers"),
    summary="shade cells so that each row and column shows runs of the lengths its clue"
            " lists, in order",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda k: f"{k[0]}{k[1] + 1}", blank=blank),
)

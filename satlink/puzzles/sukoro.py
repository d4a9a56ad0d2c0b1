"""Sukoro: numbers 1..4 that count their numbered neighbours.

Rules (janko.at "Sukoro"; puzz.link "sukoro"): write a number from 1 to 4
into some cells; the other cells stay empty. A number says how many of
its (up to four) orthogonal neighbours hold a number. Two orthogonally
adjacent cells never hold the same number. All numbered cells form one
orthogonally connected area. The given numbers are part of it; a `?` is
a number cell whose number is not shown.

Encoding (encodings/sukoro.md): a :class:`satlink.rules.numbers.Numbers`
over 0..4 per cell (0: empty), a :class:`satlink.rules.shading.Shading`
whose "shaded" cells are the numbered ones (the two tied by equivalence),
"cell holds v" implies "exactly v numbered neighbours"
(:func:`satlink.rules.subset_counts.exactly` behind that variable), a binary
clause per equal pair of neighbours, and the numbered cells connected
(lazy separation cuts, or complete). Direct givens narrow the values first
(:func:`satlink.rules.counting_numbers.narrow_counting_numbers`, to a fixed
point): a cell they decide has no variable (its value a constant), the
numbered shading covers the cells that may be numbered, and a count leaves
out the neighbours they decide.

A solution is the grid of numbers (None for an empty cell), row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, given
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_numbers import QUESTION, Number10
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label
from ..rules import counts
from ..rules.counting_numbers import apart, count_numbered, narrow_counting_numbers
from ..rules.grid import Grid, check_board
from ..rules.numbers import Numbers
from ..rules.region_shapes import is_connected
from ..rules.shading import Shading
from ..rules.vertex_cuts import board_neighbours
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "sukoro"
MAX_SIDE = 100
HIDDEN = QUESTION


@dataclass(frozen=True)
class Instance:
    """``givens[r][c]``: 1..4, :data:`HIDDEN` (a number not shown) or None."""

    rows: int
    cols: int
    givens: tuple[tuple[int | str | None, ...], ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def make(rows: int, cols: int, givens) -> Instance:
    check_board(rows, cols, MAX_SIDE, (), "cell")
    for cell, v in given(givens):
        if v != HIDDEN and not 1 <= v <= 4:
            raise CellError(f"number {v} at {Grid.name(cell)} is outside 1..4", cell, "grid")
    return Instance(rows, cols, tuple(map(tuple, givens)))


# -- the rules ---------------------------------------------------------------------------
class SukoroEncoding(Encoding):
    """``self.numbers``: 0..4 per cell (0 empty), but for the cells the
    direct givens decide, whose values are ``self.fixed`` (cell -> 0..4);
    ``self.shading``: numbered, over the cells that may be numbered."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        cells = g.cells
        nbrs = board_neighbours(inst.rows, inst.cols)  # cells numbered in reading order
        # a number counts neighbours: none above the cell's neighbour count
        # (the lists shared between cells: nothing below changes one in place)
        upto = [list(range(k + 1)) for k in range(5)]
        domains = [upto[len(n)] for n in nbrs]
        # direct givens narrow the values first (counting_numbers): nothing
        # encoded for the values they refuse, no variable for a cell they decide
        direct = self.options.clues == "direct"
        if direct:
            givens = [(r * inst.cols + c, v) for r, c, v in clues(inst)]
            for i, v in givens:  # a `?` is numbered
                domains[i] = [u for u in domains[i] if u] if v == HIDDEN else \
                    [v] if v in domains[i] else []
            narrow_counting_numbers(nbrs, domains, [i for i, _ in givens])
            open_ = [i for i, dom in enumerate(domains) if len(dom) != 1]
            maybe = [i for i, dom in enumerate(domains) if dom != [0]]
        else:  # selectors: every cell open (only a lone cell is decided, empty)
            open_ = maybe = range(len(cells))
        self.fixed = {cells[i]: dom[0] for i, dom in enumerate(domains) if len(dom) == 1} \
            if direct else {}
        self.numbers = d = Numbers(f, [cells[i] for i in open_], range(5),
                                   domains={cells[i]: domains[i] for i in open_})
        self.shading = s = Shading(f, g, None if len(maybe) == len(cells) else
                                   [cells[i] for i in maybe], tag="numbered")
        f.declare_answer(d.answer(), one_hot=True)
        values = [None] * len(cells)  # per cell number: its value literals (None: decided)
        for i, lits in zip(open_, d.var.values()):
            values[i] = lits
        numbered = [0] * len(cells)  # per cell number: its "numbered" variable (0: empty)
        for i, x in zip(maybe, s.var.values()):
            numbered[i] = x
        count_numbered(f, nbrs, domains, values, numbered, maybe)
        cols, n = inst.cols, len(cells)  # the edges across, then down (Grid.cell_edges' order)
        apart(f, [(i, i + 1) for i in range(n) if (i + 1) % cols]
              + [(i, i + cols) for i in range(n - cols)], domains, values)
        s.connected(shaded=True, lazy=not options.complete)
        # direct givens are in the domains already (a given's cell holds it, a
        # `?`'s is numbered: units above)
        for r, c, v in () if direct else clues(inst):
            when = self.when((r, c, v), "given", r, c)
            if v == HIDDEN:
                with counts.guarded(f, when):
                    f.add([s.lit((r, c))])
            else:
                d.given((r, c), v, when)

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model):
        fixed, value = self.fixed, self.numbers.value
        return tuple(tuple((fixed[(r, c)] if (r, c) in fixed else value(model, (r, c))) or None
                           for c in range(self.instance.cols)) for r in range(self.instance.rows))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> SukoroEncoding:
    return SukoroEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a grid of numbers (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    g = inst.grid
    at = {c: sol[c[0]][c[1]] for c in g.cells}
    numbered = {c for c, v in at.items() if v is not None}
    problems = [f"{Grid.name(c)} holds {v!r}, not a number 1..4"
                for c, v in at.items() if v is not None and v not in (1, 2, 3, 4)]
    for c, v in given(inst.givens):
        if at[c] is None or (v != HIDDEN and at[c] != v):
            problems.append(f"{Grid.name(c)} is {at[c]}, the given is {v}")
    for c in sorted(numbered):
        k = sum(n in numbered for n in g.neighbours(c))
        if at[c] != k:
            problems.append(f"the {at[c]} at {Grid.name(c)} has {k} numbered neighbours")
    problems += [f"{Grid.name(a)} and {Grid.name(b)} are adjacent and both hold {at[a]}"
                 for a, b in g.cell_edges() if a in numbered and at[a] == at[b]]
    # a search over the cells: networkx's graph of the board was a third of the verdict
    if not is_connected(numbered):
        problems.append("the numbered cells are not connected")
    return problems


# -- text: `.pzl` and janko grid text ------------------------------------------------------------
GIVENS = Tokens(what="a number", expect="1-4, `?` or `.`", values={"?": HIDDEN},
                numbers=(1, 4), why="a cell has four neighbours")
ANSWER = Tokens(what="a number", expect="1-4 or `.`", numbers=(1, 4),
                why="a cell has four neighbours")
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": GIVENS}, build=make,
    split=lambda inst: (inst.rows, inst.cols, inst.givens),
    solution=Answer(ANSWER, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(GIVENS, solution=ANSWER))


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The givens, and the solved numbers."""
    labels = []
    for r, c in inst.grid.cells:
        g = inst.givens[r][c]
        v = solution[r][c] if solution is not None and (g is None or g == HIDDEN) else g
        if v is not None:
            labels.append(Label((r, c), str(v), given=g is not None))
    return Board(inst.rows, inst.cols, labels=labels)


# -- puzz.link: pzprjs `sukoro`, number10 (`.`: a number not shown) -----------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    try:
        return make(b.rows, b.cols, b.value)
    except CellError as exc:
        raise b.where(exc.message, *exc.cell) from None


PUZZLINK = Codec(names=("sukoro",), body=Cells(Number10(high=4)), build=_from_puzzlink,
                 split=lambda inst: PzBoard(inst.rows, inst.cols, inst.givens))


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(rows, cols, ((None,) * cols,) * rows)


GENRE = Genre(
    name=NAME, aliases=("Sukoro",),
    summary="numbers 1-4 in some cells, each counting its numbered neighbours; equal numbers"
            " never side by side; the numbered cells connected",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
)

"""Masyu: one loop through cell centres passes every pearl.

Rules: draw one closed loop through the centres of cells, moving
orthogonally, never crossing or branching; it passes through every pearl.
On a white pearl it goes straight, and turns in at least one of the two
cells before and after the pearl. On a black pearl it turns, and goes
straight through both cells before and after the pearl.

Encoding (encodings/masyu.md): :class:`satlink.rules.loops.CellLoop` on the
whole board, each pearl's rule as a few clauses over its ``through``,
``straight`` and ``turn`` literals (:func:`pearl_rules`), the one-cycle rule
lazily or, with ``Options.complete``, eagerly.

A solution is the frozenset of loop edges ``((r1, c1), (r2, c2))`` between
adjacent cells, in increasing order (0-based cells).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.pzprjs import Board as PzBoard
from ..formats.cellgrid import (LOOP, Answer, Janko, Layout, Tokens, board, given, loop_edges,
                                loop_grid)
from ..formats.pzprjs import Cells, Circles, Codec, Dict
from ..formula import Formula
from ..rules import counts
from ..rules.grid import Cell, Edge, Grid, check_board
from ..render import Board, Circle, Line, to_text
from ..rules.loops import CellLoop, loop_order, loop_problems, shape
from ..genre import Design, Genre

NAME = "masyu"
MAX_SIDE = 200
#: Pearl colours (:data:`PEARLS` says how the texts spell them).
WHITE, BLACK = "w", "b"


class Pearl(NamedTuple):
    cell: Cell
    colour: str  # WHITE or BLACK


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its pearls, sorted by cell."""

    rows: int
    cols: int
    pearls: tuple[Pearl, ...]

    def __post_init__(self) -> None:
        for p in self.pearls:
            if p.colour not in (WHITE, BLACK):
                raise InputError(f"pearl colour {p.colour!r} is neither `w` nor `b`")
        check_board(self.rows, self.cols, MAX_SIDE, (p.cell for p in self.pearls), "pearl")
        object.__setattr__(self, "pearls", tuple(sorted(self.pearls)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules -------------------------------------------------------------------------
def pearl_rules(loop: CellLoop, pearl: Pearl) -> Iterator[list[int]]:
    """The clauses of one pearl's rule."""
    p, step, through = pearl.cell, loop.grid.step, loop.through
    yield [loop.on[p]]
    if pearl.colour == WHITE:
        yield [loop.straight(p)]
        for d, back in (("e", "w"), ("s", "n")):  # not straight on both sides
            yield [-through(p, d), -through(step(p, d), d), -through(step(p, back), back)]
    else:
        yield [loop.turn(p)]
        for d in "nesw":  # straight through the next cell
            yield [-through(p, d), through(step(p, d), d)]


class MasyuEncoding(Encoding):
    """The loop (``self.loop``) and each pearl's clauses, behind its selector
    in selector mode."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        self.loop = CellLoop(inst.grid, f, must=[p.cell for p in inst.pearls] if direct else ())
        for pearl in inst.pearls:
            rule = list(pearl_rules(self.loop, pearl))  # the literals' definitions unguarded
            with counts.guarded(f, None if direct else self._selector(pearl)):
                f.extend(rule)
        if options.complete:
            self.loop.encode_complete()
        f.declare_answer(list(self.loop.edges.values()))

    def _selector(self, pearl: Pearl) -> int:
        return self.selectors.setdefault(pearl, self.formula.var("pearl", *pearl.cell))

    def cuts(self, model) -> list[list[int]]:
        return self.loop.cuts(model)

    def decode(self, model) -> frozenset[Edge]:
        return self.loop.decode(model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> MasyuEncoding:
    return MasyuEncoding(inst, f, options)


def clues(inst: Instance) -> list[Pearl]:
    return list(inst.pearls)


# -- design (satlink.design: minimize, generate, analyze) --------------------------


def _bent(sol, cell: Cell) -> bool:
    """The loop turns in ``cell`` (it passes there and not straight)."""
    return shape(sol, cell) not in ("", "ns", "ew")


def clues_of(inst: Instance, sol) -> list[Pearl]:
    """Every pearl the board could show that the loop ``sol`` obeys: a
    white pearl where the loop goes straight and turns in a cell before or
    after, a black one where it turns and goes straight through both cells
    after the turn; at most one per cell (a cell cannot be both)."""
    g = inst.grid
    out = []
    for cell in g.cells:
        here = shape(sol, cell)
        if not here:
            continue
        ends = [g.step(cell, d) for d in here]
        if here in ("ns", "ew"):
            if any(_bent(sol, e) for e in ends):
                out.append(Pearl(cell, WHITE))
        elif all(shape(sol, e) in ("ns", "ew") for e in ends):
            out.append(Pearl(cell, BLACK))
    return out


def with_clues(inst: Instance, pearls) -> Instance:
    """``inst``'s board with exactly these pearls."""
    return Instance(inst.rows, inst.cols, tuple(Pearl(*p) for p in pearls))


def clue_name(pearl: Pearl) -> str:
    """`r3c4`, 1-based."""
    return Grid.name(pearl[0])


def blank(width: int, height: int, params: dict) -> Instance:
    """A board of ``width`` x ``height`` cells without pearls: any single
    loop solves it. A loop needs two rows and two columns (InputError)."""
    if width < 2 or height < 2:
        raise InputError(f"a loop needs at least 2 x 2 cells, not {width} x {height}")
    return Instance(height, width, ())


# -- checking, independent of the encoding ----------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    g = inst.grid
    problems = loop_problems(g, sol, required=[p.cell for p in inst.pearls])
    if problems:
        return problems
    for (r, c), colour in inst.pearls:
        here = shape(sol, (r, c))
        bent = here not in ("ns", "ew")
        # the loop's two neighbours of the pearl, and whether each turns
        ends = [g.step((r, c), d) for d in here]
        ends_bent = [shape(sol, e) not in ("ns", "ew") for e in ends]
        name = Grid.name((r, c))
        if colour == WHITE and bent:
            problems.append(f"the loop turns on the white pearl at {name}")
        elif colour == WHITE and not any(ends_bent):
            problems.append(f"the loop turns in neither cell next to the white pearl at {name}")
        elif colour == BLACK and not bent:
            problems.append(f"the loop goes straight through the black pearl at {name}")
        elif colour == BLACK and any(ends_bent):
            problems.append(f"the loop turns right next to the black pearl at {name}")
    return problems


# -- .pzl and grid text (satlink/formats/cellgrid.py) ----------------------------------------
#: A cell of the `grid` block (and of janko's grid text, which also writes 1 and 2).
PEARLS = Tokens(what="a pearl", expect="`w` (white), `b` (black) or `.` (empty)",
                values={"w": WHITE, "b": BLACK},
                aliases={"1": WHITE, "2": BLACK, "o": WHITE, "○": WHITE, "●": BLACK})

#: `size C x R`, a `grid` of pearls, an optional `solution` block of loop
#: cells (`se`, `ns`, ... or `.`); janko: `ROWS COLS`, pearls and `-`, the
#: published solution as the loop's directions per cell or `-`.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": PEARLS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(
        Pearl(cell, colour) for cell, colour in given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.pearls))),
    solution=Answer(LOOP, read=loop_edges,
                    write=lambda inst, sol: loop_grid(inst.rows, inst.cols, sol)),
    janko=Janko(PEARLS),
)
check_header = FORMAT.check_header
from_document = FORMAT.from_document
expected_solution = FORMAT.expected_solution
to_pzl = FORMAT.to_pzl
from_grid_text = FORMAT.from_grid_text
solution_from_grid_text = FORMAT.solution_from_grid_text


# -- output ------------------------------------------------------------------------------
def solution_json(inst: Instance, sol) -> list[list[int]]:
    """The loop as its cells [r, c] in order (0-based), from the smallest cell."""
    return [list(c) for c in loop_order(sol)]


def cells(inst: Instance, sol) -> dict[str, str]:
    """Every cell by name (`r1c1`): the loop's two directions there, or `.`."""
    return {Grid.name(c): shape(sol, c) or "." for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """The pearls, and the loop through cell centres when solved."""
    pearls = [Circle(p.cell, "white" if p.colour == WHITE else "black") for p in inst.pearls]
    loop = [Line(tuple(loop_order(solution)), closed=True)] if solution else []
    return Board(inst.rows, inst.cols, circles=pearls, lines=loop)


def render_text(inst: Instance, solution=None) -> str:
    return to_text(picture(inst, solution))


# -- puzz.link ---------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    return Instance(b.rows, b.cols, tuple(Pearl((r, c), v) for r, row in enumerate(b.value)
                                          for c, v in enumerate(row) if v))


def _to_puzzlink(inst: Instance) -> PzBoard:
    colour = {p.cell: p.colour for p in inst.pearls}
    return PzBoard(inst.cols, inst.rows, tuple(tuple(colour.get((r, c)) for c in range(inst.cols))
                                               for r in range(inst.rows)))


#: pzprjs `mashu` (aliases `masyu`, `pearl`): one base-27 character per three cells.
PUZZLINK = Codec(names=("mashu", "masyu", "pearl"),
                 body=Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK})),
                 build=_from_puzzlink, split=_to_puzzlink)


GENRE = Genre(
    name=NAME, aliases=("mashu", "pearl"),
    summary="one loop through cell centres: straight on white pearls, turning on black ones",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
)

"""Makaro: regions of 1..k between black cells; arrows point at the largest neighbour.

Rules (janko.at "Makaro"; puzz.link "makaro"): write a digit into every
white cell so that each region of k white cells holds 1..k, each once.
Orthogonally adjacent digits differ. A black cell with an arrow points at
the orthogonal neighbour whose digit is larger than the digits of its
other (white) orthogonal neighbours.

Encoding (encodings/region_digits.md): :class:`satlink.rules.region_digits.
RegionDigits` over the white regions; ``differ`` on white neighbours of
different regions; per arrow, ``order`` (greater) from its target to each
other white neighbour of the arrow's cell.

A solution is the grid of digits, None on black cells.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, replace

from ..contract import Options
from ..formats.cellgrid import (REGIONS, Answer, CellError, Janko, Layout, Tokens, board, given,
                                region_grid)
from ..formats.pzprjs import PzBoard, Codec
from ..formats.pzprjs_parts import Cells, Regions, Seq
from ..formats.pzprjs_regnum import MakaroCode
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Arrow, Shade
from ..rules.grid import STEPS, Grid
from ..rules.region_digits import broken_regions
from . import _digit_rooms as rooms
from . import _givens

NAME = "makaro"


@dataclass(frozen=True)
class Instance(rooms.Instance):
    """The region-digit board with black cells (``regions`` None) and
    ``arrows``: (cell, direction `n`/`e`/`s`/`w`) on black cells, sorted."""

    arrows: tuple = ()

    def neighbours(self, cell) -> list:
        return [n for n in self.grid.neighbours(cell) if self.regions[n[0]][n[1]] is not None]


def make(rows: int, cols: int, grid, regions) -> Instance:
    """Build from the cell tokens (digits, `x`, arrows) and region names
    (ignored on black cells); errors at the cell."""
    black = {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if isinstance(v, str)}
    names = [[None if (r, c) in black else regions[r][c] for c in range(cols)]
             for r in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in black and names[r][c] is None:
                raise CellError(f"white cell {Grid.name((r, c))} lies in no region",
                                (r, c), "regions")
    arrows = tuple(sorted((cell, v) for cell, v in given(grid) if v in STEPS))
    givens = tuple(tuple(v if isinstance(v, int) else None for v in row) for row in grid)
    inst = Instance(rows, cols, givens, region_grid(names), arrows)
    for cell, v in given(givens):
        k = inst.region_size(cell)
        if not 1 <= v <= k:
            raise CellError(f"digit {v} at {Grid.name(cell)} is outside 1..{k}: its region"
                            f" has {k} cells", cell, "grid")
    for cell, d in arrows:
        target = inst.grid.step(cell, d)
        if target is None or target not in inst.neighbours(cell):
            raise CellError(f"the arrow at {Grid.name(cell)} points "
                            f"{'off the board' if target is None else 'at a black cell'}",
                            cell, "grid")
    return inst


class MakaroEncoding(rooms.DigitsEncoding):
    """Regions of 1..k; neighbours differ; each arrow's target the largest."""

    def extra(self, inst: Instance) -> None:
        for a, b in rooms.orthogonal_pairs(inst):
            if None not in (inst.regions[a[0]][a[1]], inst.regions[b[0]][b[1]]) \
                    and not inst.same_region(a, b):
                self.digits.differ(a, b)
        for (cell, d), x in self.arrow_selectors(inst):
            t = inst.grid.step(cell, d)
            for o in inst.neighbours(cell):
                if o != t:
                    self.digits.numbers.relation(t, o, operator.gt, when=x)

    def arrow_selectors(self, inst: Instance):
        if self.options.clues != "selectors":
            return [(a, None) for a in inst.arrows]
        out = [(a, self.formula.var("arrow", *a[0])) for a in inst.arrows]
        self.selectors.update(out)
        return out

    def decode(self, model):
        return tuple(tuple(None if self.instance.regions[r][c] is None
                           else self.digits.value(model, (r, c)) for c in range(self.instance.cols))
                     for r in range(self.instance.rows))


def encode(inst, f, options=Options()):
    return MakaroEncoding(inst, f, options)


def clues(inst: Instance) -> list:
    """The givens (row, column, digit) and the arrows (cell, direction)."""
    return rooms.clues(inst) + list(inst.arrows)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)
              if inst.regions[r][c] is not None}
    problems = [f"black cell {Grid.name((r, c))} holds {v}" for r, row in enumerate(sol)
                for c, v in enumerate(row) if inst.regions[r][c] is None and v is not None]
    problems += [f"{Grid.name(c)} is {values[c]}, the given is {v}"
                 for c, v in given(inst.givens) if values[c] != v]
    problems += broken_regions(values, inst.room_cells, Grid.name)
    problems += [f"neighbours {Grid.name(a)} and {Grid.name(b)} both hold {values[a]}"
                 for a, b in rooms.orthogonal_pairs(inst)
                 if a in values and b in values and values[a] == values[b]]
    for cell, d in inst.arrows:
        t = inst.grid.step(cell, d)
        if any((values.get(o) or 0) >= (values.get(t) or 0)
               for o in inst.neighbours(cell) if o != t):
            problems.append(f"the arrow at {Grid.name(cell)} does not point at the largest"
                            " neighbour")
    return problems


# -- design: givens and arrows can go (an arrow's cell stays black) ----------------------------
def clues_of(inst: Instance, sol) -> list:
    out = [(r, c, v) for r, row in enumerate(sol) for c, v in enumerate(row) if v is not None]
    for r, c in inst.grid.cells:
        if inst.regions[r][c] is None:
            around = {o: sol[o[0]][o[1]] for o in inst.neighbours((r, c))}
            for d in STEPS:
                t = inst.grid.step((r, c), d)
                if t in around and all(around[t] > v for o, v in around.items() if o != t):
                    out.append(((r, c), d))
    return out


def with_clues(inst: Instance, chosen) -> Instance:
    digits = _givens.with_clues(inst, [x for x in chosen if len(x) == 3])
    return replace(digits, arrows=tuple(sorted(x for x in chosen if len(x) == 2)))


# -- text -------------------------------------------------------------------------------------
CELLS = Tokens(what="a Makaro cell", expect="a digit, `x` (black), an arrow `n`/`e`/`s`/`w`"
               " (black, pointing) or `.`", values={"x": "x", **{d: d for d in STEPS}},
               numbers=(1, rooms.MAX_SIDE * rooms.MAX_SIDE), why="no region is larger")
FILLED = Tokens(what="a digit", expect="a digit, or `.` on a black cell",
                numbers=(1, rooms.MAX_SIDE * rooms.MAX_SIDE))


def _cell_grid(inst: Instance):
    black = {(r, c): "x" for r, c in inst.grid.cells if inst.regions[r][c] is None}
    return board(inst.rows, inst.cols, {**black, **dict(inst.arrows), **dict(given(inst.givens))})


def _split(inst: Instance):
    return inst.rows, inst.cols, _cell_grid(inst), tuple(
        tuple(None if v is None else str(v) for v in row) for row in inst.regions)


FORMAT = Layout(
    NAME, rooms.MAX_SIDE, {"grid": CELLS, "regions": REGIONS}, build=make, split=_split,
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko((CELLS, rooms.REGIONS), solution=FILLED))


def picture(inst: Instance, solution=None):
    pic = rooms.picture(inst, solution)
    return replace(pic, shades=tuple(Shade(c) for c in inst.grid.cells
                                     if inst.regions[c[0]][c[1]] is None),
                   arrows=tuple(Arrow(c, d) for c, d in inst.arrows))


def _from_url(b: PzBoard) -> Instance:
    regions, grid = b.value
    try:
        return make(b.rows, b.cols, grid, [[str(v) for v in row] for row in regions])
    except CellError as exc:
        raise b.where(exc.message, *exc.cell) from None


def _to_url(inst: Instance) -> PzBoard:
    ids = [[(r, c) if v is None else v for c, v in enumerate(row)]
           for r, row in enumerate(inst.regions)]
    return PzBoard(inst.rows, inst.cols, (ids, _cell_grid(inst)))


PUZZLINK = Codec(names=("makaro",), body=Seq(Regions(), Cells(MakaroCode())),
                 build=_from_url, split=_to_url)

GENRE = Genre(
    name=NAME, aliases=("Makaro",),
    summary="regions of k white cells hold 1..k; neighbours differ; an arrow points at"
            " its largest neighbour",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda c: _givens.clue_name(c) if len(c) == 3 else Grid.name(c[0]) + c[1]),
)

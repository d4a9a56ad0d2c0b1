"""Yajilin: shade cells so that the other cells form one loop; arrows count shaded cells.

Rules (janko): shade some cells; shaded cells never touch orthogonally.
Clue cells (a number and a direction, or a grey cell without either) are
neither shaded nor on the loop; the number says how many shaded cells lie
in that direction, up to the edge of the board. Every other unshaded cell
lies on one closed loop through cell centres, moving orthogonally, never
crossing or branching.

Encoding (encodings/yajilin.md): ``shaded`` per free cell, the loop a
:class:`satlink.rules.loops.CellLoop` over the free cells whose "on" literal
is "not shaded", no two shaded neighbours, and each arrow an exact count
over the free cells of its ray; the one-cycle rule lazily or, with
``Options.complete``, eagerly.

A solution is a :class:`Solution`: the shaded cells and the loop's edges.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.pzprjs import DOWN, LEFT, NO_ARROW, QUESTION, RIGHT, UP
from ..formats.pzprjs import Arrow as PzArrow
from ..formats.pzprjs import Board as PzBoard
from ..formats.pzprjs import ArrowNumber16, Cells, Codec
from ..formula import Formula
from ..lang import Document, format_rows, natural
from ..rules.grid import Cell, Edge, Grid
from ..render import Arrow as ArrowMark
from ..render import Board, Line, Shade, to_text
from ..rules import counts
from ..rules.loops import CellLoop, loop_order, loop_problems, shape
from ..rules.shading import Shading
from .masyu import read_shapes

NAME = "yajilin"
ALIASES = ("yajirin",)
SUMMARY = "shade cells, never adjacent, so the rest form one loop; arrows count shaded cells"
MAX_SIDE = 200
EMPTY = (".", "-")
#: A clue: a count (digits or `?` for a count not shown) and a direction.
CLUE = re.compile(r"(\d+|\?)([nesw])")
#: A grey clue cell with neither number nor arrow (janko writes `x`).
GREY = "?"
WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


class Arrow(NamedTuple):
    """A clue cell: ``direction`` (``n e s w``) and ``count`` (None when not
    shown); a grey cell has neither."""

    cell: Cell
    direction: str | None
    count: int | None

    @property
    def text(self) -> str:
        if self.direction is None:
            return GREY
        return f"{'?' if self.count is None else self.count}{self.direction}"


@dataclass(frozen=True)
class Solution:
    shaded: frozenset[Cell]
    loop: frozenset[Edge]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its clue cells, sorted by cell."""

    rows: int
    cols: int
    arrows: tuple[Arrow, ...]

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_SIDE and 1 <= self.cols <= MAX_SIDE):
            raise InputError(f"size {self.cols} x {self.rows} is outside 1..{MAX_SIDE} on a side")
        g, seen = self.grid, set()
        for a in self.arrows:
            if not g.inside(a.cell):
                raise InputError(f"clue at row {a.cell[0] + 1}, column {a.cell[1] + 1} is off"
                                 f" the {self.cols} x {self.rows} board")
            if a.cell in seen:
                raise InputError(f"two clues at {Grid.name(a.cell)}")
            seen.add(a.cell)
            problem = arrow_problem(g, a)
            if problem:
                raise InputError(problem)
        object.__setattr__(self, "arrows", tuple(sorted(self.arrows, key=lambda a: a.cell)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def free(self) -> list[Cell]:
        """The cells that are no clue: each is shaded or on the loop."""
        clue = {a.cell for a in self.arrows}
        return [c for c in self.grid.cells if c not in clue]


def arrow_problem(g: Grid, a: Arrow) -> str | None:
    """Why a clue cannot be (None when it can): a direction that is not
    n, e, s or w, a count without direction, more than the ray's cells."""
    if a.direction is None:
        return None if a.count is None else f"the clue at {Grid.name(a.cell)} has no direction"
    if a.direction not in WORDS:
        return f"the clue at {Grid.name(a.cell)} points to {a.direction!r}, not n, e, s or w"
    if a.count is not None and a.count > len(g.ray(a.cell, a.direction)):
        return (f"the clue at {Grid.name(a.cell)} counts {a.count} shaded cells but only"
                f" {len(g.ray(a.cell, a.direction))} cells lie in its direction")
    return None


# -- the rules -------------------------------------------------------------------------
class YajilinEncoding(Encoding):
    """``shaded`` per free cell, the loop (``self.loop``), the arrow counts
    (behind their selectors in selector mode)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, free = inst.grid, inst.free
        self.shading = Shading(f, g, free)
        self.shading.no_adjacent()
        self.loop = CellLoop(g, f, free, on={c: self.shading.lit(c, False) for c in free})
        for arrow in clues(inst):
            when = (self.selectors.setdefault(arrow, f.var("arrow", *arrow.cell))
                    if options.clues == "selectors" else None)
            counts.exactly(f, [self.shading.lit(c) for c in g.ray(arrow.cell, arrow.direction)
                               if c in self.shading.var], arrow.count, when=when)
        if options.complete:
            self.loop.encode_complete()
        f.declare_answer(list(self.loop.edges.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.loop.cuts(model)

    def decode(self, model) -> Solution:
        return Solution(frozenset(self.shading.shaded_cells(model)), self.loop.decode(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> YajilinEncoding:
    return YajilinEncoding(inst, f, options)


def clues(inst: Instance) -> list[Arrow]:
    """The arrows that show a count. They are structure too: in selector mode
    a selector switches the count only, and the cell stays a clue cell
    (neither shaded nor on the loop) whether selected or not."""
    return [a for a in inst.arrows if a.count is not None]


# -- checking, independent of the encoding ----------------------------------------------
def verify(inst: Instance, sol: Solution) -> list[str]:
    """Broken rules of a shading and a loop (empty when solved)."""
    g, free = inst.grid, set(inst.free)
    bad = [c for c in sol.shaded if c not in free]
    if bad:
        return [f"{Grid.name(min(bad))} is a clue cell or off the board and cannot be shaded"]
    problems = [f"shaded cells {Grid.name(a)} and {Grid.name(b)} touch"
                for a, b in g.cell_edges(sol.shaded)]
    white = [c for c in inst.free if c not in sol.shaded]
    problems += loop_problems(g, sol.loop, white, white)
    for a in inst.arrows:
        if a.count is not None:
            n = sum(1 for c in g.ray(a.cell, a.direction) if c in sol.shaded)
            if n != a.count:
                problems.append(f"the arrow at {Grid.name(a.cell)} shows {a.count} but"
                                f" {n} shaded cells lie {WORDS[a.direction]} of it")
    return problems


# -- .pzl and grid text -------------------------------------------------------------------
def _clue_rows(body, error, grey: str = GREY, empty: str = ".") -> list[Arrow]:
    out = []
    for r, row in enumerate(body):
        for c, tok in enumerate(row):
            t = tok.text.lower()
            if t in EMPTY:
                continue
            if t == grey:
                out.append(Arrow((r, c), None, None))
                continue
            m = CLUE.fullmatch(t)
            if m is None:
                raise error(f"`{tok.text}` at row {r + 1}, column {c + 1} is not a clue: expected"
                            f" a number and a direction (`2e`, `0n`, `?s`), `{grey}` (a grey"
                            f" cell) or `{empty}` (empty)", tok)
            count = None if m[1] == "?" else natural(m[1])
            arrow = Arrow((r, c), m[2], count)
            problem = arrow_problem(Grid(len(body), len(row)), arrow)
            if problem:
                raise error(problem, tok)
            out.append(arrow)
    return out


def check_header(doc: Document) -> None:
    doc.board_size(MAX_SIDE)


def from_document(doc: Document) -> Instance:
    """`size C x R`, a `grid` of clues (`2e`, `?`) and `.`, an optional `solution`."""
    doc.check_keywords({"size", "grid", "solution"})
    cols, rows = doc.board_size(MAX_SIDE)
    body = doc.block_rows(doc.entry("grid", required=True), rows, cols)
    inst = Instance(rows, cols, tuple(_clue_rows(body, lambda m, t: doc.error(m, t.pos))))
    expected_solution(doc, inst)
    return inst


def expected_solution(doc: Document, inst: Instance | None = None) -> Solution | None:
    """The `solution` block: `x` shaded, the loop's two directions (`se`, ...)
    per loop cell, `.` on clue cells."""
    e = doc.entry("solution")
    if e is None:
        return None
    cols, rows = (inst.cols, inst.rows) if inst else doc.board_size(MAX_SIDE)
    return _read_solution(doc.block_rows(e, rows, cols), lambda m, t: doc.error(m, t.pos))


def _read_solution(body, error) -> Solution:
    shaded = frozenset((r, c) for r, row in enumerate(body) for c, tok in enumerate(row)
                       if tok.text.lower() == "x")
    return Solution(shaded, read_shapes(body, error, extra=("x",)))


def to_pzl(inst: Instance, solution: Solution | None = None) -> str:
    clue = {a.cell: a.text for a in inst.arrows}
    lines = ["puzzle yajilin", f"size {inst.cols} x {inst.rows}", "grid"]
    lines += format_rows([[clue.get((r, c), ".") for c in range(inst.cols)]
                          for r in range(inst.rows)])
    if solution is not None:
        lines.append("solution")
        lines += format_rows([["x" if (r, c) in solution.shaded
                               else shape(solution.loop, (r, c)) or "."
                               for c in range(inst.cols)] for r in range(inst.rows)])
    return "\n".join(lines) + "\n"


def from_grid_text(grid) -> Instance:
    """`ROWS COLS`, then rows of clues (`2e`: two shaded cells east), `x` (a
    grey cell) and `-`."""
    rows, cols = grid.header_ints(2)[:2]
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise grid.error(f"size {rows} x {cols} (rows x columns) is outside 1..{MAX_SIDE}",
                         grid.lines[0][0].pos)
    body = grid.grid(1, rows, cols)
    return Instance(rows, cols, tuple(_clue_rows(body, lambda m, t: grid.error(m, t.pos),
                                                 grey="x", empty="-")))


def solution_from_grid_text(grid, inst: Instance) -> Solution:
    """A puzzlekit published solution (``split`` text): `x` shaded, the
    loop's directions, `-` on clue cells."""
    return _read_solution(grid.grid(1, inst.rows, inst.cols), lambda m, t: grid.error(m, t.pos))


# -- output ------------------------------------------------------------------------------
def solution_json(inst: Instance, sol: Solution) -> dict:
    """{"shaded": [[r, c], ...] sorted, "loop": [[r, c], ...] in order} (0-based)."""
    return {"shaded": [list(c) for c in sorted(sol.shaded)],
            "loop": [list(c) for c in loop_order(sol.loop)]}


def cells(inst: Instance, sol: Solution) -> dict[str, str]:
    """Every free cell by name (`r1c1`): `x` shaded, else the loop's directions."""
    return {Grid.name(c): "x" if c in sol.shaded else shape(sol.loop, c) or "."
            for c in inst.free}


def picture(inst: Instance, solution: Solution | None = None) -> Board:
    """Clue cells grey with their arrows, shaded cells black, the loop."""
    shades = [Shade(a.cell, "gray") for a in inst.arrows]
    arrows = [ArrowMark(a.cell, a.direction, "?" if a.count is None else str(a.count))
              for a in inst.arrows if a.direction is not None]
    lines = []
    if solution is not None:
        shades += [Shade(c) for c in sorted(solution.shaded)]
        if solution.loop:
            lines = [Line(tuple(loop_order(solution.loop)), closed=True)]
    return Board(inst.rows, inst.cols, shades=shades, arrows=arrows, lines=lines)


def render_text(inst: Instance, solution: Solution | None = None) -> str:
    return to_text(picture(inst, solution))


# -- puzz.link ---------------------------------------------------------------------------
_QDIR = {"n": UP, "s": DOWN, "w": LEFT, "e": RIGHT}
_DIR = {v: k for k, v in _QDIR.items()}


def _from_puzzlink(b: PzBoard) -> Instance:
    arrows = []
    for r, row in enumerate(b.value):
        for c, v in enumerate(row):
            if v is None:
                continue
            count = None if v.number == QUESTION else v.number
            if v.direction == NO_ARROW:
                if count is not None:
                    raise b.where(f"the clue at {Grid.name((r, c))} has a number but no arrow",
                                  r, c)
                arrows.append(Arrow((r, c), None, None))
                continue
            arrow = Arrow((r, c), _DIR[v.direction], count)
            problem = arrow_problem(Grid(b.rows, b.cols), arrow)
            if problem:
                raise b.where(problem, r, c)
            arrows.append(arrow)
    return Instance(b.rows, b.cols, tuple(arrows))


def _to_puzzlink(inst: Instance) -> PzBoard:
    cell = {a.cell: PzArrow(_QDIR.get(a.direction, NO_ARROW),
                            QUESTION if a.count is None else a.count) for a in inst.arrows}
    return PzBoard(inst.cols, inst.rows, tuple(tuple(cell.get((r, c)) for c in range(inst.cols))
                                               for r in range(inst.rows)))


#: pzprjs `yajilin` (alias `yajirin`); the display flag `b` is read and dropped.
PUZZLINK = Codec(names=("yajilin", "yajirin"), body=Cells(ArrowNumber16()),
                 build=_from_puzzlink, split=_to_puzzlink, ignore="b")

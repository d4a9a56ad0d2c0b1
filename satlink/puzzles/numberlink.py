"""Numberlink (Arukone, Flow Free): join equal labels by paths through cell centres.

Rules: each label is on two cells, joined by a path of orthogonally adjacent
cells; paths never cross, branch, share a cell or close into a loop. ``fill
all`` (default): every cell lies on a path; ``fill any``: cells may stay
empty. ``touch no``: a path never runs beside itself (two adjacent cells of
one path are consecutive on it); ``touch yes`` (default) allows it. janko's
Arukone grid text reads as fill all, touch no (encodings/numberlink.md).

The rule is :class:`satlink.rules.end_paths.EndPaths`: the paths of
:class:`satlink.rules.paths.Paths`, the verdict-mode pruning of
:mod:`satlink.rules.path_moves` and the first search's narrowings; the
check :func:`satlink.rules.end_paths.end_paths_problems`. A solution: one path per label,
in ``Instance.labels`` order, each from the label's first endpoint (reading
order) to its second.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .. import contract
from ..errors import InputError
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, given
from ..genre import Design, Genre
from ..render.board import Board, Circle, Line
from ..rules.end_paths import (EndPaths, EndsError, end_paths_problems, ends_of,
                               paths_from_edges, settings_of)
from ..rules.grid import Cell, Grid, exits
from ..rules.path_solutions import Solution, path_edges
from ..formats.exits import edges_of, exits_grid
from ._numberlink_layout import random_board, split
from ._numberlink_text import CONNECTIONS, LABELS, is_label, puzzlink_codec

NAME = "numberlink"
#: Largest board accepted, in cells (README): encoding a 1002 x 1002 board of
#: inputs6 had taken 8.6 GB when it was stopped; a 500 x 500 board fits.
MAX_CELLS = 250_000
FILLS = ("all", "any")
TOUCHES = ("yes", "no")


@dataclass(frozen=True)
class Instance:
    """A board: ``cells[r][c]`` is a label or "" for an empty cell."""

    cells: tuple[tuple[str, ...], ...]
    fill: str = "all"
    touch: str = "yes"

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def endpoints(self) -> dict[str, tuple[Cell, Cell]]:
        """Label -> its two cells in reading order; labels in order of first appearance."""
        return ends_of(given(self.cells))

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self.endpoints)


def make(grid, fill: str = "all", touch: str = "yes", where=None) -> Instance:
    """Build and validate an Instance from rows of labels ("" or None: empty).
    ``where(message, r, c)`` returns the InputError for a cell (0-based;
    r None: the board), so readers can point at the source."""
    def err(msg, r=None, c=None):
        return where(msg, r, c) if where is not None else InputError(msg)

    rows = tuple(tuple(x or "" for x in row) for row in grid)
    if not rows or not rows[0]:
        raise err("a board needs at least one row and one column")
    width = len(rows[0])
    if len(rows) * width > MAX_CELLS:
        raise err(f"size {width} x {len(rows)} has {len(rows) * width} cells;"
                  f" satlink accepts at most {MAX_CELLS}")
    if fill not in FILLS:
        raise err(f"fill `{fill}` is neither `all` nor `any`")
    if touch not in TOUCHES:
        raise err(f"touch `{touch}` is neither `yes` nor `no`")
    for r, row in enumerate(rows):
        if len(row) != width:
            raise err(f"row {r + 1} has {len(row)} cells, row 1 has {width}", r,
                      width if len(row) > width else max(len(row) - 1, 0))
        for c, lab in enumerate(row):
            if lab and not is_label(lab):
                raise err(f"`{lab}` is not a label (printable, no spaces) or `.`", r, c)
    try:
        ends_of(given(rows))
    except EndsError as e:
        raise err(str(e), *e.cell) from None
    return Instance(rows, fill, touch)


def apply_options(inst: Instance, options: dict) -> Instance:
    """``--fill all|any`` and ``--touch yes|no`` override the rules the source implied."""
    fill = options.get("fill") or inst.fill
    touch = options.get("touch") or inst.touch
    return inst if (fill, touch) == (inst.fill, inst.touch) else make(inst.cells, fill, touch)


# -- the rules ----------------------------------------------------------------------------
class Encoding(contract.Encoding):
    """The paths between the labels' ends (``self.rule``, :class:`EndPaths`;
    ``self.paths`` its :class:`~satlink.rules.paths.Paths`); ``options.settings``
    are :data:`satlink.rules.end_paths.DEFAULTS`."""

    def __init__(self, inst: Instance, f, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        self.rule = EndPaths(inst.grid, f, inst.endpoints, fill=inst.fill, touch=inst.touch,
                             settings=options.settings, complete=options.complete,
                             prune=isinstance(self, PrunedEncoding))
        self.paths = self.rule.paths

    def cuts(self, model) -> list[list[int]]:
        return self.rule.cuts(model)

    def decode(self, model) -> Solution:
        return self.rule.decode(model)

    def focus(self, failed: list[int] | None) -> list[int]:
        """Narrowings for a first solution (:class:`satlink.rules.end_paths.Focus`)."""
        return self.rule.focus(failed)


class PrunedEncoding(Encoding):
    """The verdict-mode encoding (``options.prune``): keeps only solutions
    that no local move improves; :meth:`alternative` completes the verdict."""

    def alternative(self, sol: Solution) -> Solution | None:
        return self.rule.alternative(sol)


def encode(inst: Instance, f, options: contract.Options) -> Encoding:
    if options.prune and not options.complete and settings_of(options.settings)["prune"]:
        return PrunedEncoding(inst, f, options)
    return Encoding(inst, f, options)


# -- checking, from the rules ---------------------------------------------------------------
def verify(inst: Instance, sol: Solution) -> list[str]:
    """Broken rules, checked on the paths themselves (empty when solved)."""
    return end_paths_problems(inst.grid, inst.endpoints, sol, inst.fill, inst.touch)


# -- .pzl and grid text (satlink/formats/cellgrid.py; the tokens: _numberlink_text.py) -----------
def paths_from(inst: Instance, grid) -> Solution:
    """The paths of a grid of connections (`ns`, `e`, ... or None), checked:
    neighbours agree, and the paths obey the rules (CellError otherwise)."""
    sol = paths_from_edges(inst.grid, inst.endpoints, edges_of(grid, "solution", "connection"))
    problems = verify(inst, sol)
    if problems:
        raise CellError("the solution breaks the rules: " + "; ".join(problems[:3]), (0, 0))
    return sol


def _where(message: str, r: int | None = None, c: int | None = None) -> InputError:
    return InputError(message) if r is None else CellError(message, (r, c))


#: `size C x R`, `fill all|any`, `touch yes|no`, a `grid` of labels, an optional
#: `solution` of connections; janko grid text: `ROWS COLS`, labels and `-`,
#: read as fill all with touch no, the published solution as connections.
FORMAT = Layout(
    NAME, MAX_CELLS, {"grid": LABELS},
    build=lambda rows, cols, grid, fill, touch: make(grid, fill, touch, _where),
    split=lambda inst: (inst.rows, inst.cols, tuple(tuple(x or None for x in row)
                                                    for row in inst.cells),
                        {"fill": inst.fill, "touch": inst.touch}),
    keywords={"fill": Keyword(Tokens(expect="`all` (every cell used) or `any`",
                                     values={f: f for f in FILLS}), default="all", always=True),
              "touch": Keyword(Tokens(expect="`yes` (a path may touch itself) or `no`",
                                      values={t: t for t in TOUCHES}), default="yes")},
    solution=Answer(CONNECTIONS, read=lambda grid, inst: paths_from(inst, grid),
                    write=lambda inst, sol: exits_grid(inst.rows, inst.cols, path_edges(sol)),
                    with_instance=True),
    janko=Janko(LABELS, keywords={"fill": "all", "touch": "no"}),
    max_cells=MAX_CELLS,
)
#: puzz.link's `numlin` (fill any) and `arukone` (_numberlink_text.py).
PUZZLINK = puzzlink_codec(make)


# -- output ----------------------------------------------------------------------------------
def cells(inst: Instance, sol: Solution) -> dict[str, str]:
    """Each cell's connections (`ns`, `e`, "" when empty), for where solutions differ."""
    on = path_edges(sol)
    return {Grid.name(c): exits(on, c) for c in inst.grid.cells}


def solution_json(inst: Instance, sol: Solution) -> dict[str, list[list[int]]]:
    """``{label: [[r, c], ...]}``: each path from its first endpoint (reading order),
    rows and columns counted from 0 at the top left."""
    return {lab: [[r, c] for r, c in path] for lab, path in sol}


def picture(inst: Instance, solution: Solution | None = None) -> Board:
    """Endpoints as circles with their labels, each path in its label's colour."""
    ends = [Circle(cell, "white", lab) for lab, pair in inst.endpoints.items() for cell in pair]
    group = {lab: i for i, lab in enumerate(inst.labels)}
    paths = [Line(path, group=group[lab]) for lab, path in solution or () if lab in group]
    return Board(inst.rows, inst.cols, lines=paths, circles=ends)


# -- design: the endpoints are structure; `generate` draws whole boards -------------------------
def layout(rows: int, cols: int, rng, params: dict) -> Instance:
    """Random long paths (mean length 1.5 x the longer side) through every
    cell, their ends the labels (``params``: ``fill``, ``touch``)."""
    if cols * rows < 2:
        raise InputError(f"a {cols} x {rows} board has no room for a path")
    fill, touch = params.get("fill", "all"), params.get("touch", "yes")
    return make(random_board(rows, cols, rng, fill, 1.5 * max(rows, cols), touch),
                fill, touch)


def refine(inst: Instance, first: Solution, second: Solution, rng) -> Instance | None:
    """The board with one more label, on which ``first`` stays a solution
    and ``second`` does not (``_numberlink_layout.split``)."""
    grid = split([list(row) for row in inst.cells], first, second, rng)
    return None if grid is None else make(grid, inst.fill, inst.touch)


def with_clues(inst: Instance, clues) -> Instance:
    """``inst``: Numberlink has no clue beyond its structure."""
    if clues:
        raise InputError("Numberlink has no clues beyond its endpoints")
    return inst


GENRE = Genre(
    name=NAME, aliases=("arukone", "flow", "flowfree"),
    summary="join equal labels by non-crossing paths (fill all: every cell used; fill any)",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture,
    puzzlink=PUZZLINK, apply_options=apply_options,
    design=Design(clues_of=lambda inst, sol: [], with_clues=with_clues, clue_name=str,
                  removable=False, layout=layout, refine=refine),
)

"""Numberlink (Arukone, Flow Free): join equal labels by paths through cell centres.

Rules: each label is on two cells, joined by a path of orthogonally adjacent
cells; paths never cross, branch, share a cell or close into a loop. ``fill
all`` (default): every cell lies on a path; ``fill any``: cells may stay
empty. ``touch no``: a path never runs beside itself (two adjacent cells of
one path are consecutive on it); ``touch yes`` (default) allows it. janko's
Arukone grid text reads as fill all, touch no (encodings/numberlink.md).

The rule is :class:`satlink.rules.paths.Paths`, with the verdict-mode
pruning of :mod:`satlink.rules.path_moves` and the first search's
narrowings of :mod:`._numberlink_search`. A solution: one path per label,
in ``Instance.labels`` order, each from the label's first endpoint (reading
order) to its second.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from .. import contract
from ..errors import InputError
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, board
from ..formats.pzprjs import Board as PzBoard
from ..formats.pzprjs import Cells, Choice, Codec, Dict, Map, Number16, Unfit
from ..genre import Design, Genre
from ..render.board import Board, Circle, Line
from ..rules import graph, path_moves
from ..rules.grid import OPPOSITE, Cell, Grid
from ..rules.paths import DIRS, Paths, Solution, shapes_of, walk
from ._numberlink_layout import random_board, split
from ._numberlink_search import Focus, label_mode, settings_of

NAME = "numberlink"
#: Largest board accepted, in cells (README): encoding a 1002 x 1002 board of
#: inputs6 had taken 8.6 GB when it was stopped; a 500 x 500 board fits.
MAX_CELLS = 250_000
FILLS = ("all", "any")
TOUCHES = ("yes", "no")
#: A label: printable characters without spaces (a number such as `12`, `A`,
#: `x7`, or a sign such as `_` or `#` in the W H sets); `.` and `-` are empty
#: cells. In .pzl a character that cannot stand in a token (`#`, `%`, and a
#: label that is just `.` or `-`) is written `%` and two hex digits: `%23`.
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


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
        seen: dict[str, list[Cell]] = {}
        for r, row in enumerate(self.cells):
            for c, lab in enumerate(row):
                if lab:
                    seen.setdefault(lab, []).append((r, c))
        return {k: (v[0], v[1]) for k, v in seen.items()}

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
    cells: dict[str, list[Cell]] = {}
    for r, row in enumerate(rows):
        if len(row) != width:
            raise err(f"row {r + 1} has {len(row)} cells, row 1 has {width}", r,
                      width if len(row) > width else max(len(row) - 1, 0))
        for c, lab in enumerate(row):
            if not lab:
                continue
            if not is_label(lab):
                raise err(f"`{lab}` is not a label (printable, no spaces) or `.`", r, c)
            cells.setdefault(lab, []).append((r, c))
            if len(cells[lab]) == 3:
                (r1, c1), (r2, c2) = cells[lab][:2]
                raise err(f"label {lab} appears a third time; it already has endpoints"
                          f" at row {r1 + 1} column {c1 + 1} and row {r2 + 1}"
                          f" column {c2 + 1}", r, c)
    for lab, at in cells.items():
        if len(at) == 1:
            raise err(f"label {lab} appears only once: a path needs two endpoints", *at[0])
    return Instance(rows, fill, touch)


def apply_options(inst: Instance, options: dict) -> Instance:
    """``--fill all|any`` and ``--touch yes|no`` override the rules the source implied."""
    fill = options.get("fill") or inst.fill
    touch = options.get("touch") or inst.touch
    return inst if (fill, touch) == (inst.fill, inst.touch) else make(inst.cells, fill, touch)


# -- the rules ----------------------------------------------------------------------------
class Encoding(contract.Encoding):
    """The paths (``self.paths``, :class:`satlink.rules.paths.Paths`), the
    no-loop rule lazily (region cuts) or, with ``options.complete``, eagerly;
    ``options.settings`` are ``_numberlink_search.DEFAULTS``."""

    def __init__(self, inst: Instance, f, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        st = self.settings = settings_of(options.settings)
        labels = label_mode(st, inst.fill, inst.touch, len(inst.labels), inst.rows * inst.cols)
        self.paths = Paths(inst.grid, f, inst.endpoints, fill=inst.fill, touch=inst.touch,
                           labels=labels, squares=st["squares"])
        f.declare_answer(self.paths.answer, one_hot=True)
        self.pruned = isinstance(self, PrunedEncoding) and path_moves.prune(
            self.paths, st["switch"], st["transfer"])
        if st["phase"]:  # try cells on paths first: published boards use most cells
            f.phases.extend(-x for x in self.paths.empty.values())
        if options.complete:
            self.paths.encode_complete()
        self._focus = Focus(self.paths, st, self.pruned)

    def cuts(self, model) -> list[list[int]]:
        """Clauses against every closed loop of the candidate (encodings/paths.md)."""
        if self.settings["cuts"] == "cycle":
            return graph.cycle_cuts(self.paths.edge_map(), model)
        return self.paths.cuts(model)

    def decode(self, model) -> Solution:
        return self.paths.decode(model)

    def focus(self, failed: list[int] | None) -> list[int]:
        """Narrowings for a first solution (:class:`._numberlink_search.Focus`)."""
        return self._focus(failed)


class PrunedEncoding(Encoding):
    """The verdict-mode encoding (``options.prune``): keeps only solutions
    that no local move improves; :meth:`alternative` completes the verdict."""

    def alternative(self, sol: Solution) -> Solution | None:
        if self.instance.touch == "no":
            return None  # nothing is pruned under touch no: the formula had one solution
        return path_moves.alternative(self.instance.grid, self.instance.fill, sol)


def encode(inst: Instance, f, options: contract.Options) -> Encoding:
    if options.prune and not options.complete and settings_of(options.settings)["prune"]:
        return PrunedEncoding(inst, f, options)
    return Encoding(inst, f, options)


# -- checking, from the rules ---------------------------------------------------------------
def verify(inst: Instance, sol: Solution) -> list[str]:
    """Broken rules, checked on the paths themselves (empty when solved)."""
    problems = []
    labels = [lab for lab, _ in sol]
    if labels != list(inst.labels):
        extra = [lab or "(no label)" for lab in labels if lab not in inst.endpoints]
        if extra:
            problems.append(f"cells on a path or loop that joins no pair of labels: {extra}")
        else:
            problems.append(f"expected one path per label {list(inst.labels)}, got {labels}")
    used: dict[Cell, str] = {}
    for lab, path in sol:
        if lab not in inst.endpoints:
            continue
        if len(path) < 2 or {path[0], path[-1]} != set(inst.endpoints[lab]):
            problems.append(f"the path of {lab} does not join its two endpoints")
        for u, v in zip(path, path[1:]):
            if abs(u[0] - v[0]) + abs(u[1] - v[1]) != 1:
                problems.append(f"the path of {lab} jumps from {u} to {v}")
        for u in path:
            if not inst.grid.inside(u):
                problems.append(f"the path of {lab} leaves the board at {u}")
                continue
            if u in used:
                problems.append(f"{Grid.name(u)} is on the paths of {used[u]} and {lab}")
            used[u] = lab
            mark = inst.cells[u[0]][u[1]]
            if mark and mark != lab:
                problems.append(f"the path of {lab} runs through the endpoint of {mark}")
        if inst.touch == "no":
            at = {u: j for j, u in enumerate(path)}
            problems += [f"the path of {lab} touches itself at {Grid.name(u)} and"
                         f" {Grid.name(v)} (touch no)" for u, j in at.items()
                         for v in ((u[0] + 1, u[1]), (u[0], u[1] + 1))
                         if v in at and abs(at[v] - j) != 1]
    empty = [c for c in inst.grid.cells if c not in used]
    if inst.fill == "all" and empty:
        problems.append(f"{len(empty)} cells are on no path (fill all), first"
                        f" {Grid.name(empty[0])}")
    return problems


# -- .pzl and grid text (satlink/formats/cellgrid.py) ------------------------------------------
def is_label(text: str) -> bool:
    """Printable, no white space, not an empty cell's `.` or `-`."""
    return bool(text) and text.isprintable() and not any(ch.isspace() for ch in text) \
        and text not in (".", "-")


def label_token(label: str) -> str:
    """A label as a .pzl token that reads back as the same label."""
    if label in (".", "-"):
        return f"%{ord(label):02X}"
    return "".join(f"%{ord(ch):02X}" if ch in "#%" else ch for ch in label)


def token_label(text: str) -> str:
    """The label a .pzl token names (``label_token`` read back); "" for `.`/`-`."""
    if text in (".", "-"):
        return ""
    if "%" in text and text.count("%") != len(_ESCAPE.findall(text)):
        raise ValueError("`%` starts an escape of two hex digits, such as `%23` for `#`")
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


def _connection(text: str) -> str | None:
    """A cell's connections: one or two of n, s, e, w, written in `nsew` order."""
    if 0 < len(text) <= 2 and len(set(text)) == len(text) and set(text) <= set(DIRS):
        return "".join(d for d in "nsew" if d in text)
    return None


def paths_from(inst: Instance, grid) -> Solution:
    """The paths of a grid of connections (`ns`, `e`, ... or None), checked:
    neighbours agree, and the paths obey the rules (CellError otherwise)."""
    conn = {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row) if v}
    for (r, c), ds in conn.items():
        for d in ds:
            dr, dc = DIRS[d]
            if OPPOSITE[d] not in conn.get((r + dr, c + dc), ""):
                raise CellError(f"row {r + 1} column {c + 1} connects `{d}` but its neighbour"
                                " does not connect back", (r, c))
    sol = walk(inst.endpoints, {(r, c): [(r + DIRS[d][0], c + DIRS[d][1]) for d in ds]
                                for (r, c), ds in conn.items()})
    problems = verify(inst, sol)
    if problems:
        raise CellError("the solution breaks the rules: " + "; ".join(problems[:3]), (0, 0))
    return sol


def _where(message: str, r: int | None = None, c: int | None = None) -> InputError:
    return InputError(message) if r is None else CellError(message, (r, c))


LABELS = Tokens(what="a label", expect="a label (printable, no spaces; `%23` for `#`) or `.`",
                parse=token_label, show=label_token, fold=False)
CONNECTIONS = Tokens(what="a cell's connections",
                     expect="`ns`, `ew`, `ne`, `nw`, `se`, `sw`, an end's `n`, `s`, `e` or `w`,"
                     " or `.` (empty)", empty=(".", "-", "x"), parse=_connection, show=str)
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
                    write=lambda inst, sol: board(inst.rows, inst.cols, shape_map(inst, sol)),
                    with_instance=True),
    janko=Janko(LABELS, keywords={"fill": "all", "touch": "no"}),
    max_cells=MAX_CELLS,
)


# -- output ----------------------------------------------------------------------------------
def shape_map(inst: Instance, sol: Solution) -> dict[Cell, str]:
    """Each used cell's connections (`ns`, `e`, ...)."""
    return {(r, c): s for r, row in enumerate(shapes_of(inst.rows, inst.cols, sol))
            for c, s in enumerate(row) if s}


def cells(inst: Instance, sol: Solution) -> dict[str, str]:
    """Each cell's connections (`ns`, `e`, "" when empty), for where solutions differ."""
    shapes = shape_map(inst, sol)
    return {Grid.name(c): shapes.get(c, "") for c in inst.grid.cells}


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
def layout(width: int, height: int, rng, params: dict) -> Instance:
    """Random long paths (mean length 1.5 x the longer side) through every
    cell, their ends the labels (``params``: ``fill``, ``touch``)."""
    if width * height < 2:
        raise InputError(f"a {width} x {height} board has no room for a path")
    fill, touch = params.get("fill", "all"), params.get("touch", "yes")
    return make(random_board(width, height, rng, fill, 1.5 * max(width, height), touch),
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


# -- puzz.link (satlink/formats/pzprjs.py) ------------------------------------------------------
# `numlin` lets cells stay empty (fill any) and labels are numbers; `arukone`
# shows labels 1-52 as A-Z, a-z, fills every cell, and its flag `e` lets cells
# stay empty. An instance with other labels is written as arukone, its labels
# renamed (numbers 1-52 by value, others in order of first appearance).
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _numlin_label(label: str) -> int:
    if not (label.isdigit() and label == str(int(label)) and int(label) >= 1):
        raise Unfit(f"numlin labels are numbers 1, 2, ..., not `{label}`")
    return int(label)


def _numlin_split(inst: Instance) -> PzBoard:
    if inst.fill != "any":
        raise Unfit("numlin lets cells stay empty (fill any)")
    return PzBoard(inst.cols, inst.rows, inst.cells)


def _arukone_split(inst: Instance) -> PzBoard:
    labels = inst.labels
    if len(labels) > len(_LETTERS):
        raise Unfit(f"arukone has {len(_LETTERS)} labels, this puzzle {len(labels)}")
    if all(lab in _LETTERS for lab in labels):
        names = {lab: lab for lab in labels}
    elif all(lab.isdigit() and 1 <= int(lab) <= len(_LETTERS) for lab in labels):
        names = {lab: _LETTERS[int(lab) - 1] for lab in labels}
    else:
        names = dict(zip(labels, _LETTERS))
    cells = tuple(tuple(names.get(x, "") for x in row) for row in inst.cells)
    return PzBoard(inst.cols, inst.rows, cells, "e" if inst.fill == "any" else "")


PUZZLINK = Choice(
    Codec(names=("numlin", "numberlink"),
          body=Cells(Dict(Map(Number16(low=1, question=False, what="label"), str, _numlin_label),
                          {None: ""})),
          build=lambda b: make(b.value, "any", where=b.where), split=_numlin_split),
    Codec(names=("arukone",),
          body=Cells(Dict(Number16(low=1, high=52, question=False, what="label"),
                          {None: "", **dict(enumerate(_LETTERS, 1))})),
          build=lambda b: make(b.value, "any" if "e" in b.flags else "all", where=b.where),
          split=_arukone_split, flags="e"),
)


GENRE = Genre(
    name=NAME, aliases=("arukone", "flow", "flowfree"),
    summary="join equal labels by non-crossing paths (fill all: every cell used; fill any)",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture,
    puzzlink=PUZZLINK, apply_options=apply_options,
    design=Design(clues_of=lambda inst, sol: [], with_clues=with_clues, clue_name=str,
                  removable=False, layout=layout, refine=refine),
)

"""Circuit Board: wire every point into one tree whose points all have 1 or 3 wires.

Rules (New York Times, 2021): the points are the cells of a grid that are
not blacked out; a wire joins two orthogonally adjacent points. Some wires
are given. Draw wires so that they form a single tree through every point
(connected, no loop), every point has exactly 1 or 3 wires, and every given
wire is used. Since every degree is odd, the number of points is even, and
on the checkerboard each colour holds an odd number of points (the degrees
of one colour add up to the n - 1 wires); boards that break this are
refused as input errors.

Shortest-path variant: two points are marked `s` and `t`. Among all valid
trees the answer is the one whose path from s to t is shortest: the genre
declares that as its :data:`OBJECTIVE` (a :class:`satlink.contract.Objective`),
and every command reads it there: the engine (``satlink.engine.optimize``)
finds the least length L of that path, proves that no valid tree has a
shorter one, and gives the verdict (unique or several) among the valid
trees whose s-t path has length L; ``count`` counts those, ``dimacs``
writes the bound, ``--certify`` proves both.

The .pzl syntax::

    puzzle circuitboard
    size 4 x 3            # columns x rows
    grid                  # `.` a point, `x` blacked out, `s` and `t` the two ends
      . . . .             #   of the shortest-path variant (optional, both or none)
      . x . s
      t . . .
    wires                 # the given wires: each point's directions among n e s w
      e w . .             #   (any order), `.` none; a wire is named at both ends
      . . . .
      . . . .
    solution              # optional: each point's wires, `x` blacked out
      e sew w s
      s  x  s ns
      ne w new nw

A wire is named at both of its points (`e` in r1c1 and `w` in r1c2 is the
wire r1c1-r1c2). Errors name the file, line and column: a wire toward a
blacked-out cell or off the board, a wire named at one end only, given
wires that close a loop, `s` without `t`, no points, points in separate
groups, an odd number of points, an even number of one colour.

Encoding (``encodings/circuitboard.md``): the kit rule
:class:`satlink.rules.wire_trees.WireTree`: one variable per pair of
adjacent points, a :class:`satlink.rules.trees.SpanningTree` with degrees
{1, 3} (connectivity by separation cuts on the points, acyclicity by
separation cuts on the faces; eager with ``Options(complete=True)``) and,
with ends, the s-t path whose length the objective bounds. The board checks,
the verifier and the JSON answer come from the same module.

A solution is the frozenset of wires ``((r1, c1), (r2, c2))`` between
adjacent points, ``(r1, c1) < (r2, c2)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.cellgrid import CellError, Layout
from ..formula import Formula
from ..render import Board, Label, Line, Shade
from ..rules.grid import Cell, Edge, Grid, edge
from ..rules.wire_trees import (PATH_LENGTH, WireTree, odd_blocked, wire_board_fault,
                                 wire_cells, wire_tree_json, wire_tree_problems)
from ..genre import Design, Genre
from ._wire_board import POINTS, SOLUTION, WIRES, board_blocks, read_board

NAME = "circuitboard"
MAX_SIDE = 100
#: The degrees a point may have.
DEGREES = frozenset({1, 3})


@dataclass(frozen=True)
class Instance:
    """A board: its size, the blacked-out cells, the given wires (sorted)
    and, for the shortest-path variant, the two ends ``(s, t)``."""

    rows: int
    cols: int
    blocked: frozenset[Cell] = frozenset()
    given: tuple[Edge, ...] = ()
    ends: tuple[Cell, Cell] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "blocked", frozenset(self.blocked))
        object.__setattr__(self, "given", tuple(sorted(edge(*e) for e in self.given)))
        check(self)

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @cached_property
    def points(self) -> tuple[Cell, ...]:
        """The cells that are not blacked out, in row order."""
        return tuple(c for c in self.grid.cells if c not in self.blocked)

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        """Every pair of adjacent points: the wires that may be drawn."""
        return tuple(self.grid.cell_edges(self.points))


def check(inst: Instance) -> None:
    """Raise :class:`CellError` (an InputError) for a board that is not a
    puzzle: see the module's documentation for the list."""
    g = inst.grid
    if not (1 <= inst.rows <= MAX_SIDE and 1 <= inst.cols <= MAX_SIDE):
        raise InputError(f"size {inst.cols} x {inst.rows} is outside 1..{MAX_SIDE} on a side")
    for c in sorted(inst.blocked):
        if not g.inside(c):
            raise InputError(f"the blacked-out cell {Grid.name(c)} is off the board")
    fault = wire_board_fault(g, inst.points, inst.edges, inst.given, DEGREES, inst.ends)
    if fault is not None:
        message, cell, part = fault
        raise CellError(message, cell, part) if cell is not None else InputError(message)


def clues(inst: Instance) -> list[Edge]:
    """The given wires."""
    return list(inst.given)


# -- design (satlink.design: minimize, generate, analyze) --------------------------
# A given wire can be removed and the tree stays a solution. On a board with
# ends the answer is the tree with the shortest s-t path, and removing a wire
# can let a shorter one in: the design tools read the genre's OBJECTIVE and
# ask for the target to be the only tree of its length or shorter.


def clues_of(inst: Instance, sol) -> list[Edge]:
    """Every wire the board could give that the tree ``sol`` obeys: its wires."""
    return sorted(edge(*e) for e in sol)


def with_clues(inst: Instance, wires) -> Instance:
    """``inst``'s board (blacked-out cells and ends kept) with exactly these given wires."""
    return Instance(inst.rows, inst.cols, inst.blocked, tuple(wires), inst.ends)


def clue_name(wire: Edge) -> str:
    """`r1c1-r1c2`, 1-based, as :func:`cells` names wires."""
    return Grid.pair_name(*edge(*wire))


#: The cells a blank board blacks out (the parity rule of the module's documentation).
default_blocked = odd_blocked


def blank(rows: int, cols: int, params: dict) -> Instance:
    """A ``rows`` x ``cols`` board without given wires. ``params`` may
    hold ``blocked``, the cells (0-based (row, column)) to black out; the
    default is :func:`default_blocked` (10 x 10: r1c1 and r1c2, since 50
    cells of each colour is even). An InputError for a board no tree can
    wire by the counting rules of :func:`satlink.rules.trees.obstruction`;
    a board that passes them and still has no tree (2 x 5) is found by
    ``generate``, which says the board has no solution."""
    blocked = params.get("blocked")
    if blocked is None:
        blocked = default_blocked(rows, cols)
    return Instance(rows, cols, frozenset(tuple(c) for c in blocked))


# -- .pzl (satlink/puzzles/_wire_board.py) -------------------------------------------------
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": POINTS, "wires": WIRES},
    build=lambda rows, cols, cells, wires: Instance(rows, cols, *read_board(cells, wires)),
    split=lambda inst: (inst.rows, inst.cols,
                        *board_blocks(inst.rows, inst.cols, inst.blocked, inst.given, inst.ends)),
    solution=SOLUTION,
)
check_header = FORMAT.check_header
from_document = FORMAT.from_document
expected_solution = FORMAT.expected_solution
to_pzl = FORMAT.to_pzl


# -- encoding ----------------------------------------------------------------------------------
class CircuitEncoding(Encoding):
    """The wires and their tree (``self.wire_tree``, a
    :class:`satlink.rules.wire_trees.WireTree`; ``self.path`` the s-t path
    on a board with ends, bounded by :data:`OBJECTIVE`). Setting ``acyclic``:
    ``"faces"`` (default) or ``"cycles"`` (see WireTree)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.wire_tree = WireTree(f, inst.points, inst.edges, DEGREES, inst.given, options,
                                  self.selectors, inst.ends)
        self.path = self.wire_tree.path

    def cuts(self, model) -> list[list[int]]:
        return self.wire_tree.cuts(model)

    def decode(self, model) -> frozenset[Edge]:
        return self.wire_tree.decode(model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> CircuitEncoding:
    return CircuitEncoding(inst, f, options)


# -- checking, independent of the encoding -------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of wires (networkx), empty when it is a valid tree."""
    return wire_tree_problems(inst.points, inst.given, DEGREES, sol)


# -- output ----------------------------------------------------------------------------------------
def solution_json(inst: Instance, sol) -> dict:
    """``{"wires": [[r1, c1, r2, c2], ...]}`` (0-based, sorted); with ends also
    ``"path"`` (the cells [r, c] from s to t) and ``"length"`` (its wires)."""
    return wire_tree_json(sol, inst.ends)


def cells(inst: Instance, sol) -> dict[str, int]:
    """Every possible wire by name (`r1c1-r1c2`): 1 when drawn, else 0."""
    return wire_cells(inst.edges, sol)


def picture(inst: Instance, solution=None) -> Board:
    """Blacked-out cells, the ends `s` and `t`, the given wires (a colour
    group of their own), and the solution's other wires."""
    given_set = set(inst.given)
    lines = [Line(e, group=0) for e in inst.given]
    lines += [Line(e) for e in sorted(solution or ()) if e not in given_set]
    labels = ([Label(inst.ends[0], "s"), Label(inst.ends[1], "t")]
              if inst.ends is not None else [])
    return Board(inst.rows, inst.cols, shades=[Shade(c, "void") for c in sorted(inst.blocked)],
                 lines=lines, labels=labels)


#: The answer of a board with ends is the tree whose s-t path is shortest.
OBJECTIVE = PATH_LENGTH


GENRE = Genre(
    name=NAME, aliases=("circuit-board", "circuit"),
    summary="wire every point into one tree, each point with 1 or 3 wires, given wires used",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
    objective=OBJECTIVE,
)

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

Encoding (``encodings/circuitboard.md``): one variable per pair of adjacent
points, :class:`satlink.rules.trees.SpanningTree` with degrees {1, 3} and
the faces of the board (connectivity by separation cuts on the points,
acyclicity by separation cuts on the faces), eager with
``Options(complete=True)``. The s-t path (:class:`satlink.rules.trees.TreePath`)
and its length bound for the shortest-path variant.

A solution is the frozenset of wires ``((r1, c1), (r2, c2))`` between
adjacent points, ``(r1, c1) < (r2, c2)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import networkx as nx
from networkx.utils import UnionFind

from ..contract import Encoding, Objective, Options
from ..errors import InputError
from ..formats.cellgrid import Answer, CellError, Layout, Tokens, board, given
from ..formula import Formula
from ..render import Board, Label, Line, Shade
from ..rules.grid import Cell, Edge, Grid, edge, edge_key
from ..rules.trees import SpanningTree, TreePath, grid_sides, obstruction
from ..genre import Design, Genre
from ._exits import edges_of, exits_grid, exits_tokens

NAME = "circuitboard"
MAX_SIDE = 100
#: The degrees a point may have.
DEGREES = frozenset({1, 3})
#: Board cell values: a blacked-out cell and the two ends (None: a point).
BLACK, START, END = "x", "s", "t"


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
    points = set(g.cells) - inst.blocked
    if inst.ends is not None:
        s, t = inst.ends
        for mark, c in (("s", s), ("t", t)):
            if c not in points:
                raise CellError(f"`{mark}` at {Grid.name(c)} is not on a point", c, "grid")
        if s == t:
            raise CellError("`s` and `t` are the same point", s, "grid")
    joined = UnionFind()
    seen = set()
    for a, b in inst.given:
        for x in (a, b):
            if x not in points:
                where = "off the board" if not g.inside(x) else "blacked out"
                raise CellError(f"the given wire {Grid.pair_name(a, b)} ends at"
                                f" {Grid.name(x)}, which is {where}",
                                a if x == b else b, "wires")
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise CellError(f"the given wire {Grid.pair_name(a, b)} does not join two"
                            " adjacent points", a, "wires")
        if (a, b) in seen:
            raise CellError(f"the wire {Grid.pair_name(a, b)} is given twice", a, "wires")
        seen.add((a, b))
        if joined[a] == joined[b]:
            raise CellError(f"the given wires close a loop at {Grid.pair_name(a, b)}:"
                            " the wires must form a tree", b, "wires")
        joined.union(a, b)
    why = obstruction(inst.points, inst.edges, DEGREES)
    if why is not None:
        raise InputError(why)


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


def default_blocked(width: int, height: int) -> list[Cell]:
    """The cells blacked out on a blank board: none when the board's two
    checkerboard colours both hold an odd number of cells (the parity rule of
    the module's documentation), else one cell of each colour that needs it,
    on the border and next to a corner or on it, so that the points stay
    joined: the top-left corner for the colour of r1c1, r1c2 (or r2c1 on a
    one-column board) for the other."""
    light = (width * height + 1) // 2  # cells of r1c1's colour
    dark = width * height // 2
    out: list[Cell] = []
    if light % 2 == 0:
        out.append((0, 0))
    if dark % 2 == 0 and width * height > 1:
        out.append((0, 1) if width > 1 else (1, 0))
    return out


def blank(width: int, height: int, params: dict) -> Instance:
    """A ``width`` x ``height`` board without given wires. ``params`` may
    hold ``blocked``, the cells (0-based (row, column)) to black out; the
    default is :func:`default_blocked` (10 x 10: r1c1 and r1c2, since 50
    cells of each colour is even). An InputError for a board no tree can
    wire by the counting rules of :func:`satlink.rules.trees.obstruction`;
    a board that passes them and still has no tree (2 x 5) is found by
    ``generate``, which says the board has no solution."""
    blocked = params.get("blocked")
    if blocked is None:
        blocked = default_blocked(width, height)
    return Instance(height, width, frozenset(tuple(c) for c in blocked))


# -- .pzl (satlink/formats/cellgrid.py) ---------------------------------------------------------
#: A cell of the `grid` block.
POINTS = Tokens(what="a board cell", expect="`.` (a point), `x` (blacked out), `s` or `t`"
                " (the ends of the shortest path)",
                values={BLACK: BLACK, START: START, END: END})
#: A cell of the `wires` block: the given wires' directions, `.` none.
WIRES = exits_tokens("a point's given wires",
                     "directions among n, e, s, w (`e`, `ns`, `sew`, ...) or `.` (none)")
#: A cell of the `solution` block: the point's wires, `x` a blacked-out cell.
SOLVED = exits_tokens("a point's wires", "directions among n, e, s, w (`e`, `sew`, ...),"
                      " `.` (none) or `x` (blacked out)", {BLACK: BLACK})


def _build(rows: int, cols: int, cells, wires) -> Instance:
    blocked = frozenset(c for c, v in given(cells) if v == BLACK)
    marks = {}
    for c, v in given(cells):
        if v in (START, END):
            if v in marks:
                raise CellError(f"a second `{v}` at {Grid.name(c)}; there is one of each", c,
                                "grid")
            marks[v] = c
    if len(marks) == 1:
        (mark, c), = marks.items()
        other = END if mark == START else START
        raise CellError(f"`{mark}` at {Grid.name(c)} has no `{other}`: mark both ends of the"
                        " path or neither", c, "grid")
    for c, _ in given(wires):
        if c in blocked:
            raise CellError(f"a wire is given at {Grid.name(c)}, which is blacked out", c,
                            "wires")
    ends = (marks[START], marks[END]) if marks else None
    return Instance(rows, cols, blocked, tuple(sorted(edges_of(wires, "wires"))), ends)


def _split(inst: Instance):
    cells = {c: BLACK for c in inst.blocked}
    if inst.ends is not None:
        cells[inst.ends[0]], cells[inst.ends[1]] = START, END
    return (inst.rows, inst.cols, board(inst.rows, inst.cols, cells),
            exits_grid(inst.rows, inst.cols, inst.given, {}))


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": POINTS, "wires": WIRES},
    build=_build, split=_split,
    solution=Answer(SOLVED, read=lambda grid: edges_of(grid, "solution"),
                    write=lambda inst, sol: exits_grid(inst.rows, inst.cols, sol,
                                                       dict.fromkeys(inst.blocked, BLACK))),
)
check_header = FORMAT.check_header
from_document = FORMAT.from_document
expected_solution = FORMAT.expected_solution
to_pzl = FORMAT.to_pzl


# -- encoding ----------------------------------------------------------------------------------
class CircuitEncoding(Encoding):
    """The wires (``self.wires``: edge -> variable) and the tree over them
    (``self.tree``).

    Settings: ``acyclic`` = ``"faces"`` (default: separation cuts on the
    faces of the board) or ``"cycles"`` (cycle cuts, the general-graph
    form; kept for the measurements in encodings/circuitboard.md).
    """

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.wires = {e: f.var("wire", *edge_key(e)) for e in inst.edges}
        f.declare_answer(list(self.wires.values()))
        acyclic = options.setting("acyclic", "faces")
        if acyclic not in ("faces", "cycles"):
            raise ValueError(f"setting acyclic must be `faces` or `cycles`, not {acyclic!r}")
        self.tree = SpanningTree(f, self.wires, DEGREES, nodes=inst.points,
                                 sides=grid_sides(inst.points) if acyclic == "faces" else None,
                                 complete=options.complete, tag="tree")
        for e in inst.given:
            x = self.wires[e]
            if options.clues == "direct":
                f.add([x])
            else:
                sel = self.selectors[e] = f.var("given", *e[0], *e[1])
                f.add([-sel, x])

    def cuts(self, model) -> list[list[int]]:
        return self.tree.cuts(model)

    def decode(self, model) -> frozenset[Edge]:
        return self.tree.decode(model)


class ShortestEncoding(CircuitEncoding):
    """A board with ends s and t: the tree and its s-t path (``self.path``),
    whose length is the genre's :data:`OBJECTIVE`."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.path: TreePath = self.tree.path(*inst.ends)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> CircuitEncoding:
    if inst.ends is not None:
        return ShortestEncoding(inst, f, options)
    return CircuitEncoding(inst, f, options)


# -- checking, independent of the encoding -------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of wires (networkx), empty when it is a valid tree."""
    points = set(inst.points)
    g = nx.Graph()
    g.add_nodes_from(points)
    problems = []
    for a, b in sol:
        if a not in points or b not in points or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            problems.append(f"the wire {Grid.pair_name(a, b)} does not join two adjacent"
                            " points")
            continue
        g.add_edge(a, b)
    for a, b in inst.given:
        if not g.has_edge(a, b):
            problems.append(f"the given wire {Grid.pair_name(a, b)} is missing")
    for p in sorted(points):
        if g.degree(p) not in DEGREES:
            problems.append(f"{Grid.name(p)} has {g.degree(p)} wires, not 1 or 3")
    pieces = nx.number_connected_components(g)
    if pieces > 1:
        problems.append(f"the wires form {pieces} separate pieces, not one tree")
    try:
        loop = nx.find_cycle(g)
    except nx.NetworkXNoCycle:
        loop = None
    if loop:
        problems.append(f"the wires close a loop through {Grid.name(loop[0][0])}")
    return problems


# -- output ----------------------------------------------------------------------------------------
def solution_json(inst: Instance, sol) -> dict:
    """``{"wires": [[r1, c1, r2, c2], ...]}`` (0-based, sorted); with ends also
    ``"path"`` (the cells [r, c] from s to t) and ``"length"`` (its wires)."""
    out: dict = {"wires": [[*a, *b] for a, b in sorted(sol)]}
    if inst.ends is not None:
        try:
            route = nx.shortest_path(nx.Graph(list(sol)), *inst.ends)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            route = []
        out["path"] = [list(c) for c in route]
        out["length"] = max(len(route) - 1, 0)
    return out


def cells(inst: Instance, sol) -> dict[str, int]:
    """Every possible wire by name (`r1c1-r1c2`): 1 when drawn, else 0."""
    on = set(sol)
    return {Grid.pair_name(a, b): int((a, b) in on) for a, b in inst.edges}


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


# -- the shortest-path variant's objective ----------------------------------------------------
def path_length(inst: Instance, sol) -> int:
    """The number of wires on the path from s to t in the tree ``sol`` (networkx)."""
    return nx.shortest_path_length(nx.Graph(list(sol)), *inst.ends)


#: The answer of a board with ends is the tree whose s-t path is shortest.
OBJECTIVE = Objective("s-t path length", value=path_length,
                      bound=lambda enc, k: enc.path.at_most(k),
                      applies=lambda inst: inst.ends is not None)


GENRE = Genre(
    name=NAME, aliases=("circuit-board", "circuit"),
    summary="wire every point into one tree, each point with 1 or 3 wires, given wires used",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
    objective=OBJECTIVE,
)

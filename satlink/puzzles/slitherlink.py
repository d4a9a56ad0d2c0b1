"""Slitherlink: one closed loop along the grid lines; clues count a cell's sides on it.

Rules: the loop runs along the edges between lattice points, never crosses
or branches, and is a single closed loop; a number 0-4 in a cell is how
many of its four sides the loop uses (`?` is a number that is not shown).

Encoding (encodings/slitherlink.md): one variable per edge, degree 0 or 2
at every lattice point, clue counts as small direct cardinality clauses,
and the single-loop rule lazily (:func:`cuts`: the separation cuts of
:func:`satlink.graph.single_cycle_cuts` on grid arrays, with the witnesses
the clues make unnecessary left out) or, for DIMACS, eagerly
(:func:`satlink.graph.encode_single_cycle`, plus implied inside/outside
cell variables).

A solution is the frozenset of loop edges, each a pair of lattice points
``((r1, c1), (r2, c2))`` in increasing order; lattice points run 0..rows
and 0..cols.
"""
from __future__ import annotations

import gc
import itertools
from dataclasses import dataclass

import networkx as nx

from .. import contract, graph
from ..rules import counts
from ..rules.loops import loop_order
from ..errors import InputError
from ..formula import Formula
from ..formats.cellgrid import Answer, Janko, Layout, Tokens
from ..genre import Design, Genre

NAME = "slitherlink"
#: Largest side accepted (documented in the README); janko boards reach 60.
MAX_SIDE = 200
#: Clue value of a cell holding `?`: a number that is not shown (no constraint).
UNKNOWN = -1

Point = tuple[int, int]
Edge = tuple[Point, Point]


@dataclass(frozen=True)
class Instance:
    """``clues[r][c]`` is None (empty), UNKNOWN (`?`) or 0..4."""

    cols: int
    rows: int
    clues: tuple[tuple[int | None, ...], ...]


def make(cols: int, rows: int, clues) -> Instance:
    """Build and validate an Instance (errors without positions)."""
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise InputError(f"size {cols} x {rows} is outside 1..{MAX_SIDE} on a side")
    grid = tuple(tuple(row) for row in clues)
    if len(grid) != rows:
        raise InputError(f"the grid has {len(grid)} rows, size says {rows}")
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise InputError(f"row {r + 1} has {len(row)} cells, size says {cols}")
        for c, v in enumerate(row):
            if v is not None and not (v == UNKNOWN or 0 <= v <= 4):
                raise InputError(f"clue {v} at row {r + 1}, column {c + 1} is not 0-4")
    return Instance(cols, rows, grid)


# -- geometry ---------------------------------------------------------------------
def edge_list(inst: Instance) -> list[Edge]:
    """All edges: horizontal ``((r, c), (r, c+1))`` then vertical ``((r, c), (r+1, c))``."""
    return graph.grid_edges(inst.rows + 1, inst.cols + 1)


def cell_sides(r: int, c: int) -> list[Edge]:
    """The four sides of cell (r, c): top, bottom, left, right."""
    return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
            ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]


def edge_name(e: Edge) -> str:
    """`h(r,c)` for the horizontal edge right of point (r, c), `v(r,c)` below it."""
    (r, c), (r2, _c2) = e
    return f"{'h' if r2 == r else 'v'}({r},{c})"


def edge_var(f: Formula, e: Edge) -> int:
    (r, c), (r2, _c2) = e
    return f.var("h" if r2 == r else "v", r, c)


def edge_vars(inst: Instance, f: Formula) -> dict[Edge, int]:
    """Edge -> variable."""
    return {e: edge_var(f, e) for e in edge_list(inst)}


# -- .pzl and grid text (satlink/formats/cellgrid.py) ----------------------------------------
def edges_from_inside(inside) -> frozenset:
    """The loop edges of a region given as rows of booleans (True = inside):
    the sides between an inside cell and an outside cell or the border."""
    rows, cols = len(inside), len(inside[0]) if inside else 0

    def at(r, c):
        return 0 <= r < rows and 0 <= c < cols and bool(inside[r][c])

    out = set()
    for r in range(rows + 1):
        for c in range(cols):
            if at(r - 1, c) != at(r, c):
                out.add(((r, c), (r, c + 1)))
    for r in range(rows):
        for c in range(cols + 1):
            if at(r, c - 1) != at(r, c):
                out.add(((r, c), (r + 1, c)))
    return frozenset(out)


def inside_cells(inst: Instance, sol) -> list[list[bool]]:
    """Which cells lie inside the loop: crossings of vertical loop edges, counted
    from the left border, are odd."""
    vert = {e for e in sol if e[0][1] == e[1][1]}
    out = []
    for r in range(inst.rows):
        row, inside = [], False
        for c in range(inst.cols):
            if ((r, c), (r + 1, c)) in vert:
                inside = not inside
            row.append(inside)
        out.append(row)
    return out


#: A cell of the `grid` block (and of janko's grid text): 0-4, `?`, `.` or `-`.
CLUES = Tokens(what="a clue", expect="0-4, `?` or an empty cell", values={"?": UNKNOWN},
               numbers=(0, 4), why="a cell has four sides")
#: A cell of a solution: `x` inside the loop, `.` (janko: `-`) outside.
INSIDE = Tokens(expect="`x` (inside the loop) or `.` (outside)", values={"x": True})

#: `size C x R`, a `grid` of clues, an optional `solution` of inside cells;
#: janko: `ROWS COLS`, clues and `-`; a published solution may carry lines
#: after its grid.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CLUES},
    build=lambda rows, cols, grid: make(cols, rows, grid),
    split=lambda inst: (inst.rows, inst.cols, inst.clues),
    solution=Answer(INSIDE, read=edges_from_inside,
                    write=lambda inst, sol: [[True if x else None for x in row]
                                             for row in inside_cells(inst, sol)]),
    janko=Janko(CLUES, trailing=True),
)
check_header = FORMAT.check_header
from_document = FORMAT.from_document
expected_solution = FORMAT.expected_solution
to_pzl = FORMAT.to_pzl
from_grid_text = FORMAT.from_grid_text
solution_from_grid_text = FORMAT.solution_from_grid_text


# -- encoding ------------------------------------------------------------------------------
def exactly_small(f: Formula, lits: list[int], k: int) -> None:
    """Exactly k of a few literals, without auxiliaries: every (k+1)-subset has a
    false one and every (n-k+1)-subset a true one."""
    n = len(lits)
    for sub in itertools.combinations(lits, k + 1):
        f.add([-x for x in sub])
    for sub in itertools.combinations(lits, n - k + 1):
        f.add(list(sub))


def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The numbers, as (row, column, number), 0-based."""
    return [(r, c, v) for r, row in enumerate(inst.clues) for c, v in enumerate(row)
            if v is not None and v != UNKNOWN]


# -- design (satlink.design: minimize, generate, analyze) --------------------------


def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    """Every number the board could show that the loop ``sol`` obeys: each
    cell's count of sides on the loop."""
    return [(r, c, sum(e in sol for e in cell_sides(r, c)))
            for r in range(inst.rows) for c in range(inst.cols)]


def with_clues(inst: Instance, numbers) -> Instance:
    """``inst`` with exactly these numbers (its `?` cells kept)."""
    grid = [[UNKNOWN if v == UNKNOWN else None for v in row] for row in inst.clues]
    for r, c, v in numbers:
        grid[r][c] = v
    return Instance(inst.cols, inst.rows, tuple(map(tuple, grid)))


def clue_name(clue: tuple[int, int, int]) -> str:
    """`r3c4`, 1-based."""
    return f"r{clue[0] + 1}c{clue[1] + 1}"


def blank(width: int, height: int, params: dict) -> Instance:
    """A board of ``width`` x ``height`` cells without numbers."""
    return make(width, height, [[None] * width for _ in range(height)])


class Encoding(contract.Encoding):
    """Edges, degree 0/2, clues; one loop eagerly if ``complete`` (with the
    implied inside/outside cells), else lazily through :meth:`cuts`.

    In selector mode each number's clauses are guarded by its selector, and
    the cuts drop the witnesses that the numbers would let them leave out
    (valid only while the number holds)."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        self.edges = edges = edge_vars(inst, f)
        f.declare_answer(list(edges.values()))
        if options.complete:
            graph.encode_single_cycle(f, edges, tag="loop")
        else:
            _encode_degree(inst, f, edges)
            f.add(list(edges.values()))
        for r, c, v in clues(inst):
            lits = [edges[e] for e in cell_sides(r, c)]
            if direct:  # the common case, without a context per clue
                exactly_small(f, lits, v)
                continue
            with counts.guarded(f, self.selectors.setdefault((r, c, v), f.var("clue", r, c))):
                exactly_small(f, lits, v)
        if options.complete:
            _encode_inside(inst, f, edges)
        self.grid = _Grid(inst, f, edges, promises=direct)

    def cuts(self, model) -> list[list[int]]:
        return cuts(self.grid, model)

    def decode(self, model) -> frozenset:
        g = self.grid
        edges, index = g.edges, g.index
        true = model.true_answer() if g.answer_is_edges else model.true_vars(g.ex)
        return frozenset(edges[index[x]] for x in true)


def encode(inst: Instance, f: Formula, options: contract.Options) -> Encoding:
    """:class:`Encoding`. Python's cycle collector is paused meanwhile: the
    tens of thousands of clause lists (no reference cycles among them) would
    otherwise trigger collections that walk every live object of the
    process, which costs more than the encoding itself in a process holding
    many objects (encodings/slitherlink.md, Measurements).
    """
    if not gc.isenabled():
        return Encoding(inst, f, options)
    gc.disable()
    try:
        return Encoding(inst, f, options)
    finally:
        gc.enable()


def _point_edges(inst: Instance, edges) -> list[list[int]]:
    """Per lattice point ``r * (cols + 1) + c``, the variables of its edges."""
    w = inst.cols + 1
    inc: list[list[int]] = [[] for _ in range((inst.rows + 1) * w)]
    for ((r, c), (r2, c2)), x in edges.items():
        inc[r * w + c].append(x)
        inc[r2 * w + c2].append(x)
    return inc


def _encode_degree(inst: Instance, f: Formula, edges) -> None:
    """Degree 0 or 2 at every point: the clauses of ``graph.encode_degree(f, edges,
    {0, 2})`` (an edge end needs another edge at its point; no three edges at a
    point), written for the grid without building the generic incidence map."""
    out = f.clauses
    for lits in _point_edges(inst, edges):
        if len(lits) == 4:  # inside the board, spelled out for speed
            a, b, c, d = lits
            out.extend(([-a, b, c, d], [-b, a, c, d], [-c, a, b, d], [-d, a, b, c],
                        [-a, -b, -c], [-a, -b, -d], [-a, -c, -d], [-b, -c, -d]))
            continue
        d = len(lits)
        for i in range(d):
            out.append([-lits[i]] + lits[:i] + lits[i + 1:])
        if d >= 3:
            out.extend([-a, -b, -c] for a, b, c in itertools.combinations(lits, 3))


def _encode_inside(inst: Instance, f: Formula, edges) -> None:
    """Implied: in(r, c) per cell; a side is on the loop iff exactly one of its
    two cells is inside (the outside of the board counts as outside).

    Valid because a simple closed curve splits the cells into inside and
    outside and its edges are exactly the sides between the two.
    """
    rows, cols = inst.rows, inst.cols
    cell = [[f.var("in", r, c) for c in range(cols)] for r in range(rows)]
    out = f.clauses
    for e, x in edges.items():
        (r, c), (r2, _c2) = e
        if r2 == r:  # horizontal: the cells above and below
            a = cell[r - 1][c] if r > 0 else None
            b = cell[r][c] if r < rows else None
        else:  # vertical: the cells left and right
            a = cell[r][c - 1] if c > 0 else None
            b = cell[r][c] if c < cols else None
        if a is None or b is None:
            y = a or b
            out.append([-x, y])
            out.append([x, -y])
        else:
            out.extend(([-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]))


class _Grid:
    """The board as integer arrays for the cut finder and the read-out, built
    once per formula: lattice point ``r * (cols + 1) + c``; edge ``i`` joins
    points ``eu[i]`` and ``ev[i]`` and has variable ``ex[i]``."""

    def __init__(self, inst: Instance, f: Formula, edges: dict[Edge, int],
                 promises: bool = True):
        w = inst.cols + 1
        self.inst = inst
        self.npoints = (inst.rows + 1) * w
        self.edges = list(edges)
        self.ex = list(edges.values())
        self.eu = [r * w + c for (r, c), _ in self.edges]
        self.ev = [r * w + c for _, (r, c) in self.edges]
        # by variable: the edge's index and its two points
        top = max(self.ex)
        self.index = [-1] * (top + 1)
        self.pu = [-1] * (top + 1)
        self.pv = [-1] * (top + 1)
        for i, x in enumerate(self.ex):
            self.index[x] = i
            self.pu[x] = self.eu[i]
            self.pv[x] = self.ev[i]
        # the answer variables are exactly the edges: Model.true_answer reads them
        self.answer_is_edges = f.answer == self.ex
        nbrs: list[list[tuple[int, int]]] = [[] for _ in range(self.npoints)]
        for u, v, x in zip(self.eu, self.ev, self.ex):
            nbrs[u].append((v, x))
            nbrs[v].append((u, x))
        self.nbrs = nbrs
        # clue cells that every loop must touch near a point: (cell, need)
        # per corner point; see _touch_needed (none without ``promises``)
        self.point_cells: list[list[tuple[int, int]]] = [[] for _ in range(self.npoints)]
        cell = 0
        for r, row in enumerate(inst.clues if promises else ()):
            for c, v in enumerate(row):
                need = _touch_needed(v)
                if need:
                    for p in (r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1):
                        self.point_cells[p].append((cell, need))
                cell += 1


def _touch_needed(v) -> int:
    """A loop with clue v in a cell touches every point set holding this many of
    the cell's four corners (0: no such promise). k sides touch at least k + 1
    corners (all four for k >= 3), so with m corners in the set, m + k + 1 > 4
    leaves a touched corner inside it."""
    if v is None or v == UNKNOWN or v == 0:
        return 0
    return 4 - v if v < 4 else 1


def cuts(g: _Grid, model) -> list[list[int]]:
    """Clauses against a candidate with more than one loop (or none).

    The candidate obeys degree 0 or 2, so its edges are disjoint loops. For
    each loop C and each region Y of the board with C's points removed that
    holds another loop D: "the loop uses an edge between C and Y", or C is
    absent (its witness edge off), or D is. A witness is left out when a clue
    promises that every solution touches the points of C, or of Y
    (:func:`_touch_needed`); the argument is in encodings/slitherlink.md.
    Written for the grid rather than through ``graph.single_cycle_cuts``
    because of speed: a round on the 60 x 60 board costs 1.2 ms against
    4.2 ms (encodings/slitherlink.md, "The finder").
    """
    true = model.true_answer() if g.answer_is_edges else model.true_vars(g.ex)
    if not true:
        return [list(g.ex)]
    loops = _loops(g, true)
    if loops is None:  # a branch or a dead end: not a degree 0/2 candidate
        return graph.single_cycle_cuts(dict(zip(g.edges, g.ex)), model)
    part, parts, wit = loops
    if len(parts) == 1:
        return []
    return _separation(g, part, parts, wit)


def _loops(g: _Grid, true: list[int]):
    """The loops of a candidate's edge variables ``true``: (point -> loop
    index or -1, each loop's points, an edge variable of each loop); None
    unless every point has degree 0 or 2."""
    n, pu, pv = g.npoints, g.pu, g.pv
    # each point's two loop neighbours, then walk each loop once
    m1 = [-1] * n
    m2 = [-1] * n
    for x in true:  # unrolled: this runs for every edge of every candidate
        a = pu[x]
        b = pv[x]
        if m1[a] < 0:
            m1[a] = b
        elif m2[a] < 0:
            m2[a] = b
        else:
            return None
        if m1[b] < 0:
            m1[b] = a
        elif m2[b] < 0:
            m2[b] = a
        else:
            return None
    part = [-1] * n
    parts: list[list[int]] = []
    wit: list[int] = []
    for x in true:
        s = pu[x]
        if part[s] >= 0:
            continue
        pid = len(parts)
        pts = [s]
        part[s] = pid
        prev, cur = s, m1[s]
        while cur != s:
            if cur < 0:
                return None
            part[cur] = pid
            pts.append(cur)
            nxt = m1[cur]
            if nxt == prev:
                nxt = m2[cur]
            prev, cur = cur, nxt
        parts.append(pts)
        wit.append(x)
    return part, parts, wit


def _separation(g: _Grid, part: list[int], parts: list[list[int]], wit: list[int]):
    """The cuts of :func:`cuts` for the loops ``parts`` (``part``: point -> loop)."""
    k = len(parts)
    nbrs = g.nbrs
    # Regions of points off every loop, numbered after the loops.
    for p in [p for p in range(g.npoints) if part[p] < 0]:
        if part[p] < 0:
            pid = len(parts)
            pts = [p]
            part[p] = pid
            for a in pts:  # grows while it runs: a flood fill
                for b, _x in nbrs[a]:
                    if part[b] < 0:
                        part[b] = pid
                        pts.append(b)
            parts.append(pts)
    # The quotient graph of loops and regions, joined by the (unused) edges
    # between them; boundary[i, p] lists the edges between loop i and part p.
    # Every edge between two parts has an end outside the largest part, so
    # only the points of the other parts are scanned.
    big = max(range(len(parts)), key=lambda p: len(parts[p]))
    big_loop = big < k
    adj: list[set[int]] = [set() for _ in parts]
    boundary: dict[tuple[int, int], list[int]] = {}
    for p, pts in enumerate(parts):
        if p == big:
            continue
        near: set[int] = set()
        to_big: list[int] = []
        if p < k:  # a loop: its edges to every other part
            for a in pts:
                for b, x in nbrs[a]:
                    q = part[b]
                    if q != p:
                        near.add(q)
                        boundary.setdefault((p, q), []).append(x)
                        if q == big:
                            to_big.append(x)
        else:  # a region: only its edges to the largest part (when a loop)
            for a in pts:
                for b, x in nbrs[a]:
                    q = part[b]
                    if q != p:
                        near.add(q)
                        if q == big:
                            to_big.append(x)
            if len(near) < 2:
                continue  # touches one part only: never in a cut, left out
        adj[p] |= near
        for q in near:
            adj[q].add(p)
        if big_loop and to_big:
            boundary[big, p] = to_big
    touched: dict[int, bool] = {}

    def must_touch(p: int) -> bool:
        got = touched.get(p)
        if got is None:
            got = touched[p] = _clue_touches(g, parts[p])
        return got

    out: list[list[int]] = []
    seen: set[frozenset[int]] = set()
    for i in range(k):
        done = {i}
        for start in adj[i]:
            if start in done:
                continue
            region = [start]
            done.add(start)
            for p in region:  # grows while it runs
                for q in adj[p]:
                    if q not in done:
                        done.add(q)
                        region.append(q)
            others = [p for p in region if p < k]
            if not others:
                continue
            clause = [x for p in region for x in boundary.get((i, p), ())]
            if not must_touch(i):
                clause.append(-wit[i])
            if not any(must_touch(p) for p in others):
                clause.append(-wit[min(others)])
            key = frozenset(clause)
            if key not in seen:
                seen.add(key)
                out.append(clause)
    return out


def _clue_touches(g: _Grid, pts: list[int]) -> bool:
    """Does a clue promise that every solution's loop touches these points?"""
    count: dict[int, int] = {}
    pc = g.point_cells
    for a in pts:
        for cell, need in pc[a]:
            m = count.get(cell, 0) + 1
            if m >= need:
                return True
            count[cell] = m
    return False


# -- independent checking ----------------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = []
    outside = [e for e in sol if not is_line(inst, e)]
    if outside:
        return [f"edge {outside[0]} is not a line of the {inst.cols} x {inst.rows} board"]
    if not sol:
        return ["there is no loop"]
    lines = nx.Graph(list(sol))
    for p, degree in lines.degree():
        if degree != 2:
            problems.append(f"the line {'branches' if degree > 2 else 'ends'} at point"
                            f" ({p[0]}, {p[1]})")
    k = nx.number_connected_components(lines)
    if k > 1:
        problems.append(f"the lines form {k} separate pieces, not one loop")
    for r, row in enumerate(inst.clues):
        for c, v in enumerate(row):
            if v is not None and v != UNKNOWN:
                n = sum(1 for e in cell_sides(r, c) if e in sol)
                if n != v:
                    problems.append(f"cell r{r + 1}c{c + 1} shows {v} but the loop uses"
                                    f" {n} of its sides")
    return problems


def is_line(inst: Instance, e) -> bool:
    """Is ``e`` one of the board's edges, written as in :func:`edge_list`?"""
    try:
        (r, c), (r2, c2) = e
    except (TypeError, ValueError):
        return False
    if not all(isinstance(t, int) for t in (r, c, r2, c2)):
        return False
    if r2 == r and c2 == c + 1:
        return 0 <= r <= inst.rows and 0 <= c < inst.cols
    if c2 == c and r2 == r + 1:
        return 0 <= r < inst.rows and 0 <= c <= inst.cols
    return False


def solution_json(inst: Instance, sol) -> list[list[int]]:
    """The loop as the ordered list of [r, c] lattice points, from the smallest
    point toward its smaller neighbour (``rules.loops.loop_order``: the
    same walk on lattice points as on cells)."""
    return [list(p) for p in loop_order(sol)]


def cells(inst: Instance, sol) -> dict[str, bool]:
    """Every edge by name (`h(r,c)`, `v(r,c)`), True when on the loop."""
    return {edge_name(e): e in sol for e in edge_list(inst)}


# -- drawing --------------------------------------------------------------------------------
_CORNER = {
    frozenset(): "·", frozenset("lr"): "─", frozenset("ud"): "│",
    frozenset("dr"): "┌", frozenset("dl"): "┐", frozenset("ur"): "└", frozenset("ul"): "┘",
    frozenset("l"): "╴", frozenset("r"): "╶", frozenset("u"): "╵", frozenset("d"): "╷",
    frozenset("udr"): "├", frozenset("udl"): "┤", frozenset("lrd"): "┬", frozenset("lru"): "┴",
    frozenset("udlr"): "┼",
}


def render_text(inst: Instance, sol=None) -> str:
    """Lattice points `·`, loop lines in box drawing, clues in the cells."""
    on = set(sol or ())
    lines = []
    for r in range(inst.rows + 1):
        text = []
        for c in range(inst.cols + 1):
            dirs = set()
            if ((r - 1, c), (r, c)) in on:
                dirs.add("u")
            if ((r, c), (r + 1, c)) in on:
                dirs.add("d")
            if ((r, c - 1), (r, c)) in on:
                dirs.add("l")
            if ((r, c), (r, c + 1)) in on:
                dirs.add("r")
            text.append(_CORNER[frozenset(dirs)])
            if c < inst.cols:
                text.append("───" if ((r, c), (r, c + 1)) in on else "   ")
        lines.append("".join(text).rstrip())
        if r == inst.rows:
            break
        text = []
        for c in range(inst.cols + 1):
            text.append("│" if ((r, c), (r + 1, c)) in on else " ")
            if c < inst.cols:
                v = inst.clues[r][c]
                text.append(f" {'' if v is None else CLUES.text(v)} ".ljust(3))
        lines.append("".join(text).rstrip())
    return "\n".join(lines)


# -- picture (satlink.render: text and SVG from one description) ---------------------------
from ..render.board import Board, Edge as LatticeEdge, Label  # noqa: E402


def picture(inst: Instance, solution=None) -> Board:
    """Lattice dots, the clues (`?` for a hidden number) and the loop on the grid lines."""
    labels = [Label((r, c), "?" if v == UNKNOWN else str(v))
              for r, row in enumerate(inst.clues) for c, v in enumerate(row) if v is not None]
    loop = [LatticeEdge(a, b, "loop") for a, b in sorted(solution or ())]
    return Board(inst.rows, inst.cols, grid="dots", edges=loop, labels=labels)


# -- puzz.link (satlink/formats/pzprjs.py) --------------------------------------------
from ..formats.pzprjs import QUESTION as _QUESTION, Board as _Board, Cells as _Cells, \
    Codec as _Codec, Dict as _Dict, FourCell as _FourCell

PUZZLINK = _Codec(
    names=("slither", "slitherlink"),
    body=_Cells(_Dict(_FourCell(), {_QUESTION: UNKNOWN})),
    build=lambda b: make(b.cols, b.rows, b.value),
    split=lambda inst: _Board(inst.cols, inst.rows, inst.clues),
)


GENRE = Genre(
    name=NAME, aliases=("slither", "loopy"),
    summary="one loop along the grid lines; numbers count the sides of their cell on it",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, draw_text=render_text,
    puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
)

"""Slitherlink: one closed loop along the grid lines; clues count a cell's sides on it.

Rules: the loop runs along the edges between lattice points, never crosses
or branches, and is a single closed loop; a number 0-4 in a cell is how
many of its four sides the loop uses (`?` is a number that is not shown).

Encoding (encodings/slitherlink.md): one variable per edge, degree 0 or 2
at every lattice point, clue counts as small direct cardinality clauses,
implied inside/outside cell variables, and the single-loop rule lazily
(:func:`satlink.graph.single_cycle_cuts`) or, for DIMACS, eagerly
(:func:`satlink.graph.encode_single_cycle`).

A solution is the frozenset of loop edges, each a pair of lattice points
``((r1, c1), (r2, c2))`` in increasing order; lattice points run 0..rows
and 0..cols.
"""
from __future__ import annotations

import itertools
import re
import weakref
from dataclasses import dataclass

import networkx as nx

from .. import graph
from ..errors import InputError
from ..formula import Formula
from ..lang import Document, format_rows

NAME = "slitherlink"
ALIASES = ("slither", "loopy")
SUMMARY = "one loop along the grid lines; numbers count the sides of their cell on it"
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


_EDGES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def edge_vars(inst: Instance, f: Formula) -> dict[Edge, int]:
    """Edge -> variable (cached per formula)."""
    got = _EDGES.get(f)
    if got is None or got[0] != (inst.rows, inst.cols):
        got = ((inst.rows, inst.cols), {e: edge_var(f, e) for e in edge_list(inst)})
        _EDGES[f] = got
    return got[1]


# -- .pzl --------------------------------------------------------------------------------
_SIZE = re.compile(r"^(\d+)\s*[xX]\s*(\d+)$|^(\d+)$")


def _read_size(doc: Document) -> tuple[int, int]:
    e = doc.entry("size", required=True)
    text = " ".join(v.text for v in e.values)
    m = _SIZE.match(text)
    if not m:
        raise doc.error("expected `size COLUMNS x ROWS`, for example `size 10 x 10`", e.pos)
    cols, rows = (int(m[1]), int(m[2])) if m[1] else (int(m[3]), int(m[3]))
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise doc.error(f"size {cols} x {rows} is outside 1..{MAX_SIDE} on a side",
                        e.values[0].pos)
    return cols, rows


def parse_clue(text: str) -> int | None | str:
    """`.`/`-` -> None, `?` -> UNKNOWN, a number as it is; the text back when
    it is not a clue at all."""
    if text in (".", "-"):
        return None
    if text == "?":
        return UNKNOWN
    if text.isdigit():
        return int(text)
    return text


def _clue_rows(rows_of_tokens, error, cols, rows, what="size") -> list[list[int | None]]:
    """Validated clue rows; ``error(message, token)`` builds the positioned error."""
    out = []
    for r, row in enumerate(rows_of_tokens):
        vals = []
        for c, tok in enumerate(row):
            v = parse_clue(tok.text)
            if isinstance(v, str):
                raise error(f"`{tok.text}` at row {r + 1}, column {c + 1} is not a clue:"
                            " expected 0-4, `?` or an empty cell", tok)
            if v is not None and v > 4:
                raise error(f"clue {v} at row {r + 1}, column {c + 1} is above 4:"
                            " a cell has four sides", tok)
            vals.append(v)
        out.append(vals)
    return out



def from_document(doc: Document) -> Instance:
    """Read `size C x R`, a `grid` of clues and an optional `solution`."""
    doc.check_keywords({"size", "grid", "solution"})
    cols, rows = _read_size(doc)
    grid_e = doc.entry("grid", required=True)
    body = doc.block_rows(grid_e, rows, cols)
    clues = _clue_rows(body, lambda m, t: doc.error(m, t.pos), cols, rows)
    inst = make(cols, rows, clues)
    expected_solution(doc, inst)
    return inst


def expected_solution(doc: Document, inst: Instance | None = None) -> frozenset | None:
    """The `solution` block: `x` for a cell inside the loop, `.` outside."""
    e = doc.entry("solution")
    if e is None:
        return None
    if inst is None:
        cols, rows = _read_size(doc)
    else:
        cols, rows = inst.cols, inst.rows
    body = doc.block_rows(e, rows, cols)
    inside = []
    for row in body:
        line = []
        for tok in row:
            if tok.text not in ("x", "."):
                raise doc.error(f"`{tok.text}` in a solution: expected `x` (inside the loop)"
                                " or `.` (outside)", tok.pos)
            line.append(tok.text == "x")
        inside.append(line)
    return edges_from_inside(inside)


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


def _clue_text(v) -> str:
    return "." if v is None else "?" if v == UNKNOWN else str(v)


def to_pzl(inst: Instance, solution=None) -> str:
    """Canonical .pzl text; the solution as `x` (inside) / `.` (outside) cells."""
    lines = ["puzzle slitherlink", f"size {inst.cols} x {inst.rows}", "grid"]
    lines += format_rows([[_clue_text(v) for v in row] for row in inst.clues])
    if solution is not None:
        lines.append("solution")
        lines += format_rows([["x" if x else "." for x in row]
                              for row in inside_cells(inst, solution)])
    return "\n".join(lines) + "\n"


# -- janko / puzzlekit grid text ---------------------------------------------------------
def from_grid_text(grid) -> Instance:
    """`ROWS COLS`, then rows of 0-4 with `-` (or `.`) for an empty cell."""
    rows, cols = grid.header_ints(2)[:2]
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise grid.error(f"size {rows} x {cols} (rows x columns) is outside 1..{MAX_SIDE}",
                         grid.lines[0][0].pos)
    body = grid.grid(1, rows, cols)
    clues = _clue_rows(body, lambda m, t: grid.error(m, t.pos), cols, rows)
    return make(cols, rows, clues)


def solution_from_grid_text(text: str, inst: Instance) -> frozenset:
    """A puzzlekit published solution (`ROWS COLS`, then `x` inside / `-` outside
    per cell; lines after the grid are ignored) as loop edges."""
    lines = [ln.split() for ln in text.splitlines() if ln.strip()]
    body = lines[1:1 + inst.rows]
    if len(body) != inst.rows or any(len(r) != inst.cols for r in body):
        raise InputError("the published solution does not match the board's size")
    return edges_from_inside([[t == "x" for t in row] for row in body])


# -- encoding ------------------------------------------------------------------------------
def exactly_small(f: Formula, lits: list[int], k: int) -> None:
    """Exactly k of a few literals, without auxiliaries: every (k+1)-subset has a
    false one and every (n-k+1)-subset a true one."""
    n = len(lits)
    for sub in itertools.combinations(lits, k + 1):
        f.add([-x for x in sub])
    for sub in itertools.combinations(lits, n - k + 1):
        f.add(list(sub))


def encode(inst: Instance, f: Formula, complete: bool = False) -> None:
    """Edges, degree 0/2, clues, inside/outside cells; one loop eagerly if ``complete``."""
    edges = edge_vars(inst, f)
    f.declare_answer(list(edges.values()))
    if complete:
        graph.encode_single_cycle(f, edges, tag="loop")
    else:
        graph.encode_degree(f, edges, {0, 2})
        f.add(list(edges.values()))
    for r, row in enumerate(inst.clues):
        for c, v in enumerate(row):
            if v is not None and v != UNKNOWN:
                exactly_small(f, [edges[e] for e in cell_sides(r, c)], v)
    _encode_inside(inst, f, edges)


def _encode_inside(inst: Instance, f: Formula, edges) -> None:
    """Implied: in(r, c) per cell; a side is on the loop iff exactly one of its
    two cells is inside (the outside of the board counts as outside).

    Valid because a simple closed curve splits the cells into inside and
    outside and its edges are exactly the sides between the two.
    """
    def cell(r, c):
        if 0 <= r < inst.rows and 0 <= c < inst.cols:
            return f.var("in", r, c)
        return None

    for e, x in edges.items():
        (r, c), (r2, _c2) = e
        a, b = (cell(r - 1, c), cell(r, c)) if r2 == r else (cell(r, c - 1), cell(r, c))
        if a is None or b is None:
            y = a or b
            f.add([-x, y])
            f.add([x, -y])
        else:
            f.extend([[-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]])


def cuts(inst: Instance, model) -> list[list[int]]:
    """Clauses against a candidate with more than one loop (or none)."""
    return graph.single_cycle_cuts(edge_vars(inst, model.formula), model)


def decode(inst: Instance, model) -> frozenset:
    edges = edge_vars(inst, model.formula)
    return frozenset(e for e, x in edges.items() if model.value(x))


# -- independent checking ----------------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of loop edges (empty when solved)."""
    problems = []
    valid = set(edge_list(inst))
    outside = [e for e in sol if e not in valid]
    if outside:
        return [f"edge {outside[0]} is not a line of the {inst.cols} x {inst.rows} board"]
    g = nx.Graph(list(sol))
    if g.number_of_edges() == 0:
        return ["there is no loop"]
    for p, d in g.degree():
        if d != 2:
            problems.append(f"the line {'branches' if d > 2 else 'ends'} at point"
                            f" ({p[0]}, {p[1]})")
    k = nx.number_connected_components(g)
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


def loop_points(sol) -> list[Point]:
    """The loop's lattice points in order: from the smallest point, first toward
    its smaller neighbour (the first point is not repeated at the end)."""
    adj: dict[Point, list[Point]] = {}
    for u, v in sol:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    if not adj:
        return []
    start = min(adj)
    out = [start]
    prev, cur = start, min(adj[start])
    while cur != start:
        out.append(cur)
        nxt = [p for p in adj[cur] if p != prev]
        if not nxt:
            break
        prev, cur = cur, nxt[0]
    return out


def solution_json(inst: Instance, sol) -> list[list[int]]:
    """The loop as the ordered list of [r, c] lattice points (see loop_points)."""
    return [list(p) for p in loop_points(sol)]


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
                text.append(f" {'' if v is None else _clue_text(v)} ".ljust(3))
        lines.append("".join(text).rstrip())
    return "\n".join(lines)

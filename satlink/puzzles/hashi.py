"""Hashiwokakero (Bridges): join numbered islands by bridges.

Rules: bridges run horizontally or vertically between two islands that see
each other (only water between them); at most two bridges join a pair;
bridges never cross; each island carries as many bridges as its number
(1-8); all islands are connected.

Encoding (encodings/hashi.md): two variables per pair of islands that see
each other, ``bridge(r1,c1,r2,c2,1)`` "at least one bridge" and
``bridge(r1,c1,r2,c2,2)`` "two bridges"; an exact cardinality per island;
one binary clause per crossing; connectivity lazily through
:func:`satlink.graph.connected_cuts` (or eagerly with
:func:`satlink.graph.encode_connected` for DIMACS).

A solution is a sorted tuple of bridges ``(r1, c1, r2, c2, count)`` with
0-based cells, ``(r1, c1) < (r2, c2)`` and count 1 or 2.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

import networkx as nx

from .. import contract, graph
from ..errors import InputError
from ..formula import Formula
from ..lang import Document, format_rows, is_natural, natural
from ..genre import Design, Genre, Written

NAME = "hashi"
#: Largest board side accepted (documented in the README).
MAX_SIDE = 200

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]
Bridge = tuple[int, int, int, int, int]

#: Drawing characters by (horizontal?, count).
BOX = {(True, 1): "─", (True, 2): "═", (False, 1): "│", (False, 2): "║"}
#: janko.at solution text: 1/2 horizontal bridges, a/b vertical ones, `-` otherwise
#: (a grid of cells cannot show a bridge between adjacent islands).
JANKO_CHARS = {"1": (True, 1), "2": (True, 2), "a": (False, 1), "b": (False, 2)}


@dataclass(frozen=True)
class Instance:
    """A board: ``grid[r][c]`` is 0 for water or the island's number 1-8.
    ``placeholders``: the numbers are not chosen yet (a :func:`layout`):
    they bind no solution (``verify`` and the direct encoding leave each
    island's count free; selector mode guards them as ever) until
    :func:`with_clues` sets them all. Never written to .pzl."""

    rows: int
    cols: int
    grid: tuple[tuple[int, ...], ...]
    placeholders: bool = False

    @cached_property
    def islands(self) -> tuple[Cell, ...]:
        """Island cells in row-major order."""
        return tuple((r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v)

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        """Pairs of islands that see each other (the possible bridges), (a, b) with a < b."""
        out = []
        g = self.grid
        for r, c in self.islands:
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                while rr < self.rows and cc < self.cols and not g[rr][cc]:
                    rr, cc = rr + dr, cc + dc
                if rr < self.rows and cc < self.cols:
                    out.append(((r, c), (rr, cc)))
        return tuple(out)

    @cached_property
    def neighbours(self) -> dict[Cell, list[Cell]]:
        """Islands seen from each island."""
        nb: dict[Cell, list[Cell]] = {i: [] for i in self.islands}
        for a, b in self.edges:
            nb[a].append(b)
            nb[b].append(a)
        return nb

    @cached_property
    def crossings(self) -> tuple[tuple[Edge, Edge], ...]:
        """(horizontal, vertical) pairs of possible bridges that would cross."""
        through: dict[Cell, Edge] = {}
        for e in self.edges:
            (r1, c1), (r2, c2) = e
            if r1 == r2:
                for c in range(c1 + 1, c2):
                    through[(r1, c)] = e
        out = []
        for e in self.edges:
            (r1, c1), (r2, c2) = e
            if c1 == c2:
                for r in range(r1 + 1, r2):
                    h = through.get((r, c1))
                    if h is not None:
                        out.append((h, e))
        return tuple(out)


def make(rows: int, cols: int, grid, where=None) -> Instance:
    """Build and validate an Instance; ``where(message, r, c)`` gives a positioned error."""
    def err(msg, r=None, c=None):
        return where(msg, r, c) if where is not None else InputError(msg)

    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise err(f"a board of {cols} x {rows} is outside 1..{MAX_SIDE} on a side")
    g = tuple(tuple(row) for row in grid)
    if len(g) != rows:
        raise err(f"the grid has {len(g)} rows, size says {rows}")
    for r, row in enumerate(g):
        if len(row) != cols:
            raise err(f"row {r + 1} has {len(row)} cells, size says {cols}", r)
        for c, v in enumerate(row):
            if not 0 <= v <= 8:
                raise err(f"island number {v} is out of range 1-8", r, c)
    inst = Instance(rows, cols, g)
    if not inst.islands:
        raise err("the grid has no islands")
    for (r, c), nbs in inst.neighbours.items():
        v = g[r][c]
        if len(inst.islands) > 1 and not nbs:
            raise err(f"island {v} at r{r + 1}c{c + 1} sees no other island", r, c)
        cap = sum(min(2, g[nr][nc]) for nr, nc in nbs)
        if v > cap:
            raise err(f"island {v} at r{r + 1}c{c + 1} can carry at most {cap} bridges:"
                      f" it sees {len(nbs)} island(s), each taking at most"
                      f" min(2, its number)", r, c)
    return inst


def parse_number(text: str, water: str) -> int | None:
    """``water`` -> 0, a decimal number as it is; None when it is neither."""
    if text == water:
        return 0
    return natural(text) if is_natural(text) else None


def read_tokens(rows_toks, water: str, error) -> list[list[int]]:
    """Numbers of a token grid; ``error(message, pos)`` for a bad token."""
    out = []
    for row in rows_toks:
        vals = []
        for tok in row:
            v = parse_number(tok.text, water)
            if v is None or (v == 0 and tok.text != water) or v > 8:
                raise error(f"`{tok.text}` is not an island number 1-8 or `{water}` for water",
                            tok.pos)
            vals.append(v)
        out.append(vals)
    return out


def _where(error, toks):
    """A ``make`` error callback that points at token ``toks[r][c]``."""
    def where(msg, r=None, c=None):
        if r is None:
            return error(msg, toks[0][0].pos)
        row = toks[min(r, len(toks) - 1)]
        return error(msg, row[min(c or 0, len(row) - 1)].pos)
    return where


# -- .pzl -----------------------------------------------------------------------------
def from_document(doc: Document) -> Instance:
    """Read `puzzle hashi`: `size C x R`, a `grid` of `.` and 1-8, an optional `solution`."""
    doc.check_keywords({"size", "grid", "solution"})
    cols, rows = doc.board_size(MAX_SIDE)
    toks = doc.block_rows(doc.entry("grid", required=True), rows, cols)
    vals = read_tokens(toks, ".", doc.error)
    inst = make(rows, cols, vals, _where(doc.error, toks))
    expected_solution(doc, inst)  # a bad solution block is an input error too
    return inst


def expected_solution(doc: Document, inst: Instance | None = None):
    """The `solution` block: one bridge per row, `ROW COL ROW COL COUNT`,
    counting rows and columns from 1 (as messages do); for example `1 1 1 4 2`
    is a double bridge from r1c1 to r1c4. Sorted bridges, 0-based."""
    e = doc.entry("solution")
    if e is None:
        return None
    if inst is None:
        cols, rows = doc.board_size(MAX_SIDE)
        grid_toks = doc.block_rows(doc.entry("grid", required=True), rows, cols)
        inst = Instance(rows, cols, tuple(map(tuple, read_tokens(grid_toks, ".", doc.error))))
    if e.values:
        raise doc.error("`solution` takes no values; put one bridge per line below",
                        e.values[0].pos)
    edges = set(inst.edges)
    out = {}
    for row in e.rows:
        if len(row) != 5 or not all(is_natural(t.text) for t in row):
            raise doc.error("a bridge is `ROW COL ROW COL COUNT`, for example `1 1 1 4 2`",
                            row[0].pos)
        r1, c1, r2, c2, k = (natural(t.text) for t in row)
        a, b = sorted([(r1 - 1, c1 - 1), (r2 - 1, c2 - 1)])
        if (a, b) not in edges:
            raise doc.error(f"r{r1}c{c1} and r{r2}c{c2} are not two islands that see"
                            " each other", row[0].pos)
        if k not in (1, 2):
            raise doc.error(f"a pair of islands has 1 or 2 bridges, not {k}", row[4].pos)
        if (a, b) in out:
            raise doc.error(f"the bridge r{r1}c{c1}-r{r2}c{c2} is listed twice", row[0].pos)
        out[(a, b)] = k
    return tuple(sorted((*a, *b, k) for (a, b), k in out.items()))


def bridges_from_chars(inst: Instance, chars: dict, error) -> tuple[Bridge, ...]:
    """Bridges from a drawn solution: ``chars[(r, c)] = (horizontal, count)`` on
    water cells. ``error(message, r, c)`` when a drawn bridge does not join two
    islands that see each other with one kind of bridge all along."""
    out = []
    for (a, b) in inst.edges:
        horiz = a[0] == b[0]
        cells = ([(a[0], c) for c in range(a[1] + 1, b[1])] if horiz
                 else [(r, a[1]) for r in range(a[0] + 1, b[0])])
        marks = {chars.get(x, (None, 0))[1] if chars.get(x, (None, 0))[0] == horiz else 0
                 for x in cells}
        if len(marks) > 1:
            x = cells[0]
            raise error(f"the bridge from r{a[0] + 1}c{a[1] + 1} to r{b[0] + 1}c{b[1] + 1}"
                        " changes along its length", *x)
        k = marks.pop() if marks else 0
        if k:
            out.append((*a, *b, k))
    used = set()
    for r1, c1, r2, c2, _ in out:
        if r1 == r2:
            used.update(((r1, c), True) for c in range(c1 + 1, c2))
        else:
            used.update(((r, c1), False) for r in range(r1 + 1, r2))
    for (r, c), (horiz, _) in chars.items():
        if ((r, c), horiz) not in used:
            raise error(f"the bridge drawn at r{r + 1}c{c + 1} does not join two islands", r, c)
    return tuple(sorted(out))


def solution_from_janko(text: str, inst: Instance) -> tuple[Bridge, ...]:
    """A published janko/puzzlekit solution text (optional `ROWS COLS` line, then
    rows of `1`/`2` horizontal, `a`/`b` vertical bridges, `-` otherwise)."""
    lines = [ln.split() for ln in text.splitlines() if ln.strip()]
    if len(lines) == inst.rows + 1:
        lines = lines[1:]
    if len(lines) != inst.rows or any(len(r) != inst.cols for r in lines):
        raise InputError(f"the solution is not a {inst.rows} x {inst.cols} grid")
    chars = {(r, c): JANKO_CHARS[t] for r, row in enumerate(lines) for c, t in enumerate(row)
             if t in JANKO_CHARS and not inst.grid[r][c]}
    return bridges_from_chars(inst, chars, lambda m, r, c: InputError(m))


def to_pzl(inst: Instance, solution=None) -> str:
    """Canonical .pzl text; ``from_document(parse(to_pzl(i))) == i``."""
    lines = ["puzzle hashi", f"size {inst.cols} x {inst.rows}", "grid"]
    lines += format_rows([[str(v) if v else "." for v in row] for row in inst.grid])
    if solution is not None:
        lines.append("solution")
        lines += [f"  {r1 + 1} {c1 + 1} {r2 + 1} {c2 + 1} {k}" for r1, c1, r2, c2, k in solution]
    return "\n".join(lines) + "\n"


def from_grid_text(grid) -> Instance:
    """The janko/puzzlekit plain text: `ROWS COLS`, then rows with `-` for water."""
    rows, cols = grid.header_ints(2)[:2]
    head = grid.lines[0][0].pos
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise grid.error(f"a board of {rows} rows and {cols} columns is outside"
                         f" 1..{MAX_SIDE} on a side", head)
    toks = grid.grid(1, rows, cols)
    return make(rows, cols, read_tokens(toks, "-", grid.error), _where(grid.error, toks))


# -- encoding --------------------------------------------------------------------------
def bridge_var(f: Formula, e: Edge, k: int) -> int:
    """``bridge(r1,c1,r2,c2,k)``: at least k (1 or 2) bridges join the pair ``e``."""
    (r1, c1), (r2, c2) = e
    return f.var("bridge", r1, c1, r2, c2, k)


@lru_cache(maxsize=None)
def count_template(d: int, v: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Clauses saying that d bridge counts x_1..x_d in {0, 1, 2} sum to v, over
    literals (i, t): t = 1 or 2 is "x_i >= t", t = -1 or -2 its negation.

    Sum <= v: for every threshold vector k in {0,1,2}^d with sum v + 1, some
    x_i < k_i. Sum >= v: the same for y_i = 2 - x_i, whose sum is at most
    2d - v: for every k with sum 2d - v + 1, some y_i < k_i, that is
    x_i >= 3 - k_i. No auxiliary variables; at most 19 + 19 clauses for
    d = 4, and unit propagation derives every bound the sum implies.
    """
    out = []
    for ks in itertools.product((0, 1, 2), repeat=d):
        total = sum(ks)
        if total == v + 1:  # not all x_i >= k_i
            out.append(tuple((i, -k) for i, k in enumerate(ks) if k))
        if total == 2 * d - v + 1:  # not all y_i >= k_i: some x_i >= 3 - k_i
            out.append(tuple((i, 3 - k) for i, k in enumerate(ks) if k))
    return tuple(out)


def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The island numbers, as (row, column, number), 0-based. They are
    structure (an island without its number is no island), but their count
    rules can sit behind selectors."""
    return [(r, c, inst.grid[r][c]) for r, c in inst.islands]


class Encoding(contract.Encoding):
    """Bridge counts, crossings and implied constraints; connectivity eagerly
    (satlink.graph.encode_connected) when ``complete``, else by :meth:`cuts`.
    In selector mode each island's count rule is guarded by its clue's
    selector and the implied clauses (which read the numbers) are left out."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        g = inst.grid
        self.one = one = {e: bridge_var(f, e, 1) for e in inst.edges}
        self.two = two = {e: bridge_var(f, e, 2) for e in inst.edges}
        f.declare_answer([v for e in inst.edges for v in (one[e], two[e])])
        direct = options.clues == "direct"
        clauses = [[-two[e], one[e]] for e in inst.edges]
        incident: dict[Cell, list[Edge]] = {i: [] for i in inst.islands}
        for e in inst.edges:
            incident[e[0]].append(e)
            incident[e[1]].append(e)
        for (r, c), es in incident.items():
            lit = {}
            for i, e in enumerate(es):
                lit[(i, 1)], lit[(i, 2)] = one[e], two[e]
                lit[(i, -1)], lit[(i, -2)] = -one[e], -two[e]
            guard = []
            if not direct:
                sel = self.selectors[(r, c, g[r][c])] = f.var("clue", r, c)
                guard = [-sel]
            if guard or not inst.placeholders:
                clauses += [[lit[x] for x in t] + guard
                            for t in count_template(len(es), g[r][c])]
        clauses += [[-one[h], -one[v]] for h, v in inst.crossings]
        if direct and not inst.placeholders:
            clauses += implied_clauses(inst, one, two)
        f.extend(clauses)
        self.index = graph.index(one, required=inst.islands)
        if options.complete:
            graph.encode_connected(f, one, required=inst.islands, tag="conn")

    def cuts(self, model) -> list[list[int]]:
        """Connectivity cuts: for each group of islands joined apart from the
        rest, one of the possible bridges leaving it must be built."""
        return graph.connected_cuts(self.one, model, ix=self.index)

    def decode(self, model) -> tuple[Bridge, ...]:
        """The bridges of a model, sorted."""
        value, two = model.value, self.two
        out = []
        for e, x in self.one.items():
            k = value(x) + value(two[e])
            if k:
                out.append((*e[0], *e[1], k))
        return tuple(sorted(out))


def encode(inst: Instance, f: Formula, options: contract.Options) -> Encoding:
    return Encoding(inst, f, options)


def implied_clauses(inst: Instance, one: dict, two: dict) -> list[list[int]]:
    """Clauses that connectivity implies, each forbidding a small closed group.

    With more than two islands, two 1s may not be joined (they would be a
    group of their own), nor two 2s by a double bridge. With more than three,
    an island j whose number is a + b may not take all a bridges of a
    neighbour i (a <= 2) together with all b bridges of another neighbour k.
    """
    g = inst.grid
    n = len(inst.islands)
    val = {i: g[i[0]][i[1]] for i in inst.islands}
    out = []
    if n > 2:
        for e in inst.edges:
            a, b = val[e[0]], val[e[1]]
            if a == b == 1:
                out.append([-one[e]])
            elif a == b == 2:
                out.append([-two[e]])
    if n > 3:
        var = {1: one, 2: two}
        edge_to = {}
        for e in inst.edges:
            edge_to[e] = edge_to[(e[1], e[0])] = e
        for j, nbs in inst.neighbours.items():
            for x in range(len(nbs)):
                for y in range(x + 1, len(nbs)):
                    i, k = nbs[x], nbs[y]
                    if val[i] <= 2 and val[k] <= 2 and val[i] + val[k] == val[j]:
                        out.append([-var[val[i]][edge_to[(i, j)]],
                                    -var[val[k]][edge_to[(k, j)]]])
    return out



# -- design (satlink.design): generate draws a layout; islands are structure, not REMOVABLE --
#: Islands a random layout aims at, per cell of the board (about 22 on 10 x 10).
ISLAND_DENSITY = 0.22
#: How far (in cells) a new island may stand from the island it grows from.
REACH = 6


def layout(width: int, height: int, rng: random.Random, params: dict) -> Instance:
    """A random board of ``width`` x ``height`` whose islands all show the
    placeholder number 1 (a selector-mode encoding with no selector assumed
    leaves every island's count free). Islands grow one from another: a
    random island, a random direction, a random distance of 2 to
    :data:`REACH` cells over water that no earlier such bridge crosses, so
    these bridges, one each, join all islands without crossing (the board
    has a solution); no two islands are orthogonal neighbours
    (a bridge between them could not be drawn in a grid of cells).
    ``params["density"]``: islands per cell (default :data:`ISLAND_DENSITY`)."""
    if width < 3 and height < 3:
        raise InputError(f"two islands that are not neighbours need a board of at least"
                         f" 3 x 1, not {width} x {height}")
    rows, cols = height, width
    density = params.get("density", ISLAND_DENSITY)
    goal = max(2, round(density * rows * cols))
    for _ in range(20):  # a start from which no second island fits: start again
        grid = grow_islands(rows, cols, goal, rng)
        if sum(v for row in grid for v in row) >= 2:
            return replace(make(rows, cols, grid), placeholders=True)
    raise InputError(f"no two islands fit on a board of {width} x {height}")


def grow_islands(rows: int, cols: int, goal: int, rng: random.Random) -> list[list[int]]:
    """:func:`layout`'s islands (1 each) grown from a random one, at most ``goal``."""
    grid = [[0] * cols for _ in range(rows)]

    def free(r: int, c: int) -> bool:  # no island on or orthogonally next to (r, c)
        return not any(0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr][c + dc]
                       for dr, dc in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)))

    islands = [(rng.randrange(rows), rng.randrange(cols))]
    grid[islands[0][0]][islands[0][1]] = 1
    spanned: set[Cell] = set()  # the water under the tree's bridges
    misses = 0
    while len(islands) < goal and misses < 50 * goal:
        r, c = rng.choice(islands)
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        k = rng.randint(2, REACH)
        rr, cc = r + k * dr, c + k * dc
        path = [(r + i * dr, c + i * dc) for i in range(1, k + 1)]
        if not (0 <= rr < rows and 0 <= cc < cols and free(rr, cc)
                and not any(grid[x][y] or (x, y) in spanned for x, y in path)):
            misses += 1
            continue
        grid[rr][cc] = 1
        islands.append((rr, cc))
        spanned.update(path[:-1])
    return grid


def clues_of(inst: Instance, solution) -> list[tuple[int, int, int]]:
    """The number every island shows under ``solution`` (its bridges), in
    ``clues`` form."""
    load = {i: 0 for i in inst.islands}
    for r1, c1, r2, c2, k in solution:
        load[(r1, c1)] += k
        load[(r2, c2)] += k
    return [(r, c, n) for (r, c), n in load.items()]


def with_clues(inst: Instance, numbers) -> Instance:
    """``inst`` with these island numbers ``(r, c, n)``; an island not named
    keeps its number (an island always shows one; on a :func:`layout`, whose
    numbers are placeholders, every island must be named). A number off an
    island, or out of 1-8, is an InputError: the islands stay where they are."""
    grid = [list(row) for row in inst.grid]
    numbers = list(numbers)
    if inst.placeholders and {(r, c) for r, c, _ in numbers} != set(inst.islands):
        raise InputError("every island of a layout needs its number")
    for r, c, n in numbers:
        if not (0 <= r < inst.rows and 0 <= c < inst.cols and grid[r][c]):
            raise InputError(f"r{r + 1}c{c + 1} is not an island of this board")
        if not 1 <= n <= 8:
            raise InputError(f"island number {n} at r{r + 1}c{c + 1} is out of range 1-8")
        grid[r][c] = n
    return make(inst.rows, inst.cols, grid)


def clue_name(clue) -> str:
    """`r3c4`, 1-based."""
    return f"r{clue[0] + 1}c{clue[1] + 1}"


# -- independent checking ----------------------------------------------------------------
def _name(b) -> str:
    return f"bridge r{b[0] + 1}c{b[1] + 1}-r{b[2] + 1}c{b[3] + 1}"


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of bridges, checked from the rules themselves."""
    g = inst.grid
    problems = []
    load = {i: 0 for i in inst.islands}
    pairs = set()
    covered: set[Cell] = set()
    links = []
    for b in sol:
        r1, c1, r2, c2, k = b
        inside = all(0 <= r < inst.rows and 0 <= c < inst.cols for r, c in ((r1, c1), (r2, c2)))
        if not inside or not g[r1][c1] or not g[r2][c2]:
            problems.append(f"{_name(b)} does not join two islands")
            continue
        if k not in (1, 2):
            problems.append(f"{_name(b)} has {k} bridges, not 1 or 2")
        key = frozenset(((r1, c1), (r2, c2)))
        if key in pairs or len(key) == 1:
            problems.append(f"{_name(b)} is listed twice or joins an island to itself")
        pairs.add(key)
        if r1 == r2:
            lo, hi = min(c1, c2), max(c1, c2)
            between = [(r1, c) for c in range(lo + 1, hi)]
            over = any(g[r1][lo + 1:hi])
        elif c1 == c2:
            lo, hi = min(r1, r2), max(r1, r2)
            between = [(r, c1) for r in range(lo + 1, hi)]
            over = any(g[r][c1] for r in range(lo + 1, hi))
        else:
            problems.append(f"{_name(b)} is neither horizontal nor vertical")
            continue
        if over:
            problems.append(f"{_name(b)} passes over an island")
        crossed = covered.intersection(between)
        for x in sorted(crossed):
            problems.append(f"{_name(b)} crosses another bridge at r{x[0] + 1}c{x[1] + 1}")
        covered.update(between)
        load[(r1, c1)] += k
        load[(r2, c2)] += k
        links.append(((r1, c1), (r2, c2)))
    net = nx.Graph(links)
    net.add_nodes_from(inst.islands)
    for (r, c), n in load.items():
        if n != g[r][c] and not inst.placeholders:
            problems.append(f"island {g[r][c]} at r{r + 1}c{c + 1} has {n} bridges")
    if not nx.is_connected(net):
        problems.append(f"the islands form {nx.number_connected_components(net)} separate groups")
    return problems


def cells(inst: Instance, sol) -> dict[str, int]:
    """Bridge count for every pair of islands that see each other, named `r1c1-r1c4`."""
    counts = {((r1, c1), (r2, c2)): k for r1, c1, r2, c2, k in sol}
    return {f"r{a[0] + 1}c{a[1] + 1}-r{b[0] + 1}c{b[1] + 1}": counts.get((a, b), 0)
            for a, b in inst.edges}


def solution_json(inst: Instance, sol) -> list[list[int]]:
    """A list of bridges `[r1, c1, r2, c2, count]`, 0-based, sorted."""
    return [list(b) for b in sol]


# -- drawing -------------------------------------------------------------------------------
def _picture(inst: Instance, sol, chars: dict, water: str) -> list[list[str]]:
    pic = [[str(v) if v else water for v in row] for row in inst.grid]
    for r1, c1, r2, c2, k in sol or ():
        if r1 == r2:
            for c in range(c1 + 1, c2):
                pic[r1][c] = chars[(True, k)]
        else:
            for r in range(r1 + 1, r2):
                pic[r][c1] = chars[(False, k)]
    return pic


def render_text(inst: Instance, sol=None) -> str:
    """Islands as numbers, bridges as ─ ═ │ ║, water as `·` (blank once solved).

    Rows and columns are spaced by one character, which shows bridges between
    adjacent islands too (and keeps the picture about square in a terminal).
    """
    pic = _picture(inst, sol, BOX, " " if sol is not None else "·")
    horiz, vert = {}, {}
    for r1, c1, r2, c2, k in sol or ():
        if r1 == r2:
            horiz.update(((r1, c), BOX[(True, k)]) for c in range(c1, c2))
        else:
            vert.update(((r, c1), BOX[(False, k)]) for r in range(r1, r2))
    lines = []
    for r, row in enumerate(pic):
        if r:
            lines.append(" ".join(vert.get((r - 1, c), " ") for c in range(inst.cols)).rstrip())
        parts = []
        for c, ch in enumerate(row):
            parts.append(ch)
            if c + 1 < inst.cols:
                parts.append(horiz.get((r, c), " "))
        lines.append("".join(parts).rstrip())
    return "\n".join(lines)


# -- picture (satlink.render: text and SVG from one description) ---------------------------
from ..render.board import Board, Bridge, Circle  # noqa: E402


def picture(inst: Instance, solution=None) -> Board:
    """Islands as circles with their numbers, bridges single or double."""
    islands = [Circle((r, c), "white", str(inst.grid[r][c])) for r, c in inst.islands]
    bridges = [Bridge((r1, c1), (r2, c2), k) for r1, c1, r2, c2, k in solution or ()]
    return Board(inst.rows, inst.cols, grid="none", circles=islands, bridges=bridges)


# -- puzz.link (satlink/formats/pzprjs.py) --------------------------------------------
from ..formats.pzprjs import Board as _Board, Cells as _Cells, Codec as _Codec, \
    Dict as _Dict, Number16 as _Number16

PUZZLINK = _Codec(
    names=("hashi", "hashikake", "bridges"),
    body=_Cells(_Dict(_Number16(low=1, high=8, question=False, what="island number"),
                      {None: 0})),
    build=lambda b: make(b.rows, b.cols, b.value, b.where),
    split=lambda inst: _Board(inst.cols, inst.rows, inst.grid),
)


GENRE = Genre(
    name=NAME, aliases=("hashiwokakero", "bridges"),
    summary="Hashiwokakero: join numbered islands by up to two bridges, all connected",
    instance=Instance,
    text=Written(from_document=from_document, to_pzl=to_pzl,
                 expected_solution=expected_solution, from_grid_text=from_grid_text,
                 solution_from_grid_text=lambda grid, inst: solution_from_janko(
                     grid if isinstance(grid, str) else "\n".join(grid.source), inst)),
    encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, draw_text=render_text,
    puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name,
                  removable=False, layout=layout),
)

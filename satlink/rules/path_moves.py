"""Verdict mode for paths between given ends: prune by local moves.

A uniqueness verdict needs to tell 0, 1 and "2 or more" solutions apart,
not to see every solution. When the paths of :class:`~satlink.rules.paths.Paths`
are the whole puzzle (no other clue constrains them, as in Numberlink),
:func:`prune` adds clauses that remove every solution some local move
improves, and keeps one whenever there is one; :func:`alternative` then
finds a second solution from the only one left, when there is one. The
moves and the potential they lower are proved in ``encodings/paths.md``
("Verdict mode"). Under touch no nothing is pruned (a move can make a path
touch itself), and :func:`alternative` says None.

- fill any, one-hot labels: D (adjacent cells of one label are joined),
  D2 and D3 (no shorter or as short and later route through one or two
  empty cells);
- fill all: T (transfers: a U-turn hands its bend over) and, when asked,
  S (switches, one-hot labels).
"""
from __future__ import annotations

from itertools import combinations

from .grid import Cell, Grid
from .path_cells import DIRS
from .path_solutions import Solution
from .paths import Paths

#: D3 only up to this many labels: on janko 110_25x42 (62 labels) it doubled
#: the CNF to 2.2 million clauses (encodings/paths.md).
LONG_DETOUR_LABELS = 32


def prune(paths: Paths, switch: bool = False, transfer: bool = True) -> bool:
    """Add the pruning clauses that apply to ``paths``; whether any did."""
    if paths.touch == "no":
        return False
    table = paths.table
    if paths.fill == "any":
        if table is None:
            return False
        paths.touch_clauses()
        add = paths.f.clauses.append
        _no_short_detour(paths, table, add)
        if len(paths.ends) <= LONG_DETOUR_LABELS:
            _no_long_detour(paths, table, add)
        return True
    if switch and table is not None:
        _no_switch(paths, table)
    if transfer:
        _no_transfer(paths)
    return (switch and table is not None) or transfer


def _no_switch(paths: Paths, table) -> None:
    """S (fill all): paths get a direction, from the label's first end to its
    second; ``fwd(u, v)`` says a used edge runs from u to its east or south
    neighbour v. Two parallel edges of one 2 x 2 square on one path in the
    same direction can be switched to the square's other two sides (the
    stretch between them reversed): another solution with two horizontal
    edges fewer. So a horizontal pair like that is not kept."""
    f, W = paths.f, paths.w
    add = f.clauses.append
    second = {r * W + c for _a, (r, c) in paths.ends.values()}
    fwd = {}
    for u, v, e in paths.edges:
        x = fwd[(u, v)] = f.var("fwd", *paths.cell(u), "e" if v == u + 1 else "s")
        add([e, -x])  # an unused edge has no direction

    def incoming(u: int, d: str) -> int:
        """The literal "the path enters cell u through its side d"."""
        dr, dc = DIRS[d]
        v = u + dr * W + dc
        return -fwd[(u, v)] if d in "es" else fwd[(v, u)]

    for u, svars in paths.shapes.items():
        for shape, sv in svars.items():
            if len(shape) == 2:  # one side in, the other out
                i1, i2 = incoming(u, shape[0]), incoming(u, shape[1])
                add([-sv, i1, i2])
                add([-sv, -i1, -i2])
            elif len(shape) == 1:  # an end: the first leaves, the second enters
                add([-sv, incoming(u, shape) if u in second else -incoming(u, shape)])
    for r in range(paths.h - 1):
        for c in range(W - 1):
            a, b, cc, d = r * W + c, r * W + c + 1, (r + 1) * W + c, (r + 1) * W + c + 1
            top, bottom = fwd[(a, b)], fwd[(cc, d)]
            e_top, e_bottom = f.var("edge", r, c, "e"), f.var("edge", r + 1, c, "e")
            for k, la in table[a].items():
                lc = table[cc].get(k)
                if lc is None:
                    continue
                same = [x for x in (-la, -lc, -e_top, -e_bottom) if x]
                add(same + [-top, -bottom])  # both eastward
                add(same + [top, bottom])  # both westward


def _no_transfer(paths: Paths) -> None:
    """T (fill all): a U-turn A-B-D-C (round a 2 x 2 square) with a used edge
    E-F just across its bend (E next to B, F next to D) transfers: A-C,
    E-B-D-F instead, on one path or two. Same cells, same numbers of
    horizontal and vertical edges; the clause forbids the pattern when the
    move lowers the sum of x^2 + y^2 over the used edges (an edge's x and y:
    its left or top cell's column and row), half of the patterns. No labels."""
    f, W, H = paths.f, paths.w, paths.h
    add = f.clauses.append

    def at(r: int, c: int) -> int | None:
        return r * W + c if 0 <= r < H and 0 <= c < W else None

    def edge(u: int, v: int) -> tuple[int, int]:
        """(variable, x^2 + y^2) of the edge between neighbours u and v."""
        (r, c), d = paths.cell(min(u, v)), "e" if abs(u - v) == 1 else "s"
        return f.var("edge", r, c, d), r * r + c * c

    for b in range(W * H):
        br, bc = paths.cell(b)
        for (dr, dc), sides in (((0, 1), ((1, 0), (-1, 0))), ((1, 0), ((0, 1), (0, -1)))):
            d = at(br + dr, bc + dc)  # B-D, then A-C beside it and E-F across
            if d is None:
                continue
            for sr, sc in sides:
                a, cc = at(br - sr, bc - sc), at(br + dr - sr, bc + dc - sc)
                e, ff = at(br + sr, bc + sc), at(br + dr + sr, bc + dc + sc)
                if None in (a, cc, e, ff):
                    continue
                (ab, w1), (bd, _), (dcx, w2), (ef, w3) = (edge(a, b), edge(b, d),
                                                          edge(d, cc), edge(e, ff))
                after = edge(a, cc)[1] + edge(e, b)[1] + edge(d, ff)[1]
                if after < w1 + w2 + w3:
                    add([-ab, -bd, -dcx, -ef])


def _no_short_detour(paths: Paths, table, add) -> None:
    """D2 (fill any): an empty cell w next to two cells u, v of one label
    would give that path a shorter route u-w-v, unless u and v are joined
    through their other common neighbour o (an end is never inside a path,
    so it cannot be o). When o comes before w in reading order the route
    through o is not kept either: u-w-v is as short and uses a later cell."""
    for w, e in paths.empty.items():
        for (u, _x), (v, _y) in combinations(paths.cell_edges[w], 2):
            (ur, uc), (vr, vc) = paths.cell(u), paths.cell(v)
            other = u + v - w if ur != vr and uc != vc else None  # a corner's fourth cell
            later = table[other] if other is not None and other > w else {}
            tv = table[v]
            for k, a in table[u].items():
                b = tv.get(k)
                if b is None:
                    continue
                clause = [x for x in (-a, -b, -e) if x]
                o = later.get(k)
                if o:  # 0: k's end, never inside a path; None: k impossible there
                    clause.append(o)
                add(clause)


def _no_long_detour(paths: Paths, table, add) -> None:
    """D3 (fill any): adjacent empty cells w1, w2, u next to w1 and v next
    to w2, u and v of one label k and three steps apart: the route
    u-w1-w2-v is shorter than any stretch of k between u and v except
    another three-step route u-x-y-v, kept only when x + y > w1 + w2 in
    reading order. With D, x and y of label k mean the path runs u-x-y-v:
    the clause is not(u, v of k, w1, w2 empty) or some kept (x and y of k),
    multiplied out."""
    near = paths.cell_edges

    def adjacent(a: int, b: int) -> bool:
        return any(v == b for v, _x in near[a])

    for w1, e1 in paths.empty.items():
        for w2, _x in near[w1]:
            e2 = paths.empty.get(w2)
            if e2 is None or w2 < w1:  # each route once, from its smaller inner cell
                continue
            for u, _y in near[w1]:
                if u == w2:
                    continue
                for v, _z in near[w2]:
                    if v in (w1, u) or adjacent(u, v):
                        continue
                    (ur, uc), (vr, vc) = paths.cell(u), paths.cell(v)
                    if abs(ur - vr) + abs(uc - vc) != 3:
                        continue
                    others = [(x, y) for x, _p in near[u] for y, _q in near[x]
                              if adjacent(y, v) and {x, y}.isdisjoint({u, v})
                              and (x, y) != (w1, w2) and x != y]
                    for k, a in table[u].items():
                        b = table[v].get(k)
                        if b is None:
                            continue
                        base = [x for x in (-a, -b, -e1, -e2) if x]
                        kept = []
                        for x, y in others:
                            lx, ly = table[x].get(k), table[y].get(k)
                            if lx and ly and x + y >= w1 + w2:  # None/0: not inside k's path
                                kept.append((lx, ly))
                        for pick in _choices(kept):
                            add(base + pick)


def _choices(pairs):
    """Every way to pick one literal from each pair (CNF of an OR of ANDs)."""
    out = [[]]
    for a, b in pairs:
        out = [c + [a] for c in out] + [c + [b] for c in out]
    return out


# -- the second solution, from the only one the pruned formula has --------------------------
def alternative(grid: Grid, fill: str, sol: Solution) -> Solution | None:
    """Another solution made from ``sol`` by one local move, or None.

    - a switch: a path runs along two opposite sides of a 2 x 2 square in
      the same direction; it takes the other two sides instead, with the
      stretch between them reversed;
    - a transfer: a path makes a U-turn A-B-D-C round a 2 x 2 square and the
      edge E-F just across the bend is used; the U-turn's path goes A-C
      instead and E-F's path E-B-D-F (the same path or another);
    - a reroute (fill any): a path swaps the stretch between two of its
      cells for another route whose inner cells are empty.

    Every solution improves by such moves into one that :func:`prune`
    keeps, and undoing a move is a move; so when the pruned formula has
    exactly one solution S, the puzzle has another iff a move applies to S
    (encodings/paths.md). Touch yes only: under touch no a move may make a
    path touch itself, and nothing is pruned."""
    where = {cell: (i, j) for i, (_lab, path) in enumerate(sol) for j, cell in enumerate(path)}
    for i, (lab, path) in enumerate(sol):  # switches
        for j in range(len(path) - 1):
            (r1, c1), (r2, c2) = path[j], path[j + 1]
            for dr, dc in ((c2 - c1, r2 - r1), (c1 - c2, r1 - r2)):  # the two squares beside
                a, b = (r1 + dr, c1 + dc), (r2 + dr, c2 + dc)
                ia, ja = where.get(a, (None, None))
                if ia == i and ja + 1 < len(path) and path[ja + 1] == b and ja > j:
                    new = path[:j + 1] + path[j + 1:ja + 1][::-1] + path[ja + 1:]
                    return sol[:i] + ((lab, new),) + sol[i + 1:]
    for i, (lab, path) in enumerate(sol):  # transfers: a U-turn hands its bend over
        for j in range(len(path) - 3):
            a, b, d, c = path[j:j + 4]
            if abs(a[0] - c[0]) + abs(a[1] - c[1]) != 1:
                continue  # not a U-turn round a 2 x 2 square
            e = (2 * b[0] - a[0], 2 * b[1] - a[1])  # across the bend from a and c
            f = (2 * d[0] - c[0], 2 * d[1] - c[1])
            ie, je = where.get(e, (None, None))
            i_f, jf = where.get(f, (None, None))
            if ie is None or ie != i_f or abs(je - jf) != 1:
                continue
            moved = [list(p) for _l, p in sol]
            moved[i][j + 1:j + 3] = []  # a-c directly
            other = moved[ie]
            lo = min(other.index(e), other.index(f))
            other[lo + 1:lo + 1] = [b, d] if other[lo] == e else [d, b]
            return tuple((lab2, tuple(p)) for (lab2, _p), p in zip(sol, moved))
    return _reroute(grid, sol, where) if fill == "any" else None


def _reroute(grid: Grid, sol: Solution, where) -> Solution | None:
    """A reroute of ``sol`` (fill any): a shortcut between two touching,
    non-consecutive cells of a path, or a route through a region of empty
    cells that touches one path at two cells."""
    def rerouted(i: int, j1: int, j2: int, route: list[Cell]) -> Solution:
        """Path i with its stretch between positions j1 and j2 replaced by
        ``route``, which runs from a neighbour of path[j1] to one of path[j2]."""
        lab, path = sol[i]
        if j1 > j2:
            j1, j2, route = j2, j1, route[::-1]
        return sol[:i] + ((lab, path[:j1 + 1] + tuple(route) + path[j2:]),) + sol[i + 1:]

    for cell, (i, j) in where.items():  # a shortcut: touching, not consecutive
        for other in grid.neighbours(cell):
            i2, j2 = where.get(other, (None, None))
            if i2 == i and abs(j2 - j) > 1:
                return rerouted(i, j, j2, [])
    seen: set[Cell] = set()
    for start in grid.cells:
        if start in where or start in seen:
            continue
        # one region of empty cells, remembering how each cell was reached
        parent: dict[Cell, Cell | None] = {start: None}
        touch: dict[int, tuple[int, Cell]] = {}  # path -> (position, empty cell)
        queue = [start]
        for x in queue:
            for y in grid.neighbours(x):
                if y in where:
                    i, j = where[y]
                    if i not in touch:
                        touch[i] = (j, x)
                    elif touch[i][0] != j:  # this region touches path i twice
                        j0, x0 = touch[i]
                        return rerouted(i, j0, j, _tree_path(parent, x0, x))
                elif y not in parent:
                    parent[y] = x
                    queue.append(y)
        seen.update(parent)
    return None


def _tree_path(parent: dict, a: Cell, b: Cell) -> list[Cell]:
    """The path from ``a`` to ``b`` in a BFS tree given by ``parent`` links."""
    up_a = [a]
    while parent[up_a[-1]] is not None:
        up_a.append(parent[up_a[-1]])
    depth = {cell: k for k, cell in enumerate(up_a)}
    up_b = [b]
    while up_b[-1] not in depth:
        up_b.append(parent[up_b[-1]])
    return up_a[:depth[up_b[-1]]] + up_b[::-1]

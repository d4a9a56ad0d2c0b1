"""The clauses of each cell of :class:`satlink.rules.paths.Paths`: with
shape variables (one shape per cell, an edge used iff a shape of each of its
cells uses it), or without them (fill all, touch no: a cell's degree over
its edges, and the spike rule written over edges). The proofs are in
``encodings/paths.md``.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .grid import STEPS, WRITTEN

if TYPE_CHECKING:
    from .paths import Paths

#: Directions in the order shapes list them, vertical first (this order fixes
#: the variables' numbering).
DIRS = {d: STEPS[d] for d in WRITTEN}
#: The shapes of a cell a path passes through; an end has one direction, an
#: empty cell (fill any) the shape "".
PAIRS = ("ns", "ew", "ne", "nw", "se", "sw")
BENDS = ("ne", "nw", "se", "sw")


def shape_clauses(p: Paths) -> None:
    """One shape per cell; an edge is used iff a shape of each of its cells uses it.
    Off the ends "at most one shape" is not written pairwise: it follows
    from "no three edges of a cell" (two pairs cover three directions)
    and "an empty cell has no edge" (encodings/paths.md).

    The clauses of a cell depend only on its directions on the board,
    whether it is an end and the fill rule: each such kind is planned
    once (:func:`_shape_plan`, clauses over the cell's edges and shape
    variables by position) and every cell of the kind is written from
    its plan. Written so for speed: the same clauses in the same order
    as building each cell's from its shape names, in a third of the time
    (encoding was half of a janko board's verdict overhead)."""
    f, W, fill_any = p.f, p.w, p.fill == "any"
    out = f.clauses
    plans: dict[tuple, tuple] = {}
    cell_plans, keys = [], []
    for u, exits in enumerate(p.exits):
        end = u in p.end
        kind = (*exits, end)  # the directions as _edge added them
        plan = plans.get(kind)
        if plan is None:
            dirs = tuple(d for d in WRITTEN if d in exits)
            plan = plans[kind] = (dirs, *_shape_plan(dirs, end, fill_any))
        cell_plans.append(plan)
        r, c = divmod(u, W)
        keys += [("shape", r, c, s) for s in plan[1]]
    numbers = iter(f.vars(keys))  # numbered at once, cell by cell
    for u, exits in enumerate(p.exits):
        dirs, shapes, clauses = cell_plans[u]
        end = u in p.end
        ids = [next(numbers) for _ in shapes]
        svars = p.shapes[u] = dict(zip(shapes, ids))
        if len(dirs) == 4 and not end:  # most cells: spelled out, three times as fast
            n, s, e, w = exits["n"], exits["s"], exits["e"], exits["w"]
            ns, ew, ne, nw, se, sw = ids[:6]
            out.append(list(ids))
            out += ([-n, -s, -e], [-n, -s, -w], [-n, -e, -w], [-s, -e, -w])
            if fill_any:
                x = p.empty[u] = ids[6]
                out += ([-x, -n], [-x, -s], [-x, -e], [-x, -w])
            out += ([-ns, n], [-ne, n], [-nw, n], [-ns, s], [-se, s], [-sw, s],
                    [-ew, e], [-ne, e], [-se, e], [-ew, w], [-nw, w], [-sw, w])
            continue
        if "" in svars:
            p.empty[u] = svars[""]
        val = [0, *(exits[d] for d in dirs), *ids]
        neg = [-x for x in val]
        out.extend([val[i] if i > 0 else neg[-i] for i in cl] for cl in clauses)

def degree_clauses(p: Paths) -> None:
    """Fill all, no shapes: an end has exactly one edge, any other cell
    exactly two (no three of its edges, and one of every d - 1)."""
    out = p.f.clauses
    for u, exits in enumerate(p.exits):
        lits = [exits[d] for d in WRITTEN if d in exits]
        if u in p.end:
            out.append(lits)
            out.extend([-a, -b] for a, b in combinations(lits, 2))
        elif len(lits) == 4:  # most cells, spelled out
            a, b, c, d = lits
            out += ([-a, -b, -c], [-a, -b, -d], [-a, -c, -d], [-b, -c, -d],
                    [a, b, c], [a, b, d], [a, c, d], [b, c, d])
        elif not lits:  # a lone cell that is no end: on no path
            out.append([])
        else:
            out.extend([-x for x in t] for t in combinations(lits, 3))
            out.extend(list(t) for t in combinations(lits, len(lits) - 1))

def edge_spike_clauses(p: Paths) -> None:
    """The spike rule (:meth:`Paths.spike_clauses`) over edges, for shapeless
    paths: a bend b at c is its two edges; at a cell d that is no end,
    shape b is d's edges in b's two directions (two clauses, or "no
    bend at c" when d lacks one); an end d points along b[0] or b[1]."""
    W, out, ex, end = p.w, p.f.clauses, p.exits, p.end
    steps = [(b, (DIRS[b[0]][0] + DIRS[b[1]][0]) * W + DIRS[b[0]][1] + DIRS[b[1]][1])
             for b in BENDS]
    for u, e in enumerate(ex):
        if u in end:
            continue
        for b, step in steps:
            x, y = e.get(b[0]), e.get(b[1])
            if x is None or y is None:
                continue
            v = u + step
            f0, f1 = ex[v].get(b[0]), ex[v].get(b[1])
            if v in end:
                out.append([-x, -y, *(z for z in (f0, f1) if z is not None)])
            elif f0 is not None and f1 is not None:
                out += ([-x, -y, f0], [-x, -y, f1])
            else:
                out.append([-x, -y])


def _shape_plan(dirs: tuple[str, ...], end: bool, fill_any: bool) -> tuple:
    """(shape names, clauses) of a cell with edges in ``dirs`` (an end or
    not; under fill any a non-end has the empty shape): each clause lists
    positions, 1 .. len(dirs) the edges, then the shapes in order, negative
    for a negated literal. The clauses :func:`shape_clauses` has always
    written, in their order: an end exactly one shape (pairwise); elsewhere
    at least one, no three edges, an empty cell no edge; then per direction
    ``edge -> OR(shapes using it)`` and ``shape -> edge``."""
    if end:
        shapes = list(dirs)
    else:
        shapes = [p for p in PAIRS if p[0] in dirs and p[1] in dirs]
        if fill_any:
            shapes.append("")
    edge = {d: i + 1 for i, d in enumerate(dirs)}
    shape = [len(dirs) + 1 + j for j in range(len(shapes))]
    clauses: list[list[int]] = []
    if end:
        clauses.append(list(shape))
        clauses.extend([-a, -b] for a, b in combinations(shape, 2))
    else:
        clauses.append(list(shape))
        clauses.extend([-edge[a], -edge[b], -edge[c]] for a, b, c in combinations(dirs, 3))
        if fill_any:
            clauses.extend([-shape[-1], -edge[d]] for d in dirs)
    for d in dirs:
        having = [x for s, x in zip(shapes, shape) if d in s]
        if end:
            clauses.append([-edge[d], *having])
        clauses.extend([-x, edge[d]] for x in having)
    return tuple(shapes), tuple(tuple(c) for c in clauses)

"""The degree rule of a :class:`satlink.rules.loops.CellLoop`, written
cell by cell as clauses: two edges at a cell on the loop, none elsewhere
(the clauses of :func:`satlink.rules.graph.zero_or_two`, spelled out for
cells of two to four edges, since a loop writes them for every cell of the
board); the lean forms of a must-cell and of a cell without an
on-literal; a settled loop's degrees (:func:`settled_degrees`) and a known
piece's clauses (:func:`piece_clauses`). The proofs are in
``encodings/loops.md`` ("Lean loops", "Known pieces", "Settled edges").
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, compress
from operator import not_

from ..formula import Formula
from . import graph
from .grid import Cell
from .grid_masks import flags
from .lines import Lines


def degree_clauses(f: Formula, every: Iterable, lean_set, out: list) -> None:
    """Append to ``out`` (``f.clauses``) the degree rule of each (edges,
    on-literal, cell) of ``every``: a cell's edges as ``(direction,
    literal)`` in the order west, east, north, south; an on-literal None
    (a lean loop's cell without one yet): zero or two edges, by the edges
    alone; a cell of ``lean_set`` (a lean loop's must-cells): exactly two;
    else ``on <-> two edges``."""
    for around, x, cell in every:
        d = len(around)
        if x is None:  # lean, no on-literal yet: 0 or 2 edges, by the edges alone
            if d == 4:  # at most two, never exactly one
                (_, a), (_, b), (_, c), (_, e) = around
                na, nb, nc, ne = -a, -b, -c, -e
                out += ([na, nb, nc], [na, nb, ne], [na, nc, ne], [nb, nc, ne],
                        [na, b, c, e], [nb, a, c, e], [nc, a, b, e], [ne, a, b, c])
            elif d == 3:
                (_, a), (_, b), (_, c) = around
                out += ([-a, -b, -c], [-a, b, c], [-b, a, c], [-c, a, b])
            elif d == 2:
                (_, a), (_, b) = around
                out += ([-a, b], [-b, a])
            elif d == 1:
                out.append([-around[0][1]])
        elif cell in lean_set and d >= 2:  # on: exactly two of the edges
            if d == 4:  # at least two (one of every three), at most two
                (_, a), (_, b), (_, c), (_, e) = around
                na, nb, nc, ne = -a, -b, -c, -e
                out += ([b, c, e], [a, c, e], [a, b, e], [a, b, c],
                        [na, nb, nc], [na, nb, ne], [na, nc, ne], [nb, nc, ne])
            elif d == 3:
                (_, a), (_, b), (_, c) = around
                out += ([b, c], [a, c], [a, b], [-a, -b, -c])
            else:
                (_, a), (_, b) = around
                out += ([a], [b])
        elif d == 4:
            (_, a), (_, b), (_, c), (_, e) = around
            na, nb, nc, ne, nx = -a, -b, -c, -e, -x
            out += ([na, x], [nb, x], [nc, x], [ne, x],
                    [nx, b, c, e], [nx, a, c, e], [nx, a, b, e], [nx, a, b, c],
                    [na, nb, nc], [na, nb, ne], [na, nc, ne], [nb, nc, ne])
        elif d == 3:
            (_, a), (_, b), (_, c) = around
            nx = -x
            out += ([-a, x], [-b, x], [-c, x], [nx, b, c], [nx, a, c], [nx, a, b],
                    [-a, -b, -c])
        elif d == 2:
            (_, a), (_, b) = around
            out += ([-a, x], [-b, x], [-x, b], [-x, a])
        else:
            graph.zero_or_two(f, [e for _, e in around], x)


def settled_degrees(every: list, points, w: int, n: int, on_ends: int, open_ends: int,
                    ones: frozenset[int], out: list) -> list:
    """The degree rule of a loop with the edges ``ones`` fixed on (units)
    and those fixed off left out (``encodings/loops.md``, "Settled edges"):
    a cell (point ``r * w + c`` of ``n``; ``points`` the points of
    ``every``'s cells in order, when known) at an end of an edge fixed on
    (``on_ends``, a mask of points) with ``k`` of them needs ``2 - k`` of
    its open edges (exactly, by subsets; none left open, not in
    ``open_ends``: nothing); the other cells' (edges, on-literal, cell) are
    returned for the usual rule. The cells are sorted by ``compress`` over
    the masks' bytes (in C: most cells of a settled board need nothing; a
    Python pass per cell was a sixth of the loop's set-up)."""
    if points is None:
        points = [r * w + c for _, _, (r, c) in every]
    on, busy = flags(on_ends, n), flags(on_ends & open_ends, n)  # busy: an edge on and one open
    rest = list(compress(every, map(not_, map(on.__getitem__, points))))
    for around, _, _ in compress(every, map(busy.__getitem__, points)):
        lits = [e for _, e in around if e not in ones]
        n, need = len(lits), 2 - (len(around) - len(lits))
        if need == 1 and n == 2:  # what settling leaves: one on, two or three open
            a, b = lits
            out += ([-a, -b], [a, b])
        elif need == 1 and n == 3:  # (written out: the subsets below, in their order)
            a, b, c = lits
            out += ([-a, -b], [-a, -c], [-b, -c], [a, b, c])
        else:
            neg = [-e for e in lits]
            out += ([*s] for s in combinations(neg, need + 1)) if need < n else ()
            out += ([*t] for t in combinations(lits, n - need + 1)) if need else ()
    return rest


def piece_clauses(loop: Lines, cell: Cell, turning: bool) -> list[list[int]]:
    """Clauses saying that the loop passes ``cell`` turning (one vertical
    edge and one horizontal) or straight (both vertical edges or both
    horizontal), which is "two edges" and the piece at once
    (``encodings/loops.md``, "Known pieces"): turning, exactly one of each
    opposite pair (``[n, s], [-n, -s]``; a unit where one of the pair is
    off the board, the empty clause where both are); straight, ``n <-> s``,
    ``e <-> w`` and exactly one of ``n, e`` (units where one way is off the
    board)."""
    never, through = loop.never, loop.through
    pairs = [[x for x in (through(cell, a), through(cell, b)) if x != never]
             for a, b in (("n", "s"), ("e", "w"))]
    if turning:
        out = []
        for pair in pairs:
            if len(pair) == 2:
                out += ([pair[0], pair[1]], [-pair[0], -pair[1]])
            else:
                out.append(pair)  # the one edge, or none: no turn possible
        return out
    (v, h) = pairs
    if len(v) == 2 and len(h) == 2:
        (n, s), (e, w) = v, h
        return [[-n, s], [-s, n], [-e, w], [-w, e], [n, e], [-n, -e]]
    if len(v) < 2 and len(h) < 2:
        return [[]]  # no straight way through
    way, other = (v, h) if len(v) == 2 else (h, v)
    return [[x] for x in way] + [[-x] for x in other]

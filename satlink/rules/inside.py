"""Inside and outside of a loop through cell centres (Castle Wall).

The loop runs between cell centres; the corners of cells (*faces*, one
lattice point each) lie inside or outside it. :class:`Inside` gives each
face a literal: the faces on the board's rim are outside, and two
neighbouring faces differ exactly when the loop edge that separates them is
on (an exclusive or per cell edge, which propagates locally; a face next to
the rim is the loop edge between them). A cell off
the loop lies in the same place as its corners. Plain clauses, no lazy
part; the proof is in ``encodings/inside.md``. :func:`inside_cells` reads the same fact off a set
of loop edges with a ray to the north, for ``verify``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.loops import CellLoop
>>> f = Formula()
>>> inside = Inside(CellLoop(Grid(4, 4), f))
>>> f.name(inside.of((1, 1))), f.name(inside.of((0, 0))), f.name(inside.of((3, 3)))
('inside(2,2)', 'loop(v,0,0)', 'loop(never)')
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from .grid import Cell, Edge, Grid
from .loops import CellLoop


class Inside:
    """A literal per *face* (the lattice point ``(i, j)`` at the corner
    shared by cells ``(i - 1, j - 1)`` .. ``(i, j)``, ``0 <= i <= rows``): the
    face lies inside the loop. Faces on the board's rim are outside
    (:attr:`~satlink.rules.loops.Lines.never`); two neighbouring faces differ
    exactly when the loop edge between them is on. :meth:`of` gives a cell's
    literal: a cell off the loop lies in the face at its corner.

    What the board decides is put in rather than encoded (``encodings/inside.md``,
    "What the board decides"): faces joined across a cell edge that is no
    loop edge share one literal; ``given`` (cells that are never on the loop
    -> True inside, False outside) fixes their faces' literal to a constant
    (``never`` outside, its negation inside); a group of faces next to a
    constant across a loop edge ``x`` is ``x`` itself (or ``not x``). What is
    left is one exclusive or per remaining loop edge between two groups."""

    def __init__(self, loop: CellLoop, given: Mapping[Cell, bool] | None = None) -> None:
        self.loop, f, g = loop, loop.f, loop.grid
        rows, cols = g.rows, g.cols
        never = loop.never  # made (with its unit clause) before the faces' variables
        self._w = w = cols + 1  # face (i, j) is the number i * w + j
        # The face pairs across the loop's edges, in the order of ``pairs`` of
        # encodings/inside.md: the edges below cells (between faces (i, j) and
        # (i, j + 1)), then the edges right of cells (between (i, j) and
        # (i + 1, j)), each in row order, as ``loop.edges`` lists them (its
        # vertical edges after its horizontal ones). Read off the edges once,
        # not looked up per face pair (this runs for every Castle Wall board).
        below: list[tuple[int, int, int]] = []
        right: list[tuple[int, int, int]] = []
        for ((r, c), (r2, c2)), x in loop.edges.items():
            if r == r2:  # right of cell (r, c): faces (r, c + 1) and (r + 1, c + 1)
                p = r * w + c2
                right.append((p, p + w, x))
            else:  # below cell (r, c): faces (r + 1, c) and (r + 1, c + 1)
                p = r2 * w + c
                below.append((p, p + 1, x))
        pairs = below + right
        # Groups of faces that no loop edge separates, each named by its
        # smallest face (a union-find whose joins keep the smaller root); the
        # rim is group 0. Faces across a cell edge that is no loop edge are
        # corners of a cell that is no loop cell, and the four corners of such
        # a cell are joined by its sides (each a missing edge or on the rim):
        # so joining the corners of the cells off the loop joins exactly those.
        up = list(range((rows + 1) * w))
        rim = [0] * w
        up[:w] = rim
        up[rows * w:] = rim
        for p in range(w, rows * w, w):  # every rim face a root yet, joined directly
            up[p] = up[p + cols] = 0

        # (the finds written inline, with path halving: a call each was a
        # fifth of the whole)
        touched: list[int] = []
        for r, c in set(g.cells).difference(loop.cells):
            p = r * w + c
            corners = (p, p + 1, p + w, p + w + 1)
            roots = []
            for q in corners:
                while up[q] != q:
                    up[q] = q = up[up[q]]
                roots.append(q)
            least = min(roots)
            for q in roots:
                up[q] = least
            touched += corners
        given = given or {}
        for (r, c), inside in given.items():
            if not inside:
                q = (r + 1) * w + c + 1
                touched.append(q)
                while up[q] != q:
                    up[q] = q = up[up[q]]
                up[q] = 0  # (0 is the least root)
        # each face's group: a parent is a smaller face, so one pass in rising
        # order over the faces whose parent changed (the others are roots or rim)
        for p in sorted(set(touched)):
            up[p] = up[up[p]]
        self._group = group = up
        lit = {0: never}
        for (r, c), inside in given.items():
            gr = group[(r + 1) * w + c + 1]
            if inside and gr != 0:
                lit[gr] = -never
            elif inside:  # inside, yet joined to the rim: no loop does that
                f.clauses.append([never])
        # a group next to a constant across a loop edge is that edge (or its negation)
        # (one pass: the pairs that define no group are kept for the clauses)
        constant, rest = (never, -never), []
        fixed = set(lit)  # the constant groups
        for p, q, x in pairs:
            gp, gq = group[p], group[q]
            if (gp in fixed) != (gq in fixed):
                if gp in fixed:
                    if gq not in lit:
                        lit[gq] = x if lit[gp] == never else -x
                        continue
                elif gp not in lit:
                    lit[gp] = x if lit[gq] == never else -x
                    continue
            rest.append((p, q, x))
        groups = sorted(set(group) - set(lit))
        lit.update(zip(groups, f.vars([("inside", p // w, p % w) for p in groups])))
        self._lit = lit
        out = f.clauses
        at = [lit[gr] for gr in group]  # face -> its literal
        for p, q, x in rest:
            a, b = at[p], at[q]
            if a in constant or b in constant or a == b:
                out += xor_clauses(a, b, x, never)
            else:  # (the common case, as xor_clauses writes it)
                out += ([-a, -b, -x], [a, b, -x], [-a, b, x], [a, -b, x])

    @property
    def face(self) -> dict[tuple[int, int], int]:
        """Face ``(i, j)`` -> its literal."""
        w, lit, group = self._w, self._lit, self._group
        return {divmod(p, w): lit[gr] for p, gr in enumerate(group)}

    def of(self, cell: Cell) -> int:
        """True exactly when ``cell``, if off the loop, lies inside it."""
        return self._lit[self._group[(cell[0] + 1) * self._w + cell[1] + 1]]


def xor_clauses(a: int, b: int, x: int, never: int) -> list[list[int]]:
    """The clauses of ``a xor b == x``, where ``a`` and ``b`` may be the
    constants ``never`` (false) and ``-never`` (true): four clauses, fewer
    where a constant decides some (none of them holds ``never``)."""
    fixed = (never, -never)
    if a in fixed and b in fixed:
        return [[x] if a != b else [-x]]
    if a in fixed:
        a, b = b, a
    if b == never:
        return [[a, -x], [-a, x]]
    if b == -never:
        return [[a, x], [-a, -x]]
    if a == b:
        return [[-x]]
    return [[-a, -b, -x], [a, b, -x], [-a, b, x], [a, -b, x]]


def inside_cells(grid: Grid, edges: Iterable[Edge]) -> set[Cell]:
    """The cells off the loop ``edges`` that lie inside it: a ray north from
    half a cell east of the centre crosses an odd number of horizontal
    loop edges ``(j, c) - (j, c + 1)``, ``j < r``. Row by row, the parity of
    each column's crossings so far carried down (one pass over the cells,
    not a ray per cell: this runs in every Castle Wall ``verify``)."""
    edges = set(edges)
    on = {c for e in edges for c in e}
    out = set()
    odd = [False] * grid.cols  # per column c: crossings above the current row, odd
    for r in range(grid.rows):
        for c in range(grid.cols):
            if odd[c] and (r, c) not in on:
                out.add((r, c))
        for c in range(grid.cols - 1):
            if ((r, c), (r, c + 1)) in edges:
                odd[c] = not odd[c]
    return out

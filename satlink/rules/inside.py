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
        # the face pairs and the cell edge between them: the edge below cell
        # (i - 1, j) between faces (i, j) and (i, j + 1), the edge right of
        # cell (i, j - 1) between (i, j) and (i + 1, j)
        get = loop.edges.get
        pairs = [(i * w + j, i * w + j + 1, get(((i - 1, j), (i, j))))
                 for i in range(1, rows) for j in range(cols)]
        pairs += [(i * w + j, (i + 1) * w + j, get(((i, j - 1), (i, j))))
                  for i in range(rows) for j in range(1, cols)]
        # groups of faces that no loop edge separates (a union-find, each
        # group named by its smallest face; the rim is group 0)
        up = list(range((rows + 1) * w))
        for p in range(1, (rows + 1) * w):  # the rim: every face a root yet, so joined directly
            i, j = divmod(p, w)
            if i in (0, rows) or j in (0, cols):
                up[p] = 0

        def find(p: int) -> int:
            while up[p] != p:
                up[p] = p = up[up[p]]
            return p

        def join(p: int, q: int) -> None:
            p, q = find(p), find(q)
            if p != q:
                up[max(p, q)] = min(p, q)

        for p, q, x in pairs:
            if x is None:
                join(p, q)
        given = given or {}
        for (r, c), inside in given.items():
            if not inside:
                join(0, (r + 1) * w + c + 1)
        # the joins are done: each face's group once (a list, read by index below)
        self._group = group = [find(p) for p in range(len(up))]
        lit = {0: never}
        for (r, c), inside in given.items():
            gr = group[(r + 1) * w + c + 1]
            if inside and gr != 0:
                lit[gr] = -never
            elif inside:  # inside, yet joined to the rim: no loop does that
                f.clauses.append([never])
        # a group next to a constant across a loop edge is that edge (or its negation)
        constant, defining = (never, -never), set()
        for k, (p, q, x) in enumerate(pairs):
            if x is not None:
                p, q = group[p], group[q]
                a, b = lit.get(p), lit.get(q)
                if (a in constant) != (b in constant) and None in (a, b):
                    lit[q if a in constant else p] = x if never in (a, b) else -x
                    defining.add(k)
        groups = sorted(set(group) - set(lit))
        lit.update(zip(groups, f.vars([("inside", p // w, p % w) for p in groups])))
        self._lit = lit
        out = f.clauses
        for k, (p, q, x) in enumerate(pairs):
            if x is not None and k not in defining:
                a, b = lit[group[p]], lit[group[q]]
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
    loop edges ``(j, c) - (j, c + 1)``, ``j < r``."""
    edges = set(edges)
    on = {c for e in edges for c in e}
    out = set()
    for r, c in grid.cells:
        if (r, c) not in on and sum(((j, c), (j, c + 1)) in edges for j in range(r)) % 2:
            out.add((r, c))
    return out

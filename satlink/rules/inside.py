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
from itertools import chain

from .grid import Cell, Edge, Grid
from .loop_faces import Faces
from .loops import CellLoop


class Inside:
    """A literal per *face* (:class:`~satlink.rules.loop_faces.Faces`): the
    face lies inside the loop. Faces on the rim are outside
    (:attr:`~satlink.rules.lines.Lines.never`); two neighbouring faces differ exactly when the loop edge between them
    is on. :meth:`of` gives a cell's literal: a cell off the loop lies in
    the face at its corner.

    What the board decides is put in rather than encoded (``encodings/inside.md``,
    "What the board decides"): ``faces`` (made here when not given) ties
    the faces the cells off the loop and the given sides tie; to them are
    added the ties of the loop's settled edges (``CellLoop(fixed=)``); a
    group's literal is then one for all its faces (negated where a face's
    parity is odd), the rim's the constant ``never``; a group next to the
    rim's across a loop edge ``x`` is ``x`` itself (or ``not x``). What is
    left is one exclusive or per remaining loop edge between two groups.
    ``given`` (cells that are never on the loop -> True inside, False
    outside) is :meth:`Faces.given`, for ``faces`` made here."""

    def __init__(self, loop: CellLoop, given: Mapping[Cell, bool] | None = None,
                 faces: Faces | None = None) -> None:
        self.loop, f, g = loop, loop.f, loop.grid
        rows, cols = g.rows, g.cols
        never = loop.never  # made (with its unit clause) before the faces' variables
        if faces is None:
            faces = Faces(rows, cols)
            faces.off_cells(sorted(set(g.cells).difference(loop.cells)))
            faces.given(given or {})
        if loop.settled is not None:
            faces.edges(*loop.settled)
        self._faces = faces
        self._w = w = faces.w
        if not faces.ok:  # the ties contradict: no loop fits
            f.clauses.append([never])
        root, odd = faces.flat()
        ones = loop.fixed_on
        # The face pairs across the loop's edges not fixed on, the edges
        # below cells first, then those right of cells (each in row order;
        # ``loop.edges`` lists the latter first), read off the edges once:
        # a group next to the rim's across a loop edge is that edge (or its
        # negation), the first such edge defining it; the other pairs kept as
        # (root, parity, root, parity, edge) for the exclusive ors.
        lit = {0: never}
        rest = []
        items = list(loop.edges.items())
        right = loop.edge_masks[0].bit_count()
        for ((r, c), (r2, c2)), x in chain(items[right:], items[:right]):
            if x in ones:
                continue
            if r == r2:  # right of cell (r, c): faces (r, c + 1) and (r + 1, c + 1)
                p = r * w + c2
                q = p + w
            else:  # below cell (r, c): faces (r + 1, c) and (r + 1, c + 1)
                p = r2 * w + c
                q = p + 1
            gp, gq = root[p], root[q]
            if gp == 0 and gq not in lit:
                lit[gq] = -x if odd[p] ^ odd[q] else x
            elif gq == 0 and gp not in lit:
                lit[gp] = -x if odd[p] ^ odd[q] else x
            else:
                rest.append((gp, odd[p], gq, odd[q], x))
        groups = sorted(({gp for gp, _, _, _, _ in rest} | {gq for _, _, gq, _, _ in rest})
                        - lit.keys())
        lit.update(zip(groups, f.vars([("inside", p // w, p % w) for p in groups])))
        self._lit = lit
        out = f.clauses
        constant = (never, -never)
        for gp, a, gq, b, x in rest:
            u, t = lit[gp], lit[gq]
            if a:
                u = -u
            if b:
                t = -t
            if u in constant or t in constant or u == t or u == -t:
                out += xor_clauses(u, t, x, never)
            else:  # (the common case, as xor_clauses writes it)
                out += ([-u, -t, -x], [u, t, -x], [-u, t, x], [u, -t, x])

    @property
    def face(self) -> dict[tuple[int, int], int]:
        """Face ``(i, j)`` -> its literal."""
        return {divmod(p, self._w): self._face_lit(p) for p in range(len(self._faces.up))}

    def _face_lit(self, p: int) -> int:
        root, parity = self._faces.find(p)
        x = self._lit.get(root)
        if x is None:  # a group no loop edge touches: on the loop's side of nothing
            x = self._lit[root] = self.loop.f.var("inside", root // self._w, root % self._w)
        return -x if parity else x

    def of(self, cell: Cell) -> int:
        """True exactly when ``cell``, if off the loop, lies inside it."""
        return self._face_lit((cell[0] + 1) * self._w + cell[1] + 1)


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
    if a == -b:
        return [[x]]
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

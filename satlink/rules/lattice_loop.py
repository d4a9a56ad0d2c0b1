"""A single loop along the sides of cells (Slitherlink; Mejilink and the
other lattice-loop genres of issue 26 later).

:class:`LatticeLoop` holds one variable per lattice edge of a board
(``edges``; ``(tag, "h", r, c)`` from point ``(r, c)`` to ``(r, c + 1)``,
``(tag, "v", r, c)`` to ``(r + 1, c)``). Encoded at once: every lattice
point has none or two loop edges (:func:`satlink.rules.graph.zero_or_two`)
and some edge is on the loop. "The edges form one cycle" is lazy
(:meth:`LatticeLoop.cuts`: separation cuts found on the grid's arrays, a
walk per loop) or complete (``complete=True``:
:func:`satlink.rules.graph.encode_connected`). Around it:

- :meth:`~LatticeLoop.promise`: a genre tells the cut finder that every
  solution's loop passes through one point of any set holding ``need`` of
  some points (Slitherlink's clues do), which lets the cuts leave out
  witnesses (``encodings/loops.md``, "The lattice loop");
- :meth:`~LatticeLoop.inside`: a literal per cell, the cell lies inside
  the loop (parity across the loop's edges): implied in complete mode, a
  rule of its own for genres that colour the inside;
- the literals of :class:`satlink.rules.loops.Lines` on the lattice points
  (``through``, ``straight``, ``turn``).

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> loop = LatticeLoop(Grid(2, 3), f)
>>> len(loop.edges), f.name(loop.edges[((0, 0), (0, 1))])
(17, 'loop(h,0,0)')
>>> [f.name(x) for x in loop.sides((1, 2))]
['loop(h,1,2)', 'loop(h,2,2)', 'loop(v,1,2)', 'loop(v,1,3)']
"""
from __future__ import annotations

from collections.abc import Iterable

from ..formula import Formula
from . import graph
from .grid import Cell, Grid, Point
from .loops import Lines


class LatticeLoop(Lines):
    """One loop along the sides of the cells of ``grid``.

    - ``edges``: ``grid.lattice_edges()`` -> variable;
    - ``complete``: the one-cycle rule as clauses (then :meth:`cuts` has
      nothing to add);
    - ``nonempty``: the loop exists (one clause: some edge is on it).
    """

    def __init__(self, grid: Grid, f: Formula, tag: str = "loop", *, complete: bool = False,
                 nonempty: bool = True) -> None:
        self.grid, self.complete = grid, complete
        var = f.var  # edge_key(e), inlined: this runs for every edge of the board
        super().__init__(Grid(grid.rows + 1, grid.cols + 1), f, tag,
                         {e: var(tag, "h" if e[0][0] == e[1][0] else "v", *e[0])
                          for e in grid.lattice_edges()})
        w = grid.cols + 1
        self.npoints = (grid.rows + 1) * w
        # The board as integer arrays for the cut finder: point r * w + c;
        # edge i joins points eu[i] and ev[i] and has variable ex[i].
        self.ex = list(self.edges.values())
        self.eu = [r * w + c for (r, c), _ in self.edges]
        self.ev = [r * w + c for _, (r, c) in self.edges]
        top = max(self.ex)
        self.pu = [-1] * (top + 1)  # by variable: the edge's two points
        self.pv = [-1] * (top + 1)
        self.nbrs: list[list[tuple[int, int]]] = [[] for _ in range(self.npoints)]
        at: list[list[int]] = [[] for _ in range(self.npoints)]
        for u, v, x in zip(self.eu, self.ev, self.ex):
            self.pu[x], self.pv[x] = u, v
            self.nbrs[u].append((v, x))
            self.nbrs[v].append((u, x))
            at[u].append(x)
            at[v].append(x)
        for lits in at:
            graph.zero_or_two(f, lits)
        if nonempty:
            f.add(list(self.ex))
        if complete:
            graph.encode_connected(f, self.edges, tag=tag + ".conn")
        #: per point: the promises it belongs to, as (promise, need)
        self.promises: list[list[tuple[int, int]]] = [[] for _ in range(self.npoints)]
        self._count = 0
        self._answer: bool | None = None

    def sides(self, cell: Cell) -> list[int]:
        """The variables of the four sides of ``cell``: top, bottom, left, right."""
        return [self.edges[e] for e in self.grid.sides(cell)]

    def promise(self, points: Iterable[Point], need: int) -> None:
        """Every solution's loop passes through a point of any set that holds
        ``need`` or more of ``points``: the cut finder then leaves out the
        witness of a loop or region that does (valid only while the promise
        holds: a genre makes it from clues that every solution obeys)."""
        if need <= 0:
            return
        w, which, at = self.grid.cols + 1, (self._count, need), self.promises
        for r, c in points:
            at[r * w + c].append(which)
        self._count += 1

    def inside(self) -> dict[Cell, int]:
        """A variable ``(tag, "in", r, c)`` per cell, true when the cell lies
        inside the loop, with its definition: a side is on the loop exactly
        when one of its two cells is inside (the outside of the board counts
        as outside). Valid because a simple closed curve along the grid
        lines splits the cells into inside and outside, and its edges are
        exactly the sides between the two; the edges fix every cell's value."""
        cell = {c: self.f.var(self.tag, "in", *c) for c in self.grid.cells}
        out = self.f.clauses
        for e, x in self.edges.items():
            a, b = (cell.get(c) for c in self.grid.beside(e))
            if a is None or b is None:
                y = a or b
                out.extend(([-x, y], [x, -y]))
            else:
                out.extend(([-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]))
        return cell

    # -- the lazy rule ----------------------------------------------------------------
    def cuts(self, model) -> list[list[int]]:
        """Clauses against a candidate with more than one loop (or none).

        The candidate obeys degree 0 or 2, so its edges are disjoint loops. For
        each loop C and each region Y of the board with C's points removed that
        holds another loop D: "the loop uses an edge between C and Y", or C is
        absent (its witness edge off), or D is. A witness is left out when a
        promise says every solution passes through the points of C, or of Y.
        Written for the grid rather than through ``graph.single_cycle_cuts``
        because of speed: a round on a 60 x 60 board costs 1.2 ms against
        4.2 ms (encodings/slitherlink.md, "The finder").
        """
        if self.complete:
            return []
        if self._answer is None:  # the answer variables are the edges: read them at once
            self._answer = self.f.answer == self.ex
        true = model.true_answer() if self._answer else model.true_vars(self.ex)
        if not true:
            return [list(self.ex)]
        loops = self._loops(true)
        if loops is None:  # a branch or a dead end: not a degree 0/2 candidate
            return graph.single_cycle_cuts(self.edges, model)
        part, parts, wit = loops
        if len(parts) == 1:
            return []
        return self._separation(part, parts, wit)

    def _loops(self, true: list[int]):
        """The loops of a candidate's edge variables ``true``: (point -> loop
        index or -1, each loop's points, an edge variable of each loop); None
        unless every point has degree 0 or 2."""
        n, pu, pv = self.npoints, self.pu, self.pv
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

    def _separation(self, part: list[int], parts: list[list[int]], wit: list[int]):
        """The cuts of :meth:`cuts` for the loops ``parts`` (``part``: point -> loop)."""
        k = len(parts)
        nbrs = self.nbrs
        # Regions of points off every loop, numbered after the loops.
        for p in [p for p in range(self.npoints) if part[p] < 0]:
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
                got = touched[p] = self._promised(parts[p])
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

    def _promised(self, pts: list[int]) -> bool:
        """Does a promise say every solution's loop passes through these points?"""
        count: dict[int, int] = {}
        promises = self.promises
        for a in pts:
            for which, need in promises[a]:
                m = count.get(which, 0) + 1
                if m >= need:
                    return True
                count[which] = m
        return False

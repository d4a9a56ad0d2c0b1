"""The one-cycle cuts of a loop on a grid of points, on integer arrays: the
cut finder of :class:`satlink.rules.lattice_loop.LatticeLoop` (points: the
lattice points) and of :class:`satlink.rules.loops.CellLoop` (points: the
cells), with the promises that let it leave out witnesses.

:class:`CycleCuts` is a mixin: the loop calls :meth:`CycleCuts.index_points`
once with its edges as (point, point, variable) and then :meth:`CycleCuts.cycle_cuts`
on each candidate. Proofs: ``encodings/loops.md`` ("The lattice loop", "The
cell loop's finder").
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence


class CycleCuts:
    """Separation cuts against a candidate whose edges form several cycles."""

    def index_points(self, npoints: int, edges: Iterable[tuple[int, int, int]]) -> None:
        """The board as arrays: ``npoints`` points, each edge (u, v, x) joining
        points u and v with variable x (positive, one per edge)."""
        edges = list(edges)
        us, vs, xs = (list(t) for t in zip(*edges)) if edges else ([], [], [])
        if xs and xs[-1] - xs[0] == len(xs) - 1 and xs == list(range(xs[0], xs[-1] + 1)):
            xs = range(xs[0], xs[-1] + 1)  # numbered at once (the lattice loop's): the fast path
        self.index_arrays(npoints, us, vs, xs)

    def index_arrays(self, npoints: int, us: Sequence[int], vs: Sequence[int],
                     xs: Sequence[int]) -> None:
        """:meth:`index_points` with the edges as three columns: edge i joins
        points ``us[i]`` and ``vs[i]`` with variable ``xs[i]`` (a ``range``
        when the variables were numbered at once). Each point's neighbours
        are (point, variable) in the order of the edges.

        Written for speed (every loop genre's encode builds it, and it was a
        quarter of a cell loop's set-up): the by-variable arrays are a
        padding and a column when the variables are a range, leaving one
        pass of two appends per edge in Python (tuples made there: no
        slower than made by ``zip``, measured)."""
        self.npoints = npoints
        self.ex = ex = list(xs)
        if isinstance(xs, range) and xs.step == 1 and ex:  # x = start + i: the columns, padded
            pad = [-1] * xs.start
            self.pu = pad + list(us)  # by variable: the edge's two points
            self.pv = pad + list(vs)
        else:
            top = max(ex, default=0)
            self.pu = pu = [-1] * (top + 1)
            self.pv = pv = [-1] * (top + 1)
            for u, v, x in zip(us, vs, ex):
                pu[x] = u
                pv[x] = v
        self.nbrs = nbrs = [[] for _ in range(npoints)]  # type: list[list[tuple[int, int]]]
        for u, v, x in zip(us, vs, ex):
            nbrs[u].append((v, x))
            nbrs[v].append((u, x))
        # The promises: the points each of one point (a set), and per point
        # those of several points it belongs to, as (promise, need), made on
        # the first such promise (most loops have only the first kind: a list
        # per point built for none was a fifth of this set-up, measured).
        self._each: set[int] = set()
        self.promises: list[list[tuple[int, int]]] | None = None
        self._count = 0

    def promise_points(self, points: Iterable[int], need: int) -> None:
        """Every solution's loop passes through a point of any set that holds
        ``need`` or more of ``points`` (point numbers): the cut finder then
        leaves out the witness of a loop or region that does (valid only
        while the promise holds: a genre makes it from rules every solution
        obeys)."""
        if need <= 0:
            return
        if need == 1:  # through each point's own set: as many promises of one point
            self.promise_each(points)
            return
        if self.promises is None:
            self.promises = [[] for _ in range(self.npoints)]
        which, at = (self._count, need), self.promises
        for p in points:
            at[p].append(which)
        self._count += 1

    def promise_each(self, points: Iterable[int]) -> None:
        """Every solution's loop passes through each of ``points``: a
        promise of one point each (:meth:`promise_points` with ``need`` 1,
        point by point, without a call per point: must-cells): kept as a
        set of points, since a set of points holding any of them is promised."""
        self._each.update(points)

    def cycle_cuts(self, true: list[int]) -> list[list[int]] | None:
        """Clauses against the candidate whose true edge variables are
        ``true`` (nonempty): [] when they form one cycle, None unless every
        point has degree 0 or 2 (the caller then falls back on a general
        finder).

        The edges are then disjoint loops. For each loop C and each region
        Y of the board with C's points removed that holds another loop D:
        "the loop uses an edge between C and Y", or C is absent (its witness
        edge off), or D is. A witness is left out when a promise says every
        solution passes through the points of C, or of Y.
        """
        loops = self._loops(true)
        if loops is None:
            return None
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
        """The cuts of :meth:`cycle_cuts` for the loops ``parts`` (``part``: point -> loop)."""
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
            regions, done = beyond(adj, i)
            for region in regions:
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
            for j in range(k):  # loops no path reaches: never both present
                if j not in done:
                    clause = ([] if must_touch(i) else [-wit[i]]) + \
                             ([] if must_touch(j) else [-wit[j]])
                    key = frozenset(clause)
                    if key not in seen:
                        seen.add(key)
                        out.append(clause)
        return out

    def _promised(self, pts: list[int]) -> bool:
        """Does a promise say every solution's loop passes through these points?"""
        if not self._each.isdisjoint(pts):
            return True
        promises = self.promises
        if promises is None:
            return False
        count: dict[int, int] = {}
        for a in pts:
            for which, need in promises[a]:
                m = count.get(which, 0) + 1
                if m >= need:
                    return True
                count[which] = m
        return False


def beyond(adj: list[set[int]], i: int) -> tuple[list[list[int]], set[int]]:
    """The components of the quotient graph ``adj`` (part -> its neighbour
    parts) with part ``i`` removed that touch ``i``, and every part reached
    (``i`` included)."""
    done = {i}
    out = []
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
        out.append(region)
    return out, done

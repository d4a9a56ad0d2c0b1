"""Sums of a cell's two arms written over the loop's edges alone, with no
arm literal (Shingoki, Geradeweg): the *window form* of
``encodings/segments.md``.

A cell's arm toward ``d`` is at least ``k`` exactly when the ``k`` edges of
its *ray* (the edges from the cell toward ``d``, :func:`rays`) are all on,
and is below ``k`` when the ``k``-th edge is off. So "arm a + arm b <= n"
is one clause per window of ``n + 1`` edges through the cell (not all on),
and "arm a + arm b >= n" one clause per pair of places the two arms could
end short (not both off). Where the numbers are small (most clues), that
is fewer clauses than the order form of :mod:`satlink.rules.segments`
(whose arm literals cost a variable and three clauses a step) and no
variables; :func:`cheaper` says which form is smaller for a clue.

Every function takes, per direction, the ray ``R`` (edge literals, at least
``min(L, n)`` of them) and ``L``, the longest the arm can be in every model
of the rest of the formula (the board's or the genre's bound, which the
rest of the formula enforces): an arm of length ``L`` ends there without
an edge literal. The proofs are in ``encodings/segments.md``, "Window form".
"""
from __future__ import annotations

from .grid import Cell
from .lines import Lines

#: Numbers up to this are always written in the window form: past it, a
#: genre compares the two forms' sizes (:func:`pair_size`, :func:`turn_size`,
#: :func:`chain_size`), as on the dev boards the window form wins for all.
WINDOWS_UP_TO = 8


class Rays:
    """The edges of ``lines`` (a loop through cell centres) by row and
    column, for rays by slicing: ``h[r][c]`` the edge right of cell
    ``(r, c)``, ``v[c][r]`` the edge below it, None where the lines have
    none. Built once a board: from the edge variables in one pass of C
    slices where they are the whole board in ``Grid.cell_edges`` order (a
    cell loop's; checked at a few places), else edge by edge."""

    def __init__(self, lines: Lines) -> None:
        rows, w = lines.nodes.rows, lines.nodes.cols
        edges, hn = lines.edges, rows * (w - 1)
        keys = list(edges)
        #: whether some edge of the board is missing (rays then stop there)
        self.gaps = not (len(keys) == hn + (rows - 1) * w and _in_order(keys, rows, w))
        if not self.gaps:
            xs = list(edges.values())
            self.h, self.v = _lines(xs, rows, w, hn)
            # the negations too, for windows by slicing (a pass a board, not one a ray)
            self.nh, self.nv = _lines([-x for x in xs], rows, w, hn)
            return
        self.h = h = [[None] * (w - 1) for _ in range(rows)]
        self.v = v = [[None] * (rows - 1) for _ in range(w)]
        for ((ra, ca), (rb, cb)), x in edges.items():
            if ra == rb:
                h[ra][ca] = x
            else:
                v[ca][ra] = x
        self.nh = [[None if x is None else -x for x in line] for line in h]
        self.nv = [[None if x is None else -x for x in line] for line in v]

    def __call__(self, cell: Cell, most) -> list[list[int]]:
        """The edge literals from ``cell`` toward n, e, s, w, in order, at
        most ``most[i]`` of them toward the ``i``-th direction (fewer where
        the board or the lines end)."""
        return self._rays(self.h[cell[0]], self.v[cell[1]], cell, most)

    def negated(self, cell: Cell, most) -> list[list[int]]:
        """The negations of the literals of ``self(cell, most)``."""
        return self._rays(self.nh[cell[0]], self.nv[cell[1]], cell, most)

    def both(self, cell: Cell, most) -> tuple[list[list[int]], list[list[int]]]:
        """``self(cell, most)`` and its negation, in one call (a call for
        every clue)."""
        (r, c), (mn, me, ms, mw) = cell, most
        row, col, nrow, ncol = self.h[r], self.v[c], self.nh[r], self.nv[c]
        a, b = r - mn if r > mn else 0, c - mw if c > mw else 0
        rays = [col[a:r][::-1], row[c:c + me], col[r:r + ms], row[b:c][::-1]]
        neg = [ncol[a:r][::-1], nrow[c:c + me], ncol[r:r + ms], nrow[b:c][::-1]]
        if self.gaps:
            rays = [ray[:ray.index(None)] if None in ray else ray for ray in rays]
            neg = [ray[:ray.index(None)] if None in ray else ray for ray in neg]
        return rays, neg

    def _rays(self, row: list, col: list, cell: Cell, most) -> list[list[int]]:
        (r, c), (mn, me, ms, mw) = cell, most
        out = [col[r - mn if r > mn else 0:r][::-1], row[c:c + me], col[r:r + ms],
               row[c - mw if c > mw else 0:c][::-1]]
        if self.gaps:
            out = [ray[:ray.index(None)] if None in ray else ray for ray in out]
        return out


def _lines(xs: list[int], rows: int, w: int, hn: int) -> tuple[list, list]:
    """The board's rows and columns of edges from its edge list ``xs`` in
    ``Grid.cell_edges`` order (``hn`` horizontal edges first)."""
    h = [xs[i:i + w - 1] for i in range(0, hn, w - 1)] if w > 1 else [[]] * rows
    vs = xs[hn:]
    return h, [vs[c::w] for c in range(w)]


def _in_order(keys: list, rows: int, w: int) -> bool:
    """Whether ``keys`` (cell edges) are the board's, horizontal ones row
    by row and then vertical ones, at the first, second and last place of
    each kind."""
    hn, total = rows * (w - 1), len(keys)
    for i in {0, 1, hn - 2, hn - 1, hn, hn + 1, total - 1}:
        if 0 <= i < hn:
            r, c = divmod(i, w - 1)
            want = ((r, c), (r, c + 1))
        elif hn <= i < total:
            r, c = divmod(i - hn, w)
            want = ((r, c), (r + 1, c))
        else:
            continue
        if keys[i] != want:
            return False
    return True


def _short(A: list[int], la: int, B: list[int], lb: int, n: int, guard: list[int],
           out: list[list[int]]) -> None:
    """Append "``guard`` or arm a + arm b >= n" (arms at least 1, ``la + lb
    >= n``): for arm a = x and arm b = y with x + y < n, not (edge x + 1 of
    a off and edge y + 1 of b off), the edge left out where the arm is at
    its longest (then the clause for x = la subsumes every other x with the
    same y, and likewise for y = lb)."""
    for x in range(1, min(la, n - 2) + 1):
        if x == la:  # arm a at its longest: b reaches n - la
            out += [[*guard, B[y]] for y in range(1, n - la)]
        elif x + lb < n:  # (x, lb): b at its longest, a must reach x + 1
            out.append([*guard, A[x]])
        else:
            ex = A[x]
            out += [[*guard, ex, B[y]] for y in range(n - la if la < n else 1, n - x)]


def pair_sum(A: list[int], la: int, B: list[int], lb: int, n: int, guard: list[int],
             na: list[int] | None = None, nb: list[int] | None = None) -> list[list[int]]:
    """Clauses: when the line leaves the cell by both ``a`` and ``b``
    (opposite directions: the line runs straight through), arm a + arm b =
    n. The windows: for x + y = n + 1 (x, y >= 1, within the arms'
    longest), not (the first x edges of a and the first y of b all on);
    the ends: :func:`_short`, each behind ``guard``, which may be any
    clause that is true or leaves arm a at least ``n - 1`` in every model
    the rest allows where the pair is not on (default use: ``[-a, -b]``;
    Shingoki's white circle ``[-a]``, given ``a <-> b``; Geradeweg's
    ``[-a]``, a turn by ``a`` making arm a = n). Where the arms cannot add
    up to n, the one clause ``guard``. ``na``, ``nb``: the rays negated,
    when the caller has them."""
    if la < 1 or lb < 1:
        return []
    if la + lb < n:
        return [guard]
    if na is None:
        na, nb = [-x for x in A[:n]], [-x for x in B[:n]]
    out = [na[:x] + nb[:n + 1 - x] for x in range(n + 1 - lb if lb < n else 1,
                                                   (la if la < n else n) + 1)]
    if n > 2:
        _short(A, la, B, lb, n, guard, out)
    return out


def turn_sum(R: list[list[int]], L: list[int], n: int,
             neg: list[list[int]] | None = None) -> list[list[int]]:
    """Clauses: the two arms of a cell where the line turns add up to ``n``
    (the caller states the turn: one exit of n, s and one of e, w; each ray
    ``R[i]`` at most ``n`` long). Per direction reaching ``n``, its first
    ``n`` edges are not all on (the arm beside is at least 1); per quadrant
    (a of n, s; b of e, w) the windows of :func:`pair_sum` between those
    caps, and its ends behind ``[-a, -b]``, or that clause alone where the
    two never add up to n. ``neg``: the rays negated, when the caller has
    them."""
    if neg is None:
        neg = [[-x for x in ray] for ray in R]
    out = [neg[i] for i in range(4) if L[i] >= n]
    if n < 3:  # (the caps say it all: both arms 1)
        return out
    for a in (0, 2):
        la = L[a]
        if la < 1:
            continue
        A, na = R[a], neg[a]
        for b in (1, 3):
            lb = L[b]
            if lb < 1:
                continue
            if la + lb < n:
                out.append([na[0], neg[b][0]])
                continue
            nb = neg[b]
            out += [na[:x] + nb[:n + 1 - x] for x in range(n + 1 - lb if lb < n - 1 else 2,
                                                             (la if la < n - 1 else n - 1) + 1)]
            _short(A, la, R[b], lb, n, [na[0], nb[0]], out)
    return out


def turn_each(R: list[list[int]], L: list[int], n: int,
              turns: bool = False) -> list[list[int]]:
    """Clauses: where the line turns at the cell, both arms are ``n``: per
    direction ``d``, "the line leaves by ``d`` and not the opposite way"
    (with two exits, a turn by ``d``) -> edges 2..n of ``d`` on and edge
    n + 1 off (where arm d can reach it); where it cannot reach n, that
    turn is refused. ``turns``: the caller states that the line turns there
    (one exit of n, s and one of e, w): "not the opposite way" is left out."""
    out = []
    for i in range(4):
        ray, back = R[i], R[i ^ 2]
        if not ray:
            continue
        turn = [-ray[0], back[0]] if back and not turns else [-ray[0]]
        ld = L[i]
        if ld < n:
            out.append(turn)
            continue
        out += [[*turn, x] for x in ray[1:n]]
        if ld > n:
            out.append([*turn, -ray[n]])
    return out


def _shorts(la: int, lb: int, n: int) -> int:
    """How many clauses :func:`_short` writes."""
    out = 0
    for x in range(1, min(la, n - 2) + 1):
        out += n - la - 1 if x == la else 1 if x + lb < n else n - x - max(1, n - la)
    return out


def pair_size(la: int, lb: int, n: int) -> int:
    """How many clauses :func:`pair_sum` writes."""
    if la < 1 or lb < 1:
        return 0
    if la + lb < n:
        return 1
    return max(0, min(la, n) - max(1, n + 1 - lb) + 1) + _shorts(la, lb, n)


def turn_size(L: list[int], n: int) -> int:
    """How many clauses :func:`turn_sum` writes."""
    out = sum(1 for x in L if x >= n)
    for a in (0, 2):
        for b in (1, 3):
            la, lb = L[a], L[b]
            if la < 1 or lb < 1:
                continue
            out += 1 if la + lb < n else (
                max(0, min(la, n - 1) - max(2, n + 1 - lb) + 1) + _shorts(la, lb, n))
    return out


def chain_size(L: list[int], n: int) -> int:
    """About how many clauses the order form's arm literals cost for arms
    as long as ``L`` (up to ``n - 1``): three a step past the first."""
    return sum(3 * max(0, min(x, n - 1) - 1) for x in L)

"""Equal and unequal arms in the window form (Balance Loop): clauses over a
cell's rays (:class:`satlink.rules.arm_windows.Rays`), no arm literal, for
every pair of directions the line may leave the cell by. The proofs are in
``encodings/segments.md``, "Window form", Balance Loop.

Each function takes the rays ``R`` and their negations ``N`` toward n, e,
s, w, and ``L``, the longest each arm can be in every model of the rest
(the rays at least that long, or ``min(L, n)`` where a number bounds them);
a clause holding ``-a_1`` and ``-b_1`` applies only where the line leaves
by both ``a`` and ``b``.
"""
from __future__ import annotations

from .arm_windows import pair_sum

#: The six pairs of directions (indices into n, e, s, w) a line may leave a cell by.
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def equal_arms(R: list[list[int]], N: list[list[int]], L: list[int]) -> list[list[int]]:
    """Clauses: whichever two ways the line leaves the cell by, its arms are
    as long. Per pair (a, b) and each length y of arm b, not (arm a >= y + 1
    and arm b exactly y): ``-a_1 .. -a_{y+1}, -b_1 .. -b_y, b_{y+1}`` (the
    last left out at ``y = L_b``), and the same with a and b swapped."""
    out = []
    for a, b in PAIRS:
        for (p, lp, q, lq) in ((a, L[a], b, L[b]), (b, L[b], a, L[a])):
            np_, nq, Q = N[p], N[q], R[q]
            out += [np_[:y + 1] + nq[:y] + [Q[y]] if y < lq else np_[:y + 1] + nq[:y]
                    for y in range(1, min(lq, lp - 1) + 1)]
    return out


def unequal_at(R: list[list[int]], N: list[list[int]], L: list[int], a: int, b: int,
               k: int) -> list[int] | None:
    """The clause "not both arms (toward ``a`` and ``b``) exactly ``k``"
    (None where one cannot be ``k``)."""
    if k < 1 or k > L[a] or k > L[b]:
        return None
    clause = N[a][:k] + N[b][:k]
    if k < L[a]:
        clause.append(R[a][k])
    if k < L[b]:
        clause.append(R[b][k])
    return clause


def unequal_arms(R: list[list[int]], N: list[list[int]], L: list[int]) -> list[list[int]]:
    """Clauses: whichever two ways the line leaves the cell by, its arms
    differ: per pair and each length k both could have, not both k."""
    return [unequal_at(R, N, L, a, b, k) for a, b in PAIRS for k in range(1, min(L[a], L[b]) + 1)]


def each_arm(R: list[list[int]], L: list[int], h: int) -> list[list[int]]:
    """Clauses: every arm the line leaves the cell by is ``h`` long (a
    white circle's number 2h): per direction d, d's exit -> edges 2..h of
    d on and edge h + 1 off (where arm d reaches it); d refused where it
    cannot reach h."""
    out = []
    for ray, ld in zip(R, L):
        if not ray:
            continue
        t = -ray[0]
        if ld < h:
            out.append([t])
            continue
        out += [[t, x] for x in ray[1:h]]
        if ld > h:
            out.append([t, -ray[h]])
    return out


def balanced_sum(R: list[list[int]], N: list[list[int]], L: list[int], n: int,
                 white: bool) -> list[list[int]]:
    """Clauses: the two arms add up to ``n`` and are equal (``white``: each
    is n / 2, :func:`each_arm`; none where n is odd or below 2, the empty
    clause) or unequal (black: per pair, :func:`~satlink.rules.arm_windows.pair_sum`
    behind "not both" and, for an even n, not both n / 2). Either implies
    the colour's rule."""
    if white:
        return each_arm(R, L, n // 2) if n % 2 == 0 and n >= 2 else [[]]
    out = []
    for a, b in PAIRS:
        A, B = R[a], R[b]
        if not A or not B:
            continue
        out += pair_sum(A, L[a], B, L[b], n, [N[a][0], N[b][0]], N[a], N[b])
        half = unequal_at(R, N, L, a, b, n // 2) if n % 2 == 0 else None
        if half is not None:
            out.append(half)
    return out

"""Reaches of pairs of cells as bit masks: :func:`satlink.rules.chosen_regions.reach`
of two-anchor candidates (Araf's pairs of numbers), for many pairs at once
(:func:`pair_reach`), and the label domains of regions named by the first
cell of their pair (:func:`label_domains`).

A set of cells of a ``rows`` x ``cols`` board is an int whose bit
``r * cols + c`` is cell (r, c); one shift moves a whole set a step, so a
breadth-first search is a few int operations a layer, not a dict entry a
cell. Written this way for speed (issue 22): the searches and reaches of
Araf's pairs, with dicts, were a quarter of its encoding
(``encodings/araf.md``, "Reaches as bit masks").

Moves over ``free`` cells and a pair's own two anchors a, b (the other
numbers reached but not passed, as :func:`satlink.rules.chosen_regions.reach`
over ``free`` plus the pair): a path from a either avoids b, d(a, c) =
e(a, c) (e: moves over ``free``, from or to an anchor), or passes it,
d(a, b) + e(b, c) (a path through a again is never shorter); d(a, b) =
e(a, b). So one search per anchor serves every pair that holds it, and a
ball of pair moves, {c : d(a, c) <= s}, is two balls of free moves:
E_a(s) | E_b(s - d(a, b)). The limits are then :func:`reach`'s
(``encodings/chosen_regions.md``, "Domain"): with top = high - 1 and
k = 2 top - d(a, b), c is kept when d(a, c) <= top, d(b, c) <= top and
d(a, c) + d(b, c) <= k, and its limit is min(top, k - d(b, c)).

>>> board = BitBoard(2, 3)
>>> balls = board.balls(board.bit(0, 0), board.bit(0, 1) | board.bit(1, 0) | board.bit(1, 1) | board.bit(1, 2), 2)
>>> [board.cells(m) for m in balls]
[[(0, 0)], [(0, 0), (0, 1), (1, 0)], [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]]
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

from .bitmask import set_bits
from .grid import Cell
from .grid_masks import members, west_columns


class BitBoard:
    """Sets of cells of a ``rows`` x ``cols`` board as ints (bit
    ``r * cols + c``)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.size = rows * cols
        self.full = (1 << self.size) - 1
        self._not_last = west_columns(rows, cols)  # the cells with an east neighbour
        self._not_first = self._not_last << 1  # with a west neighbour

    def bit(self, r: int, c: int) -> int:
        return 1 << r * self.cols + c

    def cells(self, mask: int) -> list[Cell]:
        """The cells of ``mask`` in reading order."""
        cols = self.cols
        return [divmod(i, cols) for i in indices(mask, self.size)]

    def spread(self, mask: int) -> int:
        """The cells beside those of ``mask`` (and those of ``mask`` beside one)."""
        return (((mask & self._not_last) << 1) | ((mask & self._not_first) >> 1)
                | ((mask << self.cols) & self.full) | (mask >> self.cols))

    def balls(self, source: int, free: int, most: int) -> list[int]:
        """``most + 1`` masks: the cells within t moves of the cell ``source``
        (a mask of one bit) over the cells of ``free``, for t = 0 .. most;
        cells outside ``free`` are reached but not passed (the source is
        passed)."""
        ball = front = source
        out = [ball]
        spread = self.spread
        for _ in range(most):
            new = spread(front) & ~ball
            if not new:
                break
            ball |= new
            out.append(ball)
            front = new & free
        out.extend([ball] * (most + 1 - len(out)))
        return out


def pair_reach(ball_a: Sequence[int], ball_b: Sequence[int], a: int, b: int, free: int,
               top: int) -> tuple[int, list[tuple[int, int]]] | None:
    """The reach of the pair of cells ``a`` and ``b`` (one-bit masks) in
    a region of at most ``top + 1`` cells: its cells (a mask), and its
    cells by limit (the most moves from a inside such a region), as pairs
    (limit, the cells of that limit), the limits falling from ``top``,
    those of no cell left out; None where d(a, b) > top (no such region).
    ``ball_a``, ``ball_b``: :meth:`BitBoard.balls` of a and b over
    ``free``, at least ``top + 1`` each.

    >>> board = BitBoard(1, 4)
    >>> free = board.bit(0, 1) | board.bit(0, 2)
    >>> a, b = board.bit(0, 0), board.bit(0, 3)
    >>> dom, by_limit = pair_reach(board.balls(a, free, 3), board.balls(b, free, 3), a, b, free, 3)
    >>> dom == board.full, [(t, board.cells(m)) for t, m in by_limit]
    (True, [(3, [(0, 3)]), (2, [(0, 2)]), (1, [(0, 1)]), (0, [(0, 0)])])
    """
    if not ball_a[top] & b:
        return None
    dab = 0
    while not ball_a[dab] & b:
        dab += 1
    k = 2 * top - dab
    allowed = free | a | b
    # the cells with d(b, c) <= j0 = top - d(a, b) have the limit top (k - j >= top):
    # one ring; then a ring per j beyond, limit k - j (d(b, c) = j, d(a, c) <= limit)
    j0 = top - dab
    inner = ball_b[j0] | ball_a[j0 - dab] if j0 >= dab else ball_b[j0]
    dom = inner & (ball_a[top] | ball_b[j0]) & allowed  # d(a, c) <= top
    out = [(top, dom)]
    for j in range(j0 + 1, top + 1):
        ball = ball_b[j] | ball_a[j - dab] if j >= dab else ball_b[j]
        limit = k - j
        near_a = ball_a[limit] | ball_b[limit - dab] if limit >= dab else ball_a[limit]
        ring = ball & ~inner & allowed & near_a
        inner = ball
        if ring:
            out.append((limit, ring))
            dom |= ring
    return dom, out


def label_domains(rows: int, cols: int, anchors: Collection[Cell],
                  menu: Sequence[tuple[Cell, Cell, int, int]]
                  ) -> dict[Cell, tuple[list[int], list[int], dict[Cell, int]]]:
    """Regions named by the first anchor of their pair (Araf's larger
    number): ``menu`` holds the pairs (a, b, top, need), a region of at
    most top + 1 cells holding a and b (and no other cell of ``anchors``)
    and at least ``need`` cells. Per first anchor a, in the order of
    ``menu``: the cells its label may take and their limits (the reach of
    each pair of a, :func:`pair_reach`, the largest limit of each cell), as
    cell numbers (r * cols + c), numbered partner by partner, each reach in
    reading order; and a's partners b, each with its reach (a mask). A pair
    whose reach holds fewer than ``need`` cells is dropped
    (``encodings/araf.md``).

    >>> label_domains(1, 4, [(0, 0), (0, 3)], [((0, 0), (0, 3), 3, 3)])
    {(0, 0): ([0, 1, 2, 3], [0, 1, 2, 3], {(0, 3): 15})}
    """
    board = BitBoard(rows, cols)
    bit = {c: board.bit(*c) for c in anchors}
    free = board.full & ~sum(bit.values())
    most: dict[Cell, int] = {}  # the largest top of an anchor's pairs
    for big, small, top, _ in menu:
        if top > most.get(big, -1):
            most[big] = top
        if top > most.get(small, -1):
            most[small] = top
    balls = {x: board.balls(bit[x], free, m) for x, m in most.items()}
    levels: dict[Cell, list[int]] = {}  # first anchor -> the cells of each limit, over its pairs
    partners: dict[Cell, dict[Cell, int]] = {}  # first anchor -> second -> its pair's reach
    for big, small, top, need in menu:
        got = pair_reach(balls[big], balls[small], bit[big], bit[small], free, top)
        if got is not None and got[0].bit_count() >= need:
            if big not in levels:
                levels[big], partners[big] = [], {}
            at = levels[big]
            if len(at) <= top:  # (Araf's tops are the first anchor's: one size)
                at.extend([0] * (top + 1 - len(at)))
            for t, m in got[1]:
                at[t] |= m
            partners[big][small] = got[0]
    out = {}
    for big, by_partner in partners.items():
        at_most = {}
        seen = 0
        for t in range(len(levels[big]) - 1, -1, -1):  # a cell's limit: the largest of its pairs'
            new = levels[big][t] & ~seen
            if new:
                seen |= new
                at_most.update(dict.fromkeys(indices(new, board.size), t))
        order, seen = [], 0
        for dom in by_partner.values():
            order.extend(indices(dom & ~seen, board.size))
            seen |= dom
        out[big] = (order, [at_most[i] for i in order], by_partner)
    return out


def indices(mask: int, n: int) -> list[int]:
    """The bits of ``mask`` (below ``n``), lowest first: read off its
    binary text in C past 6 bits (:func:`satlink.rules.grid_masks.members`),
    peeled one by one below (:func:`satlink.rules.bitmask.set_bits`, faster
    on a sparse mask).

    >>> indices(0b100101, 6)
    [0, 2, 5]
    """
    return members(mask, n) if mask.bit_count() > 6 else set_bits(mask)

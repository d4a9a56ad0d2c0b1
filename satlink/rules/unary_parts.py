"""Exactly k over parts that are already unary counts.

A part is a list of literals where ``x[i]`` means "at least i + 1 of this
part" (a thermometer's cells, bulb first: a cell filled fills the ones
before it). The count of several parts is then a sum of unary counts,
written with no new variable where the parts split few ways, else by a
totalizer whose leaves are the parts (proofs in encodings/thermometer.md).
Thermometer's line counts use it.
"""
from __future__ import annotations

import math

from ..formula import Formula
from . import counts


#: Lines whose segments split at most this many ways are counted by their splits.
PRODUCT_LIMIT = 512


def count_segments(f: Formula, segments: list[list[int]], k: int) -> None:
    """Exactly ``k`` of the segments' literals, each segment the cells of
    one thermometer in a line, bulb first: a cell filled fills the ones
    before it, so a segment's j-th literal is "at least j of the segment"
    already, a count in unary with no new variable. Where the segments
    split at most :data:`PRODUCT_LIMIT` ways, every split of ``k + 1`` and
    of ``k - 1`` is refused (the clauses of
    :func:`satlink.rules.counts.sum_of_parts`, no new variable); else the
    segments' counts are merged two at a time into the line's (a totalizer
    whose leaves are the segments, each count cut at ``k + 1``), which is
    then ``k`` (encodings/thermometer.md)."""
    if not 0 < k < sum(map(len, segments)):  # decided (or impossible): unit clauses
        counts.exactly(f, [x for p in segments for x in p], k)
        return
    sizes = [len(p) for p in segments]
    if math.prod(m + 1 for m in sizes) <= PRODUCT_LIMIT:  # few splits: no new variable
        f.clauses.extend(_splits(segments, k + 1, True))  # not all reach their share
        f.clauses.extend(_splits(segments, k - 1, False))  # one exceeds its share
        return
    level = list(segments)
    while len(level) > 1:  # a balanced tree of merges
        level = [merge(f, level[i], level[i + 1], k + 1) if i + 1 < len(level) else level[i]
                 for i in range(0, len(level), 2)]
    total = level[0]
    f.clauses.append([total[k - 1]])
    if k < len(total):
        f.clauses.append([-total[k]])


def _splits(segments: list[list[int]], total: int, reach: bool) -> list[list[int]]:
    """A clause per split of ``total`` into shares 0..size of the segments,
    built segment by segment (a partial split that cannot reach ``total``
    with the segments after it is dropped): with ``reach``, "some segment
    has fewer than its share" (``not x[share - 1]``, a share 0 left out);
    else "some segment has more than its share" (``x[share]``, a share at
    its segment's size left out)."""
    room = sum(map(len, segments))
    partial: list[tuple[int, list[int]]] = [(0, [])]
    for seg in segments:
        m = len(seg)
        room -= m
        grown = []
        for t, lits in partial:
            for i in range(max(0, total - t - room), min(m, total - t) + 1):
                lit = (-seg[i - 1] if i else 0) if reach else (seg[i] if i < m else 0)
                grown.append((t + i, [*lits, lit] if lit else lits))
        partial = grown
    return [lits for _, lits in partial]


def merge(f: Formula, a: list[int], b: list[int], cap: int) -> list[int]:
    """The unary count of ``a`` and ``b`` together (each ``x[i]`` "at least
    i + 1"), cut at ``cap``: out[t - 1] <-> at least t, for t up to cap
    (at least i of a and j of b give at least i + j; fewer than i + 1 and
    j + 1 give fewer than i + j + 1)."""
    pool, extend = f.pool, f.clauses.extend
    m, n = len(a), len(b)
    width = min(m + n, cap)
    out = list(range(pool.top + 1, pool.top + 1 + width))
    pool.top += width
    # a >= i and b >= j -> out >= i + j (one of them 0: the other alone)
    extend([out[i], -a[i]] for i in range(min(m, width)))
    extend([out[j], -b[j]] for j in range(min(n, width)))
    extend([out[i + j + 1], -a[i], -b[j]] for i in range(m) for j in range(min(n, width - i - 1)))
    # a < i + 1 and b < j + 1 -> out < i + j + 1 (a at its size m: b alone)
    extend([-out[i + j], a[i], b[j]] for i in range(m) for j in range(min(n, width - i)))
    extend([-out[m + j], b[j]] for j in range(min(n, width - m)))
    extend([-out[n + i], a[i]] for i in range(min(m, width - n)))
    return out

"""Sums of counts written in unary: a unary number is a list ``x_1 >= x_2 >=
...`` of literals, ``x_j`` = "at least j" (a run of passing cells along a
line of sight, a segment's count of stars, a region's count of numbered
cells).

- :func:`unary_sum`: the sum of a few unaries as a unary, capped (a
  totalizer whose leaves are the unaries, both directions of each merge);
  :func:`merge_into`, one merge with each direction capped on its own
  (:func:`satlink.rules.chosen_sizes.two_way_counter`);
- :func:`sum_is`: the sum of two unaries compared with a number, a clause
  per value of one of them.

- :func:`count_unaries`: the sum of a few unaries is a number, by a tree
  of merges (:func:`satlink.rules.unary_parts.merge`, auxiliaries without
  names) and two unit clauses.

(:func:`satlink.rules.unary_parts.count_segments` compares the sum of a
few unaries with a number by their splits where they split few ways.)

Every auxiliary is defined by equivalences, a function of the inputs; the
comparisons are the only clauses a caller's selector guards.
``encodings/sight.md`` gives the encodings, their proofs and sizes.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..formula import Formula
from .unary_parts import merge


def unary_sum(f: Formula, unaries: Sequence[Sequence[int]], cap: int,
              key: tuple) -> list[int]:
    """The sum of numbers given in unary (each a list ``x_1 >= x_2 >= ...``
    of literals, ``x_j`` = "at least j"; the caller keeps them sorted) as
    literals ``S_1 .. S_n``, ``S_t`` = "the sum is at least t", up to
    ``n = min(cap, total length)``: a totalizer whose leaves are the
    unaries, merged two at a time, with both directions of each merge, so
    that each ``S_t`` is a function of the inputs. Merged variables are
    ``(*key, node, t)``.

    >>> f = Formula(); a, b = [f.var("a")], [f.var("b", 1), f.var("b", 2)]
    >>> [f.name(x) for x in unary_sum(f, [a, b], 2, ("s",))]
    ['s(0,1)', 's(0,2)']
    """
    parts = [list(u[:cap]) for u in unaries if u and cap > 0]
    node = 0
    while len(parts) > 1:
        merged = []
        for i in range(0, len(parts) - 1, 2):
            merged.append(_merge(f, parts[i], parts[i + 1], cap, (*key, node)))
            node += 1
        parts = merged + parts[len(parts) - len(parts) % 2:]
    return parts[0] if parts else []


def _merge(f: Formula, a: list[int], b: list[int], cap: int, key: tuple) -> list[int]:
    """``s_t <-> a + b >= t`` for t up to ``min(cap, |a| + |b|)``:
    ``a_i and b_j -> s_{i+j}`` and ``not a_{i+1} and not b_{j+1} -> not s_{i+j+1}``
    (``a_0``, ``b_0`` true; ``a_{|a|+1}``, ``b_{|b|+1}`` false)."""
    p, q = len(a), len(b)
    n = min(cap, p + q)
    var = f.var  # a few variables: one by one is as fast as Formula.vars
    s = [var(*key, t) for t in range(1, n + 1)]
    add = f.clauses.append
    nb = [-y for y in b]
    for i in range(min(p, n) + 1):  # the clauses of (i, j), i + j <= n, in that order
        up = a[i] if i < p else None  # None: a_{p+1}, false
        if i:
            down = -a[i - 1]
            add([down, s[i - 1]])  # j = 0
        if i < n:
            if q:
                add([up, b[0], -s[i]] if up is not None else [b[0], -s[i]])
            else:
                add([up, -s[i]] if up is not None else [-s[i]])
        last = min(q, n - i)
        if i and up is not None:  # the usual case, its tests hoisted
            for j in range(1, last + 1):
                t = i + j
                add([down, nb[j - 1], s[t - 1]])
                if t < n:
                    add([up, b[j], -s[t]] if j < q else [up, -s[t]])
            continue
        for j in range(1, last + 1):
            t = i + j
            add([down, nb[j - 1], s[t - 1]] if i else [nb[j - 1], s[t - 1]])
            if t < n:
                if j < q:
                    add([up, b[j], -s[t]] if up is not None else [b[j], -s[t]])
                else:
                    add([up, -s[t]] if up is not None else [-s[t]])
    return s


def merge_into(f: Formula, a: Sequence[int], b: Sequence[int], s: Sequence[int],
               up: int, down: int) -> None:
    """A totalizer's merge of unaries ``a`` and ``b`` into the outputs ``s``
    (``s_t`` = "at least t", t up to n = ``len(s)`` <= |a| + |b|), each
    direction only as far as the caller reads it: ``a_i and b_j ->
    s_{i+j}`` where 1 <= i + j <= ``up``, ``not a_{i+1} and not b_{j+1} ->
    not s_{i+j+1}`` where i + j < min(n, ``down``) (``a_0``, ``b_0`` true;
    ``a_{|a|+1}``, ``b_{|b|+1}`` false), by i, then j, the upward clause
    first. With up = down = n these are :func:`_merge`'s clauses, in its
    order (``tests/rules/test_unary_sums.py``); :func:`_merge` is the same
    loop with its tests hoisted, for :func:`unary_sum`'s callers' speed."""
    p, q, n = len(a), len(b), len(s)
    add = f.clauses.append
    for i in range(min(p, n) + 1):
        ai = a[i] if i < p else None  # None: a_{p+1}, false
        for j in range(min(q, n - i) + 1):
            t = i + j
            if t and t <= up:  # a_i and b_j -> s_t
                add([-a[i - 1], -b[j - 1], s[t - 1]] if i and j else
                    [-a[i - 1], s[t - 1]] if i else [-b[j - 1], s[t - 1]])
            if t < n and t < down:  # not a_{i+1} and not b_{j+1} -> not s_{t+1}
                if ai is None:
                    add([b[j], -s[t]] if j < q else [-s[t]])
                else:
                    add([ai, b[j], -s[t]] if j < q else [ai, -s[t]])


def sum_is(f: Formula, a: Sequence[int], b: Sequence[int], k: int,
           kind: str = "exactly") -> None:
    """``A + B`` is ``kind`` (exactly, at_most, at_least) ``k``, for sorted
    unaries ``a`` and ``b`` (their lengths bound A and B): a clause per value
    of A, none per pair. At least: ``A <= i -> B >= k - i``, the clause
    ``a_{i+1} or b_{k-i}``; at most: ``A >= i -> B <= k - i``, the clause
    ``not a_i or not b_{k-i+1}`` (literals beyond a unary are false, below it
    true).

    >>> f = Formula(); a, b = [f.var("a")], [f.var("b", 1), f.var("b", 2)]
    >>> sum_is(f, a, b, 2); f.clauses
    [[1, 3], [2], [-1, -3]]
    """
    p, q = len(a), len(b)
    add = f.clauses.append
    if kind != "at_most":
        for i in range(min(p, k - 1) + 1):  # A = i needs B >= k - i >= 1
            need = k - i
            if i < p:
                add([a[i], b[need - 1]] if need <= q else [a[i]])
            else:
                add([b[need - 1]] if need <= q else [])
    if kind != "at_least":
        for i in range(p + 1):  # A >= i needs B <= k - i
            allow = k - i
            if allow >= q:
                continue
            if i:
                add([-a[i - 1], -b[allow]] if allow >= 0 else [-a[i - 1]])
            else:
                add([-b[allow]] if allow >= 0 else [])



#: Parts that split at most this many ways are counted by their splits.
SPLIT_LIMIT = 4096


def count_unaries(f: Formula, parts: Sequence[Sequence[int]], k: int,
                  when: int | None = None, limit: int = SPLIT_LIMIT) -> None:
    """The unaries ``parts`` add up to exactly ``k``, unless ``when`` is
    false (each part cut at ``k + 1``: more tells nothing). Where the parts
    split at most ``limit`` ways, with no new variable: every
    split of ``k + 1`` refused ("some part has fewer than its share") and
    every split of ``k - 1`` exceeded ("some part has more than its
    share"): a total of k + 1 or more reaches some split of k + 1, one of
    k - 1 or less stays within some split of k - 1. Else merged two at a
    time (a balanced tree of :func:`satlink.rules.unary_parts.merge`, cut
    at ``k + 1``, both directions, so the total is a function of the parts)
    and the total "at least k" and "not k + 1", the only clauses ``when``
    guards.

    >>> f = Formula(); a, b = [f.var("a")], [f.var("b", 1), f.var("b", 2)]
    >>> count_unaries(f, [a, b], 2); f.clauses
    [[-1, -3], [1, 3], [2]]
    """
    guard = [] if when is None else [-when]
    level = [list(p[:k + 1]) for p in parts if p] if k >= 0 else []
    if not 0 <= k <= sum(map(len, level)):  # below 0 or more than the parts hold
        f.clauses.append(guard)
        return
    ways = 1
    for p in level:
        ways *= len(p) + 1
    if ways <= limit:
        # "part >= share" fails: not x[share - 1]; "part > share" holds: x[share]
        below = [[[]] + [[-x] for x in p] for p in level]
        above = [[[x] for x in p] + [[]] for p in level]
        f.clauses.extend(_splits(below, k + 1, guard))
        if k:
            f.clauses.extend(_splits(above, k - 1, guard))
        return
    while len(level) > 1:
        level = [merge(f, level[i], level[i + 1], k + 1) if i + 1 < len(level) else level[i]
                 for i in range(0, len(level), 2)]
    total = level[0] if level else []
    if k:
        f.clauses.append([*guard, total[k - 1]])
    if k < len(total):
        f.clauses.append([*guard, -total[k]])


def _splits(choices: list[list[list[int]]], total: int, guard: list[int]) -> list[list[int]]:
    """A clause per way to share ``total`` among the parts: ``guard`` and,
    per part, its ``choices[part][share]`` literals. The parts in two
    halves, each half's shares grouped by their sum, so that each clause
    is two lists joined (a comprehension: this is most of the encoding)."""
    h = len(choices) // 2
    first, second = _by_sum(choices[:h], guard, total), _by_sum(choices[h:], [], total)
    return [a + b for t, heads in first.items() if total - t in second
            for a in heads for b in second[total - t]]


def _by_sum(choices: list[list[list[int]]], start: list[int],
            most: int) -> dict[int, list[list[int]]]:
    """The literals of every choice of one share per part, by the shares'
    sum, sums above ``most`` left out."""
    if not choices:
        return {0: [start]}
    out = {i: [start + lits] for i, lits in enumerate(choices[0][:most + 1])}
    for options in choices[1:]:
        grown: dict[int, list[list[int]]] = {}
        for t, lists in out.items():
            for i, lits in enumerate(options[:most - t + 1], t):
                if i in grown:
                    grown[i].extend([x + lits for x in lists])
                else:
                    grown[i] = [x + lits for x in lists]
        out = grown
    return out

"""Numbers that are each the sum of their absolute differences to their
neighbours (Bosanowa), in binary, each as narrow as the rule lets it be.

Two facts hold in every solution (``encodings/bosanowa.md`` proves them):

- the difference of two neighbours is at most the smaller number: |v_p - v_q|
  is one of the non-negative terms that add up to v_p (and to v_q);
- the number of p with k neighbours q has the parity of (k + 1) v_p + sum v_q
  (|x| and x are equal modulo 2);
- a neighbour of p is at least v_p / 2, and a neighbour r of q is at most
  v_q + min(v_q, v_p) for any other neighbour p of q (2 v_q if there is
  none): :func:`bounds` carries the givens' values along the board that way.

>>> cells = [(0, 0), (0, 1), (0, 2)]
>>> bounds(cells, [((0, 0), (0, 1)), ((0, 1), (0, 2))], {(0, 0): 3}, 255)[(0, 2)]
(1, 9)
"""
from __future__ import annotations

import collections
import itertools
from collections.abc import Hashable, Mapping, Sequence

from ..formula import Formula
from . import bits


def bounds(cells: Sequence[Hashable], neighbours: Sequence[tuple], givens: Mapping,
           limit: int) -> dict:
    """Cell -> (low, high) that every solution with numbers in 1..``limit``
    and the ``givens`` obeys: a given is its own bounds, and the facts above
    carry them to the neighbours until nothing changes. ``low > high``
    somewhere means there is no solution."""
    adj: dict = {c: [] for c in cells}
    for a, b in neighbours:
        adj[a].append(b)
        adj[b].append(a)
    low = {c: max(1, givens.get(c, 1)) for c in cells}
    high = {c: givens.get(c, limit) for c in cells}
    # to the fixed point (each step only tightens, and each is monotone in
    # the bounds it reads, so the order of the steps does not change it): a
    # cell whose bounds change queues itself and its neighbours again
    todo, queued = collections.deque(cells), set(cells)
    while todo:
        q = todo.popleft()
        queued.discard(q)
        near, hq, half = adj[q], high[q], (low[q] + 1) // 2
        highs = [high[p] for p in near]
        for k, r in enumerate(near):
            via = min(highs[:k] + highs[k + 1:], default=hq)
            h, lo = min(high[r], hq + min(hq, via)), max(low[r], half)
            if h != high[r] or lo != low[r]:
                high[r], low[r] = h, lo
                highs[k] = h
                for x in (r, *adj[r]):
                    if x not in queued:
                        queued.add(x)
                        todo.append(x)
    return {c: (low[c], high[c]) for c in cells}


def narrow(neighbours: Sequence[tuple], bound: Mapping, budget: int = 100_000) -> dict:
    """``bound`` tightened by bounds reasoning on each cell's rule, to a fixed
    point (or until ``budget`` steps are spent): a value x of p goes when no
    numbers of p's neighbours within their bounds make p's rule hold, and a
    value y of a neighbour q goes when no value x of p does, with v_q = y and
    p's other neighbours within their bounds. Exact for intervals: the
    values of |x - v_n| for v_n in an interval are all the integers between
    their least and their largest, and so are those of a sum of such terms;
    so x fits when least <= x <= largest, and then y when x - largest_rest
    <= |x - y| <= x - least_rest. No solution within ``bound`` is lost;
    ``low > high`` somewhere means there is none."""
    adj: dict = {c: [] for c in bound}
    for a, b in neighbours:
        adj[a].append(b)
        adj[b].append(a)
    low, high = {c: lo for c, (lo, hi) in bound.items()}, {c: hi for c, (lo, hi) in bound.items()}
    todo, queued = collections.deque(bound), set(bound)
    while todo and budget > 0:
        p = todo.popleft()
        queued.discard(p)
        ns = adj[p]
        near = [(low[n], high[n]) for n in ns]
        lp, hp = low[p], high[p]
        if lp == hp and all(lo == hi for lo, hi in near):
            continue
        budget -= (hp - lp + 1) * (1 + len(near))
        rows = []  # (x, least and largest sum of |x - v_n| over the neighbours)
        for x in range(lp, hp + 1):
            least = most = 0
            for lo, hi in near:
                least += lo - x if lo > x else x - hi if x > hi else 0
                most += x - lo if x - lo > hi - x else hi - x
            if least <= x <= most:
                rows.append((x, least, most))
        if not rows:
            low[p] = hp + 1
            break
        changed = []
        if rows[0][0] != lp or rows[-1][0] != hp:
            low[p], high[p] = rows[0][0], rows[-1][0]
            changed.append(p)
        for q, (lo, hi) in zip(ns, near):  # y with x - most_rest <= |x - y| <= x - least_rest
            lo_q, hi_q = hi + 1, lo - 1
            for x, least, most in rows:
                a = lo - x if lo > x else x - hi if x > hi else 0
                b = x - lo if x - lo > hi - x else hi - x
                close, far = x - most + b, x - least + a
                if close < 0:
                    close = 0
                for s, t in ((x - far, x - close), (x + close, x + far)):
                    if s < lo:
                        s = lo
                    if t > hi:
                        t = hi
                    if s <= t:
                        if s < lo_q:
                            lo_q = s
                        if t > hi_q:
                            hi_q = t
                if lo_q == lo and hi_q == hi:
                    break
            if lo_q != lo or hi_q != hi:
                low[q], high[q] = lo_q, hi_q
                changed.append(q)
                if lo_q > hi_q:
                    return {c: (low[c], high[c]) for c in bound}
        for q in changed:
            for r in (q, *adj[q]):
                if r not in queued:
                    queued.add(r)
                    todo.append(r)
    return {c: (low[c], high[c]) for c in bound}


def encode(f: Formula, neighbours: Sequence[tuple], bound: Mapping) -> dict:
    """Cell -> the bits of its number, within its ``bound`` (low, high); each
    number the sum of the differences to its neighbours. A difference gets
    the bits of the smaller of its two highs, a cell's sum the bits of its
    own high (both facts above: no solution within the bounds is cut). A
    number the bounds fix is a constant (bits of the ``true`` literal: the
    clauses it satisfies are left out, the literals it falsifies dropped),
    and a rule whose cells the bounds all fix is checked here, not encoded."""
    t = bits.true(f)
    zero = -t
    value = {}
    for c, (lo, hi) in bound.items():
        width = max(1, hi.bit_length())
        if lo == hi:
            value[c] = bits.constant(f, lo, width)
        else:
            value[c] = bits.number(f, "value", width, *c)
            f.extend(bits.at_least(value[c], lo) + bits.at_most(value[c], hi))
    fixed = {c: lo for c, (lo, hi) in bound.items() if lo == hi}
    adj: dict = {c: [] for c in bound}
    diffs: dict = {c: [] for c in bound}
    for a, b in neighbours:  # d = |a - b|, no wider than the smaller high
        adj[a].append(b)
        adj[b].append(a)
        width = min(bound[a][1], bound[b][1]).bit_length()
        if a in fixed and b in fixed and abs(fixed[a] - fixed[b]) >> width == 0:
            d = bits.constant(f, abs(fixed[a] - fixed[b]), width)
        else:
            d = difference(f, value[a], value[b], width, zero)
        diffs[a].append(d)
        diffs[b].append(d)
    for c, ds in diffs.items():  # the number is the sum of its differences
        if c in fixed and all(n in fixed for n in adj[c]):
            if fixed[c] != sum(abs(fixed[c] - fixed[n]) for n in adj[c]):
                f.add([])
            continue
        out = [zero] * len(value[c])
        for d in ds:
            out = _sum(f, out, d, zero)
        _equal(f, out, value[c], (), t)
        # implied, and it shortens the proofs: (k + 1) v_c + sum v_n is even
        lows = [value[n][0] for n in adj[c]] + ([value[c][0]] if len(adj[c]) % 2 == 0 else [])
        odd = sum(x == t for x in lows) % 2  # the constant bits, folded in
        lows = [x for x in lows if x not in (t, zero)]
        f.extend([-x if one else x for x, one in zip(lows, ones)]
                 for ones in itertools.product((0, 1), repeat=len(lows)) if (sum(ones) + odd) % 2)
    return value


def _equal(f: Formula, a: bits.Bits, b: bits.Bits, guard: tuple, t: int) -> None:
    """``not guard -> a == b`` bit by bit, folding the constant ``t``: a bit
    pair that is one literal needs nothing, a constant bit makes the other
    one a (guarded) unit, and a falsified pair leaves the guard alone."""
    clauses = f.clauses
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        if x == t or x == -t:
            x, y = y, x
        if y == t or y == -t:
            if x == t or x == -t:
                clauses.append([*guard])  # two different constants
            else:
                clauses.append([*guard, x if y == t else -x])
        else:
            clauses.append([*guard, -x, y])
            clauses.append([*guard, x, -y])


def difference(f: Formula, a: bits.Bits, b: bits.Bits, width: int, zero: int) -> bits.Bits:
    """|a - b| in ``width`` fresh bits d (a narrower d forbids the larger
    differences): a direction s, the smaller number m (s -> m = b, not s ->
    m = a) and m + d = the larger (s -> a, not s -> b), without overflow.
    Every pair a, b extends, and every extension has d = |a - b|
    (``encodings/bosanowa.md``). Constant bits (of ``-zero``) are folded:
    where a and b have the same bit, so do m and the larger."""
    t = -zero
    wide = max(len(a), len(b))
    a, b = a + [zero] * (wide - len(a)), b + [zero] * (wide - len(b))
    d, s = [f.new_aux() for _ in range(width)], f.new_aux()
    low = [x if x == y else f.new_aux() for x, y in zip(a, b)]
    _equal(f, low, b, (-s,), t)
    _equal(f, low, a, (s,), t)
    high = _sum(f, low, d, zero)
    _equal(f, high, a, (-s,), t)
    _equal(f, high, b, (s,), t)
    return d


def _sum(f: Formula, a: bits.Bits, b: bits.Bits, zero: int) -> bits.Bits:
    """a + b in the width of ``a`` (``b`` no wider), the last carry
    forbidden: ripple-carry adders that skip the ``zero`` inputs (a half
    adder for two inputs, the input itself for one) and fold a constant one
    beside at most one literal p (p + 1: sum not p, carry p; p + 2: sum p,
    carry 1)."""
    out, c, t = [], zero, -zero
    for i, x in enumerate(a):
        ins = [v for v in (x, b[i] if i < len(b) else zero, c) if v != zero]
        ones = ins.count(t)
        if ones and len(ins) - ones < 2:  # constant ones, and at most one literal p
            p = [v for v in ins if v != t]  # p + ones: the sum bit and the carry
            if not p:
                out.append(t if ones % 2 else zero)
                c = t if ones > 1 else zero
            else:
                out.append(-p[0] if ones == 1 else p[0])
                c = p[0] if ones == 1 else t
            continue
        if len(ins) < 2:
            out.append(ins[0] if ins else zero)
            c = zero
            continue
        s, co = f.new_aux(), f.new_aux()
        if len(ins) == 2:
            p, q = ins
            f.extend([[-p, -q, -s], [p, q, -s], [p, -q, s], [-p, q, s],
                      [-co, p], [-co, q], [co, -p, -q]])
        else:
            x, y, z = ins
            f.extend([[-x, -y, -z, s], [-x, y, z, s], [x, -y, z, s], [x, y, -z, s],
                      [x, y, z, -s], [x, -y, -z, -s], [-x, y, -z, -s], [-x, -y, z, -s],
                      [-co, x, y], [-co, x, z], [-co, y, z],
                      [co, -x, -y], [co, -x, -z], [co, -y, -z]])
        out.append(s)
        c = co
    if c != zero:
        f.add([-c])
    return out

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
    changed = True
    while changed:  # to a fixed point: the bounds only tighten
        changed = False
        for q in cells:
            for r in adj[q]:
                via = min([high[p] for p in adj[q] if p != r], default=high[q])
                h, lo = min(high[r], high[q] + min(high[q], via)), max(low[r], (low[q] + 1) // 2)
                if (h, lo) != (high[r], low[r]):
                    high[r], low[r], changed = h, lo, True
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
        near = [(low[n], high[n]) for n in adj[p]]
        if low[p] == high[p] and all(lo == hi for lo, hi in near):
            continue
        budget -= (high[p] - low[p] + 1) * (1 + len(near))
        rows = []  # (x, least and largest sum, each neighbour's least and largest |x - v_n|)
        for x in range(low[p], high[p] + 1):
            spread = [(lo - x if lo > x else x - hi if x > hi else 0,
                       x - lo if x - lo > hi - x else hi - x) for lo, hi in near]
            least, most = sum(a for a, _ in spread), sum(b for _, b in spread)
            if least <= x <= most:
                rows.append((x, least, most, spread))
        if not rows:
            low[p] = high[p] + 1
            break
        changed = []
        if (rows[0][0], rows[-1][0]) != (low[p], high[p]):
            low[p], high[p] = rows[0][0], rows[-1][0]
            changed.append(p)
        for k, q in enumerate(adj[p]):  # y with x - most_rest <= |x - y| <= x - least_rest
            lo_q, hi_q = high[q] + 1, low[q] - 1
            for x, least, most, spread in rows:
                close, far = max(0, x - most + spread[k][1]), x - least + spread[k][0]
                for a, b in ((x - far, x - close), (x + close, x + far)):
                    a, b = max(a, low[q]), min(b, high[q])
                    if a <= b:
                        lo_q, hi_q = min(lo_q, a), max(hi_q, b)
            if (lo_q, hi_q) != (low[q], high[q]):
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
    rule whose cells the bounds all fix is checked here, not encoded."""
    value = {c: bits.number(f, "value", max(1, hi.bit_length()), *c)
             for c, (lo, hi) in bound.items()}
    for c, (lo, hi) in bound.items():
        f.extend(bits.at_least(value[c], lo) + bits.at_most(value[c], hi))
    fixed = {c: lo for c, (lo, hi) in bound.items() if lo == hi}
    adj: dict = {c: [] for c in bound}
    diffs: dict = {c: [] for c in bound}
    zero = -bits.true(f)
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
        bits.equal(f, out, value[c])
        # implied, and it shortens the proofs: (k + 1) v_c + sum v_n is even
        lows = [value[n][0] for n in adj[c]] + ([value[c][0]] if len(adj[c]) % 2 == 0 else [])
        f.extend([-x if one else x for x, one in zip(lows, ones)]
                 for ones in itertools.product((0, 1), repeat=len(lows)) if sum(ones) % 2)
    return value


def difference(f: Formula, a: bits.Bits, b: bits.Bits, width: int, zero: int) -> bits.Bits:
    """|a - b| in ``width`` fresh bits d (a narrower d forbids the larger
    differences): a direction s, the smaller number m (s -> m = b, not s ->
    m = a) and m + d = the larger (s -> a, not s -> b), without overflow.
    Every pair a, b extends, and every extension has d = |a - b|
    (``encodings/bosanowa.md``)."""
    wide = max(len(a), len(b))
    a, b = a + [zero] * (wide - len(a)), b + [zero] * (wide - len(b))
    d, s = [f.new_aux() for _ in range(width)], f.new_aux()
    low = [zero if x == y == zero else f.new_aux() for x, y in zip(a, b)]
    bits.equal(f, low, b, when=[s])
    bits.equal(f, low, a, when=[-s])
    high = _sum(f, low, d, zero)
    bits.equal(f, high, a, when=[s])
    bits.equal(f, high, b, when=[-s])
    return d


def _sum(f: Formula, a: bits.Bits, b: bits.Bits, zero: int) -> bits.Bits:
    """a + b in the width of ``a`` (``b`` no wider), the last carry
    forbidden: ripple-carry adders that skip the ``zero`` inputs (a half
    adder for two inputs, the input itself for one)."""
    out, c = [], zero
    for i, x in enumerate(a):
        ins = [v for v in (x, b[i] if i < len(b) else zero, c) if v != zero]
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

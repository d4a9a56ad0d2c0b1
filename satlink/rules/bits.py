"""Binary numbers over literals, for encodings that count past what unary
labels afford (a region's size on a large board): a number is a list of
literals, least significant bit first; constants are bits of the formula's
``true`` literal. Conditions (``when``) are literals whose conjunction
switches a constraint on: each clause gets their negations.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> a, b = number(f, "a", 3), number(f, "b", 3)
>>> total = add(f, a, b, carry=true(f))         # a + b + 1, in 3 bits
>>> equal(f, a, constant(f, 2, 3)); equal(f, b, constant(f, 4, 3))
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), value(s.get_model(), total)
(True, 7)
"""
from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence

from ..formula import Formula

Bits = list[int]


def true(f: Formula) -> int:
    """The formula's constant true literal (a unit clause, added once)."""
    if not f.has("true"):
        f.add([f.var("true")])
    return f.var("true")


def number(f: Formula, tag: str, width: int, *key: Hashable) -> Bits:
    """``width`` fresh bits ``(tag, *key, i)``."""
    return [f.var(tag, *key, i) for i in range(width)]


def constant(f: Formula, value: int, width: int) -> Bits:
    """``value`` in ``width`` bits of the constant literal (a ValueError if
    it does not fit)."""
    if not 0 <= value < 1 << width:
        raise ValueError(f"{value} does not fit in {width} bits")
    t = true(f)
    return [t if value >> i & 1 else -t for i in range(width)]


def value(model: Sequence[int], bits: Bits) -> int:
    """The number a model (a list of literals) gives ``bits``; a bit may be
    a negative literal (a constant's zero bits are ``-true``).

    >>> value([1, -2, 3], [1, 2, -3, -2])
    9
    """
    true_set = {x for x in model if x > 0}
    return sum(1 << i for i, x in enumerate(bits) if (abs(x) in true_set) == (x > 0))


def equal(f: Formula, a: Bits, b: Bits, when: Sequence[int] = ()) -> None:
    """``when -> a == b`` (equal widths): two clauses per bit."""
    guard = [-w for w in when]
    for x, y in zip(a, b, strict=True):
        f.add([*guard, -x, y])
        f.add([*guard, x, -y])


def differ(f: Formula, a: Bits, b: Bits, when: Sequence[int] = ()) -> None:
    """``when -> a != b``: a fresh literal per bit that implies the bits
    differ, and one clause asking for one of them."""
    some = []
    for x, y in zip(a, b, strict=True):
        d = f.new_aux()
        f.add([-d, x, y])
        f.add([-d, -x, -y])
        some.append(d)
    f.add([*(-w for w in when), *some])


def differ_from(a: Bits, value: int) -> list[int] | None:
    """The clause "``a != value``" (None when ``value`` is too wide for
    ``a``: it differs anyway)."""
    if value >> len(a):
        return None
    return [-x if value >> i & 1 else x for i, x in enumerate(a)]


def at_least(a: Bits, value: int) -> list[list[int]]:
    """Clauses for ``a >= value``: per bit i of ``value`` that is 1, "bit i
    of a, or a higher bit of a where ``value`` has 0" ([[]] if ``value``
    does not fit).

    >>> at_least([1, 2, 3], 5)     # 101: bit 0 or bit 1; bit 2
    [[1, 2], [3]]
    """
    if value >> len(a):
        return [[]]
    return [[a[i], *(a[j] for j in range(i + 1, len(a)) if not value >> j & 1)]
            for i in range(len(a)) if value >> i & 1]


def at_most(a: Bits, value: int) -> list[list[int]]:
    """Clauses for ``a <= value`` (none if every value of ``a`` is): per bit
    i of ``value`` that is 0, "not bit i of a, or not a higher bit of a where
    ``value`` has 1".

    >>> at_most([1, 2, 3], 5)      # 101: not bit 1, or not bit 2
    [[-2, -3]]
    """
    return [[-a[i], *(-a[j] for j in range(i + 1, len(a)) if value >> j & 1)]
            for i in range(len(a)) if not value >> i & 1]


def gated(f: Formula, a: Bits, gate: int) -> Bits:
    """The number ``a`` if ``gate`` else 0: ``out_i <-> gate and a_i``."""
    out = []
    for x in a:
        y = f.new_aux()
        f.equiv_and(y, [gate, x])
        out.append(y)
    return out


def add(f: Formula, a: Bits, b: Bits, carry: int | None = None) -> Bits:
    """``a + b (+ 1 if carry)`` in the width of ``a`` (``b`` no wider):
    ripple-carry full adders, the last carry forbidden (no overflow)."""
    out = []
    c = -true(f) if carry is None else carry
    for i, x in enumerate(a):
        y = b[i] if i < len(b) else -true(f)
        s, co = f.new_aux(), f.new_aux()
        # s <-> x xor y xor c: one clause per value of (x, y, c)
        for vx, vy, vc in itertools.product((1, -1), repeat=3):
            odd = (vx < 0) ^ (vy < 0) ^ (vc < 0)  # -1 stands for true
            f.add([vx * x, vy * y, vc * c, s if odd else -s])
        # co <-> at least two of x, y, c
        f.extend([[-co, x, y], [-co, x, c], [-co, y, c],
                  [co, -x, -y], [co, -x, -c], [co, -y, -c]])
        out.append(s)
        c = co
    f.add([-c])
    return out


def abs_difference(f: Formula, a: Bits, b: Bits) -> Bits:
    """|a - b| in the width of ``a`` (``a`` and ``b`` of one width): fresh bits
    d and a direction s, with s -> a = b + d and not s -> b = a + d, one bit
    wider so that neither adder can overflow. Every assignment of ``a`` and
    ``b`` extends, and every extension gives d = |a - b| (s is free when
    a = b). ``encodings/bosanowa.md`` has the argument.

    >>> f = Formula()
    >>> a, b = constant(f, 2, 3), constant(f, 7, 3)
    >>> d = abs_difference(f, a, b)
    >>> from pysat.solvers import Solver
    >>> with Solver(bootstrap_with=f.clauses) as s:
    ...     s.solve(), value(s.get_model(), d)
    (True, 5)
    """
    d, s, zero = [f.new_aux() for _ in a], f.new_aux(), -true(f)
    equal(f, [*a, zero], add(f, [*b, zero], d), when=[s])
    equal(f, [*b, zero], add(f, [*a, zero], d), when=[-s])
    return d


def total(f: Formula, numbers: Sequence[Bits], width: int) -> Bits:
    """The sum of ``numbers`` in ``width`` bits (an overflow is forbidden:
    choose ``width`` for the largest sum)."""
    out = constant(f, 0, width)
    for x in numbers:
        out = add(f, out, x)
    return out

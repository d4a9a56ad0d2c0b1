"""Cage arithmetic: the digits of a group of cells combine, by an operation,
to a total (KenKen's and Factors' cages, Mathrax's diagonal pairs).

Operations (:data:`OPS`): ``+`` the sum, ``*`` the product, ``-`` the
difference and ``/`` the quotient of two cells (the larger over the
smaller, in either order), and ``?`` (an unknown operation: any of them
that applies to the group's size). One cell, under ``+``, ``*`` or ``?``,
is its own total.

Encoding (``encodings/arithmetic.md``): a cage whose digit tuples are few
(at most ``limit``, enumerated with pruning) is a table: a variable per
allowed tuple, each tuple's variable implies its digits, and each cell's
digit implies one of the tuples that hold it there. Pairs of cells the
caller says differ (``apart``: the cells of a cage in one row or column)
leave out the tuples that repeat a digit there, which the Latin rule
forbids anyway. A larger cage is an automaton over the partial results:
:func:`satlink.rules.sums.sum_is` for a sum,
:meth:`satlink.rules.numbers.Numbers.fold_is` for a product (its states the
divisors of the total), one operation literal per applicable operation for
``?``. :func:`cage_filter` narrows the digits before encoding
(:func:`satlink.rules.digit_narrowing.narrow`): every cell keeps the digits of the
allowed tuples.

>>> from satlink.formula import Formula
>>> from satlink.rules.numbers import Numbers
>>> f = Formula()
>>> n = Numbers(f, "ab", range(1, 7))
>>> cage_is(n, "ab", "/", 3, apart=[("a", "b")])     # {1, 3} or {2, 6}
>>> sorted(v for v in range(1, 7) if [-n.val("a", v)] in f.clauses)
[4, 5]
"""
from __future__ import annotations

import math
import operator
from collections.abc import Hashable, Iterable, Mapping, Sequence

from .counts import guarded
from .numbers import Numbers

Cell = Hashable

#: The operations a clue may name, in words.
OPS = {"+": "sum", "-": "difference", "*": "product", "/": "quotient", "?": "any operation"}
#: Cages with at most this many allowed tuples are encoded as a table.
TABLE_LIMIT = 400


def result(op: str, values: Sequence[int]) -> int | None:
    """The value of ``op`` over ``values`` (None where it does not apply:
    ``-`` and ``/`` take two values, ``/`` an exact quotient; ``?`` has no
    single value, see :func:`holds`).

    >>> result("+", [1, 2, 4]), result("*", [2, 3]), result("-", [2, 5]), result("/", [6, 2])
    (7, 6, 3, 3)
    >>> result("/", [4, 3]), result("-", [1, 2, 3])
    (None, None)
    """
    if op == "+":
        return sum(values)
    if op == "*":
        return math.prod(values)
    if len(values) != 2:
        return None
    hi, lo = max(values), min(values)
    if op == "-":
        return hi - lo
    if op == "/":
        return hi // lo if lo and hi % lo == 0 else None
    return None


def applies(op: str, size: int) -> list[str]:
    """The operations ``op`` stands for on a group of ``size`` cells.

    >>> applies("?", 2), applies("?", 3), applies("-", 3)
    (['+', '-', '*', '/'], ['+', '*'], [])
    """
    ops = ["+", "-", "*", "/"] if op == "?" else [op]
    return [o for o in ops if size == 2 or o in "+*"]


def holds(op: str, total: int, values: Sequence[int]) -> bool:
    """Whether ``values`` combine to ``total`` by ``op`` (``?``: by some
    operation that applies).

    >>> holds("?", 5, [2, 3]), holds("?", 1, [2, 3]), holds("?", 7, [2, 3])
    (True, True, False)
    """
    return any(result(o, values) == total for o in applies(op, len(values)))


def tuples(op: str, total: int, domains: Sequence[Iterable[int]],
           apart: Iterable[tuple[int, int]] = (), limit: int | None = None
           ) -> list[tuple[int, ...]] | None:
    """The tuples (a value of each domain, in order) that combine to
    ``total`` by ``op``, with different values at the index pairs
    ``apart``; None when a sum or product has more than ``limit`` tuples
    (counted without ``apart``, before any is listed).

    >>> tuples("*", 6, [range(1, 4)] * 2)
    [(2, 3), (3, 2)]
    >>> tuples("+", 4, [range(1, 4)] * 2, apart=[(0, 1)])
    [(1, 3), (3, 1)]
    """
    doms = [sorted(set(d)) for d in domains]
    pairs = {(min(i, j), max(i, j)) for i, j in apart}
    before = [[i for i in range(k) if (i, k) in pairs] for k in range(len(doms))]
    out: set[tuple[int, ...]] = set()
    for o in applies(op, len(doms)):
        rest = _remainders(o, total, doms)
        if limit is not None and _count(o, total, doms, rest) > limit:
            return None
        _search(o, total, doms, before, rest, [], out)
    return sorted(out)


def _step(op: str, t: int, v: int) -> int | None:
    """What is left of ``t`` after a cell holding ``v`` (None: nothing fits)."""
    if op == "+":
        return t - v
    return t // v if v and t % v == 0 else None


def _remainders(op: str, total: int, doms: list[list[int]]) -> list[set[int]]:
    """``rest[i]``: the values the cells i.. can make together by ``op``
    (a sum or product; for a pair's ``-`` and ``/``, every value), kept to
    those that can still be part of ``total`` (at most it, for a sum of
    non-negative digits; a divisor of it, for a product of positive ones)."""
    k = len(doms)
    if op not in "+*":
        return [set()] * (k + 1)
    rest = [set() for _ in range(k + 1)]
    rest[k] = {0 if op == "+" else 1}
    for i in range(k - 1, -1, -1):
        for v in doms[i]:
            for r in rest[i + 1]:
                u = v + r if op == "+" else v * r
                if u <= total if op == "+" else u and total % u == 0:
                    rest[i].add(u)
    return rest


def _count(op: str, total: int, doms: list[list[int]], rest: list[set[int]]) -> int:
    """How many tuples make ``total`` (``apart`` aside): ways to reach each
    remainder, layer by layer."""
    if op not in "+*":
        return math.prod(len(d) for d in doms)
    ways = {total: 1}
    for i, d in enumerate(doms):
        nxt: dict[int, int] = {}
        for t, w in ways.items():
            for v in d:
                u = _step(op, t, v)
                if u is not None and u in rest[i + 1]:
                    nxt[u] = nxt.get(u, 0) + w
        ways = nxt
    return sum(ways.values())


def _search(op: str, total: int, doms: list[list[int]], before: list[list[int]],
            rest: list[set[int]], prefix: list[int], out: set, left: int | None = None) -> None:
    """Depth-first over the cells; a sum or product goes only where what
    is ``left`` of the total can still be made by the cells after (``rest``)."""
    k = len(prefix)
    if k == 0 and op in "+*":
        left = total
    if k == len(doms):
        if left == (0 if op == "+" else 1) if op in "+*" else result(op, prefix) == total:
            out.add(tuple(prefix))
        return
    taken = [prefix[i] for i in before[k]]
    for v in doms[k]:
        if v in taken:
            continue
        u = None
        if op in "+*":
            u = _step(op, left, v)
            if u is None or u not in rest[k + 1]:
                continue
        prefix.append(v)
        _search(op, total, doms, before, rest, prefix, out, u)
        prefix.pop()


def supports(op: str, total: int, domains: Sequence[Iterable[int]]) -> list[set[int]]:
    """Each cell's values that some tuple making ``total`` by ``op`` puts
    there (``apart`` aside), without listing the tuples.

    >>> supports("+", 10, [range(1, 7)] * 2)
    [{4, 5, 6}, {4, 5, 6}]
    """
    doms = [sorted(set(d)) for d in domains]
    out = [set() for _ in doms]
    for o in applies(op, len(doms)):
        if o not in "+*":
            for t in tuples(o, total, doms):
                for i, v in enumerate(t):
                    out[i].add(v)
            continue
        rest = _remainders(o, total, doms)
        ways = {total}
        for i, d in enumerate(doms):
            nxt = set()
            for t in ways:
                for v in d:
                    u = _step(o, t, v)
                    if u is not None and u in rest[i + 1]:
                        nxt.add(u)
                        out[i].add(v)
            ways = nxt
    return out


def apart_pairs(cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The index pairs of ``cells`` ((row, column)) in one row or column.

    >>> apart_pairs([(0, 0), (0, 1), (1, 1)])
    [(0, 1), (1, 2)]
    """
    return [(i, j) for i in range(len(cells)) for j in range(i + 1, len(cells))
            if cells[i][0] == cells[j][0] or cells[i][1] == cells[j][1]]


def cage_filter(op: str, total: int, apart: Iterable[tuple[int, int]] = (),
                limit: int = TABLE_LIMIT // 4):
    """A narrowing for :func:`satlink.rules.digit_narrowing.narrow` (on bit masks:
    bit v set while a cell may hold v): each cell keeps the values that
    some allowed tuple puts there (so a solution's tuple keeps its values);
    a cage with more than ``limit`` tuples keeps the values of
    :func:`supports` (the same, ``apart`` aside).

    >>> cage_filter("-", 3)([0b1111110, 0b100])     # {1..6}, {2}: 5 only
    [32, 4]
    """
    apart = list(apart)

    def fn(masks: list[int]) -> list[int]:
        doms = [[v for v in range(m.bit_length()) if m >> v & 1] for m in masks]
        found = tuples(op, total, doms, apart, limit)
        if found is None:
            return [sum(1 << v for v in vs) for vs in supports(op, total, doms)]
        out = [0] * len(masks)
        for t in found:
            for i, v in enumerate(t):
                out[i] |= 1 << v
        return out
    return fn


def cage_is(numbers: Numbers, cells: Sequence[Cell], op: str, total: int,
            when: int | None = None, fixed: Mapping[Cell, int] | None = None,
            apart: Iterable[tuple[Cell, Cell]] = (), limit: int = TABLE_LIMIT) -> None:
    """The digits of ``cells`` combine to ``total`` by ``op`` (unless
    ``when`` is false). Cells in ``fixed`` (cell -> digit) are decided and
    have no variables; the others are cells of ``numbers``. ``apart``:
    pairs of cells that must differ (tuples repeating a digit there are
    left out of the table). Encoding: see the module docstring."""
    cells = list(cells)
    fixed = dict(fixed or {})
    index = {c: i for i, c in enumerate(cells)}
    pairs = [(index[a], index[b]) for a, b in apart]
    doms = [[fixed[c]] if c in fixed else numbers.domain[c] for c in cells]
    open_ = [i for i, c in enumerate(cells) if c not in fixed]
    f = numbers.f
    small = len(cells) <= 2  # a pair (every `-` and `/`) is always a table
    found = tuples(op, total, doms, pairs, None if small else limit)
    if found is not None:
        _table(numbers, [cells[i] for i in open_],
               sorted({tuple(t[i] for i in open_) for t in found}), when)
        return
    ops = applies(op, len(cells))
    lits = [f.new_aux() for _ in ops] if len(ops) > 1 else [when]
    if len(ops) > 1:
        with guarded(f, when):
            f.add(lits)
    for o, lit in zip(ops, lits):
        _automaton(numbers, cells, o, total, fixed, lit)


def _automaton(numbers: Numbers, cells: list[Cell], op: str, total: int,
               fixed: Mapping[Cell, int], when: int | None) -> None:
    """A sum or a product over the open cells, the fixed ones folded into
    the total (a cage of ``-`` or ``/`` has two cells and is a table)."""
    from .sums import sum_is

    group = [c for c in cells if c not in fixed]
    known = [fixed[c] for c in cells if c in fixed]
    if op == "+":
        sum_is(numbers, group, total - sum(known), when=when)
        return
    part = math.prod(known)
    if op != "*" or part == 0 or total % part:
        with guarded(numbers.f, when):
            numbers.f.add([])
        return
    numbers.fold_is(group, operator.mul, 1, total // part, when, name="product")


def _table(numbers: Numbers, group: list[Cell], rows: list[tuple[int, ...]],
           when: int | None) -> None:
    """One of ``rows`` (a digit per cell of ``group``) holds: a variable per
    row implying its digits, and a cell's digit implying a row that holds
    it (so some row is chosen); digits in no row are refused."""
    f = numbers.f
    with guarded(f, when):
        if not rows:
            f.add([])
            return
        if not group:
            return
        if len(rows) == 1:
            for c, v in zip(group, rows[0]):
                f.add([numbers.var[c][v]])
            return
        if len(group) == 1:
            allowed = {r[0] for r in rows}
            f.extend([-x] for v, x in numbers.var[group[0]].items() if v not in allowed)
            return
        ys = [f.new_aux() for _ in rows]
        for y, row in zip(ys, rows):
            for c, v in zip(group, row):
                f.add([-y, numbers.var[c][v]])
        for i, c in enumerate(group):
            for v, x in numbers.var[c].items():
                f.add([-x, *(y for y, row in zip(ys, rows) if row[i] == v)])

"""Values placed at the positions 1..n of a row, and relations between
their positions (Zebra / Einstein puzzles: houses in a row; any genre that
places each value of some attributes once along a line).

:func:`placements` makes one permutation matrix per attribute (each value
in exactly one position, each position holding one value of the
attribute); :func:`pair_clauses` says that a relation between the positions
of two values holds (or, negated, that it does not), :func:`at_clauses`
the same of one value and a fixed position; :func:`reified` ties each of
several such relations to a literal and counts them (``either``: at least
one, ``one-of``: exactly one). Every relation is exact given that a value
has exactly one position: it is the set of (position of a, position of b)
pairs it allows, written either as binary conflicts for the few pairs it
rules out, or as support clauses "a at p -> b at one of the positions that
fit p" from both sides. Measurements: ``encodings/zebra.md``.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> x = placements(f, ["colour"], [["red", "blue"]], 2)
>>> pair_clauses(x[0][0], x[0][1], lambda a, b, d: a < b)   # red somewhere left of blue
[[-1, -3], [-2, -3], [-2, -4]]
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from ..formula import Formula
from . import counts

#: A relation of two positions (1-based) and a parameter (a distance).
PairRule = Callable[[int, int, object], bool]


def placements(f: Formula, attributes: Sequence[str], values: Sequence[Sequence[str]],
               n: int) -> list[list[list[int]]]:
    """``x[a][v][p - 1]``: value ``v`` of attribute ``a`` is at position
    ``p`` (variables ``house(attribute, value, p)``, declared the one-hot
    answer); each attribute a permutation matrix."""
    x = [[[f.var("house", attr, val, p) for p in range(1, n + 1)] for val in vals]
         for attr, vals in zip(attributes, values)]
    f.declare_answer((v for rows in x for row in rows for v in row), one_hot=True)
    for rows in x:  # an attribute's values down, positions across: a permutation matrix
        for row in rows:
            f.exactly_one(row)  # a value at one position
        for column in zip(*rows):
            f.exactly_one(column)  # a position holds one value
    return x


def _fit(rule: PairRule, n: int, d) -> tuple[tuple[bool, ...], ...]:
    """``fit[p][q]``: the relation holds with a at position p + 1, b at q + 1."""
    spots = range(1, n + 1)
    return tuple(tuple(bool(rule(a, b, d)) for b in spots) for a in spots)


def _pair_table(fit: tuple[tuple[bool, ...], ...], negate: bool):
    """How to write the relation of the matrix ``fit`` (:func:`_fit`), or its
    negation.

    Returns ("conflicts", pairs) when every position of a rules out at most
    two positions of b: binary clauses -a@p | -b@q for the ruled-out pairs
    (0-based). Otherwise ("supports", rows_a, rows_b): for each position of
    a, the positions of b that fit, and for each position of b, those of a.
    """
    ruled_out = [[q for q, ok in enumerate(row) if ok == negate] for row in fit]
    if max(len(r) for r in ruled_out) <= 2:
        return ("conflicts", tuple((p, q) for p, row in enumerate(ruled_out) for q in row))
    rows_a = tuple(tuple(q for q, ok in enumerate(row) if ok != negate) for row in fit)
    rows_b = tuple(tuple(p for p, ok in enumerate(column) if ok != negate)
                   for column in zip(*fit))
    return ("supports", rows_a, rows_b)


def pair_clauses(xa: Sequence[int], xb: Sequence[int], rule: PairRule, d=None,
                 negate: bool = False, tables: dict | None = None) -> list[list[int]]:
    """Clauses saying ``rule(position of a, position of b, d)`` holds (or,
    with ``negate``, fails); ``xa``, ``xb``: the two values' position literals.
    ``tables``: a dict the caller owns (one per encoding) that keeps how each
    relation and its negation are written, worked out once for all the pairs
    of values it relates; without it, worked out for this call."""
    tables = {} if tables is None else tables
    key = (rule, len(xa), d, negate)
    table = tables.get(key)
    if table is None:
        fit = tables.get(key[:3])
        if fit is None:
            fit = tables[key[:3]] = _fit(rule, len(xa), d)
        table = tables[key] = _pair_table(fit, negate)
    if table[0] == "conflicts":
        return [[-xa[p], -xb[q]] for p, q in table[1]]
    _, rows_a, rows_b = table
    out = [[-xa[p], *[xb[q] for q in row]] for p, row in enumerate(rows_a)]
    out += [[-xb[q], *[xa[p] for p in row]] for q, row in enumerate(rows_b)]
    return out


def at_clauses(xa: Sequence[int], rule: Callable[[int, int], bool], h: int,
               negate: bool = False) -> list[list[int]]:
    """Clauses saying ``rule(position of a, h)`` holds (or, negated, fails)."""
    return [[-xa[p - 1]] for p in range(1, len(xa) + 1) if rule(p, h) == negate]


def reified(f: Formula, relations: Sequence[Callable[[bool], list[list[int]]]], how: str,
            name: tuple) -> list[int]:
    """One literal ``holds(*name, j)`` per relation (``relations[j - 1](negate)``
    gives its clauses), equivalent to it, and ``how`` (``at_least`` or
    ``exactly``) one of them true; the literals."""
    flags = []
    for j, clauses in enumerate(relations, 1):
        r = f.var("holds", *name, j)
        f.extend([-r, *c] for c in clauses(False))
        f.extend([r, *c] for c in clauses(True))
        flags.append(r)
    counts.count(f, flags, 1, how)
    return flags

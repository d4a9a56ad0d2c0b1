"""Counting rules: exactly / at most / at least k of some literals, per group
of cells, around a cell; optionally behind a clue's selector literal.

Counts are local rules, so they are plain clauses (no lazy form). They are a
thin layer over :meth:`Formula.exactly` / :meth:`~Formula.at_most` /
:meth:`~Formula.at_least` (``pysat.card`` underneath, defaults chosen in
``encodings/formula.md``); what this module adds is the vocabulary genres
speak in (per row, per region, around a cell) and the **guard**: a count
that holds only while a selector literal is true, for clues that a designer
may remove (``Options.clues == "selectors"``).

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f, g = Formula(), Grid(2, 2)
>>> mine = {c: f.var("mine", *c) for c in g.cells}
>>> count_per(f, g.rows_of_cells(), mine, 1)          # one mine per row
>>> sel = f.var("clue", 0, 0)
>>> exactly(f, [mine[c] for c in around(g, (0, 0))], 2, when=sel)
>>> all(-sel in c for c in f.clauses[-3:])            # every clause guarded
True

The guard puts ``not sel`` into every clause the count adds: a set of
clauses ``C1 .. Cm`` over the literals and fresh auxiliaries becomes
``(not sel or C1) .. (not sel or Cm)``, which is ``not sel or (C1 and ..
Cm)``; since the auxiliaries occur nowhere else, projecting them away gives
``not sel or count``, exactly "the count holds unless the clue is
deselected" (``encodings/rules.md``).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from contextlib import contextmanager
from operator import itemgetter
from typing import Union

from ..formula import Formula
from .grid import Cell, Grid

#: A cell's literal: a mapping cell -> literal or a function of the cell.
CellLits = Union[Mapping[Cell, int], Callable[[Cell], int]]
KINDS = ("exactly", "at_most", "at_least")


@contextmanager
def guarded(f: Formula, when: int | None):
    """Every clause added to ``f`` inside the block holds only while the
    literal ``when`` is true (``None``: no guard, the clauses as they are).

    >>> f = Formula(); x, s = f.var("x"), f.var("s")
    >>> with guarded(f, s):
    ...     f.add([x])
    >>> f.clauses
    [[-2, 1]]
    """
    start = len(f.clauses)
    yield
    if when is not None:
        f.clauses[start:] = [[-when, *c] for c in f.clauses[start:]]


def literal_of(lits: CellLits) -> Callable[[Cell], int]:
    """A function cell -> literal from a mapping or a function.

    >>> literal_of({(0, 0): 5})((0, 0))
    5
    """
    if callable(lits):
        return lits
    return lits.__getitem__


def count(f: Formula, lits: Sequence[int], k: int, kind: str = "exactly",
          when: int | None = None, encoding: str | None = None) -> None:
    """``kind`` (``exactly``, ``at_most``, ``at_least``) ``k`` of ``lits``
    are true, unless the literal ``when`` is false.

    An impossible count (``exactly 5`` of 4 literals) adds the clause
    ``[not when]`` (the empty clause without a guard).

    >>> f = Formula(); xs = [f.var("x", i) for i in range(3)]
    >>> count(f, xs, 0, "at_most")
    >>> f.clauses
    [[-1], [-2], [-3]]
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    if when is None:  # no guard: no context manager (a few us a count, thousands a board)
        getattr(f, kind)(list(lits), k, encoding)
        return
    with guarded(f, when):
        getattr(f, kind)(list(lits), k, encoding)


def exactly(f: Formula, lits: Sequence[int], k: int, when: int | None = None,
            encoding: str | None = None) -> None:
    """Exactly ``k`` of ``lits`` (unless ``when`` is false).

    >>> f = Formula(); xs = [f.var("x", i) for i in range(2)]
    >>> exactly(f, xs, 2); f.clauses
    [[1], [2]]
    """
    count(f, lits, k, "exactly", when, encoding)


def at_most(f: Formula, lits: Sequence[int], k: int, when: int | None = None,
            encoding: str | None = None) -> None:
    """At most ``k`` of ``lits`` (unless ``when`` is false).

    >>> f = Formula(); xs = [f.var("x", i) for i in range(3)]
    >>> at_most(f, xs, 2); f.clauses
    [[-1, -2, -3]]
    """
    lits = list(lits)
    if k == len(lits) - 1 and encoding is None:  # "not all": one clause, no counter
        f.add([-x for x in lits] if when is None else [-when, *(-x for x in lits)])
        return
    count(f, lits, k, "at_most", when, encoding)


def at_least(f: Formula, lits: Sequence[int], k: int, when: int | None = None,
             encoding: str | None = None) -> None:
    """At least ``k`` of ``lits`` (unless ``when`` is false).

    >>> f = Formula(); xs = [f.var("x", i) for i in range(3)]
    >>> at_least(f, xs, 1, when=f.var("s")); f.clauses
    [[-4, 1, 2, 3]]
    """
    count(f, lits, k, "at_least", when, encoding)


def count_per(f: Formula, groups: Sequence[Sequence[Cell]], lits: CellLits,
              k: int | Sequence[int | None], kind: str = "exactly",
              when: int | None | Sequence[int | None] = None) -> None:
    """For each group of cells, ``kind`` ``k`` of its cells' literals.

    ``k`` is one number for every group or one per group (``None``: no
    count for that group, a row without a clue); ``when`` likewise one
    selector for all or one per group.

    >>> f = Formula(); g = Grid(2, 3)
    >>> ship = {c: f.var("ship", *c) for c in g.cells}
    >>> count_per(f, g.cols_of_cells(), ship, [0, None, 2])
    >>> f.clauses
    [[-1], [-4], [3], [6]]
    """
    groups = list(groups)
    ks = _per_group(k, len(groups), "k")
    whens = _per_group(when, len(groups), "when")
    lit = literal_of(lits)
    for group, kk, w in zip(groups, ks, whens):
        if kk is not None:
            count(f, [lit(c) for c in group], kk, kind, w)


def _per_group(value, n: int, what: str) -> list:
    if value is None or isinstance(value, int):
        return [value] * n
    value = list(value)
    if len(value) != n:
        raise ValueError(f"{what}: {len(value)} values for {n} groups")
    return value


def count_rows(f: Formula, grid: Grid, lits: CellLits, k, kind: str = "exactly",
               when=None) -> None:
    """:func:`count_per` over the rows, top to bottom (Battleship tallies).

    >>> f = Formula(); g = Grid(1, 2)
    >>> count_rows(f, g, lambda c: f.var("x", *c), 2); f.clauses
    [[1], [2]]
    """
    count_per(f, grid.rows_of_cells(), lits, k, kind, when)


def count_cols(f: Formula, grid: Grid, lits: CellLits, k, kind: str = "exactly",
               when=None) -> None:
    """:func:`count_per` over the columns, left to right.

    >>> f = Formula(); g = Grid(2, 1)
    >>> count_cols(f, g, lambda c: f.var("x", *c), 0); f.clauses
    [[-1], [-2]]
    """
    count_per(f, grid.cols_of_cells(), lits, k, kind, when)


def around(grid: Grid, cell: Cell, diagonal: bool = True) -> list[Cell]:
    """The neighbourhood a clue in ``cell`` counts over: the up to eight
    touching cells (Minesweeper), or with ``diagonal=False`` the up to four
    orthogonal neighbours (Akari's numbered walls). The cell itself is not
    included.

    >>> around(Grid(3, 3), (0, 0))
    [(0, 1), (1, 0), (1, 1)]
    >>> around(Grid(3, 3), (1, 1), diagonal=False)
    [(0, 1), (1, 0), (1, 2), (2, 1)]
    """
    return grid.around(cell) if diagonal else grid.neighbours(cell)


def count_around(f: Formula, grid: Grid, cell: Cell, lits: CellLits, k: int,
                 diagonal: bool = True, kind: str = "exactly",
                 when: int | None = None) -> None:
    """The clue ``k`` in ``cell`` counts the cells :func:`around` it whose
    literal is true (unless the clue's selector ``when`` is false).

    >>> f = Formula(); g = Grid(2, 2)
    >>> mine = {c: f.var("mine", *c) for c in g.cells}
    >>> count_around(f, g, (0, 0), mine, 3); f.clauses
    [[2], [3], [4]]
    """
    lit = literal_of(lits)
    count(f, [lit(c) for c in around(grid, cell, diagonal)], k, kind, when)


# -- a count over small parts that several counts share (Mosaic's 3 x 3 blocks) -----------
def unary(f: Formula, lits: Sequence[int]) -> list[int]:
    """The count of up to three literals in unary: ``out[i]`` is true exactly
    when at least ``i + 1`` of ``lits`` are (both directions, so the outputs
    are functions of ``lits``); one literal is its own count.

    >>> f = Formula(); a, b = f.var("a"), f.var("b")
    >>> unary(f, [a, b]), f.clauses
    ([3, 4], [[-1, 3], [-2, 3], [-3, 1, 2], [-1, -2, 4], [-4, 1], [-4, 2]])
    """
    m = len(lits)
    if m <= 1:
        return list(lits)
    pool = f.pool
    if m == 2:
        a, b = lits
        one, top = pool.top + 1, pool.top + 2
        pool.top = top
        f.clauses.extend(([-a, one], [-b, one], [-one, a, b],  # one <-> a or b
                          [-a, -b, top], [-top, a], [-top, b]))  # top <-> a and b
        return [one, top]
    if m > 3:
        raise ValueError(f"unary: {m} literals, at most 3")
    a, b, c = lits
    one, two, top = pool.top + 1, pool.top + 2, pool.top + 3
    pool.top = top
    f.clauses.extend(([-a, one], [-b, one], [-c, one], [-one, a, b, c],  # some
                      [-a, -b, -c, top], [-top, a], [-top, b], [-top, c],  # all
                      [-a, -b, two], [-a, -c, two], [-b, -c, two],  # some pair
                      [-two, a, b], [-two, a, c], [-two, b, c]))
    return [one, two, top]


def sum_templates(sizes: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """The clauses of "the parts' counts sum to ``k``" over unary parts of
    ``sizes``, as positions into the parts' outputs laid end to end, then
    their negations (``p`` for output ``p``, ``n + p`` for its negation, n
    outputs in all): for every split ``i, j, ..`` of ``k + 1`` "not (part 1
    >= i and part 2 >= j ..)", and for every split of ``k - 1`` "part 1 >=
    i + 1 or part 2 >= j + 1 or ..". A pure function: a caller that sums
    many parts of the same sizes keeps the templates (:func:`sum_getters`)."""
    starts = [sum(sizes[:p]) for p in range(len(sizes))]
    n = sum(sizes)
    out = []
    for split in itertools.product(*(range(m + 1) for m in sizes)):
        total = sum(split)
        if total == k + 1:
            out.append(tuple(n + s + i - 1 for s, i in zip(starts, split) if i))
        elif total == k - 1:
            out.append(tuple(s + i for s, i, m in zip(starts, split, sizes) if i < m))
    return tuple(out)


def sum_getters(sizes: tuple[int, ...], k: int) -> tuple:
    """:func:`sum_templates` as functions from the outputs and their
    negations to a clause (``operator.itemgetter``, a tuple even of one)."""
    return tuple(itemgetter(*t) if len(t) > 1 else (lambda xs, i=t[0]: (xs[i],))
                 for t in sum_templates(sizes, k))


def sum_of_parts(f: Formula, parts: Sequence[Sequence[int]], k: int,
                 getters: tuple | None = None) -> None:
    """Exactly ``k`` true in all, over parts given by their :func:`unary`
    counts: clauses over the counts only (no auxiliary), at most the splits
    of ``k + 1`` and ``k - 1`` among the parts; an impossible ``k`` is the
    empty clause. Parts shared by several counts (a 3 x 3 block is three
    columns of three, each shared with the blocks beside it) are counted once.
    ``getters``: :func:`sum_getters` of the parts' sizes and ``k``, when the
    caller keeps them (the encoding's state, not the module's).

    >>> f = Formula(); xs = [f.var("x", i) for i in range(3)]
    >>> sum_of_parts(f, [[xs[0]], [xs[1]], [xs[2]]], 1); f.clauses
    [[1, 2, 3], [-2, -3], [-1, -3], [-1, -2]]
    """
    parts = [p for p in parts if p]
    flat = [x for p in parts for x in p]
    if not 0 <= k <= len(flat):
        f.clauses.append([])
        return
    flat += [-x for x in flat]
    if getters is None:
        getters = sum_getters(tuple(map(len, parts)), k)
    f.clauses.extend([list(g(flat)) for g in getters])

"""Number rules: a value per cell (one-hot), values all different per group,
sums and products over a group, relations between two cells, givens.

These rules are local (each speaks of a bounded group of cells), so they are
plain clauses, with no lazy form. Each may sit behind a clue's selector
literal (``when``): then every clause it adds carries ``not when``
(:func:`satlink.rules.counts.guarded`), and the rule holds exactly while
the selector is true.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> n = Numbers(f, [(0, 0), (0, 1)], range(1, 4))
>>> n.all_different([(0, 0), (0, 1)])
>>> n.sum_is([(0, 0), (0, 1)], 5)            # {2, 3}
>>> n.given((0, 0), 3)
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), n.value(Model(f, s.get_model()), (0, 1))
(True, 2)

``encodings/rules.md`` gives the encodings and their sizes.
"""
from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

from ..formula import PAIRWISE_LIMIT, Formula
from ..model import Model
from .counts import guarded

Cell = Hashable


class Numbers:
    """A value per cell: variables ``(tag, *cell, v)`` for each ``v`` of the
    cell's domain (``values``, or ``domains[cell]`` when given), exactly
    one true per cell (:meth:`Formula.exactly_one`).

    >>> f = Formula()
    >>> n = Numbers(f, [(0, 0)], [1, 2], domains={(0, 0): [2]})
    >>> f.name(n.val((0, 0), 2)), n.val((0, 0), 1), f.clauses
    ('val(0,0,2)', None, [[1]])
    """

    def __init__(self, f: Formula, cells: Iterable[Cell], values: Iterable[int],
                 domains: Mapping[Cell, Iterable[int]] | None = None, tag: str = "val") -> None:
        self.f, self.tag = f, tag
        self.cells = list(cells)
        self.values = list(values)
        domains = domains or {}
        self.domain = {c: list(domains.get(c, self.values)) for c in self.cells}
        # f.var and f.exactly_one inline (the same variables and clauses, in
        # the same order): a board's digits are most of some genres' encoding
        pool = f.pool
        ids, names = pool.obj2id, pool.id2obj
        self.var = var = {}
        for c in self.cells:
            head = (tag, *c) if isinstance(c, tuple) else (tag, c)
            lits = var[c] = {}
            for v in self.domain[c]:
                key = (*head, v)
                x = ids.get(key)
                if x is None:
                    pool.top = x = pool.top + 1
                    ids[key] = x
                    names[x] = key
                lits[v] = x
        add, pairs = f.clauses.append, f.clauses.extend
        for c in self.cells:
            xs = list(var[c].values())
            if len(xs) > PAIRWISE_LIMIT:
                f.exactly_one(xs)
                continue
            add(xs)
            if len(xs) > 1:
                pairs(map(list, itertools.combinations([-x for x in xs], 2)))

    # -- reading ---------------------------------------------------------------------------
    def val(self, cell: Cell, v: int) -> int | None:
        """The variable "``cell`` holds ``v``", None when ``v`` is not in its domain."""
        return self.var[cell].get(v)

    def value(self, model: Model, cell: Cell) -> int | None:
        """The value a model gives ``cell`` (None if none is true)."""
        for v, x in self.var[cell].items():
            if model.value(x):
                return v
        return None

    def answer(self) -> list[int]:
        """Every value variable, for ``Formula.declare_answer(..., one_hot=True)``."""
        return [x for c in self.cells for x in self.var[c].values()]

    # -- givens --------------------------------------------------------------------------------
    def given(self, cell: Cell, v: int, when: int | None = None) -> None:
        """``cell`` holds ``v`` (unless ``when`` is false); a value outside
        the cell's domain makes the clue impossible.

        >>> f = Formula(); n = Numbers(f, [(0, 0)], [1, 2])
        >>> n.given((0, 0), 2, when=f.var("clue")); f.clauses[-1]
        [-3, 2]
        """
        x = self.val(cell, v)
        with guarded(self.f, when):
            self.f.add([] if x is None else [x])

    def givens(self, values: Mapping[Cell, int],
               selectors: Mapping[Cell, int] | None = None) -> None:
        """:meth:`given` for each cell of ``values``, behind ``selectors[cell]``
        when there is one.

        >>> f = Formula(); n = Numbers(f, [(0, 0), (0, 1)], [1, 2])
        >>> n.givens({(0, 0): 1, (0, 1): 1}); f.clauses[-2:]
        [[1], [3]]
        """
        selectors = selectors or {}
        for c, v in values.items():
            self.given(c, v, selectors.get(c))

    # -- groups ---------------------------------------------------------------------------------
    def all_different(self, group: Sequence[Cell], when: int | None = None) -> None:
        """No two cells of ``group`` hold the same value: at most one cell
        per value. When the group has as many cells as values between them
        (a Sudoku row), each value is then in exactly one cell, and the
        "at least one" half is added too (it is implied, and it lets the
        solver place a value that fits one cell only).

        >>> f = Formula(); n = Numbers(f, [1, 2], [1, 2])
        >>> n.all_different([1, 2]); f.clauses[-4:]
        [[1, 3], [-1, -3], [2, 4], [-2, -4]]
        """
        group = list(group)
        present = sorted({v for c in group for v in self.domain[c]})
        each_once = len(present) == len(group)
        with guarded(self.f, when):
            for v in present:
                lits = [self.var[c][v] for c in group if v in self.var[c]]
                if each_once:
                    self.f.exactly_one(lits)
                else:
                    self.f.at_most_one(lits)

    def relation(self, a: Cell, b: Cell, ok: Callable[[int, int], bool],
                 when: int | None = None) -> None:
        """``ok(value of a, value of b)`` holds: each pair of values it
        refuses is one binary clause (Futoshiki's <, Kropki's dots, a
        two-cell KenKen cage with - or /).

        >>> f = Formula(); n = Numbers(f, "ab", [1, 2])
        >>> n.relation("a", "b", lambda x, y: x < y); f.clauses[-3:]
        [[-1, -3], [-2, -3], [-2, -4]]
        """
        with guarded(self.f, when):
            for (va, xa), (vb, xb) in itertools.product(self.var[a].items(), self.var[b].items()):
                if not ok(va, vb):
                    self.f.add([-xa, -xb])

    def sum_is(self, group: Sequence[Cell], total: int, when: int | None = None,
               distinct: bool = False) -> None:
        """The values of ``group`` add up to ``total`` (Killer Sudoku cages,
        Kakuro runs, KenKen +), with ``distinct=True`` all different too:
        :func:`satlink.rules.sums.sum_is` (the digit sets of a distinct sum,
        an automaton otherwise; measured in ``encodings/sums.md``).

        >>> f = Formula(); n = Numbers(f, "ab", range(1, 10))
        >>> n.sum_is("ab", 17, distinct=True)     # 8 + 9
        >>> [v for v in range(1, 10) if [-n.val("a", v)] in f.clauses]
        [1, 2, 3, 4, 5, 6, 7]
        """
        from .sums import sum_is

        sum_is(self, group, total, when=when, distinct=distinct)

    def product_is(self, group: Sequence[Cell], total: int, when: int | None = None) -> None:
        """The values of ``group`` multiply to ``total`` (KenKen x).

        >>> f = Formula(); n = Numbers(f, "ab", range(1, 5))
        >>> n.product_is("ab", 6)
        >>> sorted(n.val("a", v) for v in range(1, 5) if [-n.val("a", v)] in f.clauses)
        [1, 4]
        """
        self.fold_is(list(group), operator.mul, 1, total, when, name="product")

    def fold_is(self, group: Sequence[Cell], op: Callable[[int, int], int], start: int,
                total: int, when: int | None = None, name: str = "fold") -> None:
        """``op(...op(op(start, v1), v2)..., vm) == total`` over the values of
        ``group`` in order: a layered automaton whose states after cell i are
        the partial results that are reachable from ``start`` and from which
        ``total`` is still reachable (a decision diagram of the admissible
        value combinations). A state variable ``(tag.name, group, total, i, t)`` per
        middle layer and state, exactly one per layer; "state t after cell
        i - 1 and value v in cell i" implies the state ``op(t, v)`` or, when
        that is not a state, is forbidden.

        >>> f = Formula(); n = Numbers(f, "abc", [0, 1])
        >>> n.fold_is("abc", operator.add, 0, 3)   # all ones
        >>> [f.name(c[0]) for c in f.clauses if len(c) == 1]   # one state each; a = 0 refused
        ["val.fold(('a', 'b', 'c'),3,1,1)", "val.fold(('a', 'b', 'c'),3,2,2)", '-val(a,0)']
        """
        group = list(group)
        f, m = self.f, len(group)
        doms = [self.domain[c] for c in group]
        reach = [{start}]
        for d in doms:
            reach.append({op(t, v) for t in reach[-1] for v in d})
        live = [set() for _ in range(m + 1)]
        live[m] = {total} & reach[m]
        for i in range(m, 0, -1):
            live[i - 1] = {t for t in reach[i - 1] if any(op(t, v) in live[i] for v in doms[i - 1])}
        state = {(i, t): f.var(f"{self.tag}.{name}", tuple(group), total, i, t)
                 for i in range(1, m) for t in sorted(live[i])}
        with guarded(f, when):
            if not live[0]:
                f.add([])  # no combination of values reaches the total
                return
            for i in range(1, m):
                f.exactly_one([state[(i, t)] for t in sorted(live[i])])
            for i in range(1, m + 1):
                cell = group[i - 1]
                for t in sorted(live[i - 1]):
                    before = [] if i == 1 else [-state[(i - 1, t)]]
                    for v, x in self.var[cell].items():
                        u = op(t, v)
                        if u not in live[i]:
                            f.add([*before, -x])
                        elif i < m:
                            f.add([*before, -x, state[(i, u)]])


def _flat(cell: Cell) -> tuple:
    """A cell's parts for a variable key: ``(r, c)`` gives ``r, c``."""
    return tuple(cell) if isinstance(cell, tuple) else (cell,)

"""Balanced lines of symbols (Binairo, Trinairo): a symbol 1..k per cell,
each symbol equally often in every row and column, optionally no three
equal symbols side by side along a line.

Encoding (``encodings/balanced.md``): a one-hot symbol per cell
(:class:`satlink.rules.numbers.Numbers`); per line and symbol, exactly
n / k of its n cells hold it (a cardinality constraint,
:func:`satlink.rules.counts.exactly`); "no three alike": per three
consecutive cells of a line and symbol, one clause "not all three". Every
rule is clauses equivalent to it: no lazy form.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> b = Balanced(f, [(0, c) for c in range(4)], 2, {(0, 0): 1, (0, 1): 1})
>>> b.balance([[(0, c) for c in range(4)]]); b.no_three([[(0, c) for c in range(4)]])
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), [b.value(Model(f, s.get_model()), (0, c)) for c in range(4)]
(True, [1, 1, 2, 2])
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from ..formula import Formula
from ..model import Model
from . import counts
from .numbers import Numbers

Cell = Hashable


class Balanced:
    """Symbols 1..``k`` on ``cells``; ``givens`` (cell -> symbol) fix cells
    directly, or with ``selectors=True`` hold while :meth:`selector` is
    assumed (every cell keeping every symbol)."""

    def __init__(self, f: Formula, cells: Sequence[Cell], k: int,
                 givens: Mapping[Cell, int] | None = None, selectors: bool = False,
                 tag: str = "sym") -> None:
        self.f, self.k = f, k
        symbols = list(range(1, k + 1))
        givens = {} if selectors else dict(givens or {})
        domains = {c: [givens[c]] if c in givens else symbols for c in cells}
        self.numbers = Numbers(f, cells, symbols, domains, tag)
        f.declare_answer(self.numbers.answer(), one_hot=True)

    def lits(self, cells: Sequence[Cell], v: int) -> tuple[list[int], int]:
        """(variables of ``cells`` that may hold ``v``, how many are fixed to it)."""
        out, fixed = [], 0
        for c in cells:
            x = self.numbers.var[c].get(v)
            if x is not None:
                if len(self.numbers.var[c]) == 1:
                    fixed += 1
                else:
                    out.append(x)
        return out, fixed

    def balance(self, lines: Sequence[Sequence[Cell]]) -> None:
        """Each symbol on exactly ``len(line) / k`` cells of every line (a
        line whose length k does not divide adds the empty clause)."""
        for line in lines:
            if len(line) % self.k:
                self.f.add([])
                continue
            for v in range(1, self.k + 1):
                lits, fixed = self.lits(line, v)
                need = len(line) // self.k - fixed
                if 0 <= need <= len(lits):
                    counts.exactly(self.f, lits, need)
                else:
                    self.f.add([])  # the givens already break the balance

    def no_three(self, lines: Sequence[Sequence[Cell]]) -> None:
        """No three consecutive cells of a line hold the same symbol."""
        var = self.numbers.var
        for line in lines:
            for a, b, c in zip(line, line[1:], line[2:]):
                for v in range(1, self.k + 1):
                    xs = [var[a].get(v), var[b].get(v), var[c].get(v)]
                    if None not in xs:
                        self.f.add([-x for x in xs])

    def differ(self, a: Cell, b: Cell) -> None:
        """``a`` and ``b`` hold different symbols."""
        va, vb = self.numbers.var[a], self.numbers.var[b]
        for v, x in va.items():
            if v in vb:
                self.f.add([-x, -vb[v]])

    def selector(self, cell: Cell, v: int) -> int | None:
        return self.numbers.val(cell, v)

    def value(self, model: Model, cell: Cell) -> int | None:
        return self.numbers.value(model, cell)


# -- checking, from the rules (for verify) -------------------------------------------------
def unbalanced(values: Mapping[Cell, int], lines: Sequence[tuple[str, Sequence[Cell]]],
               k: int) -> list[str]:
    """Each named line in which some symbol 1..k is not on len / k cells."""
    out = []
    for name, line in lines:
        got = [sum(values[c] == v for c in line) for v in range(1, k + 1)]
        if any(n * k != len(line) for n in got):
            out.append(f"{name} holds " + ", ".join(f"{n} x {v}" for v, n in
                                                    enumerate(got, 1))
                       + f", not {len(line) // k} of each")
    return out


def three_alike(values: Mapping[Cell, int], lines: Sequence[tuple[str, Sequence[Cell]]],
                name: Callable[[Cell], str]) -> list[str]:
    """Each run of three equal symbols along a named line."""
    return [f"{name(a)}, {name(b)} and {name(c)} all hold {values[a]} ({where})"
            for where, line in lines for a, b, c in zip(line, line[1:], line[2:])
            if values[a] == values[b] == values[c]]

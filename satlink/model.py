"""A model (satisfying assignment) read through a Formula's named variables."""
from __future__ import annotations

from collections.abc import Hashable, Sequence

from .formula import Formula


class Model:
    """Truth values of a formula's variables, looked up by key.

    >>> f = Formula(); a = f.var("x", 1); b = f.var("x", 2)
    >>> m = Model(f, [a, -b])
    >>> m["x", 1], m["x", 2], m["x", 3]
    (True, False, False)
    """

    __slots__ = ("formula", "_true")

    def __init__(self, formula: Formula, lits: Sequence[int]):
        self.formula = formula
        self._true = bytearray(formula.num_vars + 1)
        n = len(self._true)
        for lit in lits:
            if 0 < lit < n:
                self._true[lit] = 1

    def value(self, v: int) -> bool:
        """Truth of literal ``v`` (a variable beyond the model counts as false)."""
        if v > 0:
            return v < len(self._true) and bool(self._true[v])
        return not (-v < len(self._true) and self._true[-v])

    def __getitem__(self, key: Hashable) -> bool:
        key = key if isinstance(key, tuple) else (key,)
        v = self.formula.pool.obj2id.get(key)
        return v is not None and bool(self._true[v])

    def true_vars(self, variables: Sequence[int]) -> list[int]:
        t = self._true
        return [v for v in variables if t[v]]

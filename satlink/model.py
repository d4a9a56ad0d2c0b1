"""A model (satisfying assignment) read through a Formula's named variables."""
from __future__ import annotations

from collections.abc import Hashable, Sequence

from .formula import Formula


class Model:
    """Truth values of a formula's variables, looked up by key.

    ``lits`` may be any list of literals (an external solver's answer); a
    list from PySAT's ``get_model`` is dense (``lits[v - 1]`` is ``±v``) and
    is used as it is, without copying.

    >>> f = Formula(); a = f.var("x", 1); b = f.var("x", 2)
    >>> m = Model(f, [a, -b])
    >>> m["x", 1], m["x", 2], m["x", 3]
    (True, False, False)
    """

    __slots__ = ("formula", "_lits", "_true_answer")

    def __init__(self, formula: Formula, lits: Sequence[int], dense: bool = False):
        self.formula = formula
        if not dense:
            n = max(formula.num_vars, max((abs(x) for x in lits), default=0))
            arr = list(range(-1, -n - 1, -1))
            for lit in lits:
                if lit > 0:
                    arr[lit - 1] = lit
            lits = arr
        self._lits = lits
        self._true_answer = None

    def value(self, v: int) -> bool:
        """Truth of literal ``v`` (a variable beyond the model counts as false)."""
        # a branch on the sign instead of abs(), and the model's end found by
        # the IndexError (free in Python 3.11 when not raised) instead of a
        # len() a call: this runs for every cell a decode or cut finder reads
        # (a million calls over the dev slices, benchmarks/core14_profile.py)
        try:
            if v > 0:
                return self._lits[v - 1] > 0
            return self._lits[-v - 1] < 0
        except IndexError:
            return v < 0

    def __getitem__(self, key: Hashable) -> bool:
        key = key if isinstance(key, tuple) else (key,)
        v = self.formula.pool.obj2id.get(key)
        return v is not None and v <= len(self._lits) and self._lits[v - 1] > 0

    def true_vars(self, variables: Sequence[int]) -> list[int]:
        """The variables among ``variables`` that are true."""
        lits, n = self._lits, len(self._lits)
        return [v for v in variables if v <= n and lits[v - 1] > 0]

    def true_in_range(self, first: int, last: int) -> list[int]:
        """The true variables among ``first..last`` (consecutive variables:
        one slice of the model, no lookup per variable)."""
        return [x for x in self._lits[first - 1:last] if x > 0]

    def block(self, variables: Sequence[int]) -> list[int]:
        """The clause that some of ``variables`` takes another value than in
        this model: ``-v`` for a true variable, ``v`` for a false one (one
        read of the model each: its entry for ``v`` is ``v`` or ``-v``).

        >>> f = Formula(); a, b = f.var("x", 1), f.var("x", 2)
        >>> Model(f, [a, -b]).block([a, b, 3])
        [-1, 2, 3]
        """
        lits = self._lits
        n = len(lits)
        return [-lits[v - 1] if v <= n else v for v in variables]

    def true_answer(self) -> list[int]:
        """The true answer variables of the formula (computed once)."""
        if self._true_answer is None:
            span = self.formula.answer_span()
            if span is not None and span[1] <= len(self._lits):
                self._true_answer = [x for x in self._lits[span[0] - 1:span[1]] if x > 0]
            else:
                self._true_answer = self.true_vars(self.formula.answer)
        return self._true_answer

    def true_keys(self, variables: Sequence[int]) -> list:
        """Keys of the true variables among ``variables``."""
        obj = self.formula.pool.id2obj
        return [obj[v] for v in self.true_vars(variables)]

"""Facts and how they are named: a fact is the value of one answer variable
(a literal over the genre's answer variables), named in the genre's own
cell names (``r3c4 = 5``, ``r2c2 lamp``, ``h(0,3) not loop``).

The names come from the genre itself, not from the variable keys: a model
with only the fact's variable true (every other answer variable false) is
decoded, its ``cells`` map compared with the all-false model's, and the
cells that change are the fact's cells. So every genre with ``cells`` gets
readable facts without a line of its own; where decoding such a model
fails, the variable's key names it (``lamp(0,3)``).

>>> from satlink.api import load_text
>>> item = load_text("puzzle akari\\nsize 2 x 2\\ngrid\\n  . 1\\n  . .\\n")[0]
>>> from satlink.contract import Options
>>> from satlink.engine.search import encode
>>> enc = encode(item.puzzle, item.instance, Options(clues="selectors"))
>>> names = Namer(item.puzzle, item.instance, enc)
>>> lamp = enc.formula.var("lamp", 0, 0)
>>> names.text(lamp), names.text(-lamp)
('r1c1 lamp', 'r1c1 not lamp')
"""
from __future__ import annotations

from ..model import Model


class Namer:
    """Names the facts of one encoding (computed on demand, kept per
    variable in this object)."""

    def __init__(self, puzzle, inst, encoding):
        self.puzzle = puzzle
        self.inst = inst
        self.formula = encoding.formula
        self.encoding = encoding
        self._base = None
        self._named: dict[int, tuple[list[str], object]] = {}

    def _cells(self, true_vars: list[int]) -> dict:
        n = self.formula.num_vars
        lits = list(range(-1, -n - 1, -1))
        for v in true_vars:
            lits[v - 1] = v
        solution = self.encoding.decode(Model(self.formula, lits, dense=True))
        return self.puzzle.cells(self.inst, solution)

    def cells(self, var: int) -> tuple[list[str], object]:
        """The cell names a variable stands for and the value it gives them
        (None when only its key names it)."""
        if var not in self._named:
            named = None
            if self.puzzle.cells is not None:
                try:
                    if self._base is None:
                        self._base = self._cells([])
                    mine = self._cells([var])
                    changed = [k for k in mine if mine[k] != self._base.get(k)]
                    if changed:
                        named = (changed, mine[changed[0]])
                except Exception:  # a genre whose decode needs a whole solution
                    named = None
            if named is None:
                named = ([self.formula.name(var)], None)
            self._named[var] = named
        return self._named[var]

    def family(self, var: int) -> str:
        key = self.formula.key(var)
        return str(key[0]) if isinstance(key, tuple) and key else "true"

    def cell(self, lit: int) -> str:
        """The cell (or cells, joined by ``-``) a fact is about."""
        return "-".join(self.cells(abs(lit))[0])

    def text(self, lit: int) -> str:
        """``r3c4 = 5``, ``r3c4 ≠ 5``, ``r2c2 lamp``, ``r2c2 not lamp``."""
        names, value = self.cells(abs(lit))
        where = "-".join(names)
        if len(names) == 1 and value is not None and not isinstance(value, bool):
            return f"{where} = {value}" if lit > 0 else f"{where} ≠ {value}"
        family = self.family(abs(lit))
        if value is None and len(names) == 1 and names[0].startswith(family):
            return f"{where} true" if lit > 0 else f"{where} false"
        return f"{where} {family}" if lit > 0 else f"{where} not {family}"

    def lookup(self, variables) -> dict[str, int]:
        """Text -> literal, for both values of each of ``variables`` (reading
        a state written as the fact lines ``explain`` prints)."""
        out = {}
        for v in variables:
            for lit in (v, -v):
                out[_norm(self.text(lit))] = lit
        return out


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("!=", "≠").split())


def normalise(text: str) -> str:
    """A fact line as :meth:`Namer.lookup` keys it (case and spaces free, ``!=`` for ``≠``)."""
    return _norm(text)

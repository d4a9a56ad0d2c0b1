"""Region digits: every region of k cells holds the digits 1..k, each once
(Suguru, Hakyuu / Ripple Effect, Cojun, Makaro), with the relations between
cells those genres add: two cells never equal (neighbours), an order (the
upper cell of a region larger), equal digits kept apart along a line
(Ripple Effect: two Xs in a row or column have at least X cells between
them).

Encoding (``encodings/region_digits.md``): a digit per cell over 1..k of
its region, at least one true (:class:`satlink.rules.latin.OpenCells`),
"exactly one cell per digit" in each region (a region of k cells over k
digits: all different is each digit once), which makes it at most one: k
cells with a digit each, each digit in one cell at most, leave no cell two
digits; a given narrows its cell to the one digit
(directly), or its selector is the cell's variable for that digit
(selector mode, every cell keeps its whole range). The relations are
binary clauses. Everything is local: no lazy form.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> d = RegionDigits(f, [[(0, 0), (0, 1)], [(1, 0)], [(1, 1)]], {(0, 0): 2})
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), [d.value(Model(f, s.get_model()), c) for c in [(0, 0), (0, 1), (1, 0)]]
(True, [2, 1, 1])
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

from ..formula import Formula
from ..model import Model
from .latin import OpenCells

Cell = Hashable


class RegionDigits:
    """A digit per cell of ``regions`` (lists of cells), 1..k in a region of
    k cells, each once. ``givens`` (cell -> digit) fix cells; with
    ``selectors=True`` each given holds only while :meth:`selector` of it
    is assumed. ``narrowed`` (cell -> digits) leaves a cell only those of
    its digits, for digits that no solution puts there (the caller's proof). A given outside 1..k makes the formula unsatisfiable (the
    empty clause) in direct mode; readers refuse it before."""

    def __init__(self, f: Formula, regions: Sequence[Sequence[Cell]],
                 givens: Mapping[Cell, int] | None = None, selectors: bool = False,
                 tag: str = "digit", narrowed: Mapping[Cell, Iterable[int]] | None = None) -> None:
        self.f = f
        self.regions = [list(r) for r in regions]
        self.size = {c: len(r) for r in self.regions for c in r}
        givens = dict(givens or {})
        narrowed = narrowed or {}  # cell -> the digits it may still hold (every solution's kept)
        domains: dict[Cell, list[int]] = {}
        for region in self.regions:
            for c in region:
                full = list(range(1, len(region) + 1))
                if not selectors and c in givens:
                    full = [v for v in full if v == givens[c]]
                if c in narrowed:
                    full = [v for v in full if v in narrowed[c]]
                domains[c] = full
        top = max(self.size.values(), default=1)
        # each cell at least one digit; its at most one is implied (module docstring)
        self.numbers = OpenCells(f, domains, range(1, top + 1), tag, lambda c: False)
        for region in self.regions:
            self.numbers.all_different(region)
        f.declare_answer(self.numbers.answer(), one_hot=True)

    # -- relations ---------------------------------------------------------------------
    def differ(self, a: Cell, b: Cell) -> None:
        """``a`` and ``b`` never hold the same digit."""
        va, vb = self.numbers.var[a], self.numbers.var[b]
        for v, x in va.items():
            if v in vb:
                self.f.add([-x, -vb[v]])

    def order(self, a: Cell, b: Cell, ok: Callable[[int, int], bool]) -> None:
        """``ok(digit of a, digit of b)`` holds (a binary clause per refused pair)."""
        self.numbers.relation(a, b, ok)

    def apart(self, line: Sequence[Cell]) -> None:
        """Along ``line`` (a row or a column, in order), two cells holding the
        same digit X have at least X cells between them: for X at position
        i, none of the next X cells holds X."""
        var = self.numbers.var
        for i, a in enumerate(line):
            for v, x in var[a].items():
                for b in line[i + 1:i + 1 + v]:
                    y = var[b].get(v)
                    if y is not None:
                        self.f.add([-x, -y])

    # -- reading -------------------------------------------------------------------------
    def selector(self, cell: Cell, digit: int) -> int | None:
        """The literal that, assumed, makes ``cell`` hold ``digit`` (None: out of range)."""
        return self.numbers.val(cell, digit)

    def value(self, model: Model, cell: Cell) -> int | None:
        return self.numbers.value(model, cell)


# -- checking, from the rules (for verify) -------------------------------------------------
def broken_regions(values: Mapping[Cell, int | None], regions: Iterable[Sequence[Cell]],
                   name: Callable[[Cell], str]) -> list[str]:
    """Each region of k cells whose digits are not 1..k once each, named by
    its first cell."""
    out = []
    for region in regions:
        got = sorted((values.get(c) or 0) for c in region)
        if got != list(range(1, len(region) + 1)):
            out.append(f"the region at {name(region[0])} holds {got},"
                       f" not 1..{len(region)} once each")
    return out


def close_repeats(values: Mapping[Cell, int | None], line: Sequence[Cell],
                  name: Callable[[Cell], str]) -> list[str]:
    """Pairs of equal digits X along ``line`` with fewer than X cells between them."""
    out = []
    for i, a in enumerate(line):
        v = values.get(a)
        for j in range(i + 1, len(line)):
            if v and values.get(line[j]) == v and j - i <= v:
                out.append(f"the {v}s at {name(a)} and {name(line[j])} have"
                           f" {j - i - 1} cells between them, fewer than {v}")
    return out

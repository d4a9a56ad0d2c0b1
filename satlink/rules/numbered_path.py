"""A numbered path: the cells hold 1..N once each, and each number's
successor stands on a neighbouring cell (Hidoku / Hidato with king moves,
Numbrix with orthogonal ones): a Hamiltonian path written out as numbers.

Encoding (``encodings/numbered_path.md``): over a
:class:`satlink.rules.numbers.Numbers` (one-hot value per cell) whose values
are all different, "``c`` holds ``v``" implies that a neighbour of ``c``
holds ``v + 1`` (and ``v - 1``, implied but it propagates). No lazy part:
the clauses say exactly "numbered along a path". :func:`reach` gives the
domains that givens leave (a cell ``d`` steps from a given ``g = w`` holds
no ``v`` with ``|v - w| < d``), a valid deduction for direct givens.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> g = Grid(1, 3)
>>> n = Numbers(f, g.cells, range(1, 4), reach(g.cells, 3, {(0, 0): 1}, chebyshev))
>>> numbered_path(f, n, lambda c: [x for x in g.cells if chebyshev(c, x) == 1])
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), [n.value(Model(f, s.get_model()), c) for c in g.cells]
(True, [1, 2, 3])
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..formula import Formula
from .grid import Cell
from .numbers import Numbers


def chebyshev(a: Cell, b: Cell) -> int:
    """King-move distance."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan(a: Cell, b: Cell) -> int:
    """Rook-step (orthogonal) distance."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def reach(cells: Iterable[Cell], n: int, givens: Mapping[Cell, int],
          distance: Callable[[Cell, Cell], int]) -> dict[Cell, list[int]]:
    """The values 1..n each cell can hold on a path through ``givens``:
    a given cell its own value, another cell every ``v`` with
    ``distance(c, g) <= |v - w|`` for each given ``g = w`` (each step of
    the path moves one unit of ``distance`` at most)."""
    out = {}
    taken = set(givens.values())
    for c in cells:
        if c in givens:
            out[c] = [givens[c]]
            continue
        banned = set(taken)
        for g, w in givens.items():
            d = distance(c, g)
            banned.update(range(w - d + 1, w + d))
        out[c] = [v for v in range(1, n + 1) if v not in banned]
    return out


def numbered_path(f: Formula, numbers: Numbers,
                  neighbours: Callable[[Cell], Iterable[Cell]]) -> None:
    """The cells of ``numbers`` hold its values once each (as many cells as
    values), consecutive values on cells that are ``neighbours``."""
    numbers.all_different(numbers.cells)
    top = max(numbers.values)
    low = min(numbers.values)
    for c in numbers.cells:
        near = list(neighbours(c))
        for v, x in numbers.var[c].items():
            for w in (v + 1, v - 1):
                if low <= w <= top:
                    f.add([-x, *(y for y in (numbers.val(d, w) for d in near) if y is not None)])

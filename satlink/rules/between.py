"""The sum between the two black cells of a line (Doppelblock): a line's
cells each hold black (value 0) or a digit; exactly two are black (said
elsewhere); the digits strictly between the two blacks add up to a total.

Encoding (``encodings/between.md``): a layered automaton over the line, its
state after each cell a phase (0: before the first black, 1: between, 2:
after the second) and the sum so far (counted in phase 1 only), restricted
to states reachable from the start and from which the accepted end (phase
2, sum = total) is still reachable; one-hot states per layer; a cell's
value moves the state (black: next phase; a digit v: sum + v in phase 1).
Exact, no lazy form.

>>> from satlink.formula import Formula
>>> from satlink.rules.numbers import Numbers
>>> f = Formula(); n = Numbers(f, range(4), range(0, 3))
>>> sum_between(f, [n.var[c] for c in range(4)], 2)
>>> f.add([n.var[0][1]])                  # the line starts with a 1
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), [n.value(Model(f, s.get_model()), c) for c in range(4)]
(True, [1, 0, 2, 0])
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..formula import Formula
from .counts import guarded

BLACK = 0


def _step(state: tuple[int, int], v: int) -> tuple[int, int] | None:
    phase, t = state
    if v == BLACK:
        return (phase + 1, t) if phase < 2 else None
    return (phase, t + v) if phase == 1 else state


def sum_between(f: Formula, cells: Sequence[Mapping[int, int]], total: int,
                when: int | None = None) -> None:
    """``cells``: each cell's one-hot value literals (value -> literal, 0
    black). The line has exactly two black cells and the digits between
    them add up to ``total``, unless ``when`` is false."""
    m = len(cells)
    reach = [{(0, 0)}]
    for lits in cells:
        reach.append({s for t in reach[-1] for v in lits if (s := _step(t, v)) is not None})
    live = [set() for _ in range(m + 1)]
    live[m] = {s for s in reach[m] if s == (2, total)}
    for i in range(m, 0, -1):
        live[i - 1] = {t for t in reach[i - 1] if any(_step(t, v) in live[i] for v in cells[i - 1])}
    state = {(i, s): f.new_aux() for i in range(1, m) for s in sorted(live[i])}
    with guarded(f, when):
        if not live[0]:
            f.add([])
            return
        for i in range(1, m):
            f.exactly_one([state[(i, s)] for s in sorted(live[i])])
        for i in range(1, m + 1):
            for t in sorted(live[i - 1]):
                before = [] if i == 1 else [-state[(i - 1, t)]]
                for v, x in cells[i - 1].items():
                    u = _step(t, v)
                    if u is None or u not in live[i]:
                        f.add([*before, -x])
                    elif i < m:
                        f.add([*before, -x, state[(i, u)]])


def between(values: Sequence[int]) -> int | None:
    """The sum of the values between the first two zeros (None: fewer than two)."""
    zeros = [i for i, v in enumerate(values) if v == BLACK]
    if len(zeros) < 2:
        return None
    return sum(values[zeros[0] + 1:zeros[1]])

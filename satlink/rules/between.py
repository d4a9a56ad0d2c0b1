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
from itertools import combinations

from ..formula import PAIRWISE_LIMIT, Formula
from .counts import guarded

BLACK = 0
#: The longest line :func:`sum_between_placed` encodes by placements.
PLACED_MOST = 14


def sum_between(f: Formula, cells: Sequence[Mapping[int, int]], total: int,
                when: int | None = None) -> None:
    """``cells``: each cell's one-hot value literals (value -> literal, 0
    black). The line has exactly two black cells and the digits between
    them add up to ``total``, unless ``when`` is false."""
    m = len(cells)
    live = _live(cells, total)
    order = [sorted(layer) for layer in live]
    new_aux = f.new_aux
    state: list[dict[tuple[int, int], int]] = [{}]
    for i in range(1, m):
        state.append({s: new_aux() for s in order[i]})
    state.append({})
    with guarded(f, when):
        if not live[0]:
            f.add([])
            return
        for i in range(1, m):
            xs = list(state[i].values())
            if len(xs) > PAIRWISE_LIMIT:
                f.exactly_one(xs)
            else:  # f.exactly_one's clauses, without its calls
                f.clauses.append(xs)
                f.clauses.extend(map(list, combinations([-x for x in xs], 2)))
        extend = f.clauses.extend
        for i in range(1, m + 1):
            nxt, here, last = live[i], state[i], i == m
            items = list(cells[i - 1].items())
            for t in order[i - 1]:
                phase, t_sum = t
                # the state's move by each value: black to the next phase
                # (none after the second), a digit adds to the sum in phase 1
                if phase == 1:
                    moves = [((2, t_sum) if v == BLACK else (1, t_sum + v), x) for v, x in items]
                elif phase == 0:
                    moves = [((1, t_sum) if v == BLACK else t, x) for v, x in items]
                else:
                    moves = [(None if v == BLACK else t, x) for v, x in items]
                # refused where the move leaves the live states, else leads on
                if i == 1:
                    extend([[-x, here[u]] if u in nxt else [-x]
                            for u, x in moves if not last or u not in nxt])
                else:
                    s = -state[i - 1][t]
                    extend([[s, -x, here[u]] if u in nxt else [s, -x]
                            for u, x in moves if not last or u not in nxt])


def _live(cells: Sequence[Mapping[int, int]], total: int) -> list[set[tuple[int, int]]]:
    """Per layer, the states reachable from the start from which the end
    (phase 2, sum ``total``) is still reachable, by phases (0: only sum 0,
    black moves on; 1: sums grow by the digits, black moves on; 2: sums
    stay, black is refused), each phase's
    sums as a set, so that the work is per sum, not per state and value."""
    m = len(cells)
    digits = [[v for v in lits if v != BLACK] for lits in cells]
    black = [BLACK in lits for lits in cells]
    reach = [({0}, set(), set())]
    for i in range(m):
        r0, r1, r2 = reach[-1]
        d, b = digits[i], black[i]
        # sums past the total in phase 1, and other than it in phase 2, never
        # reach the end: left out here already (the live states are the same)
        reach.append((r0 if d else set(),
                      ({0} if r0 and b else set())
                      | {u for t in r1 for v in d if (u := t + v) <= total},
                      ((r1 if b else set()) | (r2 if d else set())) & {total}))
    l0, l1, l2 = set(), set(), ({total} & reach[m][2])
    live = [set() for _ in range(m + 1)]
    live[m] = {(2, t) for t in l2}
    for i in range(m, 0, -1):
        r0, r1, r2 = reach[i - 1]
        d, b = digits[i - 1], black[i - 1]
        n0 = {0} if 0 in r0 and ((d and 0 in l0) or (b and 0 in l1)) else set()
        n1 = r1 & ({u - v for u in l1 for v in d} | (l2 if b else set()))
        n2 = {t for t in r2 if d and t in l2}
        l0, l1, l2 = n0, n1, n2
        live[i - 1] = {(0, t) for t in l0} | {(1, t) for t in l1} | {(2, t) for t in l2}
    return live


def between(values: Sequence[int]) -> int | None:
    """The sum of the values between the first two zeros (None: fewer than two)."""
    zeros = [i for i, v in enumerate(values) if v == BLACK]
    if len(zeros) < 2:
        return None
    return sum(values[zeros[0] + 1:zeros[1]])


def sum_between_placed(f: Formula, cells: Sequence[Mapping[int, int]], total: int,
                       when: int | None = None, memo: dict | None = None) -> None:
    """:func:`sum_between` for a line whose digits are all different (said
    elsewhere, as are its two blacks), by the placements of the two blacks
    (``encodings/between.md``): a pair of cells whose gap no set of
    different digits fills with ``total`` is refused (``not b_i or not
    b_j``); a pair with one such set D has each digit of D between them
    (a clause per digit); a pair with several sets chooses one (a new
    variable each). Up to :data:`PLACED_MOST` cells; a longer line, whose
    sets grow past counting, is :func:`sum_between`'s automaton. A caller
    encoding many lines passes one ``memo`` dict: the sets of digits for a
    total are found once (state passed, never kept in the module).

    >>> from satlink.formula import Formula
    >>> from satlink.rules.numbers import Numbers
    >>> f = Formula(); n = Numbers(f, range(4), range(0, 3))
    >>> sum_between_placed(f, [n.var[c] for c in range(4)], 2)
    >>> f.clauses[-6:]   # (cell, value) is variable 3 cell + value + 1
    [[-1, -4], [-1, -7, 6], [-1, -10], [-4, -7], [-4, -10, 9], [-7, -10]]

    Blacks at 0 and 2 have a 2 between them (variable 6); at 0 and 3 the
    two cells between hold 1 and 2, 3 in all: refused.
    """
    m = len(cells)
    if m > PLACED_MOST:
        sum_between(f, cells, total, when)
        return
    blacks = [c.get(BLACK) for c in cells]
    digits = sorted({v for c in cells for v in c if v != BLACK})
    key = (*digits, -total, m)  # the digits are positive: -total ends them
    sets = memo.get(key) if memo is not None else None
    if sets is None:
        sets = _sets_by_size(digits, total, m - 2)
        if memo is not None:
            memo[key] = sets
    add = f.clauses.append
    new_aux = f.new_aux
    with guarded(f, when):
        for i in range(m - 1):
            bi = blacks[i]
            if bi is None:
                continue
            for j in range(i + 1, m):
                bj = blacks[j]
                if bj is None:
                    continue
                fam = sets.get(j - i - 1)
                if not fam:
                    add([-bi, -bj])
                    continue
                inner = cells[i + 1:j]
                if len(fam) == 1:
                    for v in fam[0]:
                        add([-bi, -bj, *[c[v] for c in inner if v in c]])
                    continue
                qs = [new_aux() for _ in fam]
                add([-bi, -bj, *qs])
                for q, d in zip(qs, fam):
                    for v in d:
                        add([-q, *[c[v] for c in inner if v in c]])


def _sets_by_size(digits: Sequence[int], total: int, most: int) -> dict[int, list[tuple]]:
    """The sets of ``digits`` (sorted, positive) adding up to ``total``, by size."""
    out: dict[int, list[tuple]] = {}

    def go(start: int, left: int, chosen: tuple) -> None:
        if left == 0:
            out.setdefault(len(chosen), []).append(chosen)
            return
        if len(chosen) == most:
            return
        for k in range(start, len(digits)):
            v = digits[k]
            if v > left:
                break
            go(k + 1, left - v, (*chosen, v))

    go(0, total, ())
    return out

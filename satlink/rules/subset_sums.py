"""Narrowing before encoding: which items of crossing subset sums the totals force.

Each line is a set of items (hashable keys) with non-negative integer
weights and a total: the weights of the chosen items add up to the total.
An item may lie on several lines (a cell on its row and its column). For
each line and each item still open on it, :func:`narrow` asks whether some
choice of the line's other open items completes the total with the item
chosen, and whether one does with it left out; an item that can only be
chosen (or only left out) is fixed, the lines through it lose it (and its
weight, when chosen, from their totals), and the lines are asked again until
nothing changes. Each answer is a subset sum over one line alone, so a fixed
item is fixed in every solution of all the lines together: the narrowing
removes no solution (``encodings/numbercross.md``).

The subset sums are bit sets in Python integers: ``before[i]`` the sums the
open items before ``i`` can make, ``after[i]`` the partial sums from which
the items from ``i`` on can still reach the total. Item ``i`` can be chosen
when ``before[i] & (after[i + 1] >> w)`` is not empty, left out when
``before[i] & after[i + 1]`` is not.

>>> lines = [(["a", "b", "c"], 5), (["a", "d"], 0)]
>>> fixed, ok = narrow(lines, {"a": 2, "b": 3, "c": 5, "d": 4})
>>> ok, sorted(fixed.items())
(True, [('a', False), ('b', False), ('c', True), ('d', False)])
>>> narrow([(["a", "b"], 4)], {"a": 1, "b": 2})[1]
False

:func:`exact_sum` encodes one line with the same bit sets: the automaton of
:func:`satlink.rules.sums.linear` (``encodings/sums.md``, the same states and
clauses), its live partial sums computed as bit sets instead of Python sets.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from ..formula import Formula


def _line(items: list, weights: Mapping, total: int) -> dict | None:
    """The items of one line that only one choice fits: item -> chosen.
    None when no choice of the items reaches the total."""
    if total < 0:
        return None
    full = (1 << (total + 1)) - 1
    before = [1]
    for x in items:
        b = before[-1]
        before.append((b | (b << weights[x])) & full)
    if not (before[-1] >> total) & 1:
        return None
    fixed = {}
    after = 1 << total
    for i in range(len(items) - 1, -1, -1):
        x = items[i]
        w, b = weights[x], before[i]
        chosen = bool(b & (after >> w))
        out = bool(b & after)
        if chosen != out:
            fixed[x] = chosen
        after |= after >> w
    return fixed


def narrow(lines: Sequence[tuple[Sequence[Hashable], int]],
           weights: Mapping[Hashable, int]) -> tuple[dict, bool]:
    """The items fixed by the lines (item -> chosen) and whether the lines
    are still satisfiable each on its own (False: some line has no choice
    left). Lines are (items, total)."""
    fixed: dict = {}
    on: dict = {}
    for k, (items, _) in enumerate(lines):
        for x in items:
            on.setdefault(x, []).append(k)
    todo = set(range(len(lines)))
    while todo:
        k = todo.pop()
        items, total = lines[k]
        open_ = [x for x in items if x not in fixed]
        rest = total - sum(weights[x] for x in items if fixed.get(x))
        got = _line(open_, weights, rest)
        if got is None:
            return fixed, False
        for x, chosen in got.items():
            fixed[x] = chosen
            todo.update(j for j in on[x] if j != k)
    return fixed, True


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, ascending."""
    return [i for i, bit in enumerate(reversed(bin(mask))) if bit == "1"]


def exact_sum(f: Formula, terms: Sequence[tuple[int, int]], total: int) -> None:
    """``sum(weight for literal, weight in terms if literal) == total``, the
    weights non-negative: :func:`satlink.rules.sums.linear` with ``"=="``
    and no selector, the layered automaton over the live partial sums.

    >>> f = Formula(); x = [f.var("x", i) for i in range(3)]
    >>> exact_sum(f, [(x[0], 1), (x[1], 2), (x[2], 4)], 5)
    >>> from pysat.solvers import Solver
    >>> with Solver(bootstrap_with=f.clauses) as s:
    ...     [[v > 0 for v in m[:3]] for m in s.enum_models()]
    [[True, False, True]]
    """
    m = len(terms)
    if total < 0:
        f.add([])
        return
    full = (1 << (total + 1)) - 1
    reach = [1]
    for _, w in terms:
        r = reach[-1]
        reach.append((r | (r << w)) & full)
    live = [0] * (m + 1)
    after = 1 << total
    for i in range(m, -1, -1):
        live[i] = reach[i] & after
        if i:
            after |= after >> terms[i - 1][1]
    if not live[0]:
        f.add([])
        return
    state: list[dict[int, int]] = [{} for _ in range(m + 1)]
    for i in range(1, m):
        state[i] = {t: f.new_aux() for t in _bits(live[i])}
        f.exactly_one(list(state[i].values()))
    add = f.clauses.append
    for i in range(1, m + 1):
        x, w = terms[i - 1]
        nxt, here, last, ok = state[i], state[i - 1], i == m, live[i]
        for t in _bits(live[i - 1]):
            guard = [] if i == 1 else [-here[t]]
            for u, lit in ((t, -x), (t + w, x)):
                if not (ok >> u) & 1:
                    add(guard + [-lit])
                elif not last:
                    add(guard + [-lit, nxt[u]])

"""Sums and linear constraints: a sum over a group of number cells equals,
is at most or is at least a total (Kakuro runs, Killer cages, KenKen +), and
a weighted sum of literals compared with a bound (a pseudo-Boolean
constraint: Kakurasu, any count with weights).

Each rule may sit behind a clue's selector literal ``when`` (every clause it
adds then carries ``not when``: :func:`satlink.rules.counts.guarded`).

>>> from satlink.formula import Formula
>>> from satlink.rules.numbers import Numbers
>>> f = Formula()
>>> n = Numbers(f, "abc", range(1, 10))
>>> sum_is(n, "abc", 7, distinct=True)        # {1, 2, 4}
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), sorted(n.value(Model(f, s.get_model()), c) for c in "abc")
(True, [1, 2, 4])

The encodings were chosen by measurement (``benchmarks/sums.py``, numbers
in ``encodings/sums.md``): a sum of distinct values is a table of the digit
sets it allows (fastest by far); any other sum, and :func:`linear`, is
satlink's own layered automaton. pindakaas's decision diagram measured about
5 % faster on repeated-digit sums, within the run-to-run noise and on a
workload no genre has yet, through a private call of its API: not worth a
dependency today (the benchmark keeps measuring it). PBLib through
``pysat.pb`` was slower still, and its binding (``pypblib``) needs a
compiler to install.

Before encoding, :func:`distinct_filter` and :func:`cage_filters` narrow
the cells' digits (:func:`satlink.rules.digit_narrowing.narrow`) by the digit sets.
"""
from __future__ import annotations

import itertools
import operator
from collections.abc import Hashable, Iterable, Sequence

from ..formula import Formula
from .counts import guarded
from .numbers import Numbers

Cell = Hashable

#: Comparison of a sum with its total.
RELATIONS = {"==": operator.eq, "<=": operator.le, ">=": operator.ge}
#: Encodings of a sum over number cells, selectable by name (benchmarks).
METHODS = ("table", "automaton", "halves")


def sum_is(numbers: Numbers, group: Sequence[Cell], total: int, relation: str = "==",
           when: int | None = None, distinct: bool = False, method: str | None = None) -> None:
    """The values of ``group`` add up to ``total`` (``relation`` ``"=="``,
    ``"<="`` or ``">="``), unless ``when`` is false. ``distinct=True``: the
    values are also all different (a Kakuro run, a Killer cage).

    ``method``: ``table`` (the default for distinct sums, and only for them)
    a choice among the digit sets the sum allows, which alone makes the
    values distinct (``encodings/sums.md``); ``automaton`` (the default for
    the others) :func:`automaton` over the digits. With ``automaton`` a
    distinct sum adds
    :meth:`Numbers.all_different` behind the same ``when``.

    >>> from satlink.formula import Formula
    >>> f = Formula(); n = Numbers(f, "ab", range(1, 10))
    >>> sum_is(n, "ab", 17, distinct=True)     # 8 + 9: the other digits refused
    >>> sorted(v for v in range(1, 10) if [-n.val("a", v)] in f.clauses)
    [1, 2, 3, 4, 5, 6, 7]
    """
    group = list(group)
    if relation not in RELATIONS:
        raise ValueError(f"relation must be one of {list(RELATIONS)}, not {relation!r}")
    method = method or ("table" if distinct else "automaton")
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, not {method!r}")
    if method == "table":
        if not distinct:
            raise ValueError("the table method encodes sums of distinct values only")
        _table(numbers, group, total, relation, when)
        return
    if distinct:
        numbers.all_different(group, when)
    layers = [sorted(numbers.var[c].items()) for c in group]
    if method == "halves":
        halves(numbers.f, layers, total, relation, when)
        return
    automaton(numbers.f, layers, total, relation, when,
              key=(f"{numbers.tag}.sum", tuple(group), relation, total))


def linear(f: Formula, terms: Sequence[tuple[int, int]], relation: str, bound: int,
           when: int | None = None) -> None:
    """``sum(weight for literal, weight in terms if literal) relation bound``
    (a pseudo-Boolean constraint: :func:`automaton` with a layer
    ``[(0, not literal), (weight, literal)]`` per term), unless ``when`` is
    false. Weights may be negative; a literal may repeat.

    >>> f = Formula(); x = [f.var("x", i) for i in range(3)]
    >>> linear(f, [(x[0], 1), (x[1], 2), (x[2], 4)], "==", 5)
    >>> from pysat.solvers import Solver
    >>> with Solver(bootstrap_with=f.clauses) as s:
    ...     s.solve(), [v > 0 for v in s.get_model()[:3]]
    (True, [True, False, True])
    """
    if relation not in RELATIONS:
        raise ValueError(f"relation must be one of {list(RELATIONS)}, not {relation!r}")
    automaton(f, [[(0, -x), (w, x)] for x, w in terms], bound, relation, when)


# -- the automaton -------------------------------------------------------------------------
def automaton(f: Formula, layers: Sequence[Sequence[tuple[int, int]]], total: int,
              relation: str = "==", when: int | None = None, key: tuple | None = None) -> None:
    """``sum of the chosen values relation total``, where each layer is a
    list of (value, literal) of which exactly one literal is true (a cell's
    one-hot digits; ``[(0, -x), (w, x)]`` for a weighted literal): a
    layered automaton over the partial sums that are reachable from 0 and
    from which an accepted total is still reachable (``encodings/sums.md``).
    State variables are ``(*key, i, t)`` when ``key`` is given, else
    auxiliaries.

    >>> f = Formula(); x = [f.var("x", i) for i in range(3)]
    >>> automaton(f, [[(0, -v), (1, v)] for v in x], 2, "<=")   # at most 2 of 3
    >>> from pysat.solvers import Solver
    >>> with Solver(bootstrap_with=f.clauses + [[v] for v in x]) as s:
    ...     s.solve()
    False
    """
    accept = RELATIONS[relation]
    m = len(layers)
    values = [{v for v, _ in layer} for layer in layers]
    reach = [{0}]
    for vs in values:
        reach.append({t + v for t in reach[-1] for v in vs})
    live = [set() for _ in range(m + 1)]
    live[m] = {t for t in reach[m] if accept(t, total)}
    for i in range(m, 0, -1):
        nxt, vs = live[i], values[i - 1]
        live[i - 1] = {t for t in reach[i - 1] if any(t + v in nxt for v in vs)}
    order = [sorted(s) for s in live]
    state: list[dict[int, int]] = [{} for _ in range(m + 1)]  # layer -> sum -> variable
    for i in range(1, m):
        state[i] = ({t: f.var(*key, i, t) for t in order[i]} if key is not None
                    else {t: f.new_aux() for t in order[i]})
    with guarded(f, when):
        if not live[0]:
            f.add([])  # no choice of values reaches an accepted total
            return
        for i in range(1, m):
            f.exactly_one(list(state[i].values()))
        add = f.clauses.append
        for i in range(1, m + 1):
            nxt, here, layer, last = state[i], state[i - 1], layers[i - 1], i == m
            for t in order[i - 1]:
                if i == 1:
                    for v, x in layer:
                        u = t + v
                        if u not in live[i]:
                            add([-x])
                        elif not last:
                            add([-x, nxt[u]])
                    continue
                s = -here[t]
                for v, x in layer:
                    u = t + v
                    if u not in live[i]:
                        add([s, -x])
                    elif not last:
                        add([s, -x, nxt[u]])


def halves(f: Formula, layers: Sequence[Sequence[tuple[int, int]]], total: int,
           relation: str = "==", when: int | None = None) -> None:
    """The sum of :func:`automaton`, met in the middle: one variable per
    live sum of the first half of the layers (at most one true), every
    combination of the first half's literals pointing at its sum, every
    combination of the second half's refusing the first-half sums it cannot
    complete (``encodings/sums.md``). For a few short layers (four digits
    adding up to 10 in Terra-X: about 250 clauses where the automaton needs
    460); the combinations grow as the product of the layers' sizes.

    >>> f = Formula(); x = [f.var("x", i) for i in range(4)]
    >>> halves(f, [[(0, -v), (1, v)] for v in x], 2)        # two of four
    >>> from pysat.solvers import Solver
    >>> with Solver(bootstrap_with=f.clauses) as s:
    ...     sorted(sum(m[i] > 0 for i in range(4)) for m in s.enum_models())
    [2, 2, 2, 2, 2, 2]
    """
    accept = RELATIONS[relation]
    h = len(layers) // 2
    left = _combinations(layers[:h])
    right = _combinations(layers[h:])
    rsums = {r for r, _ in right}
    live = sorted(s for s in {s for s, _ in left} if any(accept(s + r, total) for r in rsums))
    with guarded(f, when):
        if not live:
            f.add([])
            return
        mid = {s: f.new_aux() for s in live}
        f.at_most_one(list(mid.values()))
        add = f.clauses.append
        for s, clause in left:
            if s in mid:
                clause.append(mid[s])
            add(clause)
        ends = {r: [mid[s] for s in live if accept(s + r, total)] for r in rsums}
        for r, clause in right:
            clause.extend(ends[r])
            add(clause)


def _combinations(layers: Sequence[Sequence[tuple[int, int]]]) -> list[tuple[int, list[int]]]:
    """(sum, the negated literals) of every choice of one (value, literal) per layer."""
    out = [(0, [])]
    for layer in layers:
        out = [(t + v, neg + [-x]) for t, neg in out for v, x in layer]
    return out


# -- the table of digit sets ------------------------------------------------------------
def digit_sets(domains: Sequence[Sequence[int]], total: int,
               relation: str = "==") -> list[tuple[int, ...]]:
    """The sets of distinct values, one per cell, whose sum compares with
    ``total`` by ``relation``, that the cells can hold (each cell a value of
    its domain, a perfect matching of cells and values).

    >>> digit_sets([range(1, 10)] * 2, 4)
    [(1, 3)]
    >>> digit_sets([[1, 2], [1, 2], range(1, 10)], 7)
    [(1, 2, 4)]
    """
    doms = [set(d) for d in domains]
    union = set().union(*doms) if doms else set()
    return [s for s in value_sets(union, len(doms), total, relation) if _matches(doms, s)]


def distinct_filter(total: int, relation: str = "==", digits: Sequence[int] = range(1, 10),
                    size: int | None = None, sets: dict | None = None):
    """A narrowing for :func:`satlink.rules.digit_narrowing.narrow` (on bit masks:
    bit v set while a cell may hold v) for a group of distinct values
    summing to ``total``: a set of values is possible while each of its
    values fits some cell and each cell holds some of its values; every
    cell keeps the digits of the possible sets (a solution's set is
    possible, so no solution is lost).

    With ``size``, the group is the first ``size`` masks and the others are
    the rest of a unit that holds every digit once and contains the group
    (a Killer cage inside a box): a digit that no cell of the rest can hold
    is in the group, so only the sets that contain it are possible; a digit
    every possible set contains is in the group, so the rest loses it.

    ``sets``: a dict that filters made together share, which holds the
    value sets (as masks) by size and total once worked out.

    >>> fn = distinct_filter(4)
    >>> fn([0b1111111110, 0b110])        # {1..9} and {1, 2}: {1, 3} left
    [10, 2]
    """
    combos = {} if sets is None else sets
    every_digit = sum(1 << v for v in digits)

    def fn(masks: list[int]) -> list[int]:
        k = len(masks) if size is None else size
        key = (k, total, relation, every_digit)
        if key not in combos:
            combos[key] = [sum(1 << v for v in s)
                           for s in value_sets(digits, k, total, relation)]
        group = masks[:k]
        union = rest = 0
        for m in group:
            union |= m
        for m in masks[k:]:
            rest |= m
        need = every_digit & ~rest if size is not None else 0
        allowed, every = 0, -1
        for s in combos[key]:
            if s & ~union == 0 and s & need == need and all(m & s for m in group):
                allowed |= s
                every &= s
        if size is None:
            return [m & allowed for m in group]
        return [m & allowed for m in group] + [m & ~every for m in masks[k:]]
    return fn


def cage_filters(cages: Sequence[tuple[Sequence[Cell], int]], units: Sequence[Sequence[Cell]],
                 digits: Sequence[int], relation: str = "=="):
    """The narrowings of distinct sums (``cages``: (cells, total)) on a
    board whose ``units`` of ``len(digits)`` cells hold every digit once:
    a :func:`distinct_filter` per cage, and one per cage and full unit that
    contains it (the cage's cells first, then the rest of the unit); with no
    full unit (Kakuro), one per cage. They share their value sets.

    >>> units = [[(0, 0), (0, 1), (0, 2)]]
    >>> [len(cells) for cells, _ in cage_filters([([(0, 0), (0, 1)], 3)], units, [1, 2, 3])]
    [2, 3]
    """
    full = len(digits)
    units_of: dict[Cell, list[int]] = {}
    for i, u in enumerate(units):
        if len(u) == full:
            for c in u:
                units_of.setdefault(c, []).append(i)
    out: list = []
    sets: dict = {}
    for cells, total in cages:
        cells = list(cells)
        out.append((cells, distinct_filter(total, relation, digits, sets=sets)))
        inside = set(cells)
        common = set(units_of.get(cells[0], ())) if cells else set()
        for c in cells[1:]:
            common &= set(units_of.get(c, ()))
        for i in sorted(common):
            rest = [c for c in units[i] if c not in inside]
            out.append((cells + rest, distinct_filter(total, relation, digits, len(cells), sets)))
    return out


def value_sets(values: Iterable[int], k: int, total: int,
               relation: str = "==") -> list[tuple[int, ...]]:
    """The sets of ``k`` distinct ``values`` whose sum compares with
    ``total`` by ``relation``, in increasing order.

    >>> value_sets(range(1, 10), 3, 7)
    [(1, 2, 4)]
    >>> len(value_sets(range(1, 10), 2, 5, "<="))
    4
    """
    rel = RELATIONS[relation]
    return [s for s in itertools.combinations(sorted(set(values)), k) if rel(sum(s), total)]


def _matches(doms: list[set[int]], values: tuple[int, ...]) -> bool:
    """Whether each cell can take its own value of ``values`` (Kuhn's
    augmenting paths; groups are small)."""
    owner: dict[int, int] = {}

    def place(c: int, seen: set[int]) -> bool:
        for v in values:
            if v in doms[c] and v not in seen:
                seen.add(v)
                if v not in owner or place(owner[v], seen):
                    owner[v] = c
                    return True
        return False

    return all(place(c, set()) for c in range(len(doms)))


def _table(numbers: Numbers, group: list[Cell], total: int, relation: str,
           when: int | None) -> None:
    """``encodings/sums.md``: y(s) per allowed set s; at least one y; y(s)
    -> every value of s in some cell; a cell's value -> some chosen set
    holds it; values in no set refused. |group| cells holding every value
    of a |group|-set hold exactly that set, so this alone is the rule."""
    f = numbers.f
    sets = digit_sets([numbers.domain[c] for c in group], total, relation)
    with guarded(f, when):
        if not sets:
            f.add([])
            return
        used = set().union(*map(set, sets))
        for c in group:
            f.extend([-x] for v, x in numbers.var[c].items() if v not in used)
        if len(sets) == 1:
            for v in sets[0]:
                f.add([numbers.var[c][v] for c in group if v in numbers.var[c]])
            return
        ys = [f.var(f"{numbers.tag}.set", tuple(group), total, s) for s in sets]
        f.add(ys)
        for s, y in zip(sets, ys):
            for v in s:
                f.add([-y, *(numbers.var[c][v] for c in group if v in numbers.var[c])])
        for v in sorted(used):
            holders = [y for s, y in zip(sets, ys) if v in s]
            if len(holders) < len(ys):
                for c in group:
                    x = numbers.var[c].get(v)
                    if x is not None:
                        f.add([-x, *holders])

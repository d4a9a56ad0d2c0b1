"""Count clues narrowed before anything is encoded: the cells that clues
counting shaded cells in a neighbourhood decide, alone and in pairs.

For any genre whose clue says "exactly k of these cells are shaded"
(Mosaic's 3 x 3 blocks, Minesweeper's eight neighbours): cells are
indices ``0 .. n-1``, a clue is its group of cells and its count.
:func:`narrow` fixes what the clues decide (a clue whose open cells must
all be shaded, or none, fixes them; two overlapping clues fix what their
counts decide together, :func:`pair`) until nothing changes, and returns
a :class:`Narrowed`: each cell's state and what each clue still needs of
its open cells. The caller gives variables to the open cells only and
counts each clue's open cells (:func:`count_open`: refused subsets, or
parts of up to three cells counted once in unary and shared by the clues
that hold them, whichever is cheaper). Every fix holds in every shading that obeys
the clues, so the solutions are the same (``encodings/count_narrowing.md``).

>>> n = narrow(3, [[0, 1], [1, 2]], [2, 1])   # a 2 over cells 0, 1; a 1 over 1, 2
>>> n.state, n.need, n.open
([2, 2, 1], [0, 0], [0, 0])
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from math import comb

from ..formula import Formula
from . import counts

#: A cell's state in :attr:`Narrowed.state`.
OPEN, UNSHADED, SHADED = 0, 1, 2


@dataclass
class Narrowed:
    """``state``: per cell, :data:`OPEN`, :data:`UNSHADED` or :data:`SHADED`;
    ``need`` and ``open``: per clue, the shaded cells it still wants among
    its open cells and how many open cells it has (``need`` outside
    ``0 .. open``: the clues contradict each other)."""

    state: list[int]
    need: list[int]
    open: list[int]

    def shaded(self) -> list[int]:
        """The cells fixed shaded."""
        return [p for p, s in enumerate(self.state) if s == SHADED]


def narrow(cells: int, groups: Sequence[Sequence[int]], needs: Sequence[int],
           partners: Callable[[], Sequence[Sequence[int]]] | None = None) -> Narrowed:
    """What the clues decide: clue ``i`` wants ``needs[i]`` shaded cells
    among ``groups[i]`` (cell indices below ``cells``). A work list fixes
    the open cells of every clue that needs none of them or all; then
    each clue ``i`` with open cells is paired (:func:`pair`) with each
    ``j`` in ``partners()[i]`` (called once, when the work list first runs
    dry; say each pair once, e.g. only later clues; None: no pairs), and
    both repeat until a pass fixes nothing."""
    need = list(needs)
    opened = list(map(len, groups))
    around: list[list[int]] = [[] for _ in range(cells)]
    for i, group in enumerate(groups):
        for p in group:
            around[p].append(i)
    state = [OPEN] * cells
    # a clue joins the work list when it decides its open cells, and is
    # looked at again when taken
    todo = [i for i, (m, k) in enumerate(zip(opened, need)) if k == 0 or k == m]
    done = [0]  # cells fixed so far

    def fix(ps: Sequence[int], on: bool) -> None:
        for p in ps:
            if not state[p]:
                done[0] += 1
                state[p] = UNSHADED + on
                for j in around[p]:
                    mj = opened[j] = opened[j] - 1
                    kj = need[j] = need[j] - on
                    if kj == 0 or kj == mj:
                        todo.append(j)

    later = None
    while True:
        while todo:
            i = todo.pop()
            m = opened[i]
            if m and (need[i] == 0 or need[i] == m):
                fix(groups[i], need[i] > 0)
        if partners is None:
            break
        if later is None:
            later = partners()
        before = done[0]
        for i, js in enumerate(later):  # every pair of clues with open cells
            if opened[i]:
                for j in js:
                    if opened[j]:
                        pair(groups[i], groups[j], need[i], need[j], state, fix)
        if done[0] == before:
            break
    return Narrowed(state, need, opened)


def pair(group_a: Sequence[int], group_b: Sequence[int], ka: int, kb: int,
         state: Sequence[int], fix: Callable[[Sequence[int], bool], None]) -> None:
    """What two clues decide together, needing ``ka`` and ``kb`` shaded
    cells among their open cells A and B: the shared open cells S hold
    between ``lo = max(0, ka - |A - S|, kb - |B - S|)`` and
    ``hi = min(|S|, ka, kb)`` shaded cells; where that leaves one side's
    own cells all shaded (or none), or the shared ones, ``fix`` them
    (``encodings/count_narrowing.md``)."""
    a = [p for p in group_a if not state[p]]
    b = [p for p in group_b if not state[p]]
    sb = set(b)
    both = [p for p in a if p in sb]
    if not both:
        return
    sa = set(a)
    only_a = [p for p in a if p not in sb]
    only_b = [p for p in b if p not in sa]
    n = len(both)
    lo = max(0, ka - len(only_a), kb - len(only_b))
    hi = min(n, ka, kb)
    for own, k in ((only_a, ka), (only_b, kb)):
        if own:
            if k - lo <= 0:
                fix(own, False)
            elif k - hi >= len(own):
                fix(own, True)
    if lo >= n:
        fix(both, True)
    elif hi <= 0:
        fix(both, False)


#: Clauses :func:`satlink.rules.counts.unary` adds for 0 .. 3 literals; a
#: count of at most :data:`CHEAP` refused subsets is taken as it is.
UNARY_CLAUSES = (0, 0, 6, 14)
def open_variables(f: Formula, name: str, rows: int, cols: int,
                   state: Sequence[int]) -> tuple[list[int], dict]:
    """A variable ``(name, r, c)`` per cell the narrowing left open, in
    cell order: the flat literal list (0 where decided) and cell -> variable."""
    lit, var = [0] * (rows * cols), {}
    for p, s in enumerate(state):
        if not s:
            cell = divmod(p, cols)
            var[cell] = lit[p] = f.var(name, *cell)
    return lit, var


def block_columns(lit: Sequence[int], state: Sequence[int], rows: int,
                  cols: int) -> Callable[[int], list[int]]:
    """``column(r * cols + x)``: the open literals of column ``x`` in rows
    ``r - 1 .. r + 1``, the parts that 3 x 3 blocks share (:func:`count_open`)."""
    def column(key: int) -> list[int]:
        r, x = divmod(key, cols)
        return [lit[p] for p in range(max(r - 1, 0) * cols + x, min(r + 2, rows) * cols, cols)
                if not state[p]]
    return column


CHEAP = 16


def count_open(f: Formula, lits: Sequence[int], k: int, parts: Sequence[Hashable],
               part: Callable[[Hashable], list[int]], shared: dict,
               sums: dict | None = None) -> None:
    """Exactly ``k`` of a clue's open cells ``lits`` shaded, by the cheaper
    of two clause sets (counting the clauses each adds,
    ``encodings/count_narrowing.md``): every subset that would break it
    refused (``C(m, k+1) + C(m, m-k+1)`` clauses over ``m`` literals, no
    auxiliary; taken at once when at most :data:`CHEAP`), or the clue's
    open cells as disjoint ``parts`` (keys; ``part(key)`` their open
    literals, up to three), each part counted once in unary
    (:func:`satlink.rules.counts.unary`, kept in ``shared`` by key for the
    clues that hold the same part) and the counts summed
    (:func:`satlink.rules.counts.sum_of_parts`; ``sums``, the caller's,
    keeps its templates by part sizes and ``k``). A ``k`` outside ``0 ..
    m`` is the empty clause; 0 or ``m`` (decided) adds nothing."""
    m = len(lits)
    if not 0 < k < m:
        if not 0 <= k <= m:
            f.clauses.append([])
        return
    direct = comb(m, k + 1) + comb(m, m - k + 1)
    if direct > CHEAP:
        units, new, cost = [], [], 0
        for key in parts:
            unit = shared.get(key)
            if unit is None:
                unit = part(key)
                cost += UNARY_CLAUSES[len(unit)]
                new.append((len(units), key))
            units.append(unit)
        sizes = tuple(len(u) for u in units if u)
        getters = None if sums is None else sums.get((sizes, k))
        if getters is None:
            getters = counts.sum_getters(sizes, k)
            if sums is not None:
                sums[sizes, k] = getters
        if cost + len(getters) < direct:
            for i, key in new:
                units[i] = shared[key] = counts.unary(f, units[i])
            counts.sum_of_parts(f, units, k, getters)
            return
    f.clauses.extend(map(list, itertools.combinations([-x for x in lits], k + 1)))
    f.clauses.extend(map(list, itertools.combinations(lits, m - k + 1)))

"""Every minimal difference set of a target over its candidate clues.

A *difference set* is the set of candidate clues that some solution other
than the target breaks (the solution obeys every clue of the board's shape
but not the candidates); a clue set S makes the target unique exactly when
S meets every difference set, and so exactly when it meets every *minimal*
one. :func:`difference_sets` finds the whole family of minimal difference
sets with the design oracle, by size, and proves it complete:

- a guarded clause per set F found says that some clue of F has its
  selector on (the solution obeys it), and a totalizer over the selectors
  bounds how many are off. At size k the solver is asked, again and again,
  for a solution other than the target with at most k selectors off that
  breaks no whole found set; its difference set D has at most k clues;
- D is minimal: a difference set strictly inside D has fewer than k clues,
  and the call at size k - 1 that found none proved that every such set
  contains a found F; D would then contain F too, which the clauses forbid;
- when size k finds none, the next size is asked; after the size of all
  candidates, every other solution breaks a whole found set: the family is
  complete. One solver call per minimal set, plus one per size.

Where the genre offers *moves* (:mod:`.loop_moves`: Slitherlink's cell
flips), each solution taken proposes its neighbours with their difference
sets, kept by size. Before asking the solver at size k, the search takes
every proposed set of k clues that contains no found set: it is minimal by
the argument above (a smaller difference set inside it would contain a
found set), and it is checked (the solution by ``verify``, the set by
:meth:`.oracle.Oracle.breaks`). The solver then finds the rest and proves
each size finished, as before; on a 5 x 7 loop most sets come as proposals.

``encodings/clue_sets.md`` has the argument; the
counting over the family is in :mod:`.hitting`.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

import time

import numpy as np
from pysat.card import ITotalizer

from ..engine.session import VerificationError
from .oracle import DesignError, Oracle, TimeUp


@dataclass
class Family:
    """The minimal difference sets found (each a frozenset of clues), in
    the order found; ``complete`` when the solver proved there is no other;
    ``calls`` the oracle's questions."""

    sets: list[frozenset] = field(default_factory=list)
    complete: bool = False
    calls: int = 0


def difference_sets(oracle: Oracle, allowed: Iterable[Hashable],
                    report: Callable[[int], None] | None = None, moves=None, exact=True) -> Family:
    """The family of minimal difference sets of ``oracle``'s target over
    ``allowed`` (the oracle's candidates: every clue outside them is off the
    board). On the oracle's deadline, the family found so far, not
    complete. ``report(n)`` after each set. ``moves``: proposals of
    neighbouring solutions (:func:`.loop_moves.moves_for` by default;
    False: none); with them and ``exact``, the moves' clauses "a clue
    whose selector is off is broken" are added behind the guard."""
    allowed = list(dict.fromkeys(allowed))
    if set(oracle.candidates) != set(allowed):
        raise ValueError("the oracle's candidates must be the allowed clues")
    if moves is None:
        from .loop_moves import moves_for

        moves = moves_for(oracle, allowed)
    moves = moves or None
    family = Family()
    session, formula = oracle.session, oracle.encoding.formula
    guard = formula.new_aux()
    # off[k] true: more than k selectors off (a totalizer over their negations)
    counter = ITotalizer([-oracle.selector[c] for c in allowed], ubound=len(allowed),
                         top_id=formula.num_vars)
    formula.pool.top = counter.top_id
    session.add(counter.cnf.clauses)
    if moves is not None and exact:
        session.add([[-guard, *cl] for cl in moves.exact(oracle, allowed)])
    blank = oracle.instance([])
    found_masks = _Masks(len(allowed))
    proposed = _Proposals(moves, found_masks) if moves else None

    def take(found: frozenset, mask: int, state) -> None:
        family.sets.append(found)
        session.add([[-guard, *(oracle.selector[c] for c in found)]])
        found_masks.add(mask)
        if proposed is not None:
            proposed.around(state, mask)
        if report is not None:
            report(len(family.sets))

    bit = {c: 1 << i for i, c in enumerate(allowed)}
    try:
        for size in range(1, len(allowed) + 1):
            limit = [-counter.rhs[size]] if size < len(allowed) else []
            while True:
                if proposed is not None:
                    for mask, state in proposed.of_size(size):
                        found = _checked(oracle, blank, moves.solution(state), mask, allowed)
                        take(found, mask, state)
                found = _avoiding(oracle, blank, [guard, *limit])
                if found is None:
                    break
                found, solution = found
                if not found:
                    raise DesignError("another solution obeys every candidate clue, so no"
                                      " clue set among them makes the solution unique", 1)
                mask = sum(bit[c] for c in found)
                take(found, mask, None if moves is None else moves.start(solution)[0])
        family.complete = True
    except TimeUp:
        pass
    finally:
        session.add([[-guard]])  # retired: the oracle goes on without these clauses
        counter.delete()
        family.calls = oracle.calls
    return family


def _avoiding(oracle: Oracle, blank, extra: list[int]):
    """(The difference set, the solution) of a solution other than the
    target under the assumptions ``extra``, or None when there is none
    (TimeUp on the deadline). The solution is verified on the clue-less
    board, and which candidates it breaks is read from it
    (:meth:`Oracle.breaks`), not from the selectors."""
    return oracle.other(blank, extra)


def _checked(oracle: Oracle, blank, solution, mask: int, allowed: list) -> frozenset:
    """The difference set of a proposed solution, checked: it solves the
    clue-less board, it is not the target, and the oracle reads the set the
    moves proposed (a VerificationError otherwise: a bug in the moves).
    TimeUp on the oracle's deadline."""
    if oracle.deadline is not None and time.perf_counter() >= oracle.deadline:
        raise TimeUp
    found = oracle.breaks(solution)
    problems = oracle.puzzle.verify(blank, solution)
    if problems or solution == oracle.target or found != frozenset(
            c for i, c in enumerate(allowed) if mask >> i & 1):
        raise VerificationError(f"{oracle.puzzle.name}: a proposed neighbour is not a"
                                " solution with the difference set proposed: "
                                + "; ".join(problems[:3]))
    return found


class _Masks:
    """The found sets as bit masks, asked whether one lies inside a mask
    (numpy: one row of 64-bit words per set)."""

    def __init__(self, n: int):
        self.words = max(1, (n + 63) // 64)
        self.rows = np.zeros((64, self.words), dtype=np.uint64)
        self.size = 0

    def _row(self, mask: int):
        if self.words == 1:
            return np.uint64(mask & 0xFFFF_FFFF_FFFF_FFFF)
        return np.array([mask >> (64 * w) & 0xFFFF_FFFF_FFFF_FFFF for w in range(self.words)],
                        dtype=np.uint64)

    def add(self, mask: int) -> None:
        if self.size == len(self.rows):
            self.rows = np.concatenate([self.rows, np.zeros_like(self.rows)])
        self.rows[self.size] = self._row(mask)
        self.size += 1

    def inside(self, mask: int) -> bool:
        """Whether some found set lies inside ``mask``."""
        if not self.size:
            return False
        outside = self._row(~mask & ((1 << 64 * self.words) - 1))
        return bool(((self.rows[:self.size] & outside) == 0).all(axis=1).any())


class _Proposals:
    """Difference sets proposed by the moves, by size: mask -> the moves'
    state of a solution that has it. Each mask is proposed once."""

    def __init__(self, moves, found: _Masks):
        self.moves, self.found = moves, found
        self.by_size: dict[int, dict[int, object]] = {}
        self.seen: set[int] = set()
        self.size = 0

    def around(self, state, mask: int) -> None:
        """Propose the neighbours of a solution taken (the moves' ``state``
        of it, its set ``mask``)."""
        seen = self.seen
        seen.add(mask)
        for new, d in self.moves.neighbours(state, mask):
            if d in seen:
                continue
            seen.add(d)
            k = d.bit_count()
            if k >= self.size:  # a smaller one contains a found set
                self.by_size.setdefault(k, {})[d] = new

    def of_size(self, size: int):
        """(mask, state) of each proposed set of ``size`` clues that holds
        no found set, including those proposed while this runs."""
        self.size = size
        for k in [k for k in self.by_size if k < size]:
            del self.by_size[k]
        pool = self.by_size.get(size)
        while pool:
            mask, state = pool.popitem()
            if not self.found.inside(mask):
                yield mask, state

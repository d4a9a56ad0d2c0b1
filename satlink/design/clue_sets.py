"""Minimal and minimum unique clue sets over a :class:`~.oracle.Oracle`.

- :func:`minimal`: deletion with core refinement. A clue whose removal
  leaves a counter-solution stays for good (removing more clues only adds
  solutions); a removal that stays unique shrinks the set to the solver's
  core at once. The result is unique and every clue in it was tested.
- :func:`minimum`: the implicit hitting set loop. Every counter-solution
  names the candidates it breaks; a unique clue set must hit each such
  set, so a minimum hitting set (PySAT's Hitman over RC2, exact) is a lower
  bound on the answer; it is the answer when the oracle finds it unique.
  Each counter-solution's set is first shrunk to a minimal one (``grow``)
  so that fewer rounds are needed. ``encodings/design.md`` has the proofs.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from pysat.examples.hitman import Hitman

from .oracle import DesignError, Oracle, TimeUp


def minimal(oracle: Oracle, start: Iterable[Hashable], keep: Iterable[Hashable] = (),
            order: Sequence[Hashable] | None = None) -> list[Hashable]:
    """A unique clue set inside ``start`` (which must be unique), holding
    ``keep``, from which no clue can be removed; clues are tried in
    ``order`` (default: ``start``'s)."""
    current = dict.fromkeys(start)
    needed = set(keep)
    if oracle.counter(current) is not None:
        raise DesignError("these clues do not make the solution unique", 1)
    _refine(oracle, current, needed)
    try:
        for clue in (order if order is not None else list(current)):
            if clue not in current or clue in needed:
                continue
            trial = [c for c in current if c != clue]
            if oracle.counter(trial) is None:
                current = dict.fromkeys(trial)
                _refine(oracle, current, needed)
            else:
                needed.add(clue)
    except TimeUp as stop:
        stop.partial = list(current)  # unique, not yet minimal
        raise
    return list(current)


def _refine(oracle: Oracle, current: dict, needed: set) -> None:
    """Shrink ``current`` to the last unique call's core (plus ``needed``)."""
    core = set(oracle.core()) | needed
    for c in [c for c in current if c not in core]:
        del current[c]


@dataclass
class Minimum:
    """What :func:`minimum` reached: the smallest unique set found, the
    proven lower bound (``optimal`` when they meet) and the rounds."""

    clues: list
    lower: int
    optimal: bool
    rounds: int = 0
    sets: int = 0
    bounds: list[tuple[float, int, int]] = field(default_factory=list)  # (seconds, lower, best)


def minimum(oracle: Oracle, allowed: Iterable[Hashable], keep: Iterable[Hashable] = (),
            grow: bool = True, report: Callable[[int, int], None] | None = None,
            seeds: Iterable[Iterable[Hashable]] = ()) -> Minimum:
    """A unique clue set of the fewest clues among ``allowed`` that holds
    ``keep``; with the oracle's deadline, the best found and the bound.

    ``report(lower, best)`` is called whenever either changes. ``seeds``:
    sets of clues every unique set must hit, known beforehand (the genre's
    ``unavoidable`` hook: Sudoku's unavoidable sets); only their parts
    inside ``allowed`` count, and a seed with none is ignored.
    """
    allowed = list(dict.fromkeys(allowed))
    keep = list(dict.fromkeys(keep))
    rank = {c: i for i, c in enumerate(allowed)}  # also: the allowed set
    t0 = time.perf_counter()
    best = minimal(oracle, allowed, keep)  # also: raises when allowed is not unique
    result = Minimum(best, len(keep), len(best) == len(keep))

    def note():
        result.bounds.append((round(time.perf_counter() - t0, 3), result.lower, len(result.clues)))
        if report is not None:
            report(result.lower, len(result.clues))

    note()
    seeds = [set(seed) for seed in seeds]
    known = [[c for c in allowed if c in seed] for seed in seeds]
    hitman = Hitman(bootstrap_with=[[c] for c in keep] + [k for k in known if k],
                    htype="sorted")
    try:
        while not result.optimal:
            try:
                hitting = hitman.get()
                if hitting is None:  # cannot happen: allowed is unique
                    raise DesignError("no clue set among the allowed ones is unique", 1)
                result.rounds += 1
                if len(hitting) > result.lower:
                    result.lower = len(hitting)
                    _improve(oracle, allowed, keep, hitting, result)
                    note()
                found = oracle.counter(hitting)
                if found is None:
                    result.clues, result.optimal = list(hitting), True
                    result.lower = len(hitting)
                    note()
                    break
                broken = frozenset(c for c in found[0] if c in rank)
                if grow:
                    broken = _shrink(oracle, allowed, broken, rank)
                hitman.hit(sorted(broken, key=rank.__getitem__))
                result.sets += 1
                if result.lower == len(result.clues):
                    result.optimal = True
            except TimeUp:
                break
    finally:
        hitman.delete()
    return result


def _improve(oracle: Oracle, allowed: list, keep: list, hitting: list, result: Minimum) -> None:
    """A new upper bound: a minimal set that drops the clues outside the
    latest hitting set first (so it tends to keep the hitting set)."""
    inside = set(hitting)
    order = [c for c in allowed if c not in inside] + [c for c in allowed if c in inside]
    found = minimal(oracle, allowed, keep, order)
    if len(found) < len(result.clues):
        result.clues = found


def _shrink(oracle: Oracle, allowed: list, broken: frozenset, rank: dict) -> frozenset:
    """A minimal set of clues that some counter-solution breaks, inside
    ``broken``: keep every allowed clue outside it and add its clues one by
    one while a counter-solution remains (each one obeys what was added)."""
    broken = set(broken)
    for clue in sorted(broken, key=rank.__getitem__):
        if clue not in broken:
            continue
        trial = [c for c in allowed if c not in broken or c == clue]
        found = oracle.counter(trial)
        if found is not None:
            broken = {c for c in found[0] if c in rank}
    return frozenset(broken)

"""A unique Sudoku puzzle of few clues for a given full grid, *found* (not
proved least) by local search over the grid's puzzles, as the 17-clue
hunters did ({-2,+1} moves, Royle and McGuire): the exhaustive search of
:mod:`.sudoku_minimum` proves that no k - 1 exists, this finds a k.

A puzzle is a set of cells (a bit mask) given with the grid's digits. One
incremental solver of the grid's rules (:class:`.unavoidable.GridSolver`)
says whether a clue set is unique: a clue set is unique exactly when it
hits every unavoidable set, so the search keeps the family of minimal
unavoidable sets it knows (seeded by :meth:`GridSolver.sets`, grown by each
counter-solution, shrunk) and asks the solver only about clue sets that hit
them all. The family also *proposes* moves: after removing clues a and b
from a unique puzzle P, the sets left unhit are those P hits only in a or
b, and the clue added back must lie in every one of them.

The walk (:func:`hunt`): a random minimal puzzle (the full grid, clues
dropped in random order while it stays unique); then, while some {-2,+1}
move leads to a unique puzzle, take one (one clue fewer) and drop any clue
that became redundant; when none does and the puzzle has at most ``deep``
clues, a {-3,+2} move (three clues out, two in that hit every set left
unhit; at most ``budget3`` solver checks); else, on a plateau, a random
unique {-1,+1} move (the same size, another puzzle); after ``plateau``
such moves without a gain, start again from a new random minimal puzzle. Every puzzle it returns has been
called unique by the solver (not by the family alone).
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .unavoidable import GridSolver, cells_of


@dataclass
class Hunt:
    """What :func:`hunt` reached: ``found`` a unique puzzle of at most the
    target size (cells as (row, col)), or None when time ran out."""

    target: int
    found: list[tuple[int, int]] | None
    best: int  # the fewest clues of a unique puzzle seen
    restarts: int = 0
    moves: int = 0  # {-2,+1} and {-1,+1} moves taken
    checks: int = 0  # clue sets asked of the solver
    sets: int = 0  # unavoidable sets known at the end
    seconds: float = 0.0  # CPU seconds (this process)


class Walker:
    """The grid's solver and the family of unavoidable sets it has shown."""

    def __init__(self, gs: GridSolver, family: Sequence[int], rng: random.Random):
        self.gs, self.rng = gs, rng
        self.cells = gs.n * gs.n
        self.family = list(family)
        self.checks = 0

    def unique(self, clues: int) -> bool:
        """Whether ``clues`` fix the grid: the known sets first, then the
        solver; a counter-solution adds its (shrunk) difference set."""
        for m in self.family:
            if not m & clues:
                return False
        self.checks += 1
        diff = self.gs.other(cells_of(clues))
        if diff is None:
            return True
        self.family.append(self.gs.shrink(diff))
        return False

    def minimal(self, clues: int) -> int:
        """``clues`` less every clue that is not needed, in random order."""
        order = cells_of(clues)
        self.rng.shuffle(order)
        for c in order:
            if self.unique(clues & ~(1 << c)):
                clues &= ~(1 << c)
        return clues

    def only_hits(self, clues: int) -> tuple[dict[int, int], dict[tuple[int, int], int]]:
        """For each clue a, the cells every set that ``clues`` hits only in
        a shares (an and of masks, -1: no such set); the same for pairs of
        clues that are a set's only two clues."""
        once: dict[int, int] = {}
        twice: dict[tuple[int, int], int] = {}
        for m in self.family:
            h = m & clues
            if h & (h - 1) == 0:  # one clue
                a = h.bit_length() - 1
                once[a] = once.get(a, -1) & m
            elif (h & (h - 1)) & ((h & (h - 1)) - 1) == 0:  # two clues
                lo = h & -h
                key = (lo.bit_length() - 1, h.bit_length() - 1)
                twice[key] = twice.get(key, -1) & m
        return once, twice

    def fewer(self, clues: int) -> int | None:
        """A unique puzzle of one clue fewer by a {-2,+1} move, or None."""
        once, twice = self.only_hits(clues)
        cl = cells_of(clues)
        pairs = [(a, b) for i, a in enumerate(cl) for b in cl[i + 1:]]
        self.rng.shuffle(pairs)
        for a, b in pairs:
            room = once.get(a, -1) & once.get(b, -1) & twice.get((a, b), -1)
            if room == -1:  # no known set needs a or b: a {-2,+0} candidate
                base = clues & ~(1 << a) & ~(1 << b)
                if self.unique(base):
                    return base
                once, twice = self.only_hits(clues)
                room = once.get(a, -1) & once.get(b, -1) & twice.get((a, b), -1)
            room &= ~clues & ((1 << self.cells) - 1)
            adds = cells_of(room)
            self.rng.shuffle(adds)
            for c in adds:
                cand = (clues & ~(1 << a) & ~(1 << b)) | (1 << c)
                if self.unique(cand):
                    return cand
        return None

    def fewer3(self, clues: int, budget: int) -> int | None:
        """A unique puzzle of one clue fewer by a {-3,+2} move, or None
        (after at most ``budget`` solver checks)."""
        groups: dict[int, list[int]] = {}
        for m in self.family:
            h = m & clues
            if h.bit_count() <= 3:
                groups.setdefault(h, []).append(m)
        cl = cells_of(clues)
        triples = [(a, b, c) for i, a in enumerate(cl) for j, b in enumerate(cl[i + 1:], i + 1)
                   for c in cl[j + 1:]]
        self.rng.shuffle(triples)
        outside = ~clues & ((1 << self.cells) - 1)
        start = self.checks
        for a, b, c in triples:
            t = (1 << a) | (1 << b) | (1 << c)
            unhit = [m & outside for h, ms in groups.items() if h & ~t == 0 for m in ms]
            if not unhit:
                continue
            first = cells_of(unhit[0])
            self.rng.shuffle(first)
            tried = set()
            for x in first:
                room = outside & ~(1 << x)
                for m in unhit:
                    if not m >> x & 1:
                        room &= m
                ys = cells_of(room)
                self.rng.shuffle(ys)
                for y in ys:
                    if (min(x, y), max(x, y)) in tried:
                        continue
                    tried.add((min(x, y), max(x, y)))
                    if self.unique((clues & ~t) | (1 << x) | (1 << y)):
                        return (clues & ~t) | (1 << x) | (1 << y)
                    if self.checks - start >= budget:
                        return None
        return None

    def swap(self, clues: int) -> int | None:
        """A random unique puzzle of the same size by a {-1,+1} move, or None."""
        once, _ = self.only_hits(clues)
        cl = cells_of(clues)
        self.rng.shuffle(cl)
        for a in cl:
            room = cells_of(once.get(a, -1) & ~clues & ((1 << self.cells) - 1))
            self.rng.shuffle(room)
            for c in room:
                cand = (clues & ~(1 << a)) | (1 << c)
                if self.unique(cand):
                    return cand
        return None


def hunt(grid: Sequence[Sequence[int]], box_w: int, box_h: int, target: int,
         seed: int = 0, deadline: float | None = None, limit: int | None = 12,
         plateau: int = 30, deep: int | None = None, budget3: int = 2000,
         solver: GridSolver | None = None,
         report: Callable[[str], None] | None = None) -> Hunt:
    """A unique puzzle of at most ``target`` clues whose solution is ``grid``,
    by random restarts of the walk above (``seed``: the random stream;
    ``deadline``: a ``time.process_time()`` value; ``limit``: the size of
    the unavoidable sets found before the walk, None for none; ``plateau``,
    ``deep`` (default ``target + 2``), ``budget3``: the walk's knobs, in
    the module's docstring)."""
    t0 = time.process_time()
    own = solver is None
    gs = GridSolver(grid, box_w, box_h) if own else solver
    n = len(grid)
    rng = random.Random(seed)
    deep = target + 2 if deep is None else deep
    try:
        seeds = gs.sets(limit=limit) if limit is not None else []
        walk = Walker(gs, seeds, rng)
        full = (1 << n * n) - 1
        out = Hunt(target, None, n * n)

        def done(clues: int) -> bool:
            out.best = min(out.best, clues.bit_count())
            if clues.bit_count() <= target:
                out.found = [(i // n, i % n) for i in cells_of(clues)]
                return True
            return False

        while deadline is None or time.process_time() < deadline:
            clues = walk.minimal(full)
            if report is not None:
                report(f"restart {out.restarts}: minimal {clues.bit_count()}")
            out.restarts += 1
            if done(clues):
                break
            stale = 0
            while stale < plateau and (deadline is None or time.process_time() < deadline):
                nxt = walk.fewer(clues)
                how = "{-2,+1}"
                if nxt is None and clues.bit_count() <= deep:
                    nxt = walk.fewer3(clues, budget3)
                    how = "{-3,+2}"
                if nxt is None:  # a plateau: another puzzle of the same size
                    nxt = walk.swap(clues)
                    if nxt is None:
                        break
                    stale += 1
                    how = "{-1,+1}"
                else:
                    stale = 0
                clues = walk.minimal(nxt)
                out.moves += 1
                if report is not None and how != "{-1,+1}":
                    report(f"  {clues.bit_count()} clues ({how})")
                if done(clues):
                    break
            if out.found is not None:
                break
        out.checks, out.sets = walk.checks, len(walk.family)
        out.seconds = time.process_time() - t0
        return out
    finally:
        if own:
            gs.close()

"""Neighbouring loops of a Slitherlink loop: proposals for the search of
minimal difference sets (:mod:`.families`).

Two loops on a board differ by the boundary of a set of cells (their
symmetric difference has even degree everywhere, and on the plane such an
edge set is the boundary of exactly one set of cells). *Flipping* one cell,
taking the symmetric difference of a loop and the cell's four sides, keeps
a loop when every corner of the cell ends with 0 or 2 lines and the lines
stay one piece; the numbers it changes are at that cell and its four
neighbours, so the flipped loop's difference set (the candidate numbers it
breaks) is the old one with those five cells read again.

The search asks the solver for one loop per minimal difference set; the
flips of each loop it takes propose more loops, and their difference sets,
without a solver call. A proposal is only a proposal: the search checks a
loop it takes with the genre's ``verify`` and reads its set with
:meth:`.oracle.Oracle.breaks` (``encodings/clue_sets.md``).

Loops are bit masks over the board's lattice edges, difference sets bit
masks over the candidates (bit i: the search's i-th candidate).
"""
from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Sequence

from ..rules.grid import Grid


class LoopMoves:
    """Cell flips of the Slitherlink loops of ``oracle``'s board, the
    candidates ``allowed`` (numbers on cells) numbered in their order."""

    def __init__(self, oracle, allowed: Sequence[Hashable]):
        inst = oracle.base
        grid = inst.grid
        self.grid = grid
        self.edges = grid.lattice_edges()
        bit = {e: 1 << i for i, e in enumerate(self.edges)}
        self.bit = bit
        self.cells = list(grid.cells)
        self.sides = {x: sum(bit[e] for e in grid.sides(x)) for x in self.cells}
        self.at = {}  # lattice point -> mask of its edges
        for e, b in bit.items():
            for p in e:
                self.at[p] = self.at.get(p, 0) | b
        # candidate i: (cell, number); each cell's candidates as (bit, number)
        self.numbers: dict = {x: [] for x in self.cells}
        for i, (x, v) in enumerate(allowed):
            self.numbers[x].append((1 << i, v))
        #: per cell: its four corners and the cells whose numbers a flip
        #: there can change (it and its neighbours), with their candidates
        self.flips = []
        for x in self.cells:
            near = [y for y in [x, *grid.neighbours(x)] if self.numbers[y]]
            top, bottom, left, right = (bit[e] for e in grid.sides(x))
            self.flips.append((self.sides[x], (top | bottom, left | right),
                               [self.at[p] for p in Grid.corners(x)],
                               [(self.sides[y], self.numbers[y]) for y in near],
                               sum(b for y in near for b, _ in self.numbers[y])))

    def exact(self, oracle, allowed: Sequence[Hashable]) -> list[list[int]]:
        """Clauses "a number whose selector is off is broken": for each
        way its cell's four sides can show the number, one side differs
        or the selector is on. With them a solution's selectors are its
        difference set exactly (every broken number is off already)."""
        loop = oracle.encoding.loop
        out = []
        for x, v in allowed:
            sides = loop.sides(x)
            sel = oracle.selector[(x, v)]
            for on in itertools.combinations(range(4), v):
                out.append([sel, *(-sides[i] if i in on else sides[i] for i in range(4))])
        return out

    def start(self, solution) -> tuple[int, int]:
        """A loop (a set of lattice edges) as (its edge mask, its
        difference mask)."""
        mask = 0
        for e in solution:
            mask |= self.bit[e]
        return mask, self.broken(mask)

    def solution(self, mask: int) -> frozenset:
        return frozenset(e for e in self.edges if mask & self.bit[e])

    def broken(self, mask: int) -> int:
        """The candidates the loop ``mask`` breaks."""
        out = 0
        for x, numbers in self.numbers.items():
            if numbers:
                n = (mask & self.sides[x]).bit_count()
                for b, v in numbers:
                    if n != v:
                        out |= b
        return out

    def neighbours(self, mask: int, diff: int) -> Iterator[tuple[int, int]]:
        """(edge mask, difference mask) of each loop one cell flip away
        from the loop ``mask`` whose difference mask is ``diff``."""
        for sides, opposite, corners, near, clear in self.flips:
            used = mask & sides
            on = used.bit_count()
            if on == 0 or on == 4:  # a second loop, or no loop left
                continue
            new = mask ^ sides
            if any((new & c).bit_count() not in (0, 2) for c in corners):
                continue
            # one side or three, or two around a corner: a stretch of the
            # loop is replaced by another between the same points (the
            # corners check keeps it clear of the rest); two opposite sides
            # reconnect two stretches, which may split the loop in two
            if used in opposite and not self._one(new):
                continue
            d = diff & ~clear
            for s, numbers in near:
                n = (new & s).bit_count()
                for b, v in numbers:
                    if n != v:
                        d |= b
            yield new, d

    def _one(self, mask: int) -> bool:
        """Whether the lines of ``mask`` (every point at 0 or 2 of them)
        form one loop: a walk from one line covers them all."""
        low = mask & -mask
        first = self.edges[low.bit_length() - 1]
        point, came, seen = first[1], low, 1
        while True:
            nxt = mask & self.at[point] & ~came  # the point's other line
            if nxt == low:  # back at the first line
                return seen == mask.bit_count()
            e = self.edges[nxt.bit_length() - 1]
            seen += 1
            point = e[0] if e[1] == point else e[1]
            came = nxt


def moves_for(oracle, allowed: Sequence[Hashable]) -> LoopMoves | None:
    """Cell flips for ``oracle``'s board when its genre is Slitherlink and
    every candidate is read exactly (no ``loose`` reading); else None (the
    search then asks the solver for every set)."""
    if oracle.puzzle.name != "slitherlink" or oracle.loose:
        return None
    return LoopMoves(oracle, allowed)

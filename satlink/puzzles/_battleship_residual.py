"""The Battleship board a count sweeps (encodings/battleship.md, "Counting"):
the cells each row may and must fill, the givens, the tallies and the fleet
left once some ships are placed; turned upside down or transposed, so a
sweep can run from either end and across the narrower side.
"""
from __future__ import annotations

import math
from collections import Counter

from ..formats.battleship_board import (BOTTOM, LEFT, PARTS, RIGHT, SOME, TOP, UNKNOWN, WATER,
                                        Instance, part_at)
from ..rules.ships import cells as ship_cells
from ..rules.ships import halo

_FLIP = {TOP: BOTTOM, BOTTOM: TOP}
_TRANSPOSE = {LEFT: TOP, TOP: LEFT, RIGHT: BOTTOM, BOTTOM: RIGHT}


class Residual:
    """What the sweep needs: per row the cells that may hold a ship part
    (bit c = column c) and those that must, the given glyphs, the tallies
    (None: unknown) and the fleet left to place (index = length)."""

    def __init__(self, rows, cols, glyphs, allowed, need, row_tallies, col_tallies, fleet):
        self.rows, self.cols = rows, cols
        self.glyphs = [tuple(g) for g in glyphs]
        self.allowed, self.need = list(allowed), list(need)
        self.row_tallies, self.col_tallies = list(row_tallies), list(col_tallies)
        self.fleet = tuple(fleet)

    @classmethod
    def of(cls, inst: Instance, lengths: set, ships) -> "Residual | None":
        """The board left once ``ships`` are placed: their cells and halos
        blocked, the tallies reduced. None when they break a rule among
        themselves or against the givens and tallies."""
        R, C = inst.rows, inst.cols
        want = dict(inst.fleet)
        have = Counter(s[2] for s in ships)
        if any(have[L] != want.get(L, 0) for L in lengths) or any(s[2] not in lengths
                                                                   for s in ships):
            return None
        rt, ct = list(inst.row_tallies), list(inst.col_tallies)
        occupied = set()
        for ship in ships:
            for k, (r, c) in enumerate(ship_cells(ship)):
                g = inst.givens[r][c] if 0 <= r < R and 0 <= c < C else WATER
                if (r, c) in occupied or g == WATER or (g in PARTS and g != part_at(ship, k)):
                    return None
                occupied.add((r, c))
                if rt[r] is not None:
                    rt[r] -= 1
                if ct[c] is not None:
                    ct[c] -= 1
        blocked = set(occupied)
        for ship in ships:
            for r, c in halo(ship, R, C):
                if (r, c) in occupied or inst.givens[r][c] in PARTS or inst.givens[r][c] == SOME:
                    return None  # ships touch, or a given part touches a ship
                blocked.add((r, c))
        if any(t is not None and t < 0 for t in rt + ct):
            return None
        allowed, need = [], []
        for r in range(R):
            a = n = 0
            for c in range(C):
                g = inst.givens[r][c]
                if (r, c) in blocked or g == WATER:
                    continue
                a |= 1 << c
                if g in PARTS or g == SOME:
                    n |= 1 << c
            allowed.append(a)
            need.append(n)
        glyphs = [[UNKNOWN if (r, c) in blocked else inst.givens[r][c] for c in range(C)]
                  for r in range(R)]
        fleet = [0] * (max(want, default=0) + 1)
        for L, n in want.items():
            if L not in lengths:
                fleet[L] = n
        return cls(R, C, glyphs, allowed, need, rt, ct, fleet)

    def flipped(self) -> "Residual":
        """Upside down."""
        g = [[_FLIP.get(x, x) for x in row] for row in reversed(self.glyphs)]
        return Residual(self.rows, self.cols, g, self.allowed[::-1], self.need[::-1],
                      self.row_tallies[::-1], self.col_tallies, self.fleet)

    def transposed(self) -> "Residual":
        """Rows become columns."""
        def bits(masks, i):
            return sum(1 << r for r, m in enumerate(masks) if m >> i & 1)

        g = [[_TRANSPOSE.get(self.glyphs[r][c], self.glyphs[r][c]) for r in range(self.rows)]
             for c in range(self.cols)]
        return Residual(self.cols, self.rows, g, [bits(self.allowed, c) for c in range(self.cols)],
                      [bits(self.need, c) for c in range(self.cols)], self.col_tallies,
                      self.row_tallies, self.fleet)


def spread(tallies) -> int:
    """How many column residual vectors a sweep across these columns can
    meet: the product of (tally + 1) over the known tallies. Square boards
    are swept across the side where it is smaller."""
    return math.prod(t + 1 for t in tallies if t is not None)

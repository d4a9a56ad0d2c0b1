"""Half-cell triangles, and white areas that are rectangles (Shakashaka).

A cell that may take a triangle is empty (white) or holds a black
right triangle in one corner, ``nw``, ``ne``, ``sw`` or ``se`` (the
corner of its right angle); other cells are black walls, and the outside
of the board is black too. :class:`Triangles` gives each open cell four
variables ``side[cell][s]`` (``s`` in ``n e s w``): the triangle covers
that side of the cell. A triangle covers exactly its two sides at its
corner, so the valid patterns are none or two adjacent sides (clauses:
not two opposite sides, a side needs a neighbouring side).

:meth:`Triangles.rectangles` states that every white area is a rectangle,
upright or turned 45 degrees. Around a lattice point lie eight 45-degree
sectors, two in each of the four cells (the sector of a cell beside the
ray along its side ``s`` is white exactly when the cell is open and its
triangle does not cover ``s``); a white area's corners lie on lattice
points, so every area is a rectangle exactly when, at every point, every
maximal run of white sectors spans 90, 180 or 360 degrees (2, 4 or 8
sectors). Clauses forbid runs of 1, 3, 5, 6 and 7. Proof:
``encodings/triangles.md``.

>>> from satlink.formula import Formula
>>> t = Triangles(Formula(), 1, 1, walls=())
>>> sorted(t.side[(0, 0)])
['e', 'n', 's', 'w']
"""
from __future__ import annotations

from collections.abc import Iterable

from ..formula import Formula
from .grid import Cell

KINDS = ("nw", "ne", "sw", "se")
SIDES = "nesw"
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
#: Around a lattice point, clockwise from the ray going north: (the cell's
#: offset from the point, the side whose sector it is).
AROUND = (((-1, 0), "w"), ((-1, 0), "s"), ((0, 0), "n"), ((0, 0), "w"),
          ((0, -1), "e"), ((0, -1), "n"), ((-1, -1), "s"), ((-1, -1), "e"))
#: White runs (in sectors) no rectangle has at a corner or along a side.
BAD_RUNS = (1, 3, 5, 6, 7)


def _run_clause(ring: list, start: int, k: int) -> list[int] | None:
    """The clause "not: sectors start..start+k-1 white, the two beside them
    black" over ``ring`` (literals, True: always black), sorted, without
    repeats; None when it always holds."""
    clause = []
    for j in range(k):
        x = ring[(start + j) % 8]
        if x is True:
            return None  # that sector is never white
        clause.append(x)
    for j in (start - 1, start + k):
        x = ring[j % 8]
        if x is True:
            continue  # always black: nothing to add
        clause.append(-x)
    return sorted(set(clause))


def _template(walled: int) -> tuple[tuple[int, ...], ...]:
    """:func:`_run_clause` of every bad run at a point whose sectors in the
    bit mask ``walled`` are always black (a wall's or the outside's), as ring
    indices (``~j``: the negation of sector ``j``). The other sectors'
    variables rise around the ring as the cells were made (row by row, sides
    in ``n e s w`` order), so one sort order serves every point with that
    mask, and its clauses come out as :func:`_run_clause` writes them."""
    rank = {(off, side): 4 * i + SIDES.index(side)
            for i, off in enumerate(((-1, -1), (-1, 0), (0, -1), (0, 0)))
            for side in SIDES}
    ring = [True if walled >> j & 1 else 1 + rank[(off, side)]
            for j, (off, side) in enumerate(AROUND)]
    at = {x: j for j, x in enumerate(ring) if x is not True}
    clauses = (_run_clause(ring, i, k) for k in BAD_RUNS for i in range(8))
    return tuple(tuple(at[x] if x > 0 else ~at[-x] for x in cl) for cl in clauses
                 if cl is not None)


class Triangles:
    """The open cells of a ``rows`` x ``cols`` board (all but ``walls``),
    each with its four side variables; ``tri[cell]``: it holds a triangle."""

    def __init__(self, f: Formula, rows: int, cols: int, walls: Iterable[Cell],
                 tag: str = "tri") -> None:
        self.f, self.rows, self.cols = f, rows, cols
        walls = set(walls)
        self.side: dict[Cell, dict[str, int]] = {}
        self.tri: dict[Cell, int] = {}
        # the side variables rise cell by cell (fresh ones do): the templates apply
        self._rising, last = True, 0
        for r in range(rows):
            for c in range(cols):
                if (r, c) in walls:
                    continue
                s = {d: f.var(tag, r, c, d) for d in SIDES}
                self.side[(r, c)] = s
                order = [s[d] for d in SIDES]
                self._rising &= order == sorted(order) and order[0] > last
                last = order[-1]
                f.extend([[-s["n"], -s["s"]], [-s["e"], -s["w"]]])
                for d in SIDES:  # a covered side has a covered neighbour side
                    f.add([-s[d], *(s[e] for e in SIDES if e not in (d, OPPOSITE[d]))])
                t = self.tri[(r, c)] = f.var(tag, "any", r, c)
                f.equiv_or(t, [s["n"], s["s"]])

    def black(self, cell: Cell, side: str) -> int | bool:
        """The sector of ``cell`` along ``side`` is black: a literal, or
        True for a wall or the outside."""
        s = self.side.get(cell)
        return True if s is None else s[side]

    def rectangles(self) -> None:
        """Every white area is a rectangle (clauses at every lattice point)."""
        add, templates, side = self.f.clauses.append, {}, self.side.get
        for r in range(self.rows + 1):
            for c in range(self.cols + 1):  # self.black, inline
                ring = [True if (s := side((r + dr, c + dc))) is None else s[d]
                        for (dr, dc), d in AROUND]
                walled = sum(1 << j for j, x in enumerate(ring) if x is True)
                if walled == 255:
                    continue
                if not self._rising:
                    for k in BAD_RUNS:
                        for i in range(8):
                            self._forbid_run(ring, i, k)
                    continue
                signed = templates.get(walled)
                if signed is None:  # made once per mask and board
                    signed = templates[walled] = _template(walled)
                for js in signed:
                    add([ring[j] if j >= 0 else -ring[~j] for j in js])

    def _forbid_run(self, ring: list, start: int, k: int) -> None:
        """Not: sectors start..start+k-1 white, the two beside them black."""
        clause = _run_clause(ring, start, k)
        if clause is not None:
            self.f.add(clause)

    def decode(self, model) -> frozenset[tuple[Cell, str]]:
        """The triangles, as (cell, corner)."""
        out = []
        for cell, s in self.side.items():
            for kind in KINDS:
                if model.value(s[kind[0]]) and model.value(s[kind[1]]):
                    out.append((cell, kind))
        return frozenset(out)

"""What the degree rule of a lean :class:`satlink.rules.loops.CellLoop`
fixes, given some edges' values, before its clauses are written (Entry-Exit,
Castle Wall, ...): the idea of :mod:`satlink.rules.path_settle` (Pipeline)
for a loop.

:func:`settle` runs the deductions that unit propagation makes on the
loop's degree clauses (``encodings/loops.md``, "Settled edges"), to a
fixpoint:

- a cell with an edge on the loop, or a must-cell, is on it: two edges;
  with two on, its others are off; with only two not off, both are on;
- any other cell with one edge left open and none on has that edge off
  (zero or two edges, never one);
- more than two edges on, or fewer than two possible at a cell on the
  loop, is a contradiction (no loop fits).

Each is a consequence of the degree clauses and the given values, so the
formula with the fixed edges as units (the genre's rules stated on them) has
the same models; the degree clauses they satisfy need not be written.

The board is a set of bit masks over its points ``p = r * cols + c``
(:mod:`satlink.rules.grid_masks`): an edge is named by its west or north
end, so ``h`` holds the points whose edge to the east is an edge of the
loop and ``v`` those whose edge to the south is. A round applies every
deduction at every point at once, in a few dozen operations on whole-board
integers (in C: the per-edge Python of a work list was most of a settled
loop's set-up); rounds repeat until nothing changes. The values reached are
the least fixpoint of the rules, the same as any order of applying them
reaches (each rule only adds values), and a contradiction anywhere in it is
found (an edge both filled and emptied, or a count out of range).

>>> # a 2 x 2 board, every cell a must-cell: the four edges are on
>>> settle(2, 0b101, 0b11, 0b1111, Fixed())
Fixed(h_on=5, v_on=3, h_off=0, v_off=0)
>>> settle(2, 0b101, 0b11, 0b1111, Fixed(h_off=1)) is None
True
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .grid import Edge


class Fixed(NamedTuple):
    """Edges of a cell loop by value, as masks of points (bit ``p``: the
    edge from point ``p`` east, in ``h_*``, or south, in ``v_*``)."""

    h_on: int = 0
    v_on: int = 0
    h_off: int = 0
    v_off: int = 0

    @classmethod
    def of(cls, fixed: Mapping[Edge, bool], cols: int) -> Fixed:
        """The masks of ``fixed`` (edge -> value; each edge two orthogonal
        neighbours, in either order). ValueError for a pair that is no edge
        of the grid; an edge given both values is in both masks."""
        masks = [0, 0, 0, 0]
        for ((ra, ca), (rb, cb)), v in fixed.items():
            a, b = ra * cols + ca, rb * cols + cb
            if a > b:
                a, b = b, a
            if b - a == 1 and ra == rb:
                kind = 0
            elif b - a == cols and ca == cb:
                kind = 1
            else:
                raise ValueError(f"{(ra, ca), (rb, cb)} is no edge of the board")
            masks[kind + (0 if v else 2)] |= 1 << a
        return cls(*masks)


def settle(cols: int, h: int, v: int, must: int, fixed: Fixed) -> Fixed | None:
    """The edges of the loop are ``h`` and ``v`` (masks, see above) on a
    board ``cols`` wide, ``must`` the points on the loop whatever else
    holds, ``fixed`` the given values (edges of ``h``, ``v``). The values
    of every edge after the deductions above, or None when they contradict
    (no loop fits)."""
    hon, von, hoff, voff = fixed
    if hon & hoff or von & voff:
        return None
    while True:
        oh, ov = h & ~(hon | hoff), v & ~(von | voff)  # open
        # each point's four edges: east, west, south, north; on, and possible
        a, b, c, d = hon, hon << 1, von, von << cols
        ab, cd = a | b, c | d
        on = must | ab | cd
        two = a & b | c & d | ab & cd  # two or more on
        pa, pc = hon | oh, von | ov
        pb, pd = pa << 1, pc << cols
        pab, pcd = pa | pb, pc | pd
        can = pab | pcd  # one or more possible
        can2 = pa & pb | pc & pd | pab & pcd
        can3 = pa & pb & pcd | pc & pd & pab
        if on & ~can2 or a & b & cd or c & d & ab:  # fewer than two possible, or three on
            return None
        empty = on & two | can & ~can2 & ~on  # its open edges off
        fill = on & can2 & ~can3 & ~two  # its open edges on
        kh, kv = oh & (empty | empty >> 1), ov & (empty | empty >> cols)
        fh, fv = oh & (fill | fill >> 1), ov & (fill | fill >> cols)
        if not (kh | kv | fh | fv):
            return Fixed(hon, von, hoff, voff)
        if kh & fh or kv & fv:  # an edge its two ends fix both ways
            return None
        hon, von, hoff, voff = hon | fh, von | fv, hoff | kh, voff | kv

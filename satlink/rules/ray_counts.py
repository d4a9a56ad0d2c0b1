"""Counts of a cell loop's edges along a ray: the steps between consecutive
cells from a cell to the board's edge in one direction (Castle Wall's
arrows), on masks of points (:mod:`satlink.rules.grid_masks`).

- :func:`ray`: the steps a count reads, those between two cells of the loop;
- :func:`settled`: the edges counts decide before the loop is written (a
  count of none has every step off, a count of all of them every step on),
  for ``CellLoop(fixed=)``;
- :func:`exactly`: the count over the steps the loop left open, less those
  it fixed on.

The proofs are in ``encodings/inside.md`` ("Castle Wall: settled edges").

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.loops import CellLoop
>>> from satlink.rules.grid_masks import east_pairs, south_pairs
>>> h, v = east_pairs(0b111111, 2, 3), south_pairs(0b111111, 3)
>>> r = ray(2, 3, (0, 0), "e", h, v)
>>> r, settled(Fixed(), [(r, 2)])
(Ray(steps=3, south=False), Fixed(h_on=3, v_on=0, h_off=0, v_off=0))
>>> f = Formula()
>>> loop = CellLoop(Grid(2, 3), f, lean=True, fixed=settled(Fixed(), [(r, 2)]))
>>> n = len(f.clauses); exactly(f, loop, r, 2); len(f.clauses) - n  # both fixed on
0
>>> g = Formula(); open_loop = CellLoop(Grid(2, 3), g, lean=True); n = len(g.clauses)
>>> exactly(g, open_loop, ray(2, 3, (1, 0), "e", h, v), 1); g.clauses[n:]  # one of two
[[-3, -4], [3, 4]]
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..formula import Formula
from . import subset_counts
from .grid import Cell
from .grid_masks import ray_mask
from .loop_settle import Fixed
from .loops import CellLoop


class Ray(NamedTuple):
    """A ray's steps as a mask of points (each step named by its west or
    north end) and whether they go south (else east)."""

    steps: int
    south: bool


def ray(rows: int, cols: int, cell: Cell, direction: str, h: int, v: int) -> Ray:
    """The steps from ``cell`` toward ``direction`` that join two cells of
    the loop (``h``, ``v``: the masks of its east and south steps)."""
    steps, south = ray_mask(rows, cols, cell, direction)
    return Ray(steps & (v if south else h), south)


def settled(fixed: Fixed, counts: Iterable[tuple[Ray, int]]) -> Fixed:
    """``fixed`` and the edges the ``(ray, count)`` pairs decide: a count of
    0 has every step of its ray off, a count of all of them every step on."""
    h_on, v_on, h_off, v_off = fixed
    for (steps, south), count in counts:
        if count == 0:
            if south:
                v_off |= steps
            else:
                h_off |= steps
        elif count == steps.bit_count():
            if south:
                v_on |= steps
            else:
                h_on |= steps
    return Fixed(h_on, v_on, h_off, v_off)


def exactly(f: Formula, loop: CellLoop, r: Ray, count: int, when: int | None = None) -> None:
    """Exactly ``count`` steps of ``r`` on the loop (where ``when`` is true):
    over the steps the loop left open (:attr:`CellLoop.edge_masks`), less
    those it fixed on (:attr:`CellLoop.settled_on`); a count no open steps
    can make is the clause ``not when`` (the empty clause without)."""
    steps, south = r
    steps &= loop.edge_masks[south]
    on = loop.settled_on[south]
    count -= (steps & on).bit_count()
    steps &= ~on
    if not steps and not count:
        return
    lits = loop.edge_vars(0, steps) if south else loop.edge_vars(steps, 0)
    if 0 <= count <= len(lits):
        subset_counts.exactly_any(f, lits, count, when=when)
    else:
        f.add([] if when is None else [-when])

"""Pearls on a loop through cell centres (Masyu's rule), as clauses and as a check.

A loop passes through every pearl. On a white pearl it goes straight, and
turns in at least one of the two cells before and after the pearl. On a
black pearl it turns, and goes straight through both cells before and
after the pearl.

:func:`pearl_rules` gives one pearl's clauses over a
:class:`satlink.rules.loops.CellLoop`'s ``through``, ``straight`` and
``turn`` literals (each clause is the rule itself; proof in
encodings/masyu.md); :func:`pearl_problem` checks a set of loop edges
against one pearl, from the rule alone (for ``verify`` and the design
tools).

>>> from satlink.rules.grid import Grid
>>> square = {((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))}
>>> pearl_problem(Grid(2, 2), square, Pearl((0, 0), BLACK))
'the loop turns right next to the black pearl at r1c1'
>>> pearl_problem(Grid(2, 2), square, Pearl((0, 0), WHITE))
'the loop turns on the white pearl at r1c1'
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from .grid import Cell, Edge, Grid, exits
from .loops import STRAIGHT, CellLoop

#: Pearl colours.
WHITE, BLACK = "w", "b"


class Pearl(NamedTuple):
    cell: Cell
    colour: str  # WHITE or BLACK


def pearl_rules(loop: CellLoop, pearl: Pearl) -> Iterator[list[int]]:
    """The clauses of one pearl's rule (the loop passes through it)."""
    yield [loop.on[pearl.cell]]
    yield [loop.straight(pearl.cell) if pearl.colour == WHITE else loop.turn(pearl.cell)]
    yield from beside_pearl(loop, pearl)


def beside_pearl(loop: CellLoop, pearl: Pearl) -> list[list[int]]:
    """The clauses of one pearl's rule about the cells beside it: all of
    :func:`pearl_rules` but the pearl's own piece (a loop that knows the
    piece, ``CellLoop(turns=...)``, states the rest itself).

    Read straight from ``loop.edges`` (the edge literals keyed (lower,
    higher cell); a missing key, off the board or off the loop's cells, is
    :attr:`~CellLoop.never`, exactly as :meth:`~CellLoop.through` reads
    it): the same clauses in the same order as ``through(p, d)`` and
    ``through(grid.step(p, d), d)``, written out by hand because this runs
    for every pearl of every board and the calls were a fifth of Masyu's
    encode (benchmarks/encode_profile.py)."""
    get = loop.edges.get
    p = (r, c) = pearl.cell
    n1, n2, e1, e2 = (r - 1, c), (r - 2, c), (r, c + 1), (r, c + 2)
    s1, s2, w1, w2 = (r + 1, c), (r + 2, c), (r, c - 1), (r, c - 2)
    # ``or loop.never``: edge literals are positive; never made only when needed
    if pearl.colour == WHITE:  # not straight on both sides
        return [[-(get((p, e1)) or loop.never), -(get((e1, e2)) or loop.never),
                 -(get((w2, w1)) or loop.never)],
                [-(get((p, s1)) or loop.never), -(get((s1, s2)) or loop.never),
                 -(get((n2, n1)) or loop.never)]]
    return [[-(get((n1, p)) or loop.never), get((n2, n1)) or loop.never],  # straight on
            [-(get((p, e1)) or loop.never), get((e1, e2)) or loop.never],
            [-(get((p, s1)) or loop.never), get((s1, s2)) or loop.never],
            [-(get((w1, p)) or loop.never), get((w2, w1)) or loop.never]]


def pieces(pearls: Iterable[Pearl]) -> dict[Cell, bool] | None:
    """The pearls' known pieces for ``CellLoop(turns=...)``: cell -> True
    (black: the loop turns) or False (white: straight); None when two
    pearls share a cell (then each pearl's rule is stated on its own)."""
    pearls = list(pearls)
    out = {p.cell: p.colour != WHITE for p in pearls}
    return out if len(out) == len(pearls) else None


def pearl_problem(g: Grid, sol: Iterable[Edge], pearl: Pearl) -> str | None:
    """Why the loop ``sol`` (passing through the pearl) breaks its rule, None
    when it obeys it: its piece in the pearl's cell and in the two cells
    it leads to."""
    here = exits(sol, pearl.cell)
    ends_bent = [exits(sol, g.step(pearl.cell, d)) not in STRAIGHT for d in here]
    name = Grid.name(pearl.cell)
    if pearl.colour == WHITE:
        if here not in STRAIGHT:
            return f"the loop turns on the white pearl at {name}"
        if not any(ends_bent):
            return f"the loop turns in neither cell next to the white pearl at {name}"
    elif here in STRAIGHT:
        return f"the loop goes straight through the black pearl at {name}"
    elif any(ends_bent):
        return f"the loop turns right next to the black pearl at {name}"
    return None


def pearl_of(g: Grid, sol: Iterable[Edge], cell: Cell) -> Pearl | None:
    """The pearl the loop ``sol`` would obey at ``cell`` (white where it goes
    straight, black where it turns), None where it does not pass or would
    break that pearl's rule."""
    here = exits(sol, cell)
    if not here:
        return None
    pearl = Pearl(cell, WHITE if here in STRAIGHT else BLACK)
    return pearl if pearl_problem(g, sol, pearl) is None else None

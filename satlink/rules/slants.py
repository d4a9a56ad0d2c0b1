"""A diagonal in every cell, and no loop of diagonals (Gokigen Naname).

Every cell of a ``rows`` x ``cols`` grid holds one diagonal: ``\\`` joins
the lattice points ``(r, c)`` and ``(r + 1, c + 1)``, ``/`` joins
``(r, c + 1)`` and ``(r + 1, c)``. :class:`Slants` gives one variable per
cell (true: ``\\``), the graph of the diagonals on the lattice points
(:attr:`Slants.edges`, an edge per cell and direction, its literal) and
the rule "no loop": the diagonals form a forest.

- eager: the smallest loop, the diamond of four diagonals around an inner
  point, is excluded by a clause per inner point;
- lazy (:meth:`Slants.cuts`): for each cycle of a cycle basis of the
  diagonals drawn, "not every diagonal of this cycle"
  (:func:`satlink.rules.graph_cuts.cycle_cuts`);
- complete (``complete=True``): :func:`satlink.rules.graph_encodings.encode_acyclic`.

Proofs: ``encodings/slants.md``.

>>> from satlink.formula import Formula
>>> s = Slants(Formula(), 2, 2)
>>> len(s.back), len(s.edges)
(4, 8)
>>> has_loop(2, 2, {(0, 1), (1, 0)}), has_loop(2, 2, {(0, 0)})
(True, False)
"""
from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from ..formula import Formula
from . import graph_cuts, graph_encodings
from .graph import Edge
from .grid import Cell

BACK, FORWARD = "\\", "/"


def diagonal(cell: Cell, back: bool) -> Edge:
    """The lattice points a cell's diagonal joins (``back``: ``\\``)."""
    r, c = cell
    return ((r, c), (r + 1, c + 1)) if back else ((r, c + 1), (r + 1, c))


class Slants:
    """``back[cell]``: the cell holds ``\\`` (else ``/``); ``edges``: the
    diagonal -> its literal. With ``complete`` the forest is clauses."""

    def __init__(self, f: Formula, rows: int, cols: int, complete: bool = False,
                 tag: str = "slant") -> None:
        self.rows, self.cols, self.complete = rows, cols, complete
        self.back = {(r, c): f.var(tag, r, c) for r in range(rows) for c in range(cols)}
        self.edges: dict[Edge, int] = {}
        for cell, x in self.back.items():
            self.edges[diagonal(cell, True)] = x
            self.edges[diagonal(cell, False)] = -x
        for r in range(1, rows):  # the diamond around inner point (r, c)
            for c in range(1, cols):
                f.add([self.back[(r - 1, c - 1)], -self.back[(r - 1, c)],
                       -self.back[(r, c - 1)], self.back[(r, c)]])
        if complete:
            graph_encodings.encode_acyclic(f, self.edges, tag=tag + ".acyc")

    def at(self, point: Cell) -> list[int]:
        """The literals of the diagonals that end at lattice point ``point``."""
        r, c = point
        out = []
        for (dr, dc), back in (((-1, -1), True), ((-1, 0), False), ((0, -1), False),
                               ((0, 0), True)):
            cell = (r + dr, c + dc)
            if cell in self.back:
                out.append(self.back[cell] if back else -self.back[cell])
        return out

    def cuts(self, model) -> list[list[int]]:
        """"Not every diagonal of this loop", for a cycle basis of the drawn ones."""
        return [] if self.complete else graph_cuts.cycle_cuts(self.edges, model)

    def decode(self, model) -> frozenset[Cell]:
        """The cells holding ``\\``."""
        return frozenset(c for c, x in self.back.items() if model.value(x))


def drawn(rows: int, cols: int, back: Iterable[Cell]) -> list[Edge]:
    """The diagonals of a solution (``back``: the cells holding ``\\``)."""
    back = set(back)
    return [diagonal((r, c), (r, c) in back) for r in range(rows) for c in range(cols)]


def has_loop(rows: int, cols: int, back: Iterable[Cell]) -> bool:
    """Some diagonals of the solution close a loop (networkx)."""
    g = nx.Graph(drawn(rows, cols, back))
    return bool(nx.cycle_basis(g))

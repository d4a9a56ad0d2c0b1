"""Futons: dominoes with a marked half (the pillow) laid on some cells, every
other cell of them shaded (Shugaku). A futon is ``(pillow, foot)``, two
orthogonally adjacent cells; an upright futon may be asked to keep its
pillow below (``pillow_below``: Shugaku's "no kitamakura").

:class:`Futons` declares a variable per placement and covers each cell by
exactly one futon or its shading variable; :meth:`Futons.touch_shaded`
makes every futon touch a shaded cell; :meth:`Futons.pillows_near` gives
the literals that count the pillows next to a cell. :func:`pair_up` reads
futons back from a grid of pillows and feet. Proofs:
``encodings/shugaku.md``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.shading import Shading
>>> f = Formula(); g = Grid(2, 1); s = Shading(f, g)
>>> futons = Futons(f, s)
>>> list(futons.var)                     # upright: the pillow below only
[((1, 0), (0, 0))]
"""
from __future__ import annotations

from collections.abc import Mapping

import networkx as nx

from ..formula import Formula
from .grid import Cell, Grid
from .shading import Shading

Futon = tuple[Cell, Cell]


def placements(cells, pillow_below: bool = True) -> list[Futon]:
    """Every futon (pillow, foot) on two adjacent ``cells``: side by side
    both ways; upright with the pillow below (both ways unless
    ``pillow_below``).

    >>> placements([(0, 0), (0, 1), (1, 0)])
    [((0, 0), (0, 1)), ((0, 1), (0, 0)), ((1, 0), (0, 0))]
    """
    here = set(cells)
    out: list[Futon] = []
    for r, c in sorted(here):
        if (r, c + 1) in here:
            out += [((r, c), (r, c + 1)), ((r, c + 1), (r, c))]
        if (r + 1, c) in here:
            out.append(((r + 1, c), (r, c)))
            if not pillow_below:
                out.append(((r, c), (r + 1, c)))
    return out


class Futons:
    """A variable ``(tag, *pillow, *foot)`` per placement over the cells of
    ``shading``; each of those cells is shaded or covered by exactly one
    futon (``exactly_one`` of its shading variable and its futons)."""

    def __init__(self, f: Formula, shading: Shading, pillow_below: bool = True,
                 tag: str = "futon") -> None:
        self.f, self.shading = f, shading
        self.var = {p: f.var(tag, *p[0], *p[1])
                    for p in placements(shading.cells, pillow_below)}
        cover: dict[Cell, list[int]] = {c: [shading.var[c]] for c in shading.cells}
        for (a, b), x in self.var.items():
            cover[a].append(x)
            cover[b].append(x)
        for lits in cover.values():
            f.exactly_one(lits)

    def touch_shaded(self) -> None:
        """Every futon has a shaded cell next to one of its halves."""
        adj = self.shading.adj
        for (a, b), x in self.var.items():
            around = sorted({n for c in (a, b) for n in adj[c]} - {a, b})
            self.f.add([-x, *(self.shading.var[n] for n in around)])

    def pillows_near(self, cells) -> list[int]:
        """The futons whose pillow is one of ``cells`` (each cell is covered
        once, so their number is the number of pillows there)."""
        near = set(cells)
        return [x for (p, _), x in self.var.items() if p in near]

    def decode(self, model) -> frozenset[Futon]:
        return frozenset(p for p, x in self.var.items() if model.value(x))


def pair_up(kind: Mapping[Cell, str], pillow: str, foot: str, grid: Grid,
            pillow_below: bool = True) -> tuple[frozenset[Futon], list[Cell]]:
    """The futons of a drawing (cell -> ``pillow``, ``foot`` or another
    mark): each pillow matched to an adjacent foot (never one below it when
    ``pillow_below``) by a maximum matching, and the halves left unmatched.

    >>> pair_up({(0, 0): "p", (0, 1): "o", (1, 0): "o"}, "p", "o", Grid(2, 2))
    (frozenset({((0, 0), (0, 1))}), [(1, 0)])
    """
    pillows = sorted(c for c, v in kind.items() if v == pillow)
    pairs = nx.Graph()
    pairs.add_nodes_from(pillows)
    pairs.add_edges_from((p, q) for p in pillows for q in grid.neighbours(p)
                         if kind.get(q) == foot
                         and not (pillow_below and q == (p[0] + 1, p[1])))
    match = nx.bipartite.maximum_matching(pairs, top_nodes=pillows)
    left = sorted(c for c, v in kind.items() if v in (pillow, foot) and c not in match)
    return frozenset((p, match[p]) for p in pillows if p in match), left

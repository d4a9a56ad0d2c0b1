"""Size bounds of chosen regions as lazy cuts: the lazy form of
:func:`satlink.rules.chosen_sizes.bound_size` for regions drawn by labels
whose cells are kept connected by the formula
(:func:`satlink.rules.reach_ladder.reach_within`).

A region is one label's cells: ``lab`` (cell -> the label's literal), of
which ``counted`` (literals) are the cells its size bounds count; it has
at most ``most`` counted cells where ``when`` is true, and at least
``least[x]`` where the literal x is. No clause is written; each model is
read for the bounds it breaks, and each broken bound gives one cut, true
in every solution (``encodings/chosen_regions.md``, "Sizes as cuts"):

- more than ``most``: not all of ``most + 1`` of the held counted cells
  take the label;
- fewer than ``least[x]``, x true: x and every held cell -> some cell
  beside the held ones (of ``lab``) takes the label. A solution's region
  holding these cells holds a counted cell more, outside them, and is
  connected, so it holds a cell beside them (none held: x -> some cell of
  ``lab`` takes it). Every held cell is in the clause, the uncounted too
  (Araf's numbers, Burokku's anchors): so the region is known to meet the
  held cells whatever ties x to them.

A model that breaks no bound of any label obeys them all, so the
formula's rules and these cuts together are the bounds (complete).
Measured on Araf (``encodings/araf.md``, "Sizes as cuts"): the counters
were half the clauses and a third of the encoding; as cuts, about 14 more
solver calls a board and a fifth less CPU to the verdict.

>>> from satlink.formula import Formula
>>> from satlink.model import Model
>>> f = Formula(); cells = {(0, c): f.var("x", c) for c in range(3)}; g, h = f.var("g"), f.var("h")
>>> adj = {(0, c): [(0, d) for d in (c - 1, c + 1) if 0 <= d < 3] for c in range(3)}
>>> sizes = SizeCuts(f, adj)
>>> sizes.add(g, cells, list(cells.values()), 1, {h: 3})
>>> sizes.cuts(Model(f, [1, 2, -3, 4, 5]))  # x0, x1 with g: two, at most one
[[-1, -2]]
>>> sizes.cuts(Model(f, [1, -2, -3, 4, 5]))  # x0 with h: fewer than three
[[-5, -1, 2]]
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from ..formula import Formula
from ..model import Model
from .grid import Cell


class SizeCuts:
    """Size bounds of labelled regions, checked on models (:meth:`cuts`);
    ``adj``: each cell's neighbours. A bound no model can meet is a unit
    clause of ``f`` at once, as :func:`~satlink.rules.chosen_sizes.bound_size`
    writes it."""

    def __init__(self, f: Formula, adj: Mapping[Cell, Sequence[Cell]]) -> None:
        self.f, self.adj = f, adj
        self._bounds: list[tuple[int, Mapping[Hashable, int], list[int], int,
                                 Mapping[int, int]]] = []
        self._vars: list[int] | None = None  # with _span and _cell_of: made at the first cut
        self._span: tuple[int, int] | None = None
        self._cell_of: list[dict[int, Cell]] = []

    def add(self, when: int, lab: Mapping[Cell, int], counted: Sequence[int], most: int,
            least: Mapping[int, int]) -> None:
        """A region: the cells of ``lab`` whose literal is true (connected
        by the caller's clauses wherever ``when`` is true, and none true
        where it is false); at most ``most`` of ``counted`` (literals of
        ``lab``) true where ``when`` is, at least ``least[x]`` where x is
        (every literal here a variable, none negated).
        Below 0 (``most``) or above the counted cells (``least``): the
        clause ``not when`` (``not x``)."""
        counted = list(counted)
        if most < 0:
            self.f.add([-when])
        least = {x: k for x, k in least.items() if k > 0}
        self.f.extend([-x] for x, k in least.items() if k > len(counted))
        self._vars = None
        self._bounds.append((when, lab, counted, most,
                             {x: k for x, k in least.items() if k <= len(counted)}))

    def cuts(self, model: Model) -> list[list[int]]:
        """A cut per bound ``model`` breaks."""
        if self._vars is None:  # every variable a bound reads, once
            self._vars = sorted({x for when, lab, _, _, least in self._bounds
                                 for x in (when, *lab.values(), *least)})
            first, last = (self._vars[0], self._vars[-1]) if self._vars else (1, 0)
            # consecutive (a family numbered at once, as Araf's labels): one slice
            self._span = (first, last) if last - first + 1 == len(self._vars) else None
            self._cell_of = [{x: c for c, x in lab.items()} for _, lab, _, _, _ in self._bounds]
        # the true ones read once (a look-up per literal and bound was a fifth
        # of Araf's solve), each bound's count in C
        true = set(model.true_in_range(*self._span) if self._span is not None
                   else model.true_vars(self._vars))
        out: list[list[int]] = []
        for (when, lab, counted, most, least), cell_of in zip(self._bounds, self._cell_of):
            on = None
            if when in true:
                on = true.intersection(counted)
                if len(on) > most:
                    out.append([-x for x in counted if x in on][:most + 1])
                    continue
            for x, k in least.items():
                if x in true:
                    if on is None:
                        on = true.intersection(counted)
                    if len(on) < k:
                        held = {cell_of[y] for y in true.intersection(cell_of)}
                        out.append(self._grow(x, lab, held))
        return out

    def _grow(self, x: int, lab: Mapping[Cell, int], held: set[Cell]) -> list[int]:
        """x and the ``held`` cells -> a cell beside them of ``lab`` takes
        the label (some cell of ``lab``, where none is held)."""
        adj = self.adj
        beside = (sorted({n for c in held for n in adj[c] if n in lab and n not in held})
                  if held else sorted(lab))
        return [-x, *(-lab[c] for c in sorted(held) if lab[c] != x), *(lab[n] for n in beside)]

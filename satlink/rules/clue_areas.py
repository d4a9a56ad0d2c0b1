"""Areas grown from clues (Nurikabe's islands): each area of one colour
holds exactly one clue, and as many cells as the clue says.

:class:`ClueAreas` holds the rule over a :class:`satlink.rules.shading.Shading`
(its clues, their selectors, the colour and each clue's domain) and gives it
in two forms: lazy (implied clauses, :meth:`ClueAreas.cuts`, and with
distances the labels, sizes and each label's distance from its clue) and
complete (:meth:`ClueAreas.encode_complete`: labels, sizes, each label
connected). :meth:`satlink.rules.shading.Shading.areas` is the entry point
genres call. ``encodings/rules.md`` ("Areas grown from clues") proves the
cuts and gives the sizes.

>>> from satlink.formula import Formula
>>> from satlink.model import Model
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.shading import Shading
>>> f = Formula(); s = Shading(f, Grid(1, 3))
>>> rule = ClueAreas(s, {(0, 0): 2})
>>> rule.cuts(Model(f, [s.var[(0, 1)]]))   # (0, 0) too small; (0, 2) without a clue
[[-2], [3]]
"""
from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING

import networkx as nx

from . import counts, graph_encodings
from .grid import Cell, Grid

if TYPE_CHECKING:  # the shading module imports this one
    from ..model import Model
    from .shading import Shading

Clause = list[int]

#: The lazy areas with distances count a clue's labels at once when its
#: domain's cells times its number are at most this (a small counter);
#: a larger clue's count joins the formula side by side (at most, at least)
#: once its area came out too large (too small) :data:`COUNT_AFTER` times
#: (encodings/rules.md, "Counts added late"; Nurikabe's 1047_25x32).
EAGER_COUNT = 300
COUNT_AFTER = 20
#: The counter of a count added late (Nurikabe's 950_13x13 and 687_17x17
#: decide faster with it than with the sequential counter; encodings/rules.md).
LATE_ENCODING = "kmtotalizer"


class ClueAreas:
    """The areas of one colour of ``s`` (unshaded, or shaded with
    ``shaded=True``) grown from ``clues`` (cell -> size, or None: any size);
    a clue with a literal in ``selectors`` holds only while it is true.
    ``domains`` (per clue, the cells its area can hold) is computed when not
    given (:meth:`domains_of`)."""

    def __init__(self, s: Shading, clues: Mapping[Cell, int | None],
                 selectors: Mapping[Cell, int] | None = None, shaded: bool = False,
                 domains: Mapping[Cell, Mapping[Cell, int]] | None = None) -> None:
        self.s, self.f, self.shaded = s, s.f, shaded
        self.clues = dict(clues)
        self.selectors = dict(selectors or {})
        for p, n in self.clues.items():
            if p not in s.var:
                raise ValueError(f"clue {Grid.name(p)} is not a cell of the shading")
            if n is not None and n < 1:
                raise ValueError(f"clue {Grid.name(p)}: an area has at least one cell, not {n}")
        self.domains = self.domains_of() if domains is None else domains
        self._clue_at: dict[int, int | None] | None = None  # built by the first cuts
        self._index: dict[Cell, int] = {}

    def inside(self, c: Cell) -> int:
        """The literal "``c`` is of the areas' colour"."""
        return self.s.lit(c, self.shaded)

    def unless(self, p: Cell, clause: Clause) -> Clause:
        """``clause``, or "not selected or clause" for a clue behind a selector."""
        sel = self.selectors.get(p)
        return clause if sel is None else [-sel, *clause]

    def domains_of(self) -> dict[Cell, dict[Cell, int]]:
        """Per clue p, the cells its area can hold, with their distances:
        within ``n - 1`` steps of p along cells that are neither another
        clue that always holds (no selector) nor next to one."""
        adj = self.s.adj
        fixed = [q for q in self.clues if q not in self.selectors]
        # per cell, how many clues that always hold it is or touches: a cell
        # is blocked for p when some other than p's own (one pass, where a
        # blocked set per clue made this quadratic in the clues)
        touched: dict[Cell, int] = {}
        for q in fixed:
            for c in (q, *adj[q]):
                touched[c] = touched.get(c, 0) + 1
        out = {}
        for p, n in self.clues.items():
            own = {p, *adj[p]} if p not in self.selectors else ()
            limit = None if n is None else n - 1
            dist, todo = {p: 0}, [p]  # breadth-first: the list is the queue
            for c in todo:
                d = dist[c]
                if limit is not None and d >= limit:
                    continue
                for m in adj[c]:
                    if m not in dist and touched.get(m, 0) == (m in own):
                        dist[m] = d + 1
                        todo.append(m)
            out[p] = dist
        return out

    # -- lazy ------------------------------------------------------------------------
    def implied(self) -> None:
        """Implied clauses: a clue's cell is of the colour (while selected),
        a cell no clue can reach is not, two clues never touch one cell of
        the colour (nor each other)."""
        f, inside, sel = self.f, self.inside, self.selectors
        for p in self.clues:
            f.add(self.unless(p, [inside(p)]))
        if not sel:  # no selectors: the cells no clue reaches, at once
            f.clauses.extend([-inside(c)] for c, reaching in self.owners.items() if not reaching)
        for c, reaching in self.owners.items() if sel else ():
            if any(p not in sel for p in reaching):
                continue  # a clue that always holds may reach it
            f.add([-inside(c), *(sel[p] for p in reaching)])
        adj, order = self.s.adj, {p: i for i, p in enumerate(self.clues)}
        touching: dict[Cell, list[Cell]] = {}  # per cell, the clues next to it
        for p, i in order.items():
            for c in adj[p]:
                if order.get(c, -1) > i:  # two clues side by side
                    f.add([-sel[x] for x in (p, c) if x in sel])
                touching.setdefault(c, []).append(p)
        for c, near in touching.items():
            for i, p in enumerate(near):
                for q in near[i + 1:]:
                    both = [-sel[x] for x in (p, q) if x in sel]
                    if both:  # two clues that always hold: c is in no domain, a unit above
                        f.add([*both, -inside(c)])

    def cuts(self, model: Model) -> list[Clause]:
        """Cuts against a model with a wrong area. For an area A of the
        model, with border B (the cells next to A, none in an area of this
        colour), and D_p the domain of clue p:

        - no selected clue in A: "its first cell a is not in an area, or a
          clue in A is selected, or a cell of B is in an area that lies in
          D_q for some clue q with a in D_q";
        - two selected clues p, q in A: "p or q is deselected, or a cell on
          a shortest path between them inside A is not in an area";
        - one clue p of size n, A larger: "p is deselected, or one of the
          first n + 1 cells of a breadth-first search from p in A is not in
          an area";
        - one clue p of size n, A smaller: "p is deselected, or a cell of B
          in D_p is in an area".
        """
        clues, selectors, domains = self.clues, self.selectors, self.domains
        var, adj, dark = self.s.arrays(model)  # cells as indices, 1 where shaded
        cells, inside, value = self.s.cells, self.inside, model.value
        colour = 1 if self.shaded else 0
        clue_at = self._clue_indices()
        seen = bytearray(len(var))
        cuts: list[Clause] = []
        for i in range(len(var)):
            if seen[i] or dark[i] != colour:
                continue
            area = self._area(i, adj, dark, colour)  # indices, breadth-first
            for j in area:
                seen[j] = 1
            held = [cells[j] for j in area if j in clue_at and (
                clue_at[j] is None or value(clue_at[j]))]
            if len(held) == 1 and clues[held[0]] in (None, len(area)):
                continue  # a right area: the common case, no cells named
            start, members = cells[i], {cells[j] for j in area}
            border = sorted({cells[m] for j in area for m in adj[j] if dark[m] != colour})
            if not held:
                off = [selectors[cells[j]] for j in area if j in clue_at]
                near = [q for q in clues if start in domains[q]]
                cuts.append([-inside(start), *off, *(inside(b) for b in border
                                                     if any(b in domains[q] for q in near))])
            elif len(held) > 1:
                p = held[0]
                for q in held[1:]:
                    path = self._path(p, q, members)
                    cuts.append([*(-selectors[x] for x in (p, q) if x in selectors),
                                 *(-inside(c) for c in path[1:-1])])
            else:
                p, n = held[0], clues[held[0]]
                guard = [-selectors[p]] if p in selectors else []
                if len(area) > n:
                    first = self._area(self._index[p], adj, dark, colour, limit=n + 1)
                    cuts.append([*guard, *(-inside(cells[j]) for j in first if cells[j] != p)])
                else:
                    cuts.append([*guard, *(inside(b) for b in border if b in domains[p])])
        return cuts

    def _clue_indices(self) -> dict[int, int | None]:
        """Per clue's cell index, its selector (None: always holds); built once."""
        if self._clue_at is None:
            self._index = {c: i for i, c in enumerate(self.s.cells)}
            self._clue_at = {self._index[p]: self.selectors.get(p) for p in self.clues}
        return self._clue_at

    @staticmethod
    def _area(start: int, adj: list[list[int]], dark: bytearray, colour: int,
              limit: int | None = None) -> list[int]:
        """The cells (indices) of ``start``'s area in breadth-first order
        (the first ``limit`` of them when given)."""
        order, seen = [start], {start}
        for c in order:
            for n in adj[c]:
                if dark[n] == colour and n not in seen:
                    if limit is not None and len(order) >= limit:
                        return order
                    seen.add(n)
                    order.append(n)
        return order

    def _path(self, p: Cell, q: Cell, members: set[Cell]) -> list[Cell]:
        """A shortest path from ``p`` to ``q`` through ``members``."""
        back = {p: p}
        todo = deque([p])
        while q not in back:
            c = todo.popleft()
            for n in self.s.adj[c]:
                if n in members and n not in back:
                    back[n] = c
                    todo.append(n)
        path = [q]
        while path[-1] != p:
            path.append(back[path[-1]])
        return path[::-1]

    def count_late(self, model: Model, late: Mapping[Cell, list[int]],
                   misses: dict[tuple[Cell, bool], int], after: int) -> None:
        """For each clue p of ``late`` (p -> its labels, not yet counted in
        full) selected in ``model`` with other than ``n_p`` labels true, one
        more miss on that side (too many, too few) in ``misses``; at the
        ``after``-th, "at most ``n_p``" (at least) of its labels joins the
        formula: clauses every solution satisfies, the engine loads them
        before its next call (encodings/rules.md, "Counts added late")."""
        value = model.value
        for p, labels in late.items():
            sel = self.selectors.get(p)
            if sel is not None and not value(sel):
                continue
            got, n = sum(map(value, labels)), self.clues[p]
            if got == n:
                continue
            key = (p, got > n)
            misses[key] = misses.get(key, 0) + 1
            if misses[key] == after:
                counts.count(self.f, labels, n, "at_most" if got > n else "at_least", when=sel,
                             encoding=LATE_ENCODING)

    # -- labels ------------------------------------------------------------------------
    @cached_property
    def owners(self) -> dict[Cell, list[Cell]]:
        """Per cell, the clues whose domain holds it, in the clues' order."""
        out: dict[Cell, list[Cell]] = {c: [] for c in self.s.cells}
        for p in self.clues:
            for c in self.domains[p]:
                out[c].append(p)
        return out

    def labels(self, eager_count: float = float("inf"),
               merged: bool = False) -> dict[Cell, dict[Cell, int]]:
        """A label ``(colour.area, *p, *c)`` per clue p and cell c of its
        domain. A cell in an area has exactly one label, a cell outside
        none; a label needs its clue selected; a selected clue labels its
        own cell; a labelled cell passes its label to every adjacent cell in
        an area; clue p's label is on exactly ``n_p`` cells (encoded here
        when its domain's cells times ``n_p`` are at most ``eager_count``).
        Returns the labels per clue (literals).

        ``merged`` (the lazy form, after :meth:`implied`, whose clauses it
        relies on): the label of a cell in the domain of one clue only, a
        clue without a selector, is the literal "the cell is in an area"
        itself (in a solution the cell is in an area exactly when that
        clue's area holds it), and the clauses that then hold already are
        left out (encodings/nurikabe.md, "Merged labels").
        """
        f, adj, selectors = self.f, self.s.adj, self.selectors
        tag = f"{self.s.colour(self.shaded)}.area"
        sign = 1 if self.shaded else -1
        inside = {c: sign * x for c, x in self.s.var.items()}  # self.inside, looked up
        owners = self.owners
        label = {}
        for p, dom in self.domains.items():
            if merged and p not in selectors:  # its own cells: their "in an area" literal
                fresh = [c for c in dom if len(owners[c]) > 1]
                ids = iter(f.vars([(tag, *p, *c) for c in fresh]))
                label[p] = {c: next(ids) if len(owners[c]) > 1 else inside[c] for c in dom}
            else:
                label[p] = dict(zip(dom, f.vars([(tag, *p, *c) for c in dom])))
        for c in self.s.cells:
            held = [label[p][c] for p in owners[c]]
            if merged and (not held or held == [inside[c]]):
                continue  # no label: implied says "not in an area"; its own: holds
            f.exactly_one([-inside[c], *held])
        out = f.clauses
        for p, lab in label.items():
            sel = selectors.get(p)
            if sel is not None:
                out.extend([-x, sel] for x in lab.values())
            if not (merged and sel is None):  # else implied's unit says it
                out.append(self.unless(p, [lab[p]]))
            for u, x in lab.items():
                for v in adj[u]:
                    y = lab.get(v)
                    if y is None:
                        if not (merged and not owners[v]):  # else implied's unit holds it
                            out.append([-x, -inside[v]])
                    elif y != inside[v]:  # else a tautology
                        out.append([-x, -inside[v], y])
            n = self.clues[p]
            if n is None or len(lab) * n > eager_count:
                continue
            if merged and sel is None:  # its own label is implied's unit: the others, n - 1
                if n > 1:
                    counts.exactly(f, [x for c, x in lab.items() if c != p], n - 1)
            else:
                counts.exactly(f, list(lab.values()), n, when=sel)
        return label

    def distances(self, label: Mapping[Cell, Mapping[Cell, int]]) -> None:
        """Per sized clue p and step t < n_p, "c is of the colour and within
        t steps of p along cells of the colour", ``near(p, t, c)``: a
        variable for 2 <= (c's distance in the domain) <= t < n_p - 1; the
        label ``lab(p, c)`` for t = n_p - 1 (every cell of p's area is that
        near) and for c = p or next to p (such a cell of the colour is in
        p's area, as near as it gets). A near cell is near one step before,
        or beside a cell that is; a near cell stays near, up to its label
        (encodings/rules.md, "Merged labels and near literals")."""
        f, adj, out = self.f, self.s.adj, self.f.clauses
        tag = f"{self.s.colour(self.shaded)}.area.near"
        for p, lab in label.items():
            n = self.clues[p]
            if n is None or n < 3:
                continue  # every cell of the domain is p or next to it
            # the domain by index, in its breadth-first order (distances rise)
            dom = self.domains[p]
            cells, index = list(dom), {c: i for i, c in enumerate(dom)}
            upto = [0] * n  # upto[t]: how many cells lie within t steps
            for d in dom.values():
                upto[d] += 1
            for t in range(1, n):
                upto[t] += upto[t - 1]
            two = upto[1]  # the cells from here on are two steps away or more
            step = [None] * two + [[index[m] for m in (c, *adj[c]) if m in index]
                                   for c in cells[two:]]
            labels = [lab[c] for c in cells]
            prev = labels[:two]  # t = 1: p and its neighbours, their labels
            for t in range(2, n):
                cur = labels if t == n - 1 else labels[:two] + list(
                    f.vars([(tag, *p, t, *c) for c in cells[two:upto[t]]]))
                have = upto[t - 1]  # prev's cells
                for i in range(two, upto[t]):
                    x = cur[i]
                    out.append([-x, *[prev[j] for j in step[i] if j < have]])
                    if i < have:
                        out.append([-prev[i], x])
                prev = cur

    def lazy(self, distances: bool = False, eager_count: float = EAGER_COUNT,
             count_after: int = COUNT_AFTER):
        """The lazy form: the implied clauses, and with ``distances`` the
        labels (counted at once up to ``eager_count``, the larger ones late)
        and distances; returns the cut finder to register."""
        self.implied()
        if not distances:
            return self.cuts
        label = self.labels(eager_count, merged=True)
        self.distances(label)
        clues = self.clues
        late = {p: list(lab.values()) for p, lab in label.items()
                if clues[p] is not None and len(lab) * clues[p] > eager_count}
        misses: dict[tuple[Cell, bool], int] = {}

        def finder(model: Model) -> list[Clause]:
            cuts = self.cuts(model)
            if cuts and late:
                self.count_late(model, late, misses, count_after)
            return cuts
        return finder

    # -- complete ------------------------------------------------------------------------
    def encode_complete(self) -> None:
        """The complete form: the clue cells of the colour, the labels of
        :meth:`labels` (every count at once), and the cells of each label
        connected (:func:`satlink.rules.graph_encodings.encode_connected`)."""
        f, colour = self.f, self.s.colour(self.shaded)
        for p in self.clues:
            f.add(self.unless(p, [self.inside(p)]))
        label = self.labels()
        for p, lab in label.items():
            sel = self.selectors.get(p)
            links = {}
            for a, b in self.s.grid.cell_edges(list(lab)):
                x = f.var(f"{colour}.area.link", *p, *a, *b)
                f.equiv_and(x, [lab[a], lab[b]])
                links[(a, b)] = x
            graph_encodings.encode_connected(f, links, node_vars=lab,
                                             required=[p] if sel is None else (),
                                             tag=f"{colour}.area.{Grid.name(p)}")


# -- checking, from the rule ---------------------------------------------------------------
def area_problems(grid: Grid, coloured, clues: Mapping[Cell, object], any_size: object = None,
                  what: str = "island") -> list[str]:
    """Broken rules of areas grown from clues, written from the rule over
    networkx (not from the encoding): each area of the ``coloured`` cells
    holds exactly one clue, whose number (``any_size``: any) is its size.

    >>> area_problems(Grid(1, 3), {(0, 0), (0, 2)}, {(0, 0): 2, (0, 2): "?"}, any_size="?")
    ['the 2 at r1c1 is on an island of 1 cells']
    """
    board = nx.grid_2d_graph(grid.rows, grid.cols)
    problems = []
    for area in nx.connected_components(board.subgraph(coloured)):
        held = sorted(c for c in area if c in clues)
        where = Grid.name(min(area))
        if not held:
            problems.append(f"the {what} at {where} holds no number")
        elif len(held) > 1:
            problems.append(f"the {what} at {where} holds {len(held)} numbers")
        elif clues[held[0]] not in (any_size, len(area)):
            problems.append(f"the {clues[held[0]]} at {Grid.name(held[0])} is on an {what}"
                            f" of {len(area)} cells")
    return problems

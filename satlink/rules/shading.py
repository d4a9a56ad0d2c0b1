"""Shading rules: one variable per cell (true = shaded) and the rules shading
genres are made of (Nurikabe, Heyawake, LITS, Hitori, Kurodoko, ...).

Local rules are clauses (:meth:`Shading.no_adjacent`,
:meth:`Shading.no_square`); global rules (:meth:`Shading.connected`,
:meth:`Shading.areas`) come in two forms, chosen by ``lazy``:

- lazy: a cut finder, registered on the object and run by
  :meth:`Shading.cuts`, that returns clauses a candidate model violates;
  every clause holds in every assignment obeying the rule;
- complete: clauses whose models, projected on the cell variables (and the
  clue selectors), are exactly the assignments obeying the rule.

``encodings/rules.md`` proves the cuts and gives the sizes.

>>> from satlink.formula import Formula
>>> from satlink.model import Model
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> s = Shading(f, Grid(3, 3))
>>> s.no_adjacent()
>>> s.connected(shaded=False)                 # lazy by default
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as solver:   # (0, 0) cut off
...     solver.solve(assumptions=[s.var[(0, 1)], s.var[(1, 0)]])
...     model = Model(f, solver.get_model())
True
>>> first = s.cuts(model)[0]       # (0, 0) or the rest shaded, or a cell next to (0, 0) not
>>> [f.name(x) for x in first]
['-shaded(0,1)', '-shaded(1,0)', 'shaded(0,0)', 'shaded(0,2)']
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping

from . import graph_encodings
from ..formula import Formula
from ..model import Model
from . import counts
from .grid import Cell, Edge, Grid
from .vertex_cuts import ConnectedCells

Clause = list[int]

#: The lazy areas with distances count a clue's labels at once when its
#: domain's cells times its number are at most this (a small counter);
#: a larger clue's count joins the formula side by side (at most, at least)
#: once its area came out too large (too small) :data:`COUNT_AFTER` times
#: (encodings/rules.md, "Counts added late"; Nurikabe's 1047_25x32).
EAGER_COUNT = 300
COUNT_AFTER = 20


class Shading:
    """A variable ``(tag, r, c)`` per cell of ``grid`` (or of ``cells``, a
    part of it: walls and black cells left out), true when the cell is
    shaded, and the shading rules over them.

    Rules take ``shaded=True`` for the shaded cells or ``shaded=False`` for
    the unshaded ones. Cells are adjacent when orthogonal neighbours, both
    among the cells.

    >>> f = Formula()
    >>> s = Shading(f, Grid(1, 2))
    >>> f.name(s.lit((0, 1))), f.name(s.lit((0, 1), shaded=False))
    ('shaded(0,1)', '-shaded(0,1)')
    """

    def __init__(self, f: Formula, grid: Grid, cells: Iterable[Cell] | None = None,
                 tag: str = "shaded") -> None:
        self.f, self.grid, self.tag = f, grid, tag
        self.cells = list(grid.cells if cells is None else cells)
        inside = set(self.cells)
        self.adj = {(r, c): [n for n in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                             if n in inside]  # grid.neighbours' order, n w e s
                    for r, c in self.cells}
        self.edges = grid.cell_edges(self.cells)
        self.var = {c: f.var(tag, *c) for c in self.cells}
        self._links: dict[bool, dict[Edge, int]] = {}
        self._node_lits: dict[bool, dict[Cell, int]] = {}
        self._finders: list[Callable[[Model], list[Clause]]] = []
        self._arrays: tuple[list[int], list[list[int]], bool] | None = None

    # -- reading ------------------------------------------------------------------
    def lit(self, cell: Cell, shaded: bool = True) -> int:
        """The literal "``cell`` is shaded" (or unshaded)."""
        x = self.var[cell]
        return x if shaded else -x

    def colour(self, shaded: bool = True) -> str:
        """The name of a colour in variable names: the tag, or ``un`` + tag.

        >>> Shading(Formula(), Grid(1, 1)).colour(False)
        'unshaded'
        """
        return self.tag if shaded else f"un{self.tag}"

    def shaded_cells(self, model: Model) -> set[Cell]:
        """The shaded cells of a model.

        >>> f = Formula(); s = Shading(f, Grid(1, 2))
        >>> s.shaded_cells(Model(f, [s.var[(0, 1)]]))
        {(0, 1)}
        """
        return {c for c, x in self.var.items() if model.value(x)}

    def arrays(self, model: Model) -> tuple[list[int], list[list[int]], bytearray]:
        """The cells as indices into :attr:`cells` for cut finders that run
        every round: their variables, their neighbours' indices (both built
        once) and, per cell, 1 when the model shades it.

        >>> f = Formula(); s = Shading(f, Grid(1, 3))
        >>> s.arrays(Model(f, [s.var[(0, 1)]]))
        ([1, 2, 3], [[1], [0, 2], [1]], bytearray(b'\\x00\\x01\\x00'))
        """
        if self._arrays is None:
            at = {c: i for i, c in enumerate(self.cells)}
            var = [self.var[c] for c in self.cells]
            self._arrays = (var, [[at[n] for n in self.adj[c]] for c in self.cells],
                            bool(var) and var == list(range(var[0], var[0] + len(var))))
        var, adj, consecutive = self._arrays
        shaded = bytearray(len(var))
        if consecutive:  # one slice of the model
            first = var[0]
            for x in model.true_in_range(first, var[-1]):
                shaded[x - first] = 1
        else:
            for i, x in enumerate(var):
                shaded[i] = model.value(x)
        return var, adj, shaded

    def cuts(self, model: Model) -> list[Clause]:
        """The cuts of every lazy rule added so far."""
        out: list[Clause] = []
        for finder in self._finders:
            out.extend(finder(model))
        return out

    # -- local rules ------------------------------------------------------------------
    def no_adjacent(self, shaded: bool = True) -> None:
        """No two shaded (or unshaded) cells are orthogonal neighbours.

        >>> f = Formula(); s = Shading(f, Grid(1, 3)); s.no_adjacent(); f.clauses
        [[-1, -2], [-2, -3]]
        """
        self.f.extend([-self.lit(a, shaded), -self.lit(b, shaded)] for a, b in self.edges)

    def no_square(self, shaded: bool = True) -> None:
        """No 2x2 block of cells is all shaded (or all unshaded).

        >>> f = Formula(); s = Shading(f, Grid(2, 3)); s.no_square(shaded=False); f.clauses
        [[1, 2, 4, 5], [2, 3, 5, 6]]
        """
        for square in self.grid.squares():
            if all(c in self.var for c in square):
                self.f.add([-self.lit(c, shaded) for c in square])

    # -- connected ------------------------------------------------------------------
    def links(self, shaded: bool = True) -> dict[Edge, int]:
        """A variable per pair of adjacent cells, true iff both are shaded
        (or both unshaded): the edges of the graph :mod:`satlink.rules.graph`
        rules read. Defined once, by three clauses per pair.

        >>> f = Formula(); s = Shading(f, Grid(1, 2))
        >>> [f.name(x) for x in s.links().values()], f.clauses
        (['shaded.link(0,0,0,1)'], [[-3, 1], [-3, 2], [3, -1, -2]])
        """
        if shaded not in self._links:
            links = {}
            for a, b in self.edges:
                x = self.f.var(f"{self.colour(shaded)}.link", *a, *b)
                self.f.equiv_and(x, [self.lit(a, shaded), self.lit(b, shaded)])
                links[(a, b)] = x
            self._links[shaded] = links
            self._node_lits[shaded] = {c: self.lit(c, shaded) for c in self.cells}
        return self._links[shaded]

    def connected(self, shaded: bool = True, lazy: bool = True) -> None:
        """The shaded (or unshaded) cells form one orthogonally connected
        area (no such cell at all counts as connected).

        Lazy: the vertex-separator cuts of
        :class:`satlink.rules.vertex_cuts.ConnectedCells` over the cells'
        literals, no variable beyond the cells' (for an area C and a region
        Y beyond C that holds another area D: "a cell of C or of D is not
        of the colour, or a cell of Y next to C is"). Complete:
        :func:`satlink.rules.graph_encodings.encode_connected` over :meth:`links`.

        >>> f = Formula(); s = Shading(f, Grid(1, 3)); s.connected()
        >>> s.cuts(Model(f, [s.var[(0, 0)], s.var[(0, 2)]]))
        [[2, -1, -3]]

        >>> f = Formula(); s = Shading(f, Grid(2, 2)); s.connected(lazy=False)
        >>> len(f.clauses) > 12
        True
        """
        if lazy:
            rule = ConnectedCells(self.grid, {c: self.lit(c, shaded) for c in self.cells})
            self._finders.append(rule.cuts)
            return
        graph_encodings.encode_connected(self.f, self.links(shaded),
                                         node_vars=self._node_lits[shaded],
                                         tag=f"{self.colour(shaded)}.conn")

    # -- areas grown from clues ----------------------------------------------------------
    def areas(self, clues: Mapping[Cell, int | None], selectors: Mapping[Cell, int] | None = None,
              shaded: bool = False, lazy: bool = True, distances: bool = False,
              eager_count: int = EAGER_COUNT, count_after: int = COUNT_AFTER) -> None:
        """Each area (connected group) of unshaded cells (shaded ones with
        ``shaded=True``) holds exactly one clue, and as many cells as the
        clue says (Nurikabe islands); a clue ``None`` allows any size (a
        ``?``). A clue's cell is in an area.

        ``selectors`` maps clues to literals: such a clue holds only while
        its literal is true; deselected, its cell is a plain cell. Clues
        without a selector always hold. Both forms are valid for any subset
        of selected clues.

        Lazy: :meth:`area_cuts`, plus implied clauses (a cell no clue can
        reach is not in an area; two clues never touch one cell of an area);
        with ``distances``, also the labels and sizes of the complete form
        (:meth:`_area_labels`) and each labelled cell's distance from its
        clue inside the area (:meth:`_area_distances`), the areas'
        connectivity left to the cuts (Nurikabe's large islands); a clue
        whose domain's cells times its number exceed ``eager_count`` has
        its count added to the formula during the search, a side (at most,
        at least) once its area was too large (too small) in
        ``count_after`` candidate models (:meth:`_count_late`).
        Complete: a label per (clue, cell it can reach), see
        :meth:`_encode_areas`.

        >>> f = Formula(); s = Shading(f, Grid(1, 3))
        >>> s.areas({(0, 0): 1, (0, 2): 1})
        >>> f.clauses[:3]      # the clue cells unshaded, (0, 1) shaded (no clue reaches it)
        [[-1], [-3], [2]]
        """
        clues = dict(clues)
        selectors = dict(selectors or {})
        for p, n in clues.items():
            if p not in self.var:
                raise ValueError(f"clue {Grid.name(p)} is not a cell of the shading")
            if n is not None and n < 1:
                raise ValueError(f"clue {Grid.name(p)}: an area has at least one cell, not {n}")
        f, inside = self.f, (lambda c: self.lit(c, shaded))
        for p in clues:
            f.add(self._unless(selectors, p, [inside(p)]))
        domains = self._domains(clues, selectors)
        if lazy:
            self._implied_area_clauses(clues, selectors, shaded, domains)
            if not distances:
                self._finders.append(
                    lambda model: self.area_cuts(model, clues, selectors, shaded, domains))
                return
            label = self._area_labels(clues, selectors, shaded, domains, eager_count)
            self._area_distances(label, clues, shaded, domains)
            late = {p: list(lab.values()) for p, lab in label.items()
                    if clues[p] is not None and len(lab) * clues[p] > eager_count}
            misses: dict[tuple[Cell, bool], int] = {}

            def finder(model: Model) -> list[Clause]:
                cuts = self.area_cuts(model, clues, selectors, shaded, domains)
                if cuts and late:
                    self._count_late(model, late, clues, selectors, misses, count_after)
                return cuts
            self._finders.append(finder)
        else:
            self._encode_areas(clues, selectors, shaded, domains)

    @staticmethod
    def _unless(selectors: Mapping[Cell, int], p: Cell, clause: Clause) -> Clause:
        """``clause``, or "not selected or clause" for a clue behind a selector."""
        sel = selectors.get(p)
        return clause if sel is None else [-sel, *clause]

    def reach(self, start: Cell, limit: int | None,
              blocked: frozenset[Cell] | set[Cell] = frozenset()) -> dict[Cell, int]:
        """Distances from ``start`` along adjacent cells, up to ``limit``
        steps (None: no limit), never entering a ``blocked`` cell.

        >>> sorted(Shading(Formula(), Grid(2, 2)).reach((0, 0), 1).items())
        [((0, 0), 0), ((0, 1), 1), ((1, 0), 1)]
        """
        dist = {start: 0}
        todo = deque([start])
        while todo:
            c = todo.popleft()
            if limit is not None and dist[c] >= limit:
                continue
            for n in self.adj[c]:
                if n not in dist and n not in blocked:
                    dist[n] = dist[c] + 1
                    todo.append(n)
        return dist

    def _domains(self, clues: Mapping[Cell, int | None],
                 selectors: Mapping[Cell, int] | None = None) -> dict[Cell, dict[Cell, int]]:
        """Per clue p, the cells its area can hold: within ``n - 1`` steps
        of p along cells that are neither another clue that always holds
        (no selector) nor next to one."""
        selectors = selectors or {}
        fixed = [q for q in clues if q not in selectors]
        near = {q: {q, *self.adj[q]} for q in fixed}
        out = {}
        for p, n in clues.items():
            blocked = set().union(*(near[q] for q in fixed if q != p))
            blocked.discard(p)
            out[p] = self.reach(p, None if n is None else n - 1, blocked)
        return out

    def _implied_area_clauses(self, clues, selectors, shaded: bool, domains) -> None:
        f, inside = self.f, (lambda c: self.lit(c, shaded))
        for c in self.cells:
            reaching = [p for p in clues if c in domains[p]]
            if any(p not in selectors for p in reaching):
                continue  # a clue that always holds may reach it
            f.add([-inside(c), *(selectors[p] for p in reaching)])
        ps = list(clues)
        for i, p in enumerate(ps):
            for q in ps[i + 1:]:
                both = [-selectors[x] for x in (p, q) if x in selectors]
                if q in self.adj[p]:
                    f.add(both)
                for c in set(self.adj[p]) & set(self.adj[q]):
                    f.add([*both, -inside(c)])

    def area_cuts(self, model: Model, clues: Mapping[Cell, int | None],
                  selectors: Mapping[Cell, int] | None = None, shaded: bool = False,
                  domains: Mapping[Cell, Mapping[Cell, int]] | None = None) -> list[Clause]:
        """Cuts against a model with a wrong area (:meth:`areas`). For an
        area A of the model, with border B (the cells next to A, none in an
        area of this colour), and D_p the cells within ``n_p - 1`` steps of
        clue p (``domains``, computed when not given):

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

        >>> f = Formula(); s = Shading(f, Grid(1, 3))
        >>> s.area_cuts(Model(f, [s.var[(0, 1)]]), {(0, 0): 2})  # too small; clueless
        [[-2], [3]]
        """
        selectors = selectors or {}
        if domains is None:
            domains = self._domains(clues)
        value = model.value
        inside = lambda c: self.lit(c, shaded)  # noqa: E731
        seen: set[Cell] = set()
        cuts: list[Clause] = []
        for start in self.cells:
            if start in seen or not value(inside(start)):
                continue
            area = self._area(start, value, inside)
            seen.update(area)
            members = set(area)
            border = sorted({n for c in area for n in self.adj[c] if n not in members})
            held = [p for p in area if p in clues
                    and (p not in selectors or value(selectors[p]))]
            if not held:
                off = [selectors[p] for p in area if p in clues]
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
                if n is None or n == len(area):
                    continue
                guard = [-selectors[p]] if p in selectors else []
                if len(area) > n:
                    first = self._area(p, value, inside, limit=n + 1)
                    cuts.append([*guard, *(-inside(c) for c in first if c != p)])
                else:
                    cuts.append([*guard, *(inside(b) for b in border if b in domains[p])])
        return cuts

    def _area(self, start: Cell, value, inside, limit: int | None = None) -> list[Cell]:
        """The cells of ``start``'s area in breadth-first order (the first
        ``limit`` of them when given)."""
        order, seen = [start], {start}
        for c in order:
            for n in self.adj[c]:
                if n not in seen and value(inside(n)):
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
            for n in self.adj[c]:
                if n in members and n not in back:
                    back[n] = c
                    todo.append(n)
        path = [q]
        while path[-1] != p:
            path.append(back[path[-1]])
        return path[::-1]

    def _count_late(self, model: Model, late: Mapping[Cell, list[int]], clues, selectors,
                    misses: dict[tuple[Cell, bool], int], after: int) -> None:
        """For each clue p of ``late`` (p -> its labels, not yet counted in
        full) selected in ``model`` with other than ``n_p`` labels true, one
        more miss on that side (too many, too few) in ``misses``; at the
        ``after``-th, "at most ``n_p``" (at least) of its labels joins the
        formula: clauses every solution satisfies, the engine loads them
        before its next call (encodings/rules.md, "Counts added late")."""
        value = model.value
        for p, labels in late.items():
            sel = selectors.get(p)
            if sel is not None and not value(sel):
                continue
            got, n = sum(map(value, labels)), clues[p]
            if got == n:
                continue
            key = (p, got > n)
            misses[key] = misses.get(key, 0) + 1
            if misses[key] == after:
                counts.count(self.f, labels, n, "at_most" if got > n else "at_least", when=sel)

    def _area_labels(self, clues, selectors, shaded: bool, domains,
                     eager_count: float = float("inf")) -> dict[Cell, dict[Cell, int]]:
        """A label ``(colour.area, *p, *c)`` per clue p and cell c of its
        domain (``domains``). A cell in an area has exactly one label, a
        cell outside none; a label needs its clue selected; a selected clue
        labels its own cell; a labelled cell passes its label to every
        adjacent cell in an area; clue p's label is on exactly ``n_p``
        cells (encoded here when its domain's cells times ``n_p`` are at
        most ``eager_count``). Returns the labels per clue.
        """
        f, inside = self.f, (lambda c: self.lit(c, shaded))
        label = {p: {c: f.var(f"{self.colour(shaded)}.area", *p, *c) for c in dom}
                 for p, dom in domains.items()}
        for c in self.cells:
            f.exactly_one([-inside(c), *(label[p][c] for p in clues if c in label[p])])
        for p, lab in label.items():
            sel = selectors.get(p)
            if sel is not None:
                f.extend([-x, sel] for x in lab.values())
            f.add(self._unless(selectors, p, [lab[p]]))
            for u, x in lab.items():
                for v in self.adj[u]:
                    f.add([-x, -inside(v), *([lab[v]] if v in lab else [])])
            if clues[p] is not None and len(lab) * clues[p] <= eager_count:
                counts.exactly(f, list(lab.values()), clues[p], when=sel)
        return label

    def _area_distances(self, label, clues, shaded: bool, domains) -> None:
        """Per sized clue p and step t < n_p, ``near(p, t, c)``: c is of the
        colour and within t steps of p along cells of the colour (t = 0:
        ``lab(p, p)``); a cell labelled p is near at ``n_p - 1`` steps. A
        cell's near variables exist from its distance in ``domains`` on."""
        f, inside = self.f, (lambda c: self.lit(c, shaded))
        for p, lab in label.items():
            n = clues[p]
            if n is None:
                continue
            dom = domains[p]
            prev = {p: lab[p]}
            for t in range(1, n):
                cur = {}
                for c, d in dom.items():
                    if d > t:
                        continue
                    x = cur[c] = f.var(f"{self.colour(shaded)}.area.near", *p, t, *c)
                    f.add([-x, inside(c)])
                    f.add([-x, *(prev[m] for m in [c, *self.adj[c]] if m in prev)])
                    if c in prev:
                        f.add([-prev[c], x])
                prev = cur
            for c, x in lab.items():
                f.add([-x, prev[c]] if c in prev else [-x])

    def _encode_areas(self, clues, selectors, shaded: bool, domains) -> None:
        """The complete form: the labels of :meth:`_area_labels`, and the
        cells of each label connected (:func:`satlink.rules.graph_encodings.encode_connected`).
        """
        f = self.f
        label = self._area_labels(clues, selectors, shaded, domains)
        for p, lab in label.items():
            sel = selectors.get(p)
            links = {}
            for a, b in self.grid.cell_edges(list(lab)):
                x = f.var(f"{self.colour(shaded)}.area.link", *p, *a, *b)
                f.equiv_and(x, [lab[a], lab[b]])
                links[(a, b)] = x
            graph_encodings.encode_connected(f, links, node_vars=lab,
                                   required=[p] if sel is None else (),
                                   tag=f"{self.colour(shaded)}.area.{Grid.name(p)}")

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

``encodings/rules.md`` proves the cuts and gives the sizes. The areas grown
from clues (:meth:`Shading.areas`) are their own module,
:mod:`satlink.rules.clue_areas`.

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
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cached_property

from . import graph_encodings
from ..formula import Formula
from ..model import Model
from .grid import Cell, Edge, Grid
from .clue_areas import COUNT_AFTER, EAGER_COUNT, ClueAreas
from .vertex_cuts import ConnectedCells

Clause = list[int]

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
        # one variable per distinct cell, numbered at once when none exists yet
        unique = self.cells if cells is None else list(dict.fromkeys(self.cells))
        self.var = dict(zip(unique, f.vars([(tag, *c) for c in unique])))
        self._links: dict[bool, dict[Edge, int]] = {}
        self._node_lits: dict[bool, dict[Cell, int]] = {}
        self._finders: list[Callable[[Model], list[Clause]]] = []
        self._arrays: tuple[list[int], list[list[int]], bool] | None = None
        self._span: tuple[int, list[Cell]] | None = None  # shaded_cells' slice

    # -- geometry, built on first use (Nonogram and other clause-only genres need none) ----
    @cached_property
    def adj(self) -> dict[Cell, list[Cell]]:
        """Each cell's orthogonal neighbours among the cells, in ``grid.neighbours``'
        order (n, w, e, s)."""
        if self._whole():  # every cell: the board's edges decide, no set look-ups
            rows, cols = self.grid.rows, self.grid.cols
            out = {}
            for r in range(rows):
                up, down = r > 0, r + 1 < rows
                for c in range(cols):
                    ns = [(r - 1, c)] if up else []
                    if c:
                        ns.append((r, c - 1))
                    if c + 1 < cols:
                        ns.append((r, c + 1))
                    if down:
                        ns.append((r + 1, c))
                    out[(r, c)] = ns
            return out
        inside = set(self.cells)
        return {(r, c): [n for n in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                         if n in inside] for r, c in self.cells}

    @cached_property
    def edges(self) -> list[Edge]:
        """The edges between adjacent cells (``Grid.cell_edges``' order)."""
        # the whole board's edges by ranges (the same order), else by look-ups
        return self.grid.cell_edges(None if self._whole() else self.cells)

    def _whole(self) -> bool:
        """Are the cells the whole board, in reading order (one variable per cell)?"""
        return self.cells == self.grid.cells

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
        var = self.var
        if var and self._span is None:  # the first variable, when all are consecutive
            first = next(iter(var.values()))
            self._span = (first, list(var)) if list(var.values()) == list(
                range(first, first + len(var))) else (0, [])
        if var and self._span[0]:  # one slice of the model, no look-up per cell
            first, cells = self._span
            return {cells[x - first] for x in model.true_in_range(first, first + len(cells) - 1)}
        return {c for c, x in var.items() if model.value(x)}

    def arrays(self, model: Model) -> tuple[list[int], list[list[int]], bytearray]:
        """The cells as indices into :attr:`cells` for cut finders that run
        every round: their variables, their neighbours' indices (both built
        once) and, per cell, 1 when the model shades it.

        >>> f = Formula(); s = Shading(f, Grid(1, 3))
        >>> s.arrays(Model(f, [s.var[(0, 1)]]))
        ([1, 2, 3], [[1], [0, 2], [1]], bytearray(b'\\x00\\x01\\x00'))
        """
        if self._arrays is None:
            var = [self.var[c] for c in self.cells]
            if self._whole():  # reading order: a neighbour's index by arithmetic
                cols = self.grid.cols
                nbrs = [[r * cols + c for r, c in ns] for ns in self.adj.values()]
            else:
                at = {c: i for i, c in enumerate(self.cells)}
                nbrs = [[at[n] for n in self.adj[c]] for c in self.cells]
            self._arrays = (var, nbrs,
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

    def add_finder(self, finder: Callable[[Model], list[Clause]]) -> None:
        """Run ``finder`` (a lazy rule's cuts) in :meth:`cuts` from now on."""
        self._finders.append(finder)

    def cuts(self, model: Model) -> list[Clause]:
        """The cuts of every lazy rule added so far."""
        out: list[Clause] = []
        for finder in self._finders:
            out.extend(finder(model))
        return out

    # -- local rules ------------------------------------------------------------------
    def no_adjacent(self, shaded: bool = True, settled: Collection[Cell] = ()) -> None:
        """No two shaded (or unshaded) cells are orthogonal neighbours;
        ``settled``: cells the caller's clauses fix to the other colour, whose
        pairs hold already and are left out.

        >>> f = Formula(); s = Shading(f, Grid(1, 3)); s.no_adjacent(); f.clauses
        [[-1, -2], [-2, -3]]
        >>> f = Formula(); s = Shading(f, Grid(1, 3)); s.no_adjacent(settled=[(0, 0)]); f.clauses
        [[-2, -3]]
        """
        self._unsettled(self._no_adjacent, shaded, settled)

    def _no_adjacent(self, shaded: bool) -> None:
        # :attr:`edges`' order (across, then down, each in row order) from
        # each row's variables (None: not a cell), no edge list built
        rows = self._rows()
        out = self.f.clauses
        if self._whole():  # every cell there: no None tests
            for line in rows:
                out.extend([[-a, -b] for a, b in zip(line, line[1:])] if shaded
                           else [[a, b] for a, b in zip(line, line[1:])])
            for above, below in zip(rows, rows[1:]):
                out.extend([[-a, -b] for a, b in zip(above, below)] if shaded
                           else [[a, b] for a, b in zip(above, below)])
            return
        for line in rows:
            for a, b in zip(line, line[1:]):
                if a is not None and b is not None:
                    out.append([-a, -b] if shaded else [a, b])
        for above, below in zip(rows, rows[1:]):
            for a, b in zip(above, below):
                if a is not None and b is not None:
                    out.append([-a, -b] if shaded else [a, b])

    def _rows(self) -> list[list[int | None]]:
        """The variables row by row over the whole board, None where no cell."""
        get, cols = self.var.get, self.grid.cols
        if self._whole():  # the variables in reading order: slices
            v = list(self.var.values())
            return [v[i:i + cols] for i in range(0, len(v), cols)]
        return [[get((r, c)) for c in range(cols)] for r in range(self.grid.rows)]

    def no_square(self, shaded: bool = True, settled: Collection[Cell] = ()) -> None:
        """No 2x2 block of cells is all shaded (or all unshaded); ``settled``:
        cells the caller's clauses fix to the other colour, whose blocks hold
        already and are left out.

        >>> f = Formula(); s = Shading(f, Grid(2, 3)); s.no_square(shaded=False); f.clauses
        [[1, 2, 4, 5], [2, 3, 5, 6]]
        >>> f = Formula(); s = Shading(f, Grid(2, 3)); s.no_square(settled=[(0, 0)]); f.clauses
        [[-2, -3, -5, -6]]
        """
        self._unsettled(self._no_square, shaded, settled)

    def _unsettled(self, rule: Callable[[bool], None], shaded: bool,
                   settled: Collection[Cell]) -> None:
        """``rule(shaded)``'s clauses, less those holding a cell of ``settled``
        with the other colour's literal (the caller's clauses fix it: they hold)."""
        out = self.f.clauses
        first = len(out)
        rule(shaded)
        if settled:
            holds = {-self.var[c] if shaded else self.var[c] for c in settled}.isdisjoint
            out[first:] = [cl for cl in out[first:] if holds(cl)]

    def _no_square(self, shaded: bool) -> None:
        # row by row, each row's variables looked up once (None: not a cell);
        # the clauses of ``grid.squares()`` order
        rows, out = self._rows(), self.f.clauses
        whole = all(None not in row for row in rows)  # every cell there: no tests
        for above, below in zip(rows, rows[1:]):
            blocks = zip(above, above[1:], below, below[1:])
            if whole:
                out.extend([[-a, -b, -d, -e] for a, b, d, e in blocks] if shaded
                           else [[a, b, d, e] for a, b, d, e in blocks])
                continue
            for a, b, d, e in blocks:
                if a is not None and b is not None and d is not None and e is not None:
                    out.append([-a, -b, -d, -e] if shaded else [a, b, d, e])

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

    def connected(self, shaded: bool = True, lazy: bool = True,
                  required: Iterable[Cell] = ()) -> None:
        """The shaded (or unshaded) cells form one orthogonally connected
        area (no such cell at all counts as connected).

        Lazy: the vertex-separator cuts of
        :class:`satlink.rules.vertex_cuts.ConnectedCells` over the cells'
        literals, no variable beyond the cells' (for an area C and a region
        Y beyond C that holds another area D: "a cell of C or of D is not
        of the colour, or a cell of Y next to C is"); ``required``: cells
        of the colour in every solution (the caller's unit clauses say so),
        whose areas need no witness (stronger cuts). Complete:
        :func:`satlink.rules.graph_encodings.encode_connected` over :meth:`links`.

        >>> f = Formula(); s = Shading(f, Grid(1, 3)); s.connected()
        >>> s.cuts(Model(f, [s.var[(0, 0)], s.var[(0, 2)]]))
        [[2, -1, -3]]

        >>> f = Formula(); s = Shading(f, Grid(2, 2)); s.connected(lazy=False)
        >>> len(f.clauses) > 12
        True
        """
        if lazy:
            rule = ConnectedCells(self.grid, {c: self.lit(c, shaded) for c in self.cells},
                                  required)
            self.add_finder(rule.cuts)
            return
        graph_encodings.encode_connected(self.f, self.links(shaded),
                                         node_vars=self._node_lits[shaded],
                                         tag=f"{self.colour(shaded)}.conn")

    # -- areas grown from clues (satlink.rules.clue_areas) --------------------------------
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
        and each labelled cell's distance from its clue inside the area, the
        areas' connectivity left to the cuts (Nurikabe's large islands); a
        clue whose domain's cells times its number exceed ``eager_count``
        has its count added to the formula during the search, a side (at
        most, at least) once its area was too large (too small) in
        ``count_after`` candidate models. Complete: a label per (clue, cell
        it can reach), each label connected. The rule is
        :class:`satlink.rules.clue_areas.ClueAreas`.

        >>> f = Formula(); s = Shading(f, Grid(1, 3))
        >>> s.areas({(0, 0): 1, (0, 2): 1})
        >>> f.clauses[:3]      # the clue cells unshaded, (0, 1) shaded (no clue reaches it)
        [[-1], [-3], [2]]
        """
        rule = ClueAreas(self, clues, selectors, shaded)
        if lazy:
            self.add_finder(rule.lazy(distances, eager_count, count_after))
        else:
            rule.encode_complete()

    def area_cuts(self, model: Model, clues: Mapping[Cell, int | None],
                  selectors: Mapping[Cell, int] | None = None, shaded: bool = False,
                  domains: Mapping[Cell, Mapping[Cell, int]] | None = None) -> list[Clause]:
        """Cuts against a model with a wrong area (:meth:`areas`;
        :meth:`satlink.rules.clue_areas.ClueAreas.cuts` says which).

        >>> f = Formula(); s = Shading(f, Grid(1, 3))
        >>> s.area_cuts(Model(f, [s.var[(0, 1)]]), {(0, 0): 2})  # too small; clueless
        [[-2], [3]]
        """
        return ClueAreas(self, clues, selectors, shaded, domains).cuts(model)

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

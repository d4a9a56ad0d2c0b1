"""Division into regions: every cell lies in exactly one region, and a wall
variable per pair of orthogonally adjacent cells is true exactly where two
regions meet (the borders genres such as Fillomino, Shikaku, Tatamibari and
Galaxies ask for, and the answer variables of those genres).

Every form is a *labelling*: each cell takes exactly one label from a set of
candidates, and the wall between two adjacent cells is true iff their
labels differ (:meth:`Regions.labels`). The regions are then the connected
groups of equally labelled cells. The forms differ in what a label is:

- :meth:`Regions.tiles`: a label is a piece (a connected set of cells) and
  the labelling is an exact cover by pieces;
  :func:`satlink.rules.region_shapes.rectangles` makes the candidates of
  Shikaku and Tatamibari (``form``: square, wide, tall);
- :meth:`Regions.symmetric`: a label is a centre, and a cell and its mirror
  image through the centre carry it together (Galaxies); each centre's
  cells are connected (:meth:`Regions.connected`, lazy or complete);
- :func:`satlink.rules.sizes.sizes`: a label is a size, every region has as
  many cells as its label says (Fillomino).

Local rules on walls: :meth:`Regions.no_four_meet` (Tatamibari). The proofs
and sizes are in ``encodings/regions.md``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> regions = Regions(f, Grid(2, 2))
>>> bars = {"top": [(0, 0), (0, 1)], "bottom": [(1, 0), (1, 1)], "left": [(0, 0), (1, 0)]}
>>> piece = regions.tiles(bars)
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(assumptions=[piece["top"]])
...     sorted(regions.walls(Model(f, s.get_model())))
True
[((0, 0), (1, 0)), ((0, 1), (1, 1))]
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

from . import graph_encodings
from ..formula import Formula
from ..model import Model
from .grid import Cell, Edge, Grid
from .region_shapes import Half, mirror, symmetric_domains, touching

Clause = list[int]


class Regions:
    """A wall variable ``(tag, r1, c1, r2, c2)`` per cell edge of ``grid``,
    and the forms that define them (call one of :meth:`labels`,
    :meth:`tiles`, :meth:`symmetric`, :func:`~satlink.rules.sizes.sizes`).

    ``walls=False``: no wall variables; the walls are read from the labels
    (only :meth:`tiles` allows it, whose pieces then are the answer).

    >>> f = Formula(); regions = Regions(f, Grid(1, 2))
    >>> [f.name(x) for x in regions.wall.values()]
    ['wall(0,0,0,1)']
    """

    def __init__(self, f: Formula, grid: Grid, tag: str = "wall", walls: bool = True) -> None:
        self.f, self.grid, self.tag = f, grid, tag
        self.edges = grid.cell_edges()
        self.adj = _neighbours(grid.rows, grid.cols)
        self.has_walls = walls
        self.wall = {e: f.var(tag, *e[0], *e[1]) for e in self.edges} if walls else {}
        #: cell -> {label: literal}, once :meth:`labels` has run
        self.label: dict[Cell, dict[Hashable, int]] = {}
        self._label_vars: list[int] = []  # every positive label literal, once
        self._label_owner: dict[int, list[tuple[Cell, Hashable]]] = {}
        self._finders: list[Callable[[Model], list[Clause]]] = []

    # -- reading ------------------------------------------------------------------
    def walls(self, model: Model) -> set[Edge]:
        """The cell edges that are walls in ``model`` (without wall
        variables: those between cells of different labels)."""
        if not self.has_walls:
            label = self.label_of(model)
            return {(a, b) for a, b in self.edges if label[a] != label[b]}
        return {e for e, x in self.wall.items() if model.value(x)}

    def regions(self, model: Model) -> list[list[Cell]]:
        """The regions of ``model``, each sorted, in the order of their first cell."""
        return self.grid.regions(self.walls(model))

    def label_of(self, model: Model) -> dict[Cell, Hashable]:
        """Each cell's label in ``model``."""
        out: dict[Cell, Hashable] = {}
        for x in model.true_vars(self._label_vars):
            for c, k in self._label_owner[x]:
                out[c] = k
        return out

    def cuts(self, model: Model) -> list[Clause]:
        """The cuts of every lazy rule added so far."""
        out: list[Clause] = []
        for finder in self._finders:
            out.extend(finder(model))
        return out

    def add_finder(self, finder: Callable[[Model], list[Clause]]) -> None:
        """Register a lazy rule's cut finder (run by :meth:`cuts`)."""
        self._finders.append(finder)

    # -- the labelling every form is made of ---------------------------------------------
    def labels(self, lits: Mapping[Cell, Mapping[Hashable, int]], free: Iterable[Hashable] = (),
               fresh: bool = False) -> None:
        """Each cell takes exactly one of its labels (``lits[c]``: label ->
        literal; every cell of the board must be there), and the wall
        between adjacent cells a, b is true iff their labels differ:

        - ``lab(a, k) and lab(b, k) -> not wall`` per common label k (not
          for the labels in ``free``: a wall between two cells of such a
          label is left to other rules);
        - ``lab(a, k) and not wall -> lab(b, k)`` (``lab(a, k) -> wall``
          when b cannot take k), both ways.

        >>> f = Formula(); regions = Regions(f, Grid(1, 2))
        >>> a0, a1, b1 = f.var("a", 0), f.var("a", 1), f.var("b", 1)
        >>> regions.labels({(0, 0): {"a": a0}, (0, 1): {"a": a1, "b": b1}})
        >>> [" ".join(f.name(x) for x in c) for c in f.clauses[3:]]
        ['-a(0) -a(1) -wall(0,0,0,1)', '-a(0) wall(0,0,0,1) a(1)', '-a(1) wall(0,0,0,1) a(0)', '-b(1) wall(0,0,0,1)']

        Without wall variables (``Regions(..., walls=False)``) each cell
        takes exactly one label and nothing more: the walls are read from
        the labels (where they differ). That is the division only where the
        caller's rules make each label's cells one region (connected, a
        label per region): then labellings and divisions correspond one to
        one and the labels can be the answer (``encodings/regions.md``).
        ``fresh``: ``lits`` is the caller's own new dict of every cell's
        labels, variables all, kept without a copy or a check.
        """
        self._record(lits, fresh)
        f, free, label = self.f, set(free), self.label
        for c in self.grid.cells:
            f.exactly_one(list(label[c].values()))
        add = f.clauses.append  # fresh lists: what f.add would append
        for (a, b), w in self.wall.items():
            la, lb = label[a], label[b]
            for k, x in la.items():
                y = lb.get(k)
                if y == x:
                    add([-x, -w])
                elif y is None:
                    add([-x, w])
                else:
                    if k not in free:
                        add([-x, -y, -w])
                    add([-x, w, y])
            for k, y in lb.items():
                x = la.get(k)
                if x is None:
                    add([-y, w])
                elif x != y:
                    add([-y, w, x])

    def _record(self, lits: Mapping[Cell, Mapping[Hashable, int]], fresh: bool = False) -> None:
        """Keep each cell's labels (for :meth:`label_of`), checked; with
        ``fresh`` (this class's own dict of every cell's labels, variables
        it made) kept as it is, not copied or checked."""
        if self.label:
            raise ValueError("the regions are labelled already")
        if not fresh:
            missing = [c for c in self.grid.cells if c not in lits]
            if missing:
                raise ValueError(f"cells without labels: {missing[:3]}")
            lits = {c: dict(lits[c]) for c in self.grid.cells}
            if any(x <= 0 for lab in lits.values() for x in lab.values()):
                raise ValueError("labels are variables, not negative literals")
        self.label = lits
        owner = self._label_owner
        for c, lab in lits.items():
            for k, x in lab.items():
                owner.setdefault(x, []).append((c, k))
        self._label_vars = sorted(owner)

    # -- tiles: an exact cover by pieces --------------------------------------------
    def tiles(self, pieces: Mapping[Hashable, Iterable[Cell]]) -> dict[Hashable, int]:
        """Choose pieces that cover every cell exactly once; each chosen piece
        is a region. A variable ``(tag.piece, *key)`` per piece (its key a
        tuple, or one value), returned. Pieces must be nonempty, on the board
        and connected (not checked:
        :func:`~satlink.rules.region_shapes.is_connected` says). A cell no
        piece covers makes the formula unsatisfiable (an empty clause).
        Clauses: per cell "some piece covers it"; per two pieces that
        overlap, "not both"; with wall variables, per edge a, b, ``x -> not
        wall`` for each piece holding both and "wall, or a piece holding
        both" (the piece covering a covers b iff there is no wall).

        >>> f = Formula(); regions = Regions(f, Grid(1, 2))
        >>> x = regions.tiles({(0,): [(0, 0)], (1,): [(0, 1)], (2,): [(0, 0), (0, 1)]})
        >>> [f.name(v) for v in x.values()]
        ['wall.piece(0)', 'wall.piece(1)', 'wall.piece(2)']
        """
        if self.label:
            raise ValueError("the regions are labelled already")
        var: dict[Hashable, int] = {}
        lits: dict[Cell, dict[Hashable, int]] = {c: {} for c in self.grid.cells}
        owner = self._label_owner  # what _record would make of lits, made on the way
        tag, new = f"{self.tag}.piece", self.f.var
        for key, cells in pieces.items():
            cells = list(cells)
            at = [lits.get(c) for c in cells]
            if not cells or None in at:
                raise ValueError(f"piece {key!r} is empty or leaves the board")
            x = var[key] = new(tag, *(key if isinstance(key, tuple) else (key,)))
            for labels in at:
                labels[key] = x
            owner.setdefault(x, []).extend([(c, key) for c in cells])
        self.label = lits
        self._label_vars = sorted(owner)
        f = self.f
        overlapping: dict[tuple[int, int], None] = {}
        add = f.clauses.append
        for c in self.grid.cells:
            here = sorted(lits[c].values())
            add(here)
            if len(here) > 1:
                overlapping.update(dict.fromkeys(itertools.combinations(here, 2)))
        f.clauses.extend([[-x, -y] for x, y in overlapping])
        for (a, b), w in self.wall.items():  # none without wall variables
            both = [x for k, x in lits[a].items() if lits[b].get(k) == x]
            f.extend([-x, -w] for x in both)
            f.add([w, *both])
        return var

    # -- local rules on walls ------------------------------------------------------
    def no_four_meet(self) -> None:
        """No four walls meet at an inside lattice point: where the regions
        are rectangles, no four regions meet at a point (Tatamibari).
        Without wall variables (after :meth:`tiles`): per inside point, a
        chosen piece holds two of the four cells around it.

        >>> f = Formula(); regions = Regions(f, Grid(2, 2)); regions.no_four_meet()
        >>> [f.name(x) for x in f.clauses[0]]
        ['-wall(0,0,0,1)', '-wall(1,0,1,1)', '-wall(0,0,1,0)', '-wall(0,1,1,1)']
        """
        for r in range(1, self.grid.rows):
            for c in range(1, self.grid.cols):
                nw, ne, sw, se = (r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)
                if not self.has_walls:  # some label (piece) holds two of the four cells
                    seen: dict[int, int] = {}
                    for cell in (nw, ne, sw, se):
                        for x in set(self.label[cell].values()):
                            seen[x] = seen.get(x, 0) + 1
                    self.f.add(sorted(x for x, n in seen.items() if n > 1))
                    continue
                self.f.add([-self.wall[(nw, ne)], -self.wall[(sw, se)],
                            -self.wall[(nw, sw)], -self.wall[(ne, se)]])

    # -- labels that hold together ------------------------------------------------------
    def connected(self, anchors: Mapping[Hashable, Sequence[Cell]], lazy: bool = True) -> None:
        """The cells of each label in ``anchors`` form one connected region
        that holds the label's anchor cells (which take the label: unit
        clauses). Every label a cell can take must be in ``anchors``.

        Lazy: :meth:`connected_cuts`. Complete: per label,
        :func:`satlink.rules.graph_encodings.encode_connected` over links ``lab(a, k) and
        lab(b, k)`` rooted at the first anchor.
        """
        if not self.label:
            raise ValueError("label the regions first")
        anchors = {k: list(cs) for k, cs in anchors.items()}
        if any(not cs for cs in anchors.values()):
            raise ValueError("a label without an anchor cell")
        for k, cs in anchors.items():
            for c in cs:
                if k not in self.label[c]:
                    raise ValueError(f"anchor {Grid.name(c)} cannot take its label {k!r}")
                self.f.add([self.label[c][k]])
        unanchored = {k for lab in self.label.values() for k in lab} - set(anchors)
        if unanchored:
            raise ValueError(f"labels without anchors: {sorted(map(repr, unanchored))[:3]}")
        if lazy:
            self.add_finder(lambda model: self.connected_cuts(model, anchors))
            return
        for k, cs in anchors.items():
            nodes = {c: lab[k] for c, lab in self.label.items() if k in lab}
            links = {}
            for a, b in self.grid.cell_edges(nodes):
                x = self.f.var(f"{self.tag}.link", *a, *b, *_flat(k))
                self.f.equiv_and(x, [nodes[a], nodes[b]])
                links[(a, b)] = x
            graph_encodings.encode_connected(self.f, links, node_vars=nodes, required=cs[:1],
                                   tag=f"{self.tag}.conn.{k}")

    def connected_cuts(self, model: Model, anchors: Mapping[Hashable, Sequence[Cell]]
                       ) -> list[Clause]:
        """For each region R (a connected group of equally labelled cells)
        whose label k has an anchor a outside R, with B the cells next to R
        that can take k: "a cell of R does not take k, or a cell of B does".

        >>> f = Formula(); regions = Regions(f, Grid(1, 3))
        >>> lab = {c: {k: f.var("lab", *c, k) for k in "ab"} for c in Grid(1, 3).cells}
        >>> regions.labels(lab)
        >>> m = Model(f, [lab[(0, 0)]["a"], lab[(0, 1)]["b"], lab[(0, 2)]["a"]])
        >>> [[f.name(x) for x in cut] for cut in regions.connected_cuts(m, {"a": [(0, 0)], "b": [(0, 1)]})]
        [['-lab(0,2,a)', 'lab(0,1,a)']]
        """
        label = self.label_of(model)
        seen: set[Cell] = set()
        cuts: list[Clause] = []
        for start in self.grid.cells:
            if start in seen:
                continue
            k = label[start]
            region = self.group(start, label)
            seen.update(region)
            members = set(region)
            outside = [a for a in anchors[k] if a not in members]
            if not outside:
                continue
            border = sorted({n for c in region for n in self.adj[c]
                             if n not in members and k in self.label[n]})
            cuts.append([*(-self.label[c][k] for c in region),
                         *(self.label[b][k] for b in border)])
        return cuts

    def group(self, start: Cell, label: Mapping[Cell, Hashable]) -> list[Cell]:
        """The cells labelled like ``start`` connected to it through such
        cells (``label``: :meth:`label_of`), in breadth-first order."""
        order, seen, k = [start], {start}, label[start]
        for c in order:
            for n in self.adj[c]:
                if n not in seen and label[n] == k:
                    seen.add(n)
                    order.append(n)
        return order

    # -- symmetric regions about centres (Galaxies) -------------------------------------
    def symmetric(self, centres: Sequence[Half], lazy: bool = True) -> dict[Cell, dict[int, int]]:
        """Every region holds exactly one of the ``centres`` (points in
        half-cell units, strictly inside the board) and is point-symmetric
        about it; the cells touching a centre lie in its region. Labels:
        the centre's index; cell c and its mirror image c' share one
        variable ``(tag.centre, i, *min(c, c'))``, offered where
        :func:`~satlink.rules.region_shapes.symmetric_domains` allows it (c'
        on the board, c touching no other centre, joined to the centre).
        Returns the labels; connectivity as :meth:`connected`. Without wall
        variables (``Regions(..., walls=False)``) each cell takes exactly one
        label and nothing more: the walls are read from the labels, which
        are then the answer (a labelling and its division determine each
        other: ``encodings/regions.md``).

        >>> f = Formula(); regions = Regions(f, Grid(1, 2))
        >>> lab = regions.symmetric([(1, 2)])        # the middle of the board
        >>> lab[(0, 0)] == lab[(0, 1)], f.name(lab[(0, 1)][0])
        (True, 'wall.centre(0,0,0)')
        """
        lits: dict[Cell, dict[int, int]] = {c: {} for c in self.grid.cells}
        anchors: dict[int, list[Cell]] = {}
        for i, (centre, dom) in enumerate(zip(centres, symmetric_domains(self.grid, centres))):
            anchors[i] = touching(self.grid, centre)
            for c in sorted(dom):
                m = mirror(c, centre)
                if c <= m:
                    lits[c][i] = lits[m][i] = self.f.var(f"{self.tag}.centre", i, *c)
            if not dom:  # no region can hold the centre: label its cells anyway (unsatisfiable)
                for c in anchors[i]:
                    lits[c].setdefault(i, self.f.var(f"{self.tag}.centre", i, *c))
                    self.f.add([-lits[c][i]])
        self.labels(lits, fresh=True)
        self.connected(anchors, lazy=lazy)
        return lits


def _neighbours(rows: int, cols: int) -> dict[Cell, list[Cell]]:
    """Each cell's orthogonal neighbours on the board: up, left, right,
    down. Written out (an inside cell without a bounds test) because every
    Regions builds it: a third of the time of the comprehension it replaced.

    >>> _neighbours(2, 2)[(0, 1)]
    [(0, 0), (1, 1)]
    """
    adj: dict[Cell, list[Cell]] = {}
    last_row, last_col = rows - 1, cols - 1
    for r in range(rows):
        up, down = r - 1, r + 1
        for c in range(cols):
            if 0 < r < last_row and 0 < c < last_col:
                adj[r, c] = [(up, c), (r, c - 1), (r, c + 1), (down, c)]
                continue
            around = []
            if r:
                around.append((up, c))
            if c:
                around.append((r, c - 1))
            if c < last_col:
                around.append((r, c + 1))
            if r < last_row:
                around.append((down, c))
            adj[r, c] = around
    return adj


def _flat(key: Hashable) -> tuple:
    return key if isinstance(key, tuple) else (key,)

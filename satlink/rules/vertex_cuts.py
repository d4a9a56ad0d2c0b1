"""Connected cells by vertex-separator cuts: the cells whose literal is true
form one orthogonally connected area (none at all counts as connected),
lazily, with no variable beyond the cells' own.

:class:`ConnectedCells` is the lazy rule (Nanro's numbered cells, and
the lazy form of :meth:`satlink.rules.shading.Shading.connected`, every
connected-shading genre's). Where the separation cuts of
:func:`satlink.rules.graph.connected_cuts` need a "both ends true" variable
per pair of neighbours (three clauses and a variable each), the cuts here
name cells: for a candidate area C and a region Y of the board beyond C
that holds another area D,

    not a  or  not b  or  OR(y, y in Y next to C)

for a cell a of C and a cell b of D (proof in ``encodings/nanro.md``,
"The cuts"). A cell the rule knows to be true in every solution
(``required``) is a witness that needs no literal.

>>> from satlink.formula import Formula
>>> from satlink.model import Model
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> x = {c: f.var("x", *c) for c in Grid(1, 3).cells}
>>> rule = ConnectedCells(Grid(1, 3), x)
>>> rule.cuts(Model(f, [x[(0, 0)], x[(0, 2)]]))
[[2, -1, -3]]
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableMapping

from . import graph_encodings
from .grid import Cell, Grid
from .cycle_cuts import beyond


#: The side neighbours' steps in grid.neighbours' order (n, w, e, s), then
#: the corner neighbours' in reading order (nw, ne, sw, se).
_SIDES = ((-1, 0), (0, -1), (0, 1), (1, 0))
_CORNERS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def board_neighbours(rows: int, cols: int, diagonal: bool = False) -> list[list[int]]:
    """For each cell of a ``rows`` x ``cols`` board in reading order (index
    ``r * cols + c``), the indices of its side neighbours in
    grid.neighbours' order (n, w, e, s), then with ``diagonal`` its corner
    neighbours in reading order (nw, ne, sw, se).

    >>> board_neighbours(2, 3)
    [[1, 3], [0, 2, 4], [1, 5], [0, 4], [1, 3, 5], [2, 4]]
    >>> board_neighbours(2, 2, diagonal=True)[0]
    [1, 2, 3]
    """
    if not diagonal:  # four checks a cell: as fast as the rows' comprehensions below
        nbrs = []
        for r in range(rows):
            for i in range(r * cols, r * cols + cols):
                ns = [i - cols] if r else []
                if i % cols:
                    ns.append(i - 1)
                if (i + 1) % cols:
                    ns.append(i + 1)
                if r + 1 < rows:
                    ns.append(i + cols)
                nbrs.append(ns)
        return nbrs
    # eight neighbours: the cells of a row's first column, of its middle ones
    # and of its last column each take the same steps (the same for every
    # inner row), so the middle ones are one comprehension, not eight bound
    # checks per cell (which were three quarters of the rule's set-up)
    kinds: dict[tuple[bool, bool], tuple[list[int], ...]] = {}
    out: list[list[int]] = []
    for r in range(rows):
        kind = (r > 0, r + 1 < rows)
        if kind not in kinds:
            kinds[kind] = tuple([dr * cols + dc for dr, dc in _SIDES + _CORNERS
                                 if 0 <= r + dr < rows and 0 <= c + dc < cols]
                                for c in (0, 1, cols - 1))
        first, middle, last = kinds[kind]
        base = r * cols
        out.append([base + d for d in first])
        if cols > 2:
            out += _shifted(range(base + 1, base + cols - 1), middle)
        if cols > 1:
            out.append([base + cols - 1 + d for d in last])
    return out


def _shifted(cells: range, steps: list[int]) -> list[list[int]]:
    """``[i + d for d in steps]`` for each ``i`` of ``cells``; an inner
    row's eight steps written out (a nested comprehension takes twice as
    long, zipped ranges half as long again)."""
    if len(steps) == 8:
        a, b, c, d, e, f, g, h = steps
        return [[i + a, i + b, i + c, i + d, i + e, i + f, i + g, i + h] for i in cells]
    if not steps:
        return [[] for _ in cells]
    return list(map(list, zip(*[range(cells.start + d, cells.stop + d) for d in steps])))


class ConnectedCells:
    """The true cells of ``lits`` (cell -> literal, cells of ``grid``) are
    orthogonally connected (``diagonal``: through sides and corners, eight
    neighbours); :meth:`cuts` against a candidate where they are not.
    ``required``: cells true in every solution (their witnesses are left
    out, which makes the cuts stronger). The cuts hold for any
    neighbourhood (the proof names none: ``encodings/nanro.md``)."""

    def __init__(self, grid: Grid, lits: Mapping[Cell, int], required: Iterable[Cell] = (),
                 diagonal: bool = False) -> None:
        self.cells = list(lits)
        self.lit = list(lits.values())
        rows, cols = grid.rows, grid.cols
        if self.cells == grid.cells:  # the whole board in order: index arithmetic
            self.nbrs = board_neighbours(rows, cols, diagonal)
            at = None
        else:
            # keys r * w + c with w = cols + 1: no step off the board lands
            # on a cell of it (a column of no cell lies between the rows), so
            # the look-ups need neither bounds nor a tuple each (the corners'
            # look-ups by tuple were half of CocktailLamp's regions' set-up)
            w = cols + 1
            at = {r * w + c: i for i, (r, c) in enumerate(self.cells)}
            get = at.get
            if diagonal:  # n, w, e, s, then nw, ne, sw, se
                self.nbrs = [[i for i in (get(p - w), get(p - 1), get(p + 1), get(p + w),
                                          get(p - w - 1), get(p - w + 1), get(p + w - 1),
                                          get(p + w + 1)) if i is not None] for p in at]
            else:
                self.nbrs = [[i for i in (get(p - w), get(p - 1), get(p + 1), get(p + w))
                              if i is not None] for p in at]
        self.required = bytearray(len(self.cells))
        for r, c in required:
            self.required[r * cols + c if at is None else at[r * (cols + 1) + c]] = 1

    def encode_complete(self, f, tag: str = "conn",
                        links: MutableMapping[tuple[Cell, Cell], int | None] | None = None) -> None:
        """The rule as clauses, eagerly: a link ``(tag.link, a, b) <-> a and
        b`` per pair of neighbours (side, and corner with ``diagonal``; ``a``
        before ``b`` in the rule's cell order), and the true cells connected
        over the links (:func:`satlink.rules.graph_encodings.encode_connected`,
        chain variables under ``tag``). ``links``, shared between rules,
        holds each pair's link once made (a second rule over the same pair
        reuses it); a pair mapped to None beforehand is never both true
        (the genre's own clauses say so) and gets no link."""
        links = {} if links is None else links
        cells, lit = self.cells, self.lit
        edges = {}
        for i, ns in enumerate(self.nbrs):
            a = cells[i]
            for j in ns:
                if j <= i:
                    continue
                pair = (a, cells[j])
                x = links.get(pair, 0)
                if x is None:
                    continue
                if not x:
                    links[pair] = x = f.var(f"{tag}.link", *a, *cells[j])
                    f.equiv_and(x, [lit[i], lit[j]])
                edges[pair] = x
        graph_encodings.encode_connected(f, edges, node_vars=dict(zip(cells, lit)),
                                         required=[c for c, r in zip(cells, self.required) if r],
                                         tag=tag)

    def cuts(self, model) -> list[list[int]]:
        """One clause per candidate area C and region Y of the board with C
        removed that holds another area D: a cell of C or of D is false, or
        a cell of Y next to C is true. [] when the true cells are connected."""
        value, n, nbrs = model.value, len(self.cells), self.nbrs
        on = list(map(value, self.lit))
        # parts: the true areas first (0..k-1), then the regions of false cells
        part = [-1] * n
        members: list[list[int]] = []
        for want_on in (True, False):
            if not want_on and len(members) < 2:
                return []
            for s in range(n):
                if part[s] >= 0 or on[s] != want_on:
                    continue
                pid = len(members)
                part[s] = pid
                pts = [s]
                for a in pts:  # grows while it runs: a flood fill
                    for b in nbrs[a]:
                        if part[b] < 0 and on[b] == want_on:
                            part[b] = pid
                            pts.append(b)
                members.append(pts)
            if want_on:
                k = len(members)
        # the quotient graph; sep[i][p]: the cells of false region p next to area i, each once
        adj: list[set[int]] = [set() for _ in members]
        sep: list[dict[int, list[int]]] = [{} for _ in range(k)]
        for i in range(k):
            # the false cells next to area i (areas never touch each other),
            # each once in the order first met, gathered by a comprehension
            # instead of a loop per pair of neighbours; the sets get their
            # parts in the same order as before, so the cuts come out the
            # same (5 % of CocktailLamp's cuts)
            ring = dict.fromkeys([b for a in members[i] for b in nbrs[a] if not on[b]])
            here, near = sep[i], adj[i]
            for b in ring:
                p = part[b]
                cells = here.get(p)
                if cells is None:
                    here[p] = [b]
                    near.add(p)
                    adj[p].add(i)
                else:
                    cells.append(b)
        wit = [None if any(self.required[a] for a in pts) else self.lit[pts[0]]
               for pts in members[:k]]
        lit = self.lit
        out: list[list[int]] = []
        seen: set[frozenset[int]] = set()

        def emit(clause: list[int]) -> None:
            key = frozenset(clause)
            if key not in seen:
                seen.add(key)
                out.append(clause)

        for i in range(k):
            regions, done = beyond(adj, i)
            for region in regions:
                others = [p for p in region if p < k]
                if not others:
                    continue
                clause = list(dict.fromkeys([lit[y] for p in region for y in sep[i].get(p, ())]))
                for w in (wit[i], wit[min(others)]):
                    if w is not None:
                        clause.append(-w)
                emit(clause)
            for j in range(k):  # areas no path reaches: they never join
                if j not in done:
                    emit([-w for w in (wit[i], wit[j]) if w is not None])
        return out

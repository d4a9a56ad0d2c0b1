"""Regions by size (Fillomino): every cell's number is the size of its
region, and two adjacent cells with the same number lie in one region.

Each cell takes a label (:meth:`satlink.rules.regions.Regions.labels`):
its region's size k, or LARGE (0) for sizes above a cap K that the cell has
no label for; the wall between two cells is true iff their labels differ,
except between two LARGE cells, where it is free. So a region with a size
label is a connected group of equally labelled cells, and the rule is: each
such group of label k has k cells; each group of LARGE cells joined across
open edges is a region, larger than K, of a size some cell of it has no
label for, and of another size than its neighbours. Clues fix a cell's
label (behind a selector literal when given).

Labels are variables ``(tag + str(k), r, c)`` for k in the cell's domain
(:func:`domains`: the sizes a region through the cell can have), and
``(tag + ">" + str(K), r, c)`` for LARGE. The rule is lazy
(:meth:`Sizes.size_cuts`) or complete (:meth:`Sizes._encode_sizes`: a
spanning forest with binary region ids and subtree sizes). Proofs:
``encodings/regions.md``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.regions import Regions
>>> f = Formula()
>>> s = sizes(Regions(f, Grid(1, 4)), {(0, 0): 2}, cap=1)
>>> s.domains
{(0, 0): [2], (0, 1): [0, 1, 2], (0, 2): [0, 1], (0, 3): [0, 1]}
>>> f.name(s.value[(0, 3)][0])
'size>1(0,3)'
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping

from ..model import Model
from . import bits
from .grid import Cell, Grid, edge
from .regions import Clause, Regions

#: The label "larger than the cap and no clue's number" (:func:`domains`).
LARGE = 0
#: The default cap: sizes above it that no clue has are LARGE (measured in
#: encodings/regions.md).
CAP = 1


def domains(grid: Grid, clues: Mapping[Cell, int], selectors: Mapping[Cell, int] = {},
            cap: int = 1, numbers: bool = True) -> dict[Cell, list[int]]:
    """The labels each cell can take: n where a clue n lies within n - 1
    steps through cells without a fixed clue of another number (a clue
    without a selector is fixed); and with U the cell's group of cells
    without a fixed clue, the sizes up to ``min(|U|, cap)``, the clues'
    numbers up to |U| (unless ``numbers`` is false), and LARGE (0) if
    another size up to |U| is left.

    >>> domains(Grid(1, 4), {(0, 0): 3, (0, 2): 1})
    {(0, 0): [3], (0, 1): [1, 3], (0, 2): [1], (0, 3): [1]}
    >>> domains(Grid(1, 4), {(0, 0): 1}, cap=1)[(0, 3)]
    [0, 1]
    """
    if cap < 1:
        raise ValueError(f"the cap is at least 1, not {cap}")
    fixed = {p: n for p, n in clues.items() if p not in selectors}
    given = set(clues.values()) if numbers else set()
    adj = {c: grid.neighbours(c) for c in grid.cells}
    out: dict[Cell, set[int]] = {c: set() for c in grid.cells}
    for group in _groups(adj, [c for c in grid.cells if c not in fixed]):
        m = len(group)
        labels = {k for k in range(1, min(m, cap) + 1)} | {k for k in given if k <= m}
        if any(k not in given for k in range(cap + 1, m + 1)):
            labels.add(LARGE)
        for c in group:
            out[c].update(labels)
    for p, n in clues.items():
        if n < 1:
            raise ValueError(f"clue {Grid.name(p)}: a region has at least one cell, not {n}")
        dist, todo = {p: 0}, [p]
        for c in todo:
            out[c].add(n)
            if dist[c] < n - 1:
                for m in adj[c]:
                    if m not in dist and fixed.get(m, n) == n:
                        dist[m] = dist[c] + 1
                        todo.append(m)
    return {c: sorted(d) for c, d in out.items()}


def _groups(adj: Mapping[Cell, list[Cell]], cells: list[Cell]) -> list[list[Cell]]:
    """The connected groups of ``cells`` (``adj``: each cell's neighbours)."""
    inside, seen, out = set(cells), set(), []
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        for c in group:
            for n in adj[c]:
                if n in inside and n not in seen:
                    seen.add(n)
                    group.append(n)
        out.append(group)
    return out


class Sizes:
    """The labels ``value[c][k]`` of a division by sizes (see :func:`sizes`)."""

    def __init__(self, regions: Regions, clues: Mapping[Cell, int],
                 selectors: Mapping[Cell, int] | None = None, lazy: bool = True,
                 cap: int = CAP, tag: str = "size") -> None:
        self.regions, self.tag, self.cap = regions, tag, cap
        grid, f = regions.grid, regions.f
        selectors = dict(selectors or {})
        for p in clues:
            if not grid.inside(p):
                raise ValueError(f"clue {Grid.name(p)} is off the board")
        self.numbers = set(clues.values())
        self.domains = domains(grid, clues, selectors, cap, numbers=not lazy)
        self.value = {c: {k: f.var(f"{tag}>{cap}" if k == LARGE else f"{tag}{k}", *c)
                          for k in self.domains[c]} for c in grid.cells}
        regions.labels(self.value, free=[LARGE])
        for p, n in clues.items():
            sel = selectors.get(p)
            f.add([self.value[p][n]] if sel is None else [-sel, self.value[p][n]])
        self._implied()
        # the cut finder's view: cells by index, label variables in one block
        self._cells = grid.cells
        index = {c: i for i, c in enumerate(self._cells)}
        self._near = [[index[n] for n in regions.adj[c]] for c in self._cells]
        self._walls = [[regions.wall[edge(c, n)] for n in regions.adj[c]] for c in self._cells]
        self._lits = [self.value[c] for c in self._cells]
        self._owner = {x: (i, k) for i, lab in enumerate(self._lits) for k, x in lab.items()}
        self._block = (min(self._owner), max(self._owner))
        wall_vars = sorted(regions.wall.values())
        self._wall_block = (wall_vars[0], wall_vars[-1]) if wall_vars else None
        assert not wall_vars or len(wall_vars) == wall_vars[-1] - wall_vars[0] + 1
        #: the last model's sizes, and per cell whether its group was right
        self._last: tuple[list[int] | None, bytearray] = (None, bytearray(len(self._cells)))
        assert len(self._owner) == self._block[1] - self._block[0] + 1, "labels are one block"
        if lazy:
            regions.add_finder(self.size_cuts)
        else:
            self._encode_sizes()

    def _implied(self) -> None:
        """Local consequences of the rule: no two adjacent 1s; a cell of size
        k >= 2 (or larger than the cap) has a neighbour of that size; a cell
        of size k <= 4 has at most k - 1 neighbours of size k."""
        f, value, adj = self.regions.f, self.value, self.regions.adj
        for c, lab in value.items():
            for k, x in lab.items():
                near = [value[n][k] for n in adj[c] if k in value[n]]
                if k == 1:
                    f.extend([-x, -y] for y in near if y > x)
                    continue
                f.add([-x, *near])
                if k != LARGE and k <= len(near) and k <= 4:
                    f.extend([-x, *(-y for y in group)] for group in itertools.combinations(near, k))

    # -- the lazy form ---------------------------------------------------------------
    def size_cuts(self, model: Model) -> list[Clause]:
        """For each connected group A of cells of one size k in ``model``
        (B: the cells next to A that can have size k):

        - ``|A| > k``: "one of the first k + 1 cells of a breadth-first
          search in A is not of size k";
        - ``|A| < k``: "a cell a of A is not of size k, or a cell of B is"
          (a: one whose size is given, when there is one);

        and for the regions of cells larger than the cap, :meth:`_large_cuts`.
        Groups of size 1 are not looked at: no two adjacent 1s is a clause.

        >>> from satlink.formula import Formula
        >>> f = Formula(); r = Regions(f, Grid(1, 3)); s = Sizes(r, {(0, 0): 3})
        >>> v = s.value
        >>> cut, = s.size_cuts(Model(f, [v[(0, 0)][3], v[(0, 1)][3], v[(0, 2)][1]]))
        >>> [f.name(x) for x in cut]
        ['-size3(0,0)', 'size3(0,2)']
        """
        cells, near, lits = self._cells, self._near, self._lits
        lab = [LARGE] * len(cells)
        owner = self._owner
        for x in model.true_in_range(*self._block):
            i, k = owner[x]
            lab[i] = k
        # Only groups near a change, or wrong last time, can be wrong now:
        # a group whose cells and neighbours keep their sizes is the group
        # it was (see encodings/regions.md).
        last, ok = self._last
        if last is None:
            fresh = bytearray(b"\x01") * len(cells)
        else:
            fresh = bytearray(len(cells))
            for i in [i for i, (k, was) in enumerate(zip(lab, last)) if k != was]:
                fresh[i] = 1
                for j in near[i]:
                    fresh[j] = 1
        seen = bytearray(len(cells))
        cuts: list[Clause] = []
        for start, k in enumerate(lab):
            if k == 1 or k == LARGE or seen[start] or not (fresh[start] or not ok[start]):
                continue  # no two adjacent 1s is a clause; sizes above the cap below
            seen[start] = 1
            group = [start]
            for i in group:
                for j in near[i]:
                    if not seen[j] and lab[j] == k:
                        seen[j] = 1
                        group.append(j)
            right = len(group) == k
            for i in group:
                ok[i] = right
            if len(group) > k:
                cuts.append([-lits[i][k] for i in group[:k + 1]])
            elif len(group) < k:
                members = set(group)
                border = sorted({j for i in group for j in near[i]
                                 if j not in members and k in lits[j]})
                a = min(group, key=lambda i: len(lits[i]))  # a given size, if any
                cuts.append([-lits[a][k], *(lits[b][k] for b in border)])
        self._last = (lab, ok)
        if LARGE in lab:
            cuts.extend(self._large_cuts(model, lab))
        return cuts

    def _large_cuts(self, model: Model, lab: list[int]) -> list[Clause]:
        """Regions of cells larger than the cap K: the groups G of such
        cells joined across edges without a wall, each with a breadth-first
        tree T(G). "G is a region" stands for: every cell of G larger than
        K, no wall on T(G), a wall on every edge from G to a cell that can
        be larger than K (the other edges out of G are walls anyway). Cuts:

        - a wall between two cells of G: "no wall there, or a wall on the
          path between them in T(G)";
        - ``|G| <= K``, or every cell of G can take the label ``|G|``: "G is
          not a region" (such a region takes the label of its size);
        - a cell n next to G labelled ``|G|``: "G is not a region, or n is
          not of that size";
        - two groups G, H of one size next to each other: "G or H is not a
          region".
        """
        near, walls, lits = self._near, self._walls, self._lits
        up = set(model.true_in_range(*self._wall_block)) if self._wall_block else set()
        group = [-1] * len(lab)
        parent = [-1] * len(lab)
        groups: list[list[int]] = []
        for start, k in enumerate(lab):
            if k != LARGE or group[start] >= 0:
                continue
            g = len(groups)
            group[start], parent[start] = g, start
            order = [start]
            for i in order:
                for j, w in zip(near[i], walls[i]):
                    if group[j] < 0 and lab[j] == LARGE and w not in up:
                        group[j], parent[j] = g, i
                        order.append(j)
            groups.append(order)
        cuts: list[Clause] = []
        beside: dict[tuple[int, int], None] = {}  # (group, cell next to it labelled its size)
        pairs: dict[tuple[int, int], None] = {}  # groups of one size next to each other
        for g, order in enumerate(groups):
            size = len(order)
            for i in order:
                for j, w in zip(near[i], walls[i]):
                    h = group[j]
                    if h == g:
                        if i < j and w in up:
                            cuts.append([-w, *self._tree_path(parent, i, j)])
                    elif h > g:
                        if len(groups[h]) == size:
                            pairs[(g, h)] = None
                    elif h < 0 and lab[j] == size:
                        beside[(g, j)] = None
            if size <= self.cap or all(size in lits[i] for i in order):
                cuts.append(self._not_region(order, parent))
        for g, j in beside:
            cuts.append([*self._not_region(groups[g], parent), -lits[j][len(groups[g])]])
        for g, h in pairs:
            both = self._not_region(groups[g], parent) + self._not_region(groups[h], parent)
            cuts.append(list(dict.fromkeys(both)))
        return cuts

    def _wall(self, i: int, j: int) -> int:
        return self._walls[i][self._near[i].index(j)]

    def _tree_path(self, parent: list[int], a: int, b: int) -> list[int]:
        """The walls on the path from ``a`` to ``b`` along parent links."""
        up_a, up_b = [a], [b]
        while parent[up_a[-1]] != up_a[-1]:
            up_a.append(parent[up_a[-1]])
        while parent[up_b[-1]] != up_b[-1]:
            up_b.append(parent[up_b[-1]])
        common = set(up_a) & set(up_b)
        path = [i for i in up_a if i not in common] + [next(i for i in up_a if i in common)]
        path += reversed([i for i in up_b if i not in common])
        return [self._wall(x, y) for x, y in zip(path, path[1:])]

    def _not_region(self, order: list[int], parent: list[int]) -> Clause:
        """"The group ``order`` is not a region" (:meth:`_large_cuts`)."""
        members = set(order)
        clause = [-self._lits[i][LARGE] for i in order]
        clause += [self._wall(i, parent[i]) for i in order if parent[i] != i]
        clause += [-w for i in order for j, w in zip(self._near[i], self._walls[i])
                   if j not in members and LARGE in self._lits[j]]
        return clause

    # -- the complete form ---------------------------------------------------------------
    def _encode_sizes(self) -> None:
        """A spanning forest of the regions and their sizes in binary:

        - every cell is a root or has a parent across an open edge
          (exactly one of ``root(c)``, ``par(c, n)``);
        - ``id(c)``: the root's index (a root's own, a parent's, equal
          across every open edge; different across a wall between two cells
          that can be LARGE): one tree per region;
        - ``sub(c) = 1 + the sub of each child``: the size of c's subtree;
        - ``size(c)``: the root's sub, equal to the parent's: the region's
          size; a label k means ``size = k``, LARGE means ``size > K`` and
          no clue's number; two LARGE cells across a wall differ in size.
        """
        f, regions = self.regions.f, self.regions
        cells, adj, tag = regions.grid.cells, regions.adj, self.tag
        largest = max(len(cells) if LARGE in lab else max(lab) for lab in self.value.values())
        width, id_width = largest.bit_length(), max(1, (len(cells) - 1).bit_length())
        root = {c: f.var(f"{tag}.root", *c) for c in cells}
        par = {(c, n): f.var(f"{tag}.parent", *c, *n) for c in cells for n in adj[c]}
        ident = {c: bits.number(f, f"{tag}.id", id_width, *c) for c in cells}
        sub = {c: bits.number(f, f"{tag}.sub", width, *c) for c in cells}
        size = {c: bits.number(f, f"{tag}.of", width, *c) for c in cells}
        for i, c in enumerate(cells):
            f.exactly_one([root[c], *(par[(c, n)] for n in adj[c])])
            bits.equal(f, ident[c], bits.constant(f, i, id_width), when=[root[c]])
            bits.equal(f, size[c], sub[c], when=[root[c]])
            for n in adj[c]:
                f.add([-par[(c, n)], -regions.wall[edge(c, n)]])
                bits.equal(f, size[c], size[n], when=[par[(c, n)]])
            children = [bits.gated(f, sub[n], par[(n, c)]) for n in adj[c]]
            total = bits.constant(f, 0, width)
            for k, child in enumerate(children):
                total = bits.add(f, total, child, carry=bits.true(f) if k == 0 else None)
            if not children:
                total = bits.constant(f, 1, width)
            bits.equal(f, sub[c], total)
            for k, x in self.value[c].items():
                if k != LARGE:
                    bits.equal(f, size[c], bits.constant(f, k, width), when=[x])
                    continue
                f.extend([-x, *clause] for clause in bits.at_least(size[c], self.cap + 1))
                for k in self.numbers:
                    clause = bits.differ_from(size[c], k)
                    if clause is not None:
                        f.add([-x, *clause])
        for (a, b), w in regions.wall.items():
            bits.equal(f, ident[a], ident[b], when=[-w])
            if LARGE in self.value[a] and LARGE in self.value[b]:
                bits.differ(f, ident[a], ident[b], when=[w])
                bits.differ(f, size[a], size[b],
                            when=[w, self.value[a][LARGE], self.value[b][LARGE]])

    def decode(self, model: Model) -> dict[Cell, int]:
        """Each cell's size (of its region, for cells larger than the cap)."""
        label = self.regions.label_of(model)
        if LARGE in label.values():
            for region in self.regions.regions(model):
                if label[region[0]] == LARGE:
                    label.update((c, len(region)) for c in region)
        return label


def sizes(regions: Regions, clues: Mapping[Cell, int], selectors: Mapping[Cell, int] | None = None,
          lazy: bool = True, cap: int = CAP, tag: str = "size") -> Sizes:
    """Label ``regions`` by sizes: each cell's label is the number of cells
    of its region, and ``clues`` (cell -> size, behind ``selectors`` when
    given) fix some. The lazy rule's cuts run with ``regions.cuts``.
    Sizes above ``cap`` that no clue has share the label LARGE."""
    return Sizes(regions, clues, selectors, lazy, cap, tag)

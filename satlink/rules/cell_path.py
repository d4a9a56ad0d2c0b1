"""One path through cell centres between two given end cells (Pipeline,
the Train Tracks genre).

:class:`CellPath` holds one variable per cell edge (``edges``) and one
literal per cell saying that the path passes through it (``on``). Encoded
at once: each end has exactly one path edge, every other cell two when on
the path and none otherwise (:func:`satlink.rules.graph.zero_or_two`).
"The path edges form one connected line" is lazy (:meth:`CellPath.cuts`,
the separation cuts of :func:`satlink.rules.graph_cuts.connected_cuts` with the
ends as required nodes) or complete (:meth:`CellPath.encode_complete`).
With those degrees a connected set of edges is exactly one path from one
end to the other (``encodings/cell_path.md``). The literals of
:class:`satlink.rules.lines.Lines` (through, straight, turn) apply.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> p = CellPath(Grid(2, 3), f, ((0, 0), (1, 2)))
>>> len(p.edges), len(p.on)
(7, 6)
"""
from __future__ import annotations

from collections.abc import Iterable

from ..formula import Formula
from . import graph, graph_cuts, graph_encodings, subset_counts
from .grid import Cell, Edge, Grid
from .lines import Lines
from .path_settle import Settled


class CellPath(Lines):
    """One path between the two cells ``ends`` over ``cells`` (default every
    cell of ``grid``); ``must`` cells lie on it whatever else holds."""

    def __init__(self, grid: Grid, f: Formula, ends: tuple[Cell, Cell],
                 cells: Iterable[Cell] | None = None, tag: str = "path", *,
                 must: Iterable[Cell] = (),
                 fixed: Settled | None = None) -> None:
        self.grid = grid
        self.cells = list(grid.cells if cells is None else cells)
        if len(set(ends)) != 2 or not (all(map(grid.inside, ends)) if cells is None
                                       else set(ends) <= set(self.cells)):
            raise ValueError(f"a path needs two distinct end cells among its cells, not {ends}")
        self.ends = tuple(ends)
        if fixed is not None:
            if cells is not None:
                raise ValueError("a settled path lies on the whole board")
            self._settled(f, tag, must, fixed)
            return
        # the variables numbered at once (``Formula.vars``), in the order of the
        # edges (``edge_key`` inline: a horizontal edge joins cells of one row)
        edges = grid.cell_edges(None if cells is None else self.cells)  # the same order
        ids = f.vars([(tag, "h" if a[0] == b[0] else "v", *a) for a, b in edges])
        super().__init__(grid, f, tag, dict(zip(edges, ids)))
        unique = list(dict.fromkeys(self.cells))
        self.on: dict[Cell, int] = dict(zip(unique, f.vars([(tag, "on", *c)
                                                                  for c in unique])))
        self.required = list(dict.fromkeys([*self.ends, *must]))
        at: dict[Cell, list[int]] = {c: [] for c in unique}
        for (a, b), x in zip(edges, ids):
            at[a].append(x)
            at[b].append(x)
        for c, lits in at.items():
            if c in self.ends:
                _one_edge(f, lits, self.on[c])
            else:
                graph.zero_or_two(f, lits, self.on[c])
        f.extend([self.on[c]] for c in self.required)
        self._cut_nodes()

    def _settled(self, f: Formula, tag: str, must: Iterable[Cell], fixed: Settled) -> None:
        """The path with what ``fixed`` (:func:`satlink.rules.path_settle.settle`)
        decides put in (``encodings/cell_path.md``, "Settled before encoding"):
        no variable for an edge fixed unused, none for a cell's literal once
        fixed, a unit for each edge fixed used; a cell with an open edge gets
        its rule over its open edges, any other none (its clauses hold)."""
        every, used = self.grid.cell_edges(), fixed.used
        keep = [i for i, v in enumerate(used) if v is not False]
        edges = [every[i] for i in keep]
        ids = f.vars([(tag, "h" if a[0] == b[0] else "v", *a) for a, b in edges])
        super().__init__(self.grid, f, tag, dict(zip(edges, ids)))
        evar: list[int | None] = [None] * len(every)
        for i, x in zip(keep, ids):
            evar[i] = x
        cells = self.cells
        left = [c for c, v in zip(cells, fixed.on) if v is None]
        self.on = dict(zip(left, f.vars([(tag, "on", *c) for c in left])))
        must = [*must, *(c for c, v in zip(cells, fixed.on) if v)]
        self.required = list(dict.fromkeys([*self.ends, *must]))
        f.clauses += [[evar[i]] for i in keep if used[i]]
        if any(c in self.on for c in self.required):  # a must cell left open
            f.extend([self.on[c]] for c in self.required if c in self.on)
        ends = {cells.index(c) for c in self.ends}
        for ci in fixed.open:
            its = fixed.inc[ci]
            open_ = [evar[i] for i in its if used[i] is None]
            if fixed.on[ci]:  # on the path: its degree less the edges fixed on
                subset_counts.exactly(f, open_, (1 if ci in ends else 2)
                                      - sum(1 for i in its if used[i]))
            else:  # open, so no edge is fixed used (that fixes it): the rule on the rest
                _zero_or_two(f, open_, self.on[cells[ci]])
        self._cut_nodes()

    def _cut_nodes(self) -> None:
        required = set(self.required)
        self._free_on = {c: x for c, x in self.on.items() if c not in required}
        self._index: graph_cuts.Index | None = None  # built when first needed

    @property
    def index(self) -> graph_cuts.Index:
        """The cut finder's index of the path's graph (built on first use:
        the complete form and the DIMACS export need none)."""
        if self._index is None:
            self._index = graph_cuts.index(self.edges, self._free_on, self.required)
        return self._index

    def cuts(self, model) -> list[list[int]]:
        """Clauses against a candidate whose path edges are not one connected
        line (a path and separate cycles); [] when they are."""
        return graph_cuts.connected_cuts(self.edges, model, self._free_on, self.required,
                                         ix=self.index)

    def encode_complete(self) -> None:
        """Connectedness as clauses (:func:`satlink.rules.graph_encodings.encode_connected`)."""
        graph_encodings.encode_connected(self.f, self.edges, self._free_on, self.required,
                               tag=self.tag + ".conn")


def _zero_or_two(f: Formula, lits: list[int], on: int) -> None:
    """:func:`satlink.rules.graph.zero_or_two` with ``on``, the same clauses,
    spelled out for the two and three edges most open cells have left."""
    out = f.clauses
    if len(lits) == 2:
        a, b = lits
        out += ([-a, on], [-b, on], [-on, b], [-on, a])
    elif len(lits) == 3:
        a, b, c = lits
        out += ([-a, on], [-b, on], [-c, on], [-on, b, c], [-on, a, c], [-on, a, b],
                [-a, -b, -c])
    else:
        graph.zero_or_two(f, lits, on)


def _one_edge(f: Formula, lits: list[int], on: int) -> None:
    """An end: one edge (at least one, no two), each putting the end on the path."""
    f.add(lits)
    f.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:])
    f.extend([-x, on] for x in lits)


def path_problems(grid: Grid, edges: Iterable[Edge], ends: tuple[Cell, Cell],
                  allowed: Iterable[Cell] | None = None) -> list[str]:
    """What keeps ``edges`` from being one path from ``ends[0]`` to
    ``ends[1]`` over ``allowed`` cells (networkx; independent of any
    encoding); empty when it is one."""
    import networkx as nx

    edges = list(edges)
    keep = None if allowed is None else set(allowed)
    for a, b in edges:
        if not grid.is_cell_edge((a, b)) or (keep is not None and not (a in keep and b in keep)):
            return [f"the line between {Grid.name(a)} and {Grid.name(b)} is not allowed"]
    g = nx.Graph(edges)
    g.add_nodes_from(ends)
    out = []
    for c, d in sorted(g.degree):
        want = 1 if c in ends else 2
        if d != want:
            what = "an end of the path" if c in ends else "on the path"
            out.append(f"{Grid.name(c)} is {what} but has {d} lines, not {want}")
    if not nx.has_path(g, *ends):
        out.append(f"no path joins {Grid.name(ends[0])} and {Grid.name(ends[1])}")
    k = nx.number_connected_components(g)
    if k > 1:
        out.append(f"the lines form {k} separate pieces, not one path")
    return out


def path_order(edges: Iterable[Edge], start: Cell) -> list[Cell]:
    """The cells of the line through ``start`` (an end) in order from it."""
    adj: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    out, prev = [start], None
    while True:
        nxt = [c for c in adj.get(out[-1], ()) if c != prev and c != start]
        if not nxt:
            return out
        prev = out[-1]
        out.append(nxt[0])

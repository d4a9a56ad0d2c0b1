"""A single loop through cell centres (Masyu, Yajilin, ...).

:class:`CellLoop` holds one variable per cell edge (``edges``) and one
literal per cell saying that the loop passes through it (``on``). Encoded
at once: every cell has degree 2 when on the loop and 0 otherwise, and
cells listed in ``must`` are on it. The rule "the edges form one cycle"
is lazy (:meth:`CellLoop.cuts`, the separation cuts of
:func:`satlink.rules.graph.connected_cuts`) or complete
(:meth:`CellLoop.encode_complete`, :func:`satlink.rules.graph.encode_connected`).
The proofs are in ``encodings/loops.md``.

Genres state their rules with the literals :meth:`~CellLoop.through`,
:meth:`~CellLoop.straight` and :meth:`~CellLoop.turn`:

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> loop = CellLoop(Grid(2, 3), f, must=[(0, 0)])
>>> len(loop.edges), len(loop.on)
(7, 6)
>>> f.name(loop.through((0, 0), "e")), f.name(loop.through((0, 0), "n"))
('loop(h,0,0)', 'loop(never)')
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import graph
from ..formula import Formula
from .grid import STEPS, Cell, Edge, Grid, edge

#: The pair of directions of each shape of the loop in a cell, as puzzlekit
#: and janko write it: vertical letter first.
SHAPES = ("ns", "ew", "ne", "nw", "se", "sw")
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


class CellLoop:
    """One loop through the centres of ``cells`` (default: every cell).

    - ``edges``: ``Grid.cell_edges(cells)`` -> variable ``(tag, "h"|"v", r, c)``
      (the edge right of / below cell ``(r, c)``);
    - ``on``: cell -> literal "the loop passes through this cell"; pass
      ``on`` to reuse literals a genre already has (Yajilin: "not shaded"),
      else variables ``(tag, "on", r, c)`` are made;
    - ``must``: cells the loop passes through whatever else holds (unit
      clauses; the cuts then omit those cells' witnesses, which makes them
      stronger);
    - ``nonempty``: the loop exists (one clause: some edge is on it).

    Degree 2 at a cell on the loop and 0 elsewhere are clauses; that the
    on-cells form a single cycle is :meth:`cuts` (lazy) or
    :meth:`encode_complete`.
    """

    def __init__(self, grid: Grid, f: Formula, cells: Iterable[Cell] | None = None,
                 tag: str = "loop", *, on: Mapping[Cell, int] | None = None,
                 must: Iterable[Cell] = (), nonempty: bool = True) -> None:
        self.grid, self.f, self.tag = grid, f, tag
        self.cells = list(grid.cells if cells is None else cells)
        self.edges: dict[Edge, int] = {
            e: f.var(tag, "h" if e[0][0] == e[1][0] else "v", *e[0])
            for e in grid.cell_edges(self.cells)}
        self.on: dict[Cell, int] = (dict(on) if on is not None else
                                    {c: f.var(tag, "on", *c) for c in self.cells})
        self.must = [c for c in dict.fromkeys(must)]
        missing = [c for c in self.must if c not in self.on]
        if missing:
            raise ValueError(f"must-cells {missing} are not cells of the loop")
        must_set = set(self.must)
        #: Node literals for the cut finder: the on-literal of every cell that
        #: is not a must-cell (one dict kept for the life of the loop).
        self._free_on = {c: x for c, x in self.on.items() if c not in must_set}
        self._edge_of = {x: e for e, x in self.edges.items()}
        self._index = graph.index(self.edges, self._free_on, self.must)
        self._never: int | None = None
        self._straight: dict[Cell, int] = {}
        self._turn: dict[Cell, int] = {}
        self._encode_degree()
        f.extend([self.on[c]] for c in self.must)
        if nonempty:
            f.add(list(self.edges.values()))

    # -- literals genres read their rules in ------------------------------------
    @property
    def never(self) -> int:
        """A literal that is false in every model (the edge off the board)."""
        if self._never is None:
            self._never = self.f.var(self.tag, "never")
            self.f.add([-self._never])
        return self._never

    def through(self, cell: Cell | None, direction: str) -> int:
        """The loop leaves ``cell`` toward ``direction`` (``n e s w``): the edge
        to that neighbour, or :attr:`never` off the board, off the loop's
        cells, or when ``cell`` is None (so ``through(grid.step(c, d), d)``
        reads "the loop goes on in direction d after the neighbour")."""
        if cell is None:
            return self.never
        dr, dc = STEPS[direction]
        x = self.edges.get(edge(cell, (cell[0] + dr, cell[1] + dc)))
        return self.never if x is None else x

    def lines(self, cell: Cell) -> dict[str, int]:
        """Direction -> :meth:`through` literal, for the four directions."""
        return {d: self.through(cell, d) for d in STEPS}

    def straight(self, cell: Cell) -> int:
        """The loop passes straight through ``cell`` (north-south or east-west).

        Defined as ``straight <-> (n & s) | (e & w)``, with the clauses the
        degree rule implies ``straight & n -> s`` (and for each direction)
        added so that unit propagation carries a line across the cell.
        """
        x = self._straight.get(cell)
        if x is None:
            x = self._straight[cell] = self.f.var(self.tag, "straight", *cell)
            n, e, s, w = (self.through(cell, d) for d in "nesw")
            self.f.extend([[-x, n, e], [-x, n, w], [-x, s, e], [-x, s, w],
                           [x, -n, -s], [x, -e, -w],
                           [-x, -n, s], [-x, -s, n], [-x, -e, w], [-x, -w, e]])
        return x

    def turn(self, cell: Cell) -> int:
        """The loop turns in ``cell``: one vertical and one horizontal line.

        Defined as ``turn <-> (n | s) & (e | w)``, with ``turn -> not (n & s)``
        and ``turn -> not (e & w)`` added (implied by the degree rule).
        """
        x = self._turn.get(cell)
        if x is None:
            x = self._turn[cell] = self.f.var(self.tag, "turn", *cell)
            n, e, s, w = (self.through(cell, d) for d in "nesw")
            self.f.extend([[-x, n, s], [-x, e, w],
                           [x, -n, -e], [x, -n, -w], [x, -s, -e], [x, -s, -w],
                           [-x, -n, -s], [-x, -e, -w]])
        return x

    # -- the rule -----------------------------------------------------------------
    def _encode_degree(self) -> None:
        """An edge puts both its cells on the loop; a cell on the loop has at
        least two and at most two edges."""
        inc: dict[Cell, list[int]] = {c: [] for c in self.cells}
        for (a, b), x in self.edges.items():
            inc[a].append(x)
            inc[b].append(x)
        out, on_of = self.f.clauses, self.on
        for c, lits in inc.items():
            on = on_of[c]
            d = len(lits)
            if d == 4:  # spelled out: most cells, and the encoding's main cost
                a, b, x, y = lits
                out.extend(([-a, on], [-b, on], [-x, on], [-y, on],
                            [-on, b, x, y], [-on, a, x, y], [-on, a, b, y], [-on, a, b, x],
                            [-a, -b, -x], [-a, -b, -y], [-a, -x, -y], [-b, -x, -y]))
            elif d == 3:
                a, b, x = lits
                out.extend(([-a, on], [-b, on], [-x, on],
                            [-on, b, x], [-on, a, x], [-on, a, b], [-a, -b, -x]))
            elif d == 2:
                a, b = lits
                out.extend(([-a, on], [-b, on], [-on, b], [-on, a]))
            else:
                out.extend([-x, on] for x in lits)
                out.append([-on])

    def cuts(self, model) -> list[list[int]]:
        """Clauses against a candidate whose loop edges form several cycles
        (:func:`satlink.rules.graph.connected_cuts` over the cells on the loop,
        must-cells as required nodes); [] when they form one cycle or none."""
        return graph.connected_cuts(self.edges, model, self._free_on, self.must,
                                    ix=self._index)

    def encode_complete(self) -> None:
        """The single-cycle rule as clauses (:func:`satlink.rules.graph.encode_connected`):
        with it every model's loop is one cycle."""
        graph.encode_connected(self.f, self.edges, self._free_on, self.must,
                               tag=self.tag + ".conn")

    # -- reading a model -------------------------------------------------------------
    def decode(self, model) -> frozenset[Edge]:
        """The loop's edges in ``model``."""
        edge_of = self._edge_of
        return frozenset(edge_of[x] for x in model.true_vars(list(self.edges.values())))


# -- solutions, independent of any encoding --------------------------------------
def shape(edges: Iterable[Edge] | frozenset, cell: Cell) -> str:
    """The loop's directions at ``cell`` as two letters in :data:`SHAPES`
    order (``"se"``), or ``""`` when it does not pass there.

    >>> shape({((0, 0), (0, 1)), ((0, 0), (1, 0))}, (0, 0))
    'se'
    """
    on = edges if isinstance(edges, (set, frozenset)) else set(edges)
    dirs = "".join(d for d in "nsew"
                   if edge(cell, (cell[0] + STEPS[d][0], cell[1] + STEPS[d][1])) in on)
    return dirs


def edges_from_shapes(shapes: Mapping[Cell, str]) -> tuple[frozenset[Edge], list[Cell]]:
    """Edges from each cell's direction letters, and the cells whose letters
    their neighbour does not match (an edge must be named at both ends)."""
    out: set[Edge] = set()
    bad: list[Cell] = []
    for cell, dirs in shapes.items():
        for d in dirs:
            dr, dc = STEPS[d]
            other = (cell[0] + dr, cell[1] + dc)
            if OPPOSITE[d] not in shapes.get(other, ""):
                bad.append(cell)
                break
            out.add(edge(cell, other))
    return frozenset(out), bad


def loop_problems(grid: Grid, edges: Iterable[Edge], allowed: Iterable[Cell] | None = None,
                  required: Iterable[Cell] = ()) -> list[str]:
    """What keeps ``edges`` from being one loop through cell centres on
    ``grid`` using only ``allowed`` cells and passing through ``required``
    ones (networkx; independent of any encoding). Empty when it is one."""
    import networkx as nx

    allowed = set(grid.cells if allowed is None else allowed)
    g = nx.Graph()
    for a, b in edges:
        if (a not in allowed or b not in allowed
                or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 or not grid.inside(a)):
            return [f"the line between {Grid.name(a)} and {Grid.name(b)} is not allowed"]
        g.add_edge(a, b)
    if g.number_of_edges() == 0:
        return ["there is no loop"]
    out = [f"the loop {'branches' if d > 2 else 'ends'} at {Grid.name(c)}"
           for c, d in sorted(g.degree) if d != 2]
    k = nx.number_connected_components(g)
    if k > 1:
        out.append(f"the lines form {k} separate pieces, not one loop")
    out += [f"the loop does not pass through {Grid.name(c)}" for c in required if c not in g]
    return out


def loop_order(edges: Iterable[Edge]) -> list[Cell]:
    """The loop's cells in order, from the smallest cell toward its smaller
    neighbour (the first cell is not repeated)."""
    adj: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    if not adj:
        return []
    start = min(adj)
    out, prev, cur = [start], start, min(adj[start])
    while cur != start:
        out.append(cur)
        nxt = [c for c in adj[cur] if c != prev]
        if not nxt:
            break
        prev, cur = cur, nxt[0]
    return out

"""The literals of a line through the nodes of a grid (a loop or a path
through cell centres, a loop along cell sides): the edge toward a
direction, going straight, turning, and the edges of a model. Shared by
:class:`satlink.rules.loops.CellLoop`,
:class:`satlink.rules.lattice_loop.LatticeLoop`, the crossing loop and the
cell paths; the degree rule that makes the clauses of :meth:`Lines.straight`
and :meth:`Lines.turn` enough is the owner's (``encodings/loops.md``).

>>> from satlink.rules.grid import Grid
>>> f = Formula()
>>> line = Lines(Grid(1, 2), f, "l", {((0, 0), (0, 1)): f.var("l", 0)})
>>> line.through((0, 0), "e"), f.name(line.through((0, 0), "n"))
(1, 'l(never)')
"""
from __future__ import annotations

from ..formula import Formula
from .grid import STEPS, Cell, Edge, Grid


class Lines:
    """Literals over the edge variables ``edges`` of a line (a loop or a
    path) on the grid ``nodes`` (the cells of a board, or its lattice
    points): the edge toward a direction, going straight, turning; and the
    true edges of a model (:meth:`decode`)."""

    def __init__(self, nodes: Grid, f: Formula, tag: str, edges: dict[Edge, int]) -> None:
        self.nodes, self.f, self.tag, self.edges = nodes, f, tag, edges
        self._never: int | None = None
        self._straight: dict[Cell, int] = {}
        self._turn: dict[Cell, int] = {}

    @property
    def never(self) -> int:
        """A literal that is false in every model (the edge off the board)."""
        if self._never is None:
            self._never = self.f.var(self.tag, "never")
            self.f.add([-self._never])
        return self._never

    def through(self, node: Cell | None, direction: str) -> int:
        """The line leaves ``node`` toward ``direction`` (``n e s w``): the edge
        to that neighbour, or :attr:`never` off the board, off the line's
        nodes, or when ``node`` is None (so ``through(grid.step(c, d), d)``
        reads "the line goes on in direction d after the neighbour")."""
        if node is None:
            return self.never
        dr, dc = STEPS[direction]  # edge(node, shift(node, direction)), inline
        other = (node[0] + dr, node[1] + dc)
        x = self.edges.get((node, other) if node < other else (other, node))
        return self.never if x is None else x

    def lines(self, node: Cell) -> dict[str, int]:
        """Direction -> :meth:`through` literal, for the four directions."""
        return {d: self.through(node, d) for d in STEPS}

    def _nesw(self, node: Cell) -> tuple[int, int, int, int]:
        """The literals of the line's edges from ``node`` toward n, e, s, w."""
        through = self.through
        return through(node, "n"), through(node, "e"), through(node, "s"), through(node, "w")

    def straight(self, node: Cell) -> int:
        """The line passes straight through ``node`` (north-south or east-west).

        Defined as ``straight <-> (n & s) | (e & w)``, with the clauses the
        degree rule implies ``straight & n -> s`` (and for each direction)
        added so that unit propagation carries a line across the node.
        """
        x = self._straight.get(node)
        if x is None:
            x = self._straight[node] = self.f.var(self.tag, "straight", *node)
            n, e, s, w = self._nesw(node)
            self.f.clauses.extend(([-x, n, e], [-x, n, w], [-x, s, e], [-x, s, w],
                                   [x, -n, -s], [x, -e, -w],
                                   [-x, -n, s], [-x, -s, n], [-x, -e, w], [-x, -w, e]))
        return x

    def turn(self, node: Cell) -> int:
        """The line turns in ``node``: one vertical and one horizontal edge.

        Defined as ``turn <-> (n | s) & (e | w)``, with ``turn -> not (n & s)``
        and ``turn -> not (e & w)`` added (implied by the degree rule).
        """
        x = self._turn.get(node)
        if x is None:
            x = self._turn[node] = self.f.var(self.tag, "turn", *node)
            n, e, s, w = self._nesw(node)
            self.f.clauses.extend(([-x, n, s], [-x, e, w],
                                   [x, -n, -e], [x, -n, -w], [x, -s, -e], [x, -s, -w],
                                   [-x, -n, -s], [-x, -e, -w]))
        return x

    def decode(self, model) -> frozenset[Edge]:
        """The line's edges in ``model``."""
        edge_of = {x: e for e, x in self.edges.items()}
        return frozenset(edge_of[x] for x in model.true_vars(list(edge_of)))

"""What genres with one loop along the grid lines share (Slitherlink, Grand
Tour, Mejilink): a board of lattice edges checked, a cell's sides and
their bits in a clue number (8 top, 4 left, 2 bottom, 1 right), a
solution written as the cells inside the loop (`.pzl` and janko), and the
loop's outputs."""
from __future__ import annotations

from collections.abc import Iterable

from ..contract import Encoding
from ..formats.cellgrid import Answer, Tokens
from ..rules.grid import Cell, Edge, Grid, check_board, edge_key
from ..rules.lattice_loop import LatticeLoop
from ..rules.loop_checks import loop_order

MAX_SIDE = 100
#: The bit of each side of a cell in a clue number.
BITS = {"top": 8, "left": 4, "bottom": 2, "right": 1}


def sides_of(cell: Cell) -> dict[str, Edge]:
    """A cell's four sides as lattice edges, by name.

    >>> sides_of((0, 0))["right"]
    ((0, 1), (1, 1))
    """
    r, c = cell
    return {"top": ((r, c), (r, c + 1)), "left": ((r, c), (r + 1, c)),
            "bottom": ((r + 1, c), (r + 1, c + 1)), "right": ((r, c + 1), (r + 1, c + 1))}


def checked_edges(rows: int, cols: int, edges: Iterable[Edge]) -> tuple[Edge, ...]:
    """``edges`` sorted, once each, after checking the board's size and
    that each is a side of a cell of the board."""
    check_board(rows, cols, MAX_SIDE, (), "side")
    edges = set(edges)
    bad = [e for e in edges if not Grid(rows, cols).is_lattice_edge(e)]
    if bad:
        raise ValueError(f"{bad[0]!r} is not a side of a cell of the board")
    return tuple(sorted(edges))


class EdgeLoopEncoding(Encoding):
    """An encoding whose answer is the loop ``self.loop`` (set by the
    genre): the cuts and the decoded solution are the loop's."""

    loop: LatticeLoop

    def cuts(self, model) -> list[list[int]]:
        return self.loop.cuts(model)

    def decode(self, model) -> frozenset:
        return self.loop.decode(model)


# -- a loop written as the cells inside it ---------------------------------------------------
def edges_from_inside(inside) -> frozenset:
    """The loop around a region given as rows of booleans (True = inside):
    the sides between an inside cell and an outside cell or the border."""
    g = Grid(len(inside), len(inside[0]) if inside else 0)

    def at(cell) -> bool:
        return cell is not None and bool(inside[cell[0]][cell[1]])

    return frozenset(e for e in g.lattice_edges() if at(g.beside(e)[0]) != at(g.beside(e)[1]))


def inside_cells(inst, sol) -> list[list[bool]]:
    """Which cells lie inside the loop: the vertical loop edges crossed from
    the left border are odd in number."""
    out = []
    for r in range(inst.rows):
        row, inside = [], False
        for c in range(inst.cols):
            inside ^= ((r, c), (r + 1, c)) in sol
            row.append(inside)
        out.append(row)
    return out


#: A cell of a solution: `x` inside the loop, `.` (janko: `-`) outside.
INSIDE = Tokens(expect="`x` (inside the loop) or `.` (outside)", values={"x": True})
#: The `solution` block of a loop: the cells inside it.
LOOP = Answer(INSIDE, read=edges_from_inside,
              write=lambda inst, sol: [[True if x else None for x in row]
                                       for row in inside_cells(inst, sol)])


# -- output ----------------------------------------------------------------------------------
def solution_json(inst, sol) -> list[list[int]]:
    """The loop as the ordered list of [r, c] lattice points, from the smallest
    point toward its smaller neighbour."""
    return [list(p) for p in loop_order(sol)]


def cells(inst, sol) -> dict[str, bool]:
    """Every edge by name (`h(r,c)` right of point (r, c), `v(r,c)` below it),
    True when on the loop."""
    return {"{}({},{})".format(*edge_key(e)): e in sol for e in inst.grid.lattice_edges()}

"""A loop through the rooms of a board (Country Road, Moon or Sun, Double
Back): how often it enters a room, how many of a room's cells it visits,
idle cells on both sides of a room border, rooms of two kinds it
alternates between.

A *room* is a list of cells (a region of the board, :func:`rooms_of` reads
them off a region grid); the loop is a :class:`satlink.rules.loops.CellLoop`.
Every rule here is a set of plain clauses over the loop's edge and
``on`` literals (no lazy part); the proofs are in ``encodings/rooms.md``.
The functions at the end read the same facts off a set of loop edges,
independent of any encoding, for the genres' ``verify``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.loops import CellLoop
>>> f = Formula()
>>> loop = CellLoop(Grid(2, 4), f)
>>> rooms = rooms_of(((0, 0, 1, 1), (0, 0, 1, 1)))
>>> for room in rooms:
...     enters(f, loop, room, 1)
>>> len(crossings(loop, rooms)), visits(((0, 1), (0, 2)), rooms[0])
(2, 0)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..formula import Formula
from . import counts
from .grid import Cell, Edge, Grid
from .loops import CellLoop


def rooms_of(regions: Sequence[Sequence[int | None]]) -> list[list[Cell]]:
    """The cells of each room of a region grid (numbers 0, 1, ..., None a
    cell in no room), room by room, each in reading order."""
    out: dict[int, list[Cell]] = {}
    for r, row in enumerate(regions):
        for c, k in enumerate(row):
            if k is not None:
                out.setdefault(k, []).append((r, c))
    return [out[k] for k in sorted(out)]


def crossings(loop: CellLoop, rooms: Sequence[Sequence[Cell]]) -> dict[Edge, int]:
    """The loop's edges between two cells of different rooms."""
    room = {c: i for i, cells in enumerate(rooms) for c in cells}
    return {(a, b): x for (a, b), x in loop.edges.items()
            if a in room and b in room and room[a] != room[b]}


def enters(f: Formula, loop: CellLoop, room: Iterable[Cell], times: int,
           when: int | None = None) -> None:
    """The loop visits ``room`` in exactly ``times`` separate stretches: it
    uses exactly ``2 * times`` of the room's border edges. Only where the
    loop also passes a cell outside the room (a loop wholly inside uses
    none): :func:`enters_each` minds that."""
    counts.exactly(f, loop.border(room), 2 * times, when=when)


def enters_each(f: Formula, loop: CellLoop, rooms: Sequence[Sequence[Cell]], times: int) -> None:
    """The loop visits every room in exactly ``times`` stretches. With two
    rooms or more it passes through cells of two rooms, so :func:`enters`
    holds for each; a single room holds the whole (nonempty) loop, one
    stretch: nothing to add for once, impossible for more."""
    if len(rooms) == 1:
        if times != 1:
            f.add([loop.never])
        return
    for room in rooms:
        enters(f, loop, room, times)


def cells_visited(f: Formula, loop: CellLoop, room: Iterable[Cell], n: int,
                  when: int | None = None) -> None:
    """The loop passes through exactly ``n`` cells of ``room``."""
    counts.exactly(f, [loop.on[c] for c in room], n, when=when)


def no_idle_pair_across(f: Formula, loop: CellLoop, grid: Grid,
                        rooms: Sequence[Sequence[Cell]]) -> None:
    """Of two orthogonal neighbours in different rooms, at least one is on
    the loop."""
    room = {c: i for i, cells in enumerate(rooms) for c in cells}
    for a, b in grid.cell_edges(room):
        if room[a] != room[b]:
            f.add([loop.on[a], loop.on[b]])


def alternate(f: Formula, loop: CellLoop, rooms: Sequence[Sequence[Cell]],
              kind: Mapping[int, int]) -> None:
    """``kind[i]`` a literal per room: the loop only crosses between rooms
    of different kinds (an edge across rooms i, j forces kind[i] != kind[j])."""
    room = {c: i for i, cells in enumerate(rooms) for c in cells}
    for (a, b), x in crossings(loop, rooms).items():
        p, q = kind[room[a]], kind[room[b]]
        f.extend([[-x, p, q], [-x, -p, -q]])


# -- the same facts off a set of loop edges (verify) ------------------------------------------
def visits(edges: Iterable[Edge], room: Iterable[Cell]) -> int:
    """How many separate stretches of the loop ``edges`` lie in ``room``:
    half its edges with exactly one end in the room, or 1 when the loop
    lies wholly inside."""
    inside, edges = set(room), list(edges)
    crossing = sum((a in inside) != (b in inside) for a, b in edges)
    if crossing == 0 and edges and edges[0][0] in inside:
        return 1
    return crossing // 2


def cells_on(edges: Iterable[Edge], room: Iterable[Cell]) -> list[Cell]:
    """The cells of ``room`` the loop ``edges`` passes through."""
    on = {c for e in edges for c in e}
    return [c for c in room if c in on]


def idle_pairs_across(edges: Iterable[Edge], grid: Grid,
                      rooms: Sequence[Sequence[Cell]]) -> list[Edge]:
    """Neighbours in different rooms, both off the loop ``edges``."""
    on = {c for e in edges for c in e}
    room = {c: i for i, cells in enumerate(rooms) for c in cells}
    return [(a, b) for a, b in grid.cell_edges(room)
            if room[a] != room[b] and a not in on and b not in on]

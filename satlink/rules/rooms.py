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
from . import counts, subset_counts
from .grid import Cell, Edge, Grid
from .grid_masks import east_pairs, mask_of, south_pairs
from .loop_settle import Fixed
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


def enters_each(f: Formula, loop: CellLoop, rooms: Sequence[Sequence[Cell]], times: int,
                every_cell: bool = False, masks: Sequence[int] | None = None) -> None:
    """The loop visits every room in exactly ``times`` stretches. With two
    rooms or more it passes through cells of two rooms, so :func:`enters`
    holds for each; a single room holds the whole (nonempty) loop, one
    stretch: nothing to add for once, impossible for more.

    ``every_cell``: the loop passes through every cell of every room (its
    must-cells; Double Back). Then a room of ``m`` cells has degree sum
    ``2m = 2 * inside + border`` (its loop edges within it, across its
    border), so ``2 * times`` border edges is ``m - times`` edges inside:
    counted over whichever list is shorter, by subsets up to six literals
    (no auxiliary; ``encodings/rooms.md``); ``masks``: the rooms'
    :func:`room_masks`, when the caller has them."""
    if len(rooms) == 1:
        if times != 1:
            f.add([loop.never])
        return
    if not every_cell:
        for border in borders(loop, rooms):  # what enters(f, loop, room, times) adds
            counts.exactly(f, border, 2 * times)
        return
    if masks is None:
        masks = room_masks(rooms, loop.grid.cols)
    if masks is None:
        raise ValueError("rooms overlap")
    # each room's edges inside and across its border, as masks (whole-board
    # operations in C, not a pass over the loop's edges in Python; the same
    # lists, in the order of the loop's edges)
    w = loop.grid.cols
    h, v = loop.edge_masks
    on_h, on_v = loop.settled_on
    for cells, room in zip(rooms, masks):
        east, south = room >> 1, room >> w
        in_h, in_v = room & east & h, room & south & v
        out_h, out_v = (room ^ east) & h, (room ^ south) & v
        if in_h.bit_count() + in_v.bit_count() < out_h.bit_count() + out_v.bit_count():
            lits_h, lits_v, k = in_h, in_v, len(cells) - times
        else:
            lits_h, lits_v, k = out_h, out_v, 2 * times
        if on_h | on_v:  # the edges fixed on counted already (encodings/rooms.md, Entry-Exit)
            k -= (lits_h & on_h).bit_count() + (lits_v & on_v).bit_count()
            lits_h, lits_v = lits_h & ~on_h, lits_v & ~on_v
            if not (lits_h or lits_v) and k == 0:
                continue
        subset_counts.exactly_any(f, loop.edge_vars(lits_h, lits_v), k)


def room_masks(rooms: Sequence[Sequence[Cell]], cols: int) -> list[int] | None:
    """Each room's cells as a mask of points ``r * cols + c``
    (:mod:`satlink.rules.grid_masks`); None when two rooms share a cell."""
    masks = [mask_of(r * cols + c for r, c in cells) for cells in rooms]
    union = 0
    for m, cells in zip(masks, rooms):
        if union & m or m.bit_count() != len(cells):
            return None
        union |= m
    return masks


def region_masks(regions: Sequence[Sequence[int | None]]) -> list[int]:
    """:func:`room_masks` of :func:`rooms_of` ``regions``, read off the
    region grid (rooms cannot overlap there)."""
    masks: dict[int, int] = {}
    cols = len(regions[0]) if regions else 0
    get = masks.get
    for r, row in enumerate(regions):
        base = r * cols
        for c, k in enumerate(row):  # (a pass over the grid: no cell tuples)
            if k is not None:
                masks[k] = get(k, 0) | 1 << (base + c)
    return [masks[k] for k in sorted(masks)]


def forced_edges(masks: Sequence[int], rows: int, cols: int, times: int) -> Fixed:
    """The edges every loop through every cell of the rooms ``masks`` (of a
    ``rows`` x ``cols`` board, :func:`room_masks`), entering each ``times``
    times, uses (:func:`enters_each` with ``every_cell``): those inside a
    room of ``m`` cells with just ``m - times`` of them, and those across
    the border of a room with just ``2 * times`` (each edge on, by the
    count; ``encodings/rooms.md``, Entry-Exit). As masks of points (each
    edge east or south of one, :class:`satlink.rules.loop_settle.Fixed`);
    none with fewer than two rooms."""
    if len(masks) < 2:
        return Fixed()
    board = 0
    for room in masks:
        board |= room
    h, v = east_pairs(board, rows, cols), south_pairs(board, cols)
    on_h = on_v = 0
    for room in masks:  # a few operations on whole-board integers a room
        east, south = room >> 1, room >> cols
        in_h, in_v = room & east & h, room & south & v
        if in_h.bit_count() + in_v.bit_count() == room.bit_count() - times:
            on_h, on_v = on_h | in_h, on_v | in_v
        out_h, out_v = (room ^ east) & h, (room ^ south) & v
        if out_h.bit_count() + out_v.bit_count() == 2 * times:
            on_h, on_v = on_h | out_h, on_v | out_v
    return Fixed(on_h, on_v)


def _room_of(rooms: Sequence[Sequence[Cell]]) -> dict[Cell, int] | None:
    """Cell -> its room's index, or None when a cell lies in two rooms."""
    room = {c: i for i, cells in enumerate(rooms) for c in cells}
    return room if len(room) == sum(len(cells) for cells in rooms) else None


def borders(loop: CellLoop, rooms: Sequence[Sequence[Cell]]) -> list[list[int]]:
    """``loop.border(room)`` of each room, the same lists, in one pass over
    the loop's edges when the rooms do not overlap."""
    room = _room_of(rooms)
    if room is None:
        return [loop.border(cells) for cells in rooms]
    out: list[list[int]] = [[] for _ in rooms]
    for (a, b), x in loop.edges.items():
        i, j = room.get(a), room.get(b)
        if i != j:
            if i is not None:
                out[i].append(x)
            if j is not None:
                out[j].append(x)
    return out


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


def visits_each(edges: Iterable[Edge], rooms: Sequence[Sequence[Cell]]) -> list[int]:
    """:func:`visits` of each room, in one pass over ``edges`` when the
    rooms do not overlap."""
    room, edges = _room_of(rooms), list(edges)
    if room is None:
        return [visits(edges, cells) for cells in rooms]
    crossing = [0] * len(rooms)
    for a, b in edges:
        i, j = room.get(a), room.get(b)
        if i != j:
            if i is not None:
                crossing[i] += 1
            if j is not None:
                crossing[j] += 1
    first = room.get(edges[0][0]) if edges else None
    return [1 if k == 0 and i == first else k // 2 for i, k in enumerate(crossing)]


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

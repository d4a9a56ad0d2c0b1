"""Rooms of two kinds that a loop through cell centres alternates between
(Moon or Sun's rooms of suns and rooms of moons), with the kinds the givens
decide put in: the edges no solution uses, the alternation's clauses, and
each room entered once. The board is read as points ``p = r * cols + c``
(a pass per mark and per edge across rooms, none per room: this set-up is
most of a small board's encode). Proofs: ``encodings/rooms.md``, Moon or
Sun, "What the givens decide, put in".

Kinds are 1 and 2 (0: not decided). A room's literal ``first + i`` says
"room i passes kind 1".

>>> k = RoomKinds.of(((0, 0, 1),), [(0, 1), (1, 2), (2, 1)])  # 1 2 | 1
>>> k.rooms, k.decided, k.passes, k.east, k.off()  # the edge between the 1 and the 2 off
(2, [0, 1], [1, 2, 1], [1], (1, 0))
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, combinations, compress, islice
from operator import ne

from ..formula import Formula
from . import even_counts
from .grid_masks import mask_of
from .loops import CellLoop


@dataclass
class RoomKinds:
    """A board's rooms and marks as points.

    - ``reg``: point -> room (a black cell: the room ``rooms``, of no kind,
      with no edges; ``black``: there is one); ``size``: room -> its
      cells; ``cols`` points a row;
    - ``has``: per room, the kinds of its marks (1, 2, 3 both, 0 none);
      ``decided``: per room, the kind it passes when its marks are of one;
    - ``passes``: per point, the kind its room passes whenever the loop
      passes the point (its room's decided kind, or a mark's own in a room
      of both); ``mixed``: (point, kind) of the marks in rooms of both;
    - ``east``, ``south``: the points with an edge across rooms east or
      south of them."""

    reg: list[int]
    black: bool
    rooms: int
    size: Counter
    cols: int
    has: list[int]
    decided: list[int]
    passes: list[int]
    mixed: list[tuple[int, int]]
    east: list[int]
    south: list[int]

    @classmethod
    def of(cls, regions: Sequence[Sequence[int | None]],
           marks: Sequence[tuple[int, int]]) -> RoomKinds:
        """The rooms of a region grid (rooms 0, 1, ..., None a black cell)
        and ``marks``, (point, kind) pairs."""
        w = len(regions[0]) if regions else 0
        reg = list(chain.from_iterable(regions))
        size = Counter(reg)
        black = size.pop(None, 0)
        rooms = len(size)
        if black:
            reg = [rooms if i is None else i for i in reg]
        has = [0] * (rooms + 1)
        for p, k in marks:
            has[reg[p]] |= k
        decided = [k if k < 3 else 0 for k in has]
        passes = list(map(decided.__getitem__, reg))
        mixed = [(p, k) for p, k in marks if has[reg[p]] == 3]
        for p, k in mixed:
            passes[p] = k
        n = len(reg)
        across = list(map(ne, reg, islice(reg, 1, None)))
        across[w - 1::w] = bytes(len(range(w - 1, n - 1, w)))  # no edge off a row's end
        east = list(compress(range(n - 1), across))
        south = list(compress(range(n - w), map(ne, reg, islice(reg, w, None))))
        return cls(reg, bool(black), rooms, size, w, has[:rooms], decided[:rooms], passes, mixed, east, south)

    def off(self) -> tuple[int, int]:
        """The edges no solution uses, as masks (east, south of a point;
        for ``CellLoop(off=...)``): across rooms, both ends passing one
        decided kind; within a room, a mark of each kind."""
        reg, passes, w, n = self.reg, self.passes, self.cols, len(self.reg)
        off_e = [p for p in self.east if passes[p] and passes[p] == passes[p + 1]]
        off_s = [p for p in self.south if passes[p] and passes[p] == passes[p + w]]
        for p, k in self.mixed:
            if (p + 1) % w and passes[p + 1] == 3 - k and reg[p + 1] == reg[p]:
                off_e.append(p)
            if p + w < n and passes[p + w] == 3 - k and reg[p + w] == reg[p]:
                off_s.append(p)
        return mask_of(off_e), mask_of(off_s)

    def alternate(self, out: list, loop: CellLoop, first: int) -> dict[tuple[int, int], list[int]]:
        """Append to ``out`` the clauses "the kinds differ across an edge
        between rooms on the loop" (room i's literal ``first + i``) with the
        decided kinds put in: nothing when both ends' kinds are decided
        (they differ, or the edge is off), one binary when one is, two
        clauses else. Returns the edges across rooms, per pair of rooms
        ``(i, j)``, ``i < j``, in the order of the loop's edges."""
        reg, passes = self.reg, self.passes
        var_e, var_s = loop.var_maps()
        pairs: dict[tuple[int, int], list[int]] = {}
        for ends, step, var in ((self.east, 1, var_e), (self.south, self.cols, var_s)):
            for p, x in zip(ends, map(var.get, ends)):
                if x is None:  # off, or a black cell's
                    continue
                i, j = reg[p], reg[p + step]
                a, b = passes[p], passes[p + step]
                if a:
                    if not b:
                        out.append([-x, -first - j if a == 1 else first + j])
                elif b:
                    out.append([-x, -first - i if b == 1 else first + i])
                else:
                    out += ([-x, first + i, first + j], [-x, -first - i, -first - j])
                key = (i, j) if i < j else (j, i)
                if key in pairs:
                    pairs[key].append(x)
                else:
                    pairs[key] = [x]
        return pairs

    def enter_once(self, f: Formula, loop: CellLoop, pairs: dict[tuple[int, int], list[int]],
                   marked: set[int]) -> None:
        """Each room entered once (with two rooms or more), over the edges
        across rooms per pair of rooms (:meth:`alternate`'s; ``marked``: the
        points of the marks). With three rooms or more, one literal per pair
        of rooms that touch, "the loop crosses between them" (the edge
        itself where they share one), and at most one of their edges; a
        room of three cells or more crosses to at least one room and to at
        most two (the counter over all but one, parity doing the rest);
        one of two cells of one kind, :func:`twice_in_domino`'s clauses; of
        one cell, nothing (the degree rule). With two rooms, the border
        edges counted (:func:`even_counts.enters_each_once`'s clauses).
        ``encodings/rooms.md``, "Rooms the loop crosses to"."""
        if self.rooms < 2:
            return
        out, size, rooms = f.clauses, self.size, self.rooms
        touch: list[list[int]] = [[] for _ in range(rooms)]  # per room, per pair: its literal
        pool = f.pool
        for (i, j), xs in pairs.items():
            if rooms == 2:  # both crossings between the same two rooms: the edges
                touch[i] += xs
                touch[j] += xs
                continue
            if len(xs) == 1:
                y = xs[0]
            else:  # y <-> some edge, at most one edge (a pair at a time)
                pool.top = y = pool.top + 1
                out += [[-x, y] for x in xs]
                out.append([-y, *xs])
                one_edge_between(f, xs)
            touch[i].append(y)
            touch[j].append(y)
        at_most_two = even_counts.at_most_two
        for i, ys in enumerate(touch):
            m = size[i]
            if m > 2:
                out.append(ys)
                at_most_two(f, ys[:-1])
            elif m == 2 and self.decided[i]:  # (of both kinds: a sun and a moon, never both on)
                out += twice_in_domino(loop, self.reg, i, marked)


def one_edge_between(f: Formula, xs: list[int]) -> None:
    """At most one of the edges ``xs`` between two rooms: every pair
    negated up to five, else pysat's at-most-one."""
    if len(xs) == 2:
        f.clauses.append([-xs[0], -xs[1]])
    elif len(xs) <= 5:
        f.clauses.extend([[-a, -b] for a, b in combinations(xs, 2)])
    else:
        f.at_most_one(xs)


def twice_in_domino(loop: CellLoop, reg: list[int], room: int,
                    marked: set[int]) -> list[list[int]]:
    """Clauses against a second stretch of the loop in ``room`` of two
    cells (``reg``: point -> room), one or both of them ``marked`` (points
    on the loop in every solution): it has two exactly when both cells are
    on and the edge between them is off, so the edge is on when both are
    marked, else when the unmarked cell has another edge on
    (``encodings/rooms.md``, "Small rooms")."""
    w = loop.grid.cols
    a = reg.index(room)
    east = (a + 1) % w and reg[a + 1] == room
    b = a + 1 if east else a + w
    e = loop.var_maps()[0 if east else 1][a]
    if a not in marked:
        a, b = b, a
    elif b in marked:
        return [[e]]
    return [[-y, e] for _, y in loop.nbrs[b] if y != e]

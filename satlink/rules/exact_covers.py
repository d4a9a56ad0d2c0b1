"""Exact covers narrowed before encoding: drop the pieces no exact cover
holds (Tatamibari's rectangles, before :meth:`satlink.rules.regions.Regions.tiles`).

An exact cover of a set of cells chooses pieces that hold every cell once.
:func:`narrow_cover` removes pieces by one rule, to a fixed point: for a cell
c, let K be the cells every remaining piece over c holds; a piece that holds
a cell of K but not c is in no exact cover (the piece that covers c covers
that cell too, and the two would overlap). A cell with one piece left is the
case K = that piece: every piece overlapping it goes. Proof and measurements:
encodings/regions.md ("Tiles narrowed").

>>> pieces = {"a": [(0, 0)], "b": [(0, 0), (0, 1)], "c": [(0, 1), (0, 2)], "d": [(0, 2)]}
>>> sorted(narrow_cover(pieces, [(0, 0), (0, 1), (0, 2)]))   # (0, 2) needs c or d ...
['a', 'b', 'c', 'd']
>>> sorted(narrow_cover({**pieces, "e": [(0, 1)]}, [(0, 0), (0, 1)]))  # no (0, 2): c, d go
['a', 'b', 'e']
>>> sorted(narrow_cover({"a": [(0, 0)], "b": [(0, 0), (0, 1)], "c": [(0, 1), (0, 2)]},
...                     [(0, 0), (0, 1), (0, 2)]))   # (0, 2) has c alone: b overlaps it
['a', 'c']
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from .bitmask import set_bits as _bits
from .grid import Cell


def narrow_cover(pieces: Mapping[Hashable, Iterable[Cell]], cells: Iterable[Cell]
                 ) -> dict[Hashable, list[Cell]]:
    """The pieces (key -> cells) that may be in an exact cover of ``cells``:
    a piece holding a cell outside ``cells`` goes, and then the rule of the
    module docstring runs to a fixed point. Every exact cover keeps all its
    pieces. Where a cell is left without a piece there is no exact cover, and
    what is returned no longer matters (the cell still has no piece)."""
    index = {c: i for i, c in enumerate(cells)}
    mask: dict[Hashable, int] = {}
    cover: list[set[Hashable]] = [set() for _ in index]
    for key, cs in pieces.items():
        at = [index.get(c) for c in cs]
        if None in at:
            continue
        m = 0
        for i in at:
            m |= 1 << i
            cover[i].add(key)
        mask[key] = m
    todo = list(range(len(index)))
    queued = set(todo)
    while todo:
        i = todo.pop()
        queued.discard(i)
        here = cover[i]
        if not here:
            break  # no exact cover at all
        common = -1
        for key in here:
            common &= mask[key]
            if common == 1 << i:
                break
        for j in _bits(common & ~(1 << i)):
            for key in [k for k in cover[j] if k not in here]:
                for d in _bits(mask.pop(key)):
                    cover[d].discard(key)
                    if d not in queued:
                        queued.add(d)
                        todo.append(d)
    return {key: list(pieces[key]) for key in pieces if key in mask}

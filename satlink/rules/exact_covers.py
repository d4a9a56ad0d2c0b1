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

from collections.abc import Hashable, Iterable, Mapping, Sequence

from .bitmask import set_bits as _bits
from .grid import Cell


def narrow_cover(pieces: Mapping[Hashable, Iterable[Cell]], cells: Iterable[Cell]
                 ) -> dict[Hashable, list[Cell]]:
    """The pieces (key -> cells) that may be in an exact cover of ``cells``:
    a piece holding a cell outside ``cells`` goes, and then the rule of the
    module docstring runs to a fixed point (:func:`narrow_cover_masks`).
    Every exact cover keeps all its pieces. Where a cell is left without a
    piece there is no exact cover, and what is returned no longer matters
    (the cell still has no piece)."""
    index = {c: i for i, c in enumerate(cells)}
    keys, held = [], []
    for key, cs in pieces.items():
        at = [index.get(c) for c in cs]
        if None not in at:
            keys.append(key)
            held.append(at)
    return {keys[k]: list(pieces[keys[k]]) for k in narrow_numbered(held, len(index))}


def narrow_numbered(held: Sequence[Sequence[int]], cells: int) -> list[int]:
    """:func:`narrow_cover` on pieces given as the numbers of their cells
    (``0 .. cells - 1``, each once): the indices of the pieces kept, in
    order. Written for speed on numbers (Tatamibari's candidates are a
    third of its verdict): the pieces over a cell are a set of piece
    numbers, so that those over one cell that miss another are one set
    difference, and a piece's cells are a bit mask, so that the cells every
    piece over a cell holds are one ``&`` a piece. The rule only drops
    pieces, and a dropped piece never lets another back, so while every
    cell keeps a piece the fixed point does not depend on the order the
    cells are visited in.

    >>> narrow_numbered([[0], [0, 1], [1, 2]], 3)   # the third cell has piece 2 alone
    [0, 2]
    """
    masks = []
    cover: list[set[int]] = [set() for _ in range(cells)]  # cell -> the pieces over it
    for k, at in enumerate(held):
        m = 0
        for i in at:
            m |= 1 << i
            cover[i].add(k)
        masks.append(m)
    alive = [True] * len(held)
    todo = list(range(cells))
    queued = [True] * cells
    while todo:
        i = todo.pop()
        queued[i] = False
        here = cover[i]
        if not here:
            break  # no exact cover at all
        common, own = -1, 1 << i
        for k in here:
            common &= masks[k]
            if common == own:
                break
        size = len(here)
        for j in _bits(common & ~own):
            if len(cover[j]) == size:
                continue  # cover[j] holds ``here`` (every piece over i holds j): it is ``here``
            for k in cover[j] - here:  # pieces over a cell of K_i that miss i
                alive[k] = False
                for d in held[k]:
                    cover[d].discard(k)
                    if not queued[d]:
                        queued[d] = True
                        todo.append(d)
    return [k for k, kept in enumerate(alive) if kept]

"""Exact covers narrowed before encoding: drop the pieces no exact cover
holds (Tatamibari's rectangles, before :meth:`satlink.rules.regions.Regions.tiles`);
and :func:`one_each`, covers by one piece per clue (Shikaku, Nawabari, Rekuto).

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

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from functools import reduce
from operator import and_, or_

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


# -- one piece per clue -------------------------------------------------------------------
def one_each(options: Mapping[Hashable, Mapping[Hashable, Collection[Cell]]]
             ) -> dict[Hashable, dict[Hashable, Collection[Cell]]]:
    """Each clue's pieces (clue -> key -> cells) less those no solution
    holds, to a fixpoint, where a solution is an exact cover of the board
    by one piece of each clue (each region holds one clue: Nawabari,
    Shikaku). A cell only one clue's pieces cover is that clue's: its pieces
    that miss the cell go. The cells every piece of a clue covers are
    that clue's: other clues' pieces over them go. A clue left without
    pieces ends the narrowing (no cover exists; the cover clauses say so).
    The work is :func:`one_each_masks`'s, on the pieces as bit masks.

    >>> one_each({"a": {1: [(0, 0)], 2: [(0, 0), (0, 1)]}, "b": {3: [(0, 1)], 4: [(0, 1), (0, 2)]}})
    {'a': {1: [(0, 0)]}, 'b': {4: [(0, 1), (0, 2)]}}
    """
    index: dict[Cell, int] = {}
    masks: dict[Hashable, dict[Hashable, int]] = {}
    for p, pcs in options.items():
        masks[p] = {}
        for k, cells in pcs.items():
            m = 0
            for c in cells:
                m |= 1 << index.setdefault(c, len(index))
            masks[p][k] = m
    kept = one_each_masks(masks)
    return {p: {k: options[p][k] for k in keys} for p, keys in kept.items()}


def one_each_masks(masks: Mapping[Hashable, Mapping[Hashable, int]]
                   ) -> dict[Hashable, list[Hashable]]:
    """:func:`one_each` on pieces given as bit masks of their cells (clue
    -> key -> mask): the keys each clue keeps, in the order given. Written
    on Python's integers for speed (a set operation over a whole board is
    one integer operation): on the Nawabari dev boards it is several times
    quicker than the same rules over frozensets, and the fixpoint is the
    same (the rules only drop pieces, and a dropped piece never makes
    another piece come back), so the kept pieces are too.

    >>> one_each_masks({"a": {1: 0b001, 2: 0b011}, "b": {3: 0b010, 4: 0b110}})
    {'a': [1], 'b': [4]}
    """
    clues = list(masks)
    live = [list(pcs.items()) for pcs in masks.values()]  # (key, mask) per piece, per clue
    if not all(live):
        return {p: [k for k, _ in pcs] for p, pcs in zip(clues, live)}
    # a clue's span (the cells some piece covers) and sure cells (every piece
    # covers), folded in C by functools.reduce
    span = [reduce(or_, pcs.values()) for pcs in masks.values()]
    sure = [reduce(and_, pcs.values()) for pcs in masks.values()]
    # A clue down to one piece keeps it or none (then the narrowing ends), so
    # its cells stand for good: they are folded once into done_once (the cells
    # of one such clue at least) and done_twice (two or more), and each round's
    # standings loop over the other clues alone (late rounds loop over a few;
    # with the skip below, the narrowing takes 20-25 % less on the dev boards)
    done_once = done_twice = 0
    for m, pcs in zip(span, live):
        if len(pcs) == 1:
            done_twice |= done_once & m
            done_once |= m
    active = [i for i, pcs in enumerate(live) if len(pcs) > 1]
    was, moved = None, -1  # the last round's (single, owned, owned_twice); the cells that changed
    while True:
        once, twice = done_once, done_twice  # cells one clue's pieces cover; two or more clues'
        owned, owned_twice = done_once, done_twice  # cells one clue is sure of; two or more
        for i in active:
            m, core = span[i], sure[i]
            twice |= once & m
            once |= m
            owned_twice |= owned & core
            owned |= core
        single = once & ~twice
        if was is not None:  # the cells whose standing changed since the last round
            moved = (single ^ was[0]) | (owned ^ was[1]) | (owned_twice ^ was[2])
        was, dropped, finished = (single, owned, owned_twice), False, False
        # a clue down to one piece m loses it iff m meets owned_twice (it holds
        # its ``must`` and its own sure cells); until one does, only the others
        # can lose pieces
        for i in range(len(span)) if done_once & owned_twice else active:
            wide = span[i]
            if not wide & moved:
                continue  # nothing its pieces hold changed standing: they all stay
            core = sure[i]
            must, others = wide & single, owned_twice | (owned & ~core)
            if not (must & ~core or wide & others):
                continue  # every piece holds ``must`` (sure holds it) and none meets ``others``
            pcs = live[i]
            keep = [km for km in pcs if km[1] & must == must and not km[1] & others]
            if len(keep) == len(pcs):
                continue
            live[i] = keep
            if not keep:
                return {p: [k for k, _ in pcs] for p, pcs in zip(clues, live)}
            if len(keep) == 1:
                m = span[i] = sure[i] = keep[0][1]
                done_twice |= done_once & m  # from the next round on
                done_once |= m
                finished = True
            else:
                kept = [m for _, m in keep]
                span[i], sure[i] = reduce(or_, kept), reduce(and_, kept)
            dropped = True
        if not dropped:
            break
        if finished:
            active = [i for i in active if len(live[i]) > 1]
    return {p: [k for k, _ in pcs] for p, pcs in zip(clues, live)}

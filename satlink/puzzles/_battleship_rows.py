"""One row of a Battleship count on its own (encodings/battleship.md,
"Counting"): every way to fill it with runs of allowed lengths and lone
cells, as the bit masks and fleet and column charges a sweep adds up.
"""
from __future__ import annotations

from ..formats.battleship_board import LEFT, MIDDLE, RIGHT, SOME, UNKNOWN


def lone_cells(mask: int) -> int:
    """The cells of a row mask with no neighbour in the row."""
    return mask & ~((mask << 1) | (mask >> 1))


def row_masks(cols: int, glyphs: tuple, allowed: int, need: int, tally, lengths: frozenset,
               lone: bool) -> tuple:
    """Every way to fill one row on its own: cells inside ``allowed``,
    covering ``need``, ``tally`` of them (None: any number); runs of two or
    more cells only of the ``lengths``, lone cells only if ``lone``; given
    ends and middles where a run puts them. Returns (mask, run lengths)."""
    out = []

    def fits(start, end):
        if end - start == 1:
            return lone and glyphs[start] not in (LEFT, RIGHT)
        return (end - start in lengths and glyphs[start] in (UNKNOWN, SOME, LEFT)
                and glyphs[end - 1] in (UNKNOWN, SOME, RIGHT)
                and all(g in (UNKNOWN, SOME, MIDDLE) for g in glyphs[start + 1:end - 1]))

    def rec(c, mask, count, start, runs):
        if tally is not None and count > tally:
            return
        if c == cols:
            if start is not None:
                if not fits(start, c):
                    return
                runs += (c - start,) if c - start > 1 else ()
            if tally is None or count == tally:
                out.append((mask, runs))
            return
        if not need >> c & 1:  # c stays empty
            if start is None:
                rec(c + 1, mask, count, None, runs)
            elif fits(start, c):
                rec(c + 1, mask, count, None, runs + ((c - start,) if c - start > 1 else ()))
        if allowed >> c & 1:
            rec(c + 1, mask | 1 << c, count + 1, c if start is None else start, runs)

    rec(0, 0, 0, None, ())
    return tuple(out)


def row_table(memo: dict, *row) -> tuple:
    """The masks of :func:`row_masks` as the sweep uses them: (mask, its
    lone cells, its other cells, fleet taken by its runs of two or more,
    its column use, its lone cells one by one, a run length 1 for each).
    ``row`` is (cols, glyphs, allowed, need, tally, lengths, lone, wc,
    known, unit); ``memo`` keeps the tables of one count (rows alike, and
    the two sweeps, share them)."""
    table = memo.get(row)
    if table is None:
        table = memo[row] = _fill_table(*row)
    return table


def _fill_table(cols, glyphs, allowed, need, tally, lengths, lone, wc, known, unit) -> tuple:
    out = []
    for M, runs in row_masks(cols, glyphs, allowed, need, tally, lengths, lone):
        single = lone_cells(M)
        lows = [1 << c for c in range(cols) if single >> c & 1]
        use = sum(1 << (wc * c) for c in range(cols) if known[c] and M >> c & 1)
        out.append((M, single, M & ~single, sum(unit[L] for L in runs), use, lows,
                    (1,) * len(lows)))
    return tuple(out)

"""The local rules of a snake of shaded cells (Snake): every shaded cell has
exactly two shaded neighbours, each end exactly one, and two diagonal
shaded cells share a shaded neighbour; as clauses over a literal per cell,
without those that other clauses of the same formula already hold
(``encodings/cell_path.md``, "Snake", "Clauses held by others").

A clause is left out only where one that is written holds it: a clause
made of some of its literals (it is subsumed: the same models, and unit
propagation derives what it would), or, with ``low``, a line's count,
which forbids what it forbids.

>>> cells = clauses(list(range(1, 10)), 3, 3, {0, 8})  # ends at two corners
>>> [1] in cells and [-2, -4] in cells  # an end: shaded, not two neighbours
True
>>> [-2, -4, 1, 5] in cells  # (0, 1) is on the rim: its [-2, 1, 5] holds it
False
>>> len(cells), len(clauses(list(range(1, 10)), 3, 3, {0, 8}, [("row", 1)]))
(36, 34)
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations


def clauses(v: Sequence[int], rows: int, cols: int, ends: Collection[int],
            low: Collection[tuple[str, int]] = ()) -> list[list[int]]:
    """The clauses of a ``rows`` x ``cols`` board, ``v[r * cols + c]`` the
    literal "(r, c) shaded" and ``ends`` the ends' indices ``r * cols + c``:

    - an end: shaded, some neighbour shaded and no two of them;
    - another cell, when shaded: no three of its neighbours shaded
      (``not x or not a or not b or not c`` per triple) and one of every
      ``deg - 1`` of them shaded;
    - per 2 x 2 block ``tl tr / bl br``: ``not tl or not br or tr or bl``
      and ``not tr or not bl or tl or br``.

    Left out: a block's clause whose first two cells hold one on the
    board's rim that is no end (its "one of every two neighbours" clause,
    over the block's other two cells, holds it); and, for a line ``("row",
    r)`` or ``("col", c)`` of ``low`` (one whose count, written in the same
    formula, allows at most two shaded cells), a triple holding a cell's
    two neighbours along that line.
    Neighbours are listed north, west, east, south."""
    n = rows * cols
    ends = set(ends)
    low_rows = {i for kind, i in low if kind == "row"}
    lowcol = [("col", c) in low for c in range(cols)]
    out: list[list[int]] = []
    add = out.append
    # written for speed (a thousand clauses a board, most of a Snake's encode):
    # row by row, an inner cell off the low lines in the first branch
    for r in range(rows):
        o, row, inner = r * cols, r in low_rows, 0 < r < rows - 1
        for c in range(cols):
            i = o + c
            x = v[i]
            if inner and 0 < c < cols - 1 and i not in ends:
                a, b, d, e = v[i - cols], v[i - 1], v[i + 1], v[i + cols]
                if not (row or lowcol[c]):
                    out += ([-x, -a, -b, -d], [-x, -a, -b, -e], [-x, -a, -d, -e],
                            [-x, -b, -d, -e], [-x, a, b, d], [-x, a, b, e], [-x, a, d, e],
                            [-x, b, d, e])
                    continue
                # on a low line: no triple with both neighbours along it
                if not row:
                    add([-x, -a, -b, -d])
                if not lowcol[c]:
                    out += ([-x, -a, -b, -e], [-x, -a, -d, -e])
                if not row:
                    add([-x, -b, -d, -e])
                out += ([-x, a, b, d], [-x, a, b, e], [-x, a, d, e], [-x, b, d, e])
                continue
            lits = [v[j] for j, ok in ((i - cols, r), (i - 1, c), (i + 1, c < cols - 1),
                                       (i + cols, r < rows - 1)) if ok]
            if i in ends:  # shaded, one shaded neighbour
                add([x])
                add(lits)
                out.extend([-a, -b] for a, b in combinations(lits, 2))
                continue
            # a cell on the rim: its one triple (if any) holds both neighbours
            # along the rim's line, none of those across it
            if not ((row and not inner) or (lowcol[c] and not 0 < c < cols - 1)):
                out.extend([-x, -a, -b, -d] for a, b, d in combinations(lits, 3))
            out.extend([-x, *rest] for rest in combinations(lits, len(lits) - 1))
    # per 2 x 2 block: both clauses where no cell is on the rim; on the rim
    # only a clause whose two first cells are inner cells or ends
    rim = [True] * n  # a cell on the board's rim that is no end
    for o in range(cols, n - cols, cols):
        rim[o + 1:o + cols - 1] = [False] * (cols - 2)
    for e in ends:
        rim[e] = False
    ring = {1, rows - 1}
    for r in range(1, rows):
        o = r * cols
        for i in range(o + 1, o + cols) if r in ring or cols < 5 else (o + 1, o + cols - 1):
            tl, tr, bl, br = i - cols - 1, i - cols, i - 1, i
            if not (rim[tl] or rim[br]):
                add([-v[tl], -v[br], v[tr], v[bl]])
            if not (rim[tr] or rim[bl]):
                add([-v[tr], -v[bl], v[tl], v[br]])
        if r in ring or cols < 5:
            continue
        for i in range(o + 2, o + cols - 1):  # no cell on the rim
            tl, tr, bl, br = v[i - cols - 1], v[i - cols], v[i - 1], v[i]
            out += ([-tl, -br, tr, bl], [-tr, -bl, tl, br])
    return out

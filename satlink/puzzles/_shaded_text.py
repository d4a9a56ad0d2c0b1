"""The `solution` block of a set of shaded cells, as the shading genres
write it (`.pzl`, and janko's published solutions read alike): `x` a
shaded cell, `.` a white one. A genre whose answer is ``CELL_SET`` and
whose cells are marked `x` declares ``solution=SHADED_CELLS``."""
from __future__ import annotations

from ..formats.cellgrid import Answer, Tokens, board, given

#: A solution cell: `x` shaded, `.` white.
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
#: The block: the cells ``SHADED`` reads as values are the set.
SHADED_CELLS = Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                      write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True)))

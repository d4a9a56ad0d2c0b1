"""Row and column tallies of a board (Stitches, Sternenhimmel): an instance
with ``rows``, ``cols``, ``row_tallies`` and ``col_tallies`` (None: not
shown). The lines with their tallies, the tallies as design clues
(``(kind, index, tally)``, kind `row` or `col`), and the board showing
exactly some of them."""
from __future__ import annotations

from dataclasses import replace

from ..rules.grid import Cell


def lines(inst) -> list[tuple[str, int, int | None, list[Cell]]]:
    """(kind, index, tally, cells) of each row, then each column."""
    g = inst.grid
    return ([("row", i, t, line) for i, (t, line) in enumerate(zip(inst.row_tallies,
                                                                    g.rows_of_cells()))]
            + [("col", i, t, line) for i, (t, line) in enumerate(zip(inst.col_tallies,
                                                                      g.cols_of_cells()))])


def clues(inst) -> list[tuple[str, int, int]]:
    """The shown tallies."""
    return [(kind, i, t) for kind, i, t, _ in lines(inst) if t is not None]


def counted(inst, marked) -> list[tuple[str, int, int]]:
    """Every tally the board could show: the ``marked`` cells of each line."""
    return [(kind, i, sum(c in marked for c in line)) for kind, i, _, line in lines(inst)]


def with_clues(inst, chosen):
    """The same board showing exactly the ``chosen`` tallies."""
    tallies = {"row": [None] * inst.rows, "col": [None] * inst.cols}
    for kind, i, t in chosen:
        tallies[kind][i] = t
    return replace(inst, row_tallies=tuple(tallies["row"]), col_tallies=tuple(tallies["col"]))

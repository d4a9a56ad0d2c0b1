"""Row and column tallies of a board: a number beside each row and each
column (None: not shown), held by an instance with ``rows`` and ``cols``
in two fields (``row_tallies``/``col_tallies`` by default; Kakurasu's,
Pills' and Digital Battleship's ``row_sums``, Thermometer's, Snake's,
Pipeline's and Tile Paint's ``row_counts``, Gappy's ``row_gaps``).

A :class:`Tallies` names those fields and what a tally is called; it gives
the lines with their tallies, the tallies as design clues (``(kind, index,
tally)``, kind `row` or `col`), the board showing exactly some of them,
their checks, the rules they break and their labels in a picture. The
module-level names serve the default fields (Stitches, Sternenhimmel, Tents).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..errors import InputError
from ..formats.cellgrid import CellError, Keyword
from ..render import Label
from ..rules.grid import Cell

WORD = {"row": "row", "col": "column"}


@dataclass(frozen=True)
class Tallies:
    """The tallies held in the instance fields ``row`` and ``col``, each
    called ``word`` (`tally`, `sum`, `count`, `gap`)."""

    row: str = "row_tallies"
    col: str = "col_tallies"
    word: str = "tally"

    def of(self, inst) -> dict[str, tuple]:
        """kind -> the tallies of its lines."""
        return {"row": getattr(inst, self.row), "col": getattr(inst, self.col)}

    def lines(self, inst) -> list[tuple[str, int, int | None, list[Cell]]]:
        """(kind, index, tally, cells) of each row, then each column."""
        g, tallies = inst.grid, self.of(inst)
        return ([("row", i, t, line) for i, (t, line) in enumerate(zip(tallies["row"],
                                                                        g.rows_of_cells()))]
                + [("col", i, t, line) for i, (t, line) in enumerate(zip(tallies["col"],
                                                                          g.cols_of_cells()))])

    def clues(self, inst) -> list[tuple[str, int, int]]:
        """The shown tallies: ``("row", r, t)`` and ``("col", c, t)``, 0-based."""
        return [(kind, i, t) for kind, i, t in self.measured(inst, None) if t is not None]

    def measured(self, inst, measure: Callable[[list[Cell]], int] | None):
        """(kind, index, measure(cells)) of each line; the shown tally
        where ``measure`` is None."""
        return [(kind, i, t if measure is None else measure(line))
                for kind, i, t, line in self.lines(inst)]

    def counted(self, inst, marked) -> list[tuple[str, int, int]]:
        """Every tally the board could show: the ``marked`` cells of each line."""
        return self.measured(inst, lambda line: sum(c in marked for c in line))

    def summed(self, inst, marked, weight: Callable[[Cell], int]) -> list[tuple[str, int, int]]:
        """Every tally the board could show: the weights of the ``marked``
        cells of each line (the digits under Pills' pills)."""
        return self.measured(inst, lambda line: sum(weight(c) for c in line if c in marked))

    def with_clues(self, inst, chosen, **fields):
        """The same board showing exactly the ``chosen`` tallies (and
        ``fields`` changed)."""
        tallies = {"row": [None] * inst.rows, "col": [None] * inst.cols}
        for kind, i, t in chosen:
            tallies[kind][i] = t
        return replace(inst, **{self.row: tuple(tallies["row"]),
                                self.col: tuple(tallies["col"])}, **fields)

    def check(self, inst, bounds: Callable[[int], tuple[int, int]],
              why: Callable[[int, str], str]) -> None:
        """Makes the fields tuples; each line has a tally (or None), each
        within ``bounds(side)`` (side: the length of its line), else an
        error that says ``why(side, kind)`` (kind `row` or `col`)."""
        for kind, block, n, side in (("row", "rows", inst.rows, inst.cols),
                                     ("col", "cols", inst.cols, inst.rows)):
            field = self.row if kind == "row" else self.col
            tallies = tuple(getattr(inst, field))
            object.__setattr__(inst, field, tallies)
            if len(tallies) != n:
                raise InputError(f"{len(tallies)} {kind} {self.plural} for {n} {block}")
            low, high = bounds(side)
            for i, t in enumerate(tallies):
                if t is not None and not low <= t <= high:
                    where = f"above {high}," if low == 0 else f"outside {low}..{high}:"
                    raise CellError(f"{self.word} {t} of {kind} {i + 1} is {where}"
                                    f" {why(side, kind)}", (0, i), block)

    @property
    def plural(self) -> str:
        return {"tally": "tallies"}.get(self.word, self.word + "s")

    def broken(self, inst, found, say: Callable[[int], str] | None = None, words=WORD,
               told: Callable[[int, int], str] | None = None) -> list[str]:
        """`row 2 has 1 stars, its tally is 2` for each line whose found
        value (``found``: as :meth:`measured` gives) is not its shown tally;
        ``say(value)`` is what the line has. ``told(value, tally)``, if
        given, says the whole rest (`adds up to 1, not 2`)."""
        shown = self.of(inst)
        if told is None:
            def told(n, t):
                return f"{say(n)}, its {self.word} is {t}"
        return [f"{words[kind]} {i + 1} {told(n, shown[kind][i])}"
                for kind, i, n in found if shown[kind][i] not in (None, n)]

    def labels(self, inst, before: bool = False, given: bool = False,
               hidden: str | None = "?") -> list[Label]:
        """The tallies right of the rows and below the columns, or left and
        above them (``before``); a tally not shown is ``hidden`` (None:
        no label)."""
        tallies = self.of(inst)
        row_at, col_at = (-1, -1) if before else (inst.cols, inst.rows)
        at = {"row": lambda i: (i, row_at), "col": lambda i: (col_at, i)}
        return [Label(at[kind](i), hidden if t is None else str(t), given=given)
                for kind in ("row", "col") for i, t in enumerate(tallies[kind])
                if t is not None or hidden is not None]


def keywords(tokens) -> dict[str, Keyword]:
    """The `.pzl` keyword lines `rows` and `cols`, each a tally a line."""
    return {"rows": Keyword(tokens, count="rows"), "cols": Keyword(tokens, count="cols")}


def clue_name(clue: tuple) -> str:
    """`row3`, `col5` (1-based)."""
    return f"{clue[0]}{clue[1] + 1}"


TALLIES = Tallies()
lines, clues, counted, with_clues = (TALLIES.lines, TALLIES.clues, TALLIES.counted,
                                     TALLIES.with_clues)

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
:class:`NamedTallies` holds several named tallies per line in one field
(Magnetic's `+` and `-` tallies of each row and column).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from collections.abc import Mapping
from typing import Any, Callable

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

    def balanced(self, inst) -> bool | None:
        """Whether the row tallies add up to the column tallies, when every
        line has one (None when some line has none). Where tallies count
        the same cells (both sums are the number of counted cells on the
        board), balanced tallies make any one line's follow from the
        others' (the total less theirs), and unbalanced ones have no
        solution (``encodings/cell_path.md``, "One count implied").

        >>> T = Tallies("r", "c")
        >>> from types import SimpleNamespace as S
        >>> T.balanced(S(r=(1, 2), c=(3, 0))), T.balanced(S(r=(1, 2), c=(2, 0)))
        (True, False)
        """
        rows, cols = getattr(inst, self.row), getattr(inst, self.col)
        if None in rows or None in cols:
            return None
        return sum(rows) == sum(cols)

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


@dataclass(frozen=True)
class NamedTallies:
    """Several tallies per row or column, each line of them named (Magnetic:
    `plus_rows`, `minus_rows`, `plus_cols`, `minus_cols`), held in the
    instance field ``field`` as sorted (name, tallies) pairs. ``names``:
    name -> (what its tallies count, `row` or `col`), in file order. A clue
    is ``(name, index, tally)``."""

    names: Mapping[str, tuple[Any, str]]
    field: str = "tallies"

    def shown(self, inst) -> list[tuple[str, int, int, Any, list[Cell]]]:
        """(name, index, tally, what it counts, cells) of each shown tally,
        in the field's order."""
        cells = {"row": inst.grid.rows_of_cells(), "col": inst.grid.cols_of_cells()}
        return [(name, i, t, self.names[name][0], cells[self.names[name][1]][i])
                for name, ts in getattr(inst, self.field) for i, t in enumerate(ts)
                if t is not None]

    def clues(self, inst) -> list[tuple[str, int, int]]:
        return [(name, i, t) for name, i, t, _, _ in self.shown(inst)]

    def measured(self, inst, measure: Callable[[Any, list[Cell]], int]):
        """Every tally the board could show, ``measure(what, cells)`` of
        each line, in file order."""
        g = inst.grid
        cells = {"row": g.rows_of_cells(), "col": g.cols_of_cells()}
        return [(name, i, measure(what, line)) for name, (what, kind) in self.names.items()
                for i, line in enumerate(cells[kind])]

    def counted(self, inst, at: Mapping[Cell, Any]):
        """Every tally the board could show when cell c holds ``at.get(c)``:
        how many cells of each line hold what its tallies count."""
        return self.measured(inst, lambda what, line: sum(at.get(c) == what for c in line))

    def holds(self, clue) -> bool:
        """The clue is one of these tallies."""
        return clue[0] in self.names

    def with_clues(self, inst, chosen, **fields):
        """The same board showing exactly the tallies among the ``chosen``
        clues (and ``fields`` changed)."""
        sides = {"row": inst.rows, "col": inst.cols}
        tallies = {name: [None] * sides[kind] for name, (_, kind) in self.names.items()}
        for name, i, t in filter(self.holds, chosen):
            tallies[name][i] = t
        return replace(inst, **{self.field: tuple((name, tuple(ts))
                                                  for name, ts in tallies.items())}, **fields)

    def keywords(self, tokens) -> dict[str, Keyword]:
        """A `.pzl` keyword line per name, a tally a line."""
        return {name: Keyword(tokens, count=kind + "s") for name, (_, kind) in self.names.items()}

    def labels(self, inst) -> list[Label]:
        """The shown tallies right of the rows, then below the columns; the
        names of one kind outward in their order (Magnetic: `+`, then `-`)."""
        shown = dict(getattr(inst, self.field))
        at = {"row": lambda i, k: (i, inst.cols + k), "col": lambda i, k: (inst.rows + k, i)}
        return [Label(at[kind](i, k), str(t)) for kind in ("row", "col")
                for k, name in enumerate(n for n, (_, nk) in self.names.items() if nk == kind)
                for i, t in enumerate(shown[name]) if t is not None]

    def broken(self, inst, at: Mapping[Cell, Any], say: Callable[[Any, int], str]) -> list[str]:
        """`row 2 holds 1 +, not 2` for each shown tally that the count of
        cells holding what it counts (cell c holds ``at.get(c)``) is not;
        ``say(what, count)`` says what the line has."""
        return [f"{self.names[name][1]} {i + 1} {say(what, got)}, not {t}"
                for name, i, t, what, line in self.shown(inst)
                if (got := sum(at.get(c) == what for c in line)) != t]

    def clue_name(self, clue) -> str:
        """`plus_rows 3` (1-based)."""
        return f"{clue[0]} {clue[1] + 1}"

"""What is seen from the edge of a Latin square with blanks (Skyscrapers,
Easy as ABC, Skyscraper Sudoku).

The board is a ``rows`` x ``cols`` grid; every row and every column (and
every extra unit: a diagonal, a Sudoku box) holds each value 1..k exactly
once, and its other cells stay blank (value :data:`BLANK`, 0: a park among
skyscrapers, an empty cell in Easy as ABC). A clue stands outside the board
at the end of a row or a column and speaks of that line as seen from there:

- :meth:`EdgeSquare.sees`: ``n`` values are visible, each higher than every
  value before it (a skyscraper hides the lower ones behind it; blanks hide
  nothing and are not seen);
- :meth:`EdgeSquare.first`: the first value that is not blank is ``v``
  (Easy as ABC's letter at the edge).

The encoding: :class:`satlink.rules.numbers.Numbers` one-hot values per cell
(0..k, or 1..k when no line has room for a blank; a given is a unit
clause, or in selector mode its selector is the cell variable), each value
1..k exactly once per unit; :meth:`EdgeSquare.visible` for the counts
(prefix maxima in order encoding, a ladder over the values) and
:meth:`satlink.rules.sight.Sight.first` for the first value (a chain of
"blank so far" literals). Each clue may sit behind a selector ``when``.
``encodings/edge_views.md`` gives the sizes and the proofs.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> sq = EdgeSquare(f, 3, 3, 3)
>>> sq.sees("left", 0, 3); sq.first("top", 0, 1)
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), [sq.value(Model(f, s.get_model()), (0, c)) for c in range(3)]
(True, [1, 2, 3])

The checks on filled values (for ``verify``, read from the values, not the
encoding): :func:`visible_count`, :func:`first_seen`, :func:`line`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..formula import Formula
from ..model import Model
from . import counts
from .digit_narrowing import narrow
from .counts import guarded
from .grid import Cell, Grid
from .numbers import Numbers
from .sight import Sight

#: The value of a blank cell.
BLANK = 0
#: The four sides, in the order janko and pzprjs write their clues.
SIDES = ("top", "bottom", "left", "right")
#: Where a side's viewer stands relative to the line and which way it looks.
_LOOK = {"top": "s", "bottom": "n", "left": "e", "right": "w"}


def line(rows: int, cols: int, side: str, i: int) -> list[Cell]:
    """The cells of column (top, bottom) or row (left, right) ``i`` in the
    order a viewer on ``side`` sees them.

    >>> line(2, 3, "right", 1), line(2, 3, "bottom", 0)
    ([(1, 2), (1, 1), (1, 0)], [(1, 0), (0, 0)])
    """
    if side == "top":
        return [(r, i) for r in range(rows)]
    if side == "bottom":
        return [(r, i) for r in reversed(range(rows))]
    if side == "left":
        return [(i, c) for c in range(cols)]
    if side == "right":
        return [(i, c) for c in reversed(range(cols))]
    raise ValueError(f"side must be one of {SIDES}, not {side!r}")


def _viewer(rows: int, cols: int, side: str, i: int) -> Cell:
    return {"top": (-1, i), "bottom": (rows, i), "left": (i, -1), "right": (i, cols)}[side]


def visible_count(values: Iterable[int]) -> int:
    """How many values are higher than every value before them (blanks,
    0, are never seen).

    >>> visible_count([2, 0, 1, 3]), visible_count([0, 0])
    (2, 0)
    """
    top, seen = BLANK, 0
    for v in values:
        if v > top:
            top, seen = v, seen + 1
    return seen


def seen_ceilings(rows: int, cols: int, k: int,
                  clues: Iterable[tuple[str, int, int]]) -> dict[Cell, int]:
    """The highest value each cell may hold where lines show ``clues``
    ((side, line, count) of :func:`visible_count`): the cell j places from
    the viewer holds at most ``k - count + 1 + j`` (of the ``count`` values
    seen, at most ``j + 1`` lie up to it and at most ``k - h`` beyond it,
    each higher than its ``h``; ``encodings/edge_views.md``). Only cells
    below ``k`` are listed.

    >>> seen_ceilings(3, 3, 3, [("left", 0, 3), ("bottom", 2, 2)])
    {(0, 0): 1, (0, 1): 2, (2, 2): 2}
    """
    out: dict[Cell, int] = {}
    for side, i, count in clues:
        for j, c in enumerate(line(rows, cols, side, i)):
            top = k - count + 1 + j
            if top >= k:
                break
            out[c] = min(out.get(c, top), top)
    return out


def first_seen(values: Iterable[int]) -> int:
    """The first value that is not blank (:data:`BLANK` when all are).

    >>> first_seen([0, 3, 1]), first_seen([0])
    (3, 0)
    """
    return next((v for v in values if v != BLANK), BLANK)


class EdgeSquare:
    """Values 1..``k`` on a ``rows`` x ``cols`` board, each exactly once in
    every row, column and unit of ``units`` (lists of cells), the other
    cells blank; ``givens`` (cell -> value, blank included) are unit
    clauses (without blanks, a Latin square, they and what follows from
    them by :func:`satlink.rules.digit_narrowing.narrow` first narrow the cells'
    domains), or with ``selectors=True`` each is assumed through
    :meth:`selector` (every cell keeps every value, so that the clue
    literals stay defined). ``ceilings`` (cell -> the highest value it may
    hold, implied by rules the caller encodes) narrow the domains (a Latin
    square's with the givens); selectors ignore them."""

    def __init__(self, f: Formula, rows: int, cols: int, k: int,
                 givens: Mapping[Cell, int] | None = None, units: Sequence[Sequence[Cell]] = (),
                 selectors: bool = False, tag: str = "cell",
                 ceilings: Mapping[Cell, int] | None = None) -> None:
        self.f, self.rows, self.cols, self.k = f, rows, cols, k
        self.grid = Grid(rows, cols)
        all_units = [line(rows, cols, "left", r) for r in range(rows)]
        all_units += [line(rows, cols, "top", c) for c in range(cols)]
        all_units += [list(u) for u in units]
        self.blanks = any(len(u) > k for u in all_units)
        values = list(range(0 if self.blanks else 1, k + 1))
        domains = None
        if (givens or ceilings) and not selectors and not self.blanks:
            # a Latin square: the givens (and ``ceilings``, cell -> the highest
            # value a rule lets it hold) and what follows from them first
            domains = {c: set(values) for c in self.grid.cells}
            for c, v in givens.items() if givens else ():
                domains[c] &= {v}
            for c, top in ceilings.items() if ceilings else ():
                domains[c] = {v for v in domains[c] if v <= top}
            if not narrow(domains, all_units, k):
                f.add([])
                domains = None
        elif ceilings and not selectors:  # blanks: the ceilings alone (a blank fits anywhere)
            domains = {c: [v for v in values if v <= ceilings.get(c, k)] for c in self.grid.cells}
        self.numbers = n = Numbers(f, self.grid.cells, values, domains, tag=tag)
        if not selectors:
            for c, v in (givens or {}).items():
                n.given(c, v)
        for u in all_units:
            for v in range(1, k + 1):
                lits = [n.var[c][v] for c in u if v in n.var[c]]
                if len(u) >= k:
                    f.exactly_one(lits)
                else:
                    f.at_most_one(lits)
        f.declare_answer(n.answer(), one_hot=True)
        self._sight: Sight | None = None

    def selector(self, cell: Cell, v: int) -> int | None:
        """The literal "``cell`` holds ``v``" (a given's selector)."""
        return self.numbers.val(cell, v)

    def sees(self, side: str, i: int, count: int, when: int | None = None) -> None:
        """Seen from ``side``, line ``i`` shows ``count`` values, each higher
        than all before it (:func:`visible_count`): a cardinality over
        :meth:`visible`; a 1 says the first value seen is k (every line
        holds k, and only the first value seen is visible exactly when
        nothing after it is higher)."""
        if count == 1 and len(line(self.rows, self.cols, side, i)) >= self.k:
            self.first(side, i, self.k, when)
            return
        counts.count(self.f, self.visible(side, i), count, "exactly", when)

    def visible(self, side: str, i: int) -> list[int]:
        """Per cell of line ``i`` seen from ``side``, the literal "its value
        is higher than every value before it" (a blank never is). Prefix
        maxima in order encoding, as a ladder: ``M(j, v)`` = "one of the
        first j + 1 cells holds v or more" is ``M(j - 1, v) or cell(j, v)
        or M(j, v + 1)``; the cell is visible iff it holds some v with
        ``M(j - 1, v)`` false (``encodings/edge_views.md``)."""
        f, var, k = self.f, self.numbers.var, self.k
        cells = line(self.rows, self.cols, side, i)
        add = f.clauses.append
        before: list[int | None] = [None] * (k + 2)  # M(j - 1, v); None: false
        out = []
        for j, c in enumerate(cells):
            x = var[c]
            y = f.var("seen", side, i, j)
            out.append(y)
            if BLANK in x:
                add([-y, -x[BLANK]])
            for v, xv in x.items():
                if v == BLANK:
                    continue
                b = before[v]
                if b is None:
                    add([-xv, y])
                else:
                    add([-xv, b, y])
                    add([-xv, -b, -y])
            if j == len(cells) - 1:
                break
            now: list[int | None] = [None] * (k + 2)
            for v in range(k, 0, -1):
                parts = [p for p in (x.get(v), before[v], now[v + 1]) if p is not None]
                if not parts:
                    continue  # no cell so far can hold v or more: M(j, v) is false
                m = now[v] = f.var("seen.max", side, i, j, v)
                add([-m, *parts])
                for p in parts:
                    add([-p, m])
            before = now
        return out

    def first(self, side: str, i: int, v: int, when: int | None = None) -> None:
        """Seen from ``side``, the first value of line ``i`` that is not
        blank is ``v`` (:func:`first_seen`)."""
        val = self.numbers.val
        if not self.blanks:
            first = val(line(self.rows, self.cols, side, i)[0], v)
            with guarded(self.f, when):
                self.f.add([first] if first else [])
            return
        if self._sight is None:
            self._sight = Sight(self.f, self.grid, passes=lambda c: val(c, BLANK),
                                tag="blank.sight")
        self._sight.first(_viewer(self.rows, self.cols, side, i), _LOOK[side],
                          lambda c: val(c, v), when=when)

    def value(self, model: Model, cell: Cell) -> int | None:
        return self.numbers.value(model, cell)

    def values(self, model: Model) -> tuple[tuple[int, ...], ...]:
        """The board's values row by row (blank 0; -1 where a model gives none)."""
        get = self.numbers.value
        return tuple(tuple(v if (v := get(model, (r, c))) is not None else -1
                           for c in range(self.cols)) for r in range(self.rows))

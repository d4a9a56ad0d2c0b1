"""Sight lines: the cells seen from a cell along its row and its column.

A line of sight leaves a cell in one of the directions ``n``, ``e``, ``s``,
``w`` and runs up to a *wall* (a blocked cell: Akari's black cells) or the
edge of the board; a wall is never seen. A :class:`Sight` may also have a
*passes* literal per cell: then the line stops, too, at the first cell that
does not pass, which is not seen either (Kuromasu: a shaded cell ends it;
Canal View: an unshaded one).

Rules over the walls alone (what a cell sees does not depend on the answer):

- :meth:`Sight.at_most_one`: no two true literals see each other (Akari's
  lamps);
- :meth:`Sight.cover`: every cell is, or sees, a true literal (every cell lit).

Rules over the passes literals:

- :meth:`Sight.run`: "the first j cells of a ray pass" literals, a chain
  (the run's length in unary);
- :meth:`Sight.count`: how many cells a cell sees, summed over directions
  (Kuromasu, Canal View), by merging the runs as unary numbers;
- :meth:`Sight.first`: the first cell that does not pass, looking from a cell
  or from the edge, satisfies a literal (Easy as ABC).

Over a line of values (:class:`satlink.rules.numbers.Numbers`):
:func:`count_visible`, how many values are higher than every value before
them (Skyscrapers seen from the edge).

All are local rules, plain clauses; each takes a selector ``when`` (the rule
holds while it is true, :func:`satlink.rules.counts.guarded`). Auxiliary
variables (runs, sums, prefix maxima) are defined by equivalences, so they
are functions of the cell literals; only the clause that asserts the rule
carries the guard. ``encodings/sight.md`` gives the encodings, their proofs
and sizes.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> f = Formula(); g = Grid(3, 3)
>>> shaded = {c: f.var("shaded", *c) for c in g.cells}
>>> white = Sight(f, g, passes=lambda c: -shaded[c])
>>> white.count((1, 1), 5, itself=True)          # Kuromasu: sees 5 with itself
>>> from pysat.solvers import Solver
>>> with Solver(bootstrap_with=f.clauses) as s:     # n and s ended: at most 3
...     s.solve(assumptions=[shaded[(0, 1)], shaded[(2, 1)]])
False
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..formula import Formula
from .counts import KINDS, CellLits, count as count_lits, guarded, literal_of
from .grid import STEPS, Cell, Grid
from .numbers import Numbers
from .unary_sums import sum_is, unary_sum

DIRECTIONS = "".join(STEPS)  # "nesw", the order of grid.STEPS


class Sight:
    """Lines of sight on ``grid``: rays stop at ``walls`` and the board's edge,
    and, for the rules that read them, before the first cell whose
    ``passes`` literal is false.

    >>> s = Sight(Formula(), Grid(1, 4), walls=[(0, 2)])
    >>> s.ray((0, 0), "e"), s.seen((0, 1)), s.segments()
    ([(0, 1)], [(0, 0)], [[(0, 0), (0, 1)], [(0, 3)], [(0, 0)], [(0, 1)], [(0, 3)]])
    """

    def __init__(self, f: Formula, grid: Grid, passes: CellLits | None = None,
                 walls: Iterable[Cell] = (), tag: str = "sight",
                 clear: Iterable[Cell] = ()) -> None:
        self.f, self.grid, self.tag = f, grid, tag
        self.walls = frozenset(walls)
        #: cells that pass in every solution (Kuromasu's numbers, given
        #: directly): a run goes on through them with no new variable
        self.clear = frozenset(clear)
        self.passes = None if passes is None else literal_of(passes)
        self._runs: dict[tuple[Cell, str], list[int]] = {}
        self._lit: dict[Cell, int] = {}  # each cell's passes literal, asked once
        self._segments: dict[str, list[list[Cell]]] | None = None

    # -- geometry -----------------------------------------------------------------
    def open(self, cell: Cell) -> bool:
        """On the board and not a wall."""
        return self.grid.inside(cell) and cell not in self.walls

    @property
    def cells(self) -> list[Cell]:
        """The open cells, in row order."""
        return [c for c in self.grid.cells if c not in self.walls]

    def ray(self, cell: Cell, direction: str, limit: int | None = None) -> list[Cell]:
        """The cells from ``cell`` (not included; it may lie just off the
        board, for a clue at the edge) toward ``direction`` up to the first
        wall or the edge (the first ``limit`` of them when given).

        >>> Sight(Formula(), Grid(3, 2)).ray((-1, 1), "s")
        [(0, 1), (1, 1), (2, 1)]
        """
        dr, dc = STEPS[direction]
        rows, cols, walls = self.grid.rows, self.grid.cols, self.walls
        out, (r, c) = [], cell
        while limit is None or len(out) < limit:
            r, c = r + dr, c + dc
            if not (0 <= r < rows and 0 <= c < cols) or (r, c) in walls:
                break
            out.append((r, c))
        return out

    def seen(self, cell: Cell) -> list[Cell]:
        """Every cell seen from ``cell`` past the walls alone (not itself), in
        the order n, e, s, w."""
        return [c for d in DIRECTIONS for c in self.ray(cell, d)]

    def segments(self, axis: str | None = None) -> list[list[Cell]]:
        """The maximal runs of open cells: in each row, then in each column
        (``axis="row"`` or ``"col"``: those alone). Every open cell lies in
        one row segment and one column segment, and two cells see each other
        (past the walls) iff they share one."""
        if self._segments is None:
            rows, cols, walls = self.grid.rows, self.grid.cols, self.walls
            found: dict[str, list[list[Cell]]] = {"row": [], "col": []}
            for name, lines in (("row", ([(r, c) for c in range(cols)] for r in range(rows))),
                                ("col", ([(r, c) for r in range(rows)] for c in range(cols)))):
                for line in lines:
                    run: list[Cell] = []
                    for c in line:
                        if c in walls:
                            if run:
                                found[name].append(run)
                            run = []
                        else:
                            run.append(c)
                    if run:
                        found[name].append(run)
            self._segments = found
        if axis is None:
            return self._segments["row"] + self._segments["col"]
        return self._segments[axis]

    # -- rules over the walls ----------------------------------------------------------
    def at_most_one(self, lits: CellLits, when: int | None = None) -> None:
        """No two open cells that see each other both have their literal true
        (Akari: no lamp lights another): an at-most-one per segment.

        >>> f = Formula(); s = Sight(f, Grid(1, 3))
        >>> s.at_most_one(lambda c: f.var("lamp", *c)); f.clauses
        [[-1, -2], [-1, -3], [-2, -3]]
        """
        lit = literal_of(lits)
        with guarded(self.f, when):
            for seg in self.segments():
                if len(seg) > 1:
                    self.f.at_most_one([lit(c) for c in seg])

    def cover(self, lits: CellLits, cells: Iterable[Cell] | None = None,
              when: int | None = None) -> None:
        """Every cell of ``cells`` (default: every open cell) has its literal
        true or sees one that is (Akari: every white cell is lit): one clause
        per cell over its row and column segments.

        >>> f = Formula(); s = Sight(f, Grid(2, 2), walls=[(1, 1)])
        >>> s.cover(lambda c: f.var("lamp", *c)); f.clauses
        [[1, 2, 3], [1, 2], [3, 1]]
        """
        lit = literal_of(lits)
        row, col = {}, {}
        for axis, at in (("row", row), ("col", col)):
            for seg in self.segments(axis):
                xs = [lit(c) for c in seg]
                for c, x in zip(seg, xs):
                    at[c] = (x, xs)
        add = self.f.clauses.append
        with guarded(self.f, when):
            for c in self.cells if cells is None else cells:
                own = row[c][0]
                add(row[c][1] + [x for x in col[c][1] if x != own])

    # -- rules over the passes literals ---------------------------------------------------
    def _passes(self) -> Callable[[Cell], int]:
        if self.passes is None:
            raise ValueError("this rule reads the passes literals; the Sight has none")
        return self.passes

    def run(self, cell: Cell, direction: str, limit: int | None = None) -> list[int]:
        """Literals ``R_1 .. R_L`` with ``R_j`` = "the first j cells of the ray
        all pass", ``L`` the ray's length (at most ``limit``): the number of
        cells seen in that direction, in unary (``R_1 >= R_2 >= ...``).
        ``R_1`` is the first cell's literal; ``R_j`` (``(tag, r, c, d, j)``)
        is ``R_{j-1} and passes(c_j)``. Made once per cell and direction,
        grown on demand.

        >>> f = Formula(); s = Sight(f, Grid(1, 3), passes=lambda c: f.var("w", *c))
        >>> [f.name(x) for x in s.run((0, 0), "e")]
        ['w(0,1)', 'sight(0,0,e,2)']
        """
        passes = self._passes()
        have = self._runs.setdefault((cell, direction), [])
        if limit is not None and len(have) >= limit:
            return have[:max(0, limit)]
        # :meth:`ray` walked inline, from past the cells the run has already
        # (they lie on the board), and ``f.var`` inline: the pool is read
        # after each ``passes`` call, which may make variables
        dr, dc = STEPS[direction]
        rows, cols, walls = self.grid.rows, self.grid.cols, self.walls
        j = len(have)
        r, c = cell[0] + dr * j, cell[1] + dc * j
        add, tag, lit, pool = self.f.clauses.append, self.tag, self._lit, self.f.pool
        clear = self.clear
        ids, names = pool.obj2id, pool.id2obj
        while limit is None or j < limit:
            r += dr
            c += dc
            if not (0 <= r < rows and 0 <= c < cols) or (r, c) in walls:
                break
            j += 1
            p = lit.get((r, c))
            if p is None:
                p = lit[(r, c)] = 0 if (r, c) in clear else passes((r, c))
            if not p:  # a clear cell: the run so far goes on (true at the start)
                have.append(have[-1] if j > 1 else self._true())
                continue
            if j == 1:
                have.append(p)
                continue
            key = (tag, *cell, direction, j)
            x = ids.get(key)
            if x is None:
                pool.top = x = pool.top + 1
                ids[key] = x
                names[x] = key
            prev = have[-1]
            add([-x, prev])
            add([-x, p])
            add([x, -prev, -p])  # x <-> prev and p
            have.append(x)
        return have[:j]

    def _true(self) -> int:
        """A variable true by a unit clause (``(tag.true)``), made once: the
        first literal of a run that starts on a clear cell."""
        key = (f"{self.tag}.true",)
        if not self.f.has(*key):
            self.f.add([self.f.var(*key)])
        return self.f.var(*key)

    def count(self, cell: Cell, k: int, kind: str = "exactly", when: int | None = None,
              itself: bool = False, directions: str = DIRECTIONS,
              most: dict[str, int] | None = None) -> None:
        """``kind`` (exactly, at_most, at_least) ``k`` cells are seen from
        ``cell`` in ``directions``, each line ending before the first cell
        that does not pass (or a wall); ``itself=True`` counts the cell as
        one more (Kuromasu); ``most`` (direction -> length), bounds the
        runs are known to keep in every solution (:mod:`satlink.rules.sight_narrowing`),
        cuts them there. The runs, as unary numbers, are summed in two
        halves (:func:`satlink.rules.unary_sums.unary_sum`, capped at what the count
        can tell apart), and the halves compared with ``k``
        (:func:`satlink.rules.unary_sums.sum_is`).

        >>> f = Formula(); s = Sight(f, Grid(1, 3), passes=lambda c: f.var("x", *c))
        >>> s.count((0, 0), 2, kind="at_least"); f.name(f.clauses[-1][0])
        'sight(0,0,e,2)'
        """
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        target = k - int(itself)
        cap = max(0, target if kind == "at_least" else target + 1)
        if most is not None:  # a run cut short of what the count tells apart ends there
            passes = self._passes()
            with guarded(self.f, when):
                for d in directions:
                    if most[d] < cap:
                        ray = self.ray(cell, d, most[d] + 1)
                        if len(ray) > most[d]:
                            self.f.add([-passes(c) for c in ray if c not in self.clear])
        if self.clear:
            # the clear cells a run starts with are a fixed part of the count;
            # the rest is the run from the last of them, shared with every
            # count whose run passes it (a number it sees for sure, say)
            starts = [self._past_clear(cell, d) for d in directions]
            target -= sum(i for _, i in starts)
            cap = max(0, target if kind == "at_least" else target + 1)
            runs = [self.run(x, d, cap if most is None else max(0, min(cap, most[d] - i)))
                    for d, (x, i) in zip(directions, starts)]
        else:
            runs = [self.run(cell, d, cap if most is None else min(cap, most[d]))
                    for d in directions]
        runs.sort(key=len)
        # two halves, the longest run with the shortest: merges cost the
        # product of their lengths, and this pairing makes the sum least
        halves = [runs[0::3], runs[1:3]] if len(runs) == 4 else [runs[:-1], runs[-1:]]
        key = (f"{self.tag}.sum", *cell, directions)
        a, b = (unary_sum(self.f, half, cap, (*key, i)) for i, half in enumerate(halves))
        with guarded(self.f, when):
            sum_is(self.f, a, b, target, kind)

    def _past_clear(self, cell: Cell, direction: str) -> tuple[Cell, int]:
        """The last of the clear cells a ray from ``cell`` starts with (``cell``
        itself when none) and how many there are."""
        dr, dc = STEPS[direction]
        (r, c), n = cell, 0
        while (r + dr, c + dc) in self.clear:  # clear cells lie on the board, off the walls
            r, c, n = r + dr, c + dc, n + 1
        return (r, c), n

    def first(self, cell: Cell, direction: str, target: CellLits,
              when: int | None = None) -> None:
        """Along the ray from ``cell`` (which may lie just off the board: a
        clue at the edge), some cell does not pass, and the first such cell
        has its ``target`` literal true (Easy as ABC: the first letter seen
        from the edge). A target of None (a value out of a cell's domain)
        is false.

        >>> f = Formula(); s = Sight(f, Grid(1, 2), passes=lambda c: f.var("blank", *c))
        >>> s.first((0, -1), "e", lambda c: f.var("a", *c)); f.clauses
        [[-3, 1], [-3, 2], [3, -1, -2], [1, 4], [-1, 2, 5], [-3]]
        """
        passes, ray = self._passes(), self.ray(cell, direction)
        runs = self.run(cell, direction)
        goal = literal_of(target)
        with guarded(self.f, when):
            for j, c in enumerate(ray):
                t = goal(c)
                self.f.add([*([-runs[j - 1]] if j else []), passes(c), *([t] if t else [])])
            self.f.add([-runs[-1]] if runs else [])


def visible(numbers: Numbers, line: Sequence[Cell], tag: str = "visible") -> list[int]:
    """A literal per cell of ``line`` (in order, from the viewer): "this
    value is higher than every value before it" (a skyscraper seen from the
    end of the line). Values at most 0 (a blank) are never visible. Prefix
    maxima in order encoding, ``(tag.max, line, i, v)`` = "some of the
    first i + 1 cells holds at least v", define the literals
    ``(tag, line, i)``.

    >>> f = Formula(); n = Numbers(f, "ab", [1, 2])
    >>> [f.name(x) for x in visible(n, "ab")]
    ["visible(('a', 'b'),0)", "visible(('a', 'b'),1)"]
    """
    f, line = numbers.f, list(line)
    key = tuple(line)
    values = sorted({v for c in line for v in numbers.domain[c] if v > 0})
    before: dict[int, int] = {}  # v -> "a cell before holds at least v" (absent: false)
    out = []
    for i, c in enumerate(line):
        y = f.var(tag, key, i)
        for v, x in numbers.var[c].items():
            if v <= 0:
                f.add([-x, -y])
            elif v in before:
                f.extend([[-x, before[v], y], [-x, -before[v], -y]])
            else:
                f.add([-x, y])
        out.append(y)
        if i == len(line) - 1:
            break
        now = {}
        for v in values:
            parts = [*([before[v]] if v in before else []),
                     *(x for u, x in numbers.var[c].items() if u >= v)]
            if parts:
                now[v] = f.var(f"{tag}.max", key, i, v)
                f.equiv_or(now[v], parts)
        before = now
    return out


def count_visible(numbers: Numbers, line: Sequence[Cell], k: int, kind: str = "exactly",
                  when: int | None = None, tag: str = "visible") -> None:
    """``kind`` ``k`` values of ``line`` are :func:`visible` from its start
    (Skyscrapers: the clue at the edge counts the buildings seen).

    >>> f = Formula(); n = Numbers(f, "abc", [1, 2, 3])
    >>> n.all_different("abc"); count_visible(n, "abc", 3)
    >>> from pysat.solvers import Solver
    >>> with Solver(bootstrap_with=f.clauses) as s:
    ...     s.solve(), [v for c in "abc" for v in (1, 2, 3) if n.val(c, v) in s.get_model()]
    (True, [1, 2, 3])
    """
    count_lits(numbers.f, visible(numbers, line, tag), k, kind, when)

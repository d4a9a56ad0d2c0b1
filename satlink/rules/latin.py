"""Latin squares with regions: a digit per cell, and units (rows, columns,
boxes, jigsaw regions, diagonals, windows, the grids of a Samurai that share
cells, Kakuro runs, Killer cages) whose digits are all different; a unit
with as many cells as there are digits holds each digit exactly once.

Givens are not encoded: they, and what follows from them by the rules
(:func:`.digit_narrowing.narrow`: a cell's digit leaves its units, a digit with one place
left in a full unit goes there, a digit whose places in a full unit all lie
in another unit leaves that unit's other cells, and any further narrowing a
caller adds, such as the digit sets of a sum; :mod:`.digit_narrowing`), are
worked out first, and only the open cells get variables, each with the
digits still possible. In selector mode
nothing is worked out: every cell has every digit and a given's selector is
its cell variable (:meth:`Latin.selector`).

>>> from satlink.formula import Formula
>>> f = Formula()
>>> cells = [(r, c) for r in range(4) for c in range(4)]
>>> units = grid_units(4, 4, box=(2, 2))
>>> sq = Latin(f, cells, units, range(1, 5), givens={(0, 0): 1, (1, 2): 1, (2, 1): 3})
>>> len(sq.fixed), len(sq.numbers.cells)    # 3 given, 3 more decided by them
(6, 10)
>>> from pysat.solvers import Solver
>>> from satlink.model import Model
>>> with Solver(bootstrap_with=f.clauses) as s:
...     s.solve(), sq.value(Model(f, s.get_model()), (0, 0))
(True, 1)

``encodings/latin.md`` gives the encoding, its sizes and the measurements.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import chain, combinations, compress

from ..formula import PAIRWISE_LIMIT, Formula
from ..model import Model
from .numbers import Numbers, _flat
from .bitmask import set_bits as _bits
from .cell_units import Units
from .digit_narrowing import Filter, _mask, _narrow

Cell = Hashable


def grid_units(rows: int, cols: int, box: tuple[int, int] | None = None,
               regions: Sequence[Sequence[Cell]] = (), origin: tuple[int, int] = (0, 0)
               ) -> list[list[Cell]]:
    """The rows, the columns and the boxes (``box`` = (width, height)) or the
    given ``regions`` of a ``rows`` x ``cols`` grid whose top left cell is
    ``origin`` (the grids of a Samurai sit at their own origins).

    >>> [len(u) for u in grid_units(4, 4, box=(2, 2))]
    [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]
    >>> grid_units(2, 2, origin=(5, 7))[0]
    [(5, 7), (5, 8)]
    """
    r0, c0 = origin
    units = [[(r0 + r, c0 + c) for c in range(cols)] for r in range(rows)]
    units += [[(r0 + r, c0 + c) for r in range(rows)] for c in range(cols)]
    if box is not None:
        bw, bh = box
        units += [[(r0 + r, c0 + c) for r in range(br, br + bh) for c in range(bc, bc + bw)]
                  for br in range(0, rows, bh) for bc in range(0, cols, bw)]
    units += [list(u) for u in regions]
    return units


def grid_shape(rows: int, cols: int, box: tuple[int, int],
               origin: tuple[int, int] = (0, 0)) -> Units:
    """The :class:`Units` of :func:`grid_units` with ``box``, cells in
    reading order, worked out from the grid's arithmetic (a Sudoku builds
    one per board).

    >>> s = grid_shape(4, 4, (2, 2), origin=(1, 1))
    >>> s.units_of[5], s.bits[8] == 0b110011, s.units[8]
    ((1, 5, 8), True, ((1, 1), (1, 2), (2, 1), (2, 2)))
    """
    r0, c0 = origin
    bw, bh = box
    n = rows * cols
    cells = [(r0 + r, c0 + c) for r in range(rows) for c in range(cols)]
    unit_ix = [range(r * cols, r * cols + cols) for r in range(rows)]
    unit_ix += [range(c, n, cols) for c in range(cols)]
    corners = [br * cols + bc for br in range(0, rows, bh) for bc in range(0, cols, bw)]
    box_ix = [r * cols + c for r in range(bh) for c in range(bw)]
    unit_ix += [[k + i for i in box_ix] for k in corners]
    line = (1 << cols) - 1
    column = sum(1 << (r * cols) for r in range(rows))
    block = sum(((1 << bw) - 1) << (r * cols) for r in range(bh))
    bits = [line << (r * cols) for r in range(rows)] + [column << c for c in range(cols)]
    bits += [block << k for k in corners]
    across = cols // bw
    units_of = [(r, rows + c, rows + cols + r // bh * across + c // bw)
                for r in range(rows) for c in range(cols)]
    return Units.by_index(cells, unit_ix, units_of, bits)


def diagonals(n: int, origin: tuple[int, int] = (0, 0)) -> list[list[Cell]]:
    """The two main diagonals of an n x n grid (Sudoku X).

    >>> diagonals(3)
    [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    """
    r0, c0 = origin
    return [[(r0 + i, c0 + i) for i in range(n)], [(r0 + i, c0 + n - 1 - i) for i in range(n)]]


def named_regions(names: Sequence[Sequence[Hashable]]) -> dict[Hashable, list[Cell]]:
    """The cells of each region of a grid of region names, in reading
    order, regions in order of their first cell.

    >>> named_regions([["a", "a"], ["b", "a"]])
    {'a': [(0, 0), (0, 1), (1, 1)], 'b': [(1, 0)]}
    """
    out: dict[Hashable, list[Cell]] = {}
    for r, row in enumerate(names):
        for c, name in enumerate(row):
            out.setdefault(name, []).append((r, c))
    return out


def connected(cells: Sequence[Cell]) -> bool:
    """Whether ``cells`` ((r, c) pairs) form one orthogonally connected group.

    >>> connected([(0, 0), (0, 1), (1, 1)]), connected([(0, 0), (1, 1)])
    (True, False)
    """
    todo, seen = list(cells[:1]), set(cells[:1])
    inside = set(cells)
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in inside and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(inside)


def box_grid_solved(sol: Sequence[Sequence[int]], givens: Sequence[Sequence[int]],
                    box_w: int, box_h: int) -> bool:
    """Whether the n x n grid ``sol`` keeps ``givens`` (0 blank) and every
    row, column and box of ``box_w`` x ``box_h`` holds each digit of 1..n:
    sets of the grid's own rows, columns and box slices, the quick check of
    every solution a batch finds (:func:`broken_units` names what is broken).

    >>> box_grid_solved([[1, 2], [2, 1]], [[2, 0], [0, 0]], 2, 1)  # the given 2 is not kept
    False
    >>> box_grid_solved([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]],
    ...                 [[1, 0, 0, 0]] + [[0] * 4] * 3, 2, 2)
    True
    """
    n = len(sol)
    flat = list(chain.from_iterable(sol))
    given = list(chain.from_iterable(givens))
    if list(compress(flat, given)) != list(compress(given, given)):
        return False
    full = set(range(1, n + 1))
    same = full.__eq__
    if not (all(map(same, map(set, sol))) and all(map(same, map(set, zip(*sol))))):
        return False
    # a band of box_h rows, column by column: each box is box_w columns of it in a row
    size = box_w * box_h
    bands = [list(chain.from_iterable(zip(*sol[r:r + box_h]))) for r in range(0, n, box_h)]
    return all(set(band[c:c + size]) == full for band in bands for c in range(0, n * box_h, size))


def broken_units(values: Mapping[Cell, int], units: Sequence[tuple[str, Sequence[Cell]]],
                 digits: Sequence[int]) -> list[str]:
    """The rule checked on filled values: each named unit holds no digit
    twice, and a unit of ``len(digits)`` cells holds every digit; every
    value is one of ``digits``. For ``verify``: it reads the values, not
    any encoding.

    >>> broken_units({(0, 0): 1, (0, 1): 1}, [("row 1", [(0, 0), (0, 1)])], [1, 2])
    ['row 1 holds 1 twice']
    """
    problems = []
    allowed = set(digits)
    if not allowed.issuperset(values.values()):
        for cell, v in values.items():
            if v not in allowed:
                problems.append(f"r{cell[0] + 1}c{cell[1] + 1} holds {v}, not one of"
                                f" {min(allowed)}-{max(allowed)}")
    get = values.get
    for name, cells in units:
        held = set(map(get, cells))
        if len(held) == len(cells) and (len(cells) != len(allowed) or held == allowed):
            continue  # all different (and every digit in a full unit)
        seen: set = set()
        twice = False
        for c in cells:
            v = values.get(c)
            if v in seen:
                problems.append(f"{name} holds {v} twice")
                twice = True
            seen.add(v)
        if len(cells) == len(allowed) and not twice and seen != allowed:
            problems.append(f"{name} does not hold every digit")
    return problems


class OpenCells(Numbers):
    """:class:`Numbers` over the open cells of a Latin square: every cell
    at least one of its digits, at most one only where ``alone(cell)``
    (a cell in no full unit). In a full unit the at-most-one per digit and
    the at-least-one per cell imply it: the unit's m open cells take the m
    digits its decided cells leave, each digit once, so a cell with two
    would leave m - 1 cells for m - 2 digits (encodings/latin.md)."""

    def __init__(self, f: Formula, domains: Mapping[Cell, list[int]], values: Iterable[int],
                 tag: str, alone: Callable[[Cell], bool]) -> None:
        self.f, self.tag = f, tag
        self.cells = list(domains)
        self.values = list(values)
        self.domain = dict(domains)
        self.var = var = {}
        clauses = f.clauses
        for c, vs in domains.items():
            key = _flat(c)
            var[c] = xs = {v: f.var(tag, *key, v) for v in vs}
            lits = list(xs.values())
            clauses.append(lits)
            if alone(c):
                f.at_most_one(lits)


class Latin:
    """Digits ``digits`` on ``cells``, every unit all different (each digit
    exactly once in a unit of ``len(digits)`` cells).

    - ``givens``: cell -> digit. Directly (the default) they and what
      :func:`.digit_narrowing.narrow` derives from them (with ``domains``, the cells' digits
      when not all of ``digits``, and ``filters``) decide cells before
      anything is encoded: :attr:`fixed` holds the decided cells, which
      get no variables, :attr:`numbers` (:class:`Numbers`, tag ``tag``) the
      open ones with their remaining digits. A contradiction adds the empty
      clause (:attr:`impossible`).
    - ``selectors=True``: nothing is derived (``domains`` only restrict the
      digits; ``filters`` are ignored, since a clue may be switched off); a
      given holds while its selector :meth:`selector` is assumed.

    Units contained in a full unit add no clause (the full unit says it).
    ``cell_at_most_one=False`` leaves out the at-most-one of each open cell
    in a full unit, which the unit's clauses imply (:class:`OpenCells`):
    fewer clauses for a board of Latin squares alone, weaker propagation
    where other rules add search (Killer cages: a slower worst board).
    ``hidden`` > 1 narrows by hidden subsets of up to that many digits too
    (:func:`.digit_narrowing.narrow`).
    """

    def __init__(self, f: Formula, cells: Iterable[Cell],
                 units: Sequence[Sequence[Cell]] | Units, digits: Iterable[int],
                 givens: Mapping[Cell, int] | None = None,
                 domains: Mapping[Cell, Iterable[int]] | None = None,
                 filters: Sequence[Filter] = (), selectors: bool = False,
                 tag: str = "cell", cell_at_most_one: bool = True,
                 hidden: int = 1) -> None:
        shape = units if isinstance(units, Units) else Units(cells, units)
        self.f = f
        self.shape = shape
        self.digits = sorted(digits)
        self.cells = shape.cells
        givens = dict(givens or {})
        self.givens = givens
        self.impossible = False
        every = _mask(self.digits)
        if domains:
            mask = [_mask(domains[c]) & every if c in domains else every for c in self.cells]
        else:
            mask = [every] * len(self.cells)
        if not selectors:
            index = shape.index
            for c, v in givens.items():
                if c in index:
                    mask[index[c]] &= 1 << v
            self.impossible = not all(mask) or not _narrow(shape, mask, len(self.digits),
                                                           filters, hidden)
        if self.impossible:
            f.add([])
            mask = [every] * len(self.cells)
        #: cell -> digit of the cells decided before encoding
        self.fixed: dict[Cell, int] = {}
        open_doms: dict[Cell, list[int]] = {}
        for c, m in zip(self.cells, mask):
            if m & (m - 1) == 0 and not selectors:
                self.fixed[c] = m.bit_length() - 1
            else:
                open_doms[c] = _bits(m)
        in_full = 0  # the cells of full units, as a bit mask over shape.cells
        if not cell_at_most_one:
            for b, u in zip(shape.bits, shape.unit_ix):
                if len(u) == len(self.digits):
                    in_full |= b
        index = shape.index
        self.numbers = OpenCells(f, open_doms, self.digits, tag,
                                 lambda c: not in_full >> index[c] & 1)
        if open_doms:
            self._units(f, shape.units)
        f.declare_answer(self.numbers.answer(), one_hot=True)
        # answer variable -> (cell index, digit), and the decided cells' digits by index
        self._slot_of: dict[int, tuple[int, int]] | None = None
        self._decided: list[int | None] = [None] * len(mask) if selectors else [
            None if m & (m - 1) else m.bit_length() - 1 for m in mask]
        #: (first, last) of the digit variables when every cell is open with
        #: every digit, numbered cell by cell and digit by digit (selector mode)
        self._block: tuple[int, int] | None = None
        self._order: list[int] = []  # 0, 1, ... one per cell

    def _units(self, f: Formula, units: Sequence[Sequence[Cell]]) -> None:
        """Each unit's clauses over its open cells (see the class docstring)."""
        full = len(self.digits)
        var = self.numbers.var
        clauses = f.clauses
        covered = None
        for u in units:
            open_cells = [c for c in u if c in var]
            if len(open_cells) < 2 and len(u) < full:
                continue  # nothing left to say: at most one cell is open
            if len(u) < full:
                if covered is None:
                    covered = [set(w) for w in units if len(w) == full]
                if any(cov.issuperset(u) for cov in covered):
                    continue
            where: dict[int, list[int]] = {}
            for c in open_cells:
                for v, x in var[c].items():
                    lits = where.get(v)
                    if lits is None:
                        where[v] = [x]
                    else:
                        lits.append(x)
            # a digit of a fixed cell has left the unit's open cells (narrowing), so in a
            # full unit every digit still open has its place among them
            each = len(u) == full
            for lits in where.values():
                if each:
                    clauses.append(lits)
                if len(lits) > PAIRWISE_LIMIT:
                    f.at_most_one(lits)
                elif len(lits) > 1:
                    clauses.extend(map(list, combinations([-x for x in lits], 2)))

    def selector(self, cell: Cell, digit: int) -> int | None:
        """Selector mode: the literal that, assumed, makes ``cell`` hold ``digit``."""
        return self.numbers.val(cell, digit)

    def value(self, model: Model, cell: Cell) -> int | None:
        """The digit of ``cell``: decided before encoding, or the model's."""
        if cell in self.fixed:
            return self.fixed[cell]
        return self.numbers.value(model, cell)

    def grid(self, model: Model) -> dict[Cell, int | None]:
        """cell -> digit for every cell (None for an open cell with no true
        digit, or several)."""
        return dict(zip(self.cells, self.values(model)))

    def values(self, model: Model) -> list[int | None]:
        """The digits of :attr:`cells`, in their order (None as in :meth:`grid`)."""
        if self._slot_of is None:
            self._index_slots()
        if self._block is not None and model.formula is self.f \
                and self.f.answer_span() == self._block:
            found = self._block_values(model.true_answer())
            if found is not None:
                return found
        slot_of = self._slot_of
        out = list(self._decided)
        twice = []
        for x in model.true_answer():
            slot = slot_of.get(x)
            if slot is not None:
                if out[slot[0]] is not None:
                    twice.append(slot[0])
                out[slot[0]] = slot[1]
        for i in twice:
            out[i] = None
        return out

    def _index_slots(self) -> None:
        """The tables :meth:`values` reads a model with."""
        index, var = self.shape.index, self.numbers.var
        self._slot_of = {x: (index[c], v) for c, vs in var.items() for v, x in vs.items()}
        digits, cells = self.digits, self.cells
        if self.fixed or not cells or digits != list(range(digits[0], digits[0] + len(digits))):
            return
        d, first = len(digits), var[cells[0]].get(digits[0])
        if first is not None and all(var[c] == dict(zip(digits, range(first + i * d, first + i * d + d)))
               for i, c in enumerate(cells)):
            self._block = (first, first + len(cells) * d - 1)
            self._order = list(range(len(cells)))

    def _block_values(self, true: list[int]) -> list[int] | None:
        """The digits from the true variables of the block (the answer, in
        order) when each cell has exactly one: variable ``first + i * d + j``
        is digit ``j`` of cell ``i``. None otherwise (:meth:`values` then
        reads them one by one)."""
        if len(true) != len(self.cells):
            return None
        first, d = self._block[0], len(self.digits)
        if [(x - first) // d for x in true] != self._order:
            return None
        low = self.digits[0]
        return [(x - first) % d + low for x in true]

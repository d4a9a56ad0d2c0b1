"""Latin squares with regions: a digit per cell, and units (rows, columns,
boxes, jigsaw regions, diagonals, windows, the grids of a Samurai that share
cells, Kakuro runs, Killer cages) whose digits are all different; a unit
with as many cells as there are digits holds each digit exactly once.

Givens are not encoded: they, and what follows from them by the rules
(:func:`narrow`: a cell's digit leaves its units, a digit with one place
left in a full unit goes there, a digit whose places in a full unit all lie
in another unit leaves that unit's other cells, and any further narrowing a
caller adds,
such as the digit sets of a sum), are worked out first, and only the open
cells get variables, each with the digits still possible. In selector mode
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
from itertools import combinations

from ..formula import PAIRWISE_LIMIT, Formula
from ..model import Model
from .numbers import Numbers, _flat

Cell = Hashable
#: A narrowing rule over some cells: their candidates in, narrowed candidates out,
#: as bit masks (bit v set while the cell may hold v).
Filter = tuple[Sequence[Cell], Callable[[list[int]], list[int]]]


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


def shared_grids(origins: Sequence[tuple[int, int]], n: int, box: tuple[int, int]
                 ) -> list[list[Cell]]:
    """The units of several n x n Sudoku grids whose top left cells are
    ``origins`` (Samurai and the other Gattai boards): each grid's rows,
    columns and boxes, a unit that two grids share (a box where they
    overlap) once, in the order of its first grid.

    >>> units = shared_grids([(0, 0), (2, 2)], 4, (2, 2))
    >>> len(units)    # 12 units a grid, the box (2, 2)-(3, 3) shared
    23
    """
    out, seen = [], set()
    for origin in origins:
        for u in grid_units(n, n, box, origin=origin):
            key = frozenset(u)
            if key not in seen:
                seen.add(key)
                out.append(u)
    return out


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


class Units:
    """Cells and their units, with the index structures that narrowing and
    the encoding read, built once. A genre that solves many boards of one
    shape (Sudoku of one size) may build it once and pass it as ``units``.

    >>> u = Units([(0, 0), (0, 1)], [[(0, 0), (0, 1)]])
    >>> u.index[(0, 1)], u.unit_ix, u.units_of, u.bits
    (1, ((0, 1),), ((0,), (0,)), (3,))
    """

    def __init__(self, cells: Iterable[Cell], units: Sequence[Sequence[Cell]]) -> None:
        self.cells = tuple(cells)
        self.units = tuple(tuple(u) for u in units)
        self.index = index = {c: i for i, c in enumerate(self.cells)}
        self.unit_ix = tuple(tuple(index[c] for c in u) for u in self.units)
        units_of: list[list[int]] = [[] for _ in self.cells]
        bits = []
        for k, u in enumerate(self.unit_ix):
            b = 0
            for i in u:
                units_of[i].append(k)
                b |= 1 << i
            bits.append(b)
        #: units_of[i]: the units of cell i; bits[k]: unit k's cells as a bit mask
        self.units_of = tuple(map(tuple, units_of))
        self.bits = tuple(bits)
        self._overlaps: tuple[tuple[tuple[int, int], ...], ...] | None = None

    def overlaps(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """``overlaps()[k]``: for each other unit w that shares two cells or
        more with unit k and has cells outside it, (k's cells outside w,
        w's cells outside k) as bit masks; worked out on first use.

        >>> Units(range(4), [[0, 1, 2], [1, 2, 3], [2, 3]]).overlaps()
        (((1, 8),), ((8, 1),), ((0, 2),))
        """
        if self._overlaps is None:
            bits, units_of = self.bits, self.units_of
            out = []
            for k, u in enumerate(self.unit_ix):
                shared: dict[int, int] = {}
                for i in u:
                    for w in units_of[i]:
                        shared[w] = shared.get(w, 0) + 1
                b = bits[k]
                out.append(tuple((b & ~bits[w], bits[w] & ~b) for w, count in shared.items()
                                 if w != k and count >= 2 and bits[w] & ~b))
            self._overlaps = tuple(out)
        return self._overlaps


def narrow(domains: dict[Cell, set[int]], units: Sequence[Sequence[Cell]], digits: int,
           filters: Sequence[Filter] = ()) -> bool:
    """Narrow ``domains`` in place by the rules until nothing changes; False
    when some cell has no digit left or a full unit (``digits`` cells) has
    no place for some digit (the puzzle has no solution; ``domains`` are
    then left as they were).

    - a cell with one digit: that digit leaves the other cells of its units;
    - a full unit in which a digit fits one cell only: that cell holds it;
    - a full unit whose cells that may hold a digit all lie in another unit
      (locked candidates): the digit leaves that unit's other cells;
    - each filter ``(cells, fn)``: ``fn`` gets the cells' candidates as bit
      masks (bit v for digit v) and returns masks of subsets of them (it
      must keep every digit that some solution puts there).

    Every step keeps each solution, so the puzzle's solutions are the same.
    The digits are the ``digits`` values that the domains hold between them.

    >>> d = {c: {1, 2} for c in "abc"}; d["a"] = {1}
    >>> narrow(d, [["a", "b"], ["b", "c"]], 2), d
    (True, {'a': {1}, 'b': {2}, 'c': {1}})
    >>> narrow({"a": {1}, "b": {1}}, [["a", "b"]], 2)
    False
    """
    shape = Units(domains, units)
    mask = [_mask(domains[c]) for c in shape.cells]
    if not _narrow(shape, mask, digits, filters):
        return False
    for c, m in zip(shape.cells, mask):
        domains[c] = _digits(m)
    return True


def _bits(x: int) -> list[int]:
    """The positions of the set bits of ``x``, lowest first (a wide mask
    with many bits set is read from its binary text: peeling bits off one
    at a time makes a new wide number each time).

    >>> _bits(0b1010), _bits(1 << 200 | 1) == [0, 200], len(_bits((1 << 900) - 1))
    ([1, 3], True, 900)
    """
    if x >> 64 and x.bit_count() * 16 > x.bit_length():
        return [i for i, ch in enumerate(bin(x)[:1:-1]) if ch == "1"]
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def _digit_lists() -> tuple[tuple[int, ...], ...]:
    """``table[m]``: the set bits of m, lowest first, for every m below 2**10."""
    table: list[tuple[int, ...]] = [()]
    for b in range(10):
        table += [t + (b,) for t in table]
    return tuple(table)


#: The digits of a mask of digits 0..9 (every Sudoku but the large ones).
DIGIT_LISTS = _digit_lists()


class _DigitLists(dict):
    """The digits of a mask, worked out as masks are met (digits above 9)."""

    def __missing__(self, m: int) -> list[int]:
        self[m] = out = _bits(m)
        return out


def _narrow(shape: Units, mask: list[int], digits: int, filters: Sequence[Filter]) -> bool:
    """:func:`narrow` on bit masks (``mask[i]``: bit v set while cell i of
    ``shape`` may hold v), changed in place when it succeeds.

    Inside, the candidates are kept digit by digit: bit i of ``cand[v]`` is
    set while cell i may hold v, so that a decided digit leaves a whole unit
    in one operation and the cells left with one digit (naked singles) are
    found for all cells at once, by counting bits across the digits.
    ``placed`` holds the decided cells and ``missing[k]`` the digits not yet
    decided in unit k; a decided cell's bit may linger in other digits' sets, which are read
    through ``open_`` (the undecided cells)."""
    n = len(mask)
    index, units_of, ubits = shape.index, shape.units_of, shape.bits
    full = [k for k, u in enumerate(shape.unit_ix) if len(u) == digits]
    by_mask: dict[int, int] = {}
    for i, m in enumerate(mask):
        by_mask[m] = by_mask.get(m, 0) | 1 << i
    if 0 in by_mask:
        return False
    union = 0
    for m in by_mask:
        union |= m
    values = _bits(union)
    if full and len(values) < digits:
        return False
    cand = [0] * (values[-1] + 1 if values else 0)
    for m, b in by_mask.items():
        for v in _bits(m):
            cand[v] |= b
    missing = [union] * len(ubits)  # the digits not yet decided in each unit
    clear = [~b for b in ubits]  # the cells outside each unit
    value = [0] * n
    placed = 0
    everyone = (1 << n) - 1
    changed = everyone  # cells whose candidates changed since the last hidden-single scan
    locked = 0  # ... and since the last look for locked candidates
    overlaps = None
    queue = [(i, m.bit_length() - 1) for i, m in enumerate(mask) if m & (m - 1) == 0]
    flt = [([index[c] for c in cs], fn) for cs, fn in filters]
    digits_of = DIGIT_LISTS if union < len(DIGIT_LISTS) else _DigitLists()  # mask -> its digits
    seen: list[list[int] | None] = [None] * len(flt)  # the masks each filter last saw
    while True:
        while queue:  # decide: the digit leaves the other cells of the cell's units
            i, v = queue.pop()
            bit = 1 << i
            if placed & bit:
                if value[i] != v:
                    return False  # two digits for one cell
                continue
            c0 = cv = cand[v]
            if not cv & bit:
                return False  # its digit has left it
            gone = ~(1 << v)
            for k in units_of[i]:
                cv &= clear[k]
                missing[k] &= gone
            cand[v] = cv | bit
            changed |= c0 ^ cv
            placed |= bit
            value[i] = v
        open_ = ~placed
        # naked singles: the open cells left with one digit (or none: contradiction)
        ones = twos = 0
        for v in values:
            c = cand[v] & open_
            twos |= ones & c
            ones |= c
        if ones != everyone & open_:
            return False
        singles = ones & ~twos
        if singles:
            for v in values:
                s = cand[v] & singles
                if s:
                    queue += [(i, v) for i in _bits(s)]
            continue
        # hidden singles: a digit missing from a full unit with one place left
        # there (or none: contradiction), in the units where a cell changed
        # since the last look
        ocand = [c & open_ for c in cand]
        full = [k for k in full if missing[k]]  # the units with a digit to place
        for k in full:
            u = ubits[k]
            if not u & changed:
                continue
            for v in digits_of[missing[k]]:
                x = ocand[v] & u
                if not x & (x - 1):
                    if not x:
                        return False
                    queue.append((x.bit_length() - 1, v))
        locked |= changed
        changed = 0
        if queue:
            continue
        # locked candidates: a digit whose places left in a full unit k all lie in
        # another unit w leaves w's other cells, in the units where a cell changed
        # since the last look
        if locked:
            if overlaps is None:
                overlaps = shape.overlaps()
            for k in full:
                u = ubits[k]
                pairs = overlaps[k]
                if not pairs or not u & locked:
                    continue
                for v in digits_of[missing[k]]:
                    x = ocand[v] & u
                    for rest, outside in pairs:
                        if not x & rest:
                            y = ocand[v] & outside
                            if y:
                                ocand[v] ^= y
                                cand[v] &= ~y
                                changed |= y
            locked = 0
            if changed:
                continue
        if not flt:
            break
        # filters, where their cells' candidates changed since they last ran
        current = _masks(n, cand, values, placed, value)
        narrowed = False
        for k, (ix, fn) in enumerate(flt):
            now = [current[i] for i in ix]
            if now == seen[k]:
                continue
            seen[k] = now
            for i, m0, m in zip(ix, now, fn(now)):
                m &= m0
                if m != m0:
                    if not m:
                        return False
                    narrowed = True
                    current[i] = m
                    changed |= 1 << i
                    for v in _bits(m0 & ~m):
                        cand[v] &= ~(1 << i)
                    if not m & (m - 1):
                        queue.append((i, m.bit_length() - 1))
        if not narrowed:
            break
    mask[:] = _masks(n, cand, values, placed, value)
    return True


def _masks(n: int, cand: list[int], values: list[int], placed: int, value: list[int]) -> list[int]:
    """Each cell's candidates as a bit mask, from the digit-by-digit sets."""
    decided = format(placed, f"0{n}b")[::-1] if n else ""  # "1" at each decided cell
    out = [1 << v if d == "1" else 0 for d, v in zip(decided, value)]
    open_ = ~placed
    for v in values:
        b = 1 << v
        for i in _bits(cand[v] & open_):
            out[i] |= b
    return out


def _mask(values: Iterable[int]) -> int:
    m = 0
    for v in values:
        m |= 1 << v
    return m


def _digits(m: int) -> set[int]:
    return set(_bits(m))


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
      :func:`narrow` derives from them (with ``domains``, the cells' digits
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
    """

    def __init__(self, f: Formula, cells: Iterable[Cell],
                 units: Sequence[Sequence[Cell]] | Units, digits: Iterable[int],
                 givens: Mapping[Cell, int] | None = None,
                 domains: Mapping[Cell, Iterable[int]] | None = None,
                 filters: Sequence[Filter] = (), selectors: bool = False,
                 tag: str = "cell", cell_at_most_one: bool = True) -> None:
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
                                                           filters)
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
        self._decided: list[int | None] = []

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
            index = self.shape.index
            self._slot_of = {x: (index[c], v) for c, vs in self.numbers.var.items()
                             for v, x in vs.items()}
            self._decided = [None] * len(self.cells)
            for c, v in self.fixed.items():
                self._decided[index[c]] = v
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

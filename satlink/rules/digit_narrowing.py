"""Narrowing a Latin square's candidates by its rules before anything is
encoded (:func:`narrow`): a cell's digit leaves its units (naked single), a
digit with one place left in a full unit goes there (hidden single), a
digit whose places in a full unit all lie in another unit leaves that
unit's other cells (locked candidates), s digits with s places between
them in a full unit fill those places (hidden pairs and triples, where the
caller asks: :func:`narrow`'s ``hidden``), and a caller's filters; the cells
and units with the index structures that it reads (:class:`Units`). Used
by :class:`satlink.rules.latin.Latin` (which re-exports :class:`Units` and ``Filter``) and
by genres that narrow first (One to X, Renban, the edge views).
``encodings/latin.md`` proves each step.

>>> d = {c: {1, 2, 3} for c in "abc"}; d["a"] = {3}
>>> narrow(d, [["a", "b", "c"]], 3), d["b"]
(True, {1, 2})
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from collections import Counter
from itertools import chain, combinations

from .bitmask import set_bits as _bits

Cell = Hashable

#: A narrowing rule over some cells: their candidates in, narrowed candidates out,
#: as bit masks (bit v set while the cell may hold v).
Filter = tuple[Sequence[Cell], Callable[[list[int]], list[int]]]


class Units:
    """Cells and their units, with the index structures that narrowing and
    the encoding read, built once. A genre that solves many boards of one
    shape (Sudoku of one size) may build it once and pass it as ``units``.

    >>> u = Units([(0, 0), (0, 1)], [[(0, 0), (0, 1)]])
    >>> u.index[(0, 1)], u.unit_ix, u.units_of, u.bits
    (1, ((0, 1),), ((0,), (0,)), (3,))
    """

    def __init__(self, cells: Iterable[Cell], units: Sequence[Sequence[Cell]]) -> None:
        cells = tuple(cells)
        index = dict(zip(cells, range(len(cells))))
        self.units = tuple(map(tuple, units))
        self._build(cells, tuple(tuple(map(index.__getitem__, u)) for u in self.units), index)

    @classmethod
    def by_index(cls, cells: Iterable[Cell], unit_ix: Sequence[Sequence[int]],
                 units_of: Sequence[tuple[int, ...]], bits: Sequence[int]) -> Units:
        """The units given by their cells' positions in ``cells``, with the
        units of each cell (in increasing order) and each unit's cells as a
        bit mask, which a caller that knows the shape (a grid:
        :func:`satlink.rules.latin.grid_shape`) works out without looking
        cells up: the same as ``Units(cells, units)``.

        >>> Units.by_index("ab", [[0, 1]], [(0,), (0,)], [3]).units
        (('a', 'b'),)
        """
        shape = cls.__new__(cls)
        cells = tuple(cells)
        unit_ix = tuple(map(tuple, unit_ix))
        shape.units = tuple(tuple(map(cells.__getitem__, u)) for u in unit_ix)
        shape._build(cells, unit_ix, dict(zip(cells, range(len(cells)))),
                     tuple(units_of), tuple(bits))
        return shape

    def _build(self, cells: tuple[Cell, ...], unit_ix: tuple[tuple[int, ...], ...],
               index: dict[Cell, int], units_of: tuple[tuple[int, ...], ...] | None = None,
               bits: tuple[int, ...] = ()) -> None:
        self.cells, self.index, self.unit_ix = cells, index, unit_ix
        if units_of is None:
            of: list[list[int]] = [[] for _ in cells]
            masks = []
            for k, u in enumerate(unit_ix):
                b = 0
                for i in u:
                    of[i].append(k)
                    b |= 1 << i
                masks.append(b)
            units_of, bits = tuple(map(tuple, of)), tuple(masks)
        #: units_of[i]: the units of cell i; bits[k]: unit k's cells as a bit mask
        self.units_of, self.bits = units_of, bits
        self._overlaps: tuple[tuple[tuple[int, int], ...], ...] | None = None
        self._widest: tuple[int, ...] = ()

    def overlaps(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """``overlaps()[k]``: for each other unit w that shares two cells or
        more with unit k and has cells outside it, (k's cells outside w,
        w's cells outside k) as bit masks; worked out on first use.

        >>> Units(range(4), [[0, 1, 2], [1, 2, 3], [2, 3]]).overlaps()
        (((1, 8),), ((8, 1),), ((0, 2),))
        """
        if self._overlaps is None:
            bits = self.bits
            # how many cells each pair of units (k < w) shares, counted over the
            # cells' pairs of units
            shared = Counter(chain.from_iterable(map(_pairs, self.units_of)))
            out: list[list[tuple[int, int]]] = [[] for _ in bits]
            widest = [0] * len(bits)
            for (k, w), count in shared.items():
                if count < 2:
                    continue
                bk, bw = bits[k], bits[w]
                if bw & ~bk:
                    out[k].append((bk & ~bw, bw & ~bk))
                    if count > widest[k]:
                        widest[k] = count
                if bk & ~bw:
                    out[w].append((bw & ~bk, bk & ~bw))
                    if count > widest[w]:
                        widest[w] = count
            self._overlaps = tuple(map(tuple, out))
            self._widest = tuple(widest)
        return self._overlaps

    def widest(self) -> tuple[int, ...]:
        """``widest()[k]``: the most cells unit k shares with one of its
        :meth:`overlaps` (0 when it has none).

        >>> Units(range(4), [[0, 1, 2], [1, 2, 3], [2, 3]]).widest()
        (2, 2, 2)
        """
        self.overlaps()
        return self._widest


def _pairs(units: tuple[int, ...]) -> combinations:
    """The pairs of a cell's units (k < w)."""
    return combinations(units, 2)


def narrow(domains: dict[Cell, set[int]], units: Sequence[Sequence[Cell]], digits: int,
           filters: Sequence[Filter] = (), hidden: int = 1) -> bool:
    """Narrow ``domains`` in place by the rules until nothing changes; False
    when some cell has no digit left or a full unit (``digits`` cells) has
    no place for some digit (the puzzle has no solution; ``domains`` are
    then left as they were).

    - a cell with one digit: that digit leaves the other cells of its units;
    - a full unit in which a digit fits one cell only: that cell holds it;
    - a full unit whose cells that may hold a digit all lie in another unit
      (locked candidates): the digit leaves that unit's other cells;
    - with ``hidden`` = h > 1, a full unit in which s <= h digits (each with
      two places or more) have s places between them (a hidden pair, triple):
      those cells hold those digits, and the cells' other digits leave;
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
    if not _narrow(shape, mask, digits, filters, hidden):
        return False
    for c, m in zip(shape.cells, mask):
        domains[c] = _digits(m)
    return True




def _digit_lists() -> tuple[tuple[int, ...], ...]:
    """``table[m]``: the set bits of m, lowest first, for every m below 2**10."""
    table: list[tuple[int, ...]] = [()]
    for b in range(10):
        table += [t + (b,) for t in table]
    return tuple(table)


#: The digits of a mask of digits 0..9 (every Sudoku but the large ones).
DIGIT_LISTS = _digit_lists()


#: The digits of a mask of digits 10..19, shifted down by 10 (``m >> 10``).
DIGIT_LISTS_HIGH = tuple(tuple(d + 10 for d in t) for t in DIGIT_LISTS)


class _DigitLists(dict):
    """The digits of a mask, worked out as masks are met (digits above 9):
    from the two tables up to digit 19, bit by bit above."""

    def __missing__(self, m: int) -> tuple[int, ...] | list[int]:
        if m >> 20:
            out: tuple[int, ...] | list[int] = _bits(m)
        else:
            out = DIGIT_LISTS[m & 1023] + DIGIT_LISTS_HIGH[m >> 10]
        self[m] = out
        return out


def _narrow(shape: Units, mask: list[int], digits: int, filters: Sequence[Filter],
            hidden: int = 1) -> bool:
    """:func:`narrow` on bit masks (``mask[i]``: bit v set while cell i of
    ``shape`` may hold v), changed in place when it succeeds.

    Inside, the candidates are kept digit by digit: bit i of ``cand[v]`` is
    set while cell i may hold v, so that a decided digit leaves a whole unit
    in one operation and the cells left with one digit (naked singles) are
    found for all cells at once, by counting bits across the digits.
    ``placed`` holds the decided cells and ``missing[k]`` the digits not yet
    decided in unit k; a decided cell's bit may linger in other digits' sets, which are read
    through ``open_`` (the undecided cells). ``hidden`` > 1 looks for hidden
    subsets of up to that many digits once nothing else narrows."""
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
    value = [0] * n
    placed = 0
    everyone = (1 << n) - 1
    changed = everyone  # cells whose candidates changed since the last hidden-single scan
    locked = 0  # ... and since the last look for locked candidates
    subsets = everyone if hidden > 1 else 0  # ... and since the last look for hidden subsets
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
            near = 0  # the cells of its units
            for k in units_of[i]:
                missing[k] &= gone
                near |= ubits[k]
            cv &= ~near
            cand[v] = cv | bit
            changed |= c0 ^ cv
            placed |= bit
            value[i] = v
        open_ = everyone ^ placed
        # naked singles: the open cells left with one digit (or none: contradiction)
        ones = twos = 0
        for v in values:
            c = cand[v] & open_
            twos |= ones & c
            ones |= c
        if ones != open_:
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
                if x.bit_count() < 2:
                    if not x:
                        return False
                    queue.append((x.bit_length() - 1, v))
        locked |= changed
        if hidden > 1:
            subsets |= changed
        changed = 0
        if queue:
            continue
        # locked candidates: a digit whose places left in a full unit k all lie in
        # another unit w leaves w's other cells, in the units where a cell changed
        # since the last look
        if locked and full:
            if overlaps is None:
                overlaps, widest = shape.overlaps(), shape.widest()
            for k in full:
                u = ubits[k]
                pairs = overlaps[k]
                if not pairs or not u & locked:
                    continue
                most = widest[k]
                for v in digits_of[missing[k]]:
                    x = ocand[v] & u
                    if x.bit_count() > most:
                        continue  # in no other unit
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
        # hidden subsets: s digits of a full unit whose places there lie in s cells
        # between them fill those cells, whose other digits leave
        if subsets:
            for k in full:
                u = ubits[k]
                if not u & subsets:
                    continue
                few = []  # (how many, digit, its places) with 2..hidden places
                for v in digits_of[missing[k]]:
                    x = ocand[v] & u
                    count = x.bit_count()
                    if 1 < count <= hidden:
                        few.append((count, v, x))
                for size in range(2, min(hidden, len(few)) + 1):
                    pool = [(v, x) for count, v, x in few if count <= size]
                    for group in combinations(pool, size):
                        x = d = 0
                        for v, places in group:
                            x |= places
                            d |= 1 << v
                        held = x.bit_count()
                        if held < size:
                            return False  # s digits with fewer than s places
                        if held > size:
                            continue
                        for w in values:
                            if not d >> w & 1:
                                y = ocand[w] & x
                                if y:
                                    ocand[w] ^= y
                                    cand[w] &= ~y
                                    changed |= y
            subsets = 0
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

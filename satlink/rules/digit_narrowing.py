"""Narrowing a Latin square's candidates by its rules before anything is
encoded (:func:`narrow`): a cell's digit leaves its units (naked single), a
digit with one place left in a full unit goes there (hidden single), a
digit whose places in a full unit all lie in another unit leaves that
unit's other cells (locked candidates), s digits with s places between
them in a full unit fill those places (hidden pairs and triples, where the
caller asks: :func:`narrow`'s ``hidden``), and a caller's filters. It reads
the cells and units through :class:`satlink.rules.cell_units.Units` and a
mask's digits through :mod:`satlink.rules.digit_lists`. Used by
:class:`satlink.rules.latin.Latin` (which re-exports ``Units`` and ``Filter``) and
by genres that narrow first (One to X, Renban, the edge views).
``encodings/latin.md`` proves each step.

>>> d = {c: {1, 2, 3} for c in "abc"}; d["a"] = {3}
>>> narrow(d, [["a", "b", "c"]], 3), d["b"]
(True, {1, 2})
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from .bitmask import set_bits as _bits
from .cell_units import Cell, Units
from .digit_lists import DIGIT_LISTS, DigitLists

#: A narrowing rule over some cells: their candidates in, narrowed candidates out,
#: as bit masks (bit v set while the cell may hold v).
Filter = tuple[Sequence[Cell], Callable[[list[int]], list[int]]]


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
    digits_of = DIGIT_LISTS if union < len(DIGIT_LISTS) else DigitLists()  # mask -> its digits
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

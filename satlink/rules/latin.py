"""Latin squares with regions: a digit per cell, and units (rows, columns,
boxes, jigsaw regions, diagonals, windows, the grids of a Samurai that share
cells, Kakuro runs, Killer cages) whose digits are all different; a unit
with as many cells as there are digits holds each digit exactly once.

Givens are not encoded: they, and what follows from them by the rules
(:func:`narrow`: a cell's digit leaves its units, a digit with one place
left in a full unit goes there, and any further narrowing a caller adds,
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

from ..formula import Formula
from ..model import Model
from .numbers import Numbers

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
    for cell, v in values.items():
        if v not in allowed:
            problems.append(f"r{cell[0] + 1}c{cell[1] + 1} holds {v}, not one of"
                            f" {min(allowed)}-{max(allowed)}")
    for name, cells in units:
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


def narrow(domains: dict[Cell, set[int]], units: Sequence[Sequence[Cell]], digits: int,
           filters: Sequence[Filter] = ()) -> bool:
    """Narrow ``domains`` in place by the rules until nothing changes; False
    when some cell has no digit left or a full unit (``digits`` cells) has
    no place for some digit (the puzzle has no solution).

    - a cell with one digit: that digit leaves the other cells of its units;
    - a full unit in which a digit fits one cell only: that cell holds it;
    - each filter ``(cells, fn)``: ``fn`` gets the cells' candidates as bit
      masks (bit v for digit v) and returns masks of subsets of them (it
      must keep every digit that some solution puts there).

    Every step keeps each solution, so the puzzle's solutions are the same.
    Candidate sets are bit masks inside (a Python int per cell).

    >>> d = {c: {1, 2} for c in "abc"}; d["a"] = {1}
    >>> narrow(d, [["a", "b"], ["b", "c"]], 2), d
    (True, {'a': {1}, 'b': {2}, 'c': {1}})
    >>> narrow({"a": {1}, "b": {1}}, [["a", "b"]], 2)
    False
    """
    cells = list(domains)
    mask = [_mask(domains[c]) for c in cells]
    ok = _narrow(cells, mask, units, digits, filters)
    for c, m in zip(cells, mask):
        domains[c] = _digits(m)
    return ok


def _narrow(cells: list[Cell], mask: list[int], units: Sequence[Sequence[Cell]], digits: int,
            filters: Sequence[Filter]) -> bool:
    """:func:`narrow` on bit masks (``mask[i]``: bit v set while ``cells[i]``
    may hold v), changed in place."""
    index = {c: i for i, c in enumerate(cells)}
    unit_ix = [[index[c] for c in u] for u in units]
    peers: list[set[int]] = [set() for _ in cells]
    for u in unit_ix:
        for i in u:
            peers[i].update(u)
    for i, p in enumerate(peers):
        p.discard(i)
    full = [u for u in unit_ix if len(u) == digits]
    flt = [([index[c] for c in cs], fn) for cs, fn in filters]
    filters_of: list[list[int]] = [[] for _ in cells]
    for k, (ix, _) in enumerate(flt):
        for i in ix:
            filters_of[i].append(k)
    dirty = set(range(len(flt)))
    queue = [i for i, m in enumerate(mask) if m & (m - 1) == 0]
    done = [False] * len(cells)
    ok = True

    def settle() -> bool:
        """Every single's digit out of its peers, until no new single."""
        while queue:
            i = queue.pop()
            if done[i]:
                continue
            m = mask[i]
            if not m:
                return False
            done[i] = True
            for o in peers[i]:
                mo = mask[o]
                if mo & m:
                    mo &= ~m
                    mask[o] = mo
                    if not mo:
                        return False
                    if mo & (mo - 1) == 0:
                        queue.append(o)
                    if flt:
                        dirty.update(filters_of[o])
        return True

    while ok:
        ok = settle()
        if not ok:
            break
        found = False
        for u in full:
            once = twice = 0
            for i in u:
                m = mask[i]
                twice |= once & m
                once |= m
            if once.bit_count() < digits:
                ok = False
                break
            only = once & ~twice
            if only:
                for i in u:
                    m = mask[i] & only
                    if m and mask[i] != m:
                        if m & (m - 1):
                            ok = False  # two digits that fit this cell only
                            break
                        mask[i] = m
                        queue.append(i)
                        dirty.update(filters_of[i])
                        found = True
                if not ok:
                    break
        if not ok or found:
            continue
        if not dirty:
            break
        todo, narrowed = sorted(dirty), False
        dirty.clear()
        for k in todo:
            ix, fn = flt[k]
            new = fn([mask[i] for i in ix])
            for i, m in zip(ix, new):
                m &= mask[i]
                if m != mask[i]:
                    mask[i], narrowed = m, True
                    if m & (m - 1) == 0:
                        queue.append(i)
                    dirty.update(filters_of[i])
        if not narrowed:
            break
    return ok and all(mask)


def _mask(values: Iterable[int]) -> int:
    m = 0
    for v in values:
        m |= 1 << v
    return m


def _digits(m: int) -> set[int]:
    out = set()
    while m:
        low = m & -m
        out.add(low.bit_length() - 1)
        m ^= low
    return out


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
    """

    def __init__(self, f: Formula, cells: Iterable[Cell], units: Sequence[Sequence[Cell]],
                 digits: Iterable[int], givens: Mapping[Cell, int] | None = None,
                 domains: Mapping[Cell, Iterable[int]] | None = None,
                 filters: Sequence[Filter] = (), selectors: bool = False,
                 tag: str = "cell") -> None:
        self.f = f
        self.digits = sorted(digits)
        self.cells = list(cells)
        self.units = [list(u) for u in units]
        givens = dict(givens or {})
        domains = domains or {}
        self.givens = givens
        self.impossible = False
        every = _mask(self.digits)
        mask = [_mask(domains[c]) & every if c in domains else every for c in self.cells]
        if not selectors:
            for i, c in enumerate(self.cells):
                if c in givens:
                    mask[i] &= 1 << givens[c]
            self.impossible = not all(mask) or not _narrow(
                self.cells, mask, self.units, len(self.digits), filters)
        if self.impossible:
            f.add([])
            mask = [every] * len(self.cells)
        #: cell -> digit of the cells decided before encoding
        self.fixed = {} if selectors else {
            c: m.bit_length() - 1 for c, m in zip(self.cells, mask) if m & (m - 1) == 0}
        open_doms = {c: sorted(_digits(m)) for c, m in zip(self.cells, mask)
                     if c not in self.fixed}
        self.numbers = Numbers(f, open_doms, self.digits, open_doms, tag)
        full = len(self.digits)
        var = self.numbers.var
        covered = None
        for u in self.units:
            open_cells = [c for c in u if c in var]
            if len(open_cells) < 2 and len(u) < full:
                continue  # nothing left to say: at most one cell is open
            if len(u) < full:
                if covered is None:
                    covered = [set(w) for w in self.units if len(w) == full]
                if any(cov.issuperset(u) for cov in covered):
                    continue
            where: dict[int, list[int]] = {}
            for c in open_cells:
                for v, x in var[c].items():
                    where.setdefault(v, []).append(x)
            placed = {self.fixed[c] for c in u if c in self.fixed}
            for v, lits in where.items():
                if len(u) == full and v not in placed:
                    f.exactly_one(lits)
                else:
                    f.at_most_one(lits)
        f.declare_answer(self.numbers.answer(), one_hot=True)

    def selector(self, cell: Cell, digit: int) -> int | None:
        """Selector mode: the literal that, assumed, makes ``cell`` hold ``digit``."""
        return self.numbers.val(cell, digit)

    def value(self, model: Model, cell: Cell) -> int | None:
        """The digit of ``cell``: decided before encoding, or the model's."""
        if cell in self.fixed:
            return self.fixed[cell]
        return self.numbers.value(model, cell)

    def grid(self, model: Model) -> dict[Cell, int | None]:
        """cell -> digit for every cell."""
        return {c: self.value(model, c) for c in self.cells}

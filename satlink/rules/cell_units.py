"""Cells and the units (rows, columns, boxes, regions) that each hold
distinct digits, with the index structures that narrowing
(:func:`satlink.rules.digit_narrowing.narrow`) and the Latin encoding
(:class:`satlink.rules.latin.Latin`) read, built once (:class:`Units`).
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from collections import Counter
from itertools import chain, combinations

Cell = Hashable


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

"""pzprjs body parts: what a body holds over a board of ``rows`` x ``cols``
cells (taken in that order, as everywhere in the code; the URL writes
cols/rows, and messages say ``C x R`` as the URL does). :class:`Part`;
:class:`Cells` (a cell code as rows), :class:`Borders` (region walls),
:class:`Seq` (parts one after the other), :class:`Regions` (rooms as
borders), :class:`RoomNumbers` (a number per room), :class:`Skippable` (a
part left out when empty), :class:`ExCells` (numbers outside the board),
:class:`Count` (a number and `/`). See :mod:`satlink.formats.pzprjs`.
"""
from __future__ import annotations

from typing import Any

from ..records import frozen
from .pzprjs_cells import CellCode, Packed
from .pzprjs_numbers import QUESTION, Number16
from .pzprjs_stream import BodyError, Reader, Unfit


# -- parts: what a body holds -----------------------------------------------------
class Part:
    """A piece of a body over a board of ``rows`` x ``cols`` cells."""

    def decode(self, reader: Reader, rows: int, cols: int) -> Any:
        raise NotImplementedError

    def encode(self, value: Any, rows: int, cols: int) -> str:
        raise NotImplementedError

    def decode_text(self, text: str, rows: int, cols: int) -> tuple[Reader, Any]:
        """Decode all of ``text`` (a BodyError if anything is left over)."""
        reader = Reader(text)
        value = self.decode(reader, rows, cols)
        rest = text[reader.pos:]
        if rest.strip("/"):
            raise BodyError(f"unexpected `{text[reader.pos]}` after the last cell: the body"
                            f" is complete", reader.pos)
        return reader, value

    def encode_value(self, value: Any, rows: int, cols: int) -> str:
        return self.encode(value, rows, cols)


def _rows(value: Any, rows: int, cols: int, what: str) -> list:
    """``value`` (rows of cells) flattened, checked to be ``rows`` x ``cols``."""
    try:
        grid = [list(row) for row in value]
    except TypeError:
        raise Unfit(f"the {what} is not a grid") from None
    if len(grid) != rows or any(len(row) != cols for row in grid):
        raise Unfit(f"the {what} is not {cols} x {rows}")
    return [v for row in grid for v in row]


@frozen
class Cells(Part):
    """One value per cell in reading order, as rows: ``value[r][c]``."""

    code: CellCode

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        flat = self.code.decode_cells(reader, cols * rows)
        reader._cells = (cols, [at for _, at in flat])
        values = [v for v, _ in flat]
        return tuple(tuple(values[r * cols:(r + 1) * cols]) for r in range(rows))

    def encode(self, value: Any, rows: int, cols: int) -> str:
        return self.code.encode_cells(_rows(value, rows, cols, "grid"))


@frozen
class Borders(Part):
    """Region walls: ``(vertical, horizontal)``, ``vertical[r][c]`` the wall
    right of cell (r, c) (``cols - 1`` a row), ``horizontal[r][c]`` the wall
    below it (``rows - 1`` rows); bools.

    >>> rooms = ["0011", "0012", "0112", "2222"]   # pzprjs test/script/lits.js: 4/4/9q02jg
    >>> v = [[a != b for a, b in zip(row, row[1:])] for row in rooms]
    >>> h = [[a != b for a, b in zip(up, down)] for up, down in zip(rooms, rooms[1:])]
    >>> Borders().encode((v, h), 4, 4)
    '9q02jg'
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        bits = Packed(2, 5)
        v = [b for b, _ in bits.decode_cells(reader, (cols - 1) * rows)]
        h = [b for b, _ in bits.decode_cells(reader, cols * (rows - 1))]
        vertical = tuple(tuple(bool(x) for x in v[r * (cols - 1):(r + 1) * (cols - 1)])
                         for r in range(rows))
        horizontal = tuple(tuple(bool(x) for x in h[r * cols:(r + 1) * cols])
                           for r in range(rows - 1))
        return vertical, horizontal

    def encode(self, value: Any, rows: int, cols: int) -> str:
        try:
            vertical, horizontal = value
        except (TypeError, ValueError):
            raise Unfit("borders are a pair (vertical, horizontal)") from None
        v = [int(bool(b)) for b in _rows(vertical, rows, cols - 1, "vertical walls")]
        h = [int(bool(b)) for b in _rows(horizontal, rows - 1, cols, "horizontal walls")]
        bits = Packed(2, 5)
        return bits.encode_cells(v) + bits.encode_cells(h)


@frozen
class Seq(Part):
    """Parts one after the other; the value is the tuple of their values."""

    parts: tuple

    def __init__(self, *parts: Part) -> None:
        object.__setattr__(self, "parts", parts)

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        return tuple(p.decode(reader, rows, cols) for p in self.parts)

    def encode(self, value: Any, rows: int, cols: int) -> str:
        if not isinstance(value, tuple) or len(value) != len(self.parts):
            raise Unfit(f"expected {len(self.parts)} values")
        return "".join(p.encode(v, rows, cols) for p, v in zip(self.parts, value))


# -- regions as borders ------------------------------------------------------------
@frozen
class Regions(Part):
    """Regions given by their borders (:class:`Borders`), as a grid of region
    numbers: 0, 1, ... in reading order of each region's first cell. A
    region grid with a cell in no region (None) is :class:`Unfit`.

    >>> Regions().decode_text("9q02jg", 4, 4)[1]   # pzprjs test/script/lits.js
    ((0, 0, 1, 1), (0, 0, 1, 2), (0, 1, 1, 2), (2, 2, 2, 2))
    >>> Regions().encode(((0, 0, 1, 1), (0, 0, 1, 2), (0, 1, 1, 2), (2, 2, 2, 2)), 4, 4)
    '9q02jg'
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        vertical, horizontal = Borders().decode(reader, rows, cols)
        number = [[-1] * cols for _ in range(rows)]
        count = 0
        for r in range(rows):
            for c in range(cols):
                if number[r][c] >= 0:
                    continue
                number[r][c], todo = count, [(r, c)]
                while todo:
                    y, x = todo.pop()
                    for ny, nx, wall in ((y, x + 1, x + 1 < cols and vertical[y][x]),
                                         (y, x - 1, x > 0 and vertical[y][x - 1]),
                                         (y + 1, x, y + 1 < rows and horizontal[y][x]),
                                         (y - 1, x, y > 0 and horizontal[y - 1][x])):
                        if 0 <= ny < rows and 0 <= nx < cols and not wall \
                                and number[ny][nx] < 0:
                            number[ny][nx] = count
                            todo.append((ny, nx))
                count += 1
        return tuple(tuple(row) for row in number)

    def encode(self, value: Any, rows: int, cols: int) -> str:
        grid = _rows(value, rows, cols, "regions")
        if any(v is None for v in grid):
            raise Unfit("every cell lies in a region on puzz.link")
        at = [grid[r * cols:(r + 1) * cols] for r in range(rows)]
        vertical = [[row[c] != row[c + 1] for c in range(cols - 1)] for row in at]
        horizontal = [[at[r][c] != at[r + 1][c] for c in range(cols)] for r in range(rows - 1)]
        return Borders().encode((vertical, horizontal), rows, cols)


# -- rooms with a number each (Country Road) ---------------------------------------------
@frozen
class RoomNumbers(Part):
    """pzprjs ``decodeBorder`` then ``decodeRoomNumber16`` (Country Road,
    Heyawake and the genres that number rooms): the regions
    (:class:`Regions`), then one ``code`` value per room in room order (0, 1,
    ... by first cell in reading order; pzprjs puts the number on that cell),
    a skip letter for rooms without one. The value is ``(regions, numbers)``,
    ``numbers[k]`` room k's number or None; a bad number is reported at its
    room's first cell.

    >>> RoomNumbers().decode_text("amda0uf02h12h", 5, 5)[1][1]   # pzprjs test/script/country.js
    (2, None, None, 1, 2, None, None)
    >>> RoomNumbers().decode_text("lll155007rs12222j", 6, 6)[1][1]  # pzprjs heyawake.js
    (2, 2, 2, 2, None, None, None, None)
    >>> RoomNumbers().decode_text("o02g", 2, 2)[1]   # two columns, a 2 in the first
    (((0, 1), (0, 1)), (2, None))
    """

    code: CellCode = Number16(question=False)

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        regions = Regions().decode(reader, rows, cols)
        count = 1 + max(max(row) for row in regions)
        flat = self.code.decode_cells(reader, count)
        tops: dict[int, int] = {}
        for r in range(rows):
            for c in range(cols):
                tops.setdefault(regions[r][c], r * cols + c)
        offsets = [reader.pos] * (rows * cols)
        for k, (_, at) in enumerate(flat):
            offsets[tops[k]] = at
        reader._cells = (cols, offsets)
        return regions, tuple(v for v, _ in flat)

    def encode(self, value: Any, rows: int, cols: int) -> str:
        try:
            regions, numbers = value
        except (TypeError, ValueError):
            raise Unfit("room numbers are a pair (regions, numbers)") from None
        return Regions().encode(regions, rows, cols) + self.code.encode_cells(list(numbers))


# -- a part pzprjs leaves out when it holds nothing (``encodeBinary(..., skipnone)``) -------------
@frozen
class Skippable(Part):
    """``part`` of a :class:`Cells` grid, written only when some cell is not
    None and read as all None when the body ends before it (pzprjs's
    ``encodeEmpty``: Double Back's and Simple Loop's black cells).

    >>> Skippable(Cells(Packed(2, 5))).encode(((None, None),), 1, 2)
    ''
    >>> Skippable(Cells(Packed(2, 5))).decode_text("", 1, 2)[1]
    ((None, None),)
    """

    part: Part

    def decode(self, reader: Reader, rows: int, cols: int) -> Any:
        if reader.at_end() or reader.text[reader.pos:].strip("/") == "":
            return tuple((None,) * cols for _ in range(rows))
        return self.part.decode(reader, rows, cols)

    def encode(self, value: Any, rows: int, cols: int) -> str:
        if all(v is None for row in value for v in row):
            return ""
        return self.part.encode(value, rows, cols)


# -- numbers outside the board, single-value cells (Tents) ------------------------------------
@frozen
class ExCells(Part):
    """pzprjs ``number16ExCell``: the numbers outside the board, above the
    columns then left of the rows, coded as :class:`Number16` (a number not
    shown, ``.``, reads as None too); the value is ``(columns, rows)``.

    >>> ExCells().decode_text("2g0h1i1", 5, 5)[1]   # pzprjs test/script/tents.js
    ((2, None, 0, None, None), (1, None, None, None, 1))
    >>> ExCells().encode(((2, None, 0, None, None), (1, None, None, None, 1)), 5, 5)
    '2g0h1i1'
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        values = [None if v == QUESTION else v
                  for v, _ in Number16().decode_cells(reader, cols + rows)]
        return tuple(values[:cols]), tuple(values[cols:])

    def encode(self, value: Any, rows: int, cols: int) -> str:
        try:
            top, left = value
        except (TypeError, ValueError):
            raise Unfit("numbers outside the board are a pair (columns, rows)") from None
        if len(top) != cols or len(left) != rows:
            raise Unfit(f"expected {cols} column and {rows} row numbers")
        return Number16().encode_cells(list(top) + list(left))


@frozen
class Count(Part):
    """A whole number and `/` before the rest of the body (Star Battle's
    stars per line: ``1/`` then the borders).

    >>> Count().decode_text("12/", 6, 6)[1]
    12
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> int:
        start = reader.pos
        while not reader.at_end() and reader.text[reader.pos].isdigit():
            reader.pos += 1
        digits = reader.text[start:reader.pos]
        if not digits or reader.at_end() or reader.text[reader.pos] != "/":
            raise BodyError("expected a number and `/` here", reader.pos)
        reader.pos += 1
        return int(digits)

    def encode(self, value: Any, rows: int, cols: int) -> str:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise Unfit(f"{value!r} is not a count")
        return f"{value}/"

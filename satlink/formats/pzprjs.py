"""pzprjs URL bodies (puzz.link, pzv.jp) as small declarative codecs.

A puzz.link URL reads ``https://puzz.link/p?GENRE/[FLAGS/]COLS/ROWS/BODY``
(:mod:`satlink.formats.puzzlink` splits it). This module turns a BODY into
values and back, with codecs that compose: a genre declares *what* its body
holds, once, and gets the reader, the canonical writer and positioned errors.

The encodings (facts of pzprjs, ``src/variety-common/Encode.js``; written
anew here):

- :class:`Number16` -- one number per cell: ``0``-``f`` (0-15), ``-xx``
  (16-255), ``+xxx`` (256-4095), ``=xxx`` (4096 + xxx), ``%xxx``
  (8192 + xxx), ``.`` a number not shown (:data:`QUESTION`), ``g``-``z`` a
  run of 1-20 empty cells. Sudoku, Hashiwokakero, Numberlink.
- :class:`FourCell` -- numbers 0-4 (Slitherlink): ``0``-``4``; ``5``-``9``
  the number and one empty cell after it; ``a``-``e`` the number and two
  empty cells (the writer uses this for the last cells, so it may run past
  the end); ``.``; ``g``-``z`` skips.
- :class:`ArrowNumber16` -- a direction and a number (Yajilin, Castle Wall):
  ``D`` then one hex digit or ``.``; ``D+5`` then two hex digits; ``-D`` then
  three; ``a``-``z`` a run of 1-26 empty cells. ``D`` is :data:`NO_ARROW`,
  :data:`UP`, :data:`DOWN`, :data:`LEFT` or :data:`RIGHT` (0-4).
- :class:`Packed` -- a small value per cell, several cells a character:
  ``Circles()`` is ``Packed(3, 3)`` (base 27, three cells a character: 0
  none, 1 white, 2 black; Masyu), ``Packed(2, 5)`` is a bit per cell (base
  32).
- :class:`Borders` -- region walls: the walls between horizontally adjacent
  cells (row by row, ``cols - 1`` per row), then those between vertically
  adjacent cells (``cols`` per row boundary), each list as bits, five a
  base-32 character, most significant first.

How a genre declares its codec
------------------------------
At the end of ``satlink/puzzles/<genre>.py``, one module attribute::

    from ..formats.pzprjs import Board, Cells, Codec, Dict, FourCell, QUESTION

    PUZZLINK = Codec(
        names=("slither", "slitherlink"),   # pzprjs genre id first: it is written
        body=Cells(Dict(FourCell(), {QUESTION: UNKNOWN})),
        build=lambda b: make(b.cols, b.rows, b.value),
        split=lambda inst: Board(inst.cols, inst.rows, inst.clues),
    )

- ``names``: the genre ids and aliases pzprjs accepts for this genre; the
  first is the one written on export. :mod:`~satlink.formats.puzzlink`
  finds every ``PUZZLINK`` of the puzzle registry by itself.
- ``body``: a part (:class:`Cells`, :class:`Borders`, :class:`Seq` of parts).
  :class:`Cells` turns a cell code into rows (a tuple of row tuples,
  ``value[r][c]``), with ``None`` for an empty cell; :class:`Dict` and
  :class:`Map` translate cell values to the genre's own (``Dict(code,
  {None: 0})`` makes empty cells 0).
- ``build(board) -> Instance``: a :class:`Board` holds ``cols``, ``rows``,
  ``value`` (what the body decoded), ``flags`` (the meaningful pflag
  letters present) and ``where(message, r=None, c=None)``, which returns an
  InputError pointing at the URL characters of cell (r, c) (or at the size
  when r is None): pass it to the genre's ``make(..., where=b.where)``. An
  InputError without a position is placed at the size.
- ``split(instance) -> Board``: the other way (``where`` unused). Raise
  :class:`Unfit` with a reason when the instance has no form in this codec.
- ``flags``: pflag letters that carry meaning (they land in ``Board.flags``
  and are written back in this order); ``ignore``: display-only pflag
  letters that are read and dropped. Any other letter is an error.
- ``square=True``: the genre's boards are square (checked at the size,
  before the body is read).

Several pzprjs genres for one satlink genre: ``PUZZLINK = Choice(codec_a,
codec_b)``; a URL is read by the codec that owns its genre name, and an
instance is written by the first codec whose ``split`` and encoding accept
it (Numberlink: ``numlin``, else ``arukone``).

Masyu and Yajilin, for the helpers who write those genres (``WHITE`` and
``BLACK`` being the genre's own pearl values)::

    names=("mashu", "masyu", "pearl"), body=Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK}))
    names=("yajilin", "yajirin"), body=Cells(ArrowNumber16()), ignore="b"

An :class:`Arrow` cell is ``Arrow(direction, number)`` with ``number`` an int
or :data:`QUESTION`; ``Arrow(NO_ARROW, QUESTION)`` is pzprjs's ``0.``, a clue
cell with neither arrow nor number (Yajilin's grey cell). pzprjs's ``b`` flag
on Yajilin only greys the clue cells. Some URLs carry a ``v:`` field before
the size (seen on Masyu); a codec reads those only if ``ignore`` lists ``v:``.

Decoding is strict (every character must mean something, the body must
cover every cell and nothing more, except trailing ``/``); encoding writes
exactly what pzprjs writes, so that URL -> instance -> URL is the identity
on URLs pzprjs made.

>>> Cells(Number16()).decode_text("g1k23k3g", 4, 4)[1]
((None, 1, None, None), (None, None, None, 2), (3, None, None, None), (None, None, 3, None))
>>> Cells(FourCell()).encode_value(((3, None), (None, 1)), 2, 2)
'db'
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, NamedTuple

from ..errors import InputError
from ..records import frozen

#: A cell whose number is there but not shown (pzprjs ``.``, qnum -2).
QUESTION = "?"
#: Directions of :class:`ArrowNumber16` (pzprjs qdir).
NO_ARROW, UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3, 4
#: Masyu pearls as :func:`Circles` writes them.
WHITE, BLACK = "white", "black"

_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_HEX = frozenset("0123456789abcdef")


class BodyError(Exception):
    """A malformed body: ``message`` and the ``offset`` of the character in
    the body (``len(body)`` when it ended too early)."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class Unfit(Exception):
    """This instance (or value) has no form in this codec; the reason says why."""


class Arrow(NamedTuple):
    """An arrow clue: ``direction`` (:data:`NO_ARROW`, :data:`UP`, ...) and a
    number (an int, or :data:`QUESTION`)."""

    direction: int
    number: int | str


# -- reading --------------------------------------------------------------------
class Reader:
    """A cursor over a body; :meth:`mark` says where a cell was read."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self._cells: tuple[int, list[int]] = (1, [])  # (cols, offset of each cell)

    def mark(self, r: int, c: int) -> int | None:
        """The body offset of the character that gave cell (r, c), once read."""
        cols, offsets = self._cells
        i = r * cols + c
        return offsets[i] if 0 <= c < cols and 0 <= i < len(offsets) else None

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def take(self, ended: str) -> str:
        """The next character; at the end a BodyError saying ``ended``."""
        if self.pos >= len(self.text):
            raise BodyError(ended, len(self.text))
        ch = self.text[self.pos]
        self.pos += 1
        return ch

    def hex(self, n: int, what: str) -> int:
        """``n`` lowercase hex digits as a number."""
        start = self.pos
        for _ in range(n):
            ch = self.take(f"the URL ends inside {what}: {n} hex digits expected")
            if ch not in _HEX:
                raise BodyError(f"`{ch}` is not a hex digit (0-9, a-f) in {what}", self.pos - 1)
        return int(self.text[start:self.pos], 16)


def _cells_left(i: int, n: int) -> str:
    return f"the URL ends after {i} of {n} cells"


def _skip(reader: Reader, ch: str, first: str, i: int, n: int) -> int:
    """The run of empty cells a skip letter stands for (``first`` stands for 1)."""
    k = ord(ch) - ord(first) + 1
    if i + k > n:
        raise BodyError(f"`{ch}` skips {k} cells, but only {n - i} remain", reader.pos - 1)
    return k


def _skips(out: list, count: int, first: str, most: int) -> None:
    """Write a run of ``count`` empty cells as skip letters of at most ``most`` cells."""
    while count > 0:
        k = min(count, most)
        out.append(chr(ord(first) + k - 1))
        count -= k


# -- cell codes: a sequence of n cell values ------------------------------------
class CellCode:
    """Reads and writes the values of ``n`` cells in order.

    ``decode_cells(reader, n)`` returns ``(value, offset)`` pairs, ``offset``
    the body position of the character that gave the value; ``encode_cells``
    writes values back (raising :class:`Unfit` for one it cannot write).
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        raise NotImplementedError

    def encode_cells(self, values: list) -> str:
        raise NotImplementedError


def _number16_token(v: Any) -> str:
    if v == QUESTION:
        return "."
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise Unfit(f"{v!r} is not a number")
    if v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "x")
    if v < 4096:
        return "+" + format(v, "x")
    # pzprjs writes these two without leading zeros and so cannot read back
    # 4096-4351 and 8192-8447; written padded, its reader reads them right
    if v < 8192:
        return "=" + format(v - 4096, "03x")
    if v < 8192 + 4096:
        return "%" + format(v - 8192, "03x")
    raise Unfit(f"{v} is above 12287, the largest number a puzz.link cell holds")


@frozen
class Number16(CellCode):
    """pzprjs ``number16``: numbers 0-12287, ``.``, skips ``g``-``z``.

    ``low``/``high`` bound the numbers accepted; ``question`` allows ``.``;
    ``what`` names a number in messages ("island number 9 is outside 1-8").

    >>> Number16().encode_cells([1, None, 16, 256, 4352, None, "?"] + [None] * 21)
    '1g-10+100=100g.zg'
    """

    low: int = 0
    high: int | None = None
    question: bool = True
    what: str = "number"

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if ch in _HEX:
                v: Any = int(ch, 16)
            elif ch == "-":
                v = reader.hex(2, "a `-` number")
            elif ch == "+":
                v = reader.hex(3, "a `+` number")
            elif ch == "=":
                v = reader.hex(3, "a `=` number") + 4096
            elif ch == "%":
                v = reader.hex(3, "a `%` number") + 8192
            elif ch == ".":
                if not self.question:
                    raise BodyError(f"`.` ({self.what} not shown) is not allowed here", at)
                v = QUESTION
            elif "g" <= ch <= "z":
                k = _skip(reader, ch, "g", len(out), n)
                out.extend([(None, at)] * k)
                continue
            else:
                raise BodyError(f"`{ch}` is not a number (0-f, -xx, +xxx, =xxx, %xxx),"
                                " `.` or a skip letter g-z", at)
            if v != QUESTION and (v < self.low or (self.high is not None and v > self.high)):
                top = "" if self.high is None else f"-{self.high}"
                raise BodyError(f"{self.what} {v} is outside {self.low}{top}", at)
            out.append((v, at))
        return out

    def encode_cells(self, values: list) -> str:
        out: list[str] = []
        run = 0
        for v in values:
            if v is None:
                run += 1
                continue
            if v != QUESTION and isinstance(v, int) and (
                    v < self.low or (self.high is not None and v > self.high)):
                raise Unfit(f"{self.what} {v} is outside {self.low}-{self.high}")
            if v == QUESTION and not self.question:
                raise Unfit(f"a {self.what} not shown (`?`) has no form here")
            token = _number16_token(v)
            _skips(out, run, "g", 20)
            run = 0
            out.append(token)
        _skips(out, run, "g", 20)
        return "".join(out)


@frozen
class FourCell(CellCode):
    """pzprjs ``4Cell``: numbers 0-4 with up to two empty cells folded in.

    >>> FourCell().encode_cells([2, None, None, 1, None, None, 2])
    'cbc'
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if "0" <= ch <= "9" or "a" <= ch <= "e":
                d = int(ch, 16)
                out.append((d % 5, at))
                # the empty cells after it; pzprjs writes `a`-`e` for the
                # last cells too, so these may run past the end
                out.extend([(None, at)] * min(d // 5, n - len(out)))
            elif ch == ".":
                out.append((QUESTION, at))
            elif "g" <= ch <= "z":
                out.extend([(None, at)] * _skip(reader, ch, "g", len(out), n))
            else:
                raise BodyError(f"`{ch}` is not a number 0-4 (`5`-`9`, `a`-`e` with empty"
                                " cells after it), `.` or a skip letter g-z", at)
        return out

    def encode_cells(self, values: list) -> str:
        out: list[str] = []
        run = 0
        n = len(values)
        c = 0
        while c < n:
            v = values[c]
            if v is None:
                run += 1
                c += 1
                continue
            if v == QUESTION:
                token = "."
            elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4:
                # pzprjs: fold in the next cell if it is empty and the one
                # after it is not; otherwise fold in two (also at the end)
                if c + 1 < n and values[c + 1] is not None:
                    fold = 0
                elif c + 2 < n and values[c + 2] is not None:
                    fold = 1
                else:
                    fold = 2
                token = format(v + 5 * fold, "x")
                c += fold
            else:
                raise Unfit(f"{v!r} is not a number 0-4")
            _skips(out, run, "g", 20)
            run = 0
            out.append(token)
            c += 1
        _skips(out, run, "g", 20)
        return "".join(out)


@frozen
class ArrowNumber16(CellCode):
    """pzprjs ``ArrowNumber16``: :class:`Arrow` cells, skips ``a``-``z``.

    >>> ArrowNumber16().encode_cells([None] * 13 + [Arrow(LEFT, 2)] + [None] * 10 + [Arrow(UP, 0)])
    'm32j10'
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if "0" <= ch <= "4":
                d = int(ch)
                nxt = reader.take("the URL ends after an arrow: a number or `.` expected")
                if nxt == ".":
                    num: Any = QUESTION
                elif nxt in _HEX:
                    num = int(nxt, 16)
                else:
                    raise BodyError(f"`{nxt}` is not a hex digit or `.` after an arrow",
                                    reader.pos - 1)
            elif "5" <= ch <= "9":
                d = int(ch) - 5
                num = reader.hex(2, "an arrow's number")
            elif ch == "-":
                dch = reader.take("the URL ends after `-`: an arrow 0-4 expected")
                if not "0" <= dch <= "4":
                    raise BodyError(f"`{dch}` is not an arrow direction 0-4", reader.pos - 1)
                d = int(dch)
                num = reader.hex(3, "an arrow's number")
            elif "a" <= ch <= "z":
                out.extend([(None, at)] * _skip(reader, ch, "a", len(out), n))
                continue
            else:
                raise BodyError(f"`{ch}` is not an arrow (0-9, `-`) or a skip letter a-z", at)
            out.append((Arrow(d, num), at))
        return out

    def encode_cells(self, values: list) -> str:
        out: list[str] = []
        run = 0
        for v in values:
            if v is None:
                run += 1
                continue
            if not isinstance(v, Arrow) or v.direction not in range(5):
                raise Unfit(f"{v!r} is not an arrow clue")
            d, num = v
            if num == QUESTION:
                token = f"{d}."
            elif not isinstance(num, int) or num < 0 or num >= 4096:
                raise Unfit(f"arrow number {num!r} is outside 0-4095")
            elif num < 16:
                token = f"{d}{num:x}"
            elif num < 256:
                token = f"{d + 5}{num:x}"
            else:
                token = f"-{d}{num:x}"
            _skips(out, run, "a", 26)
            run = 0
            out.append(token)
        _skips(out, run, "a", 26)
        return "".join(out)


@frozen
class Packed(CellCode):
    """``per_char`` cells of ``states`` values each in one character, written
    in base ``states ** per_char`` (digits 0-9a-z), first cell most significant.

    >>> Packed(3, 3).encode_cells([0, 0, 1, 0, 2, 0, 0])
    '160'
    """

    states: int
    per_char: int

    def __post_init__(self) -> None:
        if not (self.states >= 2 and self.per_char >= 1 and self.states ** self.per_char <= 36):
            raise ValueError("Packed needs states >= 2 and states ** per_char <= 36")

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        base = self.states ** self.per_char
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            d = _DIGITS36.find(ch)
            if d < 0 or d >= base:
                raise BodyError(f"`{ch}` is not a base-{base} digit"
                                f" (0-{_DIGITS36[base - 1]})", at)
            for k in range(self.per_char - 1, -1, -1):
                if len(out) < n:
                    out.append(((d // self.states ** k) % self.states, at))
        return out

    def encode_cells(self, values: list) -> str:
        out = []
        for i in range(0, len(values), self.per_char):
            chunk = list(values[i:i + self.per_char])
            chunk += [0] * (self.per_char - len(chunk))
            d = 0
            for v in chunk:
                if v not in range(self.states) or isinstance(v, bool):
                    raise Unfit(f"{v!r} is not a value 0-{self.states - 1}")
                d = d * self.states + v
            out.append(_DIGITS36[d])
        return "".join(out)


def Circles() -> Packed:
    """pzprjs ``Circle``: 0 none, 1 white, 2 black; three cells a base-27 character."""
    return Packed(3, 3)


@frozen
class Map(CellCode):
    """``code`` with every non-empty cell value passed through ``decode`` on
    reading and ``encode`` on writing (``encode`` may raise :class:`Unfit`).
    Empty cells (``None``) pass unchanged (use :class:`Dict` to rename them)."""

    code: CellCode
    decode: Callable[[Any], Any]
    encode: Callable[[Any], Any]

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        return [(v if v is None else self.decode(v), at)
                for v, at in self.code.decode_cells(reader, n)]

    def encode_cells(self, values: list) -> str:
        return self.code.encode_cells([v if v is None else self.encode(v) for v in values])


@frozen
class Dict(CellCode):
    """``code`` with values translated by ``table`` (code value -> genre
    value) and back by its inverse; values not in the table pass unchanged.

    >>> Dict(Number16(), {None: 0}).encode_cells([0, 5, 0])
    'g5g'
    """

    code: CellCode
    table: dict

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        t = self.table
        return [(t.get(v, v), at) for v, at in self.code.decode_cells(reader, n)]

    def encode_cells(self, values: list) -> str:
        back = {v: k for k, v in self.table.items()}
        try:
            raw = [back.get(v, v) for v in values]
        except TypeError:  # an unhashable value
            raise Unfit("a cell value has no form here") from None
        return self.code.encode_cells(raw)


# -- parts: what a body holds -----------------------------------------------------
class Part:
    """A piece of a body over a board of ``cols`` x ``rows`` cells."""

    def decode(self, reader: Reader, cols: int, rows: int) -> Any:
        raise NotImplementedError

    def encode(self, value: Any, cols: int, rows: int) -> str:
        raise NotImplementedError

    def decode_text(self, text: str, cols: int, rows: int) -> tuple[Reader, Any]:
        """Decode all of ``text`` (a BodyError if anything is left over)."""
        reader = Reader(text)
        value = self.decode(reader, cols, rows)
        rest = text[reader.pos:]
        if rest.strip("/"):
            raise BodyError(f"unexpected `{text[reader.pos]}` after the last cell: the body"
                            f" is complete", reader.pos)
        return reader, value

    def encode_value(self, value: Any, cols: int, rows: int) -> str:
        return self.encode(value, cols, rows)


def _rows(value: Any, cols: int, rows: int, what: str) -> list:
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

    def decode(self, reader: Reader, cols: int, rows: int) -> tuple:
        flat = self.code.decode_cells(reader, cols * rows)
        reader._cells = (cols, [at for _, at in flat])
        values = [v for v, _ in flat]
        return tuple(tuple(values[r * cols:(r + 1) * cols]) for r in range(rows))

    def encode(self, value: Any, cols: int, rows: int) -> str:
        return self.code.encode_cells(_rows(value, cols, rows, "grid"))


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

    def decode(self, reader: Reader, cols: int, rows: int) -> tuple:
        bits = Packed(2, 5)
        v = [b for b, _ in bits.decode_cells(reader, (cols - 1) * rows)]
        h = [b for b, _ in bits.decode_cells(reader, cols * (rows - 1))]
        vertical = tuple(tuple(bool(x) for x in v[r * (cols - 1):(r + 1) * (cols - 1)])
                         for r in range(rows))
        horizontal = tuple(tuple(bool(x) for x in h[r * cols:(r + 1) * cols])
                           for r in range(rows - 1))
        return vertical, horizontal

    def encode(self, value: Any, cols: int, rows: int) -> str:
        try:
            vertical, horizontal = value
        except (TypeError, ValueError):
            raise Unfit("borders are a pair (vertical, horizontal)") from None
        v = [int(bool(b)) for b in _rows(vertical, cols - 1, rows, "vertical walls")]
        h = [int(bool(b)) for b in _rows(horizontal, cols, rows - 1, "horizontal walls")]
        bits = Packed(2, 5)
        return bits.encode_cells(v) + bits.encode_cells(h)


@frozen
class Seq(Part):
    """Parts one after the other; the value is the tuple of their values."""

    parts: tuple

    def __init__(self, *parts: Part) -> None:
        object.__setattr__(self, "parts", parts)

    def decode(self, reader: Reader, cols: int, rows: int) -> tuple:
        return tuple(p.decode(reader, cols, rows) for p in self.parts)

    def encode(self, value: Any, cols: int, rows: int) -> str:
        if not isinstance(value, tuple) or len(value) != len(self.parts):
            raise Unfit(f"expected {len(self.parts)} values")
        return "".join(p.encode(v, cols, rows) for p, v in zip(self.parts, value))


# -- genre codecs -----------------------------------------------------------------
def _no_where(message: str, r: int | None = None, c: int | None = None) -> InputError:
    return InputError(message)


@frozen
class Board:
    """What a genre's ``build`` receives and its ``split`` returns."""

    cols: int
    rows: int
    value: Any
    flags: str = ""
    where: Callable[..., InputError] = field(default=_no_where, compare=False, repr=False)


@frozen
class Codec:
    """One pzprjs genre (with its aliases) <-> a satlink ``Instance``."""

    names: tuple[str, ...]
    body: Part
    build: Callable[[Board], Any]
    split: Callable[[Any], Board]
    flags: str = ""
    ignore: str = ""
    square: bool = False

    def codecs(self) -> tuple["Codec", ...]:
        return (self,)

    def decode(self, board: Board, body: str) -> tuple[Reader, Board]:
        """The board with ``value`` filled from ``body`` (a BodyError if malformed)."""
        reader, value = self.body.decode_text(body, board.cols, board.rows)
        return reader, Board(board.cols, board.rows, value, board.flags, board.where)

    def encode(self, inst: Any) -> tuple[str, Board, str]:
        """(genre name, board, body) of ``inst``; :class:`Unfit` if it has none."""
        board = self.split(inst)
        flags = "".join(f for f in self.flags if f in board.flags)
        body = self.body.encode_value(board.value, board.cols, board.rows)
        return self.names[0], Board(board.cols, board.rows, board.value, flags), body


@frozen
class Choice:
    """Several pzprjs genres that read into one satlink genre."""

    options: tuple[Codec, ...]

    def __init__(self, *options: Codec) -> None:
        object.__setattr__(self, "options", options)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for o in self.options for n in o.names)

    def codecs(self) -> tuple[Codec, ...]:
        return self.options

    def encode(self, inst: Any) -> tuple[str, Board, str]:
        reasons = []
        for option in self.options:
            try:
                return option.encode(inst)
            except Unfit as exc:
                reasons.append(f"{option.names[0]}: {exc}")
        raise Unfit("; ".join(reasons))


# -- Kakuro ---------------------------------------------------------------------------
def _kakuro_value(reader: Reader, what: str) -> int | None:
    """pzprjs kakuro's ``decval``: ``0``-``9``, ``a``-``j`` (10-19), ``A``-``Z``
    (20-45); 0 and ``-`` mean no total."""
    ch = reader.take(f"the URL ends inside {what}")
    if ch.isdigit() or "a" <= ch <= "j":
        v = int(ch, 36)
    elif "A" <= ch <= "Z":
        v = int(ch, 36) + 10
    elif ch == "-":
        v = 0
    else:
        raise BodyError(f"`{ch}` is not a Kakuro total (0-9, a-j, A-Z)", reader.pos - 1)
    return v or None


def _kakuro_char(v: int | None) -> str:
    if v is None:
        return "0"
    if not isinstance(v, int) or not 1 <= v <= 45:
        raise Unfit(f"{v!r} is not a total 1-45")
    return _DIGITS36[v] if v < 20 else _DIGITS36[v - 10].upper()


@frozen
class KakuroCells(Part):
    """pzprjs ``kakuro``: the board's cells in reading order, a black cell
    as ``.`` (no totals) or two total characters (down, then right), runs of
    1-16 white cells as ``k``-``z``; then the totals outside the board: the
    down total above each column whose first cell is white, the right total
    left of each row whose first cell is white. The value is ``(cells, top,
    left)``: ``cells[r][c]`` None (white) or ``(down, right)``, totals None
    when absent; ``top[c]`` and ``left[r]`` likewise (None where the first
    cell is black).

    >>> part = KakuroCells()   # pzprjs test/script/kakuro.js
    >>> cells, top, left = part.decode_text("48la0.na0lh3l0Bn.0cl.c4a3", 5, 5)[1]
    >>> cells[0][:2], top, left
    (((4, 8), None), (None, 12, 4, None, None), (None, 10, 3, None, None))
    >>> part.encode((cells, top, left), 5, 5)
    '48la0.na0lh3l0Bn.0cl.c4a3'
    """

    def decode(self, reader: Reader, cols: int, rows: int) -> tuple:
        n, flat, offsets = cols * rows, [], []
        while len(flat) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(flat), n))
            if "k" <= ch <= "z":
                k = ord(ch) - ord("k") + 1
                if len(flat) + k > n:
                    raise BodyError(f"`{ch}` skips {k} cells, but only {n - len(flat)} remain",
                                    at)
                flat += [None] * k
                offsets += [at] * k
            elif ch == ".":
                flat.append((None, None))
                offsets.append(at)
            else:
                reader.pos = at
                down = _kakuro_value(reader, "a black cell's totals")
                flat.append((down, _kakuro_value(reader, "a black cell's totals")))
                offsets.append(at)
        reader._cells = (cols, offsets)
        cells = tuple(tuple(flat[r * cols:(r + 1) * cols]) for r in range(rows))
        top = tuple(_kakuro_value(reader, "the totals above the board")
                    if cells[0][c] is None else None for c in range(cols))
        left = tuple(_kakuro_value(reader, "the totals left of the board")
                     if cells[r][0] is None else None for r in range(rows))
        return cells, top, left

    def encode(self, value: Any, cols: int, rows: int) -> str:
        cells, top, left = value
        flat, out, count = _rows(cells, cols, rows, "grid"), [], 0
        for v in flat:
            if v is None:
                count += 1
                if count == 16:
                    out.append("z")
                    count = 0
                continue
            if count:
                out.append(chr(ord("k") + count - 1))
                count = 0
            out.append("." if v == (None, None) else _kakuro_char(v[0]) + _kakuro_char(v[1]))
        if count:
            out.append(chr(ord("k") + count - 1))
        out += [_kakuro_char(top[c]) for c in range(cols) if flat[c] is None]
        out += [_kakuro_char(left[r]) for r in range(rows) if flat[r * cols] is None]
        return "".join(out)


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

    def decode(self, reader: Reader, cols: int, rows: int) -> tuple:
        vertical, horizontal = Borders().decode(reader, cols, rows)
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

    def encode(self, value: Any, cols: int, rows: int) -> str:
        grid = _rows(value, cols, rows, "regions")
        if any(v is None for v in grid):
            raise Unfit("every cell lies in a region on puzz.link")
        at = [grid[r * cols:(r + 1) * cols] for r in range(rows)]
        vertical = [[row[c] != row[c + 1] for c in range(cols - 1)] for row in at]
        horizontal = [[at[r][c] != at[r + 1][c] for c in range(cols)] for r in range(rows - 1)]
        return Borders().encode((vertical, horizontal), cols, rows)


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

    def decode(self, reader: Reader, cols: int, rows: int) -> tuple:
        regions = Regions().decode(reader, cols, rows)
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

    def encode(self, value: Any, cols: int, rows: int) -> str:
        try:
            regions, numbers = value
        except (TypeError, ValueError):
            raise Unfit("room numbers are a pair (regions, numbers)") from None
        return Regions().encode(regions, cols, rows) + self.code.encode_cells(list(numbers))


# -- Castle Wall: a shade digit before each arrow clue ---------------------------------------
class ShadedArrows(ArrowNumber16):
    """pzprjs ``castle``: each clue cell is its shade (``0`` grey, ``1``
    white, ``2`` black) followed by an :class:`ArrowNumber16` token; skips
    ``a``-``z``. A value is ``(shade, Arrow)``.

    >>> Cells(ShadedArrows()).decode_text("c230021k111a210f", 5, 5)[1][0]   # pzprjs castle.js
    (None, None, None, (2, Arrow(direction=3, number=0)), (0, Arrow(direction=2, number=1)))
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if "a" <= ch <= "z":
                out.extend([(None, at)] * _skip(reader, ch, "a", len(out), n))
                continue
            if ch not in "012":
                raise BodyError(f"`{ch}` is not a shade (0-2) or a skip letter a-z", at)
            if reader.at_end() or not (reader.text[reader.pos] in "0123456789-"):
                raise BodyError("an arrow (0-9, `-`) must follow the shade", reader.pos)
            (arrow, _), = super().decode_cells(reader, 1)
            out.append(((int(ch), arrow), at))
        return out

    def encode_cells(self, values: list) -> str:
        out: list[str] = []
        run = 0
        for v in values:
            if v is None:
                run += 1
                continue
            shade, arrow = v
            _skips(out, run, "a", 26)
            run = 0
            out.append(f"{shade}{super().encode_cells([arrow])}")
        _skips(out, run, "a", 26)
        return "".join(out)


# -- a part pzprjs leaves out when it holds nothing (``encodeBinary(..., skipnone)``) -------------
@frozen
class Skippable(Part):
    """``part`` of a :class:`Cells` grid, written only when some cell is not
    None and read as all None when the body ends before it (pzprjs's
    ``encodeEmpty``: Double Back's and Simple Loop's black cells).

    >>> Skippable(Cells(Packed(2, 5))).encode(((None, None),), 2, 1)
    ''
    >>> Skippable(Cells(Packed(2, 5))).decode_text("", 2, 1)[1]
    ((None, None),)
    """

    part: Part

    def decode(self, reader: Reader, cols: int, rows: int) -> Any:
        if reader.at_end() or reader.text[reader.pos:].strip("/") == "":
            return tuple((None,) * cols for _ in range(rows))
        return self.part.decode(reader, cols, rows)

    def encode(self, value: Any, cols: int, rows: int) -> str:
        if all(v is None for row in value for v in row):
            return ""
        return self.part.encode(value, cols, rows)


# -- Hitori: base-36 numbers per cell ----------------------------------------------------
@frozen
class Base36(CellCode):
    """pzprjs ``decodeHitori``: a number per cell, ``0``-``z`` (base 36) or
    ``-`` and two base-36 digits (36-1295); ``.`` an empty cell; ``@`` or
    ``%`` a number not shown (``question``, refused unless allowed).

    >>> Base36().encode_cells([1, 10, None, 40])
    '1a.-14'
    >>> [v for v, _ in Base36().decode_cells(Reader("1a.-14"), 4)]
    [1, 10, None, 40]
    """

    low: int = 0
    question: bool = False
    what: str = "number"

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if "0" <= ch <= "9" or "a" <= ch <= "z":
                v: Any = int(ch, 36)
            elif ch == "-":
                digits = "".join(reader.take("the body ends inside a `-` number") for _ in range(2))
                try:
                    v = int(digits, 36)
                except ValueError:
                    raise BodyError(f"`-{digits}` is not a two-digit base-36 number", at) from None
            elif ch in "@%":
                if not self.question:
                    raise BodyError(f"`{ch}` ({self.what} not shown) is not allowed here", at)
                v = QUESTION
            elif ch == ".":
                v = None
            else:
                raise BodyError(f"`{ch}` is not a number (0-z, -xx), `.` or `@`", at)
            if v not in (None, QUESTION) and v < self.low:
                raise BodyError(f"{self.what} {v} is below {self.low}", at)
            out.append((v, at))
        return out

    def encode_cells(self, values: list) -> str:
        out = []
        for v in values:
            if v is None:
                out.append(".")
            elif v == QUESTION:
                if not self.question:
                    raise Unfit(f"a {self.what} not shown (`?`) has no form here")
                out.append("@")
            elif isinstance(v, int) and 0 <= v < 36:
                out.append(_base36(v))
            elif isinstance(v, int) and 36 <= v < 1296:
                out.append("-" + _base36(v // 36) + _base36(v % 36))
            else:
                raise Unfit(f"{self.what} {v} is outside 0-1295")
        return "".join(out)


def _base36(v: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[v]


# -- Galaxies (tentaisho) ---------------------------------------------------------------
@frozen
class StarDots(Part):
    """pzprjs ``decodeDot`` over the inner lattice points (tentaisho), then
    its optional empty-cell bits: the value is the stars ``((y, x), v)``
    in reading order, (y, x) in half-cell units (pzprjs's bx, by) and v 1
    (white) or 2 (black). A hex digit d puts star ``d % 2 + 1`` at the
    current point and skips ``d >> 1`` empty points after it (7 may run
    past the end); ``g``-``z`` skip 1-20 points. Empty cells (a bit set
    after the stars) are refused.

    >>> StarDots().decode_text("ae", 2, 2)[1]
    (((1, 1), 1), ((3, 1), 1))
    >>> StarDots().encode((((1, 1), 1), ((3, 1), 1)), 2, 2)
    'ae'
    """

    def decode(self, reader: Reader, cols: int, rows: int) -> tuple:
        width, n = 2 * cols - 1, (2 * cols - 1) * (2 * rows - 1)
        out, s = [], 0
        while s < n:
            at = reader.pos
            ch = reader.take(f"the URL ends after {s} of {n} points")
            if ch in _HEX:
                d = int(ch, 16)
                out.append(((s // width + 1, s % width + 1), d % 2 + 1))
                s += (d >> 1) + 1
            elif "g" <= ch <= "z":
                k = int(ch, 36) - 15
                if s + k > n:
                    raise BodyError(f"`{ch}` skips {k} points, but only {n - s} remain", at)
                s += k
            else:
                raise BodyError(f"`{ch}` is not a star (0-f) or a skip (g-z)", at)
        if not reader.at_end() and reader.text[reader.pos] != "/":
            at = reader.pos
            bits = Packed(2, 5).decode_cells(reader, cols * rows)
            if any(b for b, _ in bits):
                raise BodyError("empty cells (pzprjs's `empty`) are not a Galaxies rule", at)
        return tuple(out)

    def encode(self, value: Any, cols: int, rows: int) -> str:
        width, n = 2 * cols - 1, (2 * cols - 1) * (2 * rows - 1)
        star = {}
        for (y, x), v in value:
            if not (1 <= y < 2 * rows and 1 <= x < 2 * cols) or v not in (1, 2):
                raise Unfit(f"no star {v!r} at {(y, x)} on a {cols} x {rows} board")
            star[(y - 1) * width + x - 1] = v
        out, count, s = [], 0, 0
        while s < n:
            code = ""
            if s in star:
                gap = next((i for i in range(1, 8) if s + i < n and s + i in star), None)
                if gap is None:
                    code, s = format(13 + star[s], "x"), s + 7
                else:
                    code, s = format(2 * (gap - 1) + star[s] - 1, "x"), s + gap - 1
            else:
                count += 1
            if count == 0:
                out.append(code)
            elif code or count == 20:
                out.append(_DIGITS36[count + 15] + code)
                count = 0
            s += 1
        if count:
            out.append(_DIGITS36[count + 15])
        return "".join(out)


# -- Nawabari (fivecells) ----------------------------------------------------------------
@frozen
class Number10(CellCode):
    """pzprjs ``decodeFivecells`` (nawabari): ``0``-``9`` a number (up to
    ``high``), ``.`` a number not shown, ``a``-``z`` a run of 1-26 empty
    cells; ``7`` is a cell outside the board there (fivecells), which
    these genres have not: an error when ``high`` is below 7.

    >>> Number10(high=4).encode_cells([None, 0, None, None, 1, "?"] + [None] * 30)
    'a0b1.zd'
    """

    high: int = 9
    what: str = "number"

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            if ch == ".":
                out.append((QUESTION, at))
            elif ch.isdigit() and int(ch) <= self.high:
                out.append((int(ch), at))
            elif ch == "7":
                raise BodyError("`7` (a cell outside the board) is not allowed here", at)
            elif ch.isdigit():
                raise BodyError(f"{self.what} {ch} is outside 0-{self.high}", at)
            elif "a" <= ch <= "z":
                out.extend([(None, at)] * _skip(reader, ch, "a", len(out), n))
            else:
                raise BodyError(f"`{ch}` is not a number (0-{self.high}), `.` or a skip"
                                " letter a-z", at)
        return out

    def encode_cells(self, values: list) -> str:
        out: list[str] = []
        run = 0
        for v in values:
            if v is None:
                run += 1
                continue
            if v != QUESTION and not (isinstance(v, int) and 0 <= v <= self.high):
                raise Unfit(f"{self.what} {v!r} is outside 0-{self.high}")
            _skips(out, run, "a", 26)
            run = 0
            out.append("." if v == QUESTION else str(v))
        _skips(out, run, "a", 26)
        return "".join(out)


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

    def decode(self, reader: Reader, cols: int, rows: int) -> tuple:
        values = [None if v == QUESTION else v
                  for v, _ in Number16().decode_cells(reader, cols + rows)]
        return tuple(values[:cols]), tuple(values[cols:])

    def encode(self, value: Any, cols: int, rows: int) -> str:
        try:
            top, left = value
        except (TypeError, ValueError):
            raise Unfit("numbers outside the board are a pair (columns, rows)") from None
        if len(top) != cols or len(left) != rows:
            raise Unfit(f"expected {cols} column and {rows} row numbers")
        return Number16().encode_cells(list(top) + list(left))


class OneCell(CellCode):
    """pzprjs ``1Cell``: the cells that hold the one value (True), sparse:
    ``0``-``h`` such a cell and 0-17 cells without it after it, ``i``-``z``
    1-18 cells without it (the last run may reach past the end).

    >>> OneCell().encode_cells([False, False, True] + [False] * 8 + [True] + [False] * 13)
    'j8d'
    """

    def decode_cells(self, reader: Reader, n: int) -> list[tuple[Any, int]]:
        out: list[tuple[Any, int]] = []
        while len(out) < n:
            at = reader.pos
            ch = reader.take(_cells_left(len(out), n))
            d = _DIGITS36.find(ch)
            if d < 0:
                raise BodyError(f"`{ch}` is not a cell code (0-9, a-z)", at)
            run = [(True, at)] + [(None, at)] * d if d < 18 else [(None, at)] * (d - 17)
            out += run[:n - len(out)]
        return out

    def encode_cells(self, values: list) -> str:
        out, count, have = [], -1, False
        for v in values:
            if v is True:
                if count >= 0:
                    out.append(_DIGITS36[count if have else count + 18])
                have, count = True, 0
                continue
            if v not in (None, False):
                raise Unfit(f"{v!r} is not a cell of one value")
            count += 1
            if count == 17:
                out.append(_DIGITS36[17 if have else 35])
                have, count = False, -1
        if count >= 0:
            out.append(_DIGITS36[count if have else count + 18])
        return "".join(out)


@frozen
class Count(Part):
    """A whole number and `/` before the rest of the body (Star Battle's
    stars per line: ``1/`` then the borders).

    >>> Count().decode_text("12/", 6, 6)[1]
    12
    """

    def decode(self, reader: Reader, cols: int, rows: int) -> int:
        start = reader.pos
        while not reader.at_end() and reader.text[reader.pos].isdigit():
            reader.pos += 1
        digits = reader.text[start:reader.pos]
        if not digits or reader.at_end() or reader.text[reader.pos] != "/":
            raise BodyError("expected a number and `/` here", reader.pos)
        reader.pos += 1
        return int(digits)

    def encode(self, value: Any, cols: int, rows: int) -> str:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise Unfit(f"{value!r} is not a count")
        return f"{value}/"

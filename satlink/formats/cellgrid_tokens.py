"""One cell's token read and written: :class:`Tokens` (a genre's table of
glyphs, numbers and composite tokens, with messages in the genre's own
words), :class:`CellError` (an error at a cell, placed at its token by the
layout), and the two helpers of a genre's ``build`` and ``split``:
:func:`given` (the filled cells of a grid of values) and :func:`board`
(a grid of values from the filled cells). Part of the cell-grid text kit,
:mod:`satlink.formats.cellgrid`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import field
from itertools import repeat
from typing import Any

from ..errors import InputError
from ..document import Token
from ..numerals import is_natural, natural
from ..records import frozen

Values = tuple[tuple[Any, ...], ...]  # values[r][c]: a cell's value, None when empty


class CellError(InputError):
    """An error about cell ``(r, c)`` raised by a genre's ``build`` or an
    :class:`Answer`'s ``read``; the layout reports it at the cell's token
    (in ``block``, the first block when None)."""

    def __init__(self, message: str, cell: tuple[int, int], block: str | None = None):
        super().__init__(message)
        self.cell, self.block = cell, block


# the name genres import it by (satlink.formats.cellgrid), also in tracebacks and doctests
CellError.__module__ = "satlink.formats.cellgrid"


#: What no table holds (a value may be None).
_UNSEEN = object()


@frozen
class Tokens:
    """How one cell's token reads, tried in this order (after lower-casing
    the token when ``fold``): ``empty`` glyphs (value None; the first is
    printed), ``values`` and ``aliases`` (glyph -> value; printing uses the
    ``values`` glyph, so give each value one there), a whole number in
    ``numbers`` (lo, hi), then ``parse(text)`` (a value, None when the text
    is not such a token, or ValueError with a message). ``show(value)``
    prints what ``parse`` reads. Values must be hashable.

    Errors: "`q` at row 2, column 2 is not ``what``: expected ``expect``";
    a number out of range "clue 5 at row 1, column 2 is above 4: ``why``"
    (the noun is ``what`` without its article)."""

    expect: str
    what: str | None = None
    empty: tuple[str, ...] = (".", "-")
    values: Mapping[str, Any] = field(default_factory=dict)
    aliases: Mapping[str, Any] = field(default_factory=dict)
    numbers: tuple[int, int] | None = None
    why: str = ""
    parse: Callable[[str], Any] | None = None
    show: Callable[[Any], str] | None = None
    fold: bool = True

    def __post_init__(self) -> None:
        table = {g: None for g in self.empty}
        table.update(self.aliases)
        table.update(self.values)
        object.__setattr__(self, "_table", table)
        glyph: dict[Any, str] = {}
        for g, v in self.values.items():
            glyph.setdefault(v, g)
        object.__setattr__(self, "_glyph", glyph)

    def read(self, tok: Token, r: int, c: int, error, where: str = "") -> Any:
        """The value of ``tok`` at row ``r``, column ``c`` (0-based);
        ``error(message, pos)`` builds the InputError, ``where`` follows
        the cell in messages (" of the solution")."""
        t = tok.text.lower() if self.fold else tok.text
        v = self._table.get(t, _UNSEEN)  # type: ignore[attr-defined]
        if v is not _UNSEEN:
            return v
        return self._beyond(tok, t, f"at row {r + 1}, column {c + 1}{where}", error)

    def word(self, tok: Token, at: str, error) -> Any:
        """The value of ``tok``; ``at`` says where it stands in messages
        ("at row 2, column 3", "in the `fill` line")."""
        t = tok.text.lower() if self.fold else tok.text
        v = self._table.get(t, _UNSEEN)  # type: ignore[attr-defined]
        if v is not _UNSEEN:
            return v
        return self._beyond(tok, t, at, error)

    def _beyond(self, tok: Token, t: str, at: str, error) -> Any:
        """The value of a token ``t`` (its text, folded) that is not in the
        table: a number, ``parse``'s value, or the error."""
        if self.numbers is not None and is_natural(t):
            v, (lo, hi) = natural(t), self.numbers
            if not lo <= v <= hi:
                noun = (self.what or "number").split(" ", 1)[-1]
                side = f"above {hi}" if v > hi else f"below {lo}"
                why = f": {self.why}" if self.why else ""
                raise error(f"{noun} {v} {at} is {side}{why}", tok.pos)
            return v
        if self.parse is not None:
            try:
                v = self.parse(t)
            except ValueError as exc:
                raise error(f"`{tok.text}` {at}: {exc}", tok.pos) from None
            if v is not None:
                return v
        what = f" is not {self.what}" if self.what else ""
        raise error(f"`{tok.text}` {at}{what}: expected {self.expect}", tok.pos)

    def text(self, value: Any) -> str:
        """The canonical token of ``value`` (what :meth:`read` reads back as it)."""
        if value is None:
            return self.empty[0]
        glyph = self._glyph.get(value)  # type: ignore[attr-defined]
        if glyph is not None:
            return glyph
        if (self.numbers is not None and isinstance(value, int) and not isinstance(value, bool)
                and self.numbers[0] <= value <= self.numbers[1]):
            return str(value)
        if self.show is not None:
            return self.show(value)
        raise ValueError(f"{value!r} has no token (expected {self.expect})")

    def rows(self, body, error, where: str = "") -> Values:
        """A grid of values from rows of tokens (as :meth:`read` reads each).
        A text read once is looked up after that: the table of this call
        learns each number and ``parse`` value, which depend on the text
        alone; the messages of a token that fails name its own cell."""
        known = dict(self._table)  # type: ignore[attr-defined]
        fold, out, get = self.fold, [], known.get
        for r, row in enumerate(body):
            # a row whose texts are all known is looked up at C speed (by
            # hand for speed: grid text's rows give their texts as ``words``)
            texts = getattr(row, "words", None)
            if texts is None:
                texts = [tok.text for tok in row]
            values = tuple(map(get, map(str.lower, texts) if fold else texts, repeat(_UNSEEN)))
            if _UNSEEN in values:  # the texts met first: each read, or its error
                values = list(values)  # type: ignore[assignment]
                for c, v in enumerate(values):
                    if v is _UNSEEN:
                        t = texts[c].lower() if fold else texts[c]
                        v = known.get(t, _UNSEEN)  # learnt by a cell left of it?
                        if v is _UNSEEN:
                            v = known[t] = self._beyond(
                                row[c], t, f"at row {r + 1}, column {c + 1}{where}", error)
                        values[c] = v  # type: ignore[index]
                values = tuple(values)
            out.append(values)
        return tuple(out)


def given(grid: Values) -> Iterator[tuple[tuple[int, int], Any]]:
    """The filled cells of a grid of values: ``((r, c), value)`` in row order.

    >>> list(given(((None, "w"), ("b", None))))
    [((0, 1), 'w'), ((1, 0), 'b')]
    """
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v is not None:
                yield (r, c), v


def board(rows: int, cols: int, values: Mapping[tuple[int, int], Any]) -> Values:
    """A ``rows`` x ``cols`` grid of values from the filled cells.

    >>> board(2, 2, {(0, 1): "w"})
    ((None, 'w'), (None, None))
    """
    return tuple(tuple(values.get((r, c)) for c in range(cols)) for r in range(rows))

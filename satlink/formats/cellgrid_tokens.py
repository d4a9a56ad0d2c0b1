"""One cell's token read and written: :class:`Tokens` (a genre's table of
glyphs, numbers and composite tokens, with messages in the genre's own
words), :class:`CellError` (an error at a cell, placed at its token by the
layout), and the two helpers of a genre's ``build`` and ``split``:
:func:`given` (the filled cells of a grid of values) and :func:`board`
(a grid of values from the filled cells). Part of the cell-grid text kit,
:mod:`satlink.formats.cellgrid`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field
from itertools import chain
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


class _Refused(Exception):
    """A token no :class:`Tokens` reads: ``say(text, at)`` is the message."""

    def __init__(self, say: Callable[[str, str], str]) -> None:
        super().__init__()
        self.say = say


#: What no table holds (a value may be None).
_UNSEEN = object()
#: How many numbers of a :class:`Tokens`' range :meth:`Tokens.rows` knows before it reads one.
_SEEDED = 100


@frozen
class Tokens:
    """How one cell's token reads, tried in this order (after lower-casing
    the token when ``fold``): ``empty`` glyphs (value None; the first is
    printed), ``values`` and ``aliases`` (glyph -> value; printing uses the
    ``values`` glyph, so give each value one there), a whole number in
    ``numbers`` (lo, hi), then ``parse(text)`` (a value, None when the text
    is not such a token, or ValueError with a message). ``show(value)``
    prints what ``parse`` reads. Values must be hashable. ``known``: texts
    read once when the table is made (the ones a grid is likely to hold:
    speed only).

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
    #: texts read once, here (as numbers or by ``parse``), that :meth:`rows`
    #: then looks up as it looks up glyphs: speed only, the values are the same
    known: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        table = {g: None for g in self.empty}
        table.update(self.aliases)
        table.update(self.values)
        object.__setattr__(self, "_table", table)
        glyph: dict[Any, str] = {}
        for g, v in self.values.items():
            glyph.setdefault(v, g)
        object.__setattr__(self, "_glyph", glyph)
        # what :meth:`rows` looks a text up by as written, not folded: the
        # table's glyphs that fold to themselves, over the ``known`` texts and
        # up to :data:`_SEEDED` canonical numbers of ``numbers``, each with the
        # value ``_beyond`` gives it (by hand for speed: no fold and no
        # ``_beyond`` per cell)
        raw: dict[str, Any] = {}
        if self.numbers is not None:
            lo, hi = self.numbers
            raw.update((str(n), n) for n in range(max(lo, 0), min(hi, max(lo, 0) + _SEEDED - 1) + 1))
        for t in self.known:
            if not self.fold or t.lower() == t:
                try:
                    raw[t] = self._value(t)
                except _Refused:  # read (and refused) where it stands
                    pass
        raw.update((g, v) for g, v in table.items() if not self.fold or g.lower() == g)
        object.__setattr__(self, "_raw", raw)

    def read(self, tok: Token, r: int, c: int, error, where: str = "") -> Any:
        """The value of ``tok`` at row ``r``, column ``c`` (0-based);
        ``error(message, pos)`` builds the InputError, ``where`` follows
        the cell in messages (" of the solution")."""
        v = self._raw.get(tok.text, _UNSEEN)  # type: ignore[attr-defined]
        if v is not _UNSEEN:
            return v
        t = tok.text.lower() if self.fold else tok.text
        v = self._table.get(t, _UNSEEN)  # type: ignore[attr-defined]
        if v is not _UNSEEN:
            return v
        return self._beyond(tok, t, f"at row {r + 1}, column {c + 1}{where}", error)

    def word(self, tok: Token, at: str, error) -> Any:
        """The value of ``tok``; ``at`` says where it stands in messages
        ("at row 2, column 3", "in the `fill` line")."""
        v = self._raw.get(tok.text, _UNSEEN)  # type: ignore[attr-defined]
        if v is not _UNSEEN:
            return v
        t = tok.text.lower() if self.fold else tok.text
        v = self._table.get(t, _UNSEEN)  # type: ignore[attr-defined]
        if v is not _UNSEEN:
            return v
        return self._beyond(tok, t, at, error)

    def _beyond(self, tok: Token, t: str, at: str, error) -> Any:
        """The value of a token ``t`` (its text, folded) that is not in the
        table: a number, ``parse``'s value, or the error."""
        try:
            return self._value(t)
        except _Refused as exc:
            say = exc.say
        # raised outside the handler, so that the error chains nothing: a
        # chained _Refused holds a closure, and where tblib pickles chains
        # (once distributed is imported) the error could not travel from a child
        raise error(say(tok.text, at), tok.pos)

    def _value(self, t: str) -> Any:
        """:meth:`_beyond`'s value, or :class:`_Refused` with its message
        (no message and no position made for a token that reads)."""
        if self.numbers is not None and is_natural(t):
            v, (lo, hi) = natural(t), self.numbers
            if not lo <= v <= hi:
                noun = (self.what or "number").split(" ", 1)[-1]
                side = f"above {hi}" if v > hi else f"below {lo}"
                why = f": {self.why}" if self.why else ""
                raise _Refused(lambda text, at: f"{noun} {v} {at} is {side}{why}")
            return v
        if self.parse is not None:
            try:
                v = self.parse(t)
            except ValueError as exc:
                raise _Refused(lambda text, at, exc=exc: f"`{text}` {at}: {exc}") from None
            if v is not None:
                return v
        what = f" is not {self.what}" if self.what else ""
        raise _Refused(lambda text, at: f"`{text}` {at}{what}: expected {self.expect}")

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
        # by hand for speed: every row looked up at C speed (a grid text's
        # block gives its rows' texts as ``texts``, a row its own as
        # ``words``: no row or token made); where a text is not
        # known yet, each such text is read once, at its first cell in reading
        # order (where the error of one that fails points, as when each cell
        # was read in turn), then the rows are looked up again
        # the table itself first: copied (the copy learns) only when a text is new
        texts = getattr(body, "texts", None) or [getattr(row, "words", None)
                                                 or [tok.text for tok in row] for row in body]
        try:
            look = self._raw.__getitem__  # type: ignore[attr-defined]  # text as written -> value
            return tuple([tuple(map(look, words)) for words in texts])
        except KeyError:
            pass  # (read outside the handler: an error it raises chains nothing)
        return self.learned(body, error, where, texts)

    def learned(self, body, error, where: str = "", texts=None) -> Values:
        """:meth:`rows` where a text of ``body`` is not in the table (the
        lookup of the rows as written failed): each new text read once;
        ``texts``, the rows' words, when the caller has them."""
        if texts is None:
            texts = getattr(body, "texts", None) or [getattr(row, "words", None)
                                                     or [tok.text for tok in row] for row in body]
        raw = dict(self._raw)  # type: ignore[attr-defined]
        look = raw.__getitem__
        new = set(chain.from_iterable(texts)).difference(raw)
        known = dict(self._table)  # type: ignore[attr-defined]  # the folded text -> value
        for r, words in enumerate(texts):
            here = new.intersection(words)
            new -= here
            for c in sorted(map(words.index, here)):
                w = words[c]
                t = w.lower() if self.fold else w
                v = known.get(t, _UNSEEN)
                if v is _UNSEEN:
                    try:
                        v = known[t] = self._value(t)
                    except _Refused as exc:
                        say = exc.say
                    else:
                        raw[w] = v
                        continue
                    # outside the handler: nothing chained (see :meth:`_beyond`)
                    raise error(say(w, f"at row {r + 1}, column {c + 1}{where}"), body[r][c].pos)
                raw[w] = v
            if not new:
                break
        return tuple([tuple(map(look, words)) for words in texts])


def given(grid: Values) -> list[tuple[tuple[int, int], Any]]:
    """The filled cells of a grid of values: ``((r, c), value)`` in row order
    (a list: a generator cost a resumption per cell).

    >>> given(((None, "w"), ("b", None)))
    [((0, 1), 'w'), ((1, 0), 'b')]
    """
    return [((r, c), v) for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None]


def board(rows: int, cols: int, values: Mapping[tuple[int, int], Any]) -> Values:
    """A ``rows`` x ``cols`` grid of values from the filled cells.

    >>> board(2, 2, {(0, 1): "w"})
    ((None, 'w'), (None, None))
    """
    return tuple(tuple(values.get((r, c)) for c in range(cols)) for r in range(rows))

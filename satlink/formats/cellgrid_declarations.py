"""What a cell-grid :class:`~satlink.formats.cellgrid.Layout` is declared
with besides its blocks' :class:`~satlink.formats.cellgrid_tokens.Tokens`:
the `solution` block (:class:`Answer`, or :class:`Records` one per line),
the janko grid text (:class:`Janko`, with a :class:`Tail` of the first
line), and the header's keyword lines (:class:`Keyword`, :data:`REQUIRED`,
:data:`YES_NO`). Plain records; :mod:`satlink.formats.cellgrid_layout`
reads and writes with them.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field
from typing import Any

from ..document import Token, pos_of
from ..errors import Pos
from ..records import frozen
from .cellgrid_tokens import Tokens, Values


@frozen
class Answer:
    """The `solution` block: its ``tokens``, ``read(grid) -> solution``
    (``read(grid, inst)`` when ``with_instance``: a solution that only
    the puzzle makes sense of, such as Numberlink's paths from each label's
    first end) and ``write(inst, solution) -> grid``; ``read`` may raise
    :class:`CellError` (reported at that cell of the block)."""

    tokens: Tokens
    read: Callable[..., Any]
    write: Callable[[Any, Any], Values]
    with_instance: bool = False


@frozen
class Records:
    """A `solution` block written one record per line instead of a grid
    (Hashi's bridges, `1 1 1 4 2`): ``read(inst, rows) -> solution`` gets
    each line's token texts and may raise :class:`CellError` with cell
    ``(line, token)``; ``write(inst, solution)`` gives each record's texts.
    ``what`` names one record in messages ("bridge")."""

    read: Callable[[Any, list[tuple[str, ...]]], Any]
    write: Callable[[Any, Any], list[list[str]]]
    what: str = "record"


@frozen
class Janko:
    """The janko / puzzlekit grid text: `ROWS COLS`, then the blocks' rows
    one block after the other, read with ``tokens`` (one table per block,
    or one for a single block); a published solution with ``solution``
    (the :class:`Answer`'s own tokens when None), lines after its grid
    ignored when ``trailing``. ``read(values, inst)``: a published solution
    that reads otherwise than the `solution` block (Hashi's drawn bridges
    against its bridge records), from the values of ``solution``;
    ``keywords``: the values of the layout's :class:`Keyword` lines that the
    grid text implies (it has no such lines; the others take their
    defaults). Some keyword values are written in the grid text all the
    same: ``header`` names keywords of one word each written after `ROWS
    COLS` in the first line (Star Battle's `ROWS COLS N`: `stars`), and
    ``lines`` keywords whose words fill a line each after the header,
    before the blocks, in this order (Tents: the `cols` tallies, then
    `rows`); ``tail``, a :class:`Tail`, takes the header's words after
    those, as many as there are (Battleship's fleet counts)."""

    tokens: Tokens | tuple[Tokens, ...]
    solution: Tokens | None = None
    trailing: bool = False
    read: Callable[[Values, Any], Any] | None = None
    keywords: Mapping[str, Any] = field(default_factory=dict)
    header: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    tail: Tail | None = None


@frozen
class Tail:
    """A variable-length end of the grid text's first line: the words after
    `ROWS COLS` and the :attr:`Janko.header` words, none or more, each read
    with ``tokens``. ``read(values)`` makes the value of the layout's keyword
    ``keyword`` from them, ``write(value)`` gives them back; ``what`` names
    them in the header's message. Battleship's `ROWS COLS N1 N2 ...` (N_L
    ships of length L) is its `fleet`. An error of ``build`` about the
    keyword (a :class:`CellError` with ``block`` the keyword, ``cell`` (0,
    i)) points at word i.

    >>> from satlink.formats.grid_text import split
    >>> from satlink.formats.cellgrid import Layout
    >>> N = Tokens(what="a count", expect="a number", numbers=(0, 9))
    >>> demo = Layout("demo", 9, {"grid": N}, keywords={"fleet": Keyword(N, count=None)},
    ...               build=lambda rows, cols, grid, fleet: (rows, cols, grid, fleet),
    ...               split=lambda inst: (*inst[:3], {"fleet": inst[3]}),
    ...               janko=Janko(N, tail=Tail("fleet", N, read=tuple, write=tuple, what="N...")))
    >>> demo.from_grid_text(split("1 2 3 0 1\\n- 1\\n"))
    (1, 2, ((None, 1),), (3, 0, 1))
    >>> demo.to_grid_text((1, 2, ((None, 1),), (3, 0, 1)))
    '1 2 3 0 1\\n. 1\\n'
    >>> demo.from_grid_text(split("1 2 3 10\\n- 1\\n", "t.txt"))
    Traceback (most recent call last):
    satlink.errors.InputError: t.txt:1:7: count 10 in the first line (word 4) is above 9
    """

    keyword: str
    tokens: Tokens
    read: Callable[[tuple], Any]
    write: Callable[[Any], tuple]
    what: str = "..."


#: :attr:`Keyword.default` of a line that must be given.
REQUIRED = object()


#: The words of a yes-or-no keyword line (`diagonals yes`).
YES_NO = Tokens(what="`yes` or `no`", expect="`yes` or `no`", values={"yes": True, "no": False})


@frozen
class Keyword:
    """A keyword line of the `.pzl` header, after `size` and before the
    blocks: `fill all`, `touch no`, `box 3x2`, `fleet 1x4 2x3`, `rows 2 4 3`.

    Its words read with ``tokens``; ``count`` says how many there are: 1
    (the value is that word's value), ``"rows"`` or ``"cols"`` (one per row
    or column of the board, a tally line; the value is a tuple) or None
    (one or more; a tuple). ``default`` is the value when the line is
    absent (:data:`REQUIRED`: it must be given); the line is printed
    unless its value is the default, or always when ``always``. Errors
    point at the word: "`some` in the `fill` line: expected `all` (every
    cell used) or `any` (cells may stay empty)".

    >>> FILL = Keyword(Tokens(expect="`all` or `any`", values={"all": "all", "any": "any"}),
    ...                default="all", always=True)

    ``check(value, rows, cols)``: what is wrong with a value read on a
    board of that size (a message, reported at the line's first word), or
    None; it runs before the blocks are read (Sudoku's `box 4x2` on `size 6`).
    """

    tokens: Tokens
    count: int | str | None = 1
    default: Any = REQUIRED
    always: bool = False
    check: Callable[[Any, int, int], str | None] | None = None

    def read(self, keyword: str, entry, rows: int, cols: int, error) -> Any:
        """The value of ``entry`` (a keyword line of the Document; None
        when absent: the default); ``error(message, pos)`` builds the
        InputError."""
        if entry is None:
            return self.default
        if entry.is_block:
            raise error(f"`{keyword}` takes its values on its own line, not in rows below it",
                        entry.rows[0][0].pos)
        return self.words(keyword, entry.values, rows, cols, error, entry.pos)

    def words(self, keyword: str, words, rows: int, cols: int, error,
              pos: Pos | Token | Callable[[], Pos]) -> Any:
        """The value of the tokens ``words`` of line ``keyword``, their
        number checked (``pos``: where the line starts, a Pos or a token or
        a function that gives it, asked for a message only)."""
        texts = getattr(words, "words", None) or [w.text for w in words]
        want = {"rows": rows, "cols": cols}.get(self.count, self.count)
        if want is not None and len(texts) != want:
            if self.count == 1:
                what = f"`{keyword}` takes one word, not {len(texts)}"
            else:
                side = "row" if self.count == "rows" else "column"
                what = f"`{keyword}` has {len(texts)} values, the board {want} {side}s"
            raise error(what, words[want].pos if len(texts) > want else pos_of(pos))
        if not texts:
            raise error(f"`{keyword}` needs at least one value", pos_of(pos))
        try:  # each word as written in the table (Tokens.word looks there first)
            values = tuple(map(self.tokens._raw.__getitem__, texts))  # type: ignore[attr-defined]
        except KeyError:  # each read in turn: a message names its word
            values = tuple(self.tokens.word(
                w, f"in the `{keyword}` line" + (f" (value {i + 1})" if len(texts) > 1 else ""),
                error) for i, w in enumerate(words))
        value = values[0] if self.count == 1 else values
        wrong = self.check(value, rows, cols) if self.check is not None else None
        if wrong:
            raise error(wrong, words[0].pos)
        return value

    def line(self, keyword: str, value: Any) -> str | None:
        """The line that reads back as ``value`` (None: not printed)."""
        if value == self.default and not self.always:
            return None
        words = [value] if self.count == 1 else list(value)
        return " ".join([keyword, *(self.tokens.text(v) for v in words)])

"""Cell-grid genres in text, declared once: `.pzl` and janko grid text.

Most genres give one token per cell: a Masyu pearl, a Yajilin arrow, a
Slitherlink number, and write their solution the same way (a loop cell's
two directions, `x` for a shaded cell). A genre declares its tokens and
blocks once, as a :class:`Layout`, hands it to its genre object as
``text`` (:class:`satlink.genre.Genre`), and gets from it:

- ``check_header(doc)``: the `size` line, before the rows are parsed;
- ``from_document(doc)``: `size C x R` (or `size N`), the blocks, the
  optional `solution` block checked too, the Instance from ``build``;
- ``expected_solution(doc, inst=None)``: the `solution` block;
- ``to_pzl(inst, solution=None)``: the canonical text (printing what
  was read reads back the same instance, and prints the same text again);
- ``from_grid_text(grid)``: janko / puzzlekit grid text (`ROWS COLS`,
  then the rows), with the janko token tables;
- ``solution_from_grid_text(grid, inst)``: a published solution in grid
  text (:class:`~satlink.formats.grid_text.GridText` or its text);
- ``to_grid_text(inst)``: the puzzle as grid text (for tests and tools).

Every error names the file, line and column of its token, in the
genre's own words: "`q` at row 2, column 2 is not a pearl: expected `w`
(white), `b` (black) or `.` (empty)".

How a genre declares its text
-----------------------------
A :class:`Tokens` table reads one cell's token: ``empty`` glyphs (None),
``values`` (glyph -> value; ``aliases`` are other glyphs read the same),
``numbers`` in a range (``(0, 4)``, with ``why`` for the message), and
``parse``/``show`` for composite tokens such as Yajilin's `2e`. ``what``
and ``expect`` word the error. :data:`LOOP` reads a loop cell's two
directions (`se`, `ns`; `.` off the loop), :func:`loop_edges` and
:func:`loop_grid` turn such rows into loop edges and back, and
:data:`LOOP_SOLUTION` is the whole `solution` block of a cell-loop genre.

``build(rows, cols, grid, ...)`` makes the Instance from one grid of
values per block (a tuple of row tuples, None for an empty cell; the
helper :func:`given` yields the filled cells) and ``split(inst)`` gives
those arguments back. Either may raise :class:`CellError` (message,
cell): the error then points at that cell's token. An :class:`Answer`
reads and writes the `solution` block the same way (a :class:`Records`
reads one record per line instead, Hashi's bridges); :class:`Janko` gives
the grid-text token tables (and ``read``, a published solution written
otherwise than the `solution` block)::

    from ..formats.cellgrid import LOOP_SOLUTION, Janko, Layout, Tokens, board, given

    PEARLS = Tokens(what="a pearl", expect="`w` (white), `b` (black) or `.` (empty)",
                    values={"w": WHITE, "b": BLACK}, aliases={"1": WHITE, "2": BLACK})
    FORMAT = Layout(
        "masyu", MAX_SIDE, {"grid": PEARLS},
        build=lambda rows, cols, grid: Instance(rows, cols, tuple(
            Pearl(cell, v) for cell, v in given(grid))),
        split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.pearls))),
        solution=LOOP_SOLUTION, janko=Janko(PEARLS),
    )
    GENRE = Genre(name="masyu", ..., text=FORMAT, ...)

A small genre in full (a clue 0-2 per cell, a solution of shaded cells):

>>> from satlink.lang import parse_text
>>> DOTS = Tokens(what="a clue", expect="0-2 or `.`", numbers=(0, 2), why="at most two")
>>> SHADE = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
>>> demo = Layout("demo", 9, {"grid": DOTS},
...               build=lambda rows, cols, grid: (rows, cols, grid),
...               split=lambda inst: inst,
...               solution=Answer(SHADE, read=lambda g: frozenset(c for c, _ in given(g)),
...                               write=lambda inst, sol: board(inst[0], inst[1],
...                                                             dict.fromkeys(sol, True))))
>>> doc = parse_text("puzzle demo\\nsize 3 x 1\\ngrid\\n  1 . 2\\nsolution\\n  . x .\\n", "d.pzl")
>>> demo.from_document(doc), demo.expected_solution(doc)
((1, 3, ((1, None, 2),)), frozenset({(0, 1)}))
>>> print(demo.to_pzl(demo.from_document(doc), frozenset({(0, 1)})), end="")
puzzle demo
size 3 x 1
grid
  1 . 2
solution
  . x .
>>> demo.from_document(parse_text("puzzle demo\\nsize 3 x 1\\ngrid\\n  1 3 .\\n", "d.pzl"))
Traceback (most recent call last):
satlink.errors.InputError: d.pzl:4:5: clue 3 at row 1, column 2 is above 2: at most two
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import field, replace
from typing import Any

from ..errors import InputError, Pos
from ..lang import Document, Token, format_rows, is_natural, natural
from ..records import frozen
from ..rules.grid import exits

Values = tuple[tuple[Any, ...], ...]  # values[r][c]: a cell's value, None when empty

__all__ = ["LOOP", "REQUIRED", "Answer", "CellError", "Janko", "Keyword", "Layout", "Tail", "Tokens",
           "board", "given", "loop_edges", "loop_grid", "REGIONS", "region_grid"]


class CellError(InputError):
    """An error about cell ``(r, c)`` raised by a genre's ``build`` or an
    :class:`Answer`'s ``read``; the layout reports it at the cell's token
    (in ``block``, the first block when None)."""

    def __init__(self, message: str, cell: tuple[int, int], block: str | None = None):
        super().__init__(message)
        self.cell, self.block = cell, block


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
        fold, out = self.fold, []
        for r, row in enumerate(body):
            values = []
            for c, tok in enumerate(row):
                t = tok.text.lower() if fold else tok.text
                v = known.get(t, _UNSEEN)
                if v is _UNSEEN:
                    v = known[t] = self._beyond(tok, t, f"at row {r + 1}, column {c + 1}{where}",
                                                error)
                values.append(v)
            out.append(tuple(values))
        return tuple(out)


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

    def words(self, keyword: str, words, rows: int, cols: int, error, pos: Pos) -> Any:
        """The value of the tokens ``words`` of line ``keyword``, their
        number checked (``pos``: where the line starts)."""
        want = {"rows": rows, "cols": cols}.get(self.count, self.count)
        if want is not None and len(words) != want:
            if self.count == 1:
                what = f"`{keyword}` takes one word, not {len(words)}"
            else:
                side = "row" if self.count == "rows" else "column"
                what = f"`{keyword}` has {len(words)} values, the board {want} {side}s"
            raise error(what, words[want].pos if len(words) > want else pos)
        if not words:
            raise error(f"`{keyword}` needs at least one value", pos)
        values = tuple(self.tokens.word(
            w, f"in the `{keyword}` line" + (f" (value {i + 1})" if len(words) > 1 else ""),
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


@frozen
class Layout:
    """One genre's text: ``name`` (written after `puzzle`), ``max_side``,
    ``blocks`` (keyword -> :class:`Tokens`, in file order), ``build(rows,
    cols, grid, ...)`` -> Instance and ``split(inst)`` -> those arguments,
    the optional `solution` :class:`Answer`, the optional :class:`Janko`
    grid text, ``square`` (`size N`, rows = columns).

    ``keywords`` (keyword -> :class:`Keyword`, in file order) declares the
    header's keyword lines; ``build`` then takes their values as keyword
    arguments (``build(rows, cols, grid, fill="all")``) and ``split`` returns
    them as a dict after the grids (``(rows, cols, grid, {"fill": "all"})``).
    ``max_cells`` (optional) bounds rows x columns as well as each side."""

    name: str
    max_side: int
    blocks: Mapping[str, Tokens]
    build: Callable[..., Any]
    split: Callable[[Any], tuple]
    solution: Answer | Records | None = None
    janko: Janko | None = None
    square: bool = False
    keywords: Mapping[str, Keyword] = field(default_factory=dict)
    max_cells: int | None = None

    def _parts(self, inst) -> tuple[int, int, list, dict]:
        """``split(inst)`` as (rows, cols, grids, keyword values)."""
        rows, cols, *rest = self.split(inst)
        if self.keywords:
            return rows, cols, rest[:-1], rest[-1]
        return rows, cols, rest, {}

    # -- .pzl ------------------------------------------------------------------------------
    def check_header(self, doc: Document) -> tuple[int, int]:
        """(rows, columns) of the `size` line, checked (also on a
        header-only Document: a board too large is refused at once)."""
        cols, rows = doc.board_size(self.max_side)
        if self.square and cols != rows:
            e = doc.entry("size")
            raise doc.error(f"a {self.name} board is square: expected `size N`,"
                            f" not {cols} x {rows}", e.values[0].pos)
        if self.max_cells is not None and cols * rows > self.max_cells:
            raise doc.error(f"size {cols} x {rows} has {cols * rows} cells; satlink accepts"
                            f" at most {self.max_cells}", doc.entry("size").values[0].pos)
        return rows, cols

    def from_document(self, doc: Document):
        """The Instance of a .pzl Document (its `solution` block checked too)."""
        doc.check_keywords({"size", *self.keywords, *self.blocks,
                            *(("solution",) if self.solution else ())})
        rows, cols = self.check_header(doc)
        values = {kw: k.read(kw, doc.entry(kw, required=k.default is REQUIRED), rows, cols,
                             doc.error) for kw, k in self.keywords.items()}
        bodies = [doc.block_rows(doc.entry(kw, required=True), rows, cols) for kw in self.blocks]
        words = {kw: doc.entry(kw).values for kw in self.keywords if doc.entry(kw) is not None}
        inst = self.read(rows, cols, bodies, doc.error, doc.entry("size").pos, values=values,
                         words=words)
        self.expected_solution(doc, inst)
        return inst

    def expected_solution(self, doc: Document, inst=None):
        """The `solution` block read by the :class:`Answer`, None without one."""
        e = doc.entry("solution") if self.solution else None
        if e is None:
            return None
        if isinstance(self.solution, Records):
            if e.values:
                raise doc.error(f"`solution` takes no values; put one {self.solution.what}"
                                " per line below", e.values[0].pos)
            inst = self.from_document(doc) if inst is None else inst
            try:
                return self.solution.read(inst, [tuple(t.text for t in row) for row in e.rows])
            except CellError as exc:
                raise _placed(exc, e.rows, doc.error, e.pos) from None
        if inst is None and self.solution.with_instance:
            inst = self.from_document(doc)
        if inst is not None:
            rows, cols = self.split(inst)[:2]
        else:
            rows, cols = self.check_header(doc)
        body = doc.block_rows(e, rows, cols)
        return self._answer(body, doc.error, e.pos, inst=inst)

    def to_pzl(self, inst, solution=None) -> str:
        """Canonical .pzl text; ``from_document`` reads it back as ``inst``."""
        rows, cols, grids, values = self._parts(inst)
        size = f"size {cols}" if self.square else f"size {cols} x {rows}"
        lines = [f"puzzle {self.name}", size]
        for kw, keyword in self.keywords.items():
            line = keyword.line(kw, values[kw])
            if line is not None:
                lines.append(line)
        for (kw, tokens), grid in zip(self.blocks.items(), grids):
            lines.append(kw)
            lines += format_rows([[tokens.text(v) for v in row] for row in grid])
        if solution is not None and isinstance(self.solution, Records):
            lines.append("solution")
            lines += ["  " + " ".join(rec) for rec in self.solution.write(inst, solution)]
        elif solution is not None and self.solution is not None:
            lines.append("solution")
            lines += format_rows([[self.solution.tokens.text(v) for v in row]
                                  for row in self.solution.write(inst, solution)])
        return "\n".join(lines) + "\n"

    # -- janko / puzzlekit grid text --------------------------------------------------------
    @property
    def reads_grid_text(self) -> bool:
        """The layout declares janko grid-text tokens."""
        return self.janko is not None

    @property
    def reads_published_solutions(self) -> bool:
        """It reads a published solution in grid text too."""
        return self.janko is not None and self.solution is not None

    def _janko_tokens(self) -> tuple[Tokens, ...]:
        if self.janko is None:
            raise AttributeError(f"{self.name} declares no grid-text tokens")
        t = self.janko.tokens
        return t if isinstance(t, tuple) else (t,)

    def _janko_size(self, grid) -> tuple[int, int]:
        rows, cols = grid.header_ints(2)[:2]
        if not (1 <= cols <= self.max_side and 1 <= rows <= self.max_side):
            raise grid.error(f"size {rows} x {cols} (rows x columns) is outside"
                             f" 1..{self.max_side}", grid.lines[0][0].pos)
        if self.square and rows != cols:
            raise grid.error(f"a {self.name} board is square, not {rows} x {cols}",
                             grid.lines[0][0].pos)
        if self.max_cells is not None and rows * cols > self.max_cells:
            raise grid.error(f"size {rows} x {cols} has {rows * cols} cells; satlink accepts"
                             f" at most {self.max_cells}", grid.lines[0][0].pos)
        return rows, cols

    def from_grid_text(self, grid):
        """The Instance of janko grid text: `ROWS COLS`, then each block's rows."""
        tables = self._janko_tokens()
        rows, cols = self._janko_size(grid)
        values = {kw: self.janko.keywords.get(kw, k.default) for kw, k in self.keywords.items()}
        words = self._janko_keywords(grid, rows, cols, values)
        bodies = []
        for i in range(len(tables)):
            start = 1 + len(self.janko.lines) + i * rows
            view = grid if i == len(tables) - 1 else replace(grid, lines=grid.lines[:start + rows])
            bodies.append(view.grid(start, rows, cols))
        return self.read(rows, cols, bodies, grid.error, grid.lines[0][0].pos, tables, values,
                         words)

    def _janko_keywords(self, grid, rows: int, cols: int, values: dict) -> dict:
        """Read the keyword values written in the grid text (:attr:`Janko.header`
        after `ROWS COLS`, :attr:`Janko.lines` after the header) into
        ``values``; their tokens by keyword."""
        head, janko = grid.lines[0], self.janko
        fixed = 2 + len(janko.header)
        if (len(head) < fixed if janko.tail else janko.header and len(head) != fixed):
            more = "".join(f" {kw.upper()}" for kw in janko.header)
            more += f" {janko.tail.what}" if janko.tail else ""
            raise grid.error(f"the first line must be `ROWS COLS{more}`", head[0].pos)
        words = {kw: [tok] for kw, tok in zip(janko.header, head[2:])}
        for i, kw in enumerate(janko.lines):
            if len(grid.lines) <= 1 + i:
                raise grid.error(f"expected the `{kw}` line after the header", head[0].pos)
            words[kw] = grid.lines[1 + i]
        for kw, toks in words.items():
            values[kw] = self.keywords[kw].words(kw, toks, rows, cols, grid.error, toks[0].pos)
        if janko.tail is not None:
            toks = words[janko.tail.keyword] = head[fixed:]
            values[janko.tail.keyword] = janko.tail.read(tuple(
                janko.tail.tokens.word(t, f"in the first line (word {fixed + i + 1})", grid.error)
                for i, t in enumerate(toks)))
        return words

    def solution_from_grid_text(self, grid, inst):
        """A published solution in grid text (a GridText, or its text):
        `ROWS COLS` as the puzzle's, then one token per cell."""
        if isinstance(grid, str):
            from .grid_text import split

            grid = split(grid, "<solution>")
        if self.solution is None or self.janko is None:
            raise AttributeError(f"{self.name} declares no grid-text solution")
        rows, cols = grid.header_ints(2, "`ROWS COLS` of the solution")[:2]
        want = tuple(self.split(inst)[:2])
        if (rows, cols) != want:
            raise grid.error(f"the solution is {rows} x {cols} (rows x columns), the puzzle"
                             f" {want[0]} x {want[1]}", grid.lines[0][0].pos)
        view = replace(grid, lines=grid.lines[:1 + rows]) if self.janko.trailing else grid
        body = view.grid(1, rows, cols)
        if self.janko.read is not None:
            values = self.janko.solution.rows(body, grid.error, " of the solution")
            try:
                return self.janko.read(values, inst)
            except CellError as exc:
                raise _placed(exc, body, grid.error, grid.lines[0][0].pos) from None
        return self._answer(body, grid.error, grid.lines[0][0].pos, self.janko.solution, inst)

    def to_grid_text(self, inst) -> str:
        """The puzzle as janko grid text (`from_grid_text` reads it back)."""
        tables = self._janko_tokens()
        rows, cols, grids, values = self._parts(inst)
        keys = self.keywords
        lines = [" ".join([str(rows), str(cols), *(keys[kw].tokens.text(values[kw])
                                                   for kw in self.janko.header)])]
        tail = self.janko.tail
        if tail is not None:
            lines[0] += "".join(f" {tail.tokens.text(v)}" for v in tail.write(values[tail.keyword]))
        lines += [" ".join(keys[kw].tokens.text(v) for v in values[kw]) for kw in self.janko.lines]
        for tokens, grid in zip(tables, grids):
            lines += [" ".join(tokens.text(v) for v in row) for row in grid]
        return "\n".join(lines) + "\n"

    # -- shared ---------------------------------------------------------------------------
    def read(self, rows: int, cols: int, bodies, error, fallback: Pos, tables=None,
             values=None, words=None):
        """The Instance from rows of tokens, one body per block, each read
        with ``tables`` (default: the blocks' own); a :class:`CellError` of
        ``build`` is reported at its token, another InputError without a
        position at ``fallback``. For readers of other formats of the genre
        (Hashi's `.has`). ``values``: the keyword lines' values, passed to
        ``build`` by name; ``words``: their tokens by keyword, where a
        :class:`CellError` whose ``block`` is a keyword points (at word
        ``cell[1]``)."""
        tables = self.blocks.values() if tables is None else tables
        grids = [t.rows(body, error) for t, body in zip(tables, bodies)]
        names = list(self.blocks)
        try:
            return self.build(rows, cols, *grids, **(values or {}))
        except CellError as exc:
            if words and exc.block in words:
                raise _placed(exc, [words[exc.block]], error, fallback) from None
            body = bodies[names.index(exc.block) if exc.block in names else 0]
            raise _placed(exc, body, error, fallback) from None
        except InputError as exc:
            if exc.pos.line:
                raise
            raise error(exc.message, fallback) from None

    def _answer(self, body, error, fallback: Pos, tokens: Tokens | None = None, inst=None):
        grid = (tokens or self.solution.tokens).rows(body, error, " of the solution")
        try:
            if self.solution.with_instance:
                return self.solution.read(grid, inst)
            return self.solution.read(grid)
        except CellError as exc:
            raise _placed(exc, body, error, fallback) from None


def _placed(exc: CellError, body, error, fallback: Pos) -> InputError:
    r, c = exc.cell
    if 0 <= r < len(body) and 0 <= c < len(body[r]):
        return error(exc.message, body[r][c].pos)
    return error(exc.message, fallback)


# -- helpers for build and split ----------------------------------------------------------
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


# -- loops through cell centres ----------------------------------------------------------------
def _piece(text: str) -> str | None:
    if len(text) == 2 and text[0] != text[1] and set(text) <= set("nesw"):
        return "".join(d for d in "nsew" if d in text)
    return None


#: A loop cell: two directions of n, e, s, w in any order (read as
#: :data:`satlink.rules.loops.PIECES`, `es` as `se`), `.` or `-` off the loop.
LOOP = Tokens(expect="two directions of n, e, s, w (`se`, `ns`, ...) or `.` (off the loop)",
              parse=_piece, show=str)
#: The `solution` block (and janko's published solution) of a genre whose
#: answer is a loop through cell centres (its edges) on ``inst.rows`` x
#: ``inst.cols``: each cell's two directions, `.` off the loop.
LOOP_SOLUTION = Answer(LOOP, read=lambda grid: loop_edges(grid),
                       write=lambda inst, edges: loop_grid(inst.rows, inst.cols, edges))


def loop_edges(grid: Values) -> frozenset:
    """The loop edges of a grid of :data:`LOOP` values (other values, such as
    a shaded cell's, are off the loop); each edge must be named at both ends.

    >>> sorted(loop_edges((("se", "sw"), ("ne", "nw"))))[:2]
    [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    """
    from ..rules.loops import PIECES  # here: rules.loops (the loop rules) is no reader's
    from .exits import edges_of  # exits builds on this module's Tokens and Answer

    return edges_of(tuple(tuple(v if v in PIECES else None for v in row) for row in grid),
                    "solution", "line")


def loop_grid(rows: int, cols: int, edges) -> Values:
    """Each cell's :data:`LOOP` value: the loop's two directions there, or None."""
    on = edges if isinstance(edges, (set, frozenset)) else frozenset(edges)
    return tuple(tuple(exits(on, (r, c)) or None for c in range(cols)) for r in range(rows))


# -- regions given cell by cell ------------------------------------------------------------------
def _region_name(text: str) -> str | None:
    return text if text.isalnum() else None


#: A region block: each cell's region name (letters or digits, as janko
#: numbers them), `@` a black cell that lies in no region.
REGIONS = Tokens(what="a region name", expect="a region name (letters or digits) or `@` (a black"
                 " cell, in no region)", empty=("@",), parse=_region_name, show=str, fold=False)


def region_grid(grid: Values) -> Values:
    """The regions of a grid of region names, numbered 0, 1, ... in reading
    order of their first cells (None, a black cell, stays None): the
    canonical form, so that names do not matter. A :class:`CellError`
    (block `regions`) when the cells of one name are not orthogonally
    connected.

    >>> region_grid((("b", "b", "a"), (None, "a", "a")))
    ((0, 0, 1), (None, 1, 1))
    >>> region_grid((("a", "b", "a"),))
    Traceback (most recent call last):
    satlink.formats.cellgrid.CellError: <input>: region `a` is not connected: r1c3 is apart from r1c1
    """
    rows, cols = len(grid), len(grid[0]) if grid else 0
    flat: list = []  # the cells as points r * cols + c: no tuple per cell or neighbour
    for row in grid:
        flat += row[:cols]
    if len(flat) != rows * cols:
        raise IndexError("the rows of the region grid differ in length")
    out: list[int | None] = [None] * len(flat)  # the region number; None: not reached yet
    number: dict[Any, int] = {}
    first: dict[Any, int] = {}
    last_row = len(flat) - cols
    for p, name in enumerate(flat):
        if name is None or out[p] is not None:
            continue
        if name in number:
            (r, c), (a, b) = divmod(p, cols), divmod(first[name], cols)
            raise CellError(f"region `{name}` is not connected: r{r + 1}c{c + 1} is apart"
                            f" from r{a + 1}c{b + 1}", (r, c), "regions")
        k = out[p] = number[name] = len(number)
        first[name] = p
        todo = [p]
        while todo:
            q = todo.pop()
            if q >= cols and out[q - cols] is None and flat[q - cols] == name:
                out[q - cols] = k
                todo.append(q - cols)
            if q < last_row and out[q + cols] is None and flat[q + cols] == name:
                out[q + cols] = k
                todo.append(q + cols)
            if q % cols:
                if out[q - 1] is None and flat[q - 1] == name:
                    out[q - 1] = k
                    todo.append(q - 1)
            if (q + 1) % cols and out[q + 1] is None and flat[q + 1] == name:
                out[q + 1] = k
                todo.append(q + 1)
    return tuple(tuple(out[r * cols:r * cols + cols]) for r in range(rows))

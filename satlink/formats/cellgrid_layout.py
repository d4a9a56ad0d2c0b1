"""The cell-grid :class:`Layout`: one genre's text declared once, read and
written as `.pzl` and as janko / puzzlekit grid text, every error at its
token (see :mod:`satlink.formats.cellgrid`, which describes the kit).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, replace
from typing import Any

from ..errors import InputError, Pos
from ..canonical_pzl import format_rows
from ..document import Document, Token, pos_of
from ..numerals import is_natural, natural
from ..records import frozen
from .cellgrid_declarations import REQUIRED, Answer, Janko, Keyword, Records
from .cellgrid_tokens import CellError, Tokens

#: The sizes 1 to 100 as written (canonical numerals) -> their values.
_SIDES = {str(n): n for n in range(1, 101)}


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
        rows, cols = doc.board_size(self.max_side)
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
        size = self._sound_size(grid, len(tables))
        if size is None:  # something is wrong: the checks one by one find it
            return self._checked_grid_text(grid, tables)
        rows, cols = size
        janko = self.janko
        if not self.keywords:  # no keyword: the blocks' rows looked up at once
            inst = self._plain(grid, rows, cols, tables)
            if inst is not None:
                return inst
        values = {kw: self.janko.keywords.get(kw, k.default) for kw, k in self.keywords.items()}
        words = self._janko_keywords(grid, rows, cols, values) \
            if janko.header or janko.lines or janko.tail else {}
        bodies = [grid.block(start, rows)
                  for start in range(1 + len(janko.lines), len(grid.texts()), rows)]
        return self.read(rows, cols, bodies, grid.error, lambda: grid.lines[0][0].pos, tables,
                         values, words)

    def _plain(self, grid, rows: int, cols: int, tables):
        """The Instance of sound grid text without keywords when ``build``
        accepts its grids; None when it refuses them (then :meth:`read` reads
        the blocks again, its error at its token). By hand for speed: each
        block's rows looked up at once in its table as written (where a text
        is not there, read by :meth:`Tokens.rows`), no object a block (a
        small board's layout code was half its parse, apart from the genre's)."""
        texts, grids = grid.texts(), []
        start = 1 + len(self.janko.lines)
        for table in tables:
            look = table._raw.__getitem__  # text as written -> value
            try:
                grids.append(tuple([tuple(map(look, words))
                                    for words in texts[start:start + rows]]))
            except KeyError:  # a text to read, or to refuse at its token (not looked up again)
                grids.append(None)
            if grids[-1] is None:  # (read outside the handler: an error it raises chains nothing)
                grids[-1] = table.learned(grid.block(start, rows), grid.error)
            start += rows
        try:
            return self.build(rows, cols, *grids)
        except InputError:  # a CellError too: placed by read
            return None

    def _checked_grid_text(self, grid, tables):
        """:meth:`from_grid_text` checking the text step by step, each
        message at its token."""
        rows, cols = self._janko_size(grid)
        values = {kw: self.janko.keywords.get(kw, k.default) for kw, k in self.keywords.items()}
        words = self._janko_keywords(grid, rows, cols, values)
        bodies = []
        for i in range(len(tables)):
            start = 1 + len(self.janko.lines) + i * rows
            view = grid if i == len(tables) - 1 else replace(grid, lines=grid.lines[:start + rows])
            bodies.append(view.grid(start, rows, cols))
        return self.read(rows, cols, bodies, grid.error, grid.lines[0][0], tables, values,
                         words)

    def _sound_size(self, grid, blocks: int) -> tuple[int, int] | None:
        """(rows, columns) of grid text whose checks before the tokens'
        (:meth:`_checked_grid_text`: `ROWS COLS` and the header's words,
        the size's bounds, the keyword lines, ``blocks`` blocks of as many
        lines of as many words, nothing after them) all pass, which then
        need not be made one by one; None when one fails. By hand for speed:
        the checks at C speed, no token made (the text's checks were a
        third of a small board's parse)."""
        texts = grid.texts()
        head = texts[0] if texts else ()
        if len(head) < 2 or not all(map(is_natural, head)):
            return None
        # the usual sizes looked up, not converted: by hand for speed, no int()
        # in a parse (nothing else of a parse runs its C code, cold in every
        # board's: 1.4 % of a cold parse's cache misses, parse_cachegrind.py)
        rows = _SIDES.get(head[0]) or natural(head[0])
        cols = _SIDES.get(head[1]) or natural(head[1])
        janko = self.janko
        fixed, start = 2 + len(janko.header), 1 + len(janko.lines)
        if not (1 <= cols <= self.max_side and 1 <= rows <= self.max_side) \
                or (self.square and rows != cols) \
                or (self.max_cells is not None and rows * cols > self.max_cells) \
                or (len(head) < fixed if janko.tail else janko.header and len(head) != fixed) \
                or len(texts) != start + blocks * rows \
                or list(map(len, texts[start:])).count(cols) != blocks * rows:
            return None
        return rows, cols

    def _janko_keywords(self, grid, rows: int, cols: int, values: dict) -> dict:
        """Read the keyword values written in the grid text (:attr:`Janko.header`
        after `ROWS COLS`, :attr:`Janko.lines` after the header) into
        ``values``; their tokens by keyword."""
        head, janko = grid.line(0), self.janko
        fixed = 2 + len(janko.header)
        if (len(head) < fixed if janko.tail else janko.header and len(head) != fixed):
            more = "".join(f" {kw.upper()}" for kw in janko.header)
            more += f" {janko.tail.what}" if janko.tail else ""
            raise grid.error(f"the first line must be `ROWS COLS{more}`", head[0].pos)
        words = {kw: [tok] for kw, tok in zip(janko.header, head[2:])}
        for i, kw in enumerate(janko.lines):
            if len(grid.texts()) <= 1 + i:
                raise grid.error(f"expected the `{kw}` line after the header", head[0].pos)
            words[kw] = grid.line(1 + i)
        for kw, toks in words.items():
            values[kw] = self.keywords[kw].words(kw, toks, rows, cols, grid.error, _first(toks))
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
    def read(self, rows: int, cols: int, bodies, error, fallback: Pos | Token | Callable[[], Pos],
             tables=None, values=None, words=None):
        """The Instance from rows of tokens, one body per block, each read
        with ``tables`` (default: the blocks' own); a :class:`CellError` of
        ``build`` is reported at its token, another InputError without a
        position at ``fallback`` (a Pos, or a token or a function: its
        position, found only for a message). For readers of other formats of the genre
        (Hashi's `.has`). ``values``: the keyword lines' values, passed to
        ``build`` by name; ``words``: their tokens by keyword, where a
        :class:`CellError` whose ``block`` is a keyword points (at word
        ``cell[1]``)."""
        tables = self.blocks.values() if tables is None else tables
        grids = [t.rows(body, error) for t, body in zip(tables, bodies)]
        try:
            return self.build(rows, cols, *grids, **(values or {}))
        except CellError as exc:
            fallback = pos_of(fallback)
            if words and exc.block in words:
                raise _placed(exc, [words[exc.block]], error, fallback) from None
            names = list(self.blocks)
            body = bodies[names.index(exc.block) if exc.block in names else 0]
            raise _placed(exc, body, error, fallback) from None
        except InputError as exc:
            if exc.pos.line:
                raise
            raise error(exc.message, pos_of(fallback)) from None

    def _answer(self, body, error, fallback: Pos, tokens: Tokens | None = None, inst=None):
        grid = (tokens or self.solution.tokens).rows(body, error, " of the solution")
        try:
            if self.solution.with_instance:
                return self.solution.read(grid, inst)
            return self.solution.read(grid)
        except CellError as exc:
            raise _placed(exc, body, error, fallback) from None


def _first(toks) -> Callable[[], Pos]:
    """The position of the first of ``toks``, found when asked for."""
    return lambda: toks[0].pos


def _placed(exc: CellError, body, error, fallback: Pos) -> InputError:
    r, c = exc.cell
    if 0 <= r < len(body) and 0 <= c < len(body[r]):
        return error(exc.message, body[r][c].pos)
    return error(exc.message, fallback)

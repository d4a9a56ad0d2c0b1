"""The text of a genre whose clues are lists of numbers per row and column
(Nonogram): `.pzl` and janko / puzzlekit grid text.

`.pzl`::

    puzzle nonogram
    size 5 x 3          (columns x rows)
    rows                (one line per row, top to bottom)
      2 1
      0                 (no run)
      ?                 (not shown)
    cols                (one line per column, left to right)
      1
      ...
    solution            (optional: `x` shaded, `.` white)
      x x . x .

Grid text (puzzlekit's Nonogram): `ROWS COLS`, then one line per column,
then one line per row, each the run lengths (`0`: none); a published
solution is `ROWS COLS` and a grid of `x` / `-`.

``build(rows, cols, row_clues, col_clues)`` makes the Instance (a clue a
tuple of lengths, None when not shown) and may raise :class:`ClueError`
naming a line; ``split(inst)`` gives those arguments back.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import InputError
from ..formats.cellgrid import Tokens, board, given
from ..formats.grid_text import texts_of
from ..canonical_pzl import format_rows
from ..document import Document, Token
from ..numerals import is_natural, natural

#: A cell of the `solution` block.
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
SIDES = {"row": "rows", "column": "cols"}


class ClueError(InputError):
    """An error about the clue of ``side`` (`row` or `column`) ``index``
    (0-based), reported at that clue's line."""

    def __init__(self, message: str, side: str, index: int):
        super().__init__(message)
        self.side, self.index = side, index


def read_clue(words: list[Token], what: str, error) -> tuple[int, ...] | None:
    """A line's run lengths: numbers 1 and up, `0` alone (no run), `?` alone
    (not shown)."""
    texts = texts_of(words)  # a grid-text line's texts: no token made unless one is wrong
    if texts == ["?"]:
        return None
    if texts == ["0"]:
        return ()
    if all(map(is_natural, texts)):
        clue = tuple(map(natural, texts))
        if 0 not in clue:
            return clue
    for w in words:
        if not is_natural(w.text):
            raise error(f"`{w.text}` in the clue of {what} is not a run length: expected"
                        " numbers, `0` (no run) or `?` (not shown)", w.pos)
        if natural(w.text) == 0:
            raise error(f"a run of length 0 in the clue of {what}: write `0` alone for a"
                        " line without runs", w.pos)
    return tuple(natural(t) for t in texts)


def write_clue(clue) -> list[str]:
    return ["?"] if clue is None else [str(b) for b in clue] or ["0"]


class LineCluesText:
    """A genre's text (:class:`satlink.genre.Text`) with these layouts."""

    def __init__(self, name: str, max_side: int, build: Callable[..., Any],
                 split: Callable[[Any], tuple]) -> None:
        self.name, self.max_side, self.build, self.split = name, max_side, build, split

    reads_grid_text = True
    reads_published_solutions = True

    def _make(self, rows: int, cols: int, lines: dict[str, list], error, fallback):
        """The Instance from each side's token lines (rows, columns)."""
        clues = {side: tuple(read_clue(words, f"{side} {i + 1}", error)
                             for i, words in enumerate(lines[side])) for side in SIDES}
        try:
            return self.build(rows, cols, clues["row"], clues["column"])
        except ClueError as exc:
            raise error(exc.message, lines[exc.side][exc.index][0].pos) from None
        except InputError as exc:
            raise error(exc.message, fallback) from None

    # -- .pzl ------------------------------------------------------------------------------
    def check_header(self, doc: Document) -> tuple[int, int]:
        return doc.board_size(self.max_side)

    def from_document(self, doc: Document):
        doc.check_keywords({"size", "rows", "cols", "solution"})
        rows, cols = self.check_header(doc)
        lines = {side: list(doc.block_rows(doc.entry(kw, required=True), n))
                 for (side, kw), n in zip(SIDES.items(), (rows, cols))}
        inst = self._make(rows, cols, lines, doc.error, doc.entry("size").pos)
        self.expected_solution(doc)
        return inst

    def expected_solution(self, doc: Document):
        e = doc.entry("solution")
        if e is None:
            return None
        rows, cols = self.check_header(doc)
        grid = SHADED.rows(doc.block_rows(e, rows, cols), doc.error, " of the solution")
        return frozenset(c for c, _ in given(grid))

    def to_pzl(self, inst, solution=None) -> str:
        rows, cols, row_clues, col_clues = self.split(inst)
        lines = [f"puzzle {self.name}", f"size {cols} x {rows}", "rows"]
        lines += ["  " + " ".join(write_clue(k)) for k in row_clues]
        lines.append("cols")
        lines += ["  " + " ".join(write_clue(k)) for k in col_clues]
        if solution is not None:
            lines.append("solution")
            lines += format_rows([[SHADED.text(v) for v in row] for row in
                                  board(rows, cols, dict.fromkeys(solution, True))])
        return "\n".join(lines) + "\n"

    # -- grid text ---------------------------------------------------------------------------
    def _size(self, grid) -> tuple[int, int]:
        rows, cols = grid.header_ints(2)[:2]
        if not (1 <= rows <= self.max_side and 1 <= cols <= self.max_side):
            raise grid.error(f"size {rows} x {cols} (rows x columns) is outside"
                             f" 1..{self.max_side}", grid.lines[0][0].pos)
        return rows, cols

    def from_grid_text(self, grid):
        rows, cols = self._size(grid)
        body = grid.lines[1:]
        if len(body) != rows + cols:
            at = body[rows + cols][0].pos if len(body) > rows + cols else grid.lines[-1][-1].pos
            raise grid.error(f"expected {cols} column clues then {rows} row clues, one line"
                             f" each; found {len(body)} lines", at)
        lines = {"row": body[cols:], "column": body[:cols]}
        return self._make(rows, cols, lines, grid.error, grid.lines[0][0].pos)

    def solution_from_grid_text(self, grid, inst):
        if isinstance(grid, str):
            from ..formats.grid_text import split as split_text

            grid = split_text(grid, "<solution>")
        rows, cols = grid.header_ints(2, "`ROWS COLS` of the solution")[:2]
        want = tuple(self.split(inst)[:2])
        if (rows, cols) != want:
            raise grid.error(f"the solution is {rows} x {cols} (rows x columns), the puzzle"
                             f" {want[0]} x {want[1]}", grid.lines[0][0].pos)
        values = SHADED.rows(grid.grid(1, rows, cols), grid.error, " of the solution")
        return frozenset(c for c, _ in given(values))

    def to_grid_text(self, inst) -> str:
        rows, cols, row_clues, col_clues = self.split(inst)
        if None in row_clues or None in col_clues:
            raise ValueError("grid text has no form for a line whose clue is not shown")
        lines = [f"{rows} {cols}"] + [" ".join(write_clue(k)) for k in col_clues + row_clues]
        return "\n".join(lines) + "\n"

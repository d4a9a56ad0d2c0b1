"""pzprjs URL body parts of the clue genres of branch clues3 (Nonogram, ...),
built on :mod:`satlink.formats.pzprjs`.

Facts of pzprjs (``src/puzzle/Board.js`` ``setposExCells``/``getex``,
``src/variety/nonogram.js``, ``src/variety-common/Encode.js``
``decodeNumber16ExCell``), written anew here.
"""
from __future__ import annotations

from typing import Any

from .pzprjs_numbers import QUESTION, Number16
from .pzprjs_parts import Part
from .pzprjs_stream import BodyError, Reader, Unfit


class LineClues(Part):
    """pzprjs ``nonogram``: the run lengths in the cells outside the board.
    Above the board, ``(rows + 1) // 2`` cells per column; left of it,
    ``(cols + 1) // 2`` per row. Columns come first, left to right, each
    column's cells from the board outwards; then the rows, top to bottom,
    each from the board outwards; all in :class:`Number16`. A line's last
    run sits next to the board. The value is ``(columns, rows)``, each
    line's runs in reading order (``()``: none).

    >>> cols, rows = LineClues().decode_text("12g1111h11112j12g11g21j11g3h", 6, 6)[1]
    >>> cols                                      # pzprjs test/script/nonogram.js
    ((2, 1), (1, 1, 1), (1,), (1, 1, 1), (2, 1), ())
    >>> rows
    ((2, 1), (1, 1), (1, 2), (), (1, 1), (3,))
    >>> LineClues().encode((cols, rows), 6, 6)
    '12g1111h11112j12g11g21j11g3h'
    """

    @staticmethod
    def depths(rows: int, cols: int) -> tuple[int, int]:
        """(cells above each column, cells left of each row)."""
        return (rows + 1) >> 1, (cols + 1) >> 1

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        above, left = self.depths(rows, cols)
        cells = Number16(what="run length").decode_cells(reader, cols * above + rows * left)
        for v, at in cells:
            if v == QUESTION:
                raise BodyError("`.` (a run length not shown) has no meaning here", at)

        def lines(start: int, n: int, depth: int) -> tuple:
            return tuple(tuple(v for v, _ in reversed(cells[start + i * depth:
                                                            start + (i + 1) * depth]) if v)
                         for i in range(n))
        return lines(0, cols, above), lines(cols * above, rows, left)

    def encode(self, value: Any, rows: int, cols: int) -> str:
        try:
            top, side = value
        except (TypeError, ValueError):
            raise Unfit("line clues are a pair (columns, rows)") from None
        above, left = self.depths(rows, cols)
        out: list = []
        for clues, n, depth, word in ((top, cols, above, "column"), (side, rows, left, "row")):
            if len(clues) != n:
                raise Unfit(f"expected {n} {word} clues")
            for i, clue in enumerate(clues):
                if clue is None:
                    raise Unfit(f"puzz.link has no form for {word} {i + 1}'s clue not shown")
                if len(clue) > depth:  # a valid clue never has: runs need gaps
                    raise Unfit(f"{word} {i + 1} has {len(clue)} runs, room for {depth}")
                out += list(reversed(clue)) + [None] * (depth - len(clue))
        return Number16().encode_cells(out)

"""A :class:`~satlink.render.board.Board` as Unicode box-drawing text.

The layout is a character canvas: lattice point ``(r, c)`` sits at text
line ``2r`` and column ``S*c``, cell ``(r, c)`` fills line ``2r + 1``
between columns ``S*c + 1`` and ``S*c + W``, with its centre in the
middle; ``W`` is 3 characters or the widest text, made odd, and
``S = W + 1``. Lines (on the lattice and through cell centres) are drawn
in light box-drawing characters that join where they meet; only the
outline of a ``lines`` grid is drawn (inner cell sides would crowd a
terminal), lattice points of a ``dots`` grid are ``·``.

>>> from satlink.render.board import Board, Edge, Label
>>> print(to_text(Board(1, 2, edges=[Edge((0, 1), (1, 1), "border")],
...                     labels=[Label((0, 0), "3"), Label((0, 1), "12", given=False)])))
┌───┬───┐
│ 3 │12 │
└───┴───┘
"""
from __future__ import annotations

from .board import Board, Table

#: Arms of a line character, as bits.
UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
#: A light box-drawing character by its arms (a sum of the bits above).
_JOINS = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"
_SHADE = {"black": "█", "gray": "░", "void": "▓"}
_MARK = {"dot": "·", "cross": "×", "water": "~"}
_SHIP = {"sub": "●", "left": "◀", "right": "▶", "top": "▲", "bottom": "▼", "middle": "■",
         "some": "□"}
_ARROW = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
_BRIDGE = {(True, 1): "─", (True, 2): "═", (False, 1): "│", (False, 2): "║"}


def _arrow_text(direction: str, text: str) -> str:
    glyph = _ARROW[direction]
    return glyph + text if direction in "nw" else text + glyph


def _circle_text(fill: str, text: str) -> str:
    if text:
        return f"({text})" if fill == "white" else f"[{text}]"
    return "○" if fill == "white" else "●"


class _Canvas:
    """Characters by (line, column), and the line arms that join into box drawing."""

    def __init__(self, board: Board):
        top, left, bottom, right = board.extent()
        texts = [lab.text for lab in board.labels]
        texts += [_circle_text(c.fill, c.text) for c in board.circles]
        texts += [_arrow_text(a.direction, a.text) for a in board.arrows]
        width = max([3, *(len(t) for t in texts)])
        self.w = width + (width % 2 == 0)  # odd: a centre column
        self.s = self.w + 1
        self.top, self.left = top, left
        self.height = 2 * (bottom - top) + 1
        self.width = self.s * (right - left) + 1
        self.arms: dict[tuple[int, int], int] = {}
        self.shaded = {s.cell: s.tone for s in board.shades}
        self.chars: dict[tuple[int, int], str] = {}

    def point(self, p) -> tuple[int, int]:
        return 2 * (p[0] - self.top), self.s * (p[1] - self.left)

    def centre(self, cell) -> tuple[int, int]:
        return 2 * (cell[0] - self.top) + 1, self.s * (cell[1] - self.left) + (self.w + 1) // 2

    def segment(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """Arms along a straight run of characters from ``a`` to ``b``."""
        (y1, x1), (y2, x2) = sorted((a, b))
        arms = self.arms
        if y1 == y2:
            for x in range(x1, x2 + 1):
                arms[y1, x] = arms.get((y1, x), 0) | (LEFT if x > x1 else 0) | (
                    RIGHT if x < x2 else 0)
        else:
            for y in range(y1, y2 + 1):
                arms[y, x1] = arms.get((y, x1), 0) | (UP if y > y1 else 0) | (
                    DOWN if y < y2 else 0)

    def put(self, y: int, x: int, text: str) -> None:
        for i, ch in enumerate(text):
            self.chars[(y, x + i)] = ch

    def put_centred(self, cell, text: str) -> None:
        y, x = self.centre(cell)
        self.put(y, x - (len(text) - 1) // 2 - (len(text) % 2 == 0), text)

    def lines(self) -> list[str]:
        rows = [[" "] * self.width for _ in range(self.height)]
        for (y, x), arms in self.arms.items():
            rows[y][x] = _JOINS[arms]
        for (y, x), ch in self.chars.items():
            rows[y][x] = ch
        return ["".join(row).rstrip() for row in rows]


def _grid(board: Board, cv: _Canvas) -> None:
    if board.rows == 0 or board.cols == 0:
        return
    if board.grid == "lines":
        corners = [(0, 0), (0, board.cols), (board.rows, board.cols), (board.rows, 0)]
        for a, b in zip(corners, corners[1:] + corners[:1]):
            cv.segment(cv.point(a), cv.point(b))
    elif board.grid == "dots":
        for r in range(board.rows + 1):
            for c in range(board.cols + 1):
                y, x = cv.point((r, c))
                if not cv.arms.get((y, x)):
                    cv.chars.setdefault((y, x), "·")


def to_text(board: Board) -> str:
    """The picture as lines of text (no trailing spaces), then the notes."""
    if board.table is not None:
        return "\n".join([*table_text(board.table), *board.notes])
    cv = _Canvas(board)
    texted = {item.cell for item in (*board.labels, *board.arrows, *board.circles)}
    for (r, c), tone in cv.shaded.items():
        if (r, c) in texted:  # the text stands on a clear cell
            continue
        y, x = cv.centre((r, c))
        # a run: shade the gap between cells too
        wide = cv.shaded.get((r, c + 1)) == tone and (r, c + 1) not in texted
        cv.put(y, x - cv.w // 2, _SHADE[tone] * (cv.w + wide))
    for edge in board.edges:
        cv.segment(cv.point(edge.a), cv.point(edge.b))
    for line in board.lines:
        cells = line.cells + (line.cells[:1] if line.closed and len(line.cells) > 2 else ())
        for a, b in zip(cells, cells[1:]):
            cv.segment(cv.centre(a), cv.centre(b))
    for bridge in board.bridges:
        (y1, x1), (y2, x2) = cv.centre(bridge.a), cv.centre(bridge.b)
        flat = y1 == y2
        glyph = _BRIDGE[(flat, bridge.count)]
        for k in range(x1 + 1, x2) if flat else range(y1 + 1, y2):
            cv.chars[(y1, k) if flat else (k, x1)] = glyph
    for mark in board.marks:
        cv.chars[cv.centre(mark.cell)] = _MARK[mark.kind]
    for circle in board.circles:
        cv.put_centred(circle.cell, _circle_text(circle.fill, circle.text))
    for ship in board.ships:
        cv.chars[cv.centre(ship.cell)] = _SHIP[ship.part]
    for label in board.labels:
        cv.put_centred(label.cell, label.text)
    for arrow in board.arrows:
        cv.put_centred(arrow.cell, _arrow_text(arrow.direction, arrow.text))
    _grid(board, cv)  # dots last: they never cover a line
    lines = cv.lines()
    while lines and not lines[-1]:  # the lattice line under tallies, a grid not drawn
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join([*lines, *board.notes])


def table_text(table: Table) -> list[str]:
    """A box-drawing table; a blank entry shows as `·`.

    >>> print("\\n".join(table_text(Table(("house", "1", "2"), (("pet", "dog", ""),)))))
    ┌───────┬─────┬───┐
    │ house │ 1   │ 2 │
    ├───────┼─────┼───┤
    │ pet   │ dog │ · │
    └───────┴─────┴───┘
    """
    body = [[v or "·" for v in row] for row in table.rows]
    widths = [max(len(r[c]) for r in [table.header, *body]) for c in range(len(table.header))]

    def line(entries):
        return "│" + "│".join(f" {t.ljust(w)} " for t, w in zip(entries, widths)) + "│"

    def rule(left, mid, right):
        return left + mid.join("─" * (w + 2) for w in widths) + right

    return [rule("┌", "┬", "┐"), line(table.header), rule("├", "┼", "┤"),
            *(line(r) for r in body), rule("└", "┴", "┘")]

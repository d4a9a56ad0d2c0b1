"""A :class:`~satlink.render.board.Board` as an SVG document (plain text; no
drawing library).

Cells are :data:`UNIT` pixels square, with a margin of :data:`MARGIN`
around the extent of the board (:meth:`Board.extent`); :class:`Geometry`
says where a cell or lattice point lands, so that tests can look at the
pixels there. Clues are drawn in :data:`INK`, answers in
:data:`SOLUTION`, lines of a colour group in :data:`PALETTE`.

>>> from satlink.render.board import Board, Label
>>> svg = to_svg(Board(1, 1, labels=[Label((0, 0), "7")]))
>>> svg.startswith("<svg") and ">7</text>" in svg
True
>>> Geometry.of(Board(2, 3)).centre((1, 2))
(120.0, 80.0)
"""
from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from .board import Board, Table

UNIT = 40  # pixels per cell
MARGIN = 20
INK = "#000000"
GRID = "#a0a0a0"
SOLUTION = "#1f4e9c"  # answers: solved numbers, lines, loops, bridges, ships
GRAY = "#c0c0c0"
SHADED = "#202020"
VOID = "#000000"
WATER = "#4a90c8"
#: Colours of line groups (Numberlink labels), all dark enough on white.
PALETTE = ("#c0392b", "#1f4e9c", "#1e7a3e", "#7d3c98", "#b35900", "#0e6e7e", "#7b241c",
           "#2c3e50", "#8a6d00", "#a0306e", "#3a5f0b", "#4a4a9a")
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
NOTE_SIZE = 14  # font size of notes and tables
NOTE_STEP = 20  # line height of notes


def _n(v: float) -> str:
    """A coordinate, with at most two decimals.

    >>> _n(20.0), _n(3.14159), _n(-0.5)
    ('20', '3.14', '-0.5')
    """
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


@dataclass(frozen=True)
class Geometry:
    """Where things land: the extent's top-left cell is at
    (``MARGIN``, ``MARGIN``); ``height`` leaves room for the notes."""

    top: int
    left: int
    width: float
    height: float
    unit: float = UNIT
    margin: float = MARGIN

    @classmethod
    def of(cls, board: Board) -> "Geometry":
        top, left, bottom, right = board.extent()
        width = 2 * MARGIN + UNIT * (right - left)
        height = 2 * MARGIN + UNIT * (bottom - top)
        if board.table is not None:
            tw, th = _table_size(board.table)
            width, height = max(width, tw + 2 * MARGIN), height + th
        if board.notes:
            width = max(width, 2 * MARGIN + _text_width(max(board.notes, key=len), NOTE_SIZE))
            height += NOTE_STEP * len(board.notes)
        return cls(top, left, width, height)

    def x(self, c: float) -> float:
        """The x of lattice column ``c`` (cell column ``c``'s left side)."""
        return self.margin + (c - self.left) * self.unit

    def y(self, r: float) -> float:
        return self.margin + (r - self.top) * self.unit

    def point(self, p) -> tuple[float, float]:
        """(x, y) of lattice point ``p``."""
        return self.x(p[1]), self.y(p[0])

    def centre(self, cell) -> tuple[float, float]:
        """(x, y) of the centre of ``cell``."""
        return self.x(cell[1] + 0.5), self.y(cell[0] + 0.5)


def _text_width(text: str, size: float) -> float:
    return 0.62 * size * len(text)


class _Svg:
    def __init__(self):
        self.parts: list[str] = []

    def add(self, tag: str, text: str | None = None, **attrs) -> None:
        """An element; ``stroke_width=2.0`` is written ``stroke-width="2"``."""
        a = " ".join(f"{k.replace('_', '-')}={quoteattr(_n(v) if isinstance(v, float) else str(v))}"
                     for k, v in attrs.items())
        if text is None:
            self.parts.append(f"<{tag} {a}/>")
        else:
            self.parts.append(f"<{tag} {a}>{escape(text)}</{tag}>")

    def line(self, x1, y1, x2, y2, stroke, width, cap="round") -> None:
        self.add("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke=stroke,
                 stroke_width=float(width), stroke_linecap=cap)

    def text(self, x, y, text, size, fill=INK, bold=False, anchor="middle") -> None:
        """``text`` centred on (x, y) vertically, placed by ``anchor`` across."""
        self.add("text", text, x=float(x), y=float(y + 0.36 * size), font_size=float(size),
                 font_family=FONT, text_anchor=anchor, fill=fill,
                 font_weight="bold" if bold else "normal")


def _label_size(text: str, unit: float, most: float = 0.62) -> float:
    """A font size that fits ``text`` in about 85 % of a cell."""
    return min(most * unit, 0.85 * unit / (0.62 * max(len(text), 1)))


def to_svg(board: Board) -> str:
    """The picture as an SVG document."""
    g = Geometry.of(board)
    out = _Svg()
    out.add("rect", x=0, y=0, width=float(g.width), height=float(g.height), fill="#ffffff")
    u = g.unit
    dark = {s.cell for s in board.shades if s.tone in ("black", "void")}
    for s in board.shades:
        x, y = g.point(s.cell)
        out.add("rect", x=float(x), y=float(y), width=float(u), height=float(u),
                fill={"black": SHADED, "gray": GRAY, "void": VOID}[s.tone])
    _grid(board, g, out)
    for e in board.edges:
        (x1, y1), (x2, y2) = g.point(e.a), g.point(e.b)
        if e.kind == "border":
            out.line(x1, y1, x2, y2, INK, 0.09 * u, "square")
        else:
            out.line(x1, y1, x2, y2, SOLUTION, 0.12 * u)
    for m in board.marks:
        _mark(m, g, out, "#ffffff" if m.cell in dark else INK)
    for ln in board.lines:
        colour = SOLUTION if ln.group is None else PALETTE[ln.group % len(PALETTE)]
        pts = [g.centre(c) for c in ln.cells]
        if ln.closed and len(pts) > 2:
            pts.append(pts[0])
        if len(pts) == 1:
            pts.append(pts[0])
        out.add("polyline", points=" ".join(f"{_n(x)},{_n(y)}" for x, y in pts), fill="none",
                stroke=colour, stroke_width=float(0.2 * u), stroke_linecap="round",
                stroke_linejoin="round")
    for b in board.bridges:
        (x1, y1), (x2, y2) = g.centre(b.a), g.centre(b.b)
        offsets = (0.0,) if b.count == 1 else (-0.1 * u, 0.1 * u)
        for d in offsets:
            dx, dy = (0.0, d) if y1 == y2 else (d, 0.0)
            out.line(x1 + dx, y1 + dy, x2 + dx, y2 + dy, SOLUTION, 0.06 * u, "butt")
    for c in board.circles:
        x, y = g.centre(c.cell)
        black = c.fill == "black"
        out.add("circle", cx=float(x), cy=float(y), r=float(0.38 * u),
                fill=SHADED if black else "#ffffff", stroke=INK, stroke_width=float(0.06 * u))
        if c.text:
            out.text(x, y, c.text, _label_size(c.text, 0.9 * u),
                     fill="#ffffff" if black else INK, bold=True)
    for s in board.ships:
        _ship(s, g, out)
    for lab in board.labels:
        x, y = g.centre(lab.cell)
        on_dark = lab.cell in dark
        fill = "#ffffff" if on_dark else (INK if lab.given else SOLUTION)
        out.text(x, y, lab.text, _label_size(lab.text, u), fill=fill, bold=lab.given)
    for a in board.arrows:
        _arrow(a, g, out, "#ffffff" if a.cell in dark else INK)
    below = g.margin + (board.extent()[2] - g.top) * u
    if board.table is not None:
        below = _table(board.table, g.margin, below, out)
    for i, note in enumerate(board.notes):
        out.text(g.margin, below + NOTE_STEP * (i + 0.5), note, NOTE_SIZE, anchor="start")
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(g.width)}"'
            f' height="{_n(g.height)}" viewBox="0 0 {_n(g.width)} {_n(g.height)}">')
    return "\n".join([head, *out.parts, "</svg>"]) + "\n"


def _grid(board: Board, g: Geometry, out: _Svg) -> None:
    rows, cols, u = board.rows, board.cols, g.unit
    if not rows or not cols:
        return
    x0, y0, x1, y1 = g.x(0), g.y(0), g.x(cols), g.y(rows)
    if board.grid == "lines":
        for c in range(1, cols):
            out.line(g.x(c), y0, g.x(c), y1, GRID, 1, "butt")
        for r in range(1, rows):
            out.line(x0, g.y(r), x1, g.y(r), GRID, 1, "butt")
        out.add("rect", x=float(x0), y=float(y0), width=float(x1 - x0), height=float(y1 - y0),
                fill="none", stroke=INK, stroke_width=float(0.06 * u))
    elif board.grid == "dots":
        for r in range(rows + 1):
            for c in range(cols + 1):
                x, y = g.point((r, c))
                out.add("circle", cx=float(x), cy=float(y), r=float(0.06 * u), fill=INK)


def _mark(m, g: Geometry, out: _Svg, ink: str) -> None:
    x, y = g.centre(m.cell)
    u = g.unit
    if m.kind == "dot":
        out.add("circle", cx=float(x), cy=float(y), r=float(0.08 * u), fill=ink)
    elif m.kind == "cross":
        d = 0.18 * u
        out.line(x - d, y - d, x + d, y + d, ink, 0.05 * u)
        out.line(x - d, y + d, x + d, y - d, ink, 0.05 * u)
    else:  # water: a wave
        s = 0.14 * u
        path = (f"M{_n(x - 2 * s)},{_n(y)} q{_n(s / 2)},{_n(-s / 2)} {_n(s)},0"
                f" t{_n(s)},0 t{_n(s)},0 t{_n(s)},0")
        out.add("path", d=path, fill="none", stroke=WATER, stroke_width=float(0.05 * u),
                stroke_linecap="round")


def _ship(s, g: Geometry, out: _Svg) -> None:
    u = g.unit
    fill = INK if s.given else SOLUTION
    x, y = g.point(s.cell)
    p = 0.12 * u
    x0, y0, x1, y1 = x + p, y + p, x + u - p, y + u - p
    cx, cy, r = x + u / 2, y + u / 2, (u - 2 * p) / 2
    n = _n
    if s.part == "sub":
        out.add("circle", cx=float(cx), cy=float(cy), r=float(r), fill=fill)
    elif s.part == "middle":
        out.add("rect", x=float(x0), y=float(y0), width=float(x1 - x0), height=float(y1 - y0),
                fill=fill)
    elif s.part == "some":
        q = 0.22 * u
        out.add("rect", x=float(x + q), y=float(y + q), width=float(u - 2 * q),
                height=float(u - 2 * q), fill="none", stroke=fill, stroke_width=float(0.07 * u))
    else:  # an end: round on the open side, square toward the rest of the ship
        d = {"left": (f"M{n(cx)},{n(y0)} L{n(x1)},{n(y0)} L{n(x1)},{n(y1)} L{n(cx)},{n(y1)}"
                      f" A{n(r)},{n(r)} 0 0 1 {n(cx)},{n(y0)} Z"),
             "right": (f"M{n(cx)},{n(y1)} L{n(x0)},{n(y1)} L{n(x0)},{n(y0)} L{n(cx)},{n(y0)}"
                       f" A{n(r)},{n(r)} 0 0 1 {n(cx)},{n(y1)} Z"),
             "top": (f"M{n(x0)},{n(cy)} L{n(x0)},{n(y1)} L{n(x1)},{n(y1)} L{n(x1)},{n(cy)}"
                     f" A{n(r)},{n(r)} 0 0 0 {n(x0)},{n(cy)} Z"),
             "bottom": (f"M{n(x1)},{n(cy)} L{n(x1)},{n(y0)} L{n(x0)},{n(y0)} L{n(x0)},{n(cy)}"
                        f" A{n(r)},{n(r)} 0 0 0 {n(x1)},{n(cy)} Z")}[s.part]
        out.add("path", d=d, fill=fill)


def _arrow(a, g: Geometry, out: _Svg, ink: str) -> None:
    """The arrow along the cell's top (``e``, ``w``) or left side (``n``,
    ``s``), the number in the rest of the cell."""
    u = g.unit
    x, y = g.point(a.cell)
    h = 0.1 * u  # arrowhead size
    if a.direction in "ew":
        ay, xa, xb = y + 0.22 * u, x + 0.15 * u, x + 0.85 * u
        tip, back = (xb, xb - 2 * h) if a.direction == "e" else (xa, xa + 2 * h)
        out.line(xa, ay, xb, ay, ink, 0.05 * u, "butt")
        head = f"{_n(tip)},{_n(ay)} {_n(back)},{_n(ay - h)} {_n(back)},{_n(ay + h)}"
        tx, ty = x + 0.5 * u, y + 0.64 * u
    else:
        ax, ya, yb = x + 0.22 * u, y + 0.15 * u, y + 0.85 * u
        tip, back = (ya, ya + 2 * h) if a.direction == "n" else (yb, yb - 2 * h)
        out.line(ax, ya, ax, yb, ink, 0.05 * u, "butt")
        head = f"{_n(ax)},{_n(tip)} {_n(ax - h)},{_n(back)} {_n(ax + h)},{_n(back)}"
        tx, ty = x + 0.62 * u, y + 0.5 * u
    out.add("polygon", points=head, fill=ink)
    if a.text:
        out.text(tx, ty, a.text, _label_size(a.text, 0.7 * u), fill=ink, bold=True)


# -- tables ------------------------------------------------------------------------
ROW_HEIGHT = 28
PAD = 8
MIN_COLUMN = 44  # a blank to fill is this wide at least


def _column_widths(table: Table) -> list[float]:
    return [max(MIN_COLUMN, *(_text_width(v, NOTE_SIZE) + 2 * PAD for v in col))
            for col in zip(table.header, *table.rows)]


def _table_size(table: Table) -> tuple[float, float]:
    return sum(_column_widths(table)), ROW_HEIGHT * (1 + len(table.rows))


def _table(table: Table, x0: float, y0: float, out: _Svg) -> float:
    """Draw ``table`` from (x0, y0); returns the y below it."""
    widths = _column_widths(table)
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    ys = [y0 + ROW_HEIGHT * i for i in range(len(table.rows) + 2)]
    out.add("rect", x=float(x0), y=float(y0), width=float(xs[-1] - x0), height=float(ROW_HEIGHT),
            fill="#e8e8e8")
    for x in xs[1:-1]:
        out.line(x, ys[0], x, ys[-1], GRID, 1, "butt")
    for y in ys[1:-1]:
        out.line(xs[0], y, xs[-1], y, GRID, 1, "butt")
    out.add("rect", x=float(x0), y=float(y0), width=float(xs[-1] - x0),
            height=float(ys[-1] - y0), fill="none", stroke=INK, stroke_width=2.0)
    for i, row in enumerate([table.header, *table.rows]):
        cy = ys[i] + ROW_HEIGHT / 2
        for j, v in enumerate(row):
            if not v:
                continue
            head = i == 0 or j == 0
            out.text(xs[j] + PAD, cy, v, NOTE_SIZE, anchor="start", bold=head,
                     fill=INK if head or table.given else SOLUTION)
    return ys[-1] + PAD

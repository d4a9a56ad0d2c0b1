"""Highlights drawn over a board's SVG: the cells (or lattice edges) that a
report names (``r3c4``, Slitherlink's ``h(2,3)``), in one colour a kind.

The picture itself is the project's own (:func:`satlink.render.to_svg`);
this only adds translucent rectangles and strokes before its end, at the
places :class:`satlink.render.svg.Geometry` puts cells.

>>> from satlink.render import Board
>>> svg = marked(Board(2, 2), {"redundant": ["r1c2"]})
>>> 'class="hl-redundant"' in svg and svg.rstrip().endswith("</svg>")
True
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from ..render import Board, to_svg
from ..render.svg import Geometry

#: Fill colours of the kinds of highlight (translucent, over the picture).
COLOURS = {"redundant": "#2e86de", "conflict": "#e74c3c", "free": "#f39c12",
           "hint": "#27ae60", "new": "#f39c12"}
_CELL = re.compile(r"r(\d+)c(\d+)")
_EDGE = re.compile(r"([hv])\((\d+),(\d+)\)")


def places(name: str) -> tuple[list[tuple[int, int]], list[tuple[tuple[int, int], tuple[int, int]]]]:
    """The cells (0-based) and lattice edges a name points at.

    >>> places("r3c4"), places("r1c1-r1c4")[0], places("h(0,2)")[1]
    (([(2, 3)], []), [(0, 0), (0, 3)], [((0, 2), (0, 3))])
    """
    cells = [(int(r) - 1, int(c) - 1) for r, c in _CELL.findall(name)]
    edges = []
    for kind, r, c in _EDGE.findall(name):
        r, c = int(r), int(c)
        edges.append(((r, c), (r, c + 1)) if kind == "h" else ((r, c), (r + 1, c)))
    return cells, edges


def marked(board: Board, kinds: dict[str, Iterable[str]]) -> str:
    """The board's SVG with every named place of each kind highlighted."""
    svg = to_svg(board)
    g = Geometry.of(board)
    u = g.unit
    parts = []
    for kind, names in kinds.items():
        colour = COLOURS[kind]
        for name in names:
            cells, edges = places(str(name))
            for r, c in cells:
                x, y = g.point((r, c))
                parts.append(f'<rect class="hl-{kind}" x="{x:g}" y="{y:g}" width="{u:g}"'
                             f' height="{u:g}" fill="{colour}" fill-opacity="0.35"'
                             f' stroke="{colour}" stroke-width="2"/>')
            for a, b in edges:
                (x1, y1), (x2, y2) = g.point(a), g.point(b)
                parts.append(f'<line class="hl-{kind}" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}"'
                             f' y2="{y2:g}" stroke="{colour}" stroke-opacity="0.6"'
                             f' stroke-width="{0.3 * u:g}" stroke-linecap="round"/>')
    if not parts:
        return svg
    head, end = svg.rstrip().rsplit("</svg>", 1)
    return head + "\n".join(parts) + "\n</svg>" + end + "\n"


def shared(board_of, witnesses: list) -> Board:
    """The picture of what every one of ``witnesses`` draws alike: the
    puzzle's own items plus the items every solution's picture holds
    (``board_of(solution)``; ``board_of(None)`` is the puzzle alone)."""
    base = board_of(None)
    pictures = [board_of(w) for w in witnesses]
    kept = {}
    for field in ("shades", "marks", "edges", "lines", "bridges", "circles", "ships",
                  "labels", "arrows"):
        own = list(getattr(base, field))
        common = None
        for p in pictures:
            items = set(getattr(p, field))
            common = items if common is None else common & items
        seen = set(own)
        extra = [i for i in getattr(pictures[0], field) if i in (common or set()) and i not in seen]
        kept[field] = own + extra
    return Board(base.rows, base.cols, base.grid, table=base.table, notes=base.notes, **kept)

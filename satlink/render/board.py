"""The one description of a picture that :mod:`.text` and :mod:`.svg` draw.

A :class:`Board` is a ``rows`` x ``cols`` grid and typed items placed on
it; it says *what* is on the board, never how it looks (sizes, colours and
characters are the renderers' business). Cells are ``(row, column)``,
0-based from the top left. A cell may lie outside the grid: a tally right
of row ``r`` is a :class:`Label` at ``(r, cols)``, one below column ``c``
at ``(rows, c)``; the picture grows to hold it. *Lattice points* are the
cells' corners, ``(r, c)`` with ``0 <= r <= rows`` and ``0 <= c <= cols``.

The items, in the order they are drawn:

====================  ======================================================
``shades``            :class:`Shade`: a filled cell; ``black`` (a shaded
                      answer or a black clue cell), ``gray`` (a clue cell's
                      background), ``void`` (blacked out: not part of the
                      board)
``marks``             :class:`Mark`: a small sign in a cell: ``dot``,
                      ``cross``, ``water`` (Battleship's sea)
``edges``             :class:`Edge`: a straight line on the lattice;
                      ``border`` (a region border, Sudoku boxes) or ``loop``
                      (an answer drawn on the grid lines, Slitherlink)
``lines``             :class:`Line`: a path through cell centres (Numberlink
                      paths, Masyu and Yajilin loops, wires), open or closed,
                      with an optional colour ``group``
``bridges``           :class:`Bridge`: one or two straight lines between two
                      cells (Hashi)
``circles``           :class:`Circle`: a ``white`` or ``black`` circle, with
                      optional text inside (pearls, islands)
``ships``             :class:`Ship`: a Battleship segment (``sub``,
                      ``left``, ``right``, ``top``, ``bottom``, ``middle``,
                      or ``some``: a part of unknown shape)
``labels``            :class:`Label`: a number or letters in a cell
``arrows``            :class:`Arrow`: an arrow (``n``, ``e``, ``s``, ``w``)
                      with a number beside it (Yajilin)
``table``             :class:`Table`: a table instead of a grid (Zebra:
                      attributes down, houses across)
``notes``             lines of text under the picture (a fleet, answers)
====================  ======================================================

``given`` on a label, ship or table marks a clue (drawn in black) against a
solved value (drawn in the solution colour). ``grid`` says how the grid
itself is drawn: ``lines`` (every cell side, the outline heavier), ``dots``
(lattice points only: Slitherlink) or ``none`` (Hashi).

How a genre builds one
----------------------
Every genre module has ``picture(inst, solution=None) -> Board``: the
puzzle alone when ``solution`` is None, solved otherwise, where
``solution`` is what the genre's ``decode`` (and ``expected_solution``)
returns. Write it at the end of the module; the registry test draws every
instance of ``instances/<genre>/`` with and without its solution::

    from ..render.board import Board, Circle, Line

    def picture(inst, solution=None) -> Board:
        pearls = [Circle(cell, "black" if kind == "B" else "white")
                  for cell, kind in inst.pearls.items()]
        loop = [Line(edge) for edge in solution or ()]  # each a pair of adjacent cells
        return Board(inst.rows, inst.cols, circles=pearls, lines=loop)

A loop through cell centres may be given as one closed :class:`Line` of
its cells in order, or as one two-cell :class:`Line` per edge: both are
drawn alike. Sequences may be lists; the Board keeps tuples. Draw with
``satlink.render.to_svg(board)`` and ``satlink.render.to_text(board)``; the
terminal picture of every genre is ``to_text(picture(inst, sol))``
(:meth:`satlink.genre.Genre.render_text`), and a genre declares its own
``draw_text`` only where it has a reason to differ.

>>> b = Board(2, 2, labels=[Label((0, 0), "3")], edges=[Edge((0, 1), (2, 1), "border")])
>>> b.labels
(Label(cell=(0, 0), text='3', given=True),)
>>> b.extent()
(0, 0, 2, 2)
>>> Board(2, 2, labels=[Label((1, 2), "4")]).extent()  # a tally right of row 2
(0, 0, 2, 3)
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import fields

from ..records import frozen

Cell = tuple[int, int]
Point = tuple[int, int]

TONES = ("black", "gray", "void")
MARKS = ("dot", "cross", "water")
EDGE_KINDS = ("border", "loop")
FILLS = ("white", "black")
SHIP_PARTS = ("sub", "left", "right", "top", "bottom", "middle", "some")
DIRECTIONS = ("n", "e", "s", "w")
GRIDS = ("lines", "dots", "none")


def _cell(value, what: str) -> Cell:
    try:
        r, c = value
    except (TypeError, ValueError):
        raise ValueError(f"{what} {value!r} is not a (row, column) pair") from None
    if not (isinstance(r, int) and isinstance(c, int)):
        raise ValueError(f"{what} {value!r} is not a pair of whole numbers")
    return (r, c)


def _one_of(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise ValueError(f"{what} {value!r} is not one of {', '.join(allowed)}")


def _straight(a: Cell, b: Cell, what: str) -> None:
    if a[0] != b[0] and a[1] != b[1]:
        raise ValueError(f"{what} from {a} to {b} is not straight")


@frozen
class Shade:
    """A filled cell: ``black``, ``gray`` or ``void`` (not part of the board)."""

    cell: Cell
    tone: str = "black"

    def __post_init__(self):
        object.__setattr__(self, "cell", _cell(self.cell, "a shaded cell"))
        _one_of(self.tone, TONES, "tone")


@frozen
class Mark:
    """A small sign in a cell: ``dot``, ``cross`` or ``water``."""

    cell: Cell
    kind: str

    def __post_init__(self):
        object.__setattr__(self, "cell", _cell(self.cell, "a marked cell"))
        _one_of(self.kind, MARKS, "mark")


@frozen
class Edge:
    """A straight line on the lattice from point ``a`` to point ``b`` (any
    length along one grid line); ``border`` or ``loop``. Kept with a <= b."""

    a: Point
    b: Point
    kind: str = "loop"

    def __post_init__(self):
        a, b = _cell(self.a, "a lattice point"), _cell(self.b, "a lattice point")
        _straight(a, b, "an edge")
        _one_of(self.kind, EDGE_KINDS, "edge kind")
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))


@frozen
class Line:
    """A path through the centres of ``cells``, each step straight (usually
    to an adjacent cell); ``closed`` joins the last cell to the first.
    Lines of one ``group`` share a colour (None: the solution colour)."""

    cells: tuple[Cell, ...]
    closed: bool = False
    group: int | None = None

    def __post_init__(self):
        cells = tuple(_cell(c, "a cell of a line") for c in self.cells)
        if not cells:
            raise ValueError("a line needs at least one cell")
        steps = list(zip(cells, cells[1:]))
        if self.closed and len(cells) > 2:
            steps.append((cells[-1], cells[0]))
        for a, b in steps:
            _straight(a, b, "a line's step")
        object.__setattr__(self, "cells", cells)


@frozen
class Bridge:
    """``count`` (1 or 2) straight lines from cell ``a`` to cell ``b``."""

    a: Cell
    b: Cell
    count: int = 1

    def __post_init__(self):
        a, b = _cell(self.a, "a bridge's end"), _cell(self.b, "a bridge's end")
        _straight(a, b, "a bridge")
        if self.count not in (1, 2):
            raise ValueError(f"a bridge has 1 or 2 lines, not {self.count!r}")
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))


@frozen
class Circle:
    """A ``white`` or ``black`` circle in a cell, ``text`` inside (an island's number)."""

    cell: Cell
    fill: str = "white"
    text: str = ""

    def __post_init__(self):
        object.__setattr__(self, "cell", _cell(self.cell, "a circle's cell"))
        _one_of(self.fill, FILLS, "circle fill")


@frozen
class Ship:
    """A Battleship segment: one of :data:`SHIP_PARTS`."""

    cell: Cell
    part: str
    given: bool = True

    def __post_init__(self):
        object.__setattr__(self, "cell", _cell(self.cell, "a ship's cell"))
        _one_of(self.part, SHIP_PARTS, "ship part")


@frozen
class Label:
    """``text`` (a number, letters) in a cell; a clue when ``given``."""

    cell: Cell
    text: str
    given: bool = True

    def __post_init__(self):
        object.__setattr__(self, "cell", _cell(self.cell, "a label's cell"))
        object.__setattr__(self, "text", str(self.text))


@frozen
class Arrow:
    """An arrow pointing ``n``, ``e``, ``s`` or ``w``, with ``text`` beside it."""

    cell: Cell
    direction: str
    text: str = ""

    def __post_init__(self):
        object.__setattr__(self, "cell", _cell(self.cell, "an arrow's cell"))
        _one_of(self.direction, DIRECTIONS, "arrow direction")
        object.__setattr__(self, "text", str(self.text))


@frozen
class Table:
    """A table: ``header`` across the top, then ``rows``, each as long as
    the header (its first entry names the row). An empty entry is a blank
    to fill; entries are clues when ``given``, else solved values."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    given: bool = False

    def __post_init__(self):
        header = tuple(str(h) for h in self.header)
        rows = tuple(tuple(str(v) for v in row) for row in self.rows)
        for row in rows:
            if len(row) != len(header):
                raise ValueError(f"a table row has {len(row)} entries, the header {len(header)}")
        object.__setattr__(self, "header", header)
        object.__setattr__(self, "rows", rows)


#: The item lists of a Board and the type of their items.
ITEMS = {"shades": Shade, "marks": Mark, "edges": Edge, "lines": Line, "bridges": Bridge,
         "circles": Circle, "ships": Ship, "labels": Label, "arrows": Arrow}


@frozen
class Board:
    """A grid of ``rows`` x ``cols`` cells and what is drawn on it (see the
    module's documentation). A board with a ``table`` may have no cells."""

    rows: int = 0
    cols: int = 0
    grid: str = "lines"
    shades: tuple[Shade, ...] = ()
    marks: tuple[Mark, ...] = ()
    edges: tuple[Edge, ...] = ()
    lines: tuple[Line, ...] = ()
    bridges: tuple[Bridge, ...] = ()
    circles: tuple[Circle, ...] = ()
    ships: tuple[Ship, ...] = ()
    labels: tuple[Label, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    table: Table | None = None
    notes: tuple[str, ...] = ()

    def __post_init__(self):
        if not (isinstance(self.rows, int) and isinstance(self.cols, int)
                and self.rows >= 0 and self.cols >= 0):
            raise ValueError(f"a board of {self.rows!r} x {self.cols!r} cells")
        _one_of(self.grid, GRIDS, "grid")
        for f in fields(self):
            kind = ITEMS.get(f.name)
            if kind is None:
                continue
            items = tuple(getattr(self, f.name))
            for item in items:
                if not isinstance(item, kind):
                    raise ValueError(f"{f.name} holds {item!r}, not a {kind.__name__}")
            object.__setattr__(self, f.name, items)
        if isinstance(self.notes, str):
            raise ValueError("notes are a sequence of lines, not one string")
        object.__setattr__(self, "notes", tuple(str(n) for n in self.notes))
        if self.table is not None and not isinstance(self.table, Table):
            raise ValueError(f"table {self.table!r} is not a Table")

    def extent(self) -> tuple[int, int, int, int]:
        """``(top, left, bottom, right)``: the cell rows ``top..bottom-1`` and
        columns ``left..right-1`` that hold the grid and every item."""
        rows, cols = [0, self.rows], [0, self.cols]
        for name in ITEMS:
            for item in getattr(self, name):
                if isinstance(item, Edge):  # lattice points lie on cell boundaries
                    rows += [item.a[0], item.b[0]]
                    cols += [item.a[1], item.b[1]]
                    continue
                cells = item.cells if isinstance(item, Line) else (
                    (item.a, item.b) if isinstance(item, Bridge) else (item.cell,))
                for r, c in cells:
                    rows += [r, r + 1]
                    cols += [c, c + 1]
        return min(rows), min(cols), max(rows), max(cols)


def region_borders(rows: int, cols: int, region: Callable[[Cell], Hashable]) -> list[Edge]:
    """The ``border`` edges between orthogonally adjacent cells of different
    regions (``region(cell)`` names a cell's region); the outline is the
    grid's own. Unit edges, in reading order.

    >>> [(e.a, e.b) for e in region_borders(2, 2, lambda cell: cell[1])]
    [((0, 1), (1, 1)), ((1, 1), (2, 1))]
    """
    out = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and region((r, c)) != region((r, c + 1)):
                out.append(Edge((r, c + 1), (r + 1, c + 1), "border"))
            if r + 1 < rows and region((r, c)) != region((r + 1, c)):
                out.append(Edge((r + 1, c), (r + 1, c + 1), "border"))
    return sorted(out, key=lambda e: (e.a, e.b))


__all__ = ["Board", "Shade", "Mark", "Edge", "Line", "Bridge", "Circle", "Ship", "Label",
           "Arrow", "Table", "region_borders", "TONES", "MARKS", "EDGE_KINDS", "FILLS",
           "SHIP_PARTS", "DIRECTIONS", "GRIDS"]

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

The kit's modules, one idea each (this module gathers their names):
:mod:`~satlink.formats.cellgrid_tokens` (a cell's token: :class:`Tokens`,
:class:`CellError`, :func:`given`, :func:`board`),
:mod:`~satlink.formats.cellgrid_declarations` (:class:`Answer`,
:class:`Records`, :class:`Janko`, :class:`Tail`, :class:`Keyword`),
:mod:`~satlink.formats.cellgrid_layout` (:class:`Layout`, which reads and
writes both texts), :mod:`~satlink.formats.cellgrid_loops` (:data:`LOOP`,
:data:`LOOP_SOLUTION`; the loop rules load only when a loop is read) and
:mod:`~satlink.formats.cellgrid_regions` (:data:`REGIONS`,
:func:`region_grid`).
"""
from __future__ import annotations

from .cellgrid_declarations import REQUIRED, YES_NO, Answer, Janko, Keyword, Records, Tail
from .cellgrid_layout import Layout
from .cellgrid_loops import LOOP, LOOP_SOLUTION, loop_edges, loop_grid
from .cellgrid_regions import REGIONS, region_grid
from .cellgrid_tokens import CellError, Tokens, Values, board, given

__all__ = ["LOOP", "LOOP_SOLUTION", "REGIONS", "REQUIRED", "YES_NO", "Answer", "CellError", "Janko",
           "Keyword", "Layout", "Records", "Tail", "Tokens", "Values", "board", "given",
           "loop_edges", "loop_grid", "region_grid"]

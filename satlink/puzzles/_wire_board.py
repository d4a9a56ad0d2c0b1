"""The `.pzl` text of a board whose answer is a tree of wires between its
points (Circuit Board; :mod:`satlink.rules.wire_trees`): a `grid` block of
points, blacked-out cells (`x`) and the two ends `s` and `t` of a
shortest-path variant, a `wires` block of the given wires as each point's
directions (:mod:`satlink.puzzles._exits`), and a `solution` block of every
point's wires. :func:`read_board` reads the blocks (errors at the cell),
:func:`board_blocks` writes them back.
"""
from __future__ import annotations

from ..formats.cellgrid import Answer, CellError, Tokens, board, given
from ..rules.grid import Cell, Edge, Grid
from ..formats.exits import edges_of, exits_grid, exits_tokens

#: Board cell values: a blacked-out cell and the two ends (None: a point).
BLACK, START, END = "x", "s", "t"

#: A cell of the `grid` block.
POINTS = Tokens(what="a board cell", expect="`.` (a point), `x` (blacked out), `s` or `t`"
                " (the ends of the shortest path)",
                values={BLACK: BLACK, START: START, END: END})
#: A cell of the `wires` block: the given wires' directions, `.` none.
WIRES = exits_tokens("a point's given wires",
                     "directions among n, e, s, w (`e`, `ns`, `sew`, ...) or `.` (none)")
#: A cell of the `solution` block: the point's wires, `x` a blacked-out cell.
SOLVED = exits_tokens("a point's wires", "directions among n, e, s, w (`e`, `sew`, ...),"
                      " `.` (none) or `x` (blacked out)", {BLACK: BLACK})


def read_board(cells, wires) -> tuple[frozenset[Cell], tuple[Edge, ...], tuple[Cell, Cell] | None]:
    """The blacked-out cells, the given wires (sorted) and the ends ``(s, t)``
    (None when unmarked) of the `grid` and `wires` blocks; a
    :class:`CellError` for a second `s` or `t`, one without the other, or a
    wire given at a blacked-out cell."""
    blocked = frozenset(c for c, v in given(cells) if v == BLACK)
    marks = {}
    for c, v in given(cells):
        if v in (START, END):
            if v in marks:
                raise CellError(f"a second `{v}` at {Grid.name(c)}; there is one of each", c,
                                "grid")
            marks[v] = c
    if len(marks) == 1:
        (mark, c), = marks.items()
        other = END if mark == START else START
        raise CellError(f"`{mark}` at {Grid.name(c)} has no `{other}`: mark both ends of the"
                        " path or neither", c, "grid")
    for c, _ in given(wires):
        if c in blocked:
            raise CellError(f"a wire is given at {Grid.name(c)}, which is blacked out", c,
                            "wires")
    ends = (marks[START], marks[END]) if marks else None
    return blocked, tuple(sorted(edges_of(wires, "wires"))), ends


def board_blocks(rows: int, cols: int, blocked, given_wires, ends):
    """The `grid` and `wires` blocks of a board, as :func:`read_board` reads them."""
    cells = {c: BLACK for c in blocked}
    if ends is not None:
        cells[ends[0]], cells[ends[1]] = START, END
    return board(rows, cols, cells), exits_grid(rows, cols, given_wires, {})


#: The `solution` block: every point's wires, `x` on blacked-out cells (the
#: instance's ``rows``, ``cols`` and ``blocked``).
SOLUTION = Answer(SOLVED, read=lambda grid: edges_of(grid, "solution"),
                  write=lambda inst, sol: exits_grid(inst.rows, inst.cols, sol,
                                                     dict.fromkeys(inst.blocked, BLACK)))

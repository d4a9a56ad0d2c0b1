"""Snake: shade a snake from head to tail; numbers count its cells per row
and column.

Rules (janko.at "Schlange" / "Snake"): two cells mark the snake's head and
tail. Shade a snake: a line of orthogonally adjacent cells, one cell wide,
from one marked cell to the other. The snake never touches itself, neither
side by side nor diagonally (two shaded cells that touch are consecutive on
it). The number beside a row (below a column) is how many of its cells are
shaded.

Encoding (encodings/cell_path.md, "Snake"): a literal per cell, the
shading; every shaded cell but the ends has exactly two shaded neighbours,
each end exactly one, and the shaded cells are connected (lazily, by
vertex cuts): so they are one path from end to end, and two shaded
neighbours are always consecutive on it (no side touch). In every 2 x 2
block two diagonal shaded cells share a shaded neighbour there
(:mod:`satlink.rules.snake_shading`, without the clauses others hold).
With every line numbered one count is left out (the others imply it).
Numbers are the removable clues.

A solution is the frozenset of shaded cells ``(r, c)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs_snake import snake_codec
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Circle, Shade
from ..rules import counts, graph_encodings, snake_shading
from ..rules.grid import Cell, Grid, check_board
from ..rules.vertex_cuts import ConnectedCells
from ._shaded_text import SHADED, SHADED_CELLS
from ._tallies import Tallies, clue_name, keywords

NAME = "snake"
MAX_SIDE = 100
#: The numbers beside the rows and below the columns.
COUNTS = Tallies("row_counts", "col_counts", "number")


@dataclass(frozen=True)
class Instance:
    """A board, the snake's two ends, the numbers beside each row and below
    each column (None: none)."""

    rows: int
    cols: int
    ends: tuple[Cell, ...]
    row_counts: tuple[int | None, ...]
    col_counts: tuple[int | None, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, self.ends, "end")
        object.__setattr__(self, "ends", tuple(sorted(self.ends)))
        if len(set(self.ends)) != 2:
            raise InputError(f"a snake has two ends (head and tail), not {len(set(self.ends))}")
        COUNTS.check(self, lambda side: (0, side), lambda side, kind: f"the cells of a {kind}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


class SnakeEncoding(Encoding):
    """A literal per cell (shaded); every shaded cell has exactly two shaded
    neighbours, an end exactly one; the shaded cells connected (lazy:
    :class:`satlink.rules.vertex_cuts.ConnectedCells`; complete: over
    "both neighbours shaded" edges); no diagonal touch; the numbers."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        cells, rows, cols = g.cells, inst.rows, inst.cols
        v = list(f.vars([("snake", *c) for c in cells]))  # cell r * cols + c
        self.on = on = dict(zip(cells, v))
        ends = {r * cols + c for r, c in inst.ends}
        out = f.clauses
        # the ends are shaded: a line holding one counts over its other cells
        lines = [("row", r, n, range(r * cols, r * cols + cols))
                 for r, n in enumerate(inst.row_counts)]
        lines += [("col", c, n, range(c, rows * cols, cols)) for c, n in enumerate(inst.col_counts)]
        counted = []
        for kind, i, n, line in lines:
            if n is not None:
                rest = [v[j] for j in line if j not in ends]
                counted.append((kind, i, n, rest, n - (len(line) - len(rest))))
        direct = self.options.clues == "direct"
        balanced = COUNTS.balanced(inst) if direct else None
        if balanced:  # every line numbered: one count follows from the others
            del counted[max(range(len(counted)), key=lambda q: _size(*counted[q][3:]))]
        # a line whose count (written, unguarded) allows two shaded cells at most
        # has no three in a row, and the degree rule need not say it
        low = [(kind, i) for kind, i, n, _, _ in counted if n <= 2] if direct else ()
        out += snake_shading.clauses(v, rows, cols, ends, low)
        if balanced is False:  # the numbers disagree: no snake has them
            out.append([])
        for kind, i, n, rest, k in counted:
            if direct:
                f.exactly(rest, k)  # counts.exactly without a guard
            else:
                counts.exactly(f, rest, k, when=self.when((kind, i, n), "clue", kind, i))
        self.connected = ConnectedCells(g, on, inst.ends)
        if options.complete:  # an edge is "both cells shaded": connected through those
            edges = {(a, b): f.var("snake.both", *a, *b) for a, b in g.cell_edges()}
            for (a, b), x in edges.items():
                f.equiv_and(x, [on[a], on[b]])
            graph_encodings.encode_connected(f, edges, on, inst.ends, tag="snake.conn")
        f.declare_answer(v)

    def cuts(self, model) -> list[list[int]]:
        return [] if self.options.complete else self.connected.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        cell_of = {x: c for c, x in self.on.items()}
        return frozenset(cell_of[x] for x in model.true_vars(list(cell_of)))


def _size(lits: list[int], k: int) -> int:
    """How large an exact count of ``k`` of ``lits`` is (its counter's nodes)."""
    return k * (len(lits) - k)


clues, clues_of = COUNTS.clues, COUNTS.counted


def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    rows, cols, shaded = inst.rows, inst.cols, set(shaded)
    problems = [f"the end {Grid.name(c)} is not shaded" for c in inst.ends if c not in shaded]
    # the shaded cells' graph over the board's edges, by a plain search
    # (networkx's graph was a fifth of a Snake verdict's solve)
    nbrs = {}
    for r, c in shaded:
        on = 0 <= r < rows and 0 <= c < cols
        nbrs[(r, c)] = [n for n in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                        if on and n in shaded and 0 <= n[0] < rows and 0 <= n[1] < cols]
    for c in sorted(shaded):
        want, got = 1 if c in inst.ends else 2, len(nbrs[c])
        if got != want:
            problems.append(f"{Grid.name(c)} touches {got} snake cells, not {want}")
    if shaded:
        start = next(iter(shaded))
        seen, todo = {start}, [start]
        for a in todo:  # grows while it runs: a flood fill
            for b in nbrs[a]:
                if b not in seen:
                    seen.add(b)
                    todo.append(b)
        if len(seen) != len(shaded):
            problems.append("the shaded cells are not one snake")
    for r, c in shaded:
        for d in (1, -1):
            x = (r + 1, c + d)
            if x in shaded and (r + 1, c) not in shaded and (r, c + d) not in shaded:
                problems.append(f"the snake touches itself diagonally at {Grid.name((r, c))}"
                                f" and {Grid.name(x)}")
    per_row, per_col = [0] * rows, [0] * cols  # COUNTS.counted's tallies, cell by cell
    for r, c in shaded:
        if 0 <= r < rows and 0 <= c < cols:
            per_row[r] += 1
            per_col[c] += 1
    found = [("row", i, n) for i, n in enumerate(per_row)]
    found += [("col", i, n) for i, n in enumerate(per_col)]
    return problems + COUNTS.broken(inst, found, told=lambda n, t:
                                    f"shows {t} but has {n} snake cells")


# -- text -----------------------------------------------------------------------------------------
#: A cell of the `grid` block: `x` an end of the snake, `.` (janko `-`) other.
END = Tokens(expect="`x` (an end of the snake) or `.`", values={"x": True})
#: A cell of the `solution` block: `x` shaded, `.` (janko `-`) not.
#: A number beside a row or below a column, `?` (janko `-`) none.
COUNT = Tokens(what="a number", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, MAX_SIDE), why="no line is longer")


def _build(r: int, c: int, grid, rows, cols) -> Instance:
    ends = [cell for cell, _ in given(grid)]
    if len(ends) > 2:
        raise CellError(f"a third end at {Grid.name(ends[2])}: a snake has two", ends[2])
    return Instance(r, c, tuple(ends), rows, cols)


#: `size C x R`, the `rows` and `cols` numbers, a `grid` with the two ends,
#: an optional `solution` of shaded cells; janko: `ROWS COLS`, the column
#: numbers, the row numbers, the grid.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": END},
    keywords=keywords(COUNT),
    build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols,
                                                    dict.fromkeys(inst.ends, True)),
                        {"rows": inst.row_counts, "cols": inst.col_counts}),
    solution=SHADED_CELLS,
    janko=Janko(END, solution=SHADED, lines=("cols", "rows")),
)


def order(inst: Instance, shaded) -> list[Cell]:
    """The snake's cells from its first end to its other."""
    out, prev = [inst.ends[0]], None
    while True:
        r, c = out[-1]
        nxt = [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
               if x in shaded and x != prev and x not in out]
        if not nxt or out[-1] == inst.ends[1]:
            return out
        prev = out[-1]
        out.append(nxt[0])


def solution_json(inst: Instance, shaded) -> list[list[int]]:
    """The snake's cells [r, c] from its first end to its other, 0-based."""
    return [list(c) for c in order(inst, shaded)]


def cells(inst: Instance, shaded) -> dict[str, bool]:
    return {Grid.name(c): c in shaded for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """The ends circled, the numbers right of the rows and below the
    columns, the snake shaded when solved."""
    return Board(inst.rows, inst.cols, shades=[Shade(c, "black") for c in sorted(solution or ())],
                 circles=[Circle(c, "white") for c in inst.ends],
                 labels=COUNTS.labels(inst, given=True, hidden=None))


#: puz.link: pzprjs `snake` where both ends are given (:mod:`satlink.formats.pzprjs_snake`).
PUZZLINK = snake_codec(Instance)


GENRE = Genre(
    name=NAME, aliases=("Snake", "Schlange"),
    summary="shade a snake from head to tail that never touches itself, not even diagonally;"
            " numbers count its cells per row and column",
    instance=Instance, text=FORMAT, encode=SnakeEncoding, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=COUNTS.with_clues, clue_name=clue_name),
)

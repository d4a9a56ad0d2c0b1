"""Snake: shade a snake from head to tail; numbers count its cells per row
and column.

Rules (janko.at "Schlange" / "Snake"): two cells mark the snake's head and
tail. Shade a snake: a line of orthogonally adjacent cells, one cell wide,
from one marked cell to the other. The snake never touches itself, neither
side by side nor diagonally (two shaded cells that touch are consecutive on
it). The number beside a row (below a column) is how many of its cells are
shaded.

Encoding (encodings/cell_path.md, "Snake"): a
:class:`satlink.rules.cell_path.CellPath` between the two ends whose
on-literals are the shading; two adjacent shaded cells have the path edge
between them (so the shading is exactly the path, touching nowhere), and in
every 2 x 2 block two diagonal shaded cells share a shaded neighbour there.
Numbers are the removable clues.

A solution is the frozenset of shaded cells ``(r, c)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, board, given
from ..formats.pzprjs import BLACK, WHITE, Board as PzBoard, Cells, Circles, Codec, Dict, ExCells, Seq
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Circle, Label, Shade
from ..rules import counts
from ..rules.cell_path import CellPath
from ..rules.grid import Cell, Grid, check_board

NAME = "snake"
MAX_SIDE = 100


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
        for what, tallies, n, side in (("row", self.row_counts, self.rows, self.cols),
                                       ("column", self.col_counts, self.cols, self.rows)):
            if len(tallies) != n or any(t is not None and not 0 <= t <= side for t in tallies):
                raise InputError(f"the {what} numbers must be {n}, each 0..{side}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def lines(inst: Instance) -> list[tuple[str, int, int | None, list[Cell]]]:
    """("row", i, number, cells) and ("col", i, number, cells)."""
    g = inst.grid
    return ([("row", i, n, line) for i, (n, line) in enumerate(zip(inst.row_counts,
                                                                   g.rows_of_cells()))]
            + [("col", i, n, line) for i, (n, line) in enumerate(zip(inst.col_counts,
                                                                     g.cols_of_cells()))])


class SnakeEncoding(Encoding):
    """The snake as a path (``self.path``; shaded = on), no touching, the numbers."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        self.path = p = CellPath(g, f, (inst.ends[0], inst.ends[1]))
        on = p.on
        for (a, b), x in p.edges.items():  # shaded neighbours are consecutive
            f.add([-on[a], -on[b], x])
        for r in range(inst.rows - 1):  # diagonal neighbours share a shaded one
            for c in range(inst.cols - 1):
                tl, tr, bl, br = (on[(r, c)], on[(r, c + 1)], on[(r + 1, c)], on[(r + 1, c + 1)])
                f.add([-tl, -br, tr, bl])
                f.add([-tr, -bl, tl, br])
        direct = options.clues == "direct"
        for kind, i, n, line in lines(inst):
            if n is not None:
                when = None if direct else self.selectors.setdefault(
                    (kind, i, n), f.var("clue", kind, i))
                counts.exactly(f, [on[c] for c in line], n, when=when)
        if options.complete:
            p.encode_complete()
        f.declare_answer([on[c] for c in g.cells])

    def cuts(self, model) -> list[list[int]]:
        return self.path.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        cell_of = {x: c for c, x in self.path.on.items()}
        return frozenset(cell_of[x] for x in model.true_vars(list(cell_of)))


def clues(inst: Instance) -> list[tuple]:
    return [(kind, i, n) for kind, i, n, _ in lines(inst) if n is not None]


def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (networkx; empty when solved)."""
    import networkx as nx

    g, shaded = inst.grid, set(shaded)
    problems = [f"the end {Grid.name(c)} is not shaded" for c in inst.ends if c not in shaded]
    net = nx.Graph()
    net.add_nodes_from(shaded)
    net.add_edges_from((a, b) for a, b in g.cell_edges() if a in shaded and b in shaded)
    for c in sorted(shaded):
        want = 1 if c in inst.ends else 2
        if net.degree(c) != want:
            problems.append(f"{Grid.name(c)} touches {net.degree(c)} snake cells, not {want}")
    if shaded and not nx.is_connected(net):
        problems.append("the shaded cells are not one snake")
    for r, c in shaded:
        for d in (1, -1):
            x = (r + 1, c + d)
            if x in shaded and (r + 1, c) not in shaded and (r, c + d) not in shaded:
                problems.append(f"the snake touches itself diagonally at {Grid.name((r, c))}"
                                f" and {Grid.name(x)}")
    for kind, i, n, line in lines(inst):
        k = sum(c in shaded for c in line)
        if n is not None and k != n:
            what = "row" if kind == "row" else "column"
            problems.append(f"{what} {i + 1} shows {n} but has {k} snake cells")
    return problems


# -- design: numbers can go, the ends stay ------------------------------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple]:
    return [(kind, i, sum(c in shaded for c in line)) for kind, i, _, line in lines(inst)]


def with_clues(inst: Instance, chosen) -> Instance:
    rows, cols = [None] * inst.rows, [None] * inst.cols
    for kind, i, v in chosen:
        (rows if kind == "row" else cols)[i] = v
    return Instance(inst.rows, inst.cols, inst.ends, tuple(rows), tuple(cols))


# -- text -----------------------------------------------------------------------------------------
#: A cell of the `grid` block: `x` an end of the snake, `.` (janko `-`) other.
END = Tokens(expect="`x` (an end of the snake) or `.`", values={"x": True})
#: A cell of the `solution` block: `x` shaded, `.` (janko `-`) not.
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
#: A number beside a row or below a column, `?` (janko `-`) none.
COUNT = Tokens(what="a number", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, MAX_SIDE), why="no line is longer")


def _build(r: int, c: int, grid, rows, cols) -> Instance:
    for key, tallies, side in (("rows", rows, c), ("cols", cols, r)):
        for i, t in enumerate(tallies):
            if t is not None and t > side:
                raise CellError(f"the number {t} is above the {side} cells of its line",
                                (0, i), key)
    ends = [cell for cell, _ in given(grid)]
    if len(ends) > 2:
        raise CellError(f"a third end at {Grid.name(ends[2])}: a snake has two", ends[2])
    return Instance(r, c, tuple(ends), rows, cols)


#: `size C x R`, the `rows` and `cols` numbers, a `grid` with the two ends,
#: an optional `solution` of shaded cells; janko: `ROWS COLS`, the column
#: numbers, the row numbers, the grid.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": END},
    keywords={"rows": Keyword(COUNT, count="rows"), "cols": Keyword(COUNT, count="cols")},
    build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols,
                                                    dict.fromkeys(inst.ends, True)),
                        {"rows": inst.row_counts, "cols": inst.col_counts}),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
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
    labels = [Label((r, inst.cols), str(n)) for r, n in enumerate(inst.row_counts)
              if n is not None]
    labels += [Label((inst.rows, c), str(n)) for c, n in enumerate(inst.col_counts)
               if n is not None]
    return Board(inst.rows, inst.cols, shades=[Shade(c, "black") for c in sorted(solution or ())],
                 circles=[Circle(c, "white") for c in inst.ends], labels=labels)


# -- puz.link: pzprjs `snake` where it is this genre (both ends given as black circles, no white
#    circle: pzprjs also has snakes with one end or none given, and midpoints) -------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    circles, (col_counts, row_counts) = b.value
    marks = list(given(circles))
    white = [c for c, v in marks if v == WHITE]
    if white:
        raise b.where(f"the white circle at {Grid.name(white[0])} (a cell in the snake's middle)"
                      " has no form in satlink's Snake", *white[0])
    if len(marks) != 2:
        raise b.where(f"satlink's Snake has both ends given (two black circles), not {len(marks)}")
    try:
        return Instance(b.rows, b.cols, tuple(c for c, _ in marks), row_counts, col_counts)
    except InputError as exc:
        raise b.where(str(exc)) from None


PUZZLINK = Codec(
    names=("snake",), body=Seq(Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK})), ExCells()),
    build=_from_puzzlink,
    split=lambda inst: PzBoard(inst.cols, inst.rows, (
        board(inst.rows, inst.cols, dict.fromkeys(inst.ends, BLACK)),
        (inst.col_counts, inst.row_counts))))


GENRE = Genre(
    name=NAME, aliases=("Snake", "Schlange"),
    summary="shade a snake from head to tail that never touches itself, not even diagonally;"
            " numbers count its cells per row and column",
    instance=Instance, text=FORMAT, encode=SnakeEncoding, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda clue: f"{clue[0]}{clue[1] + 1}"),
)

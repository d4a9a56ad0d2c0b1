"""Pipeline: one pipe from end to end through the given pieces; row and
column numbers count the cells it uses.

Rules (janko.at "Pipeline", the Train Tracks genre): two cells hold the
pipe's ends (a single exit each), others hold given pieces. Draw one pipe
through cell centres from one end to the other, moving orthogonally,
never branching, crossing or touching itself at a cell; it passes through
every given piece along its exits. The number beside a row (below a
column) is how many of its cells the pipe passes through.

Encoding (encodings/cell_path.md, "Pipeline"): a
:class:`satlink.rules.cell_path.CellPath` between the ends, each given
piece's exits fixed, each number an exact count over the on-literals of
its line. With direct clues the board is settled first
(:func:`satlink.rules.path_settle.settle`: what the pieces, the degrees
and the numbers force, as unit propagation would) and only what is left
open is encoded; with every line numbered one count is left out (the
others imply it). Numbers and pieces (not the ends) are the removable clues.

A solution is the frozenset of pipe edges ``((r1, c1), (r2, c2))``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.cellgrid import CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Line, Shade
from ..rules import counts, subset_counts
from ..rules.cell_path import CellPath, path_order, path_problems
from ..rules.path_settle import settle
from ..rules.grid import Cell, Grid, check_board, exits
from ..formats.exits import exits_answer, exits_cells, exits_tokens, off_board
from ._tallies import Tallies, keywords

NAME = "pipeline"
MAX_SIDE = 100
#: The numbers beside the rows and below the columns.
COUNTS = Tallies("row_counts", "col_counts", "number")


@dataclass(frozen=True)
class Instance:
    """A board, its pieces ``(cell, exits)`` (two of one exit: the ends),
    and the numbers beside each row and below each column (None: none)."""

    rows: int
    cols: int
    pieces: tuple[tuple[Cell, str], ...]
    row_counts: tuple[int | None, ...]
    col_counts: tuple[int | None, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.pieces), "piece")
        object.__setattr__(self, "pieces", tuple(sorted(self.pieces)))
        g = self.grid
        for cell, dirs in self.pieces:
            if off_board(g, cell, dirs):
                raise InputError(off_board(g, cell, dirs))
        if len(self.ends) != 2:
            raise InputError(f"a pipeline has two ends (cells of one exit), not {len(self.ends)}")
        COUNTS.check(self, lambda side: (0, side), lambda side, kind: f"the cells of a {kind}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def ends(self) -> tuple[Cell, ...]:
        return tuple(c for c, dirs in self.pieces if len(dirs) == 1)


class PipelineEncoding(Encoding):
    """The path (``self.path``), the pieces and the numbers."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        if direct:  # what the pieces, the degrees and the numbers decide: units
            fixed = settle(inst.grid, inst.ends, dict(inst.pieces), inst.row_counts,
                           inst.col_counts)
            if fixed is not None:
                self._settled(inst, f, options, fixed)
                return
        given_cells = [c for c, d in inst.pieces if len(d) == 2]
        self.path = p = CellPath(inst.grid, f, inst.ends, must=given_cells if direct else ())
        for cell, dirs in inst.pieces:
            when = None if len(dirs) == 1 else self.when(("piece", cell, dirs), "clue",
                                                         len(self.selectors))
            with counts.guarded(f, when):
                f.add([p.on[cell]])
                f.extend([p.through(cell, d) if d in dirs else -p.through(cell, d)]
                         for d in "nesw" if inst.grid.step(cell, d) is not None)
        # with direct clues every piece's cell is on the path (a unit above):
        # a count is over the other cells of its line, less those pieces
        placed = {c for c, _ in inst.pieces} if direct else set()
        for kind, i, n, line in COUNTS.lines(inst):
            if n is not None:
                rest = [p.on[c] for c in line if c not in placed]
                subset_counts.exactly_any(
                    f, rest, n - (len(line) - len(rest)),
                    when=self.when((kind, i, n), "clue", len(self.selectors)))
        if options.complete:
            p.encode_complete()
        f.declare_answer(list(p.edges.values()))

    def _settled(self, inst: Instance, f: Formula, options: Options, fixed) -> None:
        """Direct clues with the cells and edges ``fixed`` (:func:`settle`) as
        units: the degree clauses they do not satisfy, and each number an
        exact count over its line's cells left open, less those fixed on."""
        self.path = p = CellPath(inst.grid, f, inst.ends, fixed=fixed)
        left = iter(p.on.values())  # the open cells' literals, in board order
        lit = [next(left) if v is None else None for v in fixed.on]
        cols = inst.cols
        lines = [*((n, slice(r * cols, r * cols + cols)) for r, n in enumerate(inst.row_counts)),
                 *((n, slice(c, None, cols)) for c, n in enumerate(inst.col_counts))]
        counted = [([x for x in lit[step] if x], n - sum(1 for v in fixed.on[step] if v))
                   for n, step in lines if n is not None]
        counted = [(rest, k) for rest, k in counted if rest]  # n less the cells fixed on
        balanced = COUNTS.balanced(inst)  # every line numbered: one count follows
        if balanced is False:
            f.add([])
        elif balanced and counted:  # the largest count left out
            del counted[max(range(len(counted)), key=lambda q: _size(*counted[q]))]
        for rest, k in counted:  # subset_counts.exactly_any, unguarded
            if len(rest) <= subset_counts.MOST:
                subset_counts.exactly(f, rest, k)
            else:
                f.exactly(rest, k)
        if options.complete:
            p.encode_complete()
        f.declare_answer(list(p.edges.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.path.cuts(model)

    def decode(self, model):
        return self.path.decode(model)


def _size(lits: list[int], k: int) -> int:
    """How large an exact count of ``k`` of ``lits`` is (its counter's nodes)."""
    return k * (len(lits) - k)


def clues(inst: Instance) -> list[tuple]:
    """("row", r, n), ("col", c, n) and ("piece", cell, exits) but the ends."""
    return COUNTS.clues(inst) + [("piece", cell, d) for cell, d in inst.pieces if len(d) == 2]


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of pipe edges (empty when solved)."""
    g = inst.grid
    problems = path_problems(g, sol, inst.ends)
    for cell, dirs in inst.pieces:
        if exits(sol, cell) != dirs:
            problems.append(f"the pipe at {Grid.name(cell)} runs {exits(sol, cell) or 'nowhere'},"
                            f" not {dirs}")
    return problems + COUNTS.broken(inst, used(inst, sol), told=lambda n, t:
                                    f"shows {t} but the pipe uses {n} of its cells")


def used(inst: Instance, sol) -> list[tuple]:
    """(kind, index, the cells of the line the pipe passes through)."""
    return COUNTS.measured(inst, lambda line: sum(1 for c in line if exits(sol, c)))


# -- design: numbers and given pieces can go, the ends stay ----------------------------------
def clues_of(inst: Instance, sol) -> list[tuple]:
    return used(inst, sol) + [("piece", c, exits(sol, c)) for c in inst.grid.cells
                              if len(exits(sol, c)) == 2 and c not in inst.ends]


def with_clues(inst: Instance, chosen) -> Instance:
    ends = [(c, d) for c, d in inst.pieces if len(d) == 1]
    kept = [(tuple(cell), d) for kind, cell, d in chosen if kind == "piece"]
    return COUNTS.with_clues(inst, [k for k in chosen if k[0] != "piece"],
                             pieces=tuple(ends + kept))


def clue_name(clue) -> str:
    kind, i, _ = clue
    return Grid.name(i) if kind == "piece" else f"{kind}{i + 1}"


# -- text -------------------------------------------------------------------------------------
#: A cell of the `grid` block: an end (`n`, `e`, `s`, `w`: its one exit), a
#: piece (`ns`, `ew`, `ne`, `nw`, `se`, `sw`) or `.` (janko `-`) empty.
PIECES = exits_tokens("a pipe piece", "an end (`n`, `e`, `s`, `w`), a piece (`ns`, `se`, ...)"
                      " or `.`", sizes=(1, 2))
#: A number beside a row or below a column, `?` (janko `-`) none.
COUNT = Tokens(what="a number", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, MAX_SIDE), why="no line is longer")


def _build(r: int, c: int, grid, rows, cols) -> Instance:
    pieces, board_ = tuple(given(grid)), Grid(r, c)
    for cell, dirs in pieces:
        if off_board(board_, cell, dirs):
            raise CellError(off_board(board_, cell, dirs), cell)
    ends = [cell for cell, dirs in pieces if len(dirs) == 1]
    if len(ends) > 2:
        raise CellError(f"a third end at {Grid.name(ends[2])}: a pipeline has two", ends[2])
    return Instance(r, c, pieces, rows, cols)


#: `size C x R`, the `rows` and `cols` numbers, a `grid` of pieces, an
#: optional `solution` of pipe cells; janko: `ROWS COLS`, the column
#: numbers, the row numbers, the grid.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": PIECES},
    keywords=keywords(COUNT),
    build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.pieces)),
                        {"rows": inst.row_counts, "cols": inst.col_counts}),
    solution=exits_answer(PIECES, "pipe"),
    janko=Janko(PIECES, lines=("cols", "rows")),
)


def solution_json(inst: Instance, sol) -> list[list[int]]:
    """The pipe's cells [r, c] from its first end to its second, 0-based."""
    return [list(c) for c in path_order(sol, inst.ends[0])]


def picture(inst: Instance, solution=None) -> Board:
    """Given pieces and ends grey, the numbers right of the rows and below
    the columns, the pipe when solved."""
    lines = [Line(tuple(path_order(solution, inst.ends[0])))] if solution else []
    return Board(inst.rows, inst.cols, shades=[Shade(c, "gray") for c, _ in inst.pieces],
                 labels=COUNTS.labels(inst, given=True, hidden=None), lines=lines)


GENRE = Genre(
    name=NAME, aliases=("Pipeline",),
    summary="one pipe from end to end through the given pieces; numbers count its cells per"
            " row and column",
    instance=Instance, text=FORMAT, encode=PipelineEncoding, verify=verify, clues=clues,
    solution_json=solution_json, cells=exits_cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

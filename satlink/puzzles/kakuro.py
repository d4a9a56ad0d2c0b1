"""Kakuro: digits 1-9 in the white cells; each run sums to its clue.

Rules (janko): write a digit 1..9 into every white cell. A run is a row or
column block of white cells between black cells or the edge; the number in
the black cell before a run (above it for a column, left of it for a row)
is the sum of its digits, and no digit appears twice in a run.

Encoding (encodings/kakuro.md): :class:`satlink.rules.latin.Latin` over the
white cells with the runs as its units (all different), each clued run a
distinct sum (:func:`satlink.rules.sums.sum_is`, the table of its digit
sets); the digit sets narrow the cells before encoding
(:func:`satlink.rules.sums.distinct_filter`).

A solution is a grid: the digit of each white cell, None elsewhere.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import Board as PzBoard, Codec, KakuroCells, Unfit
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..rules import sums
from ..rules.latin import Latin, broken_units

NAME = "kakuro"
MAX_SIDE = 200
DIGITS = range(1, 10)
#: The two directions of a run from its clue cell.
STEP = {"down": (1, 0), "right": (0, 1)}


class Clue(NamedTuple):
    """A black cell's totals for the run below it and the run right of it."""

    down: int | None
    right: int | None


#: A black cell without totals.
BLACK = Clue(None, None)


@dataclass(frozen=True)
class Instance:
    """``cells[r][c]``: None for a white cell, a :class:`Clue` for a black one."""

    rows: int
    cols: int
    cells: tuple[tuple[Clue | None, ...], ...]

    def white(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)
                if self.cells[r][c] is None]

    def runs(self) -> list[tuple[tuple[int, int], str, list, int | None]]:
        """Every run: (the cell before it, ``down``/``right``, its cells,
        its total or None), runs of one cell included; the cell before a run
        at the edge is off the board."""
        out = []
        lines = [("right", [[(r, c) for c in range(self.cols)] for r in range(self.rows)]),
                 ("down", [[(r, c) for r in range(self.rows)] for c in range(self.cols)])]
        for d, line_cells in lines:
            dr, dc = STEP[d]
            for line in line_cells:
                run: list = []
                for cell in line + [None]:
                    if cell is not None and self.cells[cell[0]][cell[1]] is None:
                        run.append(cell)
                        continue
                    if run:
                        r, c = run[0][0] - dr, run[0][1] - dc
                        clue = self.cells[r][c] if r >= 0 and c >= 0 else None
                        out.append(((r, c), d, run, getattr(clue, d) if clue else None))
                        run = []
        return out


def make(rows: int, cols: int, cells) -> Instance:
    """Build and validate: every total has a run of 1 to 9 white cells after
    it (:class:`CellError` at the clue)."""
    inst = Instance(rows, cols, tuple(map(tuple, cells)))
    for (r, c), clue in given(inst.cells):
        for d, (dr, dc) in STEP.items():
            total = getattr(clue, d)
            if total is None:
                continue
            n, (rr, cc) = 0, (r + dr, c + dc)
            while rr < rows and cc < cols and inst.cells[rr][cc] is None:
                n, rr, cc = n + 1, rr + dr, cc + dc
            if not 1 <= n <= 9:
                where = "no white cell" if n == 0 else f"{n} white cells, more than 9 digits"
                raise CellError(f"the {d} total {total} at row {r + 1}, column {c + 1} has"
                                f" {where} after it", (r, c))
    return inst


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple[int, int, str, int]]:
    """The totals, as (row, column, ``down`` or ``right``, total)."""
    return [(r, c, d, getattr(clue, d)) for (r, c), clue in given(inst.cells)
            for d in STEP if getattr(clue, d) is not None]


class KakuroEncoding(contract.Encoding):
    """:attr:`square` (a :class:`Latin` over the white cells, the runs its
    units) and each clued run's total as a distinct sum over its open cells."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        runs = inst.runs()
        summed = [(cell, d, run, total) for cell, d, run, total in runs if total is not None]
        filters = sums.cage_filters([(run, total) for _, _, run, total in summed], (), DIGITS)
        self.square = sq = Latin(f, inst.white(), [run for _, _, run, _ in runs], DIGITS,
                                 filters=filters if direct else (), selectors=not direct)
        for (r, c), d, run, total in summed:
            when = None if direct else self.selectors.setdefault(
                (r, c, d, total), f.var("total", r, c, d))
            open_cells = [x for x in run if x not in sq.fixed]
            if open_cells:
                rest = total - sum(sq.fixed[x] for x in run if x in sq.fixed)
                sums.sum_is(sq.numbers, open_cells, rest, when=when, distinct=True)

    def decode(self, model):
        inst = self.instance
        return board(inst.rows, inst.cols, {c: self.square.value(model, c) or 0
                                            for c in inst.white()})


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return KakuroEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.rows} x {inst.cols}"]
    problems = [f"r{r + 1}c{c + 1} is a black cell but holds {sol[r][c]}"
                for (r, c), _ in given(inst.cells) if sol[r][c] is not None]
    values = {c: sol[c[0]][c[1]] for c in inst.white()}
    runs = inst.runs()
    named = [(f"the {d} run of r{cell[0] + 1}c{cell[1] + 1}", run) for cell, d, run, _ in runs]
    problems += broken_units(values, named, DIGITS)
    for (name, run), (_, _, _, total) in zip(named, runs):
        got = sum(values[c] or 0 for c in run)
        if total is not None and got != total:
            problems.append(f"{name} adds up to {got}, not {total}")
    return problems


# -- design (satlink.design: minimize, generate, analyze) ---------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, str, int]]:
    """Every total the board could show that ``sol`` obeys: each run's sum."""
    return [(cell[0], cell[1], d, sum(sol[r][c] for r, c in run))
            for cell, d, run, _ in inst.runs() if cell[0] >= 0 and cell[1] >= 0]


def with_clues(inst: Instance, totals) -> Instance:
    at = {}
    for r, c, d, v in totals:
        at.setdefault((r, c), {})[d] = v
    cells = [[None if v is None else BLACK for v in row] for row in inst.cells]
    for (r, c), ds in at.items():
        cells[r][c] = Clue(ds.get("down"), ds.get("right"))
    return replace(inst, cells=tuple(map(tuple, cells)))


def clue_name(clue) -> str:
    return f"the {clue[2]} total of r{clue[0] + 1}c{clue[1] + 1}"


# -- .pzl and grid text --------------------------------------------------------------------
def _clue(text: str) -> Clue | None:
    """`16,7` (down 16, right 7), `16,` or `,7`; None when not a clue."""
    if text.count(",") != 1:
        return None
    down, right = text.split(",")
    if not all(p == "" or p.isdigit() for p in (down, right)):
        return None
    clue = Clue(int(down) if down else None, int(right) if right else None)
    if any(v is not None and not 1 <= v <= 45 for v in clue):
        raise ValueError("a total is 1..45, the sum of at most nine different digits")
    return clue


def _show(clue: Clue) -> str:
    return f"{'' if clue.down is None else clue.down},{'' if clue.right is None else clue.right}"


_RULE = "`.` (white), `x` (black) or totals `down,right` (`16,7`, `16,`, `,7`)"
#: A .pzl cell: `.` white, `x` black, `16,7` black with totals.
CELLS = Tokens(what="a cell", expect=_RULE, empty=(".",), values={"x": BLACK},
               parse=_clue, show=_show)
#: A janko cell: `0` white, `-` black, `16,7` totals.
JANKO = Tokens(what="a cell", expect="`0` (white), `-` (black) or totals `down,right`",
               empty=("0",), values={"-": BLACK}, parse=_clue, show=_show)
#: A solution cell: a digit, or `.`/`-` on black cells.
FILLED = Tokens(what="a digit", expect="a digit 1-9 or `.` on a black cell", numbers=(1, 9))

FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS},
    build=make,
    split=lambda inst: (inst.rows, inst.cols, inst.cells),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(JANKO, solution=FILLED),
)
check_header = FORMAT.check_header
from_document = FORMAT.from_document
expected_solution = FORMAT.expected_solution
to_pzl = FORMAT.to_pzl
from_grid_text = FORMAT.from_grid_text
solution_from_grid_text = FORMAT.solution_from_grid_text


# -- output ------------------------------------------------------------------------------
def solution_json(inst: Instance, sol) -> list[list[int | None]]:
    return [list(row) for row in sol]


def cells(inst: Instance, sol) -> dict[str, int]:
    """White cell name (`r3c4`) -> digit."""
    return {f"r{r + 1}c{c + 1}": sol[r][c] for r, c in inst.white()}


def picture(inst: Instance, solution=None) -> Board:
    """Black cells with their totals (`down\\right`), the solved digits."""
    shades = [Shade(cell, "black") for cell, _ in given(inst.cells)]
    labels = [Label(cell, f"{'' if k.down is None else k.down}\\"
                          f"{'' if k.right is None else k.right}")
              for cell, k in given(inst.cells) if k != BLACK]
    if solution is not None:
        labels += [Label(c, str(solution[c[0]][c[1]]), given=False) for c in inst.white()]
    return Board(inst.rows, inst.cols, shades=shades, labels=labels)



# -- puzz.link ---------------------------------------------------------------------------


def _from_puzzlink(b: PzBoard) -> Instance:
    """pzprjs's board is the inside of ours: our row 0 and column 0 hold the
    totals pzprjs writes outside the board."""
    inner, top, left = b.value
    cells = [[BLACK] + [BLACK if top[c] is None else Clue(top[c], None) for c in range(b.cols)]]
    for r, row in enumerate(inner):
        cells.append([BLACK if left[r] is None else Clue(None, left[r])]
                     + [None if v is None else Clue(*v) for v in row])
    try:
        return make(b.rows + 1, b.cols + 1, cells)
    except CellError as exc:
        r, c = exc.cell
        raise b.where(exc.message, max(r - 1, 0), max(c - 1, 0)) from None


def _to_puzzlink(inst: Instance) -> PzBoard:
    edge = [(0, c) for c in range(inst.cols)] + [(r, 0) for r in range(1, inst.rows)]
    if any(inst.cells[r][c] is None for r, c in edge):
        raise Unfit("puzz.link keeps the top row and left column for totals: they must be black")
    if any(inst.cells[0][c].right is not None for c in range(inst.cols)) or any(
            inst.cells[r][0].down is not None for r in range(inst.rows)):
        raise Unfit("a total in the top row or left column points along the edge")
    inner = tuple(tuple(None if v is None else tuple(v) for v in row[1:]) for row in inst.cells[1:])
    top = tuple(inst.cells[0][c].down for c in range(1, inst.cols))
    left = tuple(inst.cells[r][0].right for r in range(1, inst.rows))
    return PzBoard(inst.cols - 1, inst.rows - 1, (inner, top, left))


#: pzprjs `kakuro`: the board without the row and column of totals above
#: and left of it, which pzprjs keeps outside.
PUZZLINK = Codec(names=("kakuro",), body=KakuroCells(), build=_from_puzzlink, split=_to_puzzlink)


GENRE = Genre(
    name=NAME, aliases=("Kakuro", "cross-sums"),
    summary="digits 1-9 in white cells; each run sums to its clue, no digit twice in a run",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

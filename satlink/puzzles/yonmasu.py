"""Yonmasu: divide the board into pieces of four cells, one white circle in each.

Rules (janko.at "Yonmasu", settled by the dev slice's published solutions):
black cells (`x`) belong to no piece; every other cell belongs to exactly
one piece of four orthogonally connected cells (a tetromino of any
shape), and every piece holds exactly one white circle (`o`).

Encoding (encodings/yonmasu.md): a variable per placement, a connected set
of four free cells holding exactly one circle (enumerated from each
circle); each free cell covered by exactly one chosen placement. All
clauses: no lazy rule. Circles and black cells are the board (no removable
clues).

A solution is the frozenset of pieces, each a frozenset of four cells ``(r, c)``.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Circle, Shade, region_borders
from ..rules.grid import Cell, Grid, check_board

NAME = "yonmasu"
MAX_SIDE = 100
BLACK, WHITE = "black", "white"
SIZE = 4


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its marked cells (cell -> ``black``
    or ``white``: a black cell or a white circle), sorted."""

    rows: int
    cols: int
    marks: tuple[tuple[Cell, str], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.marks), "mark")
        object.__setattr__(self, "marks", tuple(sorted(self.marks)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def cells_of(self, kind: str) -> list[Cell]:
        return [c for c, k in self.marks if k == kind]

    def free(self) -> list[Cell]:
        black = set(self.cells_of(BLACK))
        return [c for c in self.grid.cells if c not in black]


def placements(inst: Instance) -> list[frozenset]:
    """Every set of four orthogonally connected free cells with exactly one
    white circle, grown from each circle."""
    free, circles = set(inst.free()), set(inst.cells_of(WHITE))
    out: set[frozenset] = set()
    for start in sorted(circles):
        todo = [frozenset([start])]
        while todo:
            part = todo.pop()
            if len(part) == SIZE:
                out.add(part)
                continue
            for r, c in part:
                for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if n in free and n not in part and n not in circles:
                        todo.append(part | {n})
    return sorted(out, key=sorted)


# -- the rules ---------------------------------------------------------------------------
class YonmasuEncoding(Encoding):
    """``self.piece``: a variable per placement."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.piece = {p: f.var("piece", *sorted(p)) for p in placements(inst)}
        f.declare_answer(self.piece.values())
        cover: dict[Cell, list[int]] = {c: [] for c in inst.free()}
        for p, x in self.piece.items():
            for c in p:
                cover[c].append(x)
        for c in inst.free():  # every free cell in exactly one piece
            f.exactly_one(cover[c])

    def decode(self, model) -> frozenset:
        return frozenset(p for p, x in self.piece.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> YonmasuEncoding:
    return YonmasuEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, pieces) -> list[str]:
    """Broken rules of a set of pieces (empty when solved)."""
    free, circles = set(inst.free()), set(inst.cells_of(WHITE))
    problems, seen = [], {}
    for p in sorted(pieces, key=sorted):
        name = Grid.name(min(p))
        if len(p) != SIZE:
            problems.append(f"the piece at {name} has {len(p)} cells, not {SIZE}")
        if not set(p) <= free:
            problems.append(f"the piece at {name} covers a black cell or leaves the board")
        if not _connected(set(p)):
            problems.append(f"the piece at {name} is not connected")
        n = len(set(p) & circles)
        if n != 1:
            problems.append(f"the piece at {name} holds {n} circles")
        for c in p:
            if c in seen:
                problems.append(f"{Grid.name(c)} lies in two pieces")
            seen[c] = p
    problems += [f"{Grid.name(c)} lies in no piece" for c in sorted(free) if c not in seen]
    return problems


def _connected(cells: set) -> bool:
    if not cells:
        return False
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


# -- text: `.pzl` and janko grid text ---------------------------------------------------------
MARKS = Tokens(what="a mark", expect="`x` (a black cell), `o` (a white circle) or `.`",
               values={"x": BLACK, "o": WHITE})


def _piece_name(text: str):
    return text if text.isalnum() else None


#: A solution cell: its piece's name (letters or digits), `.` a black cell.
PIECES = Tokens(what="a piece name", expect="a piece name (letters or digits) or `.`",
                parse=_piece_name, show=str, fold=False)


def _read(grid) -> frozenset:
    groups: dict[str, set] = {}
    for c, name in given(grid):
        groups.setdefault(name, set()).add(c)
    return frozenset(frozenset(g) for g in groups.values())


def _write(inst: Instance, pieces):
    label = {c: str(k + 1) for k, p in enumerate(sorted(pieces, key=sorted)) for c in p}
    return board(inst.rows, inst.cols, label)


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": MARKS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.marks))),
    solution=Answer(PIECES, read=_read, write=_write),
    janko=Janko(MARKS),
)


# -- output ------------------------------------------------------------------------------------
def solution_json(inst: Instance, pieces) -> list[list[list[int]]]:
    """The pieces, each its four cells [r, c] (0-based) in row order; pieces by first cell."""
    return [[list(c) for c in sorted(p)] for p in sorted(pieces, key=sorted)]


def cells(inst: Instance, pieces) -> dict[str, str]:
    """Every free cell by name: the name of its piece's first cell."""
    return {Grid.name(c): Grid.name(min(p)) for p in pieces for c in p}


def picture(inst: Instance, solution=None) -> Board:
    """Black cells, white circles; the pieces' borders when solved."""
    piece = {c: min(p) for p in (solution or ()) for c in p}
    edges = region_borders(inst.rows, inst.cols, lambda c: piece.get(c, c)) if solution else []
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in inst.cells_of(BLACK)],
                 circles=[Circle(c, "white") for c in inst.cells_of(WHITE)], edges=edges)


GENRE = Genre(
    name=NAME, aliases=("Yonmasu",),
    summary="divide the cells that are not black into pieces of four, each holding one white"
            " circle",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture,
)

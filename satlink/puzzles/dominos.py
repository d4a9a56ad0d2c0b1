"""Dominos (Domino Search): find the full set of dominoes in a grid of numbers.

Rules (janko.at "Dominos"): the grid shows the numbers 0 to N; divide it
into dominoes (two orthogonally adjacent cells) so that every pair of
numbers {a, b}, 0 <= a <= b <= N, appears on exactly one domino. A board
of R x C cells holds the (N + 1)(N + 2) / 2 dominoes of the set 0-N, so
N follows from the size.

Encoding: :class:`satlink.rules.placement_cover.Cover` over the domino
placements: every cell in exactly one chosen domino, and for every pair
{a, b} exactly one chosen domino showing it. All clauses: no lazy rule;
the numbers are the board itself, so there are no clues to remove.

A solution is the frozenset of dominoes, each a pair of cells ``(a, b)``
with ``a < b``.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import REGIONS, Answer, CellError, Janko, Layout, Tokens, region_grid
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Label, region_borders
from ..rules.grid import Cell, Grid, check_board
from ..rules.placement_cover import Cover
from ..rules.placements import pieces, placements
from ..rules.shapes import DOMINO

NAME = "dominos"
MAX_SIDE = 100

Domino = tuple[Cell, Cell]


def highest(rows: int, cols: int) -> int | None:
    """N with (N + 1)(N + 2) = rows x cols, None when there is none."""
    n = 0
    while (n + 1) * (n + 2) < rows * cols:
        n += 1
    return n if (n + 1) * (n + 2) == rows * cols else None


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` grid of numbers 0-N."""

    rows: int
    cols: int
    numbers: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "number")
        n = highest(self.rows, self.cols)
        if n is None:
            raise CellError(f"{self.rows} x {self.cols} cells are no full set of dominoes: a set"
                            " 0-N has (N + 1)(N + 2) cells", (0, 0))
        for r, row in enumerate(self.numbers):
            for c, v in enumerate(row):
                if v is None or not 0 <= v <= n:
                    raise CellError(f"{v if v is not None else 'an empty cell'} at"
                                    f" {Grid.name((r, c))}: this board holds the set 0-{n}",
                                    (r, c))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def top(self) -> int:
        return highest(self.rows, self.cols)

    def pair(self, domino: Domino) -> tuple[int, int]:
        a, b = (self.numbers[r][c] for r, c in domino)
        return (min(a, b), max(a, b))


# -- the rules ---------------------------------------------------------------------------
class DominosEncoding(Encoding):
    """``self.cover``: a variable per domino placement."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.cover = Cover(f, placements(inst.grid, pieces({"domino": DOMINO})), tag="domino")
        f.declare_answer(self.cover.var.values())
        self.cover.exactly_one_per_cell(inst.grid.cells)  # a tiling
        showing: dict[tuple[int, int], list[int]] = {
            (a, b): [] for a in range(inst.top + 1) for b in range(a, inst.top + 1)}
        for p, x in self.cover.var.items():
            showing[inst.pair(p.cells)].append(x)
        for xs in showing.values():  # every domino of the set once
            f.exactly_one(xs)

    def decode(self, model) -> frozenset[Domino]:
        return frozenset(tuple(sorted(p.cells)) for p in self.cover.chosen(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> DominosEncoding:
    return DominosEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, dominoes) -> list[str]:
    g, problems, seen = inst.grid, [], {}
    covered: dict[Cell, int] = {}
    for a, b in sorted(dominoes):
        if not (g.inside(a) and g.inside(b) and b in g.neighbours(a)):
            problems.append(f"{Grid.name(a)}-{Grid.name(b)} is not a domino of the board")
            continue
        for c in (a, b):
            covered[c] = covered.get(c, 0) + 1
        seen.setdefault(inst.pair((a, b)), []).append((a, b))
    problems += [f"{Grid.name(c)} lies in {k} dominoes" for c, k in sorted(covered.items())
                 if k > 1]
    problems += [f"{Grid.name(c)} lies in no domino" for c in g.cells if c not in covered]
    for a in range(inst.top + 1):
        for b in range(a, inst.top + 1):
            k = len(seen.get((a, b), ()))
            if k != 1:
                problems.append(f"the domino {a}-{b} appears {k} times")
    return problems


# -- text: the numbers; a solution names each domino (janko: letters and digits) ----------------
NUMBERS = Tokens(what="a number", expect="a number 0-N", numbers=(0, MAX_SIDE * MAX_SIDE),
                 empty=())


def _read(grid) -> frozenset[Domino]:
    canon = region_grid(grid)
    cells_of: dict[int, list[Cell]] = {}
    for r, row in enumerate(canon):
        for c, k in enumerate(row):
            cells_of.setdefault(k, []).append((r, c))
    for cells_ in cells_of.values():
        if len(cells_) != 2:
            raise CellError(f"the piece at {Grid.name(cells_[0])} has {len(cells_)} cells, not"
                            " two", cells_[0])
    return frozenset(tuple(v) for v in cells_of.values())


def _write(inst: Instance, dominoes):
    label = {}
    for i, (a, b) in enumerate(sorted(dominoes)):
        label[a] = label[b] = i
    return tuple(tuple(label[(r, c)] for c in range(inst.cols)) for r in range(inst.rows))


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, grid),
    split=lambda inst: (inst.rows, inst.cols, inst.numbers),
    solution=Answer(REGIONS, read=_read, write=_write),
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, dominoes) -> list[list[list[int]]]:
    """The dominoes [[r1, c1], [r2, c2]], 0-based, sorted."""
    return [[list(a), list(b)] for a, b in sorted(dominoes)]


def picture(inst: Instance, solution=None) -> Board:
    """The numbers; the dominoes' borders when solved."""
    labels = [Label(c, str(inst.numbers[c[0]][c[1]])) for c in inst.grid.cells]
    if not solution:
        return Board(inst.rows, inst.cols, labels=labels)
    piece = {c: i for i, d in enumerate(sorted(solution)) for c in d}
    return Board(inst.rows, inst.cols, labels=labels,
                 edges=region_borders(inst.rows, inst.cols, lambda c: piece.get(c, c)))


GENRE = Genre(
    name=NAME, aliases=("Dominos", "dominoes", "domino-search"),
    summary="divide a grid of numbers 0-N into dominoes, each pair of numbers exactly once",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, picture=picture,
)

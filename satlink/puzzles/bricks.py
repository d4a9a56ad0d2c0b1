"""Bricks (Ziegelmauer): a Latin square laid as a brick wall, odd beside even.

Rules (janko.at "Ziegelmauer"): write 1..N into every row and every
column of the N x N wall, each number once. The wall is laid in bricks of
two cells, the rows staggered: one row starts with a whole brick, the
next with a half one, and so on. Every whole brick holds one odd and one
even number. Most of janko's walls start with a whole brick in the first
row (`wall whole`, the default); some (011-030 of the 8 x 8 ones) with a
half brick (`wall half`). janko's grid text does not say which: it is
read as `whole`.

Encoding: :class:`satlink.rules.latin.Latin` over the rows and columns
(the givens and what follows from them decided first; in selector mode
every given behind its cell variable), a parity variable per open cell
(it holds an odd number) and each brick's two parities different. All
clauses: no lazy rule.

A solution is the grid of numbers, a tuple of row tuples.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..render import Board, Label, region_borders
from ..rules.grid import Cell, Grid
from ..rules.latin import Latin, grid_units

NAME = "bricks"
MAX_SIZE = 40


@dataclass(frozen=True)
class Instance:
    """An N x N wall and its givens (``givens[r][c]``, None where empty)."""

    size: int
    givens: tuple[tuple[int | None, ...], ...]
    wall: str = "whole"

    def __post_init__(self) -> None:
        if self.wall not in ("whole", "half"):
            raise CellError(f"wall {self.wall!r} is not `whole` or `half`", (0, 0))
        if not 1 <= self.size <= MAX_SIZE:
            raise CellError(f"size {self.size} is outside 1..{MAX_SIZE}", (0, 0))
        for r, row in enumerate(self.givens):
            for c, v in enumerate(row):
                if v is not None and not 1 <= v <= self.size:
                    raise CellError(f"{v} at {Grid.name((r, c))} is not a number 1-{self.size}",
                                    (r, c))


def bricks(n: int, wall: str = "whole") -> list[tuple[Cell, Cell]]:
    """The whole bricks of an n x n wall whose first row starts with a
    ``wall`` brick: row r's start at column (r + shift) % 2."""
    shift = 0 if wall == "whole" else 1
    return [((r, c), (r, c + 1)) for r in range(n) for c in range((r + shift) % 2, n - 1, 2)]


def clues(inst: Instance) -> list[tuple[int, int, int]]:
    return [(r, c, v) for r, row in enumerate(inst.givens) for c, v in enumerate(row)
            if v is not None]


class BricksEncoding(contract.Encoding):
    """``self.square``: the Latin square; ``self.odd``: an open cell's parity."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options) -> None:
        super().__init__(inst, f, options)
        n = inst.size
        cells = [(r, c) for r in range(n) for c in range(n)]
        self.square = sq = Latin(f, cells, grid_units(n, n), range(1, n + 1),
                                 {(r, c): v for r, c, v in clues(inst)},
                                 selectors=options.clues == "selectors")
        odd: dict[Cell, int | bool] = {c: v % 2 == 1 for c, v in sq.fixed.items()}
        for c, vs in sq.numbers.var.items():
            odd[c] = f.var("odd", *c)
            f.equiv_or(odd[c], [x for v, x in vs.items() if v % 2])
        for a, b in bricks(n, inst.wall):  # one odd and one even
            for sa, sb in ((True, True), (False, False)):
                clause = []
                for lit, want in ((odd[a], sa), (odd[b], sb)):
                    if isinstance(lit, bool):
                        if lit != want:
                            break  # that half already differs: no clause
                        continue
                    clause.append(-lit if want else lit)
                else:
                    f.add(clause)

    def selector(self, clue) -> int:
        r, c, v = clue
        x = self.square.selector((r, c), v)
        if x is None:
            raise KeyError(f"no selector for clue {clue!r}")
        return x

    def decode(self, model):
        n = self.instance.size
        return tuple(tuple(self.square.value(model, (r, c)) or 0 for c in range(n))
                     for r in range(n))


def encode(inst: Instance, f: Formula, options: contract.Options = contract.Options()):
    return BricksEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    n = inst.size
    if len(sol) != n or any(len(row) != n for row in sol):
        return [f"the grid is not {n} x {n}"]
    want = list(range(1, n + 1))
    problems = [f"row {r + 1} does not hold 1-{n} once each" for r in range(n)
                if sorted(sol[r]) != want]
    problems += [f"column {c + 1} does not hold 1-{n} once each" for c in range(n)
                 if sorted(sol[r][c] for r in range(n)) != want]
    problems += [f"the brick {Grid.name(a)}-{Grid.name(b)} holds"
                 f" {sol[a[0]][a[1]]} and {sol[b[0]][b[1]]}" for a, b in bricks(n, inst.wall)
                 if sol[a[0]][a[1]] % 2 == sol[b[0]][b[1]] % 2]
    problems += [f"{Grid.name((r, c))} is given {v}" for r, c, v in clues(inst)
                 if sol[r][c] != v]
    return problems


# -- design: a given can go ------------------------------------------------------------------
def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    return [(r, c, v) for r, row in enumerate(sol) for c, v in enumerate(row)]


def with_clues(inst: Instance, kept) -> Instance:
    grid = [[None] * inst.size for _ in range(inst.size)]
    for r, c, v in kept:
        grid[r][c] = v
    return Instance(inst.size, tuple(map(tuple, grid)), inst.wall)


def blank(rows: int, cols: int, params: dict) -> Instance:
    return Instance(cols, tuple((None,) * cols for _ in range(cols)))


# -- text and output ---------------------------------------------------------------------------
CELLS = Tokens(what="a number", expect="a number or `.`", numbers=(1, MAX_SIZE))
FILLED = Tokens(what="a number", expect="a number", empty=(), numbers=(1, MAX_SIZE))

WALL = Tokens(expect="`whole` or `half` (the first row's first brick)",
              values={"whole": "whole", "half": "half"})

FORMAT = Layout(
    NAME, MAX_SIZE, {"grid": CELLS}, square=True,
    keywords={"wall": Keyword(WALL, default="whole")},
    build=lambda rows, cols, grid, wall: Instance(rows, grid, wall),
    split=lambda inst: (inst.size, inst.size, inst.givens, {"wall": inst.wall}),
    solution=Answer(FILLED, read=lambda grid: grid, write=lambda inst, sol: sol),
    janko=Janko(CELLS, solution=FILLED))


def picture(inst: Instance, solution=None) -> Board:
    """The wall (each brick outlined), givens and the solved numbers."""
    brick = {}
    for i, (a, b) in enumerate(bricks(inst.size, inst.wall)):
        brick[a] = brick[b] = i
    labels = [Label((r, c), str(v)) for r, c, v in clues(inst)]
    if solution:
        labels += [Label((r, c), str(v), given=False) for r, row in enumerate(solution)
                   for c, v in enumerate(row) if inst.givens[r][c] is None]
    return Board(inst.size, inst.size, labels=labels,
                 edges=region_borders(inst.size, inst.size, lambda c: brick.get(c, c)))


GENRE = Genre(
    name=NAME, aliases=("Bricks", "ziegelmauer", "brick-wall"),
    summary="a Latin square laid as a staggered brick wall: every brick holds one odd and one"
            " even number",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues,
                  clue_name=lambda c: Grid.name(c[:2]), blank=blank),
)

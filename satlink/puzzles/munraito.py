"""Munraito (Moonlight): a star and a cloud per row and column; planets say which sides are lit.

Rules (janko.at, the dev slice's published solutions): place exactly one
star and one cloud in every row and every column, never on a planet (a
numbered cell). A star shines along its row and column in both directions
until a cloud, a planet or the edge stops the light (another star does
not). A planet's number tells which of its sides are lit, as a sum: 8 from
above, 4 from the left, 2 from below, 1 from the right; every side not in
the sum is dark.

Encoding (encodings/munraito.md): a star and a cloud variable per free
cell (not both); one of each per row and column; per planet side, over the
cells from the planet to the next planet or the edge: lit as "some star
with no cloud before it" (an auxiliary per star position), dark as "every
star has a cloud before it". All clauses: no lazy rule. Planets are the
board (no removable clues).

A solution is the frozenset of ``((r, c), "star" | "cloud")`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Genre
from ..render import Board, Circle, Label, Mark
from ..rules.grid import Cell, Grid, check_board

NAME = "munraito"
MAX_SIDE = 100
STAR, CLOUD = "star", "cloud"
#: A side's bit in a planet's number and the step from the planet towards it.
SIDES = ((8, (-1, 0), "above"), (4, (0, -1), "left"), (2, (1, 0), "below"), (1, (0, 1), "right"))


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its planets (cell -> 0..15), sorted."""

    rows: int
    cols: int
    planets: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.planets), "planet")
        object.__setattr__(self, "planets", tuple(sorted(self.planets)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def free(self) -> list[Cell]:
        at = dict(self.planets)
        return [c for c in self.grid.cells if c not in at]

    def ray(self, cell: Cell, step: Cell) -> list[Cell]:
        """The cells from ``cell`` (excluded) along ``step`` up to the next
        planet or the edge."""
        at, out = dict(self.planets), []
        r, c = cell[0] + step[0], cell[1] + step[1]
        while self.grid.inside((r, c)) and (r, c) not in at:
            out.append((r, c))
            r, c = r + step[0], c + step[1]
        return out


# -- the rules ---------------------------------------------------------------------------
class MunraitoEncoding(Encoding):
    """``self.star`` and ``self.cloud``: a variable per free cell each."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        free = inst.free()
        self.star = star = {c: f.var("star", *c) for c in free}
        self.cloud = cloud = {c: f.var("cloud", *c) for c in free}
        f.declare_answer([*star.values(), *cloud.values()])
        f.extend([-star[c], -cloud[c]] for c in free)  # not both in one cell
        g = inst.grid
        for line in g.rows_of_cells() + g.cols_of_cells():  # one of each per line
            for kind in (star, cloud):
                f.exactly_one([kind[c] for c in line if c in kind])
        for cell, n in inst.planets:
            for bit, step, _ in SIDES:
                ray = inst.ray(cell, step)
                if n & bit:  # lit: some star with no cloud before it
                    first = []
                    for i, c in enumerate(ray):
                        a = f.new_aux()
                        f.add([-a, star[c]])
                        f.extend([-a, -cloud[b]] for b in ray[:i])
                        first.append(a)
                    f.add(first)
                else:  # dark: a cloud before every star
                    f.extend([-star[c], *(cloud[b] for b in ray[:i])] for i, c in enumerate(ray))

    def decode(self, model) -> frozenset:
        return frozenset([(c, STAR) for c, v in self.star.items() if model.value(v)]
                         + [(c, CLOUD) for c, v in self.cloud.items() if model.value(v)])


def encode(inst: Instance, f: Formula, options: Options = Options()) -> MunraitoEncoding:
    return MunraitoEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def lit_sides(inst: Instance, cell: Cell, objects: dict) -> int:
    """The sum of the sides of ``cell`` that a star lights: walking out from
    each side, the first star or cloud met (before a planet or the edge) is a star."""
    total = 0
    for bit, step, _ in SIDES:
        for c in inst.ray(cell, step):
            if c in objects:
                total += bit if objects[c] == STAR else 0
                break
    return total


def verify(inst: Instance, solution) -> list[str]:
    """Broken rules of a set of ``(cell, kind)`` (empty when solved)."""
    planets, objects, problems = dict(inst.planets), {}, []
    for cell, kind in sorted(solution):
        if cell in planets or not inst.grid.inside(cell):
            problems.append(f"a {kind} at {Grid.name(cell)} is not on a free cell")
        elif cell in objects:
            problems.append(f"{Grid.name(cell)} holds a star and a cloud")
        else:
            objects[cell] = kind
    g = inst.grid
    for word, lines in (("row", g.rows_of_cells()), ("column", g.cols_of_cells())):
        for i, line in enumerate(lines):
            for kind in (STAR, CLOUD):
                n = sum(objects.get(c) == kind for c in line)
                if n != 1:
                    problems.append(f"{word} {i + 1} has {n} {kind}s")
    for cell, n in inst.planets:
        got = lit_sides(inst, cell, objects)
        if got != n:
            problems.append(f"the planet {n} at {Grid.name(cell)} is lit as {got}")
    return problems


# -- text: `.pzl` and janko grid text -----------------------------------------------------------
#: A cell of the `grid` block: a planet's number 0-15, `.` free.
PLANETS = Tokens(what="a planet", expect="a planet's number 0-15 or `.`", numbers=(0, 15),
                 why="the sides lit add up 8 (above), 4 (left), 2 (below), 1 (right)")
#: A solution cell: `s` a star, `x` a cloud, a planet's number, `.`.
OBJECTS = Tokens(expect="`s` (a star), `x` (a cloud), a planet's number or `.`",
                 values={"s": STAR, "x": CLOUD}, numbers=(0, 15))

FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": PLANETS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.planets))),
    solution=Answer(OBJECTS, read=lambda grid: frozenset((c, v) for c, v in given(grid)
                                                         if v in (STAR, CLOUD)),
                    write=lambda inst, sol: board(inst.rows, inst.cols,
                                                  {**dict(inst.planets), **dict(sol)})),
    janko=Janko(PLANETS, solution=OBJECTS),
)


# -- output ------------------------------------------------------------------------------------
def solution_json(inst: Instance, solution) -> dict:
    """``{"stars": [[r, c], ...], "clouds": [[r, c], ...]}``, 0-based, in row order."""
    return {"stars": [list(c) for c, k in sorted(solution) if k == STAR],
            "clouds": [list(c) for c, k in sorted(solution) if k == CLOUD]}


def cells(inst: Instance, solution) -> dict[str, str]:
    at = dict(solution)
    return {Grid.name(c): at.get(c, "-") for c in inst.free()}


def picture(inst: Instance, solution=None) -> Board:
    """Planets as black circles with their numbers; stars `*`, clouds crosses."""
    sol = sorted(solution or ())
    return Board(inst.rows, inst.cols,
                 circles=[Circle(c, "black", str(n)) for c, n in inst.planets],
                 labels=[Label(c, "*", given=False) for c, k in sol if k == STAR],
                 marks=[Mark(c, "cross") for c, k in sol if k == CLOUD])


GENRE = Genre(
    name=NAME, aliases=("Munraito", "moonlight"),
    summary="one star and one cloud per row and column; stars shine until a cloud or planet,"
            " a planet's number sums the sides lit (8 above, 4 left, 2 below, 1 right)",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture,
)

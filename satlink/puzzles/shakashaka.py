"""Shakashaka: black triangles that leave every white area a rectangle.

Rules (janko.at, puzz.link): some cells are black, some of them numbered.
Put black triangles (half a cell, cut along a diagonal) into white cells
so that every white area becomes a rectangle, upright or turned 45
degrees. A number says how many triangles touch its black cell
orthogonally.

Encoding (encodings/triangles.md): :class:`satlink.rules.triangles.Triangles`,
four side variables per white cell (the sides its triangle covers), the
rectangle rule as clauses on the eight sectors around every lattice point
(no white corner of 45, 135 or more than 180 degrees), and each number a
count of the triangles beside it, behind its selector in selector mode
(:func:`satlink.puzzles._black_cells.count_beside`, the board Akari
shares). All clauses: no lazy rule.

A solution is the frozenset of triangles ``((r, c), corner)``, ``corner``
in ``nw ne sw se``: the corner that holds the triangle's right angle.
"""
from __future__ import annotations

from fractions import Fraction

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label
from ..rules.grid import Cell, Grid
from ..rules.triangles import KINDS, Triangles
from . import _black_cells as black_cells
from ._black_cells import BLACK, CELLS, BlackCells, clues, with_clues

NAME = "shakashaka"
MAX_SIDE = 100


class Instance(BlackCells):
    """A ``rows`` x ``cols`` board and its black cells, each with a number
    0-4 or :data:`BLACK` (none, ``"x"``), sorted."""

    MAX_SIDE = MAX_SIDE


# -- the rules ---------------------------------------------------------------------------
class ShakashakaEncoding(Encoding):
    """``self.triangles``: the side variables of the white cells."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        t = self.triangles = Triangles(f, inst.rows, inst.cols, [c for c, _ in inst.walls])
        f.declare_answer(x for s in t.side.values() for x in s.values())
        t.rectangles()
        black_cells.count_beside(self, inst, t.tri)

    def decode(self, model) -> frozenset:
        return self.triangles.decode(model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ShakashakaEncoding:
    return ShakashakaEncoding(inst, f, options)


# -- checking, from the rules: white quarter cells, their areas, their bounding boxes -------------
#: A cell is cut by both diagonals into quarters n e s w; a triangle covers two.
QUARTER_CORNERS = {"n": ((0, 0), (0, 1)), "e": ((0, 1), (1, 1)), "s": ((1, 1), (1, 0)),
                   "w": ((1, 0), (0, 0))}


def _white_areas(inst: Instance, triangles) -> list[list[tuple[Cell, str]]]:
    black = {c for c, _ in inst.walls}
    covered = {(c, q) for c, kind in triangles for q in kind}
    g = nx.Graph()
    for cell in inst.grid.cells:
        if cell in black:
            continue
        for q in "nesw":
            if (cell, q) not in covered:
                g.add_node((cell, q))
        for a, b in (("n", "e"), ("e", "s"), ("s", "w"), ("w", "n")):
            if g.has_node((cell, a)) and g.has_node((cell, b)):
                g.add_edge((cell, a), (cell, b))
    for (r, c), q in list(g.nodes):
        for other in (((r, c + 1), "w") if q == "e" else None, ((r + 1, c), "n") if q == "s"
                      else None):
            if other is not None and g.has_node(other):
                g.add_edge(((r, c), q), other)
    return [sorted(part) for part in nx.connected_components(g)]


def is_rectangle(area) -> bool:
    """The quarters fill their upright or their 45-degree bounding box."""
    pts = [(r + dr, c + dc) for (r, c), q in area for dr, dc in QUARTER_CORNERS[q]]
    pts += [(Fraction(2 * r + 1, 2), Fraction(2 * c + 1, 2)) for (r, c), _ in area]
    size = Fraction(len(area), 4)
    ys, xs = [p[0] for p in pts], [p[1] for p in pts]
    us, vs = [y + x for y, x in pts], [y - x for y, x in pts]
    return (size == (max(ys) - min(ys)) * (max(xs) - min(xs))
            or size == (max(us) - min(us)) * (max(vs) - min(vs)) / 2)


def verify(inst: Instance, triangles) -> list[str]:
    black = dict(inst.walls)
    problems = [f"a triangle at {Grid.name(c)} is not on a white cell of the board"
                for c, k in sorted(triangles) if c in black or not inst.grid.inside(c)
                or k not in KINDS]
    cells = [c for c, _ in triangles]
    problems += [f"{Grid.name(c)} holds two triangles" for c in sorted(set(cells))
                 if cells.count(c) > 1]
    if problems:
        return problems
    for area in _white_areas(inst, triangles):
        if not is_rectangle(area):
            problems.append(f"the white area at {Grid.name(area[0][0])} is not a rectangle")
    return problems + black_cells.number_problems(inst, set(cells), "triangles")


# -- design: a number can go (its cell stays black) -----------------------------------------
def clues_of(inst: Instance, triangles) -> list[tuple[Cell, int]]:
    return black_cells.clues_of(inst, {c for c, _ in triangles})


# -- text: `.pzl` and janko grid text (janko writes a plain black cell `x` or `5`) --------------
JANKO = Tokens(what="a cell", expect="`x` or `5` (black), a number 0-4 or `-` (white)",
               values={"x": BLACK}, aliases={"5": BLACK}, numbers=(0, 4))
ANSWER = Tokens(expect="`nw`, `ne`, `sw`, `se` (a triangle), `.` (white), `x` or a number"
                " (black)", values={**{k: k for k in KINDS}, "x": BLACK}, numbers=(0, 4))

FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CELLS},
    build=black_cells.build(Instance), split=black_cells.split,
    solution=Answer(ANSWER, read=lambda grid: frozenset(
        (c, v) for c, v in given(grid) if v in KINDS),
        write=lambda inst, sol: board(inst.rows, inst.cols, {**dict(inst.walls), **dict(sol)})),
    janko=Janko(JANKO),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, triangles) -> list[list]:
    """The triangles [r, c, corner], 0-based, in row order."""
    return [[r, c, k] for (r, c), k in sorted(triangles)]


def cells(inst: Instance, triangles) -> dict[str, str]:
    black, held = dict(inst.walls), dict(triangles)
    return {Grid.name(c): held.get(c, ".") for c in inst.grid.cells if c not in black}


GLYPH = {"nw": "◤", "ne": "◥", "sw": "◣", "se": "◢"}


def picture(inst: Instance, solution=None) -> Board:
    """Black cells (numbers in white), triangles as ◤ ◥ ◣ ◢."""
    marks = black_cells.walls_picture(inst)
    marks["labels"] += [Label(c, GLYPH[k], given=False) for c, k in sorted(solution or ())]
    return Board(inst.rows, inst.cols, **marks)


# -- puzz.link: pzprjs `shakashaka`, 4Cell: `.` a black cell without number ------------------
PUZZLINK = black_cells.codec(("shakashaka",), Instance)

GENRE = Genre(
    name=NAME, aliases=("Shakashaka",),
    summary="put black half-cell triangles into white cells so that every white area is a"
            " rectangle (upright or at 45 degrees); numbers count the triangles beside them",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0])),
)

"""Curving Road: shade cells so that every road between two circles bends
at least twice.

Rules (janko.at "Curving Road", puzz.link `curving`): shade some cells; a
circle is never shaded; no two shaded cells are orthogonally adjacent; the
unshaded cells form one orthogonally connected area. Every path of
unshaded cells from one circle to another turns at least twice: no two
circles see each other along a row or column (no turn), and no unshaded
cell other than a circle sees a circle along its row and another along its
column (one turn there).

Encoding (encodings/curvingroad.md): :class:`satlink.rules.shading.Shading`
with ``no_adjacent`` and the unshaded cells connected (lazy cuts or
complete); a literal ``see(c, d)`` per cell and direction, "a circle lies
along ``d`` from ``c`` with no shaded cell between", by its definition
(the next cell is a circle, or is unshaded and sees one along ``d``).
Circles sit behind selectors (an unselected circle is a plain cell), but
they are no design hooks: a circle constrains nothing alone, only together
with another (the design tools take a solution to obey a clue set when it
obeys each clue alone), so they are not independent clues.

A solution is the frozenset of shaded cells ``(r, c)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..contract import Options
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import Dict, Packed
from ..formats.pzprjs_parts import Cells
from ..formula import Formula
from ..genre import Genre
from ..genre_answers import CELL_SET
from ..render import Board, Circle, Shade
from ..rules.grid import Cell, Grid, check_board
from ..rules.shading import Shading
from ._shading_genre import ShadingEncoding

NAME = "curvingroad"
MAX_SIDE = 100


@dataclass(frozen=True)
class Instance:
    """A board and its circles, sorted."""

    rows: int
    cols: int
    circles: tuple[Cell, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, self.circles, "circle")
        object.__setattr__(self, "circles", tuple(sorted(set(self.circles))))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


class CurvingRoadEncoding(ShadingEncoding):
    """``self.shading`` and the sight literals ``self.see[(cell, d)]``."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        self.shading = s = Shading(f, g)
        f.declare_answer(s.var.values())
        s.no_adjacent()
        s.connected(shaded=False, lazy=not options.complete)
        circle = {c: self.when(c, "circle", *c) for c in inst.circles}
        self.see = see = {(c, d): f.var("see", *c, d) for c in g.cells for d in "nesw"}
        for c in g.cells:
            for d in "nesw":
                x, y = g.step(c, d), see[(c, d)]
                if x is None:
                    f.add([-y])
                elif x in circle and circle[x] is None:
                    f.add([y])
                else:  # y <-> q_x or (x unshaded and x sees one along d)
                    q = [circle[x]] if x in circle else []
                    f.extend([[-y, *q, s.lit(x, shaded=False)], [-y, *q, see[(x, d)]],
                               [y, s.lit(x), -see[(x, d)]], *([[y, -q[0]]] if q else [])])
        for c in g.cells:
            q = circle.get(c, "none")
            if q != "none":  # a circle: unshaded, sees no circle
                guard = [] if q is None else [-q]
                f.add([*guard, s.lit(c, shaded=False)])
                f.extend([*guard, -see[(c, d)]] for d in "nesw")
            if q is None:
                continue
            unless = [q] if q != "none" else []  # a plain cell: no circle in both its lines
            f.extend([s.lit(c), *unless, -see[(c, h)], -see[(c, v)]] for h in "ew" for v in "ns")


def clues(inst: Instance) -> list:
    return list(inst.circles)


def sees(g: Grid, shaded, circles, cell: Cell, d: str) -> bool:
    """A circle lies along ``d`` from ``cell`` with no shaded cell between."""
    x = g.step(cell, d)
    while x is not None and x not in shaded:
        if x in circles:
            return True
        x = g.step(x, d)
    return False


def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (networkx; empty when solved)."""
    import networkx as nx

    g, shaded, circles = inst.grid, set(shaded), set(inst.circles)
    problems = [f"the circle at {Grid.name(c)} is shaded" for c in inst.circles if c in shaded]
    problems += [f"{Grid.name(a)} and {Grid.name(b)} are shaded side by side"
                 for a, b in g.cell_edges() if a in shaded and b in shaded]
    free = [c for c in g.cells if c not in shaded]
    net = nx.Graph((a, b) for a, b in g.cell_edges() if a not in shaded and b not in shaded)
    net.add_nodes_from(free)
    if free and not nx.is_connected(net):
        problems.append("the unshaded cells are not one area")
    for c in free:
        look = {d: sees(g, shaded, circles, c, d) for d in "nesw"}
        if c in circles and any(look.values()):
            problems.append(f"the circle at {Grid.name(c)} sees another in a straight line")
        elif c not in circles and (look["e"] or look["w"]) and (look["n"] or look["s"]):
            problems.append(f"a road between two circles turns only at {Grid.name(c)}")
    return problems


# -- text: `.pzl`, janko grid text, puzz.link ------------------------------------------------------
CIRCLES = Tokens(what="a circle", expect="`o` (a circle) or `.`", values={"o": True})
#: The `solution`: `x` shaded, `.` (janko `-`; `o` a circle) not.
SHADED = Tokens(expect="`x` (shaded), `o` (a circle) or `.`", values={"x": True},
                aliases={"o": False})

FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": CIRCLES},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(c for c, _ in given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols,
                                                    dict.fromkeys(inst.circles, True))),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, v in given(grid) if v is True),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(CIRCLES),
)

#: pzprjs `curving`: a bit per cell (a circle), five cells a character.
PUZZLINK = Codec(
    names=("curving",), body=Cells(Dict(Packed(2, 5), {0: None, 1: True})),
    build=lambda b: Instance(b.rows, b.cols, tuple(c for c, _ in given(b.value))),
    split=lambda inst: PzBoard(inst.rows, inst.cols, FORMAT.split(inst)[2]))


def picture(inst: Instance, solution=None) -> Board:
    return Board(inst.rows, inst.cols, shades=[Shade(c, "black") for c in sorted(solution or ())],
                 circles=[Circle(c, "white") for c in inst.circles])


GENRE = Genre(
    name=NAME, aliases=("CurvingRoad", "curving", "curving-road"),
    summary="shade cells, never two side by side, the rest connected, so that every road"
            " between two circles turns at least twice",
    instance=Instance, text=FORMAT, encode=CurvingRoadEncoding, verify=verify, clues=clues,
    puzzlink=PUZZLINK, answer=CELL_SET, picture=picture,
)

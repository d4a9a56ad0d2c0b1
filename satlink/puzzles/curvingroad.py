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
with ``no_adjacent`` and the unshaded cells connected (lazy: the ring cuts
of :func:`satlink.rules.walled.ring_cuts`, valid where shaded cells never
touch, as in Hitori; or complete); a literal ``see(c, d)`` per cell and direction with a circle
ahead, "a circle lies along ``d`` from ``c`` with no shaded cell between",
implied by its definition (the next cell is a circle, or is unshaded and
sees one along ``d``; the rules only forbid sight, so the converse is left
out), true where the next cell is a given circle.
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
from ..rules.walled import ring_cuts
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
    """``self.shading`` and the sight literals ``self.see[(cell, d)]`` (True
    where the next cell is a given circle; absent where false: no circle
    ahead, or a given circle's own)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        self.shading = s = Shading(f, g)
        f.declare_answer(s.var.values())
        circle = {c: self.when(c, "circle", *c) for c in inst.circles}
        given = [c for c, q in circle.items() if q is None]
        s.no_adjacent(settled=given)  # a given circle is unshaded: its pairs hold
        if options.complete:
            s.connected(shaded=False, lazy=False)
        else:  # the white cells one area: ring cuts (shaded cells never touch)
            s.add_finder(lambda model: ring_cuts(s, model))
        self.see = see = self._sight(g, s.var, circle)
        out = f.clauses
        for c, sh in s.var.items():
            q = circle.get(c, 0)  # 0: a plain cell; None: a given circle; else its selector
            if q is None:  # unshaded; that it sees no circle is in its sight clauses
                out.append([-sh])
                continue
            if q:  # a circle while selected: unshaded, sees no circle
                out.append([-q, -sh])
                out.extend([-q] if v is True else [-q, -v]
                           for v in (see.get((c, d)) for d in "nesw") if v is not None)
            unless = [q] if q else []  # a plain cell: no circle both across and along
            across = [v for v in (see.get((c, "e")), see.get((c, "w"))) if v is not None]
            along = [v for v in (see.get((c, "n")), see.get((c, "s"))) if v is not None]
            out.extend([sh, *unless, *([] if a is True else [-a]), *([] if b is True else [-b])]
                       for a in across for b in along)

    def _sight(self, g: Grid, var: dict, circle: dict) -> dict:
        """``see(c, d)`` where a circle may lie ahead, implied by its
        definition (the next cell x is a selected circle, or unshaded and
        sees one along d): only "see" is ever forbidden, so "->" is left out
        (encodings/curvingroad.md). A given circle's own sight is false: its
        clauses lose the literal. Each ray is walked from its far end."""
        f, out, see = self.formula, self.formula.clauses, {}
        rows, cols = range(g.rows), range(g.cols)
        lines = {"e": [[(r, c) for c in reversed(cols)] for r in rows],
                 "w": [[(r, c) for c in cols] for r in rows],
                 "s": [[(r, c) for r in reversed(rows)] for c in cols],
                 "n": [[(r, c) for r in rows] for c in cols]}
        for d, ends in lines.items():
            for line in ends:
                ahead = None  # the sight of the cell before: None (false), True or a literal
                for x, c in zip(line, line[1:]):
                    q = circle.get(x, 0)
                    looks = circle.get(c, 0) is not None  # c is no given circle: it may see
                    if q is None:  # x a given circle: c sees it
                        if looks:
                            ahead = see[(c, d)] = True
                        else:
                            out.append([])  # two given circles side by side
                        continue
                    if ahead is None and not q:
                        continue  # no circle ahead
                    y = [f.var("see", *c, d)] if looks else []
                    if q:
                        out.append([*y, -q])
                    if ahead is not None:
                        out.append([*y, var[x]] if ahead is True else [*y, var[x], -ahead])
                    ahead = y[0] if looks else None
                    if looks:
                        see[(c, d)] = ahead
        return see


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

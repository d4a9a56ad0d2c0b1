"""Kuromasu (Kurodoko): numbers count the white cells they see.

Rules (janko.at): shade some cells. Numbers are never shaded. A number
says how many white cells are seen from it in the four directions, itself
included, up to a shaded cell or the edge of the board. Shaded cells never
touch orthogonally; the white cells are connected. A `?` is a number not
shown: its cell is white.

Encoding (encodings/kuromasu.md): a :class:`satlink.rules.shading.Shading`
(no two shaded neighbours, white cells connected: lazy separation cuts, or
eagerly in complete mode) and the white cells' sight lines
(:class:`satlink.rules.sight.Sight`): each number a count of the cells it
sees, behind its selector in selector mode. Numbers given directly first
narrow the board (:func:`narrowed`): the cells they decide are units
(white ones passed with no variable, shaded ones ending every ray), each
run cut at its bound, and a number they settle gets no count.

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from ..contract import Encoding, Options
from ..formats.cellgrid import Janko
from ..formats.pzprjs_numbers import Number16
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..rules import counts
from ..rules.grid import Cell, Grid
from ..rules.shading import Shading
from ..rules.shapes import connected
from ..rules.sight import Sight
from ..rules.sight_narrowing import Narrowed, narrow_cells
from ._seen_board import (HIDDEN, NUMBERS, Instance, blank, clues_of, codec, layout, picture,
                          seen_counts, with_clues)

NAME = "kuromasu"


# -- the rules ---------------------------------------------------------------------------
class KuromasuEncoding(Encoding):
    """``self.shading``: a variable per cell; ``self.sight``: the white
    cells' sight lines."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.shading = s = Shading(f, inst.grid)
        f.declare_answer(s.var.values())
        s.no_adjacent()
        s.connected(shaded=False, lazy=not options.complete)
        # numbers given directly decide cells and bound runs (white cells
        # are passed with no variable, shaded ones end every ray); else none
        known = narrowed(inst) if options.clues == "direct" else None
        if known is None and options.clues == "direct":
            f.add([])  # the numbers contradict each other
            return
        self.sight = Sight(f, inst.grid, passes=lambda c: s.lit(c, shaded=False),
                           tag="white.sight", clear=known.open if known else (),
                           walls=known.closed if known else ())
        if known:  # (the fixed cells in the order of the cells; the numbers among the white)
            cols = inst.cols
            f.extend([[s.lit(divmod(x, cols), shaded=False)] for x in known.open_items])
            f.extend([[s.lit(divmod(x, cols), shaded=True)] for x in known.closed_items])
            for cell, k, bounds in known.unsettled:  # a settled number needs no count
                self.sight.count(cell, k + 1, itself=True,  # it sees k + 1, itself too
                                 most={d: h for d, (_, h) in bounds.items()})
            return
        for cell, n in inst.numbers:
            when = self.when((cell, n), "number", *cell)
            with counts.guarded(f, when):
                f.add([s.lit(cell, shaded=False)])  # a number is never shaded
            if n != HIDDEN:  # it sees n, itself too
                self.sight.count(cell, n, itself=True, when=when)

    def cuts(self, model) -> list[list[int]]:
        return self.shading.cuts(model)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(self.shading.shaded_cells(model))


def narrowed(inst: Instance) -> Narrowed | None:
    """What the numbers decide (:mod:`satlink.rules.sight_narrowing`):
    the numbers white, a shaded cell's neighbours white."""
    return narrow_cells(inst.rows, inst.cols,
                        [(c, n - 1) for c, n in inst.numbers if n != HIDDEN],
                        opened=[c for c, _ in inst.numbers], no_touch=True)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> KuromasuEncoding:
    return KuromasuEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int | str]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    if problems:
        return problems
    shaded = set(shaded)
    sees = seen_counts(inst, shaded)
    for cell, n in inst.numbers:
        if cell in shaded:
            problems.append(f"the number at {Grid.name(cell)} is shaded")
        elif n != HIDDEN and sees[cell] != n:
            problems.append(f"the {n} at {Grid.name(cell)} sees {sees[cell]} cells")
    problems += [f"shaded cells touch at {Grid.name(a)} and {Grid.name(b)}"
                 for a, b in g.cell_edges() if a in shaded and b in shaded]
    white = [c for c in g.cells if c not in shaded]
    if white and not connected(white):
        problems.append("the white cells are not connected")
    return problems


# -- design: a number can go (its cell then may be shaded) ---------------------------------------
# -- text: `.pzl` and janko grid text ------------------------------------------------------------
FORMAT = layout(NAME, Janko(NUMBERS))


# -- output --------------------------------------------------------------------------------
# -- puzz.link: pzprjs `kurodoko`, Number16 (`.`: a number not shown) ---------------------------
PUZZLINK = codec("kurodoko", Number16())

GENRE = Genre(
    name=NAME, aliases=("Kuromasu", "kurodoko"),
    summary="shade cells, never two side by side, white cells connected; a number counts the"
            " white cells it sees along its row and column, itself included",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)

"""Sternenhimmel ("starry sky"): every arrow points at one star.

Rules (janko.at "Sternenhimmel", as its published solutions settle them):
place stars into some cells without arrows. Each arrow (one of eight
directions) points at exactly one star among the cells beyond it in its
direction, and each star is pointed at by exactly one arrow. A number
below a column (beside a row) counts the stars of that line.

janko's grid text has a third header number (1 in 37 dev records, 0 in
one); no rule reads it (both readings of the dev slice are unique and
equal to the published solutions with the rules above). It is kept as
the `mark` keyword so that the text round-trips.

Encoding (encodings/sternenhimmel.md): a variable per cell; arrow cells
and cells that no arrow, or more than one arrow, points at are never
stars (units); per arrow "exactly one" over its ray; per shown tally
"exactly n" (selector-guarded in selector mode). No lazy rule.

A solution is the frozenset of star cells.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, Janko, Keyword, Layout, Tokens, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label
from ..rules import counts
from ..rules.grid import Cell, Grid
from ._tallies import clues, counted, lines, with_clues
from .tent import TALLY, clue_name

NAME = "sternenhimmel"
MAX_SIDE = 100
STEPS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1),
         "ne": (-1, 1), "nw": (-1, -1), "se": (1, 1), "sw": (1, -1)}
GLYPH = {"n": "↑", "s": "↓", "e": "→", "w": "←",
         "ne": "↗", "nw": "↖", "se": "↘", "sw": "↙"}


@dataclass(frozen=True)
class Instance:
    """``arrows[r][c]``: a direction (`n`, `ne`, ...) or None; the star
    tallies of rows and columns (None: not shown); ``mark``: janko's third
    header number (no rule reads it)."""

    rows: int
    cols: int
    arrows: tuple[tuple[str | None, ...], ...]
    row_tallies: tuple[int | None, ...]
    col_tallies: tuple[int | None, ...]
    mark: int = 1

    def __post_init__(self) -> None:
        from .tent import Instance as Tallied  # the same tally checks as Tents
        Tallied(self.rows, self.cols, (), self.row_tallies, self.col_tallies)
        object.__setattr__(self, "arrows", tuple(map(tuple, self.arrows)))
        object.__setattr__(self, "row_tallies", tuple(self.row_tallies))
        object.__setattr__(self, "col_tallies", tuple(self.col_tallies))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def ray(self, cell: Cell) -> list[Cell]:
        """The cells beyond the arrow at ``cell`` in its direction."""
        dr, dc = STEPS[self.arrows[cell[0]][cell[1]]]
        out, (r, c) = [], (cell[0] + dr, cell[1] + dc)
        while 0 <= r < self.rows and 0 <= c < self.cols:
            out.append((r, c))
            r, c = r + dr, c + dc
        return out

    def pointers(self) -> dict[Cell, list[Cell]]:
        """Cell -> the arrows pointing at it."""
        out: dict[Cell, list[Cell]] = defaultdict(list)
        for a, _ in given(self.arrows):
            for c in self.ray(a):
                out[c].append(a)
        return out


# -- the rules ---------------------------------------------------------------------------
class SternenhimmelEncoding(Encoding):
    """``self.star[cell]``: a star in the cell."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        s = self.star = {c: f.var("star", *c) for c in inst.grid.cells}
        pointers = inst.pointers()
        for c in inst.grid.cells:  # no star on an arrow; a star has exactly one pointer
            if inst.arrows[c[0]][c[1]] is not None or len(pointers.get(c, ())) != 1:
                f.add([-s[c]])
        for a, _ in given(inst.arrows):  # an arrow points at exactly one star
            counts.exactly(f, [s[c] for c in inst.ray(a)], 1)
        for kind, i, t, line in lines(inst):
            if t is not None:
                when = self.when((kind, i, t), kind, i)
                counts.exactly(f, [s[c] for c in line], t, when=when)
        f.declare_answer(list(s.values()))

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.star.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> SternenhimmelEncoding:
    return SternenhimmelEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, stars) -> list[str]:
    """Broken rules of a set of star cells (empty when solved)."""
    g = inst.grid
    problems = [f"the star at {Grid.name(c)} is off the board or on an arrow"
                for c in sorted(stars) if not g.inside(c) or inst.arrows[c[0]][c[1]]]
    for a, d in given(inst.arrows):
        n = sum(c in stars for c in inst.ray(a))
        if n != 1:
            problems.append(f"the arrow at {Grid.name(a)} points at {n} stars, not 1")
    pointers = inst.pointers()
    problems += [f"the star at {Grid.name(c)} is pointed at by {len(pointers.get(c, ()))}"
                 " arrows, not 1" for c in sorted(stars) if len(pointers.get(c, ())) != 1]
    for kind, i, t, line in lines(inst):
        n = sum(c in stars for c in line)
        if t is not None and n != t:
            problems.append(f"{kind} {i + 1} has {n} stars, its tally is {t}")
    return problems


# -- design: a tally can go and the solution stays a solution -------------------------------
def clues_of(inst: Instance, stars) -> list[tuple]:
    return counted(inst, stars)


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
ARROWS = Tokens(what="an arrow", expect="a direction (n, ne, e, se, s, sw, w, nw) or `.`",
                values={d: d for d in STEPS})
STAR = Tokens(expect="`*` (a star) or `.`", values={"*": True})
MARK = Tokens(what="a number", expect="0 or 1", numbers=(0, 1), why="janko writes 0 or 1")

#: `size C x R`, `rows` and `cols` tallies, `mark`, a `grid` of arrows;
#: janko: `ROWS COLS MARK`, the column tallies, the row tallies, the arrows.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": ARROWS},
    keywords={"rows": Keyword(TALLY, count="rows"), "cols": Keyword(TALLY, count="cols"),
              "mark": Keyword(MARK, default=1)},
    build=lambda r, c, grid, rows, cols, mark: Instance(r, c, grid, rows, cols, mark),
    split=lambda inst: (inst.rows, inst.cols, inst.arrows,
                        {"rows": inst.row_tallies, "cols": inst.col_tallies, "mark": inst.mark}),
    solution=Answer(STAR, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: tuple(tuple(True if (r, c) in sol else None
                                                        for c in range(inst.cols))
                                                  for r in range(inst.rows))),
    janko=Janko(ARROWS, header=("mark",), lines=("cols", "rows"), trailing=False),
)


# -- output ------------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The arrows, the row tallies at the right and column tallies below;
    the stars when solved."""
    labels = [Label(c, GLYPH[d], given=True) for c, d in given(inst.arrows)]
    labels += [Label(c, "★") for c in sorted(solution or ())]
    labels += [Label((r, inst.cols), "?" if t is None else str(t), given=True)
               for r, t in enumerate(inst.row_tallies)]
    labels += [Label((inst.rows, c), "?" if t is None else str(t), given=True)
               for c, t in enumerate(inst.col_tallies)]
    return Board(inst.rows, inst.cols, labels=labels)


GENRE = Genre(
    name=NAME, aliases=("Sternenhimmel", "starry-sky"),
    summary="place stars: each arrow points at exactly one star, each star is pointed at by"
            " exactly one arrow; row and column tallies",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

"""Digital Battleship (Battleships-Digital): a fleet hidden in a grid of digits.

Rules (janko.at "Battleships-Digital"): place the fleet (so many ships of
each length 1 to 5, straight, horizontal or vertical) in the grid; ships
never touch, not even diagonally. Every cell shows a digit; the number
beside a row or column is the sum of the digits of its ship cells.

Encoding: :class:`satlink.rules.placement_cover.Cover` over the straight ship
placements of the fleet's lengths, a cell variable per cell (the chosen
ships' cells, ``fill``), ships apart (``apart``), exactly so many ships of
each length, and each tally a pseudo-Boolean sum (:func:`satlink.rules.weighted.sum_is`) of the
ship cells' digits, behind its selector in selector mode. All clauses: no
lazy rule.

A solution is the frozenset of ship cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Circle, Label
from ..rules import weighted
from ..rules.grid import Cell, Grid, check_board
from ..rules.placement_cover import Cover
from ..rules.placements import pieces, placements
from ..rules.shapes import line
from ._tallies import Tallies, keywords

NAME = "digitalbattleship"
MAX_SIDE = 40
LENGTHS = (1, 2, 3, 4, 5)
FLEET = tuple(f"ships_{k}" for k in LENGTHS)
SHIP = "o"
#: The sums beside the rows and below the columns.
SUMS = Tallies("row_sums", "col_sums", "sum")


@dataclass(frozen=True)
class Instance:
    """The digits, the fleet (ships of length 1..5) and the tallies (None: not shown)."""

    rows: int
    cols: int
    digits: tuple[tuple[int, ...], ...]
    fleet: tuple[int, ...]
    row_sums: tuple[int | None, ...]
    col_sums: tuple[int | None, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "digit")
        if len(self.fleet) != len(LENGTHS) or sum(self.fleet) == 0:
            raise CellError("the fleet needs at least one ship", (0, 0), "ships_1")
        SUMS.check(self, lambda side: (0, 9 * side), lambda side, kind: f"nine a cell of a {kind}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def covered(self, cells) -> list[tuple[str, int, int]]:
        """Every sum the board could show: the digits of ``cells`` in each line."""
        return SUMS.summed(self, cells, lambda c: self.digits[c[0]][c[1]])


# -- the rules ---------------------------------------------------------------------------
class DigitalEncoding(Encoding):
    """``self.cell``: a ship cell; ``self.cover``: a variable per ship placement."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        ships = pieces({k: line(k) for k, n in zip(LENGTHS, inst.fleet) if n})
        self.cover = Cover(f, placements(inst.grid, ships), tag="ship")
        self.cell = {c: f.var("cell", *c) for c in inst.grid.cells}
        f.declare_answer(self.cell.values())
        self.cover.fill(self.cell, inst.grid.cells)  # ship cells are the ships' cells
        self.cover.apart(self.cell, inst.grid)  # ships never touch
        by_length = self.cover.labels()
        for k, n in zip(LENGTHS, inst.fleet):
            f.exactly(by_length.get(k, []), n)
        digit = {c: inst.digits[c[0]][c[1]] for c in inst.grid.cells}
        for kind, i, n, cells_ in SUMS.lines(inst):
            if n is not None:
                when = self.when((kind, i, n), "tally", kind, i)
                weighted.sum_is(f, self.cell, digit, cells_, n, when=when)

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, x in self.cell.items() if model.value(x))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> DigitalEncoding:
    return DigitalEncoding(inst, f, options)


clues = SUMS.clues


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, cells_) -> list[str]:
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(cells_) if not g.inside(c)]
    if problems:
        return problems
    near = nx.Graph()
    near.add_nodes_from(cells_)
    near.add_edges_from((a, b) for a in cells_ for b in g.around(a) if b in cells_)
    lengths = [0] * len(LENGTHS)
    for part in nx.connected_components(near):
        rs, cs = {r for r, _ in part}, {c for _, c in part}
        if (len(rs) > 1 and len(cs) > 1) or len(part) > len(LENGTHS):
            problems.append(f"the ship cells at {Grid.name(min(part))} are no straight ship of"
                            " length 1-5 (or ships touch)")
        else:
            lengths[len(part) - 1] += 1
    if not problems and tuple(lengths) != inst.fleet:
        problems.append(f"the ships by length 1-5 are {lengths}, the fleet {list(inst.fleet)}")
    return problems + SUMS.broken(inst, inst.covered(set(cells_)), told=lambda n, t:
                                  f"adds up to {n}, not {t}")


# -- design: a tally can go ----------------------------------------------------------------
def clues_of(inst: Instance, cells_) -> list:
    return inst.covered(set(cells_))


# -- text: `.pzl` (ships_1 .. ships_5, rows, cols, grid); janko `R C n1..n5`, cols, rows ------
DIGITS = Tokens(what="a digit", expect="a digit 0-9", numbers=(0, 9), empty=())
TALLY = Tokens(what="a tally", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, 9 * MAX_SIDE))
COUNT = Tokens(what="a number of ships", expect="a number of ships", numbers=(0, 100))
CELLS = Tokens(expect="`o` (a ship cell) or `.`", values={SHIP: SHIP},
               aliases={k: SHIP for k in "nsewm"})


def _build(height, width, grid, rows, cols, **fleet) -> Instance:
    return Instance(height, width, grid, tuple(fleet[k] for k in FLEET), rows, cols)


FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": DIGITS},
    keywords={**{k: Keyword(COUNT, default=0, always=True) for k in FLEET},
              **keywords(TALLY)},
    build=_build,
    split=lambda inst: (inst.rows, inst.cols, inst.digits, {
        **dict(zip(FLEET, inst.fleet)), "rows": inst.row_sums, "cols": inst.col_sums}),
    solution=Answer(CELLS, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, SHIP))),
    janko=Janko(DIGITS, header=FLEET, lines=("cols", "rows")),
)


# -- output --------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """The digits (a ship cell's in a black circle), tallies right of rows
    and below columns, the fleet in a note."""
    ship = set(solution or ())
    labels = [Label(c, str(inst.digits[c[0]][c[1]])) for c in inst.grid.cells if c not in ship]
    labels += SUMS.labels(inst, given=True, hidden=None)
    fleet = ", ".join(f"{n} x {k}" for k, n in zip(LENGTHS, inst.fleet) if n)
    return Board(inst.rows, inst.cols, labels=labels,
                 circles=[Circle(c, "black", str(inst.digits[c[0]][c[1]])) for c in sorted(ship)],
                 notes=[f"fleet (count x length): {fleet}"])


GENRE = Genre(
    name=NAME, aliases=("DigitalBattleship", "battleships-digital", "digital-battleships"),
    summary="place the fleet, ships never touching; tallies add up the digits under the ships"
            " in each row and column",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture,
    design=Design(clues_of=clues_of, with_clues=SUMS.with_clues,
                  clue_name=lambda c: f"{c[0]} {c[1] + 1}"),
)

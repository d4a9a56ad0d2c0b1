"""A Battleship board as every reader builds it: the cell glyphs, the
:class:`Instance`, :func:`make` (which checks a board and says where it is
wrong, in each reader's own terms: a `.pzl` word or cell, a CSPLib term, a
`.dzn` parameter), and the `.pzl` / janko text (:data:`FORMAT`). The rules
are :mod:`satlink.puzzles.battleship`'s.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import InputError
from ..numerals import is_natural, natural
from ..rules import ships
from ..rules.grid import Grid
from ..rules.ships import Ship
from ..rules.ships import cells as ship_cells
from ..puzzles._tallies import keywords as tally_keywords
from .cellgrid import Answer, CellError, Janko, Keyword, Tail, Tokens
from .optional_block import OptionalFirst

#: Largest number of rows or columns accepted (documented in the README).
MAX_SIZE = 100

#: Given-cell glyphs of the .pzl grid. `#` is the .pzl comment character,
#: so a middle piece is written `+`.
WATER, UNKNOWN, SOME = "~", ".", "*"
SUB, LEFT, RIGHT, TOP, BOTTOM, MIDDLE = "o", "<", ">", "^", "v", "+"
PARTS = (SUB, LEFT, RIGHT, TOP, BOTTOM, MIDDLE)
GLYPHS = (UNKNOWN, WATER, SOME, *PARTS)
GLYPH_NAMES = {WATER: "water", SUB: "a submarine", LEFT: "a left end", RIGHT: "a right end",
               TOP: "a top end", BOTTOM: "a bottom end", MIDDLE: "a middle piece",
               SOME: "some ship part", UNKNOWN: "unknown"}

#: The glyph of each part of a ship (:func:`satlink.rules.ships.part`).
PART_GLYPH = {"sub": SUB, "left": LEFT, "right": RIGHT, "top": TOP, "bottom": BOTTOM,
              "middle": MIDDLE}
#: Ship parts by glyph, as :mod:`satlink.rules.ships` and the pictures name them.
PICTURE_PARTS = {**{g: name for name, g in PART_GLYPH.items()}, SOME: "some"}
#: What a given cell says, by glyph.
GIVEN_PART = {**PICTURE_PARTS, WATER: "water"}


@dataclass(frozen=True)
class Instance:
    rows: int
    cols: int
    fleet: tuple[tuple[int, int], ...]  # (length, count), longest first, counts > 0
    row_tallies: tuple[int | None, ...]  # None = unknown
    col_tallies: tuple[int | None, ...]
    givens: tuple[tuple[str, ...], ...]  # GLYPHS, `.` = unknown

    @property
    def ship_cells(self) -> int:
        """Number of cells the whole fleet occupies."""
        return sum(length * count for length, count in self.fleet)

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def given(self) -> dict[tuple[int, int], str]:
        """The given cells, by cell, as :func:`satlink.rules.ship_narrowing.placements`
        reads them: ``water``, ``some`` or a part."""
        return {(r, c): GIVEN_PART[g] for r, row in enumerate(self.givens)
                for c, g in enumerate(row) if g != UNKNOWN}


def part_at(ship: Ship, k: int) -> str:
    """The glyph of the k-th cell of a ship (0 = top/left)."""
    return PART_GLYPH[ships.part(ship, k)]


# -- building and validating ------------------------------------------------------
def make(rows: int, cols: int, fleet, row_tallies, col_tallies, givens=None,
         where=None) -> Instance:
    """Build and validate an Instance.

    ``fleet`` maps length -> count (or is a list of pairs); ``givens`` is
    rows of glyphs (None: all unknown). ``where(message, what)`` turns a
    problem into an InputError at the right position; ``what`` is "size",
    "fleet", ("rows", i), ("cols", i) or ("cell", r, c).
    """
    def err(msg, what="size"):
        return where(msg, what) if where is not None else InputError(msg)

    if not (1 <= rows <= MAX_SIZE and 1 <= cols <= MAX_SIZE):
        raise err(f"a {cols} x {rows} board is outside 1..{MAX_SIZE} in each direction")
    total: Counter = Counter()
    for length, count in (fleet.items() if isinstance(fleet, dict) else fleet):
        if length < 1 or count < 0:
            raise err(f"a fleet entry {count}x{length} needs a count >= 0 and a length >= 1",
                      "fleet")
        if count and length > max(rows, cols):
            raise err(f"a ship of length {length} does not fit a {cols} x {rows} board", "fleet")
        total[length] += count
    fleet_t = tuple(sorted(((ln, n) for ln, n in total.items() if n), reverse=True))
    cells = sum(ln * k for ln, k in fleet_t)
    for name, tallies, n, m in (("rows", row_tallies, rows, cols), ("cols", col_tallies, cols, rows)):
        word = "row" if name == "rows" else "column"
        if len(tallies) != n:
            i = min(len(tallies), n) if len(tallies) > n else max(len(tallies) - 1, 0)
            raise err(f"{len(tallies)} {word} tallies for {n} {word}s", (name, i))
        for i, t in enumerate(tallies):
            if t is not None and not 0 <= t <= m:
                raise err(f"{word} {i + 1} has tally {t}, but a {word} has only {m} cells",
                          (name, i))
        if None not in tallies and sum(tallies) != cells:
            raise err(f"the fleet has {cells} ship cells but the {word} tallies add up to"
                      f" {sum(tallies)}", "fleet")
    grid = tuple(tuple(row) for row in givens) if givens is not None else \
        ((UNKNOWN,) * cols,) * rows
    if len(grid) != rows:
        raise err(f"the grid has {len(grid)} rows, size says {rows}", ("cell", len(grid) - 1, 0))
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise err(f"row {r + 1} has {len(row)} cells, size says {cols}",
                      ("cell", r, min(len(row), cols) - 1 if row else 0))
        for c, g in enumerate(row):
            if g not in GLYPHS:
                raise err(f"`{g}` is not a cell of a Battleship grid (use . ~ o < > ^ v + *)",
                          ("cell", r, c))
    return Instance(rows, cols, fleet_t, tuple(row_tallies), tuple(col_tallies), grid)


# -- .pzl: `fleet`, `rows` and `cols` keyword lines, a `grid` of given cells ----------------
def _ships(text: str) -> tuple[int, int] | None:
    """`2x3` (two ships of length 3) as (length, count)."""
    parts = text.split("x")
    if len(parts) == 2 and all(is_natural(p) for p in parts) and natural(parts[1]) >= 1:
        return natural(parts[1]), natural(parts[0])
    return None


#: A fleet entry: `COUNTxLENGTH`.
SHIPS = Tokens(what="COUNTxLENGTH", expect="for example `2x3`: two ships of length 3",
               empty=(), parse=_ships, show=lambda v: f"{v[1]}x{v[0]}")
#: A tally: a number, `?` or `-` (not shown).
TALLY = Tokens(what="a tally", expect="a number, `?` or `-`", empty=("?", "-"),
               numbers=(0, MAX_SIZE), why="no line is longer")
#: A given cell and a solution cell: the glyphs.
GIVEN, SOLVED = (Tokens(what="a ship-part glyph", empty=(), values={g: g for g in glyphs},
                        expect=", ".join(f"`{g}` ({GLYPH_NAMES[g]})" for g in glyphs))
                 for glyphs in (GLYPHS, (WATER, UNKNOWN, *PARTS)))


def _where(msg: str, what) -> CellError:
    """A problem of :func:`make` at its word or cell of the `.pzl` text."""
    if what in ("size", "fleet"):
        return CellError(msg, (0, 0), "fleet")
    if what[0] in ("rows", "cols"):
        return CellError(msg, (0, what[1]), what[0])
    return CellError(msg, what[1:], "grid")


#: janko letters: x water, o submarine, w/e/n/s west/east/north/south end,
#: m middle; `-` unknown in a puzzle, water in a solution.
JANKO = {"x": WATER, "o": SUB, "w": LEFT, "e": RIGHT, "n": TOP, "s": BOTTOM, "m": MIDDLE}
JANKO_GIVEN, JANKO_SOLVED = (
    Tokens(what="a janko Battleship cell", empty=(), fold=False, values={"-": dash, **JANKO},
           expect="- " + " ".join(JANKO)) for dash in (UNKNOWN, WATER))
#: janko's header `ROWS COLS N1 N2 ...`: N_L ships of length L (none or more).
FLEET_COUNTS = Tail("fleet", Tokens(what="a number of ships", expect="a number",
                                    numbers=(0, MAX_SIZE * MAX_SIZE)),
                    read=lambda counts: tuple(enumerate(counts, 1)),
                    write=lambda fleet: tuple(dict(fleet).get(n, 0) for n in range(
                        1, max((ln for ln, k in fleet if k), default=0) + 1)),
                    what="followed by the number of ships of length 1, 2, ...")

#: `size C x R`, `fleet 1x4 2x3 ...`, the `rows` and `cols` tallies, a `grid`
#: of given cells (all unknown when left out), a `solution` of ship glyphs.
#: janko: `ROWS COLS N1 N2 ...`, the column-tally line and the row-tally line
#: (in that order, as puzzlekit reads them and as the published solutions
#: confirm), then the grid in janko letters.
FORMAT = OptionalFirst(
    "battleship", MAX_SIZE, {"grid": GIVEN},
    keywords={"fleet": Keyword(SHIPS, count=None), **tally_keywords(TALLY)},
    # the tallies come as the keywords `rows` and `cols`: the board's sides are r and c here
    build=lambda r, c, grid, fleet, rows, cols: make(
        r, c, fleet, rows, cols, [[g or UNKNOWN for g in row] for row in grid], _where),
    split=lambda inst: (inst.rows, inst.cols, inst.givens, {
        "fleet": inst.fleet or ((1, 0),), "rows": inst.row_tallies, "cols": inst.col_tallies}),
    solution=Answer(SOLVED, read=lambda grid: ships_from_cells(grid),
                    write=lambda inst, sol: solution_grid(inst, sol)),
    janko=Janko(JANKO_GIVEN, solution=JANKO_SOLVED, lines=("cols", "rows"), tail=FLEET_COUNTS),
)
def ships_from_cells(grid) -> tuple[Ship, ...]:
    """Ships of a filled grid (any part glyph is a ship cell), each group of
    ship cells one straight ship (else a CellError at its first cell)."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    try:
        return ships.ships_of({(r, c) for r in range(rows) for c in range(cols)
                               if grid[r][c] in PARTS}, rows, cols)
    except ships.Bent as exc:
        raise CellError(f"the solution is not a set of straight ships: {exc}", exc.cell) from None


def solution_grid(inst: Instance, sol) -> list[list[str]]:
    """Glyph grid of a solution: ship parts, `~` water."""
    grid = [[WATER] * inst.cols for _ in range(inst.rows)]
    for ship in sol:
        for k, (r, c) in enumerate(ship_cells(ship)):
            grid[r][c] = part_at(ship, k)
    return grid

"""Battleship solitaire: place a fleet of 1 x L ships that never touch.

Rules: every ship lies horizontally or vertically; ships never overlap and
never touch, not even diagonally; row and column tallies (when known) give
the number of ship cells in each line; given cells show water, a submarine,
a ship end, a middle piece, or "some ship part".

Encoding (encodings/battleship.md): the placements rule
(:mod:`satlink.rules.placements`): a variable per placement of a ship that
the givens and tallies allow and a variable per cell a placement covers; the
chosen placements fill their cells and lie apart; the fleet counts and the
tallies are cardinality constraints. Ships of one length are
interchangeable, so a solution is the *set* of chosen placements, and
counting counts each arrangement of the fleet once.

Counting (``satlink count``) does not enumerate: the engine finds and
verifies one solution, then ``_battleship_count.count_extensions`` counts them
all exactly by dynamic programming over the rows, from both ends of the board.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .. import contract
from ..errors import InputError
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Tail, Tokens
from ..formats.optional_block import OptionalFirst
from ..formula import Formula
from ..genre import Design, Genre, SolvedBlank
from ..lang import is_natural, natural
from ..render import Board, Mark
from ..render import Ship as ShipPart
from ..rules import counts
from ..rules.grid import Grid
from ..rules.placements import Cover, Placement, pieces
from ..rules.placements import placements as lay
from ..rules.shapes import line
from ..rules import ships
from ..rules.ships import Ship
from ..rules.ships import cells as ship_cells
from ._tallies import TALLIES
from ._tallies import clue_name as tally_name
from ._tallies import keywords as tally_keywords

NAME = "battleship"
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
    NAME, MAX_SIZE, {"grid": GIVEN},
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
# the `grid` is always written: an unknown cell is the value `.`, not None
from_document, expected_solution, to_pzl = (FORMAT.from_document, FORMAT.expected_solution,
                                            FORMAT.to_pzl)
solution_from_grid_text = FORMAT.solution_from_grid_text


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


# -- the rules -----------------------------------------------------------------------------
def ship_of(p: Placement) -> Ship:
    """A placement of a ship piece as a Ship."""
    return (*p.origin, p.label, "v" if p.piece.height > 1 else "h")


def placements(inst: Instance, direct: bool = True) -> list[Placement]:
    """The placements of the fleet, longest ships first, horizontal before
    vertical, by origin. ``direct``: only those the givens and tallies allow
    (each rejection forced by a rule): each cell k not water, not given as a
    part other than the ship's k-th, in no line of tally 0 and not across a
    line whose tally is below the length; no part (or `*`) in the halo."""
    ships = pieces({length: line(length) for length, _ in inst.fleet})
    if not direct:
        return lay(inst.grid, ships)
    g, rt, ct = inst.givens, inst.row_tallies, inst.col_tallies
    open_ = {(r, c) for r, c in inst.grid.cells if g[r][c] != WATER and rt[r] != 0 and ct[c] != 0}
    other = {p: {c for c in open_ if g[c[0]][c[1]] in PARTS and g[c[0]][c[1]] != p} for p in PARTS}
    sets: dict[tuple, set] = {}

    def allowed(piece, k):  # one set object per key: placements() reads each once
        length, d = piece.label, "v" if piece.height > 1 else "h"
        part = part_at((0, 0, length, d), k)
        lines = [i for i, t in enumerate(rt if d == "h" else ct) if t is not None and t < length]
        key = (part, tuple(lines), d)
        if key not in sets:
            sets[key] = {(r, c) for r, c in open_ - other[part] if (r if d == "h" else c)
                         not in lines} if lines else open_ - other[part]
        return sets[key]
    given = {(r, c) for r, c in inst.grid.cells if g[r][c] in PARTS or g[r][c] == SOME}
    return lay(inst.grid, ships, allowed, halo_free=given, diagonal=True)


def clues(inst: Instance) -> list[tuple]:
    """The given cells ``("cell", r, c, glyph)`` and the tallies
    ``("row", r, t)``, ``("col", c, t)``, 0-based."""
    out: list[tuple] = [("cell", r, c, g) for r, row in enumerate(inst.givens)
                        for c, g in enumerate(row) if g != UNKNOWN]
    return out + TALLIES.clues(inst)


class Encoding(contract.Encoding):
    """Placement variables ``ship(r,c,L,d)`` and a ``cell(r,c)`` per cell
    some placement covers (the others are water in every solution); no rule
    is lazy, so ``complete`` changes nothing. With the clues applied
    directly only the placements the givens and tallies allow are
    variables; in selector mode every placement on the board is, and each
    given cell and tally holds under its selector."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        cover = Cover(f, placements(inst, direct), "ship", key=ship_of)
        # Every solution chooses exactly sum(counts) placements, so a solution is
        # blocked by its true placement literals alone (no other solution holds
        # them all): the engine's one-hot blocking is valid here.
        f.declare_answer(cover.var.values(), one_hot=True)
        x = {c: f.var("cell", *c) for c in sorted(cover.covering)}
        cover.fill(x, x, exact=False)  # the ship cells are the chosen ships' cells
        cover.apart(x, inst.grid)  # ships never touch
        by_length = cover.labels()
        for length, count in inst.fleet:
            f.exactly(by_length.get(length, []), count)
        grid = inst.grid
        lines = {"row": grid.rows_of_cells(), "col": grid.cols_of_cells()}
        parts: dict[tuple, list[int]] = {}
        if not direct:  # which placements could show a given part at a cell
            for p, v in cover.var.items():
                for k, (r, c) in enumerate(p.cells):
                    parts.setdefault((r, c, part_at(ship_of(p), k)), []).append(v)
        for clue in clues(inst):
            sel = None if direct else self.selectors.setdefault(clue, f.var("clue", *clue))
            with counts.guarded(f, sel):
                if clue[0] == "cell":
                    _, r, c, glyph = clue
                    lit = x.get((r, c))
                    if glyph == WATER:
                        f.extend([[-lit]] if lit else [])
                    elif glyph == SOME or direct:  # direct: only placements that fit remain
                        f.add([lit] if lit else [])
                    else:
                        f.add(parts.get((r, c, glyph), []))
                else:
                    f.exactly([x[c] for c in lines[clue[0]][clue[1]] if c in x], clue[2])

    def decode(self, model) -> tuple[Ship, ...]:
        """The chosen placements, sorted."""
        f = model.formula
        return tuple(sorted(f.key(v)[1:] for v in model.true_vars(f.answer)))

    def count_projection(self):
        """Enumerate nothing, count everything (with the clues applied).

        Every solution extends the empty projection, so the engine asks the
        solver for one solution (which it verifies), then calls
        :meth:`count_completions` once. Boards wider than :data:`COUNT_WIDTH`
        in both directions, and selector-mode encodings, return None: the
        engine enumerates solutions."""
        inst = self.instance
        if min(inst.rows, inst.cols) > COUNT_WIDTH or self.options.clues != "direct":
            return None
        return [], True

    def count_completions(self, model, deadline: float | None = None) -> int | None:
        """Number of solutions that agree with ``model`` on the projection of
        :meth:`count_projection` (empty: all solutions); None if the deadline
        (a ``time.perf_counter()`` value) struck first."""
        from ._battleship_count import CountTimeout, count_extensions

        try:
            return count_extensions(self.instance, deadline=deadline)
        except CountTimeout:
            return None


def encode(inst: Instance, f: Formula, options: contract.Options) -> Encoding:
    return Encoding(inst, f, options)


#: Counting sweeps across the narrower side of the board; wider boards (both
#: sides above this) are counted by enumerating solutions.
COUNT_WIDTH = 12


# -- independent checking -----------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a list of ships, checked from the rules themselves."""
    problems = []
    owner: dict[tuple[int, int], int] = {}
    part: dict[tuple[int, int], str] = {}
    for i, ship in enumerate(sol):
        r, c, length, d = ship
        if d not in ("h", "v") or length < 1:
            problems.append(f"ship {ship} is not a 1 x L ship placed h or v")
            continue
        for k, cell in enumerate(ship_cells(ship)):
            if not (0 <= cell[0] < inst.rows and 0 <= cell[1] < inst.cols):
                problems.append(f"ship at r{r + 1}c{c + 1} leaves the board")
                break
            if cell in owner:
                problems.append(f"two ships overlap at r{cell[0] + 1}c{cell[1] + 1}")
            owner[cell] = i
            part[cell] = part_at(ship, k)
    have = Counter(s[2] for s in sol)
    want = dict(inst.fleet)
    for length in sorted(set(have) | set(want)):
        if have[length] != want.get(length, 0):
            problems.append(f"{have[length]} ships of length {length}, the fleet has"
                            f" {want.get(length, 0)}")
    for (r, c), i in owner.items():
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            j = owner.get((r + dr, c + dc))
            if j is not None and j != i:
                problems.append(f"ships touch at r{r + 1}c{c + 1} and"
                                f" r{r + dr + 1}c{c + dc + 1}")
    problems += TALLIES.broken(inst, TALLIES.counted(inst, owner), lambda n: f"has {n} ship cells")
    for r, row in enumerate(inst.givens):
        for c, g in enumerate(row):
            here = part.get((r, c))
            if g == WATER and here is not None:
                problems.append(f"r{r + 1}c{c + 1} is given as water but holds a ship")
            elif g == SOME and here is None:
                problems.append(f"r{r + 1}c{c + 1} is given as a ship part but is water")
            elif g in PARTS and here != g:
                problems.append(f"r{r + 1}c{c + 1} is given as {GLYPH_NAMES[g]} but holds"
                                f" {GLYPH_NAMES[here] if here else 'water'}")
    return problems


# -- design (satlink.design: minimize, generate, analyze) --------------------------
def clues_of(inst: Instance, sol) -> list[tuple]:
    """Every clue the board could show that the ships ``sol`` obey: each
    cell's content (``~`` water or the ship part there) and every row and
    column tally. A cell ``inst`` gives as `*` (some ship part) offers `*`
    instead of the exact part when a ship is there: a cell shows one glyph,
    and the puzzle's own clues must be among those offered."""
    grid = solution_grid(inst, sol)
    out: list[tuple] = [("cell", r, c, SOME if g != WATER and inst.givens[r][c] == SOME else g)
                        for r, row in enumerate(grid) for c, g in enumerate(row)]
    return out + TALLIES.counted(inst, {c for ship in sol for c in ship_cells(ship)})


def with_clues(inst: Instance, chosen) -> Instance:
    """``inst``'s board and fleet with exactly these given cells and tallies."""
    givens = [[UNKNOWN] * inst.cols for _ in range(inst.rows)]
    for clue in chosen:
        if clue[0] == "cell":
            givens[clue[1]][clue[2]] = clue[3]
    return TALLIES.with_clues(inst, [c for c in chosen if c[0] != "cell"],
                              givens=tuple(map(tuple, givens)))


def clue_name(clue: tuple) -> str:
    """`r3c4` for a given cell, `row3` and `col5` for tallies (1-based)."""
    return Grid.name(clue[1:3]) if clue[0] == "cell" else tally_name(clue)


def default_fleet(width: int, height: int) -> list[int]:
    """The triangular fleet 1 x L, 2 x (L - 1), ..., L x 1 with the largest
    L whose L(L + 1)(L + 2)/6 ship cells take at most a fifth of the board
    (at least one submarine, no ship longer than the board): 10 x 10 gets
    the standard fleet 4 3 3 2 2 2 1 1 1 1 (L = 4, 20 cells, up to 13 x 13),
    8 x 8 L = 3 (3 2 2 1 1 1), 5 x 5 to 7 x 7 L = 2 (2 1 1), 4 x 4 and
    smaller one submarine, 15 x 15 L = 5."""
    area, side = width * height, max(width, height)
    top = 1
    while (top + 1 <= side and (top + 1) * (top + 2) * (top + 3) <= 6 * area // 5):
        top += 1
    return [length for k, length in enumerate(range(top, 0, -1), 1) for _ in range(k)]


def blank(width: int, height: int, params: dict) -> Instance:
    """A ``width`` x ``height`` board without givens or tallies. ``params``
    may hold ``fleet``, a list of ship lengths; the default is
    :func:`default_fleet` (10 x 10: 4 3 3 2 2 2 1 1 1 1). An InputError
    when the size is out of range, a ship is longer than the board, or the
    ships, each with the cells right of and below it (disjoint rectangles
    inside a board one larger each way), cannot fit. :data:`BLANK` also
    refuses a fleet the solver cannot place."""
    lengths = list(default_fleet(width, height) if params.get("fleet") is None
                   else params["fleet"])
    if not lengths:
        raise InputError("the fleet has no ships")
    if any(not isinstance(n, int) or n < 1 for n in lengths):
        raise InputError(f"ship lengths must be whole numbers of 1 or more, not {lengths}")
    inst = make(height, width, Counter(lengths), [None] * height, [None] * width)
    if sum(2 * (n + 1) for n in lengths) > (width + 1) * (height + 1):
        raise InputError(no_room(inst))
    return inst


def no_room(inst: Instance) -> str:
    """Why a blank board of ``inst``'s fleet has no solution."""
    lengths = " ".join(str(n) for n, k in inst.fleet for _ in range(k))
    return (f"the fleet {lengths} cannot be placed on a {inst.cols} x {inst.rows} board"
            " without ships touching")


#: ``generate``'s blank board: :func:`blank`, refused when no fleet fits.
BLANK = SolvedBlank(NAME, blank, no_room)


# -- output ----------------------------------------------------------------------------------
def cells(inst: Instance, sol) -> dict[str, str]:
    """Every cell's glyph in a solution, named r1c1..."""
    grid = solution_grid(inst, sol)
    return {Grid.name(c): grid[c[0]][c[1]] for c in inst.grid.cells}


def solution_json(inst: Instance, sol) -> list[list]:
    """`[[row, col, length, "h"|"v"], ...]`, 0-based top-left cells, sorted."""
    return [list(s) for s in sol]


#: Board ship parts by glyph.
PICTURE_PARTS = {**{g: name for name, g in PART_GLYPH.items()}, SOME: "some"}


def picture(inst: Instance, solution=None) -> Board:
    """Ship parts and water (given ones as clues), the row tallies at the
    right, the column tallies below, the fleet in a note."""
    solved = solution_grid(inst, solution) if solution is not None else inst.givens
    water = [Mark(c, "water") for c in inst.grid.cells if solved[c[0]][c[1]] == WATER]
    parts = [ShipPart(c, PICTURE_PARTS[solved[c[0]][c[1]]], given=inst.givens[c[0]][c[1]] != UNKNOWN)
             for c in inst.grid.cells if solved[c[0]][c[1]] in PICTURE_PARTS]
    tallies = TALLIES.labels(inst)
    fleet = ", ".join(f"{n} x length {ln}" for ln, n in inst.fleet) or "no ships"
    return Board(inst.rows, inst.cols, marks=water, ships=parts, labels=tallies,
                 notes=[f"fleet: {fleet}"])


GENRE = Genre(
    name=NAME, aliases=("bimaru", "solitaire-battleship"),
    summary="place a fleet of ships that never touch, with row/column tallies and given parts",
    instance=Instance,
    text=FORMAT,
    encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=BLANK),
)

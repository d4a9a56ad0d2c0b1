"""Battleship solitaire: place a fleet of 1 x L ships that never touch.

Rules: every ship lies horizontally or vertically; ships never overlap and
never touch, not even diagonally; row and column tallies (when known) give
the number of ship cells in each line; given cells show water, a submarine,
a ship end, a middle piece, or "some ship part".

Encoding (encodings/battleship.md): one variable per possible placement of a
ship (length, top-left cell, direction), one variable per cell; a chosen
placement fills its cells and empties its halo; a filled cell lies in some
chosen placement; the fleet counts and tallies are cardinality constraints.
Ships of one length are interchangeable, so a solution is the *set* of
chosen placements and counting counts each arrangement of the fleet once.

Counting (``satlink count``) does not enumerate: the engine finds and
verifies one solution, then ``_battleship_count.count_extensions`` counts them
all exactly by dynamic programming over the rows, from both ends of the board.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .. import contract
from ..rules import counts
from ..rules.grid import Grid
from ..rules.placements import Piece, Placement
from ..rules.placements import placements as rules_placements
from ..errors import InputError
from ..formula import Formula
from ..lang import Document, format_rows, is_natural, natural
from ..genre import Design, Genre, Written

NAME = "battleship"
#: Largest number of rows or columns accepted (documented in the README).
MAX_SIZE = 100

#: Given-cell glyphs of the .pzl grid. `#` is the .pzl comment character,
#: so a middle piece is written `+`.
WATER, UNKNOWN, SOME = "~", ".", "*"
SUB, LEFT, RIGHT, TOP, BOTTOM, MIDDLE = "o", "<", ">", "^", "v", "+"
PARTS = (SUB, LEFT, RIGHT, TOP, BOTTOM, MIDDLE)
GLYPHS = (UNKNOWN, WATER, SOME, *PARTS)
#: Givens that say a ship is there.
SHIP_GIVENS = frozenset((SOME, *PARTS))
GLYPH_NAMES = {WATER: "water", SUB: "a submarine", LEFT: "a left end", RIGHT: "a right end",
               TOP: "a top end", BOTTOM: "a bottom end", MIDDLE: "a middle piece",
               SOME: "some ship part", UNKNOWN: "unknown"}
#: Terminal drawing of solved cells (the usual ship-part glyphs).
DRAW = {SUB: "●", LEFT: "◀", RIGHT: "▶", TOP: "▲", BOTTOM: "▼", MIDDLE: "■",
        WATER: "~", SOME: "□", UNKNOWN: " "}

#: A ship: (row, column, length, "h"|"v"), 0-based top-left cell.
#: Submarines are written with direction "h".
Ship = tuple[int, int, int, str]


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


def ship_cells(ship: Ship) -> list[tuple[int, int]]:
    """The cells of a ship, from its top-left cell."""
    r, c, length, d = ship
    return [(r, c + k) for k in range(length)] if d == "h" else [(r + k, c) for k in range(length)]


def part_at(ship: Ship, k: int) -> str:
    """The glyph of the k-th cell of a ship (0 = top/left)."""
    length, d = ship[2], ship[3]
    if length == 1:
        return SUB
    if 0 < k < length - 1:
        return MIDDLE
    if d == "h":
        return LEFT if k == 0 else RIGHT
    return TOP if k == 0 else BOTTOM


def halo(ship: Ship, rows: int, cols: int) -> list[tuple[int, int]]:
    """Cells that touch the ship (8-neighbourhood), inside the grid."""
    own = set(ship_cells(ship))
    out = []
    seen = set()
    for r, c in ship_cells(ship):
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                h = (r + dr, c + dc)
                if h not in own and h not in seen and 0 <= h[0] < rows and 0 <= h[1] < cols:
                    seen.add(h)
                    out.append(h)
    return out


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
    pairs = fleet.items() if isinstance(fleet, dict) else fleet
    counts: Counter = Counter()
    for length, count in pairs:
        if length < 1 or count < 0:
            raise err(f"a fleet entry {count}x{length} needs a count >= 0 and a length >= 1",
                      "fleet")
        if count and length > max(rows, cols):
            raise err(f"a ship of length {length} does not fit a {cols} x {rows} board", "fleet")
        counts[length] += count
    fleet_t = tuple(sorted(((ln, n) for ln, n in counts.items() if n), reverse=True))
    for name, tallies, n, m in (("rows", row_tallies, rows, cols), ("cols", col_tallies, cols, rows)):
        word = "row" if name == "rows" else "column"
        if len(tallies) != n:
            i = min(len(tallies), n) if len(tallies) > n else max(len(tallies) - 1, 0)
            raise err(f"{len(tallies)} {word} tallies for {n} {word}s", (name, i))
        for i, t in enumerate(tallies):
            if t is not None and not 0 <= t <= m:
                raise err(f"{word} {i + 1} has tally {t}, but a {word} has only {m} cells",
                          (name, i))
    total = sum(ln * k for ln, k in fleet_t)
    for name, tallies in (("rows", row_tallies), ("cols", col_tallies)):
        if all(t is not None for t in tallies) and sum(tallies) != total:
            word = "row" if name == "rows" else "column"
            raise err(f"the fleet has {total} ship cells but the {word} tallies add up to"
                      f" {sum(tallies)}", "fleet")
    if givens is None:
        givens = [[UNKNOWN] * cols for _ in range(rows)]
    grid = tuple(tuple(row) for row in givens)
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


# -- .pzl -----------------------------------------------------------------------------
def _fleet(doc: Document) -> list[tuple[int, int]]:
    e = doc.entry("fleet", required=True)
    out = []
    for tok in e.values:
        parts = tok.text.lower().split("x")
        if len(parts) != 2 or not all(is_natural(p) for p in parts) or natural(parts[1]) < 1:
            raise doc.error(f"`{tok.text}` is not COUNTxLENGTH (for example `2x3`: two ships"
                            " of length 3)", tok.pos)
        out.append((natural(parts[1]), natural(parts[0])))
    return out


def read_tallies(tokens, error) -> list[int | None]:
    """Tallies from tokens: a number, or `?`/`-` for an unknown one (None);
    ``error(message, pos)`` makes the InputError."""
    vals: list[int | None] = []
    for tok in tokens:
        if tok.text in ("?", "-"):
            vals.append(None)
        elif is_natural(tok.text):
            vals.append(natural(tok.text))
        else:
            raise error(f"`{tok.text}` is not a tally: a number, `?` or `-`", tok.pos)
    return vals


def _tallies(doc: Document, keyword: str) -> tuple[list[int | None], list]:
    e = doc.entry(keyword, required=True)
    return read_tallies(e.values, doc.error), list(e.values)


def _grid(doc: Document, keyword: str, rows: int, cols: int, allowed=GLYPHS):
    e = doc.entry(keyword)
    if e is None:
        return None, None
    out = []
    for row in doc.block_rows(e, rows, cols):
        for tok in row:
            if tok.text not in allowed:
                raise doc.error(f"`{tok.text}` is not a ship-part glyph: use "
                                + " ".join(f"`{g}` {GLYPH_NAMES[g]}" for g in allowed), tok.pos)
        out.append([tok.text for tok in row])
    return out, e


def from_document(doc: Document) -> Instance:
    """Read `size`, `fleet`, `rows`, `cols`, an optional `grid` and `solution`."""
    doc.check_keywords({"size", "fleet", "rows", "cols", "grid", "solution"})
    cols, rows = doc.board_size(MAX_SIZE)
    fleet = _fleet(doc)
    rt, rtoks = _tallies(doc, "rows")
    ct, ctoks = _tallies(doc, "cols")
    givens, grid_e = _grid(doc, "grid", rows, cols)
    fleet_e = doc.entry("fleet")

    def where(msg, what):
        if what in ("size", "fleet"):
            return doc.error(msg, fleet_e.pos if what == "fleet" else doc.entry("size").pos)
        kind = what[0]
        if kind in ("rows", "cols"):
            toks = rtoks if kind == "rows" else ctoks
            e = doc.entry(kind)
            return doc.error(msg, toks[what[1]].pos if what[1] < len(toks) else e.pos)
        return doc.error(msg, grid_e.rows[what[1]][what[2]].pos)

    inst = make(rows, cols, fleet, rt, ct, givens, where)
    expected_solution(doc, inst)  # validates the solution block
    return inst


def expected_solution(doc: Document, inst: Instance | None = None):
    """The `solution` block (ship glyphs and `~`/`.` water) as a sorted ship list."""
    if doc.entry("solution") is None:
        return None
    rows, cols = doc.board_size(MAX_SIZE)[::-1] if inst is None else (inst.rows, inst.cols)
    grid, e = _grid(doc, "solution", rows, cols, (WATER, UNKNOWN, *PARTS))
    try:
        return ships_from_cells(grid)
    except ValueError as exc:
        raise doc.error(f"the solution is not a set of straight ships: {exc}", e.pos) from None


def ships_from_cells(grid) -> tuple[Ship, ...]:
    """Ships of a filled grid (any non-water glyph is a ship cell): the
    orthogonally connected groups, each of which must be a straight line."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    filled = {(r, c) for r in range(rows) for c in range(cols) if grid[r][c] in PARTS}
    seen, ships = set(), []
    for start in sorted(filled):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            r, c = stack.pop()
            group.append((r, c))
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in filled and n not in seen:
                    seen.add(n)
                    stack.append(n)
        ship = straight_ship(group)
        if ship is None:
            r0, c0 = min(group)
            raise ValueError(f"the ship cells at r{r0 + 1}c{c0 + 1} do not form a straight line")
        ships.append(ship)
    return tuple(sorted(ships))


def straight_ship(cells) -> Ship | None:
    """The ship on these cells if they form one straight line (a single cell
    counts as horizontal), else None."""
    cells = sorted(cells)
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    if r0 == r1 and c1 - c0 + 1 == len(cells):
        return (r0, c0, len(cells), "h")
    if c0 == c1 and r1 - r0 + 1 == len(cells):
        return (r0, c0, len(cells), "v")
    return None


def solution_grid(inst: Instance, sol) -> list[list[str]]:
    """Glyph grid of a solution: ship parts, `~` water."""
    grid = [[WATER] * inst.cols for _ in range(inst.rows)]
    for ship in sol:
        for k, (r, c) in enumerate(ship_cells(ship)):
            grid[r][c] = part_at(ship, k)
    return grid


def to_pzl(inst: Instance, solution=None) -> str:
    """Canonical .pzl text; from_document(parse(to_pzl(i))) == i."""
    def tally(t):
        return "?" if t is None else str(t)

    lines = ["puzzle battleship", f"size {inst.cols} x {inst.rows}",
             "fleet " + " ".join(f"{n}x{ln}" for ln, n in inst.fleet),
             "rows " + " ".join(map(tally, inst.row_tallies)),
             "cols " + " ".join(map(tally, inst.col_tallies)), "grid"]
    lines += format_rows([list(row) for row in inst.givens])
    if solution is not None:
        lines.append("solution")
        lines += format_rows(solution_grid(inst, solution))
    return "\n".join(lines) + "\n"


# -- encoding --------------------------------------------------------------------------
def fits(inst: Instance, ship: Ship, parts_given: bool | None = None) -> bool:
    """Can this placement be part of a solution, judging by the givens and
    the tallies alone? (Every rejection is forced by a rule.)
    ``parts_given``: whether any cell is given as a ship part (computed
    when None); without one, no halo can touch a given part."""
    g = inst.givens
    cells = ship_cells(ship)
    for k, (r, c) in enumerate(cells):
        if r >= inst.rows or c >= inst.cols:
            return False
        glyph = g[r][c]
        if glyph == WATER or (glyph in PARTS and glyph != part_at(ship, k)):
            return False
    # a horizontal ship puts its length into its row and one cell into each of
    # its columns; a vertical one the other way round
    r0, c0, length, d = ship
    if d == "h":
        along, across = inst.row_tallies[r0], [inst.col_tallies[c] for _, c in cells]
    else:
        along, across = inst.col_tallies[c0], [inst.row_tallies[r] for r, _ in cells]
    if (along is not None and along < length) or 0 in across:
        return False
    if parts_given is None:
        parts_given = any(x in PARTS or x == SOME for row in g for x in row)
    if parts_given:
        for r, c in halo(ship, inst.rows, inst.cols):
            if g[r][c] in PARTS or g[r][c] == SOME:
                return False
    return True


def _pieces(inst: Instance) -> list[Piece]:
    """A piece per ship length and direction, longest first: turn 0 horizontal, turn 1 vertical."""
    out = []
    for length, _ in inst.fleet:
        out.append(Piece(length, 0, tuple((0, k) for k in range(length))))
        if length > 1:
            out.append(Piece(length, 1, tuple((k, 0) for k in range(length))))
    return out


def _ship(p: Placement) -> Ship:
    return (p.origin[0], p.origin[1], p.piece.label, "h" if p.piece.turn == 0 else "v")


def _placements(inst: Instance) -> list[Placement]:
    """Every placement that :func:`fits`, as :func:`satlink.rules.placements.placements`
    finds them (per piece, on whole rows of origins at once), longest ships first.
    The k-th cell of a ship may lie where the given is not water nor another
    part, in a row and a column whose tallies are not 0, and on a line whose
    tally along the ship is unknown or at least its length; no given part
    lies in its halo."""
    R, C, g = inst.rows, inst.cols, inst.givens
    rt, ct = inst.row_tallies, inst.col_tallies
    open_ = [(r, c) for r in range(R) for c in range(C)
             if g[r][c] != WATER and rt[r] != 0 and ct[c] != 0]
    sets: dict[tuple, list[tuple[int, int]]] = {}

    def allowed(piece: Piece, k: int) -> list[tuple[int, int]]:
        length, h = piece.label, piece.turn == 0
        part = part_at((0, 0, length, "h" if h else "v"), k)
        key = (length, h, part)
        got = sets.get(key)
        if got is None:
            got = sets[key] = [
                (r, c) for r, c in open_
                if (g[r][c] == part or g[r][c] not in PARTS)
                and ((rt[r] if h else ct[c]) is None or (rt[r] if h else ct[c]) >= length)]
        return got

    halo_free = [(r, c) for r in range(R) for c in range(C) if g[r][c] in PARTS or g[r][c] == SOME]
    return rules_placements(Grid(R, C), _pieces(inst), allowed, halo_free, diagonal=True)


def placements(inst: Instance) -> list[Ship]:
    """Every placement that fits, longest ships first."""
    return [_ship(p) for p in _placements(inst)]


def clues(inst: Instance) -> list[tuple]:
    """The given cells ``("cell", r, c, glyph)`` and the tallies
    ``("row", r, t)``, ``("col", c, t)``, 0-based."""
    out: list[tuple] = [("cell", r, c, g) for r, row in enumerate(inst.givens)
                        for c, g in enumerate(row) if g != UNKNOWN]
    out += [("row", r, t) for r, t in enumerate(inst.row_tallies) if t is not None]
    out += [("col", c, t) for c, t in enumerate(inst.col_tallies) if t is not None]
    return out


# -- design (satlink.design: minimize, generate, analyze) --------------------------
#: The standard fleet of a 10 x 10 board, ship lengths.
STANDARD_FLEET = (4, 3, 3, 2, 2, 2, 1, 1, 1, 1)


def clues_of(inst: Instance, sol) -> list[tuple]:
    """Every clue the board could show that the ships ``sol`` obey: each
    cell's content (``~`` water or the ship part there) and every row and
    column tally. A cell ``inst`` gives as `*` (some ship part) offers `*`
    instead of the exact part when a ship is there: a cell shows one glyph,
    and the puzzle's own clues must be among those offered."""
    grid = solution_grid(inst, sol)
    out: list[tuple] = []
    for r in range(inst.rows):
        for c in range(inst.cols):
            glyph = grid[r][c]
            if glyph != WATER and inst.givens[r][c] == SOME:
                glyph = SOME
            out.append(("cell", r, c, glyph))
    out += [("row", r, sum(g != WATER for g in grid[r])) for r in range(inst.rows)]
    out += [("col", c, sum(grid[r][c] != WATER for r in range(inst.rows)))
            for c in range(inst.cols)]
    return out


def with_clues(inst: Instance, chosen) -> Instance:
    """``inst``'s board and fleet with exactly these given cells and tallies."""
    givens = [[UNKNOWN] * inst.cols for _ in range(inst.rows)]
    rows: list[int | None] = [None] * inst.rows
    cols: list[int | None] = [None] * inst.cols
    for clue in chosen:
        if clue[0] == "cell":
            givens[clue[1]][clue[2]] = clue[3]
        elif clue[0] == "row":
            rows[clue[1]] = clue[2]
        else:
            cols[clue[1]] = clue[2]
    return make(inst.rows, inst.cols, inst.fleet, rows, cols, givens)


def clue_name(clue: tuple) -> str:
    """`r3c4` for a given cell, `row3` and `col5` for tallies (1-based)."""
    if clue[0] == "cell":
        return f"r{clue[1] + 1}c{clue[2] + 1}"
    return f"{clue[0]}{clue[1] + 1}"


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
    fleet cannot be placed without ships touching (one solver call)."""
    lengths = params.get("fleet")
    if lengths is None:
        lengths = default_fleet(width, height)
    lengths = list(lengths)
    if not lengths:
        raise InputError("the fleet has no ships")
    if any(not isinstance(n, int) or n < 1 for n in lengths):
        raise InputError(f"ship lengths must be whole numbers of 1 or more, not {lengths}")
    inst = make(height, width, Counter(lengths), [None] * height, [None] * width)
    # the ships, each with the cells right of and below it, are disjoint
    # rectangles inside a board one larger each way: a quick refusal
    if sum(2 * (n + 1) for n in lengths) > (width + 1) * (height + 1):
        raise InputError(f"a fleet of {len(lengths)} ships ({inst.ship_cells} cells) cannot be"
                         f" placed on a {width} x {height} board without ships touching")
    import sys

    from ..engine.search import search

    if search(sys.modules[__name__], inst, 1).verdict not in ("solved", "unique"):
        raise InputError(f"the fleet {' '.join(map(str, sorted(lengths, reverse=True)))}"
                         f" cannot be placed on a {width} x {height} board without ships"
                         " touching")
    return inst


class Encoding(contract.Encoding):
    """Placement variables ship(r,c,L,d), cell variables cell(r,c); no rule
    is lazy, so ``complete`` changes nothing. With the clues applied
    directly only the placements that fit the givens and tallies are
    variables; in selector mode every placement on the board is, and each
    given cell and tally holds under its selector."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        R, C = inst.rows, inst.cols
        x = [[f.var("cell", r, c) for c in range(C)] for r in range(R)]
        placed = _placements(inst if direct else make(R, C, inst.fleet, [None] * R, [None] * C))
        ships = [_ship(p) for p in placed]
        self.pvar = pvar = {s: f.var("ship", *s) for s in ships}
        # Every solution chooses exactly sum(counts) placements, so a solution is
        # blocked by its true placement literals alone (no other solution holds
        # them all): the engine's one-hot blocking is valid here.
        f.declare_answer(pvar.values(), one_hot=True)
        covering: dict[tuple[int, int], list[int]] = {}
        parts: dict[tuple[int, int, str], list[int]] = {}
        clauses = f.clauses
        for pl, s in zip(placed, ships):
            p = pvar[s]
            for k, rc in enumerate(pl.cells):
                clauses.append([-p, x[rc[0]][rc[1]]])
                covering.setdefault(rc, []).append(p)
                if not direct:  # which placements could show a given part here
                    parts.setdefault((*rc, part_at(s, k)), []).append(p)
            # beyond its ends (a submarine: its four sides); the rest of the
            # halo follows from the diagonal rule below (encodings/battleship.md)
            r0, c0, length, d = s
            ends = (((r0, c0 - 1), (r0, c0 + 1), (r0 - 1, c0), (r0 + 1, c0)) if length == 1
                    else ((r0, c0 - 1), (r0, c0 + length)) if d == "h"
                    else ((r0 - 1, c0), (r0 + length, c0)))
            clauses.extend([-p, -x[r][c]] for r, c in ends if 0 <= r < R and 0 <= c < C)
        # no two ship cells diagonally adjacent
        for r in range(R - 1):
            here, below = x[r], x[r + 1]
            clauses.extend([-here[c], -below[c + 1]] for c in range(C - 1))
            clauses.extend([-here[c + 1], -below[c]] for c in range(C - 1))
        for r in range(R):
            for c in range(C):
                clauses.append([-x[r][c], *covering.get((r, c), [])])
        by_length: dict[int, list[int]] = {}
        for s, p in pvar.items():
            by_length.setdefault(s[2], []).append(p)
        for length, count in inst.fleet:
            f.exactly(by_length.get(length, []), count)
        for clue in clues(inst):
            sel = None if direct else self.selectors.setdefault(clue, f.var("clue", *clue))
            with counts.guarded(f, sel):
                if clue[0] == "cell":
                    _, r, c, glyph = clue
                    if glyph == WATER:
                        if not direct:  # else no placement covers it: -x already
                            f.add([-x[r][c]])
                    elif glyph == SOME or direct:  # direct: only placements that fit remain
                        f.add([x[r][c]])
                    else:
                        f.add(parts.get((r, c, glyph), []))
                else:
                    line = ([(clue[1], c) for c in range(C)] if clue[0] == "row"
                            else [(r, clue[1]) for r in range(R)])
                    k = clue[2]
                    if direct:  # cells the givens decide leave the count (fewer clauses)
                        k -= sum(inst.givens[r][c] in SHIP_GIVENS for r, c in line)
                        line = [(r, c) for r, c in line
                                if (r, c) in covering and inst.givens[r][c] not in SHIP_GIVENS]
                    f.exactly([x[r][c] for r, c in line], k)

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
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                j = owner.get((r + dr, c + dc))
                if j is not None and j != i and (dr, dc) > (0, 0):
                    problems.append(f"ships touch at r{r + 1}c{c + 1} and"
                                    f" r{r + dr + 1}c{c + dc + 1}")
    for r, t in enumerate(inst.row_tallies):
        n = sum(1 for c in range(inst.cols) if (r, c) in owner)
        if t is not None and n != t:
            problems.append(f"row {r + 1} has {n} ship cells, its tally is {t}")
    for c, t in enumerate(inst.col_tallies):
        n = sum(1 for r in range(inst.rows) if (r, c) in owner)
        if t is not None and n != t:
            problems.append(f"column {c + 1} has {n} ship cells, its tally is {t}")
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


def cells(inst: Instance, sol) -> dict[str, str]:
    """Every cell's glyph in a solution, named r1c1..."""
    grid = solution_grid(inst, sol)
    return {f"r{r + 1}c{c + 1}": grid[r][c] for r in range(inst.rows) for c in range(inst.cols)}


def solution_json(inst: Instance, sol) -> list[list]:
    """`[[row, col, length, "h"|"v"], ...]`, 0-based top-left cells, sorted."""
    return [list(s) for s in sol]


# -- counting ----------------------------------------------------------------------------
#: Counting sweeps across the narrower side of the board; wider boards (both
#: sides above this) are counted by enumerating solutions.
COUNT_WIDTH = 12
# -- drawing ---------------------------------------------------------------------------------
def render_text(inst: Instance, sol=None) -> str:
    """Box-drawing picture with the row tallies at the right and the column
    tallies below; a solution is drawn with ● ◀ ▶ ▲ ▼ ■ and `~` water."""
    grid = solution_grid(inst, sol) if sol is not None else [list(r) for r in inst.givens]

    def tally(t):
        return "?" if t is None else str(t)

    w = max(1, *(len(tally(t)) for t in inst.col_tallies))
    lines = ["┌" + "─" * (inst.cols * (w + 1) + 1) + "┐"]
    for r in range(inst.rows):
        body = " ".join(DRAW[grid[r][c]].rjust(w) for c in range(inst.cols))
        lines.append(f"│ {body} │ {tally(inst.row_tallies[r])}")
    lines.append("└" + "─" * (inst.cols * (w + 1) + 1) + "┘")
    lines.append("  " + " ".join(tally(t).rjust(w) for t in inst.col_tallies))
    fleet = ", ".join(f"{n} x length {ln}" for ln, n in inst.fleet) or "no ships"
    lines.append(f"fleet: {fleet}")
    return "\n".join(lines)


# -- janko / puzzlekit grid text ------------------------------------------------------------
#: janko letters: x water, o submarine, w/e/n/s west/east/north/south end, m middle.
JANKO = {"-": UNKNOWN, "x": WATER, "o": SUB, "w": LEFT, "e": RIGHT, "n": TOP, "s": BOTTOM,
         "m": MIDDLE}


def from_grid_text(grid) -> Instance:
    """`ROWS COLS n1 n2 ...` (n_L ships of length L), then the column-tally
    line and the row-tally line (in that order, as puzzlekit reads them and
    as the published solutions confirm; `-` or `?` = unknown), then the grid
    in janko letters."""
    head = grid.header_ints(2, "`ROWS COLS` followed by the number of ships of length 1, 2, ...")
    rows, cols = head[0], head[1]
    fleet = [(i + 1, n) for i, n in enumerate(head[2:])]
    if len(grid.lines) < 3:
        raise grid.error("expected a row-tally line and a column-tally line after the header",
                         grid.lines[0][0].pos)
    tallies = [read_tallies(line, grid.error) for line in grid.lines[1:3]]
    body = grid.grid(3, rows, cols)
    givens = []
    for row in body:
        out = []
        for tok in row:
            g = JANKO.get(tok.text)
            if g is None:
                raise grid.error(f"`{tok.text}` is not a janko Battleship cell"
                                 " (- x o w e n s m)", tok.pos)
            out.append(g)
        givens.append(out)

    def where(msg, what):
        if what in ("size", "fleet"):
            return grid.error(msg, grid.lines[0][0].pos)
        if what[0] in ("rows", "cols"):
            line = grid.lines[2 if what[0] == "rows" else 1]
            return grid.error(msg, line[min(what[1], len(line) - 1)].pos)
        return grid.error(msg, body[what[1]][what[2]].pos)

    return make(rows, cols, fleet, tallies[1], tallies[0], givens, where)


def solution_from_janko(text: str) -> tuple[Ship, ...]:
    """The ships of a published janko/puzzlekit solution text (header line,
    then rows of janko letters, `-` = water)."""
    lines = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
    rows = int(lines[0][0])
    body = lines[1:1 + rows]
    return ships_from_cells([[JANKO.get(t, UNKNOWN) for t in row] for row in body])


# -- picture (satlink.render: text and SVG from one description) ---------------------------
from ..render.board import Board, Label, Mark, Ship as ShipPart  # noqa: E402

#: Board ship parts by glyph.
PICTURE_PARTS = {SUB: "sub", LEFT: "left", RIGHT: "right", TOP: "top", BOTTOM: "bottom",
                 MIDDLE: "middle", SOME: "some"}


def picture(inst: Instance, solution=None) -> Board:
    """Ship parts and water (given ones as clues), the row tallies at the
    right, the column tallies below, the fleet in a note."""
    solved = solution_grid(inst, solution) if solution is not None else None
    parts, water = [], []
    for r in range(inst.rows):
        for c in range(inst.cols):
            given = inst.givens[r][c]
            glyph = solved[r][c] if solved is not None else given
            if glyph == WATER:
                water.append(Mark((r, c), "water"))
            elif glyph in PICTURE_PARTS:
                parts.append(ShipPart((r, c), PICTURE_PARTS[glyph], given=given != UNKNOWN))
    tallies = [Label((r, inst.cols), "?" if t is None else str(t))
               for r, t in enumerate(inst.row_tallies)]
    tallies += [Label((inst.rows, c), "?" if t is None else str(t))
                for c, t in enumerate(inst.col_tallies)]
    fleet = ", ".join(f"{n} x length {ln}" for ln, n in inst.fleet) or "no ships"
    return Board(inst.rows, inst.cols, marks=water, ships=parts, labels=tallies,
                 notes=[f"fleet: {fleet}"])


GENRE = Genre(
    name=NAME, aliases=("bimaru", "solitaire-battleship"),
    summary="place a fleet of ships that never touch, with row/column tallies and given parts",
    instance=Instance,
    text=Written(from_document=from_document, to_pzl=to_pzl,
                 expected_solution=expected_solution, from_grid_text=from_grid_text),
    encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, draw_text=render_text,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank),
)

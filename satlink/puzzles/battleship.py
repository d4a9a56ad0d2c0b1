"""Battleship solitaire: place a fleet of 1 x L ships that never touch.

Rules: every ship lies horizontally or vertically; ships never overlap and
never touch, not even diagonally; row and column tallies (when known) give
the number of ship cells in each line; given cells show water, a submarine,
a ship end, a middle piece, or "some ship part".

Encoding (encodings/battleship.md): the placements rule
(:mod:`satlink.rules.placements`): a variable per placement of a ship that
the givens and tallies allow, narrowed to a fixed point
(:func:`satlink.rules.ship_narrowing.candidates`), and a variable per cell a
placement covers; the
chosen placements fill their cells and lie apart; the fleet counts and the
tallies are cardinality constraints. Ships of one length are
interchangeable, so a solution is the *set* of chosen placements, and
counting counts each arrangement of the fleet once.

Counting (``satlink count``) does not enumerate: the engine finds and
verifies one solution, then the hooks of ``_battleship_count.Counting`` count
them all exactly by dynamic programming over the rows, from both ends of the
board.
"""
from __future__ import annotations

from collections import Counter

from .. import contract
from ..errors import InputError
from ..formats.battleship_board import (FORMAT, GLYPH_NAMES, PART_GLYPH, PARTS, PICTURE_PARTS,
                                        SOME, UNKNOWN, WATER, Instance, make, part_at,
                                        solution_grid)
from ..formula import Formula
from ..genre import Design, Genre, SolvedBlank
from ..render import Board, Mark
from ..render import Ship as ShipPart
from ..rules import counts
from ..rules.grid import Grid
from ..rules import ship_narrowing, ships
from ..rules.placement_cover import Cover
from ..rules.ships import Ship
from ..rules.ships import cells as ship_cells
from ._battleship_count import Counting
from ._tallies import TALLIES
from ._tallies import clue_name as tally_name

NAME = "battleship"
# the `grid` is always written: an unknown cell is the value `.`, not None
from_document, expected_solution, to_pzl = (FORMAT.from_document, FORMAT.expected_solution,
                                            FORMAT.to_pzl)
solution_from_grid_text = FORMAT.solution_from_grid_text


# -- the rules -----------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple]:
    """The given cells ``("cell", r, c, glyph)`` and the tallies
    ``("row", r, t)``, ``("col", c, t)``, 0-based."""
    out: list[tuple] = [("cell", r, c, g) for r, row in enumerate(inst.givens)
                        for c, g in enumerate(row) if g != UNKNOWN]
    return out + TALLIES.clues(inst)


class Encoding(Counting, contract.Encoding):
    """Placement variables ``ship(r,c,L,d)`` and a ``cell(r,c)`` per cell
    some placement covers (the others are water in every solution); no rule
    is lazy, so ``complete`` changes nothing. With the clues applied
    directly only the placements the givens and tallies allow are
    variables; in selector mode every placement on the board is, and each
    given cell and tally holds under its selector. Counting enumerates
    nothing (:class:`satlink.puzzles._battleship_count.Counting`)."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        direct, lengths = options.clues == "direct", [length for length, _ in inst.fleet]
        if direct:  # narrowed to a fixed point, every solution kept (battleship.md)
            got = ship_narrowing.candidates(inst.grid, lengths, inst.given, inst.row_tallies,
                                   inst.col_tallies)
            if got is None:
                f.add([])
            placed, known = got or ([], set())
        else:
            placed, known = ship_narrowing.placements(inst.grid, lengths), set()
        cover = Cover(f, placed, "ship", key=ship_narrowing.of_placement)
        # Every solution chooses exactly sum(counts) placements, so a solution is
        # blocked by its true placement literals alone (no other solution holds
        # them all): the engine's one-hot blocking is valid here.
        f.declare_answer(cover.var.values(), one_hot=True)
        x = {c: f.var("cell", *c) for c in sorted(cover.covering)}
        f.extend([x[c]] for c in sorted(known))
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
                    shows = part_at(ship_narrowing.of_placement(p), k)
                    parts.setdefault((r, c, shows), []).append(v)
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
                    line = lines[clue[0]][clue[1]]
                    f.exactly([x[c] for c in line if c in x and c not in known],
                              clue[2] - sum(1 for c in line if c in known))

    def decode(self, model) -> tuple[Ship, ...]:
        """The chosen placements, sorted."""
        f = model.formula
        return tuple(sorted(f.key(v)[1:] for v in model.true_vars(f.answer)))


def encode(inst: Instance, f: Formula, options: contract.Options) -> Encoding:
    return Encoding(inst, f, options)


# -- independent checking -----------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a list of ships, checked from the rules themselves."""
    problems, shows = ships.laid(sol, inst.rows, inst.cols, dict(inst.fleet))
    part = {cell: PART_GLYPH[name] for cell, name in shows.items()}
    problems += TALLIES.broken(inst, TALLIES.counted(inst, part), lambda n: f"has {n} ship cells")
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


def blank(rows: int, cols: int, params: dict) -> Instance:
    """A ``rows`` x ``cols`` board without givens or tallies. ``params``
    may hold ``fleet``, a list of ship lengths; the default is
    :func:`satlink.rules.ships.default_fleet` (10 x 10: 4 3 3 2 2 2 1 1 1 1).
    An InputError when the size is out of range, a ship is longer than the
    board, or the
    ships, each with the cells right of and below it (disjoint rectangles
    inside a board one larger each way), cannot fit. :data:`BLANK` also
    refuses a fleet the solver cannot place."""
    lengths = list(ships.default_fleet(rows, cols) if params.get("fleet") is None
                   else params["fleet"])
    if not lengths:
        raise InputError("the fleet has no ships")
    if any(not isinstance(n, int) or n < 1 for n in lengths):
        raise InputError(f"ship lengths must be whole numbers of 1 or more, not {lengths}")
    inst = make(rows, cols, Counter(lengths), [None] * rows, [None] * cols)
    if sum(2 * (n + 1) for n in lengths) > (cols + 1) * (rows + 1):
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

"""Hashiwokakero (Bridges): join numbered islands by bridges.

Rules: bridges run horizontally or vertically between two islands that see
each other (only water between them); at most two bridges join a pair;
bridges never cross; each island carries as many bridges as its number
(1-8); all islands are connected.

Encoding (encodings/hashi.md), the bridges rule (:mod:`satlink.rules.bridges`):
two variables per pair of islands that see each other,
``bridge(r1,c1,r2,c2,1)`` "at least one bridge" and
``bridge(r1,c1,r2,c2,2)`` "two bridges"; an exact count per island
(:func:`~satlink.rules.bridges.count_template`); one binary clause per crossing; connectivity
lazily through :func:`satlink.rules.graph_cuts.connected_cuts` (or eagerly with
:func:`satlink.rules.graph_encodings.encode_connected` for DIMACS).

A solution is a sorted tuple of bridges ``(r1, c1, r2, c2, count)`` with
0-based cells, ``(r1, c1) < (r2, c2)`` and count 1 or 2.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cached_property

from ..contract import Encoding, Options
from ..errors import InputError
from ..formats.cellgrid import CellError, Janko, Layout, Records
from ..formats.hashi_solution import DRAWN, ISLANDS, bridges_from_drawing, read_bridges
from ..formats.pzprjs_lazy import Lazy
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Bridge as BridgeMark, Circle
from ..rules import bridges, graph_cuts, graph_encodings
from ..rules.bridges import Bridge, Bridges
from ..rules.grid import Cell, Edge, Grid, check_board
from ._hashi_layout import random_islands

NAME = "hashi"
#: Largest board side accepted (documented in the README).
MAX_SIDE = 200


@dataclass(frozen=True)
class Instance:
    """A board: ``numbers[r][c]`` is 0 for water or the island's number 1-8.
    ``placeholders``: the numbers are not chosen yet (a :func:`layout`):
    they bind no solution (``verify`` and the direct encoding leave each
    island's count free; selector mode guards them as ever) until
    :func:`with_clues` sets them all. Never written to .pzl. Validated
    when built (a :class:`CellError` names the island); water may be given
    as None."""

    rows: int
    cols: int
    numbers: tuple[tuple[int, ...], ...]
    placeholders: bool = False

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (), "island")
        object.__setattr__(self, "numbers", tuple(tuple(v or 0 for v in row)
                                                  for row in self.numbers))
        g = self.numbers
        for r, c in self.islands:
            if not 1 <= g[r][c] <= 8:
                raise CellError(f"island number {g[r][c]} is out of range 1-8", (r, c))
        if not self.islands:
            raise CellError("the grid has no islands", (0, 0))
        bad = bridges.unbridgeable(self.value, self.neighbours, counts=not self.placeholders)
        if bad:
            raise CellError(*bad)

    @cached_property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def number(self, cell: Cell) -> int:
        return self.numbers[cell[0]][cell[1]]

    @cached_property
    def value(self) -> dict[Cell, int]:
        """Each island's number."""
        g = self.numbers
        return {(r, c): g[r][c] for r, c in self.islands}

    @cached_property
    def islands(self) -> tuple[Cell, ...]:
        """Island cells in row-major order."""
        return tuple((r, c) for r, row in enumerate(self.numbers) for c, v in enumerate(row) if v)

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        """Pairs of islands that see each other (the possible bridges), (a, b) with a < b."""
        return bridges.sight_pairs(self.rows, self.cols, self.islands)

    @cached_property
    def neighbours(self) -> dict[Cell, list[Cell]]:
        """Islands seen from each island."""
        return bridges.seen(self.islands, self.edges)

    @cached_property
    def crossings(self) -> tuple[tuple[Edge, Edge], ...]:
        """(horizontal, vertical) pairs of possible bridges that would cross."""
        return bridges.crossings(self.edges)


def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The island numbers, as (row, column, number), 0-based. They are
    structure (an island without its number is no island), but their count
    rules can sit behind selectors."""
    return [(*i, inst.number(i)) for i in inst.islands]


# -- the rules -------------------------------------------------------------------------
def bridge_var(f: Formula, e: Edge, k: int) -> int:
    """``bridge(r1,c1,r2,c2,k)``: at least k (1 or 2) bridges join the pair ``e``."""
    return f.var("bridge", *e[0], *e[1], k)


class HashiEncoding(Encoding):
    """Bridge counts, crossings and implied constraints; connectivity eagerly
    (``graph_encodings.encode_connected``) when ``complete``, else by :meth:`cuts`.
    In selector mode each island's count rule is guarded by its clue's
    selector and the implied clauses (which read the numbers) are left out."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.bridges = b = Bridges(f, inst.edges)
        self.one, self.two = b.one, b.two
        f.declare_answer(b.answer)
        direct = options.clues == "direct"
        clauses = b.order()
        for island in inst.islands:
            v = inst.number(island)
            guard = [] if direct else [-self.selectors.setdefault(
                (*island, v), f.var("clue", *island))]
            if guard or not inst.placeholders:
                clauses += b.count(island, v, guard)
        clauses += b.apart(inst.crossings)
        if direct and not inst.placeholders:
            clauses += b.implied(inst.value)
        f.extend(clauses)
        self.index = graph_cuts.index(b.one, required=inst.islands)
        if options.complete:
            graph_encodings.encode_connected(f, b.one, required=inst.islands, tag="conn")

    def cuts(self, model) -> list[list[int]]:
        """Connectivity cuts: for each group of islands joined apart from the
        rest, one of the possible bridges leaving it must be built."""
        return graph_cuts.connected_cuts(self.one, model, ix=self.index)

    def decode(self, model) -> tuple[Bridge, ...]:
        """The bridges of a model, sorted."""
        return self.bridges.decode(model)


def encode(inst: Instance, f: Formula, options: Options = Options()) -> HashiEncoding:
    return HashiEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a set of bridges, checked from the rules themselves
    (:func:`satlink.rules.bridges.broken`; a layout's numbers bind nothing)."""
    return bridges.broken(inst.islands, sol, None if inst.placeholders else inst.value)


# -- design (satlink.design): generate draws a layout; islands are structure, not removable --
def layout(rows: int, cols: int, rng: random.Random, params: dict) -> Instance:
    """A random board of ``rows`` x ``cols`` whose islands all show the
    placeholder number 1 (a selector-mode encoding with no selector assumed
    leaves every island's count free), grown so that a solution exists
    (:func:`satlink.puzzles._hashi_layout.random_islands`)."""
    islands = set(random_islands(rows, cols, rng, params))
    return Instance(rows, cols, tuple(tuple(int((r, c) in islands) for c in range(cols))
                                         for r in range(rows)), placeholders=True)


def clues_of(inst: Instance, solution) -> list[tuple[int, int, int]]:
    """The number every island shows under ``solution`` (its bridges), in
    ``clues`` form."""
    return [(r, c, n) for (r, c), n in bridges.loads(inst.islands, solution).items()]


def with_clues(inst: Instance, numbers) -> Instance:
    """``inst`` with these island numbers ``(r, c, n)``; an island not named
    keeps its number (an island always shows one; on a :func:`layout`, whose
    numbers are placeholders, every island must be named). A number off an
    island, or out of 1-8, is an InputError: the islands stay where they are."""
    grid = [list(row) for row in inst.numbers]
    numbers = list(numbers)
    if inst.placeholders and {(r, c) for r, c, _ in numbers} != set(inst.islands):
        raise InputError("every island of a layout needs its number")
    for r, c, n in numbers:
        if not (inst.grid.inside((r, c)) and grid[r][c]):
            raise InputError(f"{Grid.name((r, c))} is not an island of this board")
        if not 1 <= n <= 8:
            raise InputError(f"island number {n} at {Grid.name((r, c))} is out of range 1-8")
        grid[r][c] = n
    return Instance(inst.rows, inst.cols, grid)


# -- text: `.pzl`, janko grid text, puz.link (formats/pzprjs_hashi, imported when asked) --
#: `size C x R`, a `grid` of numbers and `.`, an optional `solution` of bridges;
#: janko: `ROWS COLS`, numbers and `-`, the published solution drawn.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": ISLANDS}, build=Instance,
    split=lambda inst: (inst.rows, inst.cols, tuple(tuple(v or None for v in row)
                                                    for row in inst.numbers)),
    solution=Records(read_bridges, what="bridge", write=lambda inst, sol: [
        [str(r1 + 1), str(c1 + 1), str(r2 + 1), str(c2 + 1), str(k)]
        for r1, c1, r2, c2, k in sol]),
    janko=Janko(replace(ISLANDS, empty=("-", "."), expect="1-8 or `-` (water)"), solution=DRAWN,
                read=bridges_from_drawing),
)


def _puzzlink_codec():
    from ..formats.pzprjs_hashi import hashikake_codec

    return hashikake_codec(Instance)


# -- output ------------------------------------------------------------------------------
def cells(inst: Instance, sol) -> dict[str, int]:
    """Bridge count for every pair of islands that see each other, named `r1c1-r1c4`."""
    built = {(b[:2], b[2:4]): b[4] for b in sol}
    name = {i: Grid.name(i) for i in inst.islands}  # one name per island, not two per pair
    return {f"{name[a]}-{name[b]}": built.get((a, b), 0) for a, b in inst.edges}


def picture(inst: Instance, solution=None) -> Board:
    """Islands as circles with their numbers, bridges single or double."""
    islands = [Circle(i, "white", str(inst.number(i))) for i in inst.islands]
    bridges = [BridgeMark(b[:2], b[2:4], b[4]) for b in solution or ()]
    return Board(inst.rows, inst.cols, grid="none", circles=islands, bridges=bridges)


GENRE = Genre(
    name=NAME, aliases=("hashiwokakero", "bridges"),
    summary="Hashiwokakero: join numbered islands by up to two bridges, all connected",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=lambda inst, sol: [list(b) for b in sol], cells=cells, picture=picture,
    puzzlink=Lazy(_puzzlink_codec),
    design=Design(clues_of=clues_of, with_clues=with_clues, removable=False, layout=layout,
                  clue_name=lambda clue: Grid.name(clue[:2])),
)

"""Mosaic (Mosaik, Fill-a-Pix): a number counts the shaded cells of its 3 x 3 block.

Rules (janko.at "Mosaik"): shade some cells. A number says how many of the
up to nine cells of the 3 x 3 block centred on it (the number's own cell
and the cells touching it, diagonally too) are shaded; a numbered cell may
itself be shaded.

Encoding: a variable per cell (shaded); in selector mode each number an
exact count over its block (:func:`satlink.rules.counts.exactly`) behind
its selector; with direct clues the cells the numbers decide alone are unit
clauses and each number counts its open cells by the subsets it refuses
(:func:`decided`). All clauses: no lazy rule (encodings/mosaic.md).

A solution is the frozenset of shaded cells ``(r, c)`` (0-based).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import comb

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, board, given
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, Shade
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board

NAME = "mosaic"
MAX_SIDE = 200


def block(grid: Grid, cell: Cell) -> list[Cell]:
    """The 3 x 3 block a number in ``cell`` counts: the cell and those touching it."""
    r, c = cell
    return [(y, x) for y in range(max(r - 1, 0), min(r + 2, grid.rows))
            for x in range(max(c - 1, 0), min(c + 2, grid.cols))]


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board and its numbers (cell -> 0..9), sorted;
    validated when built (a number above its block's size names its cell)."""

    rows: int
    cols: int
    numbers: tuple[tuple[Cell, int], ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.numbers), "number")
        for cell, k in self.numbers:
            r, c = cell
            size = ((min(r + 2, self.rows) - max(r - 1, 0))
                    * (min(c + 2, self.cols) - max(c - 1, 0)))
            if k > size:
                raise CellError(f"number {k} at {Grid.name(cell)} is above {size}: its 3 x 3"
                                f" block holds {size} cells of the board", cell)
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# -- the rules ---------------------------------------------------------------------------
class MosaicEncoding(Encoding):
    """``self.shaded``: a variable per cell not decided before encoding
    (every cell in selector mode), ``self.fixed`` the shaded cells decided
    before; a count per number."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        self.fixed: frozenset[Cell] = frozenset()
        if options.clues == "direct":
            self.fixed, self.shaded = decided(inst, f)
        else:
            self.shaded = shaded = {c: f.var("shaded", *c) for c in inst.grid.cells}
            for cell, k in inst.numbers:
                when = self.selectors.setdefault((cell, k), f.var("number", *cell))
                counts.exactly(f, [shaded[c] for c in block(inst.grid, cell)], k, when=when)
        f.declare_answer(self.shaded.values())
        self._cell_of = {x: c for c, x in self.shaded.items()}

    def decode(self, model) -> frozenset[Cell]:
        return self.fixed.union(map(self._cell_of.__getitem__, model.true_answer()))


def decided(inst: Instance, f: Formula) -> tuple[frozenset[Cell], dict[Cell, int]]:
    """The numbers as direct clauses, without what the numbers decide alone:
    a number whose open cells must all be shaded (or all unshaded) fixes
    them (a work list), and two numbers side by side fix what they decide
    together (:func:`pair`), repeated until nothing changes. Only the cells
    left open get a variable; every number with open cells counts them
    (:func:`count_open`). Returns the shaded fixed cells and the open
    cells' variables (none when the numbers decide the board)."""
    rows, cols = inst.rows, inst.cols
    blocks, need = [], []
    for (r, c), k in inst.numbers:  # a block as cell indices r * cols + c
        xs = range(max(c - 1, 0), min(c + 2, cols))
        blocks.append([y * cols + x for y in range(max(r - 1, 0), min(r + 2, rows)) for x in xs])
        need.append(k)
    around: list[list[int]] = [[] for _ in range(rows * cols)]
    for i, cells in enumerate(blocks):
        for p in cells:
            around[p].append(i)
    open_ = list(map(len, blocks))
    state = [0] * (rows * cols)  # 0 open, 1 unshaded, 2 shaded
    # a number joins the work list when it decides its open cells (need 0 or
    # need = open), and is looked at again when taken
    todo = [i for i, (m, k) in enumerate(zip(open_, need)) if k == 0 or k == m]

    done = [0]  # cells fixed so far

    def fix(cells, on: bool) -> None:
        for p in cells:
            if not state[p]:
                done[0] += 1
                state[p] = 1 + on
                for j in around[p]:
                    mj = open_[j] = open_[j] - 1
                    kj = need[j] = need[j] - on
                    if kj == 0 or kj == mj:
                        todo.append(j)

    later = None
    while True:
        while todo:
            i = todo.pop()
            m = open_[i]
            if m and (need[i] == 0 or need[i] == m):
                fix(blocks[i], need[i] > 0)
        if later is None:  # the numbers whose blocks overlap each number's, later ones
            at = {cell: i for i, (cell, _) in enumerate(inst.numbers)}
            later = [[at[r + dr, c + dc] for dr, dc in LATER if (r + dr, c + dc) in at]
                     for (r, c), _ in inst.numbers]
        before = done[0]
        for i, js in enumerate(later):  # every pair of numbers with open cells, once
            if open_[i]:
                for j in js:
                    if open_[j]:
                        pair(i, j, blocks, state, need, fix)
        if done[0] == before:
            break
    var = f.var
    lit = [0] * (rows * cols)
    shaded = {}
    for p, s in enumerate(state):
        if not s:
            cell = divmod(p, cols)
            shaded[cell] = lit[p] = var("shaded", *cell)
    columns: dict[int, list[int]] = {}  # r * cols + c -> unary count of its column of three
    for ((r, c), _), cells, k, m in zip(inst.numbers, blocks, need, open_):
        if not 0 <= k <= m:
            f.clauses.append([])
        elif 0 < k < m:
            count_open(f, [lit[p] for p in cells if not state[p]], k, r, c, rows, cols,
                       state, lit, columns)
    fixed = frozenset(divmod(p, cols) for p, s in enumerate(state) if s == 2)
    return fixed, shaded


#: The numbers a number is paired with: right and below it (their blocks
#: share six cells). Pairs farther apart (sharing four, three or two cells)
#: decided a few more dev boards but cost more than they saved.
LATER = ((0, 1), (1, 0))


def pair(i: int, j: int, blocks, state, need, fix) -> None:
    """What two numbers decide together: the shaded cells their open cells
    share number at least ``need - (open cells of its own)`` for each and at
    most each need and the shared open cells; where that leaves one side's
    own cells all shaded (or none), or the shared ones, ``fix`` them
    (encodings/mosaic.md)."""
    a = [p for p in blocks[i] if not state[p]]
    b = [p for p in blocks[j] if not state[p]]
    sb = set(b)
    both = [p for p in a if p in sb]
    if not both:
        return
    sa = set(a)
    only_a = [p for p in a if p not in sb]
    only_b = [p for p in b if p not in sa]
    ka, kb, n = need[i], need[j], len(both)
    lo = max(0, ka - len(only_a), kb - len(only_b))
    hi = min(n, ka, kb)
    for own, k in ((only_a, ka), (only_b, kb)):
        if own:
            if k - lo <= 0:
                fix(own, False)
            elif k - hi >= len(own):
                fix(own, True)
    if lo >= n:
        fix(both, True)
    elif hi <= 0:
        fix(both, False)


def count_open(f: Formula, lits: list[int], k: int, r: int, c: int, rows: int, cols: int,
               state: list[int], lit: list[int], columns: dict[int, list[int]]) -> None:
    """Exactly ``k`` of the open cells ``lits`` of the block at ``(r, c)``
    shaded, by the cheaper of two clause sets (encodings/mosaic.md): every
    subset that would break it refused (``C(m, k+1) + C(m, m-k+1)`` clauses
    over its ``m`` open cells, no auxiliary), or the block as its columns
    of up to three cells, each column's open cells counted once in unary
    (``columns``, shared with the blocks beside it) and the columns' counts
    summed (:func:`satlink.rules.counts.sum_of_parts`)."""
    m = len(lits)
    direct = comb(m, k + 1) + comb(m, m - k + 1)
    if direct > CHEAP:
        parts, new, cost = [], [], 0
        first, stop = max(r - 1, 0) * cols, min(r + 2, rows) * cols
        for key in range(r * cols + max(c - 1, 0), r * cols + min(c + 2, cols)):
            part = columns.get(key)
            if part is None:  # the column's open cells, top to bottom
                x = key - r * cols
                part = [lit[p] for p in range(first + x, stop, cols) if not state[p]]
                cost += UNARY_CLAUSES[len(part)]
                new.append((len(parts), key))
            parts.append(part)
        if cost + len(counts.sum_templates(tuple(len(p) for p in parts if p), k)) < direct:
            for i, key in new:
                parts[i] = columns[key] = counts.unary(f, parts[i])
            counts.sum_of_parts(f, parts, k)
            return
    f.clauses.extend(map(list, itertools.combinations([-x for x in lits], k + 1)))
    f.clauses.extend(map(list, itertools.combinations(lits, m - k + 1)))


#: Clauses :func:`satlink.rules.counts.unary` adds for 0 .. 3 literals; a
#: count of at most :data:`CHEAP` refused subsets is taken as it is.
UNARY_CLAUSES = (0, 0, 6, 14)
CHEAP = 16


def encode(inst: Instance, f: Formula, options: Options = Options()) -> MosaicEncoding:
    return MosaicEncoding(inst, f, options)


def clues(inst: Instance) -> list[tuple[Cell, int]]:
    return list(inst.numbers)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, shaded) -> list[str]:
    """Broken rules of a set of shaded cells (empty when solved)."""
    g = inst.grid
    problems = [f"{Grid.name(c)} is off the board" for c in sorted(shaded) if not g.inside(c)]
    # the board with a border of unshaded cells: a block is three slices of three
    on = [[0] * (inst.cols + 2) for _ in range(inst.rows + 2)]
    for r, c in shaded:
        if g.inside((r, c)):
            on[r + 1][c + 1] = 1
    for (r, c), k in inst.numbers:
        seen = sum(on[r][c:c + 3]) + sum(on[r + 1][c:c + 3]) + sum(on[r + 2][c:c + 3])
        if seen != k:
            problems.append(f"the {k} at {Grid.name((r, c))} has {seen} shaded cells in its"
                            " 3 x 3 block")
    return problems


# -- design: a number can go and the shading stays a solution ------------------------------
def clues_of(inst: Instance, shaded) -> list[tuple[Cell, int]]:
    """Every cell with the count of its block."""
    return [(c, sum(x in shaded for x in block(inst.grid, c))) for c in inst.grid.cells]


def with_clues(inst: Instance, numbers) -> Instance:
    return Instance(inst.rows, inst.cols, tuple(numbers))


def blank(width: int, height: int, params: dict) -> Instance:
    return Instance(height, width, ())


# -- text: `.pzl` and janko grid text ---------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="0-9 or `.`", numbers=(0, 9),
                 why="a 3 x 3 block holds nine cells")
SHADED = Tokens(expect="`x` (shaded) or `.`", values={"x": True})
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": NUMBERS},
    build=lambda rows, cols, grid: Instance(rows, cols, tuple(given(grid))),
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.numbers))),
    solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                    write=lambda inst, sol: board(inst.rows, inst.cols, dict.fromkeys(sol, True))),
    janko=Janko(NUMBERS),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, shaded) -> list[list[int]]:
    """The shaded cells [r, c], 0-based, in row order."""
    return [list(c) for c in sorted(shaded)]


def cells(inst: Instance, shaded) -> dict[str, bool]:
    return {Grid.name(c): c in shaded for c in inst.grid.cells}


def picture(inst: Instance, solution=None) -> Board:
    """The numbers over the shading (the SVG writes a number light on a
    shaded cell)."""
    return Board(inst.rows, inst.cols, shades=[Shade(c) for c in sorted(solution or ())],
                 labels=[Label(c, str(k)) for c, k in inst.numbers])


GENRE = Genre(
    name=NAME, aliases=("Mosaic", "mosaik", "fill-a-pix"),
    summary="shade cells; a number counts the shaded cells of the 3 x 3 block around it,"
            " itself included",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=lambda c: Grid.name(c[0]),
                  blank=blank),
)

"""Terra-X: a digit per region; neighbours differ; four regions at a point add up to 10.

Rules (janko.at "Terra-X"): write a digit 0-9 into every cell so that all
cells of a region hold the same digit and regions that share a border hold
different digits. Where four regions meet at one point, their four digits
add up to 10. Given digits stay.

Encoding (encodings/terrax.md): a one-hot digit per region
(:class:`~satlink.rules.numbers.Numbers`); "not equal" per pair of
neighbouring regions; a sum of 10 per point where four regions meet
(:func:`~satlink.rules.sums.halves`, the sum met in the middle); each given fixes its region's digit, behind its
selector in selector mode. With direct clues the givens narrow the
digits first (:func:`narrowed`, to a fixed point): a given region has one
digit, a region left one digit takes it from its neighbours, and the four
digits at a point bound each other (each at most 10 less the least of the
others): most of a board is decided before it is encoded, and a point whose
four digits are decided needs no sum. No lazy rule.

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, CellError, Janko, Layout, Tokens, given, region_grid
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.grid import Grid, check_board
from ..rules.numbers import Numbers
from ..rules.sums import sum_is
from ._digit_rooms import REGIONS, Instance, picture
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "terrax"
MAX_SIDE = 100


def make(rows: int, cols: int, givens, regions) -> Instance:
    """Build and validate: every cell in a connected region, the givens of
    one region equal (a :class:`CellError` at the cell otherwise)."""
    check_board(rows, cols, MAX_SIDE, (), "cell")
    for r, row in enumerate(regions):
        for c, v in enumerate(row):
            if v is None:
                raise CellError("every cell lies in a region", (r, c), "regions")
    inst = Instance(rows, cols, tuple(map(tuple, givens)), region_grid(regions))
    seen: dict[int, int] = {}
    for (r, c), v in given(inst.givens):
        k = inst.regions[r][c]
        if seen.setdefault(k, v) != v:
            raise CellError(f"{Grid.name((r, c))} is given {v}, another cell of its region"
                            f" {seen[k]}", (r, c), "grid")
    return inst


def borders(inst: Instance) -> set[tuple[int, int]]:
    """Pairs of regions that share a border."""
    out = set()
    rows = inst.regions
    for row, below in zip(rows, (*rows[1:], None)):
        for c, k in enumerate(row):
            for n in (row[c + 1] if c + 1 < len(row) else k, k if below is None else below[c]):
                if n != k:
                    out.add((k, n) if k < n else (n, k))
    return out


def crossings(inst: Instance) -> list[list[int]]:
    """The four regions of each inner point where four regions meet."""
    out = []
    rows = inst.regions
    for above, below in zip(rows, rows[1:]):
        for c in range(inst.cols - 1):
            four = {above[c], above[c + 1], below[c], below[c + 1]}
            if len(four) == 4:
                out.append(sorted(four))
    return out


def narrowed(inst: Instance, pairs, fours) -> dict[int, list[int]]:
    """Each region's digits as the givens decide them (direct clues only),
    to a fixed point: a given region holds its digit; a region with one
    digit left takes it from its neighbours; at a point where four regions
    meet, each digit is at most 10 less the least of the other three and at
    least 10 less the most of them. Every solution keeps its digits."""
    doms = [set(range(10)) for _ in inst.room_cells]
    for r, c, v in clues(inst):
        doms[inst.regions[r][c]] &= {v}
    beside: list[list[int]] = [[] for _ in doms]
    for a, b in pairs:
        beside[a].append(b)
        beside[b].append(a)
    meets: list[list[int]] = [[] for _ in doms]  # the points each region meets at
    for i, four in enumerate(fours):
        for k in four:
            meets[k].append(i)
    # a work list: the rules are monotone, so any order reaches the same fixed point
    changed = [k for k, dom in enumerate(doms) if len(dom) < 10]
    points = set(range(len(fours)))
    done: set[int] = set()  # single digits already taken from the neighbours
    while changed or points:
        while changed:
            k = changed.pop()
            points.update(meets[k])
            dom = doms[k]
            if len(dom) == 1 and k not in done:
                done.add(k)
                for n in beside[k]:
                    if dom & doms[n]:
                        doms[n] = doms[n] - dom
                        changed.append(n)
        if points:
            four = fours[points.pop()]
            if any(not doms[k] for k in four):
                continue
            low = [min(doms[k]) for k in four]
            high = [max(doms[k]) for k in four]
            least, most = sum(low), sum(high)
            for i, k in enumerate(four):
                top, bottom = 10 - least + low[i], 10 - most + high[i]
                if low[i] < bottom or high[i] > top:
                    doms[k] = {v for v in doms[k] if bottom <= v <= top}
                    changed.append(k)
    return {k: sorted(dom) for k, dom in enumerate(doms) if len(dom) < 10}


# -- the rules ---------------------------------------------------------------------------
class TerraXEncoding(Encoding):
    """``self.digit``: a one-hot digit 0-9 per region."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        pairs = sorted(borders(inst))
        fours = crossings(inst)
        domains = narrowed(inst, pairs, fours) if direct else None
        d = self.digit = Numbers(f, range(len(inst.room_cells)), range(10), domains, tag="region")
        add = f.clauses.append
        for a, b in pairs:  # neighbouring regions differ
            other = d.var[b]
            for v, x in d.var[a].items():
                if v in other:
                    add([-x, -other[v]])
        for four in fours:  # four regions at a point add up to 10
            if not direct or any(len(d.domain[k]) > 1 for k in four):
                sum_is(d, four, 10, method="halves")
            # (four single digits left by narrowed add up to 10: nothing to say)
        for r, c, v in clues(inst):
            k = inst.regions[r][c]
            if direct:
                d.given(k, v)
            else:
                self.selectors[(r, c, v)] = d.val(k, v)
        f.declare_answer(d.answer())

    def decode(self, model):
        inst = self.instance
        return tuple(tuple(self.digit.value(model, inst.regions[r][c]) for c in range(inst.cols))
                     for r in range(inst.rows))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> TerraXEncoding:
    return TerraXEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a grid of digits (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    problems = [f"{Grid.name((r, c))} holds {v}, not a digit 0-9"
                for r, row in enumerate(sol) for c, v in enumerate(row)
                if not (isinstance(v, int) and 0 <= v <= 9)]
    if problems:
        return problems
    problems += [f"{Grid.name(c)} is {sol[c[0]][c[1]]}, the given is {v}"
                 for c, v in given(inst.givens) if sol[c[0]][c[1]] != v]
    for room in inst.room_cells:
        if len({sol[r][c] for r, c in room}) > 1:
            problems.append(f"the region at {Grid.name(room[0])} holds different digits")
    for a in inst.grid.cells:
        for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
            if (inst.grid.inside(b) and not inst.same_region(a, b)
                    and sol[a[0]][a[1]] == sol[b[0]][b[1]]):
                problems.append(f"{Grid.name(a)} and {Grid.name(b)} lie in neighbouring regions"
                                f" and both hold {sol[a[0]][a[1]]}")
    for r in range(inst.rows - 1):
        for c in range(inst.cols - 1):
            block = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
            if len({inst.regions[x][y] for x, y in block}) == 4:
                total = sum(sol[x][y] for x, y in block)
                if total != 10:
                    problems.append(f"the four regions meeting below right of {Grid.name((r, c))}"
                                    f" add up to {total}, not 10")
    return problems


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
DIGITS = Tokens(what="a digit", expect="a digit 0-9 or `.`", numbers=(0, 9), why="digits are 0-9")
FILLED = Tokens(what="a digit", expect="a digit 0-9", empty=(), numbers=(0, 9),
                why="digits are 0-9")

#: `size C x R`, a `grid` of given digits, a `regions` block, a `solution`
#: of digits; janko: `ROWS COLS`, the givens (`-` blank), the regions.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": DIGITS, "regions": REGIONS}, build=make,
    split=lambda inst: (inst.rows, inst.cols, inst.givens,
                        tuple(tuple(str(v) for v in row) for row in inst.regions)),
    solution=Answer(FILLED, read=lambda grid: tuple(map(tuple, grid)),
                    write=lambda inst, sol: sol),
    janko=Janko((DIGITS, REGIONS), solution=FILLED),
)


GENRE = Genre(
    name=NAME, aliases=("TerraX", "terra-x"),
    summary="a digit per region, neighbouring regions differ, four regions meeting at a point"
            " add up to 10",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

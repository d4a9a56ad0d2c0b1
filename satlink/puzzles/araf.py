"""Araf: divide the grid into regions, each holding exactly two numbers,
its size strictly between them.

Rules (janko.at, puz.link): divide the grid along the grid lines into
regions. Every region holds exactly two numbers, and its number of cells
is greater than the smaller and less than the larger of them (so two
equal numbers, or two that differ by one, never share a region).

Encoding (encodings/araf.md): the menu of pairs that could share a region
(values at least two apart, close enough that a region of fewer cells than
the larger can hold both). Every region is named by its larger number:
each cell takes one such label, where some pair of that number can reach
(:func:`satlink.rules.reach_bits.label_domains`, on bit masks); a larger number's
label, once used, holds exactly one of its smaller partners and stays
within that pair's reach; the region is connected by bounded reach from
its larger number (:func:`satlink.rules.reach_ladder.ladder`); its
size is bounded above by itself and below by the partner: lazy cuts
(:class:`satlink.rules.size_cuts.SizeCuts`), counters in complete mode
(:func:`satlink.rules.chosen_sizes.bound_size`; setting ``sizes eager``:
counters in lazy mode too). The labels are the answer (one per cell; no wall
variables: a division and its labelling by larger numbers determine each
other), the walls read from them.

A solution is the frozenset of walls, each a pair of adjacent cells in
increasing order; texts write a division as a grid of region numbers.
"""
from __future__ import annotations

from ..contract import Encoding, Options
from ..formats.cellgrid import Tokens
from ..formats.pzprjs_numbers import Number16
from ..formula import Formula
from ..genre import Genre
from ..rules.chosen_sizes import bound_size
from ..rules.grid import Cell, Grid
from ..rules.reach_bits import indices, label_domains
from ..rules.reach_ladder import ladder
from ..rules.regions import Regions
from ..rules.size_cuts import SizeCuts
from . import _divisions as D
from ._divisions import Walls, cells, regions_of, solution_json
from ._divisions import numbers_picture as picture

NAME = "araf"


class Instance(D.Numbers):
    """A ``rows`` x ``cols`` board and its numbers (cell -> value), sorted."""

    def wrong(self, n, at: str) -> str | None:
        return f"number {n} at {at} is not 1 or more" if n < 1 else None


# -- the rules ---------------------------------------------------------------------------
def pairs(inst: Instance) -> list[tuple[Cell, Cell]]:
    """Every pair of numbers that may share a region, the larger first (it
    names the region: araf.md): a size strictly between them exists (they
    differ by two or more), and a connected region that small holds both
    (their Manhattan distance is below the larger less one). In the order
    of the numbers (sorted by cell), the first of each pair, then the second."""
    menu = []
    numbers = inst.numbers
    for i, ((r, c), x) in enumerate(numbers):
        for b, y in numbers[i + 1:]:
            if x >= y + 2:
                if abs(r - b[0]) + abs(c - b[1]) < x - 1:
                    menu.append(((r, c), b))
            elif y >= x + 2 and abs(r - b[0]) + abs(c - b[1]) < y - 1:
                menu.append((b, (r, c)))
    return menu


class ArafEncoding(Encoding):
    """Each cell's region named by its larger number (``label``: cell ->
    larger number -> variable, the answer) and the walls read from them
    (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, value = inst.grid, dict(inst.numbers)
        cells, cols = g.cells, inst.cols  # cell number r * cols + c: its bit (reach_bits)
        self.regions = Regions(f, g, walls=False)  # the labels are the answer
        adj = self.regions.adj
        self.label: dict[Cell, dict[Cell, int]] = {c: {} for c in cells}
        # the sizes as cuts, unless complete (or the `sizes eager` setting, to compare)
        lazy = not options.complete and options.setting("sizes", "lazy") == "lazy"
        self.sizes = SizeCuts(f, adj) if lazy else None
        domains = label_domains(inst.rows, inst.cols, value, [
            (big, small, value[big] - 2, value[small] + 1) for big, small in pairs(inst)])
        first = f.num_vars + 1  # the labels (and region.none) numbered at once, from here
        ids = {}
        named = [("region", *c) for c in cells]  # a key is named[i] + big (a third the time)
        of = list(self.label.values())  # by cell number
        for big, (order, _, _) in domains.items():
            ids[big] = xs = f.vars([named[i] + big for i in order])
            for i, x in zip(order, xs):
                of[i][big] = x
        for c in cells:
            if not self.label[c]:
                f.add([])  # a cell no region can hold
                self.label[c][None] = f.var("region.none", *c)
        last = f.num_vars
        self.regions.labels(self.label, fresh=True)
        near = [[r * cols + c for r, c in adj[cell]] for cell in cells]
        for big, (order, limit, partners) in domains.items():
            xs = ids[big]
            place = dict(zip(order, range(len(order))))  # cell number -> its place in order
            root = xs[place[big[0] * cols + big[1]]]
            f.clauses.extend([[-x, root] for x in xs if x != root])  # implied by the reach
            mates = [xs[place[r * cols + c]] for r, c in partners]
            f.add([-root, *mates])  # exactly one smaller number
            f.at_most_one(mates)
            skip = set(mates)
            if len(mates) > 1:  # a cell beyond a pair's reach: another pair
                every = -1
                for dom in partners.values():
                    every &= dom
                some: dict[int, list[int]] = {}  # a cell outside some reach -> the partners
                for dom, m in zip(partners.values(), mates):  # whose reach holds it
                    for i in indices(dom & ~every, len(cells)):
                        some.setdefault(i, []).append(m)
                f.clauses.extend([[-x, *ms] for i, x in zip(order, xs)
                                  if (ms := some.get(i)) and x not in skip])  # a partner: its pair's alone
            # size: at most v(a) - 3 free cells (the two numbers aside), at least v(b) - 1
            # where b is the partner
            # a region holding a and b holds a path between them: at least their Manhattan
            # distance less one free cells, a lower bound no clause need say (araf.md)
            least = {x: value[small] - 1 for small, x in zip(partners, mates)
                     if value[small] - 1 > abs(small[0] - big[0]) + abs(small[1] - big[1]) - 1}
            counted = [x for x in xs if x != root and x not in skip]  # the free cells
            if self.sizes is None:
                bound_size(f, counted, value[big] - 3, least, root)
            else:
                self.sizes.add(root, dict(zip(map(cells.__getitem__, order), xs)), counted,
                               value[big] - 3, least)
            ladder(f, near, order, xs, big[0] * cols + big[1], limit,
                   rooted=True)  # lab -> root: above
        f.declare_answer(range(first, last + 1), one_hot=True)  # a label per cell

    def cuts(self, model) -> list[list[int]]:
        return [] if self.sizes is None else self.sizes.cuts(model)

    def decode(self, model) -> Walls:
        return frozenset(self.regions.walls(model))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> ArafEncoding:
    return ArafEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, walls: Walls) -> list[str]:
    """Broken rules of a set of walls."""
    parts, _, problems = regions_of(inst.grid, walls)
    value = dict(inst.numbers)
    for part in parts:
        first = Grid.name(min(part))
        held = sorted(value[c] for c in part if c in value)
        if len(held) != 2:
            problems.append(f"the region of {first} holds {len(held)} numbers, not 2")
        elif not held[0] < len(part) < held[1]:
            problems.append(f"the region of {first} has {len(part)} cells,"
                            f" not strictly between {held[0]} and {held[1]}")
    return problems


# -- text: `.pzl` and janko grid text -------------------------------------------------------
NUMBERS = Tokens(what="a number", expect="a number (1 or more) or `.`",
                 numbers=(1, D.MAX_SIDE ** 2 + 1), why="a bound on a size")
#: `size C x R`, a `grid` of numbers, an optional `solution` grid of region
#: numbers; janko: `ROWS COLS`, the numbers and `-`, the regions numbered.
FORMAT = D.layout(NAME, NUMBERS, Instance)
#: pzprjs `araf`: a number16 per cell (its `?`, `.`, is refused: satlink's
#: Araf numbers are all known).
PUZZLINK = D.codec("araf", Number16(low=1, question=False, what="number"), Instance)


GENRE = Genre(
    name=NAME, aliases=("Araf",),
    summary="divide into regions, each holding two numbers, its size strictly between them",
    instance=Instance, text=FORMAT, encode=encode, verify=verify,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
)

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
(:func:`satlink.rules.chosen_regions.pair_reaches`); a larger number's
label, once used, holds exactly one of its smaller partners and stays
within that pair's reach; the region is connected by bounded reach from
its larger number (:func:`satlink.rules.reach_ladder.reach_within`); its
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
from ..rules.chosen_regions import Candidate, pair_reaches
from ..rules.chosen_sizes import bound_size
from ..rules.grid import Cell, Grid
from ..rules.reach_ladder import reach_within
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
def pairs(inst: Instance) -> dict[tuple[Cell, Cell], Candidate]:
    """Every pair of numbers that may share a region: a size strictly
    between them exists, and a connected region that small holds both."""
    menu = {}
    for i, (a, x) in enumerate(inst.numbers):
        for b, y in inst.numbers[i + 1:]:
            low, high = min(x, y) + 1, max(x, y) - 1
            if low <= high and abs(a[0] - b[0]) + abs(a[1] - b[1]) < high:
                # the larger number first: it names the region (araf.md)
                menu[(a, b)] = Candidate((a, b) if x >= y else (b, a), low, high)
    return menu


class ArafEncoding(Encoding):
    """Each cell's region named by its larger number (``label``: cell ->
    larger number -> variable, the answer) and the walls read from them
    (``regions``)."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, value = inst.grid, dict(inst.numbers)
        free = set(g.cells) - set(value)  # a region holds no third number
        self.regions = Regions(f, g, walls=False)  # the labels are the answer
        self.label: dict[Cell, dict[Cell, int]] = {c: {} for c in g.cells}
        domains: dict[Cell, dict[Cell, dict[Cell, int]]] = {}  # larger -> smaller -> reach
        menu = pairs(inst)
        # the sizes as cuts, unless complete (or the `sizes eager` setting, to compare)
        lazy = not options.complete and options.setting("sizes", "lazy") == "lazy"
        self.sizes = SizeCuts(f, self.regions.adj) if lazy else None
        for cand, dom in zip(menu.values(), pair_reaches(menu, free, self.regions.adj).values()):
            if all(a in dom for a in cand.anchors) and cand.low <= min(cand.high, len(dom)):
                domains.setdefault(cand.anchors[0], {})[cand.anchors[1]] = dom
        limits = {}
        for big, by_partner in domains.items():
            limit: dict[Cell, int] = {}
            first: dict[Cell, int] = {}  # the first partner whose reach holds the cell
            for i, dom in enumerate(by_partner.values()):
                for c, t in dom.items():
                    if c not in first:
                        first[c] = i
                        limit[c] = t
                    elif t > limit[c]:
                        limit[c] = t
            # numbered partner by partner, each reach in reading order (one sort per
            # label, not one per pair)
            limits[big] = limit = {c: limit[c] for c in sorted(limit, key=lambda c: (first[c], c))}
            for c, x in zip(limit, f.vars([("region", *c, *big) for c in limit])):
                self.label[c][big] = x
        for c in g.cells:
            if not self.label[c]:
                f.add([])  # a cell no region can hold
                self.label[c][None] = f.var("region.none", *c)
        self.regions.labels(self.label, fresh=True)
        for big, by_partner in domains.items():
            root, limit = self.label[big][big], limits[big]
            lab = {c: self.label[c][big] for c in limit}
            f.extend([-x, root] for c, x in lab.items() if c != big)  # implied by the reach
            mates = {small: lab[small] for small in by_partner}
            f.add([-root, *mates.values()])  # exactly one smaller number
            f.at_most_one(list(mates.values()))
            if len(by_partner) > 1:  # a cell beyond a pair's reach: another pair
                some: dict[Cell, list[int]] = {c: [] for c in limit}
                for small, m in mates.items():
                    for c in by_partner[small]:
                        some[c].append(m)
                f.extend([-lab[c], *ms] for c, ms in some.items()
                         if len(ms) < len(mates) and c not in mates)  # a partner: its pair's alone
            # size: at most v(a) - 3 free cells (the two numbers aside), at least v(b) - 1
            # where b is the partner
            # a region holding a and b holds a path between them: at least their Manhattan
            # distance less one free cells, a lower bound no clause need say (araf.md)
            least = {x: value[small] - 1 for small, x in mates.items()
                     if value[small] - 1 > abs(small[0] - big[0]) + abs(small[1] - big[1]) - 1}
            counted = [lab[c] for c in limit if c in free]
            if self.sizes is None:
                bound_size(f, counted, value[big] - 3, least, root)
            else:
                self.sizes.add(root, lab, counted, value[big] - 3, least)
            reach_within(f, self.regions.adj, lab, big, limit, rooted=True)  # lab -> root: above
        f.declare_answer(sorted({x for lab in self.label.values() for x in lab.values()}),
                         one_hot=True)  # a label per cell

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

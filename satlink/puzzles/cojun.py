"""Cojun (Kojun): regions of 1..k, neighbours differ, larger on top in a region.

Rules (janko.at "Kojun"; puzz.link "cojun"): write a digit into every
cell so that each region of k cells holds the digits 1..k, each once. Two
orthogonally adjacent cells never hold the same digit. Of two vertically
adjacent cells of one region, the upper one holds the larger digit.

Encoding (encodings/region_digits.md): :class:`satlink.rules.region_digits.
RegionDigits` over the regions; ``differ`` on orthogonal neighbours of
different regions (one region's cells differ already); ``order`` (upper
larger) on vertical pairs inside a region. Direct clues first narrow each
cell's digits by the same rules (:func:`narrow_digits`).

A solution is the grid of digits, a tuple of row tuples.
"""
from __future__ import annotations

import operator

from ..contract import Options
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules.grid import Grid
from ._digit_rooms import DigitsEncoding, Instance, base_problems, codec, layout, picture
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "cojun"


class CojunEncoding(DigitsEncoding):
    """Regions of 1..k; neighbours differ; upper cell larger within a region.
    Direct clues first narrow the digits (:func:`narrow_digits`)."""

    def extra(self, inst: Instance) -> None:
        domain = self.digits.numbers.domain
        narrowed = self.options.clues != "selectors"
        for a, b in _pairs(inst):
            if narrowed and len(domain[a]) == 1 and len(domain[b]) == 1:
                continue  # both decided by narrow_digits, which checked the pair
            if not inst.same_region(a, b):
                self.digits.differ(a, b)
            elif a[1] == b[1]:  # b below a
                self.digits.order(a, b, operator.gt)

    def narrowed(self, inst: Instance) -> dict:
        return narrow_digits(inst)


def _pairs(inst: Instance) -> list:
    """Each pair of orthogonal neighbours once, (left, right) or (upper, lower)."""
    rows, cols = inst.rows, inst.cols
    return ([((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
            + [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)])


def narrow_digits(inst: Instance) -> dict:
    """cell -> the digits the rules leave it, from the givens, to a fixed
    point: a cell's single digit leaves the rest of its region and its
    neighbours in other regions; a digit only one cell of its region can
    hold is that cell's; of two stacked cells of a region the upper is
    above the lower's least digit and the lower below the upper's largest.
    Each step removes only digits no solution puts there
    (encodings/region_digits.md, Cojun). Stops early, with an empty
    domain, when the givens contradict."""
    regions, givens = inst.regions, inst.givens
    dom = {}
    others: dict = {}  # cells that never share a digit with c
    for room in inst.room_cells:
        full = range(1, len(room) + 1)
        for cell in room:
            v = givens[cell[0]][cell[1]]
            dom[cell] = {v} if v is not None else set(full)
            others[cell] = [d for d in room if d != cell]
    stacked = []  # (upper, lower) of one region
    for a, b in _pairs(inst):
        if regions[a[0]][a[1]] != regions[b[0]][b[1]]:
            others[a].append(b)
            others[b].append(a)
        elif a[1] == b[1]:
            stacked.append((a, b))
    rooms = inst.room_cells
    todo = [c for c, d in dom.items() if len(d) == 1]
    done: set = set()
    while True:
        while todo:  # a single digit leaves the cells that never share it
            c = todo.pop()
            if c in done:
                continue
            done.add(c)
            (v,) = dom[c]
            for o in others[c]:
                d = dom[o]
                if v in d:
                    d.discard(v)
                    if len(d) == 1:
                        todo.append(o)
                    elif not d:
                        return dom
        rooms = [room for room in rooms if not all(c in done for c in room)]
        for room in rooms:  # a digit only one cell of the region can hold
            for v in range(1, len(room) + 1):
                holders = [c for c in room if v in dom[c]]
                if len(holders) == 1 and len(dom[holders[0]]) > 1:
                    dom[holders[0]].intersection_update((v,))
                    todo.append(holders[0])
        still = []  # the pairs not yet both down to one digit
        for a, b in stacked:  # the upper cell above the lower one
            up, low = dom[a], dom[b]
            least, most = min(low), max(up)
            if min(up) <= least or max(low) >= most:
                up.difference_update([v for v in up if v <= least])
                low.difference_update([v for v in low if v >= most])
                if not up or not low:
                    return dom
                todo.extend(c for c in (a, b) if len(dom[c]) == 1)
            if len(up) > 1 or len(low) > 1:
                still.append((a, b))
        stacked = still
        if not todo:
            return dom


def encode(inst, f, options=Options()):
    return CojunEncoding(inst, f, options)


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, from the rules (empty when solved)."""
    problems, values = base_problems(inst, sol)
    if not values:
        return problems
    for a, b in _pairs(inst):
        if values[a] == values[b]:
            problems.append(f"neighbours {Grid.name(a)} and {Grid.name(b)} both hold {values[a]}")
        elif a[1] == b[1] and inst.same_region(a, b) and values[a] < values[b]:
            problems.append(f"{Grid.name(a)} ({values[a]}) is below {Grid.name(b)}"
                            f" ({values[b]}) of its region under it")
    return problems


FORMAT = layout(NAME)
PUZZLINK = codec("cojun")

GENRE = Genre(
    name=NAME, aliases=("Cojun", "kojun"),
    summary="regions of k cells hold 1..k; orthogonal neighbours differ; in a region the"
            " upper of two stacked cells is larger",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

"""Nanro: each region's number is how many of its cells hold it.

Rules (janko.at "Nanro"; puzz.link "nanro"): write numbers into some
cells so that each region holds at least one number, all numbers in a
region are equal, and that number says how many cells of the region hold
it. Two orthogonally adjacent numbers in different regions are never
equal. All numbered cells form one orthogonally connected area, and no
2x2 block is entirely numbered. A given number is one of them.

Encoding (encodings/nanro.md): a :class:`satlink.rules.shading.Shading`
whose "shaded" cells are the numbered ones; per region its numbered cells
counted in unary (:func:`satlink.rules.unary_sums.unary_sum`) and its number
"k" defined as "at least k and not k + 1 numbered" (at least one);
(a region with a direct given: exactly its number of its cells, no
counter); four-literal clauses for equal numbers across region borders (the
decided literals left out), no 2x2
numbered block, the numbered cells connected (lazy vertex-separator cuts,
:class:`satlink.rules.vertex_cuts.ConnectedCells`, or complete).

A solution is the grid of numbers (None for an empty cell), row tuples.
"""
from __future__ import annotations

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import given
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import VALUE_GRID
from ..rules import counts, subset_counts
from ..rules.grid import Grid
from ..rules.shading import Shading
from ..rules.unary_sums import unary_sum
from ..rules.vertex_cuts import ConnectedCells
from ._digit_rooms import DIGITS, Instance, codec, layout, picture
from ._givens import clue_name, clues, clues_of, with_clues

NAME = "nanro"


# -- the rules ---------------------------------------------------------------------------
class NanroEncoding(Encoding):
    """``self.value``: a number per region; ``self.shading``: the numbered cells."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g, rooms = inst.grid, inst.room_cells
        self.shading = s = Shading(f, g, tag="numbered")
        f.declare_answer(s.var.values())
        direct = options.clues == "direct"
        # direct clues decide a region's number: there the count is the
        # number, less the given cells, over the other cells, and the
        # region's number literal is true (None below)
        numbers = clues(inst)
        known: dict[int, int] = {}
        givens = set()
        for r, c, k in numbers if direct else ():
            i = inst.regions[r][c]
            givens.add((r, c))
            if known.setdefault(i, k) != k:
                f.add([])  # two numbers in one region: impossible
        #: per region: its number k -> the literal "the region's number is
        #: k" (None: true, the region's number is given)
        self.value: list[dict[int, int | None]] = []
        for i, room in enumerate(rooms):  # the region's number counts its numbered cells
            if i in known:
                rest = [s.lit(c) for c in room if c not in givens]
                subset_counts.exactly_any(f, rest, known[i] - (len(room) - len(rest)))
                self.value.append({known[i]: None})
                continue
            # at[t - 1] <-> "at least t numbered cells" (a totalizer, both ways)
            at = unary_sum(f, [[s.lit(c)] for c in room], len(room), ("count", i))
            f.add([at[0]])  # a number somewhere in the region
            value = {len(room): at[-1]}  # all its cells numbered
            for k in range(1, len(room)):  # k <-> at least k and not k + 1
                x = value[k] = f.var("region", i, k)
                f.extend([[-x, at[k - 1]], [-x, -at[k]], [x, -at[k - 1], at[k]]])
            self.value.append(value)
        v = self.value
        for a, b in g.cell_edges():  # equal numbers never side by side across a border
            ra, rb = inst.regions[a[0]][a[1]], inst.regions[b[0]][b[1]]
            if ra != rb:
                va, vb = v[ra], v[rb]
                for k in va.keys() & vb.keys():  # true literals left out
                    f.add([*([] if a in givens else [-s.lit(a)]),
                           *([] if b in givens else [-s.lit(b)]),
                           *([] if va[k] is None else [-va[k]]),
                           *([] if vb[k] is None else [-vb[k]])])
        s.no_square(shaded=True)
        if options.complete:
            s.connected(shaded=True, lazy=False)
        else:
            self.connected = ConnectedCells(g, s.var, [(r, c) for r, c, _ in numbers]
                                            if direct else ())
        for r, c, k in numbers:
            when = self.when((r, c, k), "given", r, c)
            with counts.guarded(f, when):
                f.add([s.lit((r, c))])
                x = v[inst.regions[r][c]].get(k, 0)
                if x is not None:  # None: the region's number is this given
                    f.add([] if x == 0 else [x])  # a number past the region's size: impossible

    def cuts(self, model) -> list[list[int]]:
        return [] if self.options.complete else self.connected.cuts(model)

    def decode(self, model):
        inst, on = self.instance, self.shading.shaded_cells(model)
        count = [sum(1 for c in room if c in on) for room in inst.room_cells]
        return tuple(tuple(count[inst.regions[r][c]] if (r, c) in on else None
                           for c in range(inst.cols)) for r in range(inst.rows))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> NanroEncoding:
    return NanroEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a grid of numbers (empty when solved)."""
    if len(sol) != inst.rows or any(len(row) != inst.cols for row in sol):
        return [f"the grid is not {inst.cols} x {inst.rows}"]
    g = inst.grid
    at = {c: sol[c[0]][c[1]] for c in g.cells}
    numbered = {c for c, x in at.items() if x is not None}
    problems = [f"{Grid.name(c)} is {at[c]}, the given is {k}"
                for c, k in given(inst.givens) if at[c] != k]
    for room in inst.room_cells:
        held = [at[c] for c in room if c in numbered]
        if not held:
            problems.append(f"the region at {Grid.name(room[0])} holds no number")
        elif len(set(held)) > 1:
            problems.append(f"the region at {Grid.name(room[0])} holds {sorted(set(held))}")
        elif held[0] != len(held):
            problems.append(f"the region at {Grid.name(room[0])} holds {held[0]}"
                            f" in {len(held)} cells")
    problems += [f"{Grid.name(a)} and {Grid.name(b)} hold {at[a]} across a region border"
                 for a, b in g.cell_edges() if a in numbered and at[a] == at[b]
                 and not inst.same_region(a, b)]
    problems += [f"the 2x2 block at {Grid.name((r, c))} is all numbered"
                 for r in range(inst.rows - 1) for c in range(inst.cols - 1)
                 if {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= numbered]
    if numbered and not nx.is_connected(nx.grid_2d_graph(inst.rows, inst.cols).subgraph(numbered)):
        problems.append("the numbered cells are not connected")
    return problems


# -- text, output, puzz.link (pzprjs `nanro`: borders, then number16) ----------------------
FORMAT = layout(NAME, answer=DIGITS)
PUZZLINK = codec("nanro")


GENRE = Genre(
    name=NAME, aliases=("Nanro",),
    summary="numbers in some cells: each region holds one number, written in as many of its"
            " cells; equal numbers never touch across a border; numbered cells connected,"
            " no 2x2 of them",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=VALUE_GRID, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

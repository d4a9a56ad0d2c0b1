"""rules/walled.walled_in_cuts with a size: every cut against every shading of small boards.

The rule the cuts serve: the cells of one colour are one orthogonally
connected area of exactly ``size`` cells (checked here with networkx). For
every shading of the board (a candidate model) and every size, each cut is
violated by the candidate and holds in every shading that obeys the rule;
a candidate whose colour is one area gets no cut, one whose colour falls
into several areas gets at least one.
"""
from __future__ import annotations

import itertools

import networkx as nx
import pytest

from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading
from satlink.rules.walled import walled_in_cuts
from tests.rules.test_walled import holds, masks

BOARDS = [(1, 4), (2, 3), (3, 3), (2, 5), (3, 4)]
CASES = [(r, c, True) for r, c in BOARDS] + [(r, c, False) for r, c in BOARDS[:-1]]


@pytest.mark.parametrize("rows, cols, shaded", CASES)
def test_cuts_keep_every_solution_and_cut_their_model(rows, cols, shaded):
    g = Grid(rows, cols)
    f = Formula()
    s = Shading(f, g)
    grid = nx.grid_2d_graph(rows, cols)
    bit = {x: 1 << i for i, x in enumerate(s.var.values())}
    cells = list(g.cells)
    every = [frozenset(c for c, b in zip(cells, bits) if b)
             for bits in itertools.product((0, 1), repeat=len(cells))]
    of_colour = {sh: frozenset(sh if shaded else set(cells) - sh) for sh in every}
    areas = {sh: nx.number_connected_components(grid.subgraph(of_colour[sh])) for sh in every}
    mask = {sh: sum(bit[s.var[c]] for c in sh) for sh in every}
    cut_some = 0
    for size in range(len(cells) + 1):
        good = [mask[sh] for sh in every if areas[sh] <= 1 and len(of_colour[sh]) == size]
        found = set()
        for sh in every:
            cuts = walled_in_cuts(s, Model(f, [s.var[c] for c in sh]), shaded, size)
            assert bool(cuts) == (areas[sh] > 1), (size, sorted(sh))
            for clause in cuts:
                m = masks(clause, bit)
                assert not holds(m, mask[sh]), (size, sorted(sh), clause)
                found.add(m)
            cut_some += len(cuts)
        for m in found:  # every cut, once
            assert all(holds(m, good_mask) for good_mask in good), (size, m)
    assert cut_some


def test_a_small_area_is_cut_on_its_own():
    """1 x 5, shaded r1c1 and r1c3..r1c5, a sea of 4: r1c1 alone (one cell)
    gets "r1c2 shaded or r1c1 not", with no literal of the other area; the
    area of three gets one too (three cells, fewer than four)."""
    f = Formula()
    s = Shading(f, Grid(1, 5))
    x = [s.var[(0, c)] for c in range(5)]
    model = Model(f, [x[0], x[2], x[3], x[4]])
    assert walled_in_cuts(s, model, True, 4) == [[x[1], -x[0]], [x[1], -x[2]]]
    # a sea of 3: the area of three is large enough; r1c1 still cut on its own
    assert walled_in_cuts(s, model, True, 3) == [[x[1], -x[0]]]
    # a sea of 1: both areas too large, the smaller one gets the walled-in cut
    assert walled_in_cuts(s, model, True, 1) == [[x[1], -x[0], -x[2]]]

"""rules/walled: every clause against every shading of small boards.

The rule the clauses serve: no two shaded cells touch, the white cells are
one orthogonally connected area (checked here with networkx). Every implied
clause and every cut holds in every shading that obeys it, and every cut is
violated by the model it was found against.
"""
from __future__ import annotations

import networkx as nx
import pytest

from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading
from satlink.rules.walled import enclosures, pockets, ring_cuts, walled_in_cuts

BOARDS = [(1, 4), (2, 2), (2, 5), (3, 3), (3, 4), (4, 4), (2, 6)]


def apart_shadings(g: Grid) -> list[frozenset]:
    """Every set of shaded cells no two of which touch (cells in reading order)."""
    out: list[frozenset] = [frozenset()]
    for c in g.cells:
        out += [sh | {c} for sh in out if not set(g.neighbours(c)) & sh]
    return out


def white_connected(g: Grid, sh) -> bool:
    white = nx.grid_2d_graph(g.rows, g.cols).subgraph(set(g.cells) - sh)
    return white.number_of_nodes() == 0 or nx.is_connected(white)


def masks(clause, bit) -> tuple[int, int]:
    """(cells of the clause's positive literals, of its negative ones) as bit masks."""
    pos = sum(bit[x] for x in clause if x > 0)
    return pos, sum(bit[-x] for x in clause if x < 0)


def holds(clause: tuple[int, int], sh: int) -> bool:
    """Whether the shading ``sh`` satisfies a clause, all as :func:`masks`."""
    pos, neg = clause
    return bool(pos & sh or neg & ~sh)


@pytest.mark.parametrize("rows, cols", BOARDS)
def test_every_clause_keeps_every_solution_and_cuts_its_model(rows, cols):
    g = Grid(rows, cols)
    f = Formula()
    s = Shading(f, g)
    bit = {x: 1 << i for i, x in enumerate(s.var.values())}
    mask = lambda sh: sum(bit[s.var[c]] for c in sh)  # noqa: E731
    shadings = apart_shadings(g)
    good = [sh for sh in shadings if white_connected(g, sh)]
    bad = [sh for sh in shadings if not white_connected(g, sh)]
    assert good and (bad or rows * cols < 5)
    good_masks = [mask(sh) for sh in good]
    clauses = {masks(clause, bit) for clause in enclosures(s)}
    for sh in bad:
        model = Model(f, [s.var[c] for c in sh])
        for finder in (ring_cuts, walled_in_cuts):
            cuts = finder(s, model)
            assert cuts, (finder.__name__, sorted(sh))
            for clause in cuts:
                assert not holds(masks(clause, bit), mask(sh)), (finder.__name__, sorted(sh))
                clauses.add(masks(clause, bit))
    for clause in clauses:  # every clause, once
        assert all(holds(clause, m) for m in good_masks), clause
    for sh in good:
        model = Model(f, [s.var[c] for c in sh])
        assert ring_cuts(s, model) == walled_in_cuts(s, model) == []


def test_ring_cuts_leave_out_ring_cells_that_face_only_their_area():
    """5 x 5, a shaded diagonal from r1c5 to r5c1 and a shaded r2c2 inside
    the top-left area: both areas get the diagonal as their cut (one
    clause); r2c2, whose neighbours are all in the top-left area, is not in
    it (walled_in_cuts, over the whole ring, has it)."""
    f = Formula()
    s = Shading(f, Grid(5, 5))
    diagonal = [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]
    model = Model(f, [s.var[c] for c in [*diagonal, (1, 1)]])
    assert ring_cuts(s, model) == [[-s.var[c] for c in sorted(diagonal)]]


@pytest.mark.parametrize("rows, cols", [(1, 5), (2, 3), (3, 3), (3, 4)])
@pytest.mark.parametrize("shaded", [True, False])
def test_pockets_keep_every_shading_whose_colour_is_connected_and_three_cells(rows, cols, shaded):
    g = Grid(rows, cols)
    f = Formula()
    s = Shading(f, g)
    board = nx.grid_2d_graph(rows, cols)
    bit = {x: 1 << i for i, x in enumerate(s.var.values())}
    clauses = {masks(clause, bit) for clause in pockets(s, shaded)}
    kept = 0
    for m in range(1 << len(g.cells)):
        sh = {c for i, c in enumerate(g.cells) if m >> i & 1}
        colour = sh if shaded else set(g.cells) - sh
        if len(colour) >= 3 and nx.is_connected(board.subgraph(colour)):
            kept += 1
            assert all(holds(clause, m) for clause in clauses), sorted(sh)
    assert kept


@pytest.mark.parametrize("rows, cols", [(1, 5), (2, 3), (3, 3), (2, 5)])
@pytest.mark.parametrize("shaded", [True, False])
def test_walled_in_cuts_of_either_colour_keep_every_connected_shading(rows, cols, shaded):
    """No rule beside the colour's connectivity: the cuts against every
    shading whose colour falls apart hold in every shading whose colour is
    connected (or absent), and cut their model."""
    g = Grid(rows, cols)
    f = Formula()
    s = Shading(f, g)
    board = nx.grid_2d_graph(rows, cols)
    bit = {x: 1 << i for i, x in enumerate(s.var.values())}
    good, clauses = [], set()
    for m in range(1 << len(g.cells)):
        sh = {c for i, c in enumerate(g.cells) if m >> i & 1}
        colour = sh if shaded else set(g.cells) - sh
        cuts = walled_in_cuts(s, Model(f, [s.var[c] for c in sh]), shaded)
        if not colour or nx.is_connected(board.subgraph(colour)):
            assert cuts == []
            good.append(m)
            continue
        assert cuts
        for clause in cuts:
            assert not holds(masks(clause, bit), m)
            clauses.add(masks(clause, bit))
    for clause in clauses:
        assert all(holds(clause, m) for m in good), clause


@pytest.mark.parametrize("rows, cols", [(1, 5), (2, 3), (3, 3)])
@pytest.mark.parametrize("shaded", [True, False])
def test_pockets_with_settled_cells_allow_what_the_full_pockets_allow(rows, cols, shaded):
    """Cells settled to the other colour (Nurikabe's numbers): the shorter
    clauses allow exactly the shadings the full ones allow among those that
    give the settled cells the other colour, for every pair of settled cells."""
    g = Grid(rows, cols)
    s = Shading(Formula(), g)
    bit = {x: 1 << i for i, x in enumerate(s.var.values())}
    full = {masks(clause, bit) for clause in pockets(s, shaded)}
    for i, a in enumerate(g.cells):
        for b in g.cells[i:]:
            settled = {a, b}
            short = {masks(clause, bit) for clause in pockets(s, shaded, settled)}
            assert len(short) < len(full)
            other = sum(bit[s.var[c]] for c in settled)
            for m in range(1 << len(g.cells)):
                if m & other == (0 if shaded else other):  # the settled cells of the other colour
                    assert all(holds(c, m) for c in short) == all(holds(c, m) for c in full)

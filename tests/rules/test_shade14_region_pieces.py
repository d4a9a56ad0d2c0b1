"""Regions that each hold one shape (rules/region_pieces.py), the forms
added for issue 22: placements found for every region at once, the two
per-region forms of "exactly one placement, and its cells are the region's
true cells", and borders without link variables where a pair of regions
meets around one cell. Each against a direct enumeration."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.placements import pieces, placements, region_origins
from satlink.rules.region_pieces import (RegionsConnected, one_per_region,
                                         edges_between_regions)
from satlink.rules.shapes import DOMINO, free_polyominoes, normalise
from tests.rules.enumerate import solutions
from tests.rules.test_placements import components, region_maps, shadings

#: Connected shapes of one to four cells, and two that are not connected.
SHAPES = [s for k in (1, 2, 3, 4) for s in free_polyominoes(k)] + [
    ((0, 0), (1, 1)), ((0, 0), (0, 2), (1, 1))]


@st.composite
def labelled_regions(draw):
    """A board, disjoint regions (not necessarily connected; some cells in
    none) and maybe a set of allowed cells."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    grid = Grid(rows, cols)
    n = draw(st.integers(1, 4))
    label = {c: draw(st.integers(0, n)) for c in grid.cells}  # n: in no region
    regions = [[c for c in grid.cells if label[c] == i] for i in range(n)]
    allowed = draw(st.none() | st.sets(st.sampled_from(grid.cells)))
    return grid, regions, allowed


@settings(max_examples=300, deadline=None)
@given(case=labelled_regions(), shapes=st.lists(st.sampled_from(SHAPES), min_size=1, max_size=4,
                                                unique=True),
       rotate=st.booleans(), reflect=st.booleans())
def test_region_origins_are_placements_region_by_region(case, shapes, rotate, reflect):
    """The same placements, in the same order, as `placements` with each
    region's (allowed) cells, connected pieces or not."""
    grid, regions, allowed = case
    ps = pieces(dict(enumerate(shapes)), rotate=rotate, reflect=reflect)
    want = [placements(grid, ps, allowed=set(r) if allowed is None else set(r) & allowed)
            for r in regions]
    got = region_origins(grid, regions, ps, allowed)
    assert [[(piece, (r, c)) for piece, r, c in q] for q in got] == \
        [[(p.piece, p.origin) for p in q] for q in want]


def region_models(grid, regions, shapes):
    """The shadings whose true cells in each region are one fixed shape of
    ``shapes`` (any orientation), by enumeration."""
    forms = {normalise(p.shape) for p in pieces(dict(enumerate(shapes)))}
    return {frozenset(sh) for sh in shadings(grid.cells)
            if not sh - {c for r in regions for c in r}
            and all(tuple(normalise([c for c in r if c in sh])) in forms
                    if any(c in sh for c in r) else False for r in regions)}


def test_both_region_forms_against_enumeration():
    """A 4-cell region and a 2-cell one take the fixed-cells form, a
    10-cell region with 13 domino placements the sequential counter (the
    chooser compares clause counts); the models are the shadings with one
    domino per region."""
    grid = Grid(4, 4)
    regions = [[(0, 0), (0, 1), (1, 0), (1, 1)], [(0, 2), (0, 3)],
               sorted(set(grid.cells) - {(0, 0), (0, 1), (1, 0), (1, 1), (0, 2), (0, 3)})]
    f = Formula()
    x = {c: f.var("x", *c) for c in grid.cells}
    cover = one_per_region(f, grid, regions, pieces({"d": DOMINO}), x)
    assert [len(q) for q in cover.groups] == [4, 1, 13]
    assert any(len(c) > 2 for c in f.clauses)         # a cell's covers: the counter form
    assert len(f.pool.obj2id) < f.num_vars           # its auxiliaries
    xs = [x[c] for c in grid.cells]
    want = {frozenset(x[c] for c in sh) for sh in region_models(grid, regions, [DOMINO])}
    assert solutions(f, xs) == want
    assert len(solutions(f, xs + list(cover.var.values()))) == len(want)


@settings(max_examples=80, deadline=None)
@given(board=st.sampled_from([(2, 3), (3, 3), (2, 4), (3, 4), (4, 3)]), data=st.data(),
       shapes=st.lists(st.sampled_from(SHAPES[:6]), min_size=1, max_size=2, unique=True),
       lazy=st.booleans())
def test_one_per_region_and_connected_against_enumeration(board, data, shapes, lazy):
    """Random connected regions: one shape per region (whichever form each
    region takes), and with RegionsConnected (link-free borders where a pair
    meets around one cell) the true cells connected."""
    grid = Grid(*board)
    regions = data.draw(region_maps(grid))
    f = Formula()
    x = {c: f.var("x", *c) for c in grid.cells}
    one_per_region(f, grid, regions, pieces(dict(enumerate(shapes))), x)
    xs = [x[c] for c in grid.cells]
    base = region_models(grid, regions, shapes)
    assert solutions(f, xs) == {frozenset(x[c] for c in sh) for sh in base}
    rule = RegionsConnected(f, grid, regions, x, lazy=lazy)
    want = {frozenset(x[c] for c in sh) for sh in base if len(components(sh, False)) == 1}
    assert solutions(f, xs, cuts=rule.cuts) == want


def test_border_around_one_cell_has_no_links():
    """Two regions meeting along three edges around one cell: the border
    is stated without link variables, and it is true exactly when two
    cells across it are."""
    grid = Grid(3, 3)
    hub = [(1, 1)]
    ring = [c for c in grid.cells if c != (1, 1)]
    edges = edges_between_regions(grid, [hub, ring])
    assert len(edges) == 4
    # the ring holds the hub's four neighbours: a star of four edges
    f = Formula()
    x = {c: f.var("x", *c) for c in grid.cells}
    rule = RegionsConnected(f, grid, [hub, ring], x)  # lazy: no clause beyond the border
    assert not any(f.key(v)[0] == "shaded.link" for v in range(1, f.num_vars + 1)
                   if f.key(v))
    y = rule.borders[0, 1]
    for bits in itertools.product((0, 1), repeat=9):
        shaded = {c for c, b in zip(grid.cells, bits) if b}
        across = any((1, 1) in shaded and o in shaded for o in ((0, 1), (1, 0), (1, 2), (2, 1)))
        units = [[x[c] if c in shaded else -x[c]] for c in grid.cells]
        g = Formula()
        g.pool, g.clauses = f.pool, [*f.clauses, *units]
        assert solutions(g, [y]) == ({frozenset([y])} if across else {frozenset()})

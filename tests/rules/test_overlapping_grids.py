"""satlink.rules.overlapping_grids: the cells and units of several grids
that share cells, checked against the grids written out cell by cell."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.rules.overlapping_grids import OverlappingGrids, origins_of, shared_grids


def written_out(origins, bw, bh):
    """Each grid's rows, columns and boxes as sets of cells, from scratch."""
    n = bw * bh
    out = []
    for r0, c0 in origins:
        grid = []
        grid += [{(r0 + r, c0 + c) for c in range(n)} for r in range(n)]
        grid += [{(r0 + r, c0 + c) for r in range(n)} for c in range(n)]
        grid += [{(r0 + br + r, c0 + bc + c) for r in range(bh) for c in range(bw)}
                 for br in range(0, n, bh) for bc in range(0, n, bw)]
        out.append(grid)
    return out


layouts = st.tuples(st.sampled_from([(2, 1), (2, 2), (3, 1), (1, 2)]),
                    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)),
                             min_size=1, max_size=4, unique=True))


@settings(max_examples=60, deadline=None)
@given(layouts)
def test_units_are_every_grids_units_once(layout):
    (bw, bh), boxes = layout
    g = OverlappingGrids.from_boxes(boxes, (bw, bh))
    grids = written_out(g.origins, bw, bh)
    want = {frozenset(u) for grid in grids for u in grid}
    units = [frozenset(u) for u in g.units().units]
    assert set(units) == want and len(units) == len(want)  # each once
    cells = set().union(*(u for grid in grids for u in grid))
    assert set(g.cells()) == cells and list(g.cells()) == sorted(cells)
    assert (g.rows, g.cols) == (max(r for r, _ in g.origins) + bw * bh,
                                max(c for _, c in g.origins) + bw * bh)
    assert all(g.inside(c) == (c in cells) for c in
               ((r, c) for r in range(g.rows + 1) for c in range(g.cols + 1)))
    # the named units: every grid's, in its own order (a shared unit under both names)
    named = g.named_units()
    assert {frozenset(u) for _, u in named} == want
    assert len({name for name, _ in named}) == len(named)


def test_a_shared_box_is_one_unit():
    assert len(shared_grids(origins_of([(0, 0), (1, 1)], (2, 2)), 4, (2, 2))) == 23
    g = OverlappingGrids.from_boxes([(0, 0), (2, 2)], (3, 3))    # a Samurai corner
    assert len(g.units().units) == 2 * 27 - 1 and len(g.cells()) == 2 * 81 - 9


def test_an_extra_grid_adds_its_units_but_not_the_ones_there_already():
    # two 2 x 2 grids (boxes 2 x 1) side by side; the extra grid takes the
    # first grid's top row and the second's bottom row: its rows are units
    # of the two grids already (its columns and boxes are new)
    extra = (((0, 0), (0, 1)), ((1, 2), (1, 3)))
    g = OverlappingGrids.from_boxes([(0, 0), (0, 1)], (2, 1), extra)
    plain = OverlappingGrids.from_boxes([(0, 0), (0, 1)], (2, 1))
    new = {frozenset(u) for u in g.units().units} - {frozenset(u) for u in plain.units().units}
    assert new == {frozenset({(0, 0), (1, 2)}), frozenset({(0, 1), (1, 3)})}
    assert [name for name, _ in g.named_units()][-6:] == [
        "row 1 of grid 3", "row 2 of grid 3", "column 1 of grid 3", "column 2 of grid 3",
        "box 1 of grid 3", "box 2 of grid 3"]


def test_a_filled_board_is_checked_from_its_values():
    g = OverlappingGrids(((0, 0), (1, 1)), (2, 1))     # 2 x 2 grids, one cell shared
    sol = ((1, 2, None), (2, 1, 2), (None, 2, 1))
    assert g.off_board(sol) == [] and g.broken(sol) == []
    assert g.place([1, 2, 2, 1, 2, 2, 1]) == sol
    bad = ((1, 2, 5), (2, 2, 2), (None, 2, 1))
    assert g.off_board(bad) == ["r1c3 is off the board but holds 5"]
    assert "row 2 of grid 1 holds 2 twice" in g.broken(bad)
    assert "column 1 of grid 2 holds 2 twice" in g.broken(bad)
    assert g.box_of((1, 1)) == (1, 0) and g.box_of((0, 2)) is None

"""Runs (satlink/rules/runs.py) against brute force over every shading of
small boards, some cells left out of the shading."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import runs
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading
from tests.rules.enumerate import solutions


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    grid = Grid(rows, cols)
    cells = [c for c in grid.cells if draw(st.integers(0, 5))]  # about one in six left out
    return grid, cells or [(0, 0)]


def runs_of(grid, cells, coloured):
    """Every maximal straight run of ``coloured`` cells (of ``cells``)."""
    out = []
    for line in grid.rows_of_cells() + grid.cols_of_cells():
        for inside, group in itertools.groupby(line, key=lambda c: c in cells and c in coloured):
            if inside:
                out.append(list(group))
    return out


def models(s, cells):
    return {frozenset(c for c in cells if s.var[c] in m) for m in
            solutions(s.f, [s.var[c] for c in cells])}


def every_shading(cells):
    for bits in itertools.product((0, 1), repeat=len(cells)):
        yield frozenset(c for c, b in zip(cells, bits) if b)


@settings(max_examples=60, deadline=None)
@given(board=boards(), most=st.integers(1, 3), shaded=st.booleans())
def test_at_most(board, most, shaded):
    grid, cells = board
    s = Shading(Formula(), grid, cells)
    runs.at_most(s, most, shaded=shaded)
    want = set()
    for sh in every_shading(cells):
        coloured = sh if shaded else set(cells) - sh
        if all(len(run) <= most for run in runs_of(grid, cells, coloured)):
            want.add(sh)
    assert models(s, cells) == want


@settings(max_examples=60, deadline=None)
@given(board=boards(), borders=st.integers(1, 3), shaded=st.booleans(), data=st.data())
def test_across_rooms(board, borders, shaded, data):
    grid, cells = board
    names = {c: data.draw(st.integers(0, 2)) for c in grid.cells}  # rooms need not be connected
    s = Shading(Formula(), grid, cells)
    runs.across_rooms(s, names.get, borders, shaded=shaded)
    want = set()
    for sh in every_shading(cells):
        coloured = sh if shaded else set(cells) - sh
        if all(sum(names[a] != names[b] for a, b in zip(run, run[1:])) < borders
               for run in runs_of(grid, cells, coloured)):
            want.add(sh)
    assert models(s, cells) == want

"""What the numbers decide before encoding (Kuromasu's cells, Doors' doors),
against brute force on small boards: every fixed item has its value, and
every run its bounds, in every assignment that gives each number its
count (connectivity left out: a larger set, so a stronger check); None
only when no assignment does. Numbers are read off a hidden assignment
(so most boards have one) or drawn at random."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.rules.grid import STEPS, Grid
from satlink.rules.sight import DIRECTIONS
from satlink.rules.sight_narrowing import narrow_cells, narrow_doors


def run_length(rows, cols, cell, d, passes) -> int:
    """Steps from ``cell`` toward ``d`` while ``passes(a, b)``."""
    (r, c), (dr, dc), n = cell, STEPS[d], 0
    while 0 <= r + dr < rows and 0 <= c + dc < cols and passes((r, c), (r + dr, c + dc)):
        r, c, n = r + dr, c + dc, n + 1
    return n


def check(rows, cols, numbers, known, assignments, item_of, passes_of) -> None:
    """``assignments``: every open-item set giving each number its count."""
    if known is None:
        assert not assignments, "narrowing found a contradiction, brute force a solution"
        return
    for opened in assignments:
        passes = passes_of(opened)
        assert known.open <= opened
        assert not (known.closed & opened)
        for cell, k in numbers:
            for d in DIRECTIONS:
                lo, hi = known.bounds[cell][d]
                assert lo <= run_length(rows, cols, cell, d, passes) <= hi, (cell, d)
    assert all(x in item_of for x in known.open | known.closed)


def sees(rows, cols, cell, passes) -> int:
    return sum(run_length(rows, cols, cell, d, passes) for d in DIRECTIONS)


def read_numbers(data, rows, cols, spots, passes, at_random) -> list:
    """A number per spot: what it sees under ``passes``, or drawn at random."""
    return [(c, data.draw(st.integers(0, rows + cols - 2)) if at_random else
             sees(rows, cols, c, passes)) for c in spots]


def obeying(rows, cols, numbers, candidates, passes_of) -> list:
    """The candidate open-item sets that give each number its count."""
    return [x for x in candidates
            if all(sees(rows, cols, c, passes_of(x)) == k for c, k in numbers)]


@st.composite
def cell_board(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    cells = Grid(rows, cols).cells
    hidden = {c for c in cells if draw(st.integers(0, 3)) == 0}
    return rows, cols, cells, hidden, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(cell_board(), st.data())
def test_kuromasu_cells_match_brute_force(board, data):
    rows, cols, cells, hidden, at_random = board
    def passes_of(white):
        return lambda a, b: b in white
    white0 = set(cells) - hidden
    spots = [c for c in cells if c in white0 and data.draw(st.integers(0, 2)) == 0]
    numbers = read_numbers(data, rows, cols, spots, passes_of(white0), at_random)
    candidates = []
    for bits in itertools.product((0, 1), repeat=len(cells)):
        shaded = {c for c, b in zip(cells, bits) if b}
        if any(c in shaded for c in spots):
            continue
        if any((r + 1, c) in shaded or (r, c + 1) in shaded for r, c in shaded):
            continue
        candidates.append(set(cells) - shaded)
    assignments = obeying(rows, cols, numbers, candidates, passes_of)
    known = narrow_cells(rows, cols, numbers, opened=spots, no_touch=True)
    check(rows, cols, numbers, known, assignments, set(cells), passes_of)


@st.composite
def door_board(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    doors = Grid(rows, cols).cell_edges()
    hidden = {e for e in doors if draw(st.integers(0, 2))}
    return rows, cols, doors, hidden, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(door_board(), st.data())
def test_doors_match_brute_force(board, data):
    rows, cols, doors, hidden, at_random = board
    def passes_of(opened):
        return lambda a, b: (min(a, b), max(a, b)) in opened
    spots = [c for c in Grid(rows, cols).cells if data.draw(st.integers(0, 1))]
    numbers = read_numbers(data, rows, cols, spots, passes_of(hidden), at_random)
    candidates = [{e for e, b in zip(doors, bits) if b}
                  for bits in itertools.product((0, 1), repeat=len(doors))]
    assignments = obeying(rows, cols, numbers, candidates, passes_of)
    known = narrow_doors(rows, cols, numbers)
    check(rows, cols, numbers, known, assignments, set(doors), passes_of)


def test_a_row_of_numbers_is_decided():
    """1 x 5 Kuromasu, 2 . . . 2 (each sees one other cell): the ends' runs
    are one, so the middle cell is shaded and its neighbours white."""
    known = narrow_cells(1, 5, [((0, 0), 1), ((0, 4), 1)], opened=[(0, 0), (0, 4)],
                         no_touch=True)
    assert known.open == {(0, 0), (0, 1), (0, 3), (0, 4)} and known.closed == {(0, 2)}
    assert known.bounds[(0, 0)]["e"] == (1, 1) and known.bounds[(0, 4)]["w"] == (1, 1)
    assert known.decided((0, 0)) and known.decided((0, 4))


def test_contradiction_is_none():
    """Two neighbours in a 1 x 2 row that each see nothing: they see each other."""
    assert narrow_cells(1, 2, [((0, 0), 0), ((0, 1), 0)], opened=[(0, 0), (0, 1)]) is None
    assert narrow_doors(1, 2, [((0, 0), 0), ((0, 1), 1)]) is None

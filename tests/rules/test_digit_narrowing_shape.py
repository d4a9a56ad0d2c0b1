"""The shape structures that narrowing reads, against their definitions:
``Units.overlaps`` / ``widest`` against a pairwise reading of the units,
the digit lists of masks above 9 against ``set_bits``, a grid's
:func:`grid_shape` against ``Units`` of :func:`grid_units`, and narrowing
of 16 x 16 boards (digits above 9) against a known solution."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.bitmask import set_bits
from satlink.rules.cell_units import Units
from satlink.rules.digit_lists import DigitLists
from satlink.rules.digit_narrowing import narrow
from satlink.rules.latin import Latin, grid_shape, grid_units


def pairwise_overlaps(units: list[list[int]], cells: list[int]):
    """For each unit k: (k outside w, w outside k) for each other unit w
    sharing two cells or more with k and having a cell outside it; and the
    most cells k shares with one of them."""
    pos = {c: i for i, c in enumerate(cells)}
    masks = [sum(1 << pos[c] for c in set(u)) for u in units]
    out, widest = [], []
    for k, b in enumerate(masks):
        out.append(sorted((b & ~w, w & ~b) for j, w in enumerate(masks)
                          if j != k and (b & w).bit_count() >= 2 and w & ~b))
        widest.append(max(((b & w).bit_count() for j, w in enumerate(masks)
                           if j != k and (b & w).bit_count() >= 2 and w & ~b), default=0))
    return out, widest


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True),
                         min_size=1, max_size=8))))
def test_overlaps_are_the_pairs_of_units_sharing_two_cells(case):
    n, units = case
    shape = Units(range(n), units)
    want, widest = pairwise_overlaps(units, list(range(n)))
    assert [sorted(p) for p in shape.overlaps()] == want  # each such other unit once
    assert list(shape.widest()) == widest


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 26) - 1))
def test_digit_lists_above_nine_are_the_set_bits(m):
    assert list(DigitLists()[m]) == set_bits(m)


@pytest.mark.parametrize("rows,box,origin", [
    (16, (4, 4), (1, 1)), (9, (3, 3), (0, 0)), (6, (3, 2), (1, 1)), (6, (2, 3), (4, 2)),
    (12, (4, 3), (1, 1)), (1, (1, 1), (0, 0)), (25, (5, 5), (1, 1))])
def test_grid_shape_is_units_of_grid_units(rows, box, origin):
    r0, c0 = origin
    fast = grid_shape(rows, rows, box, origin)
    cells = [(r0 + r, c0 + c) for r in range(rows) for c in range(rows)]
    slow = Units(cells, grid_units(rows, rows, box, origin=origin))
    for name in ("cells", "units", "index", "unit_ix", "units_of", "bits"):
        assert getattr(fast, name) == getattr(slow, name), name
    assert fast.overlaps() == slow.overlaps() and fast.widest() == slow.widest()


def solved_16(rng: random.Random) -> list[list[int]]:
    """A 16 x 16 Sudoku solution with 4 x 4 boxes, digits and bands shuffled."""
    base = [[(4 * (r % 4) + r // 4 + c) % 16 + 1 for c in range(16)] for r in range(16)]
    relabel = list(range(1, 17))
    rng.shuffle(relabel)
    bands = list(range(4))
    rng.shuffle(bands)
    rows = [base[4 * b + i] for b in bands for i in range(4)]
    return [[relabel[v - 1] for v in row] for row in rows]


@pytest.mark.parametrize("seed", range(6))
def test_narrowing_16x16_keeps_the_solution(seed):
    rng = random.Random(seed)
    sol = solved_16(rng)
    cells = [(r, c) for r in range(16) for c in range(16)]
    kept = rng.sample(cells, rng.choice([90, 120, 160]))
    domains = {c: set(range(1, 17)) for c in cells}
    for r, c in kept:
        domains[(r, c)] = {sol[r][c]}
    assert narrow(domains, grid_units(16, 16, (4, 4)), 16)
    assert all(sol[r][c] in domains[(r, c)] for r, c in cells)
    assert sum(len(d) == 1 for d in domains.values()) >= len(kept)
    # a given that contradicts the solution's row is found
    r, c = kept[0]
    other = next(d for d in range(1, 17) if d != sol[r][c] and (r, sol[r].index(d)) in kept)
    domains = {c: set(range(1, 17)) for c in cells}
    for rc in kept:
        domains[rc] = {sol[rc[0]][rc[1]]}
    domains[(r, c)] = {other}
    assert not narrow(domains, grid_units(16, 16, (4, 4)), 16)


@pytest.mark.parametrize("seed", range(4))
def test_latin_on_grid_shape_is_latin_on_grid_units(seed):
    rng = random.Random(seed)
    sol = solved_16(rng)
    cells = [(r, c) for r in range(1, 17) for c in range(1, 17)]
    givens = {(r, c): sol[r - 1][c - 1] for r, c in rng.sample(cells, 70)}
    a, b = Formula(), Formula()
    sa = Latin(a, cells, grid_shape(16, 16, (4, 4), (1, 1)), range(1, 17), givens)
    sb = Latin(b, cells, grid_units(16, 16, (4, 4), origin=(1, 1)), range(1, 17), givens)
    assert sa.fixed == sb.fixed and a.to_dimacs() == b.to_dimacs()

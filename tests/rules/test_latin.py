"""satlink.rules.latin against brute force: on small boards (4 x 4 with
2 x 2 boxes, jigsaw 4 x 4 and 5 x 5, 4 x 4 with diagonals, two 4 x 4 grids
that share a box) the solutions of the encoding, given directly (narrowed
first) or behind selectors, are exactly the grids a plain backtracking
filler finds, which knows nothing of the encoding."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.digit_narrowing import narrow
from satlink.rules.latin import Latin, diagonals, grid_units
from tests.rules.enumerate import solutions


def fill(cells, units, digits, givens, limit=10_000):
    """Every assignment of ``digits`` to ``cells`` with the givens in which
    no unit holds a digit twice and every unit of len(digits) cells holds
    them all (which follows), by backtracking in cell order."""
    unit_of = {c: [u for u in units if c in u] for c in cells}
    grid, out = dict(givens), []
    for u in units:
        vals = [givens[c] for c in u if c in givens]
        if len(vals) != len(set(vals)):
            return []
    order = [c for c in cells if c not in givens]

    def go(i):
        if len(out) >= limit:
            return
        if i == len(order):
            out.append(dict(grid))
            return
        c = order[i]
        for v in digits:
            if all(grid.get(o) != v for u in unit_of[c] for o in u if o != c):
                grid[c] = v
                go(i + 1)
                del grid[c]

    go(0)
    return out


def encoded(cells, units, digits, givens, selectors=False, cell_amo=True, hidden=1):
    """The grids of the encoding's models (cell -> digit)."""
    f = Formula()
    sq = Latin(f, cells, units, digits, givens, selectors=selectors, cell_at_most_one=cell_amo,
               hidden=hidden)
    assume = [sq.selector(c, v) for c, v in givens.items()] if selectors else []
    if selectors and any(a is None for a in assume):
        return []
    var_of = {x: (c, v) for c in sq.numbers.cells for v, x in sq.numbers.var[c].items()}
    out = []
    for got in solutions(f, sq.numbers.answer(), assumptions=assume):
        grid = dict(sq.fixed)
        grid.update(var_of[x] for x in got)
        out.append(grid)
    return out


def key(grids):
    return sorted(tuple(sorted(g.items())) for g in grids)


def check(cells, units, digits, givens):
    want = key(fill(cells, units, digits, givens))
    assert len(want) < 10_000
    assert key(encoded(cells, units, digits, givens)) == want
    assert key(encoded(cells, units, digits, givens, selectors=True)) == want
    assert key(encoded(cells, units, digits, givens, cell_amo=False)) == want
    assert key(encoded(cells, units, digits, givens, cell_amo=False, hidden=3)) == want
    return len(want)


def jigsaw(n: int, rng: random.Random):
    """n connected regions of n cells over an n x n board, grown at random
    (retried until every region reaches n cells)."""
    while True:
        owner = {}
        seeds = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
        for k, s in enumerate(seeds):
            owner[s] = k
        sizes = [1] * n
        stuck = False
        while len(owner) < n * n and not stuck:
            grew = False
            for k in rng.sample(range(n), n):
                if sizes[k] == n:
                    continue
                edge = [(r + dr, c + dc) for (r, c), o in owner.items() if o == k
                        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in owner]
                if edge:
                    owner[rng.choice(edge)] = k
                    sizes[k] += 1
                    grew = True
            stuck = not grew
        if len(owner) == n * n:
            return [[c for c, o in sorted(owner.items()) if o == k] for k in range(n)]


BOX4 = grid_units(4, 4, box=(2, 2))
CELLS4 = [(r, c) for r in range(4) for c in range(4)]
FULL4 = fill(CELLS4, BOX4, range(1, 5), {})


def test_4x4_sudoku_grids_are_288():
    assert len(FULL4) == 288
    assert check(CELLS4, BOX4, range(1, 5), {}) == 288


def _puzzle(rng, cells, full, digits, count, noise):
    base = rng.choice(full) if full else {}
    g = {c: base[c] for c in rng.sample(sorted(base), min(count, len(base)))}
    for c in rng.sample(cells, noise):
        g[c] = rng.choice(list(digits))
    return g


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), count=st.integers(0, 8), noise=st.integers(0, 1))
def test_4x4_boxes(seed, count, noise):
    rng = random.Random(seed)
    check(CELLS4, BOX4, range(1, 5), _puzzle(rng, CELLS4, FULL4, range(1, 5), count, noise))


@pytest.mark.parametrize("units", [
    lambda rng: BOX4 + diagonals(4),                        # Sudoku X
    lambda rng: grid_units(4, 4, regions=jigsaw(4, rng)),   # jigsaw
], ids=["diagonals", "jigsaw"])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), count=st.integers(0, 7), noise=st.integers(0, 1))
def test_4x4_other_units(units, seed, count, noise):
    rng = random.Random(seed)
    units = units(rng)
    full = fill(CELLS4, units, range(1, 5), {})
    check(CELLS4, units, range(1, 5), _puzzle(rng, CELLS4, full, range(1, 5), count, noise))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), count=st.integers(6, 14), noise=st.integers(0, 1))
def test_jigsaw_5x5(seed, count, noise):
    rng = random.Random(seed)
    cells = [(r, c) for r in range(5) for c in range(5)]
    units = grid_units(5, 5, regions=jigsaw(5, rng))
    full = fill(cells, units, range(1, 6), {}, limit=200)
    check(cells, units, range(1, 6), _puzzle(rng, cells, full, range(1, 6), count, noise))


#: Two 4 x 4 grids (2 x 2 boxes) sharing one box: the second's top left box
#: is the first's bottom right one.
DOUBLE_UNITS = grid_units(4, 4, box=(2, 2)) + grid_units(4, 4, box=(2, 2), origin=(2, 2))
DOUBLE_CELLS = sorted({c for u in DOUBLE_UNITS for c in u})


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), count=st.integers(4, 12), noise=st.integers(0, 1))
def test_two_grids_sharing_a_box(seed, count, noise):
    rng = random.Random(seed)
    full = fill(DOUBLE_CELLS, DOUBLE_UNITS, range(1, 5), {}, limit=500)
    check(DOUBLE_CELLS, DOUBLE_UNITS, range(1, 5),
          _puzzle(rng, DOUBLE_CELLS, full, range(1, 5), count, noise))


def test_two_grids_sharing_a_box_count():
    """Each filling of the shared box extends to 288 / 24 = 12 grids on
    either side: 24 * 12 * 12."""
    assert len(fill(DOUBLE_CELLS, DOUBLE_UNITS, range(1, 5), {}, limit=10**5)) == 24 * 12 * 12
    assert check(DOUBLE_CELLS, DOUBLE_UNITS, range(1, 5), {(0, 0): 1, (0, 1): 2, (1, 0): 3,
                                                          (2, 2): 1, (2, 3): 2}) > 1


@pytest.mark.parametrize("givens", [{}, {(0, 0): 1}, {(0, 0): 1, (1, 2): 4}])
def test_cells_in_no_full_unit_keep_their_at_most_one(givens):
    """Rows of 3 and columns of 2 over digits 1..4 (no full unit, as in a
    Kakuro): without the cells' at-most-one where a full unit implies it,
    these cells still hold one digit each."""
    cells = [(r, c) for r in range(2) for c in range(3)]
    units = grid_units(2, 3)
    check(cells, units, range(1, 5), givens)


def test_narrow_finds_hidden_and_naked_singles():
    # row 0 of a 4x4: 1 2 3 given, the fourth cell is 4 (naked single); in
    # column 0 digit 4 then fits (3, 0) only among the cells left.
    dom = {c: {1, 2, 3, 4} for c in CELLS4}
    dom[(0, 0)], dom[(0, 1)], dom[(0, 2)] = {1}, {2}, {3}
    assert narrow(dom, BOX4, 4)
    assert dom[(0, 3)] == {4}
    assert all(4 not in dom[(r, 3)] for r in (1, 2, 3))


def test_narrow_finds_locked_candidates():
    # 1 cannot stand in the lower row of the top left box, so the box's 1 is
    # in row 0 there: it leaves (0, 2) and (0, 3), and nothing else changes
    # (no single follows).
    dom = {c: {1, 2, 3, 4} for c in CELLS4}
    dom[(1, 0)], dom[(1, 1)] = {2, 3, 4}, {2, 3, 4}
    assert narrow(dom, BOX4, 4)
    assert dom[(0, 2)] == dom[(0, 3)] == {2, 3, 4}
    assert dom[(0, 0)] == dom[(0, 1)] == dom[(2, 2)] == {1, 2, 3, 4}


def test_narrow_finds_hidden_pairs_when_asked():
    # 3 and 4 fit only (0, 2) and (0, 3) in row 0, so 1 and 2 of the row have
    # (0, 0) and (0, 1) alone: a hidden pair, which leaves those cells 1 and 2
    # (and then, locked in the top left box, out of the top right box's lower row)
    for hidden, want in ((1, {1, 2, 3, 4}), (2, {1, 2})):
        dom = {c: {1, 2, 3, 4} for c in CELLS4}
        dom[(0, 2)], dom[(0, 3)] = {3, 4}, {3, 4}
        assert narrow(dom, BOX4, 4, hidden=hidden)
        assert dom[(0, 0)] == dom[(0, 1)] == dom[(1, 2)] == want


def test_narrow_finds_a_hidden_triple_without_places():
    # a unit of 5 cells whose last three hold 4 or 5: 1, 2 and 3 have two
    # cells between them, which no single or locked digit shows
    dom = {c: {1, 2, 3, 4, 5} for c in "ab"} | {c: {4, 5} for c in "cde"}
    assert narrow(dict(dom), ["abcde"], 5)
    assert not narrow(dict(dom), ["abcde"], 5, hidden=3)


def test_narrow_reports_a_contradiction():
    dom = {c: {1, 2, 3, 4} for c in CELLS4}
    dom[(0, 0)], dom[(1, 1)] = {1}, {1}          # one box, digit 1 twice
    assert not narrow(dom, BOX4, 4)


def test_filters_narrow_and_decided_cells_get_no_variables():
    """A filter that keeps 1 out of row 0 but cell (0, 0) decides (0, 0)
    (which then has no variables); the models are the grids with it."""
    f = Formula()

    def only_first(doms):
        return [d if i == 0 else d & ~(1 << 1) for i, d in enumerate(doms)]

    sq = Latin(f, CELLS4, BOX4, range(1, 5), givens={(2, 1): 2},
               filters=[([(0, c) for c in range(4)], only_first)])
    assert sq.fixed[(0, 0)] == 1 and (0, 0) not in sq.numbers.cells
    got = solutions(f, sq.numbers.answer())
    want = fill(CELLS4, BOX4, range(1, 5), {(2, 1): 2, (0, 0): 1})
    assert len(got) == len(want) == 12


def test_a_contradiction_is_the_empty_clause():
    f = Formula()
    sq = Latin(f, CELLS4, BOX4, range(1, 5), givens={(0, 0): 1, (0, 3): 1})
    assert sq.impossible and [] in f.clauses


def test_units_inside_a_full_unit_add_no_clause():
    f1, f2 = Formula(), Formula()
    Latin(f1, CELLS4, BOX4, range(1, 5))
    Latin(f2, CELLS4, BOX4 + [[(0, 0), (0, 1)], [(0, 0), (1, 0)]], range(1, 5))
    assert f1.clauses == f2.clauses

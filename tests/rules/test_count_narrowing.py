"""Count narrowing against brute force: a cell it decides has that value in
every shading the clues allow, what it leaves is what the clues still say,
and the open cells' counts (refused subsets or unary parts) are exact."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import count_narrowing as N
from tests.rules.enumerate import solutions


def shadings(cells: int, groups, needs) -> list[tuple[int, ...]]:
    """Every shading (a 0/1 per cell) whose groups hold their counts."""
    return [bits for bits in itertools.product((0, 1), repeat=cells)
            if all(sum(bits[p] for p in g) == k for g, k in zip(groups, needs))]


def all_pairs(groups):
    return lambda: [list(range(i + 1, len(groups))) for i in range(len(groups))]


def check(cells: int, groups, needs, partners) -> N.Narrowed:
    """Narrow, then compare with brute force: when some shading obeys the
    clues, every decided cell has its value in each of them, and each
    clue's need and open cells are what is left of it."""
    n = N.narrow(cells, groups, needs, partners)
    assert len(n.state) == cells and set(n.state) <= {N.OPEN, N.UNSHADED, N.SHADED}
    sols = shadings(cells, groups, needs)
    if sols:
        for p, s in enumerate(n.state):
            if s:
                assert {bits[p] for bits in sols} == {s == N.SHADED}, (p, groups, needs)
        for g, k, need, m in zip(groups, needs, n.need, n.open):
            assert m == sum(not n.state[p] for p in g)
            assert need == k - sum(n.state[p] == N.SHADED for p in g)
            assert 0 <= need <= m
    assert n.shaded() == [p for p, s in enumerate(n.state) if s == N.SHADED]
    return n


@st.composite
def neighbourhoods(draw):
    """A board of up to 12 cells, clues over Mosaic's 3 x 3 blocks or
    Minesweeper's eight neighbours (its own cell then a clue of 0), their
    counts read off a hidden shading (sometimes one changed: no solution)."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 12 // rows))
    own = draw(st.booleans())
    hidden = [draw(st.booleans()) for _ in range(rows * cols)]
    groups, needs = [], []
    for r, c in itertools.product(range(rows), range(cols)):
        if draw(st.integers(0, 2)):
            continue
        g = [y * cols + x for y in range(max(r - 1, 0), min(r + 2, rows))
             for x in range(max(c - 1, 0), min(c + 2, cols)) if own or (y, x) != (r, c)]
        if not own:
            hidden[r * cols + c] = False
            groups.append([r * cols + c])
            needs.append(0)
        groups.append(g)
        needs.append(None)
    needs = [sum(hidden[p] for p in g) if k is None else k for g, k in zip(groups, needs)]
    if needs and draw(st.integers(0, 9)) == 0:
        i = draw(st.integers(0, len(needs) - 1))
        needs[i] = draw(st.integers(0, len(groups[i])))
    return rows * cols, groups, needs


@settings(max_examples=150, deadline=None)
@given(neighbourhoods(), st.booleans())
def test_decided_cells_agree_with_every_solution(board, paired):
    cells, groups, needs = board
    check(cells, groups, needs, all_pairs(groups) if paired else None)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True),
             min_size=1, max_size=5),
    st.lists(st.integers(0, n), min_size=5, max_size=5))))
def test_any_groups_and_counts(board):
    """Groups of any shape, counts at random (often no solution)."""
    cells, groups, needs = board
    needs = [min(k, len(g)) for g, k in zip(groups, needs)]
    check(cells, groups, needs, all_pairs(groups))


def test_a_pair_decides_what_neither_does_alone():
    """Two 3 x 3 blocks side by side in 3 x 4 (cells r * 4 + c), a 6 and a 3:
    alone neither decides a cell; the six shared cells hold at most 3, so
    all three of the 6's own column are shaded, then the 3 needs nothing
    of its own column. Without pairs nothing is decided."""
    groups = [[r * 4 + c for r in range(3) for c in range(3)],
              [r * 4 + c for r in range(3) for c in range(1, 4)]]
    assert N.narrow(12, groups, [6, 3]).state == [N.OPEN] * 12
    n = check(12, groups, [6, 3], all_pairs(groups))
    assert [p for p, s in enumerate(n.state) if s] == [0, 3, 4, 7, 8, 11]
    assert n.shaded() == [0, 4, 8] and n.need == [3, 3] and n.open == [6, 6]


def test_a_pair_fixes_both_sides_own_cells():
    """A 1 over {0, 1, 2} and a 3 over {1, 2, 3, 4}: the shared {1, 2} hold
    at least 3 - 2 = 1 and at most 1, so the 1's own cell 0 is unshaded
    and the 3's own cells 3 and 4 are shaded; the shared ones stay open."""
    groups = [[0, 1, 2], [1, 2, 3, 4]]
    n = check(5, groups, [1, 3], all_pairs(groups))
    assert n.state == [N.UNSHADED, N.OPEN, N.OPEN, N.SHADED, N.SHADED]
    assert n.need == [1, 1] and n.open == [2, 2]


# -- counting the open cells ---------------------------------------------------------------
@pytest.mark.parametrize("sizes", [s for n in range(1, 4)
                                   for s in itertools.product(range(4), repeat=n) if sum(s)])
def test_count_open_is_exactly_k(sizes):
    """Every split of up to nine literals into up to three parts, every k
    strictly between 0 and the size (the narrowed clues' counts): the
    models projected on the literals are the assignments with k true,
    whichever clause set :func:`count_open` picks; a k outside 0 .. size
    has no model, and 0 or the size (decided) adds no clause."""
    total = sum(sizes)
    for k in range(-1, total + 2):
        f = Formula()
        parts = [[f.var("x", p, i) for i in range(m)] for p, m in enumerate(sizes)]
        xs = [x for p in parts for x in p]
        N.count_open(f, xs, k, range(len(parts)), parts.__getitem__, {})
        if k in (0, total):
            assert f.clauses == [], (sizes, k)
            continue
        want = {frozenset(on) for on in itertools.combinations(xs, k)} if k > 0 else set()
        assert solutions(f, xs) == want, (sizes, k)


def test_count_open_shares_the_parts():
    """Two crowded clues over three parts of three, two of them shared: the
    second adds unary counts for its new part only, and both are exact."""
    f = Formula()
    parts = {key: [f.var("x", key, i) for i in range(3)] for key in range(4)}
    shared: dict = {}
    N.count_open(f, [x for key in (0, 1, 2) for x in parts[key]], 4, (0, 1, 2),
                 parts.__getitem__, shared)
    assert sorted(shared) == [0, 1, 2]
    top = f.num_vars
    N.count_open(f, [x for key in (1, 2, 3) for x in parts[key]], 5, (1, 2, 3),
                 parts.__getitem__, shared)
    assert sorted(shared) == [0, 1, 2, 3] and f.num_vars == top + 3
    xs = [x for key in range(4) for x in parts[key]]
    left, right = set(xs[:9]), set(xs[3:])
    got = solutions(f, xs)
    assert got == {frozenset(on) for n in range(13) for on in itertools.combinations(xs, n)
                   if len(left & set(on)) == 4 and len(right & set(on)) == 5}

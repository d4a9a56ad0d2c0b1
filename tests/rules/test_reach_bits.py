"""rules/reach_bits.py (pair reaches as bit masks) against chosen_regions.reach
and a breadth-first search of dicts, and reach_ladder.ladder (cells numbered on
the board) against reach_within (cells numbered in their own order)."""
from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.chosen_regions import Candidate, reach
from satlink.rules.grid import Grid
from satlink.rules.reach_bits import BitBoard, indices, label_domains, pair_reach
from satlink.rules.reach_ladder import ladder, reach_within
from satlink.rules.regions import Regions

SIZES = [(1, 5), (2, 3), (3, 3), (3, 4), (4, 4), (2, 6), (5, 5)]


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from(SIZES))
    cells = Grid(rows, cols).cells
    numbers = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=7, unique=True))
    return Grid(rows, cols), numbers


def mask(board: BitBoard, cells) -> int:
    return sum(board.bit(*c) for c in cells)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.integers(0, 12))
def test_balls_are_moves_over_the_free_cells_the_others_reached_not_passed(case, most):
    grid, numbers = case
    board = BitBoard(grid.rows, grid.cols)
    free = set(grid.cells) - set(numbers)
    source = numbers[0]
    dist, order = {source: 0}, [source]  # the search of dicts, as the balls mean it
    for c in order:
        if c == source or c in free:
            for n in grid.neighbours(c):
                if n not in dist:
                    dist[n] = dist[c] + 1
                    order.append(n)
    balls = board.balls(board.bit(*source), mask(board, free), most)
    assert len(balls) == most + 1
    for t, ball in enumerate(balls):
        assert board.cells(ball) == sorted(c for c, d in dist.items() if d <= t)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_pair_reach_is_reach_over_the_free_cells_and_the_pair(case, data):
    # every pair of numbers, at a drawn size bound: the same cells and limits as
    # reach over the free cells and the pair's own two (None where it is empty)
    grid, numbers = case
    board = BitBoard(grid.rows, grid.cols)
    free = set(grid.cells) - set(numbers)
    for a, b in itertools.combinations(numbers, 2):
        top = data.draw(st.integers(0, grid.rows * grid.cols))
        extra = data.draw(st.integers(0, 3))  # balls searched farther than the pair needs
        balls = {x: board.balls(board.bit(*x), mask(board, free), top + extra) for x in (a, b)}
        got = pair_reach(balls[a], balls[b], board.bit(*a), board.bit(*b), mask(board, free), top)
        want = reach(grid, Candidate((a, b), 1, top + 1), free | {a, b})
        if got is None:
            assert want == {}
            continue
        dom, by_limit = got
        assert board.cells(dom) == sorted(want) and all(m for _, m in by_limit)
        assert [t for t, _ in by_limit] == sorted({t for t, _ in by_limit}, reverse=True)
        assert {c: t for t, m in by_limit for c in board.cells(m)} == want


def test_indices_are_the_bits_lowest_first():
    rng = random.Random(7)
    for _ in range(200):
        bits = sorted(rng.sample(range(120), rng.randint(0, 30)))
        assert indices(sum(1 << i for i in bits), 120) == bits


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SIZES), st.data())
def test_ladder_on_board_numbers_is_reach_within(size, data):
    # a random labelled set of cells in a random order, random limits: the same
    # clauses, in the same order, the same auxiliaries, rooted or not
    rows, cols = size
    grid = Grid(rows, cols)
    cells = data.draw(st.lists(st.sampled_from(grid.cells), min_size=1, unique=True))
    limits = {c: data.draw(st.integers(0, rows * cols)) for c in cells}
    rooted = data.draw(st.booleans())
    adj = Regions(Formula(), grid).adj
    f, g = Formula(), Formula()
    lab = {c: f.var("lab", *c) for c in cells}
    for c in cells:
        g.var("lab", *c)
    reach_within(f, adj, lab, cells[0], limits, rooted)
    near = [[r * cols + c for r, c in adj[cell]] for cell in grid.cells]
    ladder(g, near, [r * cols + c for r, c in cells], list(lab.values()),
           cells[0][0] * cols + cells[0][1], [limits[c] for c in cells], rooted)
    assert f.clauses == g.clauses and f.num_vars == g.num_vars


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_label_domains_are_the_pairs_reaches_by_first_anchor(case, data):
    # against reach, pair by pair: a pair kept where its reach holds `need` cells;
    # a label's cells numbered partner by partner in reading order, its limit the
    # largest of its pairs'
    grid, numbers = case
    free = set(grid.cells) - set(numbers)
    menu = [(a, b, data.draw(st.integers(0, 8)), data.draw(st.integers(0, 6)))
            for a, b in itertools.permutations(numbers, 2) if data.draw(st.booleans())]
    want: dict = {}
    for a, b, top, need in menu:
        dom = reach(grid, Candidate((a, b), 1, top + 1), free | {a, b})
        if dom and len(dom) >= need:
            want.setdefault(a, {})[b] = dom
    got = label_domains(grid.rows, grid.cols, numbers, menu)
    assert list(got) == list(want)
    number = {c: c[0] * grid.cols + c[1] for c in grid.cells}
    for a, by_partner in want.items():
        order, limits, partners = got[a]
        assert list(partners) == list(by_partner)
        for b, dom in by_partner.items():
            assert sorted(indices(partners[b], grid.rows * grid.cols)) == sorted(number[c] for c in dom)
        cells = []
        for dom in by_partner.values():
            cells += sorted(number[c] for c in dom if number[c] not in cells)
        assert order == cells
        assert limits == [max(dom[divmod(i, grid.cols)] for dom in by_partner.values()
                              if divmod(i, grid.cols) in dom) for i in order]

"""Koburin and Linesweeper with direct clues settle cells before encoding
(`rules.count_settle.settle`; encodings/yajilin.md and encodings/linesweeper.md,
"Settled cells"): what it fixes holds in every solution, and the settled
encodings find exactly the brute-force solutions on boards dense with zeros
and full counts."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.contract import Options
from satlink.formula import Formula
from satlink.puzzles import koburin as K
from satlink.puzzles import linesweeper as L
from satlink.rules.count_settle import settle as settle_counts
from satlink.rules.grid import Grid
from tests.puzzles import test_koburin, test_linesweeper


def test_a_zero_unshades_and_a_full_count_shades_with_its_neighbours_unshaded():
    g = Grid(3, 3)
    free = [c for c in g.cells if c != (0, 0)]
    assert settle(g, free, [([(0, 1), (1, 0)], 0)]) == {(0, 1): False, (1, 0): False}
    fixed = settle(g, free, [([(1, 1)], 1)])
    assert fixed == {(1, 1): True, (0, 1): False, (1, 0): False, (1, 2): False, (2, 1): False}


def test_settling_goes_on_from_what_is_fixed_and_reports_contradictions():
    g = Grid(1, 4)
    free = g.cells
    # (0, 1) unshaded leaves (0, 2) as the one cell of the second count
    assert settle(g, free, [([(0, 2), (0, 1)], 1), ([(0, 1)], 0)]) == {
        (0, 1): False, (0, 2): True, (0, 3): False}
    assert settle(g, free, [([(0, 1), (0, 2)], 2)]) is None  # two shaded cells touch
    assert settle(g, free, [([(0, 1)], 0), ([(0, 1)], 1)]) is None
    assert settle(g, free, [([(0, 1), (0, 2)], 1)]) is None  # nothing to fix


@st.composite
def koburin_boards(draw):
    rows, cols = draw(st.sampled_from([(3, 3), (3, 4), (4, 4)]))
    g = Grid(rows, cols)
    cells = draw(st.sets(st.sampled_from(g.cells), max_size=5))
    return K.Instance(rows, cols, tuple(
        K.Clue(c, draw(st.sampled_from([0, 0, len(g.neighbours(c)),
                                        *range(len(g.neighbours(c)) + 1)])))
        for c in cells))


def settle(g, free, counts):
    """The shaded-loop genres' settling: no two shaded free cells touch."""
    keep = set(free)
    return settle_counts(counts, lambda c: [n for n in g.neighbours(c) if n in keep])


def _solutions(genre, inst) -> set:
    return set(engine.search(genre, inst, limit=300).solutions)


@settings(max_examples=60, deadline=None, database=None)
@given(koburin_boards())
def test_koburin_settled_agrees_with_brute_force(inst):
    want = test_koburin.brute(inst)
    assert _solutions(K.GENRE, inst) == want
    shown = [([c for c in inst.grid.neighbours(k.cell) if c in set(inst.free)], k.count)
             for k in K.clues(inst)]
    fixed = settle(inst.grid, inst.free, shown) or {}
    for sol in want:  # what settle fixes holds in every solution
        assert all((c in sol.shaded) == v for c, v in fixed.items())


def test_settled_cells_have_no_shading_variable_and_no_loop_variable_when_shaded():
    inst = K.Instance(3, 3, (K.Clue((0, 0), 0), K.Clue((2, 2), 2)))
    f = Formula()
    enc = K.KoburinEncoding(inst, f, Options())
    assert enc.black == {(1, 2), (2, 1)}
    assert enc.shading.var == {}  # the rest unshaded: beside the 0 or a shaded cell
    assert (1, 2) not in enc.loop.on and (0, 1) in enc.loop.must
    assert engine.search(K.GENRE, inst, limit=2).verdict == "none"  # (0, 2) has one way on


# -- Linesweeper: numbers that see only loop cells (or none) settle them ------------------
@st.composite
def linesweeper_boards(draw):
    rows, cols = draw(st.sampled_from([(3, 3), (3, 4), (4, 4)]))
    g = Grid(rows, cols)
    cells = sorted(draw(st.sets(st.sampled_from(g.cells), max_size=4)))
    numbered = set(cells)
    out = []
    for c in cells:
        free = sum(1 for n in g.around(c) if n not in numbered)
        out.append((c, draw(st.sampled_from([0, free, free, *range(len(g.around(c)) + 1)]))))
    return L.Instance(rows, cols, tuple(out))


@settings(max_examples=80, deadline=None, database=None)
@given(linesweeper_boards())
def test_linesweeper_settled_agrees_with_brute_force(inst):
    want = test_linesweeper.oracle(inst)
    assert _solutions(L.GENRE, inst) == want
    keep = set(inst.free)
    fixed = settle_counts([([c for c in L.around(inst.rows, inst.cols, p) if c in keep], n)
                           for p, n in inst.numbers]) or {}
    for loop in want:  # what settle fixes holds in every solution
        on = {c for e in loop for c in e}
        assert all((c in on) == v for c, v in fixed.items())


def test_linesweeper_around_and_its_count_are_the_grids():
    for rows, cols in ((1, 1), (1, 4), (3, 1), (3, 5)):
        g = Grid(rows, cols)
        for c in g.cells:
            assert L.around(rows, cols, c) == g.around(c)
            k = len(g.around(c))
            assert L.number_problem(g, c, k) is None
            assert f"above the {k} cells" in L.number_problem(g, c, k + 1)


def test_linesweeper_settled_cells_are_must_cells_and_full_numbers_have_no_count():
    inst = L.Instance(4, 4, (((1, 1), 8),))
    f = Formula()
    enc = L.LinesweeperEncoding(inst, f, Options())
    assert sorted(enc.loop.must) == [c for c in Grid(4, 4).cells if c != (1, 1)
                                     and max(abs(c[0] - 1), abs(c[1] - 1)) == 1]
    assert engine.search(L.GENRE, inst, limit=2).verdict == "multiple"

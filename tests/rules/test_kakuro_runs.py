"""satlink.rules.kakuro_runs against brute force.

Small grids with random black cells and random totals, digits 1..4: every
assignment of digits to the white cells is tried; the runs (rows then
columns, written again here) must hold distinct digits and add up to their
totals. The models of :class:`RunSums` (totals direct, or behind selectors
with a random subset assumed) must be exactly those assignments, and
:func:`run_problems` must be empty on exactly them.
"""
from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.grid import Grid
from satlink.rules.kakuro_runs import RunSums, clued_runs, run_fault, run_problems, run_totals
from tests.rules.enumerate import solutions

DIGITS = range(1, 5)


def pieces(grid, white):
    """The runs of white cells: rows, then columns."""
    out = []
    for line in ([[(r, c) for c in range(grid.cols)] for r in range(grid.rows)]
                 + [[(r, c) for r in range(grid.rows)] for c in range(grid.cols)]):
        run = []
        for cell in line + [None]:
            if cell in white:
                run.append(cell)
            elif run:
                out.append(run)
                run = []
    return out


def brute(grid, white, totals):
    """Every assignment (cell -> digit) the rules accept; ``totals``: (a run's
    cells, its total) pairs (a list, not a dict by cells: a lone white cell is
    a row run and a column run with the same cells and their own totals)."""
    cells = sorted(white)
    runs = pieces(grid, white)
    out = set()
    for digits in itertools.product(DIGITS, repeat=len(cells)):
        v = dict(zip(cells, digits))
        if all(len({v[c] for c in run}) == len(run) for run in runs) and all(
                sum(v[c] for c in run) == total for run, total in totals):
            out.add(frozenset(v.items()))
    return out


@st.composite
def boards(draw):
    grid = Grid(draw(st.integers(1, 3)), draw(st.integers(2, 3)))
    black = draw(st.sets(st.sampled_from(grid.cells), max_size=3))
    white = {c for c in grid.cells if c not in black}
    return grid, white, draw(st.randoms(use_true_random=False))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.booleans())
def test_models_are_the_brute_force_fillings(board, with_selectors):
    grid, white, rng = board
    if not 1 <= len(white) <= 6:
        return
    black = [c for c in grid.cells if c not in white]
    bare = clued_runs(grid, white, lambda cell, d: None)
    chosen = {(run.before, run.direction): rng.randint(1, 10) for run in bare
              if run.before in black and rng.random() < 0.6}
    runs = clued_runs(grid, white, lambda cell, d: chosen.get((cell, d)))
    assert [r.cells for r in runs] == pieces(grid, white)
    f = Formula()
    selectors = {} if with_selectors else None
    rule = RunSums(f, sorted(white), runs, DIGITS, selectors)
    kept = dict(selectors or {})
    if with_selectors:  # assume a random subset: the others' totals do not bind
        kept = {k: x for k, x in kept.items() if rng.random() < 0.7}

    def binds(run) -> bool:
        return run.total is not None and (
            not with_selectors or (*run.before, run.direction, run.total) in kept)

    bound = [(run.cells, run.total) for run in runs if binds(run)]
    want = brute(grid, white, bound)
    slot = {x: (c, v) for c, vs in rule.square.numbers.var.items() for v, x in vs.items()}
    got = solutions(f, list(slot), assumptions=list(kept.values()))
    fixed = set(rule.square.fixed.items())
    assert {frozenset(fixed | {slot[x] for x in s}) for s in got} == want
    checked = [r._replace(total=r.total if binds(r) else None) for r in runs]
    for filling in want:
        assert not run_problems(dict(filling), checked, DIGITS)
        shown = {(r, c, d): t for r, c, d, t in run_totals(runs, dict(filling).get)}
        # (by the run, not its cells: a lone white cell is a row run and a column run)
        assert all(shown[(*run.before, run.direction)] == run.total
                   for run in runs if binds(run))
        assert len(shown) == sum(run.before[0] >= 0 and run.before[1] >= 0 for run in runs)
    if want:
        some = dict(next(iter(want)))
        some[min(white)] = 9
        assert run_problems(some, checked, DIGITS)


def test_run_fault_counts_the_run():
    g = Grid(1, 12)
    white = {(0, c) for c in range(1, 12)}
    assert "11 white cells, more than 9" in run_fault(g, white, (0, 0), "right", 45)
    assert run_fault(g, white, (0, 0), "right", 45, longest=11) is None
    assert "no white cell" in run_fault(g, white, (0, 0), "down", 3)


def test_decode_reads_the_square():
    g = Grid(1, 3)
    white = {(0, 1), (0, 2)}
    runs = clued_runs(g, white, lambda cell, d: 3 if d == "right" else None)
    f = Formula()
    rule = RunSums(f, sorted(white), runs, DIGITS)
    [s] = [s for s in solutions(f, list(range(1, f.num_vars + 1)))][:1]
    model = Model(f, [x if x in s else -x for x in range(1, f.num_vars + 1)])
    assert {rule.value(model, c) for c in white} == {1, 2}

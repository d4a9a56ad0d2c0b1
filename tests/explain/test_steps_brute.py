"""The step engine against brute force on tiny boards: every fact shown is
implied by its reason (every solution of the board with only the reason's
clues that has the reason's facts has the fact), the verdict is the brute
force count's, and the steps end at the unique solution (or, with several,
at facts every solution shares). The brute-force oracles are the genres'
own (their rules written again without ``verify``)."""
from __future__ import annotations

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from satlink.explain import check_explanation, explain
from satlink.puzzles import akari, nurikabe, slitherlink, sudoku
from tests.puzzles.test_akari import brute as akari_brute, tiny as akari_tiny
from tests.puzzles.test_nurikabe import brute as nurikabe_brute, tiny as nurikabe_tiny
from tests.puzzles.test_slitherlink import brute as slitherlink_brute, tiny_boards
from tests.puzzles.test_sudoku import _board, oracle as sudoku_oracle

SETTINGS = settings(max_examples=15, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def holds(ex, lit, cells: dict) -> bool:
    """Whether fact ``lit`` holds in a solution given by its ``cells`` map."""
    names, value = ex.names.cells(abs(lit))
    assert len(names) == 1, names
    truth = cells[names[0]] == value
    return truth if lit > 0 else not truth


def assert_sound(genre, inst, oracle):
    every = oracle(inst)
    ex = explain(genre, inst)
    assert ex.verdict == {0: "none", 1: "unique"}.get(len(every), "multiple")
    assert ex.complete
    maps = [genre.cells(inst, s) for s in every]
    # the facts to explain are shared by every solution ...
    for lit in ex.targets:
        assert all(holds(ex, lit, m) for m in maps), ex.names.text(lit)
    if len(every) == 1:  # ... and, when there is one, they fix every answer cell
        fixed = {ex.names.cells(abs(lit))[0][0] for lit in ex.targets
                 if lit > 0 or not ex.formula.answer_one_hot}
        assert fixed == set(maps[0])
    known = set(ex.given)
    for step in ex.steps:
        for lit, reason in zip(step.facts, step.reasons):
            assert set(reason.facts) <= known, "a reason cites a fact not yet known"
            posed = (genre.design.with_clues(inst, list(reason.clues))
                     if genre.design is not None else inst)
            for solution in oracle(posed):
                m = genre.cells(posed, solution)
                if all(holds(ex, x, m) for x in reason.facts):
                    assert holds(ex, lit, m), (step.index, ex.names.text(lit))
        known.update(step.facts)
    assert known == set(ex.targets)
    if ex.steps:
        assert check_explanation(ex, ex.formula) == sum(len(s.facts) for s in ex.steps)


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 4)),
                max_size=8).map(_board))
def test_sudoku_4x4(inst):
    assert_sound(sudoku.GENRE, inst, sudoku_oracle)


@SETTINGS
@given(akari_tiny(9))
def test_akari(inst):
    assert_sound(akari.GENRE, inst, akari_brute)


@pytest.mark.slow
@settings(max_examples=10, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(tiny_boards())
def test_slitherlink(inst):
    assert_sound(slitherlink.GENRE, inst, slitherlink_brute)


@SETTINGS
@given(nurikabe_tiny(9))
def test_nurikabe(inst):
    assert_sound(nurikabe.GENRE, inst, nurikabe_brute)

"""The independent check refuses what is not a reason."""
from __future__ import annotations

import pytest

from satlink.explain import ReasonError, check_explanation, explain
from satlink.explain.explanation import Reason
from tests.helpers import ROOT, load_pzl


@pytest.fixture(scope="module")
def explained():
    item = load_pzl((ROOT / "instances" / "akari" / "hand-6x6.pzl").read_text())
    return explain(item.puzzle, item.instance)


def test_every_reason_passes(explained):
    assert check_explanation(explained, explained.formula) == len(explained.targets)


def test_a_reason_without_its_clues_is_refused(explained):
    step = next(s for s in explained.steps if s.reasons[0].clues)
    kept = step.reasons[0]
    step.reasons[0] = Reason((), kept.facts)
    try:
        with pytest.raises(ReasonError, match="does not force it"):
            check_explanation(explained, explained.formula)
    finally:
        step.reasons[0] = kept


def test_a_reason_citing_a_later_fact_is_refused(explained):
    first, last = explained.steps[0], explained.steps[-1]
    kept = first.reasons[0]
    first.reasons[0] = Reason(kept.clues, (*kept.facts, last.facts[0]))
    try:
        with pytest.raises(ReasonError, match="not known before it"):
            check_explanation(explained, explained.formula)
    finally:
        first.reasons[0] = kept


def test_a_reason_past_the_shared_solvers_budget_goes_to_a_fresh_solver(monkeypatch):
    """With one conflict allowed, the reasons that need search are checked
    by a solver of their own; they pass, and a reason without its clues is
    still refused that way (the fresh solver decides, not the budget)."""
    import satlink.explain.check as check
    from satlink.api import load

    item = load(str(ROOT / "instances" / "slitherlink" / "small-5x5.pzl"))[0]
    ex = explain(item.puzzle, item.instance)
    monkeypatch.setattr(check, "CONFLICTS", 0)
    checker = check.Checker(ex.puzzle, ex.instance)
    try:
        for step in ex.steps:
            for lit, reason in zip(step.facts, step.reasons):
                assert checker.holds(ex.formula, reason.clues, reason.facts, lit)
        assert checker.fresh > 0
        before = checker.fresh
        wrong = [(lit, r) for s in ex.steps for lit, r in zip(s.facts, s.reasons) if r.clues]
        refused = [not checker.holds(ex.formula, (), r.facts, lit) for lit, r in wrong]
        assert any(refused) and checker.fresh > before
    finally:
        checker.close()

"""The easiest step first, whatever rules it needs: a contradiction step
(the other value tried and propagated) is taken before the direct facts
available at that point exactly when it costs less by the rating's measure
(its reason's cost plus ``NOT_DIRECT``, what the rating adds for a step
that is not direct)."""
from __future__ import annotations

from satlink.api import load_text
from satlink.explain import check_explanation, explain
from satlink.explain.ranking import NOT_DIRECT, step_cost
from satlink.explain.steps import Engine

#: a magictour top1465 puzzle (datasets/sudoku) whose second step is a
#: contradiction taken while direct facts are open
TOP = "...36....85.......9.4..8........68.........17..9..45...1.5...6.4....9..2.....3..."


def test_a_contradiction_comes_first_only_when_cheaper_than_the_direct_facts(monkeypatch):
    """At every step the engine also says which step it would take with
    direct steps first (no contradiction probe, no search: calls that leave
    its solvers as they were); a contradiction taken while direct facts were
    open costs less than their step by more than ``NOT_DIRECT``; with none
    open, no step is direct."""
    pairs = []
    take = Engine.next_step

    def next_step(self, known, open_, index):
        probe, deduce = self._probe, self._deduce
        self._probe = self._deduce = lambda *a, **k: None
        try:
            direct_first = take(self, known, open_, index)
        except RuntimeError:  # no direct fact open
            direct_first = None
        finally:
            self._probe, self._deduce = probe, deduce
        got = take(self, known, open_, index)
        pairs.append((got, direct_first))
        return got

    monkeypatch.setattr(Engine, "next_step", next_step)
    item = load_text(TOP, "top.txt")[0]
    ex = explain(item.puzzle, item.instance, search=0)
    assert check_explanation(ex, ex.formula) > 0
    passed_over = 0
    for got, direct_first in pairs:
        if direct_first is None or direct_first.kind != "direct":
            assert got.kind != "direct"
        elif got.kind != "direct":
            assert got.kind == "contradiction"
            passed_over += 1
            assert step_cost(got.reasons) + NOT_DIRECT < step_cost(direct_first.reasons)
    assert passed_over > 0  # the order is not kind first on this puzzle

"""`explain` on every genre's instances: the steps end at the solution
written in the file, every fact to explain is given or shown once, and every
reason passes the independent check. The generated Sudoku variants (up to
21 x 21 overlapping grids, 10 s and more each) are left to the benchmark."""
from __future__ import annotations

import pytest

from satlink import formats
from satlink.contract import objective_of
from satlink.explain import check_explanation, explain
from tests.helpers import ROOT

INSTANCES = sorted(p for p in (ROOT / "instances").rglob("*.pzl") if p.name != "generated.pzl")


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_explains_to_the_written_solution(path):
    for item in formats.load(str(path)):
        if objective_of(item.puzzle, item.instance) is not None:
            continue  # refused (tested in test_explain_cli)
        ex = explain(item.puzzle, item.instance)
        assert ex.complete
        if item.expected is not None and ex.verdict == "unique":
            assert ex.solution == item.expected
        shown = [lit for s in ex.steps for lit in s.facts]
        assert len(shown) == len(set(shown))
        assert set(shown) | set(ex.given) == set(ex.targets)
        assert check_explanation(ex, ex.formula) == len(shown)

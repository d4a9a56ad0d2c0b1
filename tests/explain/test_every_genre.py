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

#: Instances whose explanation takes more than 5 s of CPU, and why. Bosanowa's
#: numbers are binary words up to 255 whose bounds, in selector mode, cannot
#: lean on the givens (any clue may be left out): each solver call is a small
#: arithmetic search, ~2 ms in the engine (3,000 calls) and ~70 ms in the
#: check's CaDiCaL, 8-10 s CPU in all. The process never waits (getrusage:
#: no voluntary context switch; no subprocess, sleep or timeout loop): its
#: wall time of 105 s at load 15-19 was the CPU share two cores give it.
SLOW = {"bosanowa/pzprjs-6x5.pzl": "binary numbers to 255: 8-10 s CPU of solver calls"}


def _case(path):
    key = f"{path.parent.name}/{path.name}"
    return pytest.param(path, id=key, marks=pytest.mark.slow) if key in SLOW else \
        pytest.param(path, id=key)


INSTANCES = [_case(p) for p in sorted((ROOT / "instances").rglob("*.pzl"))
             if p.name != "generated.pzl"]


@pytest.mark.parametrize("path", INSTANCES)
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

"""benchmarks/clue_sets.py numberlink: the good Numberlink layouts of the
3 x 3 board (exactly one solution filling every cell), from graphillion's
path covers, against satlink's own verdict on every endpoint layout."""
from __future__ import annotations

import importlib.util
import itertools

import pytest

from satlink import puzzles
from satlink.engine.search import search
from tests.helpers import ROOT

pytest.importorskip("graphillion", reason="the `design` extra")


def pairings(cells):
    if not cells:
        yield []
        return
    first, rest = cells[0], cells[1:]
    for i, other in enumerate(rest):
        for more in pairings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *more]


@pytest.mark.slow
def test_good_layouts_of_3x3_agree_with_the_solver():
    spec = importlib.util.spec_from_file_location("clue_sets", ROOT / "benchmarks" / "clue_sets.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    layouts = bench.path_covers(3)
    numberlink = puzzles.get("numberlink")
    from satlink.puzzles.numberlink import Instance

    cells = [(r, c) for r in range(3) for c in range(3)]
    good, seen = set(), 0
    for k in range(2, 10, 2):
        for chosen in itertools.combinations(cells, k):
            for pairs in pairings(list(chosen)):
                grid = [["" for _ in range(3)] for _ in range(3)]
                for label, (a, b) in enumerate(pairs, 1):
                    grid[a[0]][a[1]] = grid[b[0]][b[1]] = str(label)
                result = search(numberlink, Instance(tuple(map(tuple, grid))))
                seen += 1
                if result.verdict == "unique":
                    good.add(frozenset(frozenset(p) for p in pairs))
    assert seen == 2619
    assert good == {ends for ends, k in layouts.items() if k == 1}
    assert len(good) == 150

"""Every good, minimal and minimum clue set (`analyze --clue-sets`) against
brute force over every subset of the candidate clues, on the tiny boards of
every designable genre (the worlds of test_design_brute: every solution of
the clue-less board listed, which clues each obeys read from ``verify``)."""
from __future__ import annotations

import json
import sys

import pytest

from satlink import puzzles
from satlink.cli import main
from satlink.design.families import difference_sets
from satlink.design.hitting import good_sets
from satlink.design.oracle import Oracle
from satlink.engine.search import search
from tests.design.test_design_brute import designable, world_for
from tests.helpers import ROOT

pytest.importorskip("graphillion", reason="the `design` extra")  # in the test extra


def brute(world):
    """Good, minimal and minimum counts and the minimal difference sets."""
    n = len(world.cands)
    good = [m for m in range(1 << n) if world.unique(m)]
    minimal = [m for m in good if world.minimal(m)]
    least = min((bin(m).count("1") for m in good), default=None)
    breaks = set(world.breaks)
    least_breaks = {b for b in breaks if not any(o != b and o & b == o for o in breaks)}
    return len(good), minimal, least, least_breaks


@pytest.mark.slow
@pytest.mark.parametrize("name", [m.name for m in designable()])
def test_clue_sets_agree_with_brute_force(name):
    puzzle = puzzles.get(name)
    world = world_for(puzzle, 0)
    n_good, minimal, least, least_breaks = brute(world)
    with Oracle(puzzle, world.shape, world.target, world.cands) as oracle:
        family = difference_sets(oracle, world.cands)
    assert family.complete
    assert {world.bits(s) for s in family.sets} == least_breaks
    assert len(family.sets) == len(least_breaks)  # each found once
    g = good_sets(world.cands, family.sets)
    assert g.good == n_good
    assert g.minimal == len(minimal)
    assert g.minimum == least
    assert g.minimum_count == sum(1 for m in minimal if bin(m).count("1") == least)
    listed = [world.bits(s) for s in g.minimal_sets()]
    assert sorted(listed) == sorted(minimal)
    smallest = [world.bits(s) for s in g.minimum_sets()]
    assert len(smallest) == g.minimum_count and all(bin(m).count("1") == least for m in smallest)
    # every listed set is unique by the ordinary path, with the target as its solution
    for s in list(g.minimal_sets())[:5]:
        result = search(puzzle, puzzle.design.with_clues(world.shape, s))
        assert result.verdict == "unique" and result.solutions[0] == world.target


def test_family_without_other_solutions_and_with_an_unavoidable_one():
    g = good_sets(["a", "b"], [])
    assert (g.good, g.minimal, g.minimum, g.minimum_count) == (4, 1, 0, 1)
    g = good_sets(["a", "b", "c"], [{"a", "b"}, {"b", "c"}])
    assert (g.good, g.minimal, g.minimum, g.minimum_count) == (5, 2, 1, 1)
    assert sorted(sorted(s) for s in g.minimal_sets()) == [["a", "c"], ["b"]]
    g = good_sets(["a"], [set()])
    assert (g.good, g.minimal, g.minimum) == (0, 0, None)


SLITHER = str(ROOT / "instances" / "slitherlink" / "small-5x5.pzl")


def test_cli_clue_sets_json_and_listing(capsys):
    code = main(["analyze", SLITHER, "--clue-sets", "--list", "minimum", "--json"])
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["complete"]
    assert d["good"] >= d["minimal"] >= d["minimum"] >= 1
    assert all(len(s) == d["minimum_size"] for s in d["minimum_sets"])
    assert len(d["minimum_sets"]) == d["minimum"]
    code = main(["analyze", SLITHER, "--clue-sets", "--only", "r1c1,r2c2"])
    out, err = capsys.readouterr()
    assert code == 1 and "unique" in err


def test_cli_without_the_design_extra(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "graphillion", None)  # import fails
    code = main(["analyze", SLITHER, "--clue-sets"])
    out, err = capsys.readouterr()
    assert code == 2 and "satlink[design]" in err


def test_cell_clues_reordered_for_the_diagram_but_listed_as_given():
    from satlink.design.hitting import diagram_order
    clues = [((r, c), 1) for r in range(2) for c in range(3)]  # 2 rows, 3 columns
    assert [c for c, _ in diagram_order(clues)] == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]
    assert diagram_order(["x", "y"]) == ["x", "y"]
    family = [{clues[0], clues[5]}, {clues[5], clues[1]}]
    g = good_sets(clues, family)
    assert (g.good, g.minimal, g.minimum) == (40, 2, 1)
    assert sorted(g.minimal_sets()) == [[clues[0], clues[1]], [clues[5]]]

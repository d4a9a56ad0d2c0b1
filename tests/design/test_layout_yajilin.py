"""Yajilin's layout hooks (satlink.design): random arrows with hidden
counts, the counts a solution shows, and `generate` through them."""
from __future__ import annotations

import random

import pytest

from satlink.design import DesignError, designable
from satlink.design.tasks import generate_structured, random_solution
from satlink.engine.search import search
from satlink.errors import InputError
from satlink.puzzles import yajilin as Y

from test_layout_hashi import generate_then_check


@pytest.mark.parametrize("w,h,seed", [(5, 5, 1), (7, 6, 2), (10, 10, 3)])
def test_layout_is_reproducible_and_has_a_solution(w, h, seed):
    inst = Y.LAYOUT(h, w, random.Random(seed), {})
    assert inst == Y.LAYOUT(h, w, random.Random(seed), {})
    assert (inst.rows, inst.cols) == (h, w) and inst.arrows
    g = inst.grid
    for a in inst.arrows:
        assert a.count is None and len(g.ray(a.cell, a.direction)) >= 2
    assert Y.clues(inst) == []  # counts hidden: nothing assumed, they are free
    assert search(Y.GENRE, inst, 1).verdict != "none"  # built around drawn solutions


def test_layouts_differ_by_seed_and_density_counts():
    a, b = (Y.LAYOUT(10, 10, random.Random(s), {}) for s in (1, 2))
    assert a != b and len(a.arrows) == round(Y.ARROW_DENSITY * 100)
    assert len(Y.LAYOUT(10, 10, random.Random(1), {"density": 0.1}).arrows) <= 10
    with pytest.raises(InputError, match="no Yajilin loop"):
        Y.LAYOUT(1, 5, random.Random(0), {})


@pytest.mark.parametrize("seed", range(5))
def test_clues_of_drawn_solutions_make_them_solutions(seed):
    rng = random.Random(seed)
    inst = Y.LAYOUT(6, 6, rng, {})
    sol = random_solution(Y.GENRE, inst, rng)
    assert sol is not None and Y.verify(inst, sol) == []
    clues = Y.clues_of(inst, sol)
    assert [a.cell for a in clues] == [a.cell for a in inst.arrows]
    full = Y.with_clues(inst, clues)
    assert Y.verify(full, sol) == [] and Y.clues(full) == clues
    assert [(a.cell, a.direction) for a in full.arrows] == [(a.cell, a.direction)
                                                            for a in inst.arrows]


def test_with_clues_shows_exactly_those_counts_and_names_them():
    inst = Y.Instance(4, 4, (Y.Arrow((0, 0), "e", None), Y.Arrow((3, 3), "n", 1),
                             Y.Arrow((2, 1), None, None)))
    got = Y.with_clues(inst, [Y.Arrow((0, 0), "e", 2)])
    assert got.arrows == (Y.Arrow((0, 0), "e", 2), Y.Arrow((2, 1), None, None),
                          Y.Arrow((3, 3), "n", None))
    with pytest.raises(InputError, match="no arrow pointing s"):
        Y.with_clues(inst, [Y.Arrow((0, 0), "s", 0)])
    with pytest.raises(InputError, match="no arrow"):
        Y.with_clues(inst, [Y.Arrow((1, 1), "e", 0)])
    assert Y.clue_name(Y.Arrow((2, 3), "w", 0)) == "r3c4"
    with pytest.raises(DesignError):  # arrows are structure: no minimize
        designable(Y.GENRE, "minimize")


@pytest.mark.parametrize("w,h,seed", [(5, 5, 0), (6, 6, 1), (7, 5, 2)])
def test_generate_structured_is_unique_with_its_solution(w, h, seed):
    made = generate_structured(Y.GENRE, h, w, {}, random.Random(seed))
    result = search(Y.GENRE, made.instance, 2)
    assert result.verdict == "unique" and result.solutions == [made.solution]
    assert all(a.count is not None for a in made.instance.arrows)


def test_generate_cli_then_check_strict(capsys, tmp_path):
    generate_then_check(capsys, tmp_path / "out", "yajilin", "6x6")


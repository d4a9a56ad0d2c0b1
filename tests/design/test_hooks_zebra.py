"""Zebra's design hooks: a puzzle's own clues, by number, as removable
clues (satlink.design). Zebra has no clue space derived from a solution
(so no ``blank`` and no ``generate``): ``clues_of`` offers the clues of the
puzzle that a solution obeys."""
from __future__ import annotations

import random

import pytest

import satlink
from satlink.design import DesignError, designable
from satlink.design.tasks import analyze_puzzle, minimize_puzzle
from satlink.engine.search import search
from satlink.errors import InputError
from satlink.lang import parse_text
from satlink.puzzles import zebra as Z

from helpers import ROOT
from hooks import all_solutions, check_clues_of, check_selectors

THREE = ROOT / "instances" / "zebra" / "three-houses.pzl"


def three():
    return satlink.load(THREE)[0]


def padded():
    """Three houses: the file's four clues (all needed) and four more the
    solution obeys, numbers 5 to 8, each redundant beside the first four."""
    text = THREE.read_text().replace("ask cat", "\n".join([
        "clue red at 1", "clue bird = red", "clue either (tea at 2) or (cat at 1)",
        "clue orange right-of blue", "ask cat"]))
    return Z.from_document(parse_text(text, "padded.pzl"))


def test_clues_of_is_the_clues_each_solution_obeys():
    inst = padded()
    every = all_solutions(Z.GENRE, Z.with_clues(inst, []))
    assert len(every) == 216  # 3! ** 3
    sizes = set()
    for sol in every:
        sizes.add(len(check_clues_of(Z.GENRE, inst, sol, Z.clues(inst))))
    assert min(sizes) == 0 and max(sizes) == 8


def test_selectors_guard_each_clue():
    inst = padded()
    every = all_solutions(Z.GENRE, Z.with_clues(inst, []))
    check_selectors(Z.GENRE, inst, every, Z.clues(inst), random.Random(5), rounds=10)


def test_with_clues_keeps_the_numbers():
    inst = padded()
    assert Z.clues(inst) == list(range(1, 9))
    assert Z.with_clues(inst, Z.clues(inst)) == inst
    some = Z.with_clues(inst, [7, 2, 5])
    assert Z.clues(some) == [2, 5, 7] and [Z.clue_name(i) for i in Z.clues(some)] == [
        "clue2", "clue5", "clue7"]
    assert Z.clues(Z.with_clues(some, [7])) == [7]
    # the clues left out stay in the catalogue: any can come back by number
    assert Z.with_clues(Z.with_clues(inst, []), Z.clues(inst)) == inst
    assert Z.with_clues(some, [1, 7]) == Z.with_clues(inst, [7, 1])
    wrong = next(s for s in all_solutions(Z.GENRE, Z.with_clues(inst, []))
                 if Z.clues_of(some, s) == [2, 5])
    assert Z.clues_of(some, wrong) == [2, 5]
    assert any(p.startswith("clue 7 ") for p in Z.verify(some, wrong))
    assert Z.clues_of(Z.with_clues(inst, []), wrong) == Z.clues_of(inst, wrong)
    # written out, the cut-down puzzle is a puzzle of its own, numbered from 1
    again = Z.from_document(parse_text(Z.to_pzl(some), "again.pzl"))
    assert Z.clues(again) == [1, 2, 3] and again.clues == some.clues and not again.catalogue
    with pytest.raises(InputError):
        Z.with_clues(inst, [9])


def test_minimize_and_analyze_drop_the_redundant_clues():
    inst = padded()
    a = analyze_puzzle(Z.GENRE, inst)
    assert a.verdict == "unique" and set(a.redundant) >= {5, 6, 7, 8}
    done = minimize_puzzle(Z.GENRE, inst, exact=True)
    assert done.minimum.optimal and search(Z.GENRE, done.instance, 2).verdict == "unique"
    for i in done.clues:  # each remaining clue is needed
        rest = Z.with_clues(done.instance, [j for j in done.clues if j != i])
        assert search(Z.GENRE, rest, 2).verdict == "multiple"
    cut = Z.with_clues(inst, [1, 2])  # several solutions: the catalogue completes it
    b = analyze_puzzle(Z.GENRE, cut, target=three().expected)
    assert b.verdict == "multiple" and b.added and set(b.added) <= set(range(3, 9))
    assert search(Z.GENRE, Z.with_clues(cut, [1, 2, *b.added]), 2).solutions == [three().expected]
    only = minimize_puzzle(Z.GENRE, inst, only="clue1,clue2,clue3,clue4,clue8", keep="clue8")
    assert 8 in only.clues and set(only.clues) <= {1, 2, 3, 4, 8}
    assert search(Z.GENRE, only.instance, 2).solutions == [three().expected]


def test_generate_does_not_apply():
    with pytest.raises(DesignError):
        designable(Z.GENRE, "generate", need_blank=True)
    designable(Z.GENRE, "minimize")

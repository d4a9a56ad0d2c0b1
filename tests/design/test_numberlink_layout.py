"""Random Numberlink boards for `generate numberlink`."""
from __future__ import annotations

import random

import pytest

from satlink.cli import main
from satlink.design.tasks import generate_structured
from satlink.engine.search import search
from satlink.puzzles import numberlink
from satlink.puzzles._numberlink_layout import hamiltonian_path, random_board
from satlink.rules.path_solutions import walk


@pytest.mark.parametrize("w, h", [(1, 1), (1, 5), (2, 2), (3, 4), (7, 5), (10, 10)])
def test_backbite_walk_keeps_a_hamiltonian_path(w, h):
    for seed in range(5):
        path = hamiltonian_path(h, w, random.Random(seed))
        assert sorted(path) == [(r, c) for r in range(h) for c in range(w)]
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))


def test_the_walk_moves_away_from_the_zigzag():
    paths = {tuple(hamiltonian_path(6, 6, random.Random(s))) for s in range(10)}
    assert len(paths) == 10


@pytest.mark.parametrize("fill, touch", [("all", "yes"), ("any", "yes"), ("all", "no")])
def test_random_board_has_its_cut_paths_as_a_solution(fill, touch):
    for seed in range(5):
        grid = random_board(5, 6, random.Random(seed), fill, touch=touch)
        inst = numberlink.make(grid, fill, touch)
        assert search(numberlink.GENRE, inst, 1).solutions, "the cut paths solve it"


@pytest.mark.parametrize("fill, touch", [("all", "yes"), ("any", "yes"), ("all", "no")])
def test_layouts_refined_are_unique_and_reproducible(fill, touch):
    params = {"fill": fill, "touch": touch}
    for seed in range(3):
        made = generate_structured(numberlink.GENRE, 6, 6, params, random.Random(seed))
        inst = made.instance
        assert (inst.fill, inst.touch) == (fill, touch)
        res = search(numberlink.GENRE, inst)
        assert res.verdict == "unique" and res.solutions == [made.solution]
        again = generate_structured(numberlink.GENRE, 6, 6, params, random.Random(seed))
        assert again.instance == inst


def kept(finer: numberlink.Instance, first) -> tuple:
    """``first`` on the refined board: its steps, less the one between two
    new ends of different labels, plus the step of a new two-cell path."""
    owner = {c: lab for lab, pair in finer.endpoints.items() for c in pair}
    steps = {frozenset(s) for _l, p in first for s in zip(p, p[1:])
             if not (s[0] in owner and s[1] in owner and owner[s[0]] != owner[s[1]])}
    used = {c for _l, p in first for c in p}
    steps |= {frozenset((a, b)) for a, b in finer.endpoints.values()
              if a not in used and b not in used}  # fill any: a new path in empty cells
    adj = {}
    for a, b in map(tuple, steps):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return walk(finer.endpoints, adj)


@pytest.mark.parametrize("fill", ["all", "any"])
def test_refine_keeps_the_first_solution_until_unique(fill):
    inst = numberlink.layout(6, 6, random.Random(1), {"fill": fill})
    res = search(numberlink.GENRE, inst)
    for step in range(100):
        if res.verdict == "unique":
            break
        first, second = res.solutions
        finer = numberlink.refine(inst, first, second, random.Random(step))
        assert len(finer.labels) == len(inst.labels) + 1
        assert numberlink.verify(finer, kept(finer, first)) == []
        inst, res = finer, search(numberlink.GENRE, finer)
    assert res.verdict == "unique"


def test_generate_numberlink_then_check(capsys, tmp_path):
    out = tmp_path / "nl"
    code = main(["generate", "numberlink", "--size", "6x6", "--count", "3", "--fill", "any",
                 "-o", str(out)])
    assert code == 0 and len(list(out.iterdir())) == 3
    capsys.readouterr()
    assert main(["check", "--strict", str(out)]) == 0
    assert capsys.readouterr().out.count("\tunique\t") == 3
    assert all("fill any" in f.read_text() for f in out.iterdir())

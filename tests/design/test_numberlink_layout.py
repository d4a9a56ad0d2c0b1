"""Random Numberlink boards for `generate numberlink`."""
from __future__ import annotations

import random

import pytest

from satlink.cli import main
from satlink.engine.search import search
from satlink.puzzles import numberlink
from satlink.puzzles._numberlink_layout import hamiltonian_path, random_board


@pytest.mark.parametrize("w, h", [(1, 1), (1, 5), (2, 2), (3, 4), (7, 5), (10, 10)])
def test_backbite_walk_keeps_a_hamiltonian_path(w, h):
    for seed in range(5):
        path = hamiltonian_path(w, h, random.Random(seed))
        assert sorted(path) == [(r, c) for r in range(h) for c in range(w)]
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))


def test_the_walk_moves_away_from_the_zigzag():
    paths = {tuple(hamiltonian_path(6, 6, random.Random(s))) for s in range(10)}
    assert len(paths) == 10


@pytest.mark.parametrize("fill, touch", [("all", "yes"), ("any", "yes"), ("all", "no")])
def test_random_board_has_its_cut_paths_as_a_solution(fill, touch):
    for seed in range(5):
        grid = random_board(6, 5, random.Random(seed), fill, touch=touch)
        inst = numberlink.make(grid, fill, touch)
        assert search(numberlink.GENRE, inst, 1).solutions, "the cut paths solve it"


@pytest.mark.parametrize("fill, touch", [("all", "yes"), ("any", "yes"), ("all", "no")])
def test_layouts_are_unique_and_reproducible(fill, touch):
    params = {"fill": fill, "touch": touch}
    for seed in range(3):
        inst = numberlink.layout(6, 6, random.Random(seed), params)
        assert (inst.fill, inst.touch) == (fill, touch)
        assert search(numberlink.GENRE, inst).verdict == "unique"
        assert numberlink.layout(6, 6, random.Random(seed), params) == inst


def test_generate_numberlink_then_check(capsys, tmp_path):
    out = tmp_path / "nl"
    code = main(["generate", "numberlink", "--size", "6x6", "--count", "3", "--fill", "any",
                 "-o", str(out)])
    assert code == 0 and len(list(out.iterdir())) == 3
    capsys.readouterr()
    assert main(["check", "--strict", str(out)]) == 0
    assert capsys.readouterr().out.count("\tunique\t") == 3
    assert all("fill any" in f.read_text() for f in out.iterdir())

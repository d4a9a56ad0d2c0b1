"""Hashi's layout hooks (satlink.design): random islands with placeholder
numbers, the numbers a solution shows, and `generate` through them."""
from __future__ import annotations

import random

import pytest

from satlink.cli import main
from satlink.contract import Options
from satlink.design import DesignError, designable
from satlink.design.tasks import generate_structured, random_solution
from satlink.engine.search import encode, search
from satlink.errors import InputError
from satlink.puzzles import hashi as H


def neighbours(cell):
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


@pytest.mark.parametrize("w,h,seed", [(7, 7, 1), (10, 10, 2), (12, 5, 3), (3, 1, 4)])
def test_layout_is_reproducible_connected_and_spaced(w, h, seed):
    inst = H.layout(h, w, random.Random(seed), {})
    assert inst == H.layout(h, w, random.Random(seed), {})
    assert (inst.rows, inst.cols) == (h, w) and inst.placeholders
    islands = set(inst.islands)
    assert len(islands) >= 2 and all(inst.numbers[r][c] == 1 for r, c in islands)
    assert not any(n in islands for i in islands for n in neighbours(i))
    # every placeholder has a selector; nothing assumed, the counts are free
    enc = encode(H.GENRE, inst, Options(clues="selectors"))
    assert [enc.selector(c) for c in H.clues(inst)]
    assert search(H.GENRE, inst, 1).verdict != "none"  # the tree it grew along is a solution


def test_layouts_differ_by_seed_and_density_counts():
    a, b = (H.layout(10, 10, random.Random(s), {}) for s in (1, 2))
    assert a != b
    sparse = H.layout(10, 10, random.Random(1), {"density": 0.08})
    assert len(sparse.islands) == 8 < len(a.islands)


@pytest.mark.parametrize("seed", range(6))
def test_clues_of_drawn_solutions_make_them_solutions(seed):
    rng = random.Random(seed)
    inst = H.layout(6, 6, rng, {})
    sol = random_solution(H.GENRE, inst, rng)
    assert sol is not None and H.verify(inst, sol) == []
    clues = H.clues_of(inst, sol)
    assert [(r, c) for r, c, _ in clues] == list(inst.islands)
    full = H.with_clues(inst, clues)
    assert H.verify(full, sol) == [] and not full.placeholders
    assert H.clues(full) == clues and full.islands == inst.islands


def test_with_clues_keeps_the_islands_and_names_them():
    inst = H.layout(5, 5, random.Random(0), {})
    r, c = inst.islands[0]
    with pytest.raises(InputError, match="every island"):
        H.with_clues(inst, [(r, c, 2)])  # a layout needs every number
    full = H.with_clues(inst, [(i, j, 1) for i, j in inst.islands])
    assert H.with_clues(full, [(r, c, 2)]).numbers[r][c] == 2  # the others stay
    water = next((i, j) for i in range(5) for j in range(5) if not inst.numbers[i][j])
    with pytest.raises(InputError, match="not an island"):
        H.with_clues(full, [(*water, 1)])
    with pytest.raises(InputError, match="out of range"):
        H.with_clues(full, [(r, c, 9)])
    assert H.GENRE.design.clue_name((2, 3, 4)) == "r3c4"
    with pytest.raises(DesignError):  # islands are structure: no minimize
        designable(H.GENRE, "minimize")


@pytest.mark.parametrize("w,h,seed", [(5, 5, 0), (6, 6, 1), (7, 7, 2), (8, 6, 3)])
def test_generate_structured_is_unique_with_its_solution(w, h, seed):
    made = generate_structured(H.GENRE, h, w, {}, random.Random(seed))
    result = search(H.GENRE, made.instance, 2)
    assert result.verdict == "unique" and result.solutions == [made.solution]
    assert made.clues == len(made.instance.islands) and not made.instance.placeholders


def generate_then_check(capsys, folder, genre: str, size: str, count: int = 3) -> None:
    """`satlink generate GENRE --size SIZE --count N -o DIR` (the same files
    again from the same seed), then `satlink check --strict DIR`: all unique."""
    argv = ["generate", genre, "--size", size, "--count", str(count), "--seed", "4",
            "-o", str(folder)]
    assert main(argv) == 0
    _, err = capsys.readouterr()
    assert f"generated {count} {genre} puzzles" in err
    files = sorted(folder.iterdir())
    first = [f.read_text() for f in files]
    assert len(files) == count and all("solution" in t for t in first)
    assert main(argv) == 0 and [f.read_text() for f in files] == first
    capsys.readouterr()
    assert main(["check", "--strict", str(folder)]) == 0
    out, _ = capsys.readouterr()
    assert out.count("unique") == count


def test_generate_cli_then_check_strict(capsys, tmp_path):
    generate_then_check(capsys, tmp_path / "out", "hashi", "7x7")

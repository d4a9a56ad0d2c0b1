"""Batches (issue 22, item 5): a genre with ``batch_shape`` solves the
puzzles of one shape on one solver, their clues assumed. Every verdict and
solution must equal a fresh search's, for puzzles with one solution, with
several (clues taken away) and with none (a clue that breaks the
published solution), interleaved so that each puzzle's blocking clauses
must be retired before the next."""
import random

import pytest

from satlink import engine, puzzles
from satlink.formats import puzzlekit
from tests.helpers import ROOT

DEV = ROOT.parent / "shared" / "datasets" / "puzzlekit-dev"
BATCHED = [g for g in puzzles.types() if g.batch_shape is not None]


def dev_items(genre, n: int):
    path = DEV / f"{genre.aliases[0]}.json"
    if not path.exists():
        path = DEV / f"{genre.name.capitalize()}.json"
    items = puzzlekit.read(path.read_text(), str(path), genre.name)
    return [i for i in items if i.error is None][:n]


def variants(genre, item, rng):
    """The puzzle, a copy with two thirds of its clues, and one with a clue
    that the published solution breaks (a cell's value moved by one)."""
    inst, design = item.instance, genre.design
    clues = genre.clues(inst)
    thin = design.with_clues(inst, rng.sample(clues, len(clues) * 2 // 3))
    full = design.clues_of(inst, item.expected)
    top = max(clue[-1] for clue in full)
    free = [clue for clue in full if clue not in set(clues)]
    *where, v = rng.choice(free)
    broken = design.with_clues(inst, clues + [(*where, v % top + 1)])
    return [inst, thin, broken]


def test_every_batched_genre_is_listed():
    """The genres that batch today: a change here must come with a measurement
    (issue 22: only where it pays)."""
    assert {g.name for g in BATCHED} >= {"sudoku", "binairo", "eulero"}


@pytest.mark.parametrize("genre", BATCHED, ids=lambda g: g.name)
def test_a_batch_gives_what_a_fresh_search_gives(genre):
    rng = random.Random(7)
    items = dev_items(genre, 3)
    assert items, f"no dev boards for {genre.name}"
    puzzles_ = [inst for item in items for inst in variants(genre, item, rng)]
    rng.shuffle(puzzles_)
    verdicts = set()
    with engine.BatchSolver(genre) as batch:
        for inst in puzzles_ + puzzles_[:3]:  # and again, after others
            fresh = engine.search(genre, inst, limit=2)
            got = batch.solve(inst, limit=2)
            assert got.verdict == fresh.verdict
            assert len(got.solutions) == len(fresh.solutions)
            if fresh.verdict == "unique":
                assert got.solutions == fresh.solutions
            for sol in got.solutions:  # each one a true solution of this puzzle
                assert genre.verify(inst, sol) == []
            verdicts.add(fresh.verdict)
    assert verdicts == {"unique", "multiple", "none"}

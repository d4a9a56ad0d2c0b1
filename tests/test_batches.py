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
    that the published solution breaks (a cell's value moved to the next one
    any clue of the board takes)."""
    inst, design = item.instance, genre.design
    clues = genre.clues(inst)
    thin = design.with_clues(inst, rng.sample(clues, len(clues) * 2 // 3))
    full = design.clues_of(inst, item.expected)
    values = sorted({clue[-1] for clue in full})
    free = [clue for clue in full if clue not in set(clues)]
    *where, v = rng.choice(free)
    broken = design.with_clues(inst, clues + [(*where, values[(values.index(v) + 1) % len(values)])])
    return [inst, thin, broken]


def test_every_batched_genre_is_listed():
    """The genres that batch today: a change here must come with a measurement
    (issue 22: only where it pays)."""
    assert {g.name for g in BATCHED} >= {"sudoku", "binairo", "eulero", "masyu"}


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


def test_line_chunks_read_in_the_children_give_the_records_read_here(tmp_path, datasets):
    """``check --jobs 2`` under limits sends a one-puzzle-per-line file line by
    line to its children, which read and solve each line and send back its
    record; without limits (pool workers) and without --jobs the chunks are
    read where they are solved. All give the same records: a malformed line,
    a chunk of nothing but comments (no record, no error), lines --resume
    skips. A --type the format cannot read is a usage error in every path."""
    from satlink.checking import CheckJob, check_events
    from satlink.errors import UsageError

    lines = [line for line in (datasets / "sudoku" / "puzzles2_17_clue.txt").read_text()
             .splitlines()[:12] if not line.startswith("#")]
    path = tmp_path / "set.txt"
    path.write_text("\n".join(["# a set"] + lines[:2] + ["# one", "# two", "# three"]
                              + lines[2:5] + ["1" * 80, lines[5]]) + "\n")  # lines 4-6: a chunk
    skip = frozenset({(str(path), 3)})

    def records(jobs, **limits):
        got = dict(check_events([str(path)], CheckJob(skip=skip, **limits), jobs=jobs, chunk=3))
        return [(r["source"], r["type"], r["verdict"], r["solution"], r["error"])
                for i in sorted(got) for r, _ in got[i]]

    bounded = records(2, timeout=60, max_memory=1 << 32)
    assert [(r[0]["line"], r[2]) for r in bounded] == [
        (2, "unique"), (7, "unique"), (8, "unique"), (9, "unique"), (10, "error"),
        (11, "unique")]
    assert "this one has 80" in bounded[4][4]
    assert bounded == records(2) == records(1) == records(1, timeout=60, max_memory=1 << 32)
    for jobs, limits in [(2, {"max_memory": 1 << 32}), (2, {}), (1, {})]:
        with pytest.raises(UsageError, match="reads sudoku"):
            list(check_events([str(path)], CheckJob(**limits), jobs=jobs, chunk=3,
                              puzzle_type="hashi"))

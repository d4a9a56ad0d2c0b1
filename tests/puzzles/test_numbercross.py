"""Number Cross: brute force over every shading of small boards (every mode,
any subset of totals), verify, the janko slice, files and bad input."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import strategies as st

from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import numbercross as N
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published


def brute(inst):
    """Every set of shaded cells whose rows and columns keep their totals."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    out = set()
    for bits in itertools.product((False, True), repeat=len(cells)):
        shaded = frozenset(c for c, b in zip(cells, bits) if b)
        rows = [sum(inst.numbers[r][c] for c in range(inst.cols) if (r, c) not in shaded)
                for r in range(inst.rows)]
        cols = [sum(inst.numbers[r][c] for r in range(inst.rows) if (r, c) not in shaded)
                for c in range(inst.cols)]
        if all(t is None or t == got for t, got in zip(inst.row_totals, rows)) and all(
                t is None or t == got for t, got in zip(inst.col_totals, cols)):
            out.add(shaded)
    return out


@st.composite
def tiny(draw):
    """A board of up to 3 x 4 numbers 1-4 (repeats make ties), totals from a
    random shading, some off by one, some left out."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    rng = random.Random(draw(st.integers(0, 10**9)))
    numbers = tuple(tuple(rng.randint(1, 4) for _ in range(cols)) for _ in range(rows))
    shaded = frozenset((r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.4)
    inst = N.Instance(rows, cols, numbers, (None,) * rows, (None,) * cols)
    chosen = [(kind, i, t + rng.choice([0, 0, 1])) for kind, i, t in N.clues_of(inst, shaded)
              if rng.random() < 0.8]
    return N.with_clues(inst, chosen)


test_modes_agree_with_brute_force = brute_force_harness(N.GENRE, tiny(), brute, examples=40)

INSTANCE = open("instances/numbercross/small-5x4.pzl").read()


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE, "n.pzl")
    inst, good = N.GENRE.from_document(doc), N.GENRE.expected_solution(doc)
    assert N.verify(inst, good) == []
    assert N.verify(inst, good - {(0, 0)}) == ["row 1 adds up to 19, not 13",
                                               "column 1 adds up to 8, not 2"]


def test_design_hooks_give_back_the_totals():
    doc = parse_text(INSTANCE, "n.pzl")
    inst, sol = N.GENRE.from_document(doc), N.GENRE.expected_solution(doc)
    assert N.clues_of(inst, sol) == N.clues(inst)
    assert N.with_clues(inst, N.clues(inst)) == inst
    assert "rows ? 11 17 4" in N.GENRE.to_pzl(N.with_clues(inst, N.clues(inst)[1:]))


def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(N.GENRE, datasets, "NumberCross") == (34, [])  # none malformed


@pytest.mark.parametrize("old,new,line,col,words", [
    ("rows 13 11 17 4", "rows 13 11 17", 4, 1, "the board 4 rows"),
    ("  2 4 2 9 7", "  2 4 . 9 7", 10, 7, "`.`"),
    ("cols 2 6 11 8 18", "cols 2 6 11 8 -3", 5, 15, "`-3`"),
])
def test_bad_pzl_has_position(old, new, line, col, words):
    got = error_at(INSTANCE.replace(old, new).split("solution")[0])
    assert got[:2] == (line, col) and words in got[2]


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "n.txt"
    bad.write_text("2 2\n1 2\n3 4\n1 2\n3 z\n")
    assert main(["solve", "--format", "grid-text", "--type", "NumberCross", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "n.txt:5:3" in err and "`z`" in err

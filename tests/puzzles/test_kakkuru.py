"""Kakkuru: brute force over the fillings of small boards (every mode, any
sum subset), verify, the janko slice, files and bad input."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import strategies as st

from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import kakkuru as K
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published


def fillings(inst):
    """Every grid whose rows' and columns' white cells hold 1..N once each."""
    n, rows, cols = inst.digits, inst.rows, inst.cols
    per_row = []
    for r in range(rows):
        white = [c for c in range(cols) if inst.cells[r][c] is None]
        per_row.append([dict(zip(white, p)) for p in itertools.permutations(range(1, n + 1))])
    for choice in itertools.product(*per_row):
        if all(sorted(row[c] for row in choice if c in row) == list(range(1, n + 1))
               for c in range(cols)):
            yield tuple(tuple(choice[r].get(c) for c in range(cols)) for r in range(rows))


def brute(inst):
    """The fillings in which every grey number is the sum of its eight neighbours."""
    out = set()
    for g in fillings(inst):
        if all(sum(g[r + dr][c + dc] or 0 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if 0 <= r + dr < inst.rows and 0 <= c + dc < inst.cols) == v
               for r, row in enumerate(inst.cells) for c, v in enumerate(row)
               if isinstance(v, int)):
            out.add(g)
    return out


@st.composite
def tiny(draw):
    """A 4 x 4 board with one or two grey cells per row and column (a union
    of permutations), sums from a random filling, or off by one, or blank."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    grey: set = set()
    for _ in range(draw(st.integers(1, 2))):
        while True:
            p = rng.sample(range(4), 4)
            if not any((r, p[r]) in grey for r in range(4)):
                grey |= {(r, p[r]) for r in range(4)}
                break
    cells = [[K.BLANK if (r, c) in grey else None for c in range(4)] for r in range(4)]
    inst = K.make(4, 4, cells)
    fill = rng.choice(sorted(fillings(inst)))
    chosen = []
    for r, c, v in K.clues_of(inst, fill):
        kind = draw(st.sampled_from(["sum", "sum", "off", "blank"]))
        if kind != "blank":
            chosen.append((r, c, v + (kind == "off")))
    return K.with_clues(inst, chosen)


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(), brute, examples=40)

INSTANCE = open("instances/kakkuru/small-4x4.pzl").read()


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE, "k.pzl")
    inst, good = K.GENRE.from_document(doc), K.GENRE.expected_solution(doc)
    assert K.verify(inst, good) == []
    swapped = tuple(tuple({1: 2, 2: 1}.get(v, v) for v in row) for row in good)
    assert K.verify(inst, swapped) == [
        "the cells around r1c2 add up to 11, not 10", "the cells around r2c4 add up to 10,"
        " not 11", "the cells around r3c1 add up to 10, not 11"]   # r4c3: 9 either way
    assert "row 1 holds 3 twice" in K.verify(inst, ((3, None, 3, 2),) + good[1:])
    assert K.verify(inst, good[:3]) == ["the grid is not 4 x 4"]


def test_design_hooks_give_back_the_sums():
    doc = parse_text(INSTANCE, "k.pzl")
    inst, sol = K.GENRE.from_document(doc), K.GENRE.expected_solution(doc)
    assert K.clues_of(inst, sol) == K.clues(inst)
    bare = K.with_clues(inst, [])
    assert bare.cells[0][1] == K.BLANK and K.clues(bare) == []
    assert K.GENRE.from_document(parse_text(K.GENRE.to_pzl(bare), "b.pzl")) == bare


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(K.GENRE, datasets, "Kakkuru") == (80, [])  # none malformed


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("old,new,line,col,words", [
    ("   .  .  9  .", "   .  .  9  5", 8, 4, "row 4 has 2 white cells, row 1 3"),
    ("   .  .  9  .", "   .  .  9  q", 8, 13, "`q`"),
])
def test_bad_pzl_has_position(old, new, line, col, words):
    got = error_at(INSTANCE.replace(old, new).split("solution")[0])
    assert got[:2] == (line, col) and words in got[2]


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "k.txt"
    bad.write_text("2 2\n- 3\n- -\n")
    assert main(["solve", "--format", "grid-text", "--type", "Kakkuru", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "k.txt:3:1" in err and "row 2 has 2 white cells, row 1 1" in err

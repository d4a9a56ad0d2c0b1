"""Tenner Grid: brute force over the fillings of narrow boards (every mode,
any clue subset), verify, the dev slice, files and bad input."""
from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import tennergrid as T
from tests.puzzles.genre_checks import brute_force_harness, error_at


def fillings(rows, cols):
    """Every grid of rows holding 0..cols-1 once, touching cells different."""
    perms = list(itertools.permutations(range(cols)))
    out = [()]
    for _ in range(rows):
        out = [g + (p,) for g in out for p in perms
               if not g or all(g[-1][c] != p[c + d] for c in range(cols) for d in (-1, 0, 1)
                               if 0 <= c + d < cols)]
    return out


FILLS = {(r, c): fillings(r, c) for r, c in [(2, 4), (3, 4), (2, 5)]}  # 3 wide has none


def brute(inst):
    """The fillings that keep the givens and make every total."""
    return {g for g in FILLS[(inst.rows, inst.cols)]
            if all(v is None or g[r][c] == v for r, row in enumerate(inst.givens)
                   for c, v in enumerate(row))
            and all(t is None or sum(row[c] for row in g) == t
                    for c, t in enumerate(inst.totals))}


@st.composite
def tiny(draw):
    """A 2 x 4, 3 x 4 or 2 x 5 board: givens and totals from a random filling,
    some totals off by one, some left out."""
    rows, cols = draw(st.sampled_from(sorted(FILLS)))
    rng = random.Random(draw(st.integers(0, 10**9)))
    g = rng.choice(FILLS[(rows, cols)])
    givens = [[g[r][c] if rng.random() < 0.15 else None for c in range(cols)]
              for r in range(rows)]
    totals = [rng.choice([None, 0, 0, 1]) for _ in range(cols)]
    totals = [None if t is None else sum(row[c] for row in g) + t for c, t in enumerate(totals)]
    return T.make(rows, cols, givens, totals)


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, tiny(), brute, examples=40)

INSTANCE = open("instances/tennergrid/small-5x3.pzl").read()


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE, "t.pzl")
    inst, good = T.GENRE.from_document(doc), T.GENRE.expected_solution(doc)
    assert T.verify(inst, good) == []
    bad = ((1, 2, 0, 3, 4), (0, 3, 4, 2, 1), (2, 4, 1, 3, 0))
    assert T.verify(inst, bad) == [
        "r2c3 and r3c2 touch and both hold 4", "column 1 adds up to 3, not 5",
        "column 2 adds up to 9, not 7"]
    assert "row 1 holds 1 twice" in T.verify(inst, ((1, 1, 0, 3, 4),) + good[1:])
    assert "r1c1 holds 4, not the given 1" in T.verify(inst, good[::-1])


def test_design_hooks_give_back_the_clues():
    doc = parse_text(INSTANCE, "t.pzl")
    inst, sol = T.GENRE.from_document(doc), T.GENRE.expected_solution(doc)
    assert set(T.clues(inst)) <= set(T.clues_of(inst, sol))
    assert T.with_clues(inst, T.clues(inst)) == inst


def test_dev_slice_unique_and_published(datasets):
    """Every board unique; equal to its published solution where it has one."""
    data = json.loads((datasets / "puzzlekit-dev" / "TennerGrid.json").read_text())["data"]
    assert len(data) == 75
    unpublished = []
    for key, rec in sorted(data.items()):
        inst = T.GENRE.from_grid_text(split(rec["problem"], key))
        res = engine.solve(T.GENRE, inst)
        assert res.verdict == "unique", key
        if not rec["solution"].strip():
            unpublished.append(key)
            continue
        assert res.solutions[0] == T.solution_from_grid_text(split(rec["solution"], key),
                                                             inst), key
    assert unpublished == ["1_6x10"]   # its record has an empty solution


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("old,new,line,col,words", [
    ("  1 . . . .", "  7 . . . .", 6, 3, "digit 7 at row 1, column 1 is above 4"),
    ("totals 5 7 5 8 5", "totals 5 7 5 8", 4, 1, "the board 5 columns"),
    ("totals 5 7 5 8 5", "totals 5 7 q 8 5", 4, 12, "`q`"),
])
def test_bad_pzl_has_position(old, new, line, col, words):
    got = error_at(INSTANCE.replace(old, new).split("solution")[0])
    assert got[:2] == (line, col) and words in got[2]


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "t.txt"
    bad.write_text("3 3\n0 - -\n- - -\n3 3 x\n")
    assert main(["solve", "--format", "grid-text", "--type", "TennerGrid", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "t.txt:4:5" in err and "`x`" in err
    bad.write_text("3 3\n0 - -\n- - -\n")
    assert main(["solve", "--format", "grid-text", "--type", "TennerGrid", str(bad)]) == 4
    assert "t.txt:3:5" in capsys.readouterr().err

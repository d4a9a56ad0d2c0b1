"""Mathrax: brute force over the 4 x 4 Latin squares (every mode, any clue
subset), verify, the janko slice, files and bad input."""
from __future__ import annotations

import random

import pytest
from hypothesis import strategies as st

from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import mathrax as M
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.test_jigsawsudoku import SQUARES


def obeys(clue, a, b):
    """A diagonal pair against a corner clue, written again."""
    total, op = clue
    hi, lo = max(a, b), min(a, b)
    return {"+": a + b == total, "-": hi - lo == total, "*": a * b == total,
            "/": hi == lo * total, "e": a % 2 == b % 2 == 0, "o": a % 2 == b % 2 == 1}[op]


def brute(inst):
    """The 4 x 4 Latin squares that keep the givens and obey every corner."""
    return {g for g in SQUARES[4]
            if all(v is None or g[r][c] == v for r, row in enumerate(inst.givens)
                   for c, v in enumerate(row))
            and all(k is None or (obeys(k, g[r][c], g[r + 1][c + 1])
                                  and obeys(k, g[r][c + 1], g[r + 1][c]))
                    for r, row in enumerate(inst.corners) for c, k in enumerate(row))}


@st.composite
def tiny(draw):
    """Givens and corner clues from a random Latin square (the clue of a
    random operation, which the square may break), some left out."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    g = rng.choice(sorted(SQUARES[4]))
    givens = [[g[r][c] if rng.random() < 0.15 else None for c in range(4)] for r in range(4)]
    corners = [[None] * 4 for _ in range(4)]
    for r in range(3):
        for c in range(3):
            if rng.random() < 0.5:
                a, b = g[r][c], g[r + 1][c + 1]
                op = rng.choice("+-*/eo")
                total = {"+": a + b, "-": abs(a - b), "*": a * b,
                         "/": max(a, b) // min(a, b)}.get(op, 0)
                corners[r][c] = (total, op)
    return M.make(4, givens, corners)


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, tiny(), brute, examples=40)

INSTANCE = open("instances/mathrax/small-4x4.pzl").read()


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE, "m.pzl")
    inst, good = M.GENRE.from_document(doc), M.GENRE.expected_solution(doc)
    assert M.verify(inst, good) == []
    shifted = ((2, 1, 4, 3), (4, 3, 2, 1), (1, 2, 3, 4), (3, 4, 1, 2))   # same corners
    assert M.verify(inst, shifted) == ["r1c2 holds 1, not the given 2"]
    other = ((1, 2, 3, 4), (2, 1, 4, 3), (3, 4, 1, 2), (4, 3, 2, 1))
    assert M.verify(inst, other) == ["the corner below right of r1c1 breaks 5+",
                                     "the corner below right of r1c2 breaks 1-"]
    assert "row 1 holds 1 twice" in M.verify(inst, ((1, 1, 3, 4),) + good[1:])


def test_clue_tokens_round_trip():
    for text, clue in [("4+", (4, "+")), ("12*", (12, "*")), ("12x", (12, "*")),
                       ("2/", (2, "/")), ("3-", (3, "-")), ("e", (0, "e")), ("o", (0, "o"))]:
        assert M.parse_clue(text) == clue and M.parse_clue(M.show_clue(clue)) == clue
    assert M.parse_clue("4") is None


def test_design_hooks_give_back_the_clues():
    doc = parse_text(INSTANCE, "m.pzl")
    inst, sol = M.GENRE.from_document(doc), M.GENRE.expected_solution(doc)
    assert set(M.clues(inst)) <= set(M.clues_of(inst, sol))
    assert M.with_clues(inst, M.clues(inst)) == inst


def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(M.GENRE, datasets, "Mathrax") == (35, [])  # none malformed


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("old,new,line,col,words", [
    ("  2-  .  .  .", "  2-  .  .  e", 11, 13, "lies on the board's edge"),
    ("  . 2 . .", "  . 5 . .", 5, 5, "digit 5 at row 1, column 2 is above 4"),
    ("  5+ 1-  .  .", "  5+ 1%  .  .", 10, 6, "`1%`"),
])
def test_bad_pzl_has_position(old, new, line, col, words):
    got = error_at(INSTANCE.replace(old, new).split("solution")[0])
    assert got[:2] == (line, col) and words in got[2]


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "m.txt"
    bad.write_text("3 3\n- - -\n- - -\n- - -\n4+ -\n- 7q\n")
    assert main(["solve", "--format", "grid-text", "--type", "Mathrax", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "m.txt:6:3" in err and "`7q`" in err
    bad.write_text("3 3\n- - -\n- - -\n- - -\n4+ -\n- - -\n")
    assert main(["solve", "--format", "grid-text", "--type", "Mathrax", str(bad)]) == 4
    assert "m.txt:6:5" in capsys.readouterr().err

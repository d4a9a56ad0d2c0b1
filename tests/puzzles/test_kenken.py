"""KenKen: brute force over the 4 x 4 Latin squares (every mode, any clue
subset), verify, the janko slice, files and bad input."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import strategies as st

from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import kenken as K
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.test_jigsawsudoku import SQUARES


def makes(op, total, digits):
    """The cage rule written again: +, *, - and / of two (either order), or any."""
    got = set()
    if op in "+?":
        got.add(sum(digits))
    if op in "*?":
        got.add(math.prod(digits))
    if len(digits) == 2:
        a, b = digits
        if op in "-?":
            got.add(abs(a - b))
        if op in "/?" and max(a, b) % min(a, b) == 0:
            got.add(max(a, b) // min(a, b))
    return total in got


def brute(inst):
    """The 4 x 4 Latin squares in which every clued cage makes its clue."""
    cages = {}
    for r in range(4):
        for c in range(4):
            cages.setdefault(inst.cages[r][c], []).append((r, c))
    clued = [(cages[inst.cages[r][c]], v) for r, row in enumerate(inst.clues)
             for c, v in enumerate(row) if v is not None]
    return {g for g in SQUARES[4]
            if all(makes(op, t, [g[r][c] for r, c in cells]) for cells, (t, op) in clued)}


@st.composite
def tiny(draw):
    """A 4 x 4 board cut into connected cages of 1 to 4 cells, clues taken
    from a random Latin square (a random operation that applies), or off by
    one, or left out."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    grid = rng.choice(sorted(SQUARES[4]))
    owner, k = {}, 0
    cells = [(r, c) for r in range(4) for c in range(4)]
    for cell in rng.sample(cells, 16):
        if cell in owner:
            continue
        k += 1
        cage, owner[cell] = [cell], k
        for _ in range(rng.randrange(4)):
            nb = [(r + dr, c + dc) for r, c in cage for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                  if (r + dr, c + dc) in cells and (r + dr, c + dc) not in owner]
            if nb:
                x = rng.choice(nb)
                owner[x] = k
                cage.append(x)
    names = [[str(owner[(r, c)]) for c in range(4)] for r in range(4)]
    clues = [[None] * 4 for _ in range(4)]
    for name in range(1, k + 1):
        cage = [c for c in cells if owner[c] == name]
        digits = [grid[r][c] for r, c in cage]
        ops = ["+", "*", "?"] + (["-", "/"] if len(cage) == 2 else [])
        op = draw(st.sampled_from(ops))
        kind = draw(st.sampled_from(["clue", "clue", "off", "none"]))
        total = {"-": abs(digits[0] - digits[-1]), "*": math.prod(digits)}.get(op, sum(digits))
        if op == "/":
            total = max(digits) // min(digits)
        if kind != "none":
            r, c = rng.choice(cage)
            clues[r][c] = (total + (kind == "off"), op)
    return K.make(4, clues, names)


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(), brute, examples=40)

INSTANCE = """puzzle kenken
size 4
grid
  12* . 2/ .
  3- 1- 2 4+
  . . 12* .
  3+ . . 4
cages
  a a b b
  c d e f
  c d g f
  h h g i
solution
  3 4 1 2
  4 3 2 1
  1 2 4 3
  2 1 3 4
"""


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE, "k.pzl")
    inst, good = K.GENRE.from_document(doc), K.GENRE.expected_solution(doc)
    assert K.verify(inst, good) == []
    rows = list(good)
    rows[0], rows[1] = rows[1], rows[0]     # still Latin: the cages break
    broken = K.verify(inst, tuple(rows))
    assert broken == ["the cage at r2c1 does not make 3-", "the cage at r2c2 does not make 1-",
                      "the cage at r2c3 does not make 2", "the cage at r2c4 does not make 4+"]
    assert "column 1 holds 3 twice" in K.verify(inst, (good[0],) * 4)
    assert K.verify(inst, good[:3]) == ["the grid is not 4 x 4"]


def test_clue_tokens_round_trip():
    for text, clue in [("24*", (24, "*")), ("24x", (24, "*")), ("2/", (2, "/")),
                       ("3-", (3, "-")), ("7+", (7, "+")), ("5", (5, "?"))]:
        assert K.parse_clue(text) == clue
        assert K.parse_clue(K.show_clue(clue)) == clue
    assert K.parse_clue("3%") is None


def test_design_hooks_give_back_the_clues():
    doc = parse_text(INSTANCE, "k.pzl")
    inst, sol = K.GENRE.from_document(doc), K.GENRE.expected_solution(doc)
    assert sorted(K.clues_of(inst, sol)) == sorted(K.clues(inst))
    assert K.with_clues(inst, K.clues(inst)) == inst


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(K.GENRE, datasets, "KenKen") == (86, [])  # none malformed


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("old,new,line,col,words", [
    ("h h g i", "i h g h", 12, 5, "not connected"),
    ("3+ . . 4", "3+ 2 . 4", 7, 6, "two clues"),
    ("12* . 2/ .", "12* . 2% .", 4, 9, "`2%`"),
    ("3- 1- 2 4+", "3- 1- 2- 4+", 5, 9, "needs a cage of two cells"),
])
def test_bad_pzl_has_position(old, new, line, col, words):
    assert old in INSTANCE
    got = error_at(INSTANCE.replace(old, new).split("solution")[0])
    assert got[:2] == (line, col) and words in got[2]


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "k.txt"
    bad.write_text("2 2\n3+ .\n3+ .\n1 2\n2 1\n")
    assert main(["solve", "--format", "grid-text", "--type", "KenKen", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "k.txt:4:1" in err and "cage `1` is not connected" in err

"""Fuzuli: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import fuzuli as S
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)

INSTANCE = ROOT / "instances" / "fuzuli" / "small-5x5.pzl"


@st.composite
def tiny(draw):
    """Boards of up to 3 x 4, k digits, a given in about one cell in five."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    k = draw(st.integers(1, min(rows, cols)))
    pick = st.sampled_from([None] * 5 + list(range(1, k + 1)))
    return S.make(rows, cols, [[draw(pick) for _ in range(cols)] for _ in range(rows)], k)


def brute(inst) -> set:
    """Rows that each place 1..k once, kept when the columns do too, every 2x2
    block has a blank and the givens stand."""
    k, n = inst.digits, inst.cols
    rows = [tuple(dict(zip(pos, range(1, k + 1))).get(c) for c in range(n))
            for pos in itertools.permutations(range(n), k)]
    out = set()
    for grid in itertools.product(rows, repeat=inst.rows):
        cols_ok = all(sorted(v for v in col if v) == list(range(1, k + 1)) for col in zip(*grid))
        full = any(None not in (grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1])
                   for r in range(inst.rows - 1) for c in range(n - 1))
        kept = all(g is None or grid[r][c] == g
                   for r, row in enumerate(inst.givens) for c, g in enumerate(row))
        if cols_ok and not full and kept:
            out.add(grid)
    return out


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(), brute, examples=40)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = S.FORMAT.from_document(doc), S.FORMAT.expected_solution(doc)
    assert S.verify(inst, good) == []
    pzl_round_trips(S.FORMAT, inst, good)
    bad = [list(row) for row in good]
    bad[0][0] = 2               # the given 3 changed: row 1 holds 2 twice, column 1 too
    bad[1][1] = 3               # r1c1-r2c2 is full now
    problems = S.verify(inst, tuple(map(tuple, bad)))
    assert any("r1c1 is 2, the given is 3" in p for p in problems)
    assert any("the line r1c1-r1c5 holds [1, 2, 2]" in p for p in problems)
    assert any("the line r1c2-r5c2 holds [1, 2, 3, 3]" in p for p in problems)
    assert any("the 2x2 block at r1c1 has no empty cell" in p for p in problems)
    assert S.verify(inst, good[:2]) == ["the grid is not 5 x 5"]


def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "Fuzuli") == (32, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle fuzuli\nsize 2 x 2\ndigits 2\ngrid\n  3 .\n  . .\n", 5, 3, "outside 1..2", None),
    ("puzzle fuzuli\nsize 2 x 2\ndigits 2\ngrid\n  . q\n  . .\n", 5, 5, "`q`", None),
    ("puzzle fuzuli\nsize 2 x 2\ndigits 3\ngrid\n  . .\n  . .\n", 3, 8, "do not fit", None),
    ("2 2 2\n- 3\n- -\n", 2, 3, "outside 1..2", "Fuzuli"),
    ("2 2 2\n- - -\n- -\n", 2, 5, "3 cells", "Fuzuli"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message

"""One to X: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import onetox as S
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import fillings, partition
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)

INSTANCE = ROOT / "instances" / "onetox" / "small-4x4.pzl"


@st.composite
def tiny(draw):
    """Up to 3 x 3, random regions of up to 3 cells, a few givens, and each
    row or column sum shown (drawn near its possible range) or not."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    names = partition(rows, cols, 3, random.Random(draw(st.integers(0, 10**9))))
    givens = [[draw(st.sampled_from([None] * 5 + [1, 2])) for _ in range(cols)]
              for _ in range(rows)]
    givens = [[g if g is None or g <= sum(row.count(names[r][c]) for row in names) else None
               for c, g in enumerate(line)] for r, line in enumerate(givens)]
    sums = st.sampled_from([None, None] + list(range(1, 10)))
    return S.make(rows, cols, givens, names, [draw(sums) for _ in range(rows)],
                  [draw(sums) for _ in range(cols)])


def brute(inst) -> set:
    """Fillings of 1..k per region with no equal orthogonal neighbours and the
    shown sums."""
    def ok(g):
        if any(g[r][c] == g[r][c + 1] for r in range(inst.rows) for c in range(inst.cols - 1)):
            return False
        if any(g[r][c] == g[r + 1][c] for r in range(inst.rows - 1) for c in range(inst.cols)):
            return False
        return (all(s is None or sum(row) == s for row, s in zip(g, inst.row_sums))
                and all(s is None or sum(col) == s for col, s in zip(zip(*g), inst.col_sums)))
    return {g for g in fillings(inst) if ok(g)}


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(), brute, examples=40)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = S.FORMAT.from_document(doc), S.FORMAT.expected_solution(doc)
    assert S.verify(inst, good) == []
    pzl_round_trips(S.FORMAT, inst, good)
    bad = ((1, 3, 2, 3), (2, 1, 3, 1), (3, 2, 1, 2), (2, 3, 1, 1))
    summed = replace(inst, col_sums=(8, 7, 9, 7))
    assert S.verify(summed, good) == []
    problems = S.verify(summed, bad)
    assert any("r4c3 and r4c4 are adjacent and both hold 1" in p for p in problems)
    assert any("column 2 adds up to 9, not 7" in p for p in problems)
    assert any("region at r3c1 holds [2, 3, 3]" in p for p in problems)
    assert S.verify(inst, good[:2]) == ["the grid is not 4 x 4"]
    given = S.with_clues(inst, [(0, 0, 2), (0, 1, 3)])
    assert any("r1c1 is 1, the given is 2" in p for p in S.verify(given, good))


def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "OneToX") == (12, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle onetox\nsize 2 x 1\nrows 3\ncols 1 2\ngrid\n  3 .\nregions\n  a a\n", 6, 3,
     "outside 1..2", None),
    ("puzzle onetox\nsize 3 x 1\nrows 3\ncols - - -\ngrid\n  . . .\nregions\n  a b a\n", 8, 7,
     "not connected", None),
    ("puzzle onetox\nsize 2 x 1\nrows x\ncols - -\ngrid\n  . .\nregions\n  a a\n", 3, 6,
     "`x`", None),
    ("1 2\n1 2\n3\n- 3\n1 1\n", 4, 3, "outside 1..2", "OneToX"),
    ("1 2\n1 2 5\n3\n- -\n1 1\n", 2, 5, "3", "OneToX"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message

"""Patchwork: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import patchwork as P
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import fillings
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "patchwork" / "six.pzl"


def cut(rows: int, cols: int, k: int, rng: random.Random) -> list[list[str]]:
    """A random cut of the board into connected regions of exactly k cells
    (grown from the first free cell; strips of k along the rows when twenty
    tries fail)."""
    for _ in range(20):
        names = [[None] * cols for _ in range(rows)]
        ok = True
        for n in range(rows * cols // k):
            start = next((r, c) for r in range(rows) for c in range(cols) if names[r][c] is None)
            region = [start]
            names[start[0]][start[1]] = n
            while len(region) < k:
                grow = [(r + dr, c + dc) for r, c in region
                        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= r + dr < rows and 0 <= c + dc < cols
                        and names[r + dr][c + dc] is None]
                if not grow:
                    ok = False
                    break
                r, c = rng.choice(grow)
                names[r][c] = n
                region.append((r, c))
            if not ok:
                break
        if ok:
            return [[str(v) for v in row] for row in names]
    return [[str((r * cols + c) // k) for c in range(cols)] for r in range(rows)]


@st.composite
def tiny(draw):
    """k in 1..3, sides multiples of k, at most 12 cells, givens in about one cell in five."""
    k = draw(st.integers(1, 3))
    rows = k * draw(st.integers(1, max(1, 4 // k)))
    cols = k * draw(st.integers(1, max(1, 12 // (rows * k))))
    names = cut(rows, cols, k, random.Random(draw(st.integers(0, 10**9))))
    givens = [[draw(st.sampled_from([None] * 4 + list(range(1, k + 1)))) for _ in range(cols)]
              for _ in range(rows)]
    return P.make(rows, cols, givens, names)


def brute(inst) -> set:
    """Fillings of 1..k per region with every digit len/k times per row and
    column and no two side-by-side cells equal."""
    k = len(inst.room_cells[0])

    def balanced(line) -> bool:
        return Counter(line) == {v: len(line) // k for v in range(1, k + 1)}

    def ok(g):
        return (all(balanced(row) for row in g) and all(balanced(col) for col in zip(*g))
                and not any(g[r][c] == g[r + dr][c + dc]
                            for r in range(inst.rows) for c in range(inst.cols)
                            for dr, dc in ((0, 1), (1, 0))
                            if r + dr < inst.rows and c + dc < inst.cols))
    return {g for g in fillings(inst) if ok(g)}


test_modes_agree_with_brute_force = brute_force_harness(P.GENRE, tiny(), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny())
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    for g in fillings(inst):
        assert (P.verify(inst, g) == []) == (g in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = P.FORMAT.from_document(doc), P.FORMAT.expected_solution(doc)
    assert P.verify(inst, good) == []
    bad = (good[1],) + good[1:]   # row 1 copies row 2: regions and columns break
    problems = P.verify(inst, bad)
    assert "r1c1 and r2c1 are side by side and both hold 3" in problems
    assert any(p.startswith("the column through r1c1 holds") for p in problems)
    assert any(p.startswith("the region at r1c1 holds") for p in problems)
    assert P.verify(inst, good[:3]) == ["the grid is not 6 x 6"]
    swapped = tuple(tuple(row[::-1]) for row in good)   # regions broken, rows still balanced
    assert not any(p.startswith("the row") for p in P.verify(inst, swapped))


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(P.GENRE, datasets, "Patchwork") == (43, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle patchwork\nsize 2 x 1\ngrid\n  3 .\nregions\n  a a\n", 4, 3, "outside 1..2", None),
    ("puzzle patchwork\nsize 2 x 2\ngrid\n  . .\n  . .\nregions\n  a a\n  a b\n", 8, 5,
     "has 1 cells", None),
    ("puzzle patchwork\nsize 3 x 2\ngrid\n  . . .\n  . . .\nregions\n  a a b\n  c c b\n", 7, 3,
     "must divide", None),
    ("puzzle patchwork\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", 6, 7, "not connected",
     None),
    ("1 2\n- 3\n1 1\n", 2, 3, "outside 1..2", "Patchwork"),
    ("1 2\n- x\n1 1\n", 2, 3, "`x`", "Patchwork"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message

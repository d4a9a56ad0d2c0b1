"""Trinairo: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import trinairo as T
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "trinairo" / "small-6x6.pzl"
ROWS = {n: [r for r in itertools.product((1, 2, 3), repeat=n)
            if all(3 * r.count(v) == n for v in (1, 2, 3))] for n in (3, 6)}


def brute(inst) -> set:
    """Grids of balanced rows with balanced columns, keeping the givens, grey cells unlike
    their orthogonal neighbours (rows placed one by one, a column never over a third)."""
    out, third = set(), inst.rows // 3

    def go(rows):
        r = len(rows)
        if r == inst.rows:
            grid = tuple(rows)
            if not any(grid[y][x] == grid[y + dy][x + dx] for y, x in inst.grey
                       for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if 0 <= y + dy < inst.rows and 0 <= x + dx < inst.cols):
                out.add(grid)
            return
        for row in ROWS[inst.cols]:
            if any(v is not None and row[c] != v for c, v in enumerate(inst.givens[r])):
                continue
            if all(sum(p[c] == row[c] for p in rows) < third for c in range(inst.cols)):
                go(rows + [row])

    go([])
    return out


@st.composite
def tiny(draw, shapes=((3, 3), (6, 3))):
    rows, cols = draw(st.sampled_from(shapes))
    givens = [[draw(st.sampled_from([None] * 4 + [1, 2, 3])) for _ in range(cols)]
              for _ in range(rows)]
    grey = [(r, c) for r in range(rows) for c in range(cols) if draw(st.integers(0, 5)) == 0]
    return T.Instance(rows, cols, tuple(map(tuple, givens)), tuple(grey))


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, tiny(), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny(shapes=((3, 3),)))
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    for grid in itertools.product(ROWS[inst.cols], repeat=inst.rows):
        assert (T.verify(inst, grid) == []) == (grid in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = T.FORMAT.from_document(doc), T.FORMAT.expected_solution(doc)
    assert T.verify(inst, good) == []
    bad = good[:2] + ((3, 2, 1, 1, 3, 2),) + good[3:]
    problems = T.verify(inst, bad)
    assert "grey r3c3 and its neighbour r3c4 both hold 1" in problems
    assert "column 4 holds 3 x 1, 2 x 2, 1 x 3, not 2 of each" in problems
    assert T.verify(inst, good[:2]) == ["the grid is not 6 x 6"]


def test_grey_tokens_read_both_ways_and_print_one():
    text = "puzzle trinairo\nsize 3 x 3\ngrid\n  x2 . x\n  . 1 .\n  . . 3x\n"
    inst = T.FORMAT.from_document(parse_text(text, "t.pzl"))
    assert inst.grey == ((0, 0), (0, 2), (2, 2)) and inst.givens[0][0] == 2
    assert "  2x  .  x\n" in T.FORMAT.to_pzl(inst)


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(T.GENRE, datasets, "Trinairo") == (12, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle trinairo\nsize 3 x 3\ngrid\n  4 . .\n  . . .\n  . . .\n", 4, 3, "above 3", None),
    ("puzzle trinairo\nsize 3 x 3\ngrid\n  . 4x .\n  . . .\n  . . .\n", 4, 5, "`4x`", None),
    ("puzzle trinairo\nsize 3 x 2\ngrid\n  . . .\n  . . .\n", 2, 1, "multiples of 3", None),
    ("3 3\n- - y\n- - -\n- - -\n", 2, 5, "`y`", "Trinairo"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message

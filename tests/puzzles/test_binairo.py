"""Binairo: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import binairo as B
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "binairo" / "small-6x6.pzl"


def fine(line) -> bool:
    """Half 1s, half 2s, no three alike in a row."""
    return (2 * line.count(1) == len(line)
            and not any(a == b == c for a, b, c in zip(line, line[1:], line[2:])))


def brute(inst) -> set:
    """Grids of fine rows whose columns are fine and that keep the givens."""
    rows = [r for r in itertools.product((1, 2), repeat=inst.cols) if fine(r)]
    out = set()
    for grid in itertools.product(rows, repeat=inst.rows):
        if all(fine(col) for col in zip(*grid)) and all(
                v in (None, grid[r][c]) for r, row in enumerate(inst.givens)
                for c, v in enumerate(row)):
            out.add(grid)
    return out


@st.composite
def tiny(draw, shapes=((2, 2), (2, 4), (4, 2), (4, 4), (2, 6), (6, 2))):
    rows, cols = draw(st.sampled_from(shapes))
    givens = [[draw(st.sampled_from([None] * 5 + [1, 2])) for _ in range(cols)]
              for _ in range(rows)]
    return B.Instance(rows, cols, tuple(map(tuple, givens)))


test_modes_agree_with_brute_force = brute_force_harness(B.GENRE, tiny(), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny(shapes=((2, 2), (2, 4), (4, 2))))
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    for grid in itertools.product(itertools.product((1, 2), repeat=inst.cols), repeat=inst.rows):
        assert (B.verify(inst, grid) == []) == (grid in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = B.FORMAT.from_document(doc), B.FORMAT.expected_solution(doc)
    assert B.verify(inst, good) == []
    bad = ((1, 1, 1, 2, 2, 2),) + good[1:]
    problems = B.verify(inst, bad)
    assert "r1c5 is 2, the given is 2" not in problems
    assert "r1c1, r1c2 and r1c3 all hold 1 (row 1)" in problems
    assert "column 3 holds 4 x 1, 2 x 2, not 3 of each" in problems
    assert B.verify(inst, good[:2]) == ["the grid is not 6 x 6"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(B.GENRE, datasets, "Binairo") == (76, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle binairo\nsize 2 x 2\ngrid\n  3 .\n  . .\n", 4, 3, "above 2", None),
    ("puzzle binairo\nsize 2 x 2\ngrid\n  . w\n  . .\n", 4, 5, "`w`", None),
    ("puzzle binairo\nsize 3 x 2\ngrid\n  . . .\n  . . .\n", 2, 1, "even number", None),
    ("2 2\n1 0\n- -\n", 2, 3, "below 1", "Binairo"),
    ("2 2\n1 -\n- - 1\n", 3, 5, "row 2 has 3 cells", "Binairo"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_odd_givens_make_no_solution_not_an_error():
    """Givens that already break a line's balance: no solution (the encoding's empty clause)."""
    from satlink import engine
    inst = B.Instance(2, 4, ((1, 1, 1, None), (None,) * 4))
    assert engine.solve(B.GENRE, inst).verdict == "none"

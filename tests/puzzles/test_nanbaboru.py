"""Nanbaboru: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.puzzles import nanbaboru as B
from tests.puzzles.genre_checks import brute_force_harness, pzl_round_trips, unique_and_published
from tests.puzzles.loop_checks import check_error


def grids(n: int, k: int):
    """Every n x n grid whose rows hold 1..k once each (others 0), by rows."""
    rows = []
    for cols in itertools.permutations(range(n), k):
        row = [0] * n
        for v, c in enumerate(cols, 1):
            row[c] = v
        rows.append(tuple(row))
    return itertools.product(rows, repeat=n)


def oracle(inst) -> set[tuple]:
    """The grids whose columns hold 1..k once too and that keep every given."""
    out = set()
    for g in grids(inst.rows, inst.k):
        if any(sorted(v for v in col if v) != list(range(1, inst.k + 1)) for col in zip(*g)):
            continue
        if all(v is None or (g[r][c] != 0 if v == B.NUMBERED else g[r][c] == v)
               for r, row in enumerate(inst.givens) for c, v in enumerate(row)):
            out.add(g)
    return out


@st.composite
def boards(draw):
    n, k = draw(st.sampled_from([(2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (4, 2)]))
    kinds = st.sampled_from([None, None, None, B.NUMBERED, B.BLANK, *range(1, k + 1)])
    givens = tuple(tuple(draw(kinds) for _ in range(n)) for _ in range(n))
    return B.Instance(n, n, k, givens)


test_modes_agree_with_brute_force = brute_force_harness(B.GENRE, boards(), oracle, examples=40)

BOARD = B.Instance(3, 3, 2, ((B.NUMBERED, None, None), (None, B.BLANK, None), (None, None, 2)))
GOOD = ((1, 2, 0), (2, 0, 1), (0, 1, 2))


def test_verify_names_broken_rules():
    assert B.verify(BOARD, GOOD) == []
    assert GOOD in oracle(BOARD)
    assert "row 1 holds 1 2 2" in B.verify(BOARD, ((1, 2, 2), (2, 0, 1), (0, 1, 2)))[0]
    shifted = ((0, 2, 1), (2, 1, 0), (1, 0, 2))
    problems = B.verify(BOARD, shifted)
    assert "r1c1 holds nothing, the given says a number" in problems
    assert "r2c2 holds 1, the given says empty" in problems
    assert B.verify(BOARD, ((1, 2),)) == ["the grid is not 3 x 3"]
    assert "not one of 0-2" in B.verify(BOARD, ((1, 2, 3), (2, 0, 1), (0, 1, 2)))[0]


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(B.GENRE, datasets, "Nanbaboru")
    assert records == 54 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(oracle(inst))
    pzl_round_trips(B.GENRE.text, inst, sols[0] if with_solution and sols else None)


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle nanbaboru\nsize 2 x 2\nnumbers 2\ngrid\n  . q\n  . .\n", None, 5, 5, "`q`"),
    ("puzzle nanbaboru\nsize 2 x 2\nnumbers 1\ngrid\n  . 2\n  . .\n", None, 5, 5, "above 1"),
    ("puzzle nanbaboru\nsize 2 x 2\nnumbers 3\ngrid\n  . .\n  . .\n", None, 3, 9, "do not fit"),
    ("puzzle nanbaboru\nsize 3 x 2\nnumbers 2\ngrid\n  . . .\n  . . .\n", None, 5, 3, "square"),
    ("puzzle nanbaboru\nsize 2 x 2\ngrid\n  . .\n  . .\n", None, 1, 1, "missing `numbers`"),
    ("2 2 2\n. o\n1\n", "Nanbaboru", 3, 1, "row 2 has 1 cells"),
    ("2 2\n. o\n1 .\n", "Nanbaboru", 1, 1, ""),
    ("2 2 2\n. y\n1 .\n", "Nanbaboru", 2, 3, "`y`"),
    # janko's circle `0` is no `.pzl` glyph: there it is a number below 1
    ("puzzle nanbaboru\nsize 2 x 2\nnumbers 1\ngrid\n  . 0\n  . .\n", None, 5, 5, "below 1"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

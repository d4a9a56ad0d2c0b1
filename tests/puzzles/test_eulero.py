"""Eulero: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import eulero as E
from tests.helpers import ROOT
from tests.puzzles import edge_checks
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)
from tests.rules.test_edge_views import squares

INSTANCES = sorted((ROOT / "instances" / "eulero").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set:
    """Every pair of Latin squares (listed directly) whose superposition
    holds every pair once and keeps the given digits; without ``verify``."""
    n, out = inst.size, set()
    latin = squares(n, n, False)
    for a, b in itertools.product(latin, repeat=2):
        grid = tuple(tuple(zip(ra, rb)) for ra, rb in zip(a, b))
        if len({p for row in grid for p in row}) != n * n:
            continue
        if all(g is None or all(v is None or v == have for v, have in zip(g, grid[r][c]))
               for r, row in enumerate(inst.givens) for c, g in enumerate(row)):
            out.add(grid)
    return out


@st.composite
def tiny(draw):
    n = draw(st.integers(1, 3))

    def cell():
        if draw(st.integers(0, 3)):
            return None
        pair = (draw(st.one_of(st.none(), st.integers(1, n))),
                draw(st.one_of(st.none(), st.integers(1, n))))
        return None if pair == (None, None) else pair

    return E.Instance(n, tuple(tuple(cell() for _ in range(n)) for _ in range(n)))


test_modes_agree_with_brute_force = brute_force_harness(E.GENRE, tiny(), brute, examples=30)


# -- verify, from the rules ----------------------------------------------------------------------
BOARD = E.Instance(3, (((1, None), None, None), (None, None, None), (None, None, (None, 3))))
GOOD = (((1, 1), (2, 2), (3, 3)), ((2, 3), (3, 1), (1, 2)), ((3, 2), (1, 3), (2, 1)))


@pytest.mark.parametrize("sol, words", [
    ((((1, 3), (2, 2), (3, 1)), ((2, 1), (3, 3), (1, 2)), ((3, 2), (1, 1), (2, 3))), None),
    (GOOD, "r3c3 holds 1 as its second digit, the given is 3"),
    ((((1, 1), (2, 2), (3, 3)), ((2, 2), (3, 3), (1, 1)), ((3, 3), (1, 1), (2, 2))),
     "appears 3 times"),
    ((((1, 1), (1, 2), (3, 3)), ((2, 3), (3, 1), (1, 2)), ((3, 2), (1, 3), (2, 1))),
     "first digits: row 1 holds 1 twice"),
    ((((1, 1), (2, 2)), ((2, 3), (3, 1))), "not 3 x 3"),
])
def test_verify(sol, words):
    problems = E.verify(BOARD, sol)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -------------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(E.GENRE, datasets, "Eulero") == (58, [])  # none malformed


# -- files ---------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst))
    edge_checks.round_trip(E.GENRE, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    doc = parse_text(INSTANCES[0].read_text(), "x.pzl")
    inst, sol = E.GENRE.from_document(doc), E.GENRE.expected_solution(doc)
    assert E.solution_json(inst, sol) == [[list(p) for p in row] for row in sol]
    assert sorted(E.cells(inst, sol).values()) == sorted(
        f"{a}{b}" for a in range(1, 5) for b in range(1, 5))
    assert "13" in E.GENRE.render_text(inst, sol)


# -- bad input -----------------------------------------------------------------------------------
PZL = "puzzle eulero\nsize 3\ngrid\n  11 . .\n  . . .\n  . . 03\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("11 . .", "14 . ."), 4, 3, "outside 1..3", None),
    (PZL.replace("11 . .", "1x . ."), 4, 3, "`1x`", None),
    (PZL.replace("11 . .", "111 . ."), 4, 3, "`111`", None),
    (PZL + "solution\n  11 22 33\n  23 31 12\n  32 13 2\n", 10, 9, "`2`", None),
    (PZL + "solution\n  11 22 33\n  23 31 12\n  32 13 20\n", 10, 9, "needs both", None),
    ("3 3\n00 00 00\n00 40 00\n00 00 00\n", 3, 4, "outside 1..3", "Eulero"),
    ("3 3\n00 00 00\n00 a1 00\n00 00 00\n", 3, 4, "`a1`", "Eulero"),
])


def test_cli_exit_codes(capsys, tmp_path):
    edge_checks.exit_codes(capsys, tmp_path, INSTANCES[0], PZL.replace("11 . .", "14 . ."),
                           "4:3")

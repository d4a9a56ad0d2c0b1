"""Bricks: brute force, the dev slice, files, errors."""
from __future__ import annotations

import dataclasses
import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import bricks as B
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, errors_have_positions

INSTANCES = sorted((ROOT / "instances" / "bricks").glob("*.pzl"))


def brute(inst) -> set:
    """Every Latin square (rows as permutations) whose whole bricks hold an
    odd and an even number and that keeps the givens, by brute force."""
    n = inst.size
    shift = 0 if inst.wall == "whole" else 1
    out = set()
    for rows in itertools.product(itertools.permutations(range(1, n + 1)), repeat=n):
        if any(len({rows[r][c] for r in range(n)}) != n for c in range(n)):
            continue
        if any(rows[r][c] % 2 == rows[r][c + 1] % 2 for r in range(n)
               for c in range((r + shift) % 2, n - 1, 2)):
            continue
        if all(g is None or rows[r][c] == g for r, row in enumerate(inst.givens)
               for c, g in enumerate(row)):
            out.add(tuple(rows))
    return out


@st.composite
def tiny(draw):
    n = draw(st.integers(1, 3))
    givens = tuple(tuple(draw(st.one_of(st.none(), st.none(), st.integers(1, n)))
                         for _ in range(n)) for _ in range(n))
    return B.Instance(n, givens, draw(st.sampled_from(("whole", "half"))))


test_modes_agree_with_brute_force = brute_force_harness(B.GENRE, tiny(), brute, examples=30)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = B.Instance(2, ((1, None), (None, None)))


@pytest.mark.parametrize("sol, words", [
    (((1, 2), (2, 1)), None),
    (((1, 2), (1, 2)), "column 1"),
    (((2, 1), (1, 2)), "given 1"),
    (((1, 2, 3), (2, 1, 3)), "not 2 x 2"),
])
def test_verify(sol, words):
    problems = B.verify(BOARD, sol)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_bricks():
    inst = B.Instance(4, ((None,) * 4,) * 4)
    square = ((1, 3, 2, 4), (2, 1, 4, 3), (3, 4, 1, 2), (4, 2, 3, 1))
    assert any("brick r1c1-r1c2" in p for p in B.verify(inst, square))


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    """Every record unique and equal to its published solution. janko's
    walls 011-030 (8 x 8) start with a half brick, which the grid text
    does not record: read as `whole` they have no or several solutions,
    with `wall half` one, the published."""
    data = json.loads((datasets / "puzzlekit-dev" / "Bricks.json").read_text())["data"]
    half = []
    for key, entry in sorted(data.items()):
        inst = B.GENRE.from_grid_text(split(entry["problem"], key))
        pub = B.GENRE.solution_from_grid_text(split(entry["solution"], key), inst)
        res = engine.solve(B.GENRE, inst)
        if res.verdict != "unique" or res.solutions[0] != pub:
            half.append(key)
            res = engine.solve(B.GENRE, dataclasses.replace(inst, wall="half"))
        assert res.verdict == "unique" and res.solutions[0] == pub, key
    assert (len(data), half) == (42, ["11_8x8", "16_8x8", "25_8x8", "30_8x8"])


# -- files -----------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = engine.solve(B.GENRE, inst).solutions
    sol = sols[0] if with_solution and sols else None
    text = B.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert B.FORMAT.from_document(doc) == inst
    assert B.FORMAT.expected_solution(doc) == sol
    assert B.FORMAT.to_pzl(B.FORMAT.from_document(doc), sol) == text


def test_outputs():
    sol = ((1, 2), (2, 1))
    assert B.GENRE.solution_json(BOARD, sol) == [[1, 2], [2, 1]]
    assert B.GENRE.cells(BOARD, sol) == {"r1c1": 1, "r1c2": 2, "r2c1": 2, "r2c2": 1}
    assert "2" in B.GENRE.render_text(BOARD, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows, head=""):
    return f"puzzle bricks\nsize {len(rows)}\n{head}grid\n" + "".join(f"  {r}\n" for r in rows)


test_bad_input_has_position = errors_have_positions([
    (pzl([". q", ". ."]), 4, 5, "`q`", None),
    (pzl([". 3", ". ."]), 4, 5, "not a number 1-2", None),
    (pzl([". .", ". ."], "wall odd\n"), 3, 6, "`odd`", None),
    ("2 2\n- 3\n- -\n", 2, 3, "not a number 1-2", "Bricks"),
    ("2 3\n- - -\n- - -\n", 1, 1, "square", "Bricks"),
])


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". q", ". ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:5" in err and "Traceback" not in err

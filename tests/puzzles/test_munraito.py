"""Munraito: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import munraito as M
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "munraito").glob("*.pzl"))
STEPS = {8: (-1, 0), 4: (0, -1), 2: (1, 0), 1: (0, 1)}


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """A star column and a cloud column per row (permutations), light
    walked cell by cell from each planet side."""
    n, m = inst.rows, inst.cols
    planets = dict(inst.planets)
    out = set()
    if n != m:  # one of each per row and per column needs a square board
        return out
    for sp in itertools.permutations(range(m)):
        stars = {(r, sp[r]) for r in range(n)}
        if stars & set(planets):
            continue
        for cp in itertools.permutations(range(m)):
            clouds = {(r, cp[r]) for r in range(n)}
            if clouds & (stars | set(planets)):
                continue
            good = True
            for (r, c), k in planets.items():
                total = 0
                for bit, (dr, dc) in STEPS.items():
                    y, x = r + dr, c + dc
                    while 0 <= y < n and 0 <= x < m and (y, x) not in planets:
                        if (y, x) in stars:
                            total += bit
                            break
                        if (y, x) in clouds:
                            break
                        y, x = y + dr, x + dc
                good &= total == k
            if good:
                out.add(frozenset([(x, M.STAR) for x in stars] + [(x, M.CLOUD) for x in clouds]))
    return out


@st.composite
def tiny(draw):
    n = draw(st.integers(1, 4))
    m = n if draw(st.integers(0, 4)) else draw(st.integers(1, 4))
    cells = [(r, c) for r in range(n) for c in range(m)]
    planets = [(x, draw(st.integers(0, 15))) for x in cells if draw(st.integers(0, 5)) == 0]
    return M.Instance(n, m, tuple(planets))


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
SOL = satlink.load(INSTANCES[0])[0].expected


@pytest.mark.parametrize("change, words", [
    ((), None),
    ((((0, 0), M.STAR),), "row 1 has 0 stars"),
    ((((0, 0), M.STAR), ((0, 3), M.STAR)), "the planet 0 at r1c3 is lit as 1"),
    ((((0, 0), M.STAR), ((0, 2), M.STAR)), "not on a free cell"),
])
def test_verify(change, words):
    inst = satlink.load(INSTANCES[0])[0].instance
    problems = M.verify(inst, frozenset(set(SOL) ^ set(change)))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(M.GENRE, datasets, "Munraito") == (72, [])  # none malformed


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = M.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert M.FORMAT.from_document(doc) == inst
    assert M.FORMAT.expected_solution(doc) == sol
    assert M.FORMAT.to_pzl(M.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    js = M.solution_json(inst, sol)
    assert len(js["stars"]) == len(js["clouds"]) == inst.rows
    assert sorted(M.cells(inst, sol).values()).count(M.STAR) == inst.rows
    assert "*" in M.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("munraito", rows)


test_bad_input_has_position = errors_have_positions([
    (pzl([". q .", ". . .", ". . ."]), 4, 5, "`q`", None),
    (pzl([". 16 .", ". . .", ". . ."]), 4, 5, "above 15", None),
    (pzl([". 1 .", ". . .", ". . ."]) + "solution\n  s z .\n  . . .\n  . . .\n", 8, 5, "`z`",
     None),
    ("2 2\n- 16\n- -\n", 2, 3, "above 15", "Munraito"),
    ("2 2\n- w\n- -\n", 2, 3, "`w`", "Munraito"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("3 3\n- - -\n- - -\n- - -\n")
    assert main(["check", "--format", "grid-text", "--type", "Munraito", str(several)]) == 1
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". q .", ". . .", ". . ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:5" in err and "Traceback" not in err

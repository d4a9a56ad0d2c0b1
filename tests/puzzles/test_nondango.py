"""Nondango: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import nondango as N
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, errors_have_positions

INSTANCES = sorted((ROOT / "instances" / "nondango").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every colouring of the circles with one black per region and no
    three equal colours on consecutive cells of a line."""
    circles = list(inst.circles)
    regions = {}
    for r, row in enumerate(inst.regions):
        for c, k in enumerate(row):
            regions.setdefault(k, []).append((r, c))
    out = set()
    for bits in itertools.product((0, 1), repeat=len(circles)):
        colour = dict(zip(circles, bits))
        if any(sum(colour.get(c, 0) for c in cells) != 1 for cells in regions.values()):
            continue
        bad = False
        for (r, c), (dr, dc) in itertools.product(colour, ((0, 1), (1, 0), (1, 1), (1, -1))):
            line = [(r + k * dr, c + k * dc) for k in range(3)]
            if all(x in colour for x in line) and len({colour[x] for x in line}) == 1:
                bad = True
        if not bad:
            out.add(frozenset(c for c in circles if colour[c]))
    return out


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    # regions: vertical strips or horizontal strips of random widths, then cut
    cut = draw(st.integers(1, max(1, cols)))
    regions = tuple(tuple((c // cut) + (r // 2) * 10 for c in range(cols)) for r in range(rows))
    circles = tuple(x for x in cells if draw(st.integers(0, 3)))
    return N.Instance(rows, cols, regions, circles)


test_modes_agree_with_brute_force = brute_force_harness(N.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
ROW = N.Instance(1, 4, ((0, 0, 1, 1),), ((0, 0), (0, 1), (0, 2), (0, 3)))


@pytest.mark.parametrize("black, words", [
    ({(0, 0), (0, 3)}, None),
    ({(0, 1), (0, 2)}, None),
    ({(0, 0), (0, 2)}, None),
    ({(0, 1), (0, 3)}, None),
    ({(0, 0)}, "has 0 black circles"),
    ({(0, 0), (0, 1), (0, 3)}, "has 2 black circles"),
    ({(0, 0), (0, 3), (0, 9)}, "holds no circle"),
])
def test_verify(black, words):
    problems = N.verify(ROW, frozenset(black))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_three_in_a_line():
    one = N.Instance(1, 3, ((0, 0, 0),), ((0, 0), (0, 1), (0, 2)))
    assert any("three white circles in a line from r1c1" in p for p in N.verify(one, frozenset()))
    apart = N.Instance(1, 3, ((0, 1, 2),), ((0, 0), (0, 1), (0, 2)))
    assert any("three black circles" in p for p in N.verify(apart, frozenset(apart.circles)))
    assert engine.solve(N.GENRE, apart).verdict == "none"


# -- the dev slice -----------------------------------------------------------------------------
#: janko 014: two solutions under the rules (the circles r2c5 and r3c5 of one region swap).
AMBIGUOUS = {"14_10x10"}


def test_dev_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Nondango.json").read_text())["data"]
    compared, malformed = 0, []
    for key, entry in sorted(data.items()):
        try:
            inst = N.GENRE.from_grid_text(split(entry["problem"], key))
        except InputError:
            malformed.append(key)
            continue
        res = engine.solve(N.GENRE, inst)
        published = N.GENRE.solution_from_grid_text(split(entry["solution"], key), inst)
        if key in AMBIGUOUS:
            assert res.verdict == "multiple" and N.verify(inst, published) == [], key
            continue
        assert res.verdict == "unique" and res.solutions[0] == published, key
        compared += 1
    assert (len(data), compared, malformed) == (22, 21, [])


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = N.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert N.FORMAT.from_document(doc) == inst
    assert N.FORMAT.expected_solution(doc) == sol
    assert N.FORMAT.to_pzl(N.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert N.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(N.GENRE.cells(inst, sol).values()) == len(sol) == 8
    assert "●" in N.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle nondango\nsize 3 x 2\ngrid\n  o o .\n  . o o\nregions\n  a a b\n  a b b\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("  o o .", "  o q ."), 4, 5, "`q`", None),
    (PZL.replace("  a b b", "  b a a"), 8, 3, "not connected", None),
    (PZL.replace("  a b b", "  a b"), 8, 5, "row 2 has 2 cells", None),
    ("2 3\nx x -\n- x q\n1 1 2\n1 2 2\n", 3, 5, "`q`", "Nondango"),
    ("2 3\nx x -\n- x x\n1 1 2\n2 1 1\n", 5, 1, "not connected", "Nondango"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("1 2\nx x\n1 1\n")
    assert main(["check", "--format", "grid-text", "--type", "Nondango", str(several)]) == 1
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(PZL.replace("  o o .", "  o q ."))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/nondango.js: the URL and its accepted answer
    (`#` a black circle)."""
    url = "https://puzz.link/p?nondango/6/6/5jlp72e15tpq2i3ikht0"
    genre, inst = puzzlink.decode(url)
    assert genre is N.GENRE and len(inst.circles) == 21
    assert puzzlink.encode(N.GENRE, inst) == url
    answer = "# % % . % . /% # . % % # /% . . . # o /. % . % . o /o . # o # . /. . . # . # /"
    black = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
             for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(N.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == black

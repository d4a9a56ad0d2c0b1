"""Mosaic: brute force, verify, the dev slice, files, errors."""
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
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import mosaic as M
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, errors_have_positions, grid_pzl

INSTANCES = sorted((ROOT / "instances" / "mosaic").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every shading whose 3 x 3 blocks hold their numbers' counts."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        on = {c for c, b in zip(cells, bits) if b}
        if all(sum((r + dr, c + dc) in on for dr in (-1, 0, 1) for dc in (-1, 0, 1)) == k
               for (r, c), k in inst.numbers):
            out.add(frozenset(on))
    return out


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    g = M.Instance(rows, cols, ()).grid
    numbers = []
    for c in g.cells:
        if draw(st.integers(0, 2)) == 0:
            numbers.append((c, draw(st.integers(0, len(M.block(g, c))))))
    return M.Instance(rows, cols, tuple(numbers))


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, tiny(), brute, examples=40)


@st.composite
def crowded(draw):
    """3 x 3 to 3 x 4 boards, most cells numbered: blocks of nine open cells
    whose counts go by columns (``mosaic.count_open``)."""
    cols = draw(st.integers(3, 4))
    cells = [(r, c) for r in range(3) for c in range(cols)]
    g = M.Instance(3, cols, ()).grid
    return M.Instance(3, cols, tuple((c, draw(st.integers(0, len(M.block(g, c)))))
                                     for c in cells if draw(st.integers(0, 3))))


def same_as_brute_force(inst, enc, limit=300) -> None:
    """The encoding's solutions are brute force's (the first ``limit`` of them)."""
    want = brute(inst)
    with engine.Session(M.GENRE, enc) as session:
        got = session.solve(inst, limit=limit).solutions
    assert len(got) == len(set(got)) == min(len(want), limit) and set(got) <= want


@settings(max_examples=40, deadline=None)
@given(crowded())
def test_counts_by_columns_agree_with_brute_force(inst):
    same_as_brute_force(inst, engine.encode(M.GENRE, inst))


def test_a_crowded_block_is_counted_by_columns():
    """Two 4s side by side in the middle of 3 x 4: each would refuse 210
    subsets; by columns, auxiliaries (the columns' unary counts) appear."""
    inst = M.Instance(3, 4, (((1, 1), 4), ((1, 2), 4)))
    enc = engine.encode(M.GENRE, inst)
    assert enc.formula.num_vars > len(enc.shaded) and len(enc.formula.clauses) < 150
    same_as_brute_force(inst, enc, limit=1000)


# -- verify, from the rules -------------------------------------------------------------------
SMALL = M.Instance(2, 3, (((0, 0), 2), ((1, 2), 1)))


@pytest.mark.parametrize("shaded, words", [
    ({(0, 0), (1, 1)}, None),
    ({(0, 0), (1, 0), (1, 1)}, "the 2 at r1c1 has 3 shaded cells"),
    ({(0, 0), (1, 0)}, "the 1 at r2c3 has 0 shaded cells"),
    ({(0, 0), (1, 1), (3, 3)}, "off the board"),
])
def test_verify(shaded, words):
    problems = M.verify(SMALL, frozenset(shaded))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
#: A 60 x 100 record without a published solution (not from janko) that has two
#: solutions (both pass verify): ambiguous as given.
AMBIGUOUS = {"60x100"}


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Mosaic.json").read_text())["data"]
    compared, malformed = 0, []
    for key, entry in sorted(data.items()):
        try:
            inst = M.GENRE.from_grid_text(split(entry["problem"], key))
        except InputError:
            malformed.append(key)
            continue
        res = engine.solve(M.GENRE, inst)
        if key in AMBIGUOUS:
            assert res.verdict == "multiple" and not entry["solution"].strip(), key
            continue
        assert res.verdict == "unique", key
        if entry["solution"].strip():
            assert res.solutions[0] == M.GENRE.solution_from_grid_text(
                split(entry["solution"], key), inst), key
            compared += 1
    assert (len(data), compared, malformed) == (33, 20, [])


# -- files and outputs ---------------------------------------------------------------------------
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
    assert M.GENRE.from_grid_text(split(M.FORMAT.to_grid_text(inst))) == inst


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert M.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(M.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in M.GENRE.render_text(inst, sol)
    assert M.clues(inst) == list(inst.numbers)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("mosaic", rows)


test_bad_input_has_position = errors_have_positions([
    (pzl([". q .", ". . ."]), 4, 5, "`q`", None),
    (pzl([". . .", ". . 5"]), 5, 7, "above 4", None),
    (pzl([". 9 .", ". . ."]), 4, 5, "above 6", None),
    (pzl([". . .", ". . . 1"]), 5, 9, "row 2 has 4 cells", None),
    ("2 3\n- - 10\n- - -\n", 2, 5, "above 9", "Mosaic"),
    ("2 3\n- - w\n- - -\n", 2, 5, "`w`", "Mosaic"),
    ("3 3\n- - 1\n- - -\n", 3, 5, "the grid has 2 rows", "Mosaic"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("2 2\n- -\n- 1\n")
    assert main(["check", "--format", "grid-text", "--type", "Mosaic", str(several)]) == 1
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". q .", ". . ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:5" in err and "Traceback" not in err


def test_two_numbers_side_by_side_decide_their_own_columns():
    """6 and 3 side by side in 3 x 4: neither decides a cell alone; together
    the six shared cells hold exactly 3, so the 6's own column is shaded and
    the 3's is not. Only the shared cells are left to the solver."""
    inst = M.Instance(3, 4, (((1, 1), 6), ((1, 2), 3)))
    enc = engine.encode(M.GENRE, inst)
    assert enc.fixed == {(0, 0), (1, 0), (2, 0)}
    assert set(enc.shaded) == {(r, c) for r in range(3) for c in (1, 2)}
    same_as_brute_force(inst, enc)

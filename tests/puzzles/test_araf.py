"""Araf: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.puzzles import araf as A
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, error_at,
                                         instances_match_their_solution,
                                         pzl_round_trips, unique_and_published)
from tests.rules.test_regions import BOARDS, divisions

INSTANCES = sorted((ROOT / "instances" / "araf").glob("*.pzl"))


def brute(inst) -> set:
    """Every division whose regions each hold exactly two numbers x < y
    and have more than x and fewer than y cells."""
    value = dict(inst.numbers)
    out = set()
    for walls, parts in divisions(inst.rows, inst.cols):
        if all(len(held := sorted(value[c] for c in p if c in value)) == 2
               and held[0] < len(p) < held[1] for p in parts):
            out.add(walls)
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from([b for b in BOARDS if b != (1, 1)]))
    cells = Grid(rows, cols).cells
    chosen = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=len(cells), unique=True))
    return A.Instance(rows, cols, tuple((c, draw(st.integers(1, 8))) for c in chosen))


test_modes_agree_with_brute_force = brute_force_harness(A.GENRE, tiny(), brute, examples=60)


# -- verify, from the rules ----------------------------------------------------------------
TWO = A.Instance(1, 4, (((0, 0), 1), ((0, 1), 3), ((0, 2), 5), ((0, 3), 1)))
GOOD = frozenset({((0, 1), (0, 2))})


@pytest.mark.parametrize("walls, words", [
    (GOOD, None),
    (GOOD | {((0, 0), (0, 1))}, "holds 1 numbers"),
    (frozenset(), "holds 4 numbers"),
    (frozenset({((0, 0), (0, 1)), ((0, 2), (0, 3))}), "not strictly between 3 and 5"),
])
def test_verify(walls, words):
    problems = A.verify(TWO, walls)
    assert (problems == []) if words is None else any(words in p for p in problems)


def test_verify_a_wall_inside_a_region():
    inst = A.Instance(2, 2, (((0, 0), 1), ((1, 1), 6)))
    problems = A.verify(inst, frozenset({((0, 0), (0, 1))}))
    assert any("inside a region" in p for p in problems)


def test_equal_or_adjacent_numbers_never_pair():
    assert A.pairs(A.Instance(1, 3, (((0, 0), 4), ((0, 2), 4)))) == []
    assert A.pairs(A.Instance(1, 3, (((0, 0), 3), ((0, 2), 4)))) == []
    # the larger first; too far apart for a region of fewer cells than the larger: none
    assert A.pairs(A.Instance(1, 3, (((0, 0), 2), ((0, 2), 5)))) == [((0, 2), (0, 0))]
    assert A.pairs(A.Instance(1, 4, (((0, 0), 1), ((0, 3), 4)))) == []
    assert A.pairs(A.Instance(1, 4, (((0, 0), 5), ((0, 3), 1)))) == [((0, 0), (0, 3))]


# -- the dev slice ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(A.GENRE, datasets, "Araf") == (24, [])


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(A.verify, INSTANCES)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_pzl_and_grid_text_round_trip(inst, data):
    walls = data.draw(st.sampled_from([w for w, _ in divisions(inst.rows, inst.cols)]))
    sol = walls if data.draw(st.booleans()) else None
    pzl_round_trips(A.FORMAT, inst, sol)
    assert A.FORMAT.from_grid_text(split(A.FORMAT.to_grid_text(inst))) == inst


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    grid = A.solution_json(inst, sol)
    assert grid[0][0] == 1 and max(map(max, grid)) == len(inst.numbers) // 2
    assert A.cells(inst, sol)["r1c1"] == 1
    board = A.picture(inst, sol)
    assert len(board.edges) == len(sol) and len(board.labels) == len(inst.numbers)
    assert A.picture(inst).edges == () and "<svg" in to_svg(board)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows):
    return (f"puzzle araf\nsize {len(rows[0].split())} x {len(rows)}\ngrid\n"
            + "".join(f"  {r}\n" for r in rows))


@pytest.mark.parametrize("text,line,col,words", [
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`"),
    (pzl([". 2 .", ". 0 ."]), 5, 5, "below 1"),
    (pzl([". 2 ."]) + "solution\n  1 1 .\n", 6, 7, "`.`"),
])
def test_bad_pzl_has_position(text, line, col, words):
    got = error_at(text)
    assert got[:2] == (line, col) and words in got[2]


@pytest.mark.parametrize("text,line,col,words", [
    ("2 3\n1 - x\n- - 3\n", 2, 5, "`x`"),
    ("2 3\n1 - -\n- -\n", 3, 3, "row 2 has 2 cells"),
])
def test_bad_grid_text_has_position(text, line, col, words):
    got = error_at(text, "Araf")
    assert got[:2] == (line, col) and words in got[2]


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("1 3\n1 - 4\n")
    assert main(["check", "--format", "grid-text", "--type", "araf", str(good)]) == 0
    none = tmp_path / "n.txt"
    none.write_text("1 3\n1 - 3\n")
    assert main(["check", "--format", "grid-text", "--type", "Araf", str(none)]) == 3
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?araf/5/5/457m3i8ma57"  # robx/pzprjs test/script/araf.js
    mod, inst = puzzlink.decode(url)
    assert mod is A.GENRE and puzzlink.encode(A.GENRE, inst) == url
    assert ((0, 2), 7) in inst.numbers and ((4, 2), 10) in inst.numbers
    assert engine.solve(A.GENRE, inst).solutions == [satlink.load(
        ROOT / "instances" / "araf" / "pzprjs.pzl")[0].expected]
    for path in INSTANCES:
        item = satlink.load(path)[0]
        assert puzzlink.decode(puzzlink.encode(A.GENRE, item.instance))[1] == item.instance
    with pytest.raises(InputError):  # a `?` number
        puzzlink.decode("https://puzz.link/p?araf/2/1/.g")

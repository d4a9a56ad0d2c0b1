"""Galaxies: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.model import Model
from satlink.puzzles import galaxies as G
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        instances_match_their_solution)
from tests.rules.enumerate import solutions
from tests.rules.test_regions import BOARDS, divisions, galaxy

INSTANCES = sorted((ROOT / "instances" / "galaxies").glob("*.pzl"))


def brute(inst) -> set:
    """The walls of every division whose regions each hold one centre and
    are symmetric about it, no centre on a wall."""
    points = [p for p, _ in inst.centres]
    return {walls for walls, parts in divisions(inst.rows, inst.cols)
            if galaxy(inst.grid, [set(p) for p in parts], points)}


def sat_solutions(inst, options=Options()) -> set:
    """The walls of the models projected on the answer (the labels): as
    many labellings as divisions, each read as the walls where labels differ."""
    f = Formula()
    enc = G.encode(inst, f, options)
    found = solutions(f, f.answer, enc.cuts)
    walls = {enc.decode(Model(f, sorted(s))) for s in found}
    assert len(walls) == len(found), "two labellings of one division"
    return walls


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    points = [(y, x) for y in range(1, 2 * rows) for x in range(1, 2 * cols)]
    chosen = draw(st.lists(st.sampled_from(points), min_size=1, max_size=5, unique=True))
    return G.Instance(rows, cols, tuple((p, draw(st.booleans())) for p in chosen))


test_modes_agree_with_brute_force = brute_force_harness(G.GENRE, tiny(), brute, examples=40)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force_in_every_mode(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    res = engine.solve(G.GENRE, inst, limit=500)
    assert set(res.solutions) == want


# -- verify, from the rules ----------------------------------------------------------------
#: 1 x 3: a centre on r1c1 and one on the edge between r1c2 and r1c3.
ROW = G.Instance(1, 3, (((1, 1), False), ((1, 4), False)))
GOOD = frozenset({((0, 0), (0, 1))})


@pytest.mark.parametrize("walls, words", [
    (GOOD, None),
    (GOOD | {((0, 1), (0, 2))}, "lies on a wall"),
    (frozenset(), "holds 2 centres"),
    (frozenset({((0, 1), (0, 2))}), "is not symmetric"),
])
def test_verify(walls, words):
    problems = G.verify(ROW, walls)
    assert (problems == []) if words is None else any(words in p for p in problems)


def test_verify_a_region_without_a_centre_and_a_wall_inside():
    inst = G.Instance(1, 3, (((1, 3), False),))
    walls = frozenset({((0, 1), (0, 2))})
    assert any("holds 0 centres" in p for p in G.verify(inst, walls))
    ring = G.Instance(2, 2, (((2, 2), False),))
    assert any("inside a region" in p for p in G.verify(ring, frozenset({((0, 0), (0, 1))})))


# -- the dev slice ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Galaxies.json").read_text())["data"]
    assert len(data) == 116
    for name, entry in data.items():
        inst = G.FORMAT.from_grid_text(split(entry["problem"], name))
        published = G.FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
        assert G.verify(inst, published) == [], name
        res = engine.solve(G.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == published, name


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(G.verify, INSTANCES)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_pzl_and_grid_text_round_trip(inst, data):
    walls = data.draw(st.sampled_from([w for w, _ in divisions(inst.rows, inst.cols)]))
    sol = walls if data.draw(st.booleans()) else None
    text = G.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert G.FORMAT.from_document(doc) == inst
    assert G.FORMAT.expected_solution(doc) == sol
    assert G.FORMAT.to_pzl(G.FORMAT.from_document(doc), sol) == text
    white = G.Instance(inst.rows, inst.cols, tuple((p, False) for p, _ in inst.centres))
    if all(len(v) == 1 for row in G._split(white)[2] for v in row if v):
        assert G.FORMAT.from_grid_text(split(G.FORMAT.to_grid_text(white))) == white


def test_janko_digits_place_the_centres():
    inst = G.FORMAT.from_grid_text(split("3 3\n0 1 -\n3 - -\n- - -\n"))
    assert [p for p, _ in inst.centres] == [(1, 1), (1, 4), (4, 2)]
    with pytest.raises(InputError):
        G.FORMAT.from_grid_text(split("2 2\n0 1\n- 1\n", "e.txt"))


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    grid = G.solution_json(inst, sol)
    assert grid[0][0] == 1 and max(map(max, grid)) == len(inst.centres)
    assert G.cells(inst, sol)["r4c2"] == 6
    board = G.picture(inst, sol)
    assert len(board.edges) == len(sol) and all(e.kind == "border" for e in board.edges)
    assert len(board.circles) == len(inst.centres) and G.picture(inst).edges == ()
    assert "<svg" in to_svg(board)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("galaxies", rows)


test_bad_pzl_has_position = errors_have_positions([
    (pzl([". o .", ". q ."]), 5, 5, "`q`"),
    (pzl([". o .", ". oo ."]), 5, 5, "`oo`"),
    (pzl([". o r", ". . ."]), 4, 7, "lies on the board's outline"),
    (pzl([". o .", ". d ."]), 5, 5, "lies on the board's outline"),
    (pzl([". o ."]) + "solution\n  1 1 .\n", 6, 7, "`.`"),
])


test_bad_grid_text_has_position = errors_have_positions([
    ("2 3\n0 - x\n- - -\n", 2, 5, "`x`"),
    ("2 3\n0 - 1\n- - -\n", 2, 5, "outline"),
    ("2 3\n0 - -\n- -\n", 3, 3, "row 2 has 2 cells"),
], "Galaxies")


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("1 3\n- 0 -\n")
    assert main(["check", "--format", "grid-text", "--type", "galaxies", str(good)]) == 0
    none = tmp_path / "n.txt"
    none.write_text("1 3\n0 0 -\n")
    assert main(["check", "--format", "grid-text", "--type", "Galaxies", str(none)]) == 3
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". o .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


def test_puzzlink_stars_round_trip_and_empty_cells_are_refused():
    from satlink.formats import puzzlink

    # robx/pzprjs test/script/tentaisho.js: its board has an empty cell
    # (the trailing `10000`), which Galaxies has not: an error, placed.
    with pytest.raises(InputError, match="empty cells"):
        puzzlink.decode("https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf10000")
    mod, inst = puzzlink.decode("https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf")
    assert mod is G.GENRE and ((1, 5), True) in inst.centres and ((1, 1), False) in inst.centres
    assert puzzlink.encode(G.GENRE, inst) == "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf"
    item = satlink.load(INSTANCES[0])[0]
    url = puzzlink.encode(G.GENRE, item.instance)
    assert puzzlink.decode(url)[1] == item.instance
    assert engine.solve(G.GENRE, puzzlink.decode(url)[1]).solutions == [item.expected]
    with pytest.raises(InputError):
        puzzlink.decode("https://puzz.link/p?tentaisho/2/2/y")


def test_counts_match_brute_force_on_boards_made_from_galaxies():
    """Centres read off each 3 x 3 division whose regions are all symmetric
    (boards with a solution, where narrowing the domains drops cells):
    lazy and complete count every division the brute force finds."""
    from tests.rules.test_region_shapes_domains import galaxies_of

    seen = 0
    for centres, solved in galaxies_of(3, 3):
        inst = G.Instance(3, 3, tuple((z, False) for z in centres))
        want = brute(inst)
        assert len(want) == len(solved)
        assert sat_solutions(inst) == want
        assert sat_solutions(inst, Options(complete=True)) == want
        seen += 1
    assert seen == 391  # 3 x 3 divisions into symmetric regions, each about its own point

"""Heyawake: brute force, selectors, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.contract import Options
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import heyawake as H
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "heyawake").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    if board.subgraph(sh).number_of_edges():
        return False
    white = board.subgraph(set(board) - sh)
    if white.number_of_nodes() and not nx.is_connected(white):
        return False
    room = {c: inst.regions[c[0]][c[1]] for c in board}
    for cell, n in inst.numbers:
        if sum(room[c] == room[cell] for c in sh) != n:
            return False
    lines = [[(r, c) for c in range(inst.cols)] for r in range(inst.rows)]
    lines += [[(r, c) for r in range(inst.rows)] for c in range(inst.cols)]
    for line in lines:
        for i, j in itertools.combinations(range(len(line)), 2):  # line[i..j] all white
            if not any(x in sh for x in line[i:j + 1]) and sum(
                    room[x] != room[y] for x, y in zip(line[i:j], line[i + 1:j + 1])) > 1:
                return False
    return True


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


@st.composite
def tiny(draw, most=12):
    """Rectangular rooms: columns and rows cut at random places, some
    neighbouring boxes merged along rows; a few rooms numbered."""
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(1, min(4, most // rows)))
    cut_c = [0] + sorted(draw(st.sets(st.integers(1, cols - 1), max_size=2))) if cols > 1 else [0]
    cut_r = [0] + sorted(draw(st.sets(st.integers(1, rows - 1), max_size=2))) if rows > 1 else [0]
    regions = tuple(tuple((sum(r >= x for x in cut_r), sum(c >= x for x in cut_c))
                          for c in range(cols)) for r in range(rows))
    inst = H.Instance(rows, cols, regions)
    numbers = [(room[0], draw(st.integers(0, min(2, len(room))))) for room in inst.rooms
               if draw(st.booleans())]
    return H.Instance(rows, cols, regions, tuple(numbers))


def sat_solutions(inst, options=Options(), clues=None) -> set[frozenset]:
    f = Formula()
    enc = H.encode(inst, f, options)
    name = {x: c for c, x in enc.shading.var.items()}
    assume = enc.assumptions(clues) if clues is not None else ()
    got = solutions(f, list(name), enc.cuts, assumptions=assume)
    return {frozenset(name[x] for x in s) for s in got}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert all(H.verify(inst, s) == [] for s in want)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny(), st.data())
def test_selectors_pose_any_subset_of_numbers(inst, data):
    kept = [n for n in H.clues(inst) if data.draw(st.booleans())]
    sub = H.with_clues(inst, kept)
    assert sat_solutions(inst, Options(clues="selectors"), clues=kept) == brute(sub)


def test_a_line_through_three_rooms():
    """1 x 3, three rooms, no numbers: all white crosses two borders, the
    middle alone shaded cuts the white cells apart."""
    inst = H.Instance(1, 3, ((0, 1, 2),))
    assert sat_solutions(inst) == {frozenset({(0, 0)}), frozenset({(0, 2)}),
                                   frozenset({(0, 0), (0, 2)})}


test_modes_agree_with_brute_force = brute_force_harness(H.GENRE, tiny(9), brute,
                                                        examples=25, limit=600)


# -- verify, from the rules -------------------------------------------------------------------
ROOMS = H.Instance(2, 4, ((0, 0, 1, 2), (0, 0, 1, 2)), (((0, 0), 1),))


@pytest.mark.parametrize("sh, words", [
    ({(0, 3), (1, 1)}, None),
    ({(0, 0), (0, 1)}, "touch"),
    ({(0, 1), (1, 3)}, None),
    ({(0, 2), (1, 2)}, "touch"),
    ({(0, 1), (1, 0), (1, 2)}, "the 1 at r1c1 has 2 shaded cells"),
    ({(0, 0)}, "crosses 2 room borders"),
    ({(0, 1), (1, 0), (0, 3)}, "not connected"),
    ({(0, 3), (1, 1), (4, 4)}, "off the board"),
])
def test_verify(sh, words):
    problems = H.verify(ROOMS, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_numbers_move_to_their_rooms_first_cell():
    a = H.Instance(2, 2, ((0, 0), (1, 1)), (((1, 1), 1),))
    assert a.numbers == (((1, 0), 1),)


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    """49_10x10 names two rooms `f` (an input error: a room is connected)."""
    assert unique_and_published(H.GENRE, datasets, "Heyawake") == (158, ["49_10x10"])


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = H.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert H.FORMAT.from_document(doc) == inst
    assert H.FORMAT.expected_solution(doc) == sol
    assert H.FORMAT.to_pzl(H.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert H.verify(inst, sol) == []
    assert H.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(H.GENRE.cells(inst, sol).values()) == len(sol)
    text = H.GENRE.render_text(inst, sol)
    assert "█" in text and "2" in text


# -- bad input ---------------------------------------------------------------------------------------
def pzl(grid, regions):
    size = f"{len(grid[0].split())} x {len(grid)}"
    return ("puzzle heyawake\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in grid)
            + "regions\n" + "".join(f"  {r}\n" for r in regions))


#: `.pzl` text, or grid text read as `--type Heyawake`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."], ["a a b", "a a b"]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". . ."], ["a a b", "a a b"]), 4, 5, "outside 0..4", None),
    (pzl(["1 2 .", ". . ."], ["a a b", "a a b"]), 4, 5, "second number", None),
    (pzl([". . .", ". . ."], ["a b a", "a b a"]), 7, 7, "not connected", None),
    (pzl([". . .", ". . . 1"], ["a a b", "a a b"]), 5, 9, "row 2 has 4 cells", None),
    ("2 3\n1 - w\n- - -\na a b\na a b\n", 2, 5, "`w`", "Heyawake"),
    ("2 3\n1 - -\n- - -\na b a\na b a\n", 4, 5, "not connected", "Heyawake"),
    ("2 3\n1 - -\n- - -\na a b\n", 4, 5, "the grid has 1 rows", "Heyawake"),
])


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("2 2\n- -\n- -\na a\na a\n")  # no numbers: several shadings
    assert main(["check", "--format", "grid-text", "--type", "Heyawake", str(good)]) != 0
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."], ["a a b", "a a b"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/heyawake.js: the URL, and its accepted
    answer (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
    genre, inst = puzzlink.decode(url)
    assert genre is H.GENRE
    assert inst.numbers == (((0, 0), 2), ((0, 1), 2), ((0, 3), 2), ((0, 5), 2))
    assert inst.regions[3] == (4, 4, 4, 4, 4, 3)
    assert puzzlink.encode(H.GENRE, inst) == url
    answer = "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /+ # + # + # /+ + # + + + /"
    sea = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
           for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(H.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sea


def test_puzzlink_round_trip_moves_numbers_to_the_room_top():
    from satlink.formats import puzzlink

    inst = H.Instance(2, 3, ((0, 0, 1), (2, 2, 1)), (((1, 2), 1), ((1, 1), 0)))
    assert puzzlink.decode(puzzlink.encode(H.GENRE, inst))[1] == inst


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_decided_cells_hold_in_every_solution(inst):
    """The cells the numbers decide (the encoding's units in direct mode) are
    shaded / white in every brute-force solution."""
    shaded, white, zero = H.decided(inst)
    assert zero <= white
    for sol in brute(inst):
        assert shaded <= sol and not white & sol


def test_decided_strips():
    """A 1 x 3 room numbered 2 shades its ends (and whitens the cells beside
    them); a 3 x 1 room numbered 1 decides nothing; a room of one cell
    numbered 1 is shaded."""
    inst = H.Instance(3, 3, ((0, 0, 0), (1, 2, 3), (1, 2, 3)), (((0, 0), 2), ((1, 0), 1)))
    shaded, white, zero = H.decided(inst)
    assert shaded == {(0, 0), (0, 2)} and white == {(0, 1), (1, 0), (1, 2)} and not zero
    one = H.Instance(1, 2, ((0, 1),), (((0, 0), 1),))
    assert H.decided(one)[:2] == ({(0, 0)}, {(0, 1)})
    assert sat_solutions(inst) == brute(inst)

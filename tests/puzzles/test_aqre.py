"""Aqre: brute force, lazy = complete = selectors, verify, the dev slice,
files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.contract import Options
from satlink.formula import Formula
from satlink.puzzles import aqre as A
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        pzl_round_trips, unique_and_published)
from tests.puzzles.test_heyawake import tiny
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "aqre").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    if sh and not nx.is_connected(board.subgraph(sh)):
        return False
    room = {c: inst.regions[c[0]][c[1]] for c in board}
    for cell, n in inst.numbers:
        if sum(room[c] == room[cell] for c in sh) != n:
            return False
    for r, c in board:
        for dr, dc in ((0, 1), (1, 0)):
            four = [(r + i * dr, c + i * dc) for i in range(4)]
            if all(x in room for x in four) and len({x in sh for x in four}) == 1:
                return False
    return True


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


test_modes_agree_with_brute_force = brute_force_harness(A.GENRE, tiny(), brute,
                                                        examples=30, limit=300)


# -- verify, from the rules -------------------------------------------------------------------
ROOMS = A.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1)), (((0, 0), 1),))


@pytest.mark.parametrize("sh, words", [
    ({(0, 1), (0, 2), (1, 2)}, None),
    ({(0, 1), (1, 2)}, "not connected"),
    ({(0, 1), (0, 0)}, "the 1 at r1c1 has 2 shaded cells"),
    ({(1, 0)}, "4 white cells in a line from r1c1"),
    ({(0, 1), (0, 2), (9, 9)}, "off the board"),
])
def test_verify(sh, words):
    problems = A.verify(ROOMS, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_four_in_a_line_of_either_colour():
    """1 x 4, one room: the only ways to avoid four of one colour, connected."""
    inst = A.Instance(1, 4, ((0, 0, 0, 0),))
    assert brute(inst) == {frozenset(s) for k in (1, 2, 3) for s in
                           [{(0, c) for c in range(a, a + k)} for a in range(5 - k)]}
    assert engine.solve(A.GENRE, A.Instance(1, 4, ((0, 0, 0, 0),), (((0, 0), 3),))).verdict \
        == "multiple"


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(A.GENRE, datasets, "Aqre") == (18, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(A.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert A.verify(inst, sol) == []
    assert sum(A.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in A.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(grid, regions):
    size = f"{len(grid[0].split())} x {len(grid)}"
    return ("puzzle aqre\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in grid)
            + "regions\n" + "".join(f"  {r}\n" for r in regions))


#: `.pzl` text, or grid text read as `--type Aqre`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."], ["a a b", "a a b"]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". . ."], ["a a b", "a a b"]), 4, 5, "outside 0..4", None),
    (pzl([". . .", ". . ."], ["a b a", "a b a"]), 7, 7, "not connected", None),
    ("2 3\n1 - w\n- - -\na a b\na a b\n", 2, 5, "`w`", "Aqre"),
    ("2 3\n1 - -\n- - -\na a b\n", 4, 5, "the grid has 1 rows", "Aqre"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """No numbers: several shadings."""
    cli_exit_codes(capsys, tmp_path, "Aqre", "2 2\n- -\n- -\na a\na a\n", INSTANCES[0],
                   pzl([". 2 .", ". q ."], ["a a b", "a a b"]), "5:5")


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/aqre.js: the URL, and its accepted answer
    (the last check, `undecided: false`: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?aqre/6/6/444400vvo3u0012345g"
    genre, inst = puzzlink.decode(url)
    assert genre is A.GENRE
    assert inst.numbers == (((0, 0), 0), ((0, 3), 1), ((1, 0), 2), ((1, 3), 3), ((2, 0), 4),
                            ((2, 3), 5))
    assert puzzlink.encode(A.GENRE, inst) == url
    answer = ("+ + + # + + /# # + # # # /+ # # + # # /# # + # # # /# + # # + + /"
              "# # # + + + /")
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(A.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_decided_rooms_hold_and_counts_match(inst):
    """The cells of rooms numbered full or 0 are shaded / white in every
    brute-force solution, and the encoding that leans on them (windows left
    out, the connectivity cuts without their witnesses) finds exactly the
    brute-force solutions (direct numbers, lazy cuts)."""
    f = Formula()
    enc = A.encode(inst, f, Options())
    name = {x: c for c, x in enc.shading.var.items()}
    shaded, known = A.decided(inst, enc.shading)
    want = brute(inst)
    for sol in want:
        assert set(shaded) <= sol
        assert all((x > 0) == (name[abs(x)] in sol) for x in known)
    got = solutions(f, list(name), enc.cuts)
    assert {frozenset(name[x] for x in m) for m in got} == want

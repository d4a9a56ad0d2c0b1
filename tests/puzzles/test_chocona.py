"""Chocona: brute force, lazy = complete = selectors, the rectangle rule,
verify, the dev slice, files, errors, puzz.link."""
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
from satlink.puzzles import chocona as H
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        pzl_round_trips, unique_and_published)
from tests.puzzles.test_heyawake import tiny
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "chocona").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def all_rectangles(rows, cols, sh) -> bool:
    board = nx.grid_2d_graph(rows, cols)
    for area in nx.connected_components(board.subgraph(sh)):
        top, bottom = min(r for r, _ in area), max(r for r, _ in area)
        left, right = min(c for _, c in area), max(c for _, c in area)
        if set(itertools.product(range(top, bottom + 1), range(left, right + 1))) != area:
            return False
    return True


def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    room = {c: inst.regions[c[0]][c[1]] for c in inst.grid.cells}
    return (all(sum(room[c] == room[cell] for c in sh) == n for cell, n in inst.numbers)
            and all_rectangles(inst.rows, inst.cols, sh))


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


test_modes_agree_with_brute_force = brute_force_harness(H.GENRE, tiny(), brute,
                                                        examples=30, limit=300)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4))
def test_rectangles_rule(rows, cols):
    s = Shading(Formula(), Grid(rows, cols))
    H.rectangles(s)
    got = {frozenset(c for c in s.cells if s.var[c] in m)
           for m in solutions(s.f, list(s.var.values()))}
    cells = Grid(rows, cols).cells
    want = {frozenset(sh) for bits in itertools.product((0, 1), repeat=len(cells))
            if all_rectangles(rows, cols, sh := {c for c, b in zip(cells, bits) if b})}
    assert got == want


# -- verify, from the rules -------------------------------------------------------------------
ROOMS = H.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1)), (((0, 0), 2),))


@pytest.mark.parametrize("sh, words", [
    ({(0, 0), (1, 0)}, None),
    ({(0, 0), (0, 1), (0, 2), (0, 3)}, None),
    ({(0, 0), (0, 1), (1, 1)}, "not a rectangle"),
    ({(0, 0)}, "the 2 at r1c1 has 1 shaded cells"),
    ({(0, 0), (1, 0), (2, 2)}, "off the board"),
])
def test_verify(sh, words):
    problems = H.verify(ROOMS, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(H.GENRE, datasets, "Chocona") == (50, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(H.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert H.verify(inst, sol) == []
    assert sum(H.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in H.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(grid, regions):
    size = f"{len(grid[0].split())} x {len(grid)}"
    return ("puzzle chocona\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in grid)
            + "regions\n" + "".join(f"  {r}\n" for r in regions))


#: `.pzl` text, or grid text read as `--type Chocona`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."], ["a a b", "a a b"]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". . ."], ["a a b", "a a b"]), 4, 5, "outside 0..4", None),
    (pzl([". . .", ". . ."], ["a b a", "a b a"]), 7, 7, "not connected", None),
    ("2 3\n1 - w\n- - -\na a b\na a b\n", 2, 5, "`w`", "Chocona"),
    ("2 3\n1 - -\n- - -\na a b\n", 4, 5, "the grid has 1 rows", "Chocona"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """No numbers: many shadings."""
    cli_exit_codes(capsys, tmp_path, "Chocona", "2 2\n- -\n- -\na a\na a\n", INSTANCES[0],
                   pzl([". 2 .", ". q ."], ["a a b", "a a b"]), "5:5")


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/chocona.js: the URL, and its accepted answer
    (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32"
    genre, inst = puzzlink.decode(url)
    assert genre is H.GENRE
    assert len(inst.rooms) == 11 and dict(inst.numbers)[(4, 4)] == 3
    assert puzzlink.encode(H.GENRE, inst) == url
    answer = "# # + # # # /# # + + + + /# # + # + # /# # + # + + /. . + + # # /. # # + # # /"
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(H.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_decided_rooms_hold_and_counts_match(inst):
    """The literals of rooms numbered 0 or full hold in every brute-force
    solution, and the encoding that leaves out the clauses they satisfy
    finds exactly the brute-force solutions (direct numbers)."""
    f = Formula()
    enc = H.encode(inst, f, Options())
    name = {x: c for c, x in enc.shading.var.items()}
    want = brute(inst)
    known = H.decided(inst, enc.shading)
    for sol in want:
        assert all((x > 0) == (name[abs(x)] in sol) for x in known)
    assert {frozenset(name[x] for x in m) for m in solutions(f, list(name))} == want

"""Shimaguni: brute force, lazy = complete = selectors, verify, the dev
slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.puzzles import shimaguni as S
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        pzl_round_trips, unique_and_published)
from tests.puzzles.test_heyawake import tiny

INSTANCES = sorted((ROOT / "instances" / "shimaguni").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    room = {c: inst.regions[c[0]][c[1]] for c in board}
    if any(room[a] != room[b] for a, b in board.subgraph(sh).edges):
        return False
    size = {}
    for r in set(room.values()):
        mine = {c for c in sh if room[c] == r}
        if not mine or not nx.is_connected(board.subgraph(mine)):
            return False
        size[r] = len(mine)
    if any(size[room[a]] == size[room[b]] for a, b in board.edges if room[a] != room[b]):
        return False
    return all(size[room[cell]] == n for cell, n in inst.numbers)


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(9), brute,
                                                        examples=25, limit=300)


# -- verify, from the rules -------------------------------------------------------------------
ROOMS = S.Instance(2, 4, ((0, 0, 1, 1), (0, 0, 1, 1)), (((0, 0), 1),))


@pytest.mark.parametrize("sh, words", [
    ({(0, 0), (0, 3), (1, 3)}, None),
    ({(0, 0), (0, 2), (1, 3)}, "the room at r1c3 has 2 islands"),
    ({(0, 1), (0, 2), (1, 2)}, "the islands at r1c2 and r1c3 touch"),
    ({(0, 0), (0, 3)}, "both have 1"),
    ({(0, 0), (1, 0), (0, 3), (1, 3)}, "the 1 at r1c1 has 2 shaded cells"),
    ({(1, 0)}, "the room at r1c3 has 0 islands"),
    ({(0, 0), (0, 3), (1, 3), (7, 7)}, "off the board"),
])
def test_verify(sh, words):
    problems = S.verify(ROOMS, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "Shimaguni") == (54, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=25, deadline=None)
@given(tiny(9), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(S.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert S.verify(inst, sol) == []
    assert sum(S.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in S.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(grid, regions):
    size = f"{len(grid[0].split())} x {len(grid)}"
    return ("puzzle shimaguni\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in grid)
            + "regions\n" + "".join(f"  {r}\n" for r in regions))


#: `.pzl` text, or grid text read as `--type Shimaguni`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."], ["a a b", "a a b"]), 5, 5, "`q`", None),
    (pzl([". 5 .", ". . ."], ["a a b", "a a b"]), 4, 5, "outside 0..4", None),
    (pzl([". . .", ". . ."], ["a b a", "a b a"]), 7, 7, "not connected", None),
    ("2 3\n1 - w\n- - -\na a b\na a b\n", 2, 5, "`w`", "Shimaguni"),
    ("2 3\n1 - -\n- - -\na a b\n", 4, 5, "the grid has 1 rows", "Shimaguni"),
])


def test_cli_exit_codes(capsys, tmp_path):
    """One room, no number: any one island."""
    cli_exit_codes(capsys, tmp_path, "Shimaguni", "2 2\n- -\n- -\na a\na a\n", INSTANCES[0],
                   pzl([". 2 .", ". q ."], ["a a b", "a a b"]), "5:5")


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/shimaguni.js: the URL, and its accepted
    answer (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?shimaguni/6/6/7fe608s0e3uf3g3g2g43"
    genre, inst = puzzlink.decode(url)
    assert genre is S.GENRE
    assert inst.numbers == (((0, 0), 3), ((0, 4), 3), ((1, 0), 2), ((4, 0), 4), ((5, 2), 3))
    assert puzzlink.encode(S.GENRE, inst) == url
    answer = ("# # # + . # /+ + + # + + /# # + # + # /+ + # + # # /# # + + + + /"
              "# # + # # # /")
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(S.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh

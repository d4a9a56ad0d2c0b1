"""PaintArea: brute force, verify, the dev slice, puzz.link, files, errors."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.puzzles import paintarea as P
from satlink.rules.subset_counts import weighted_exactly
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        pzl_round_trips, unique_and_published)
from tests.puzzles.loop_checks import check_pzprjs_vector, check_puzzlink_round_trip
from tests.puzzles.test_tilepaint import tiny as tiny_rooms

INSTANCES = sorted((ROOT / "instances" / "paintarea").glob("*.pzl"))
URL = "https://puzz.link/p?paintarea/5/5/pmvmfuejf4k1f"  # robx/pzprjs test/script/paintarea.js


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every choice of whole rooms: shaded cells one area (or none), no 2x2
    block of one colour, each number its shaded neighbours."""
    rooms = {}
    for r in range(inst.rows):
        for c in range(inst.cols):
            rooms.setdefault(inst.regions[r][c], []).append((r, c))
    g = nx.grid_2d_graph(inst.rows, inst.cols)
    out = set()
    for bits in itertools.product((0, 1), repeat=len(rooms)):
        on = {x for b, cells in zip(bits, rooms.values()) if b for x in cells}
        if on and not nx.is_connected(g.subgraph(on)):
            continue
        if any(len({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} & on) in (0, 4)
               for r in range(inst.rows - 1) for c in range(inst.cols - 1)):
            continue
        if all(sum(x in on for x in g[cell]) == n for cell, n in inst.numbers):
            out.add(frozenset(on))
    return out


@st.composite
def tiny(draw):
    t = draw(tiny_rooms())
    cells = [(r, c) for r in range(t.rows) for c in range(t.cols)]
    picked = draw(st.lists(st.sampled_from(cells), max_size=3, unique=True))
    g = nx.grid_2d_graph(t.rows, t.cols)
    return P.Instance(t.rows, t.cols, t.regions,
                      tuple((c, draw(st.integers(0, len(g[c])))) for c in picked))


test_modes_agree_with_brute_force = brute_force_harness(P.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
SMALL = P.Instance(2, 3, ((0, 0, 1), (2, 1, 1)), (((1, 0), 1),))  # rooms: aab / cbb
SOLVED = frozenset({(0, 2), (1, 1), (1, 2)})  # . . x / . x x


@pytest.mark.parametrize("shaded, words", [
    (SOLVED, None),
    (SOLVED - {(1, 2)}, "the room of r1c3 is partly shaded"),
    (SOLVED | {(0, 0), (0, 1)}, "the 1 at r2c1 has 2 shaded neighbours"),
    (frozenset(), "the 2x2 block at r1c1 is all one colour"),
    (SOLVED | {(1, 0), (0, 0), (0, 1)}, "the 2x2 block at r1c1 is all one colour"),
    (SOLVED | {(2, 2)}, "off the board"),
])
def test_verify(shaded, words):
    problems = P.verify(SMALL, frozenset(shaded))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_shaded_cells_connected():
    inst = P.Instance(1, 3, ((0, 1, 2),))
    assert "the shaded cells are not connected" in P.verify(inst, frozenset({(0, 0), (0, 2)}))


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(P.GENRE, datasets, "PaintArea") == (46, [])  # none malformed


# -- puzz.link ---------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(P.GENRE, URL)
    assert inst == satlink.load(INSTANCES[0])[0].instance
    # pzprjs's answer: # # + + + / # + # # + / # # # + + / # + # # + / + + # + +
    answer = "##+++/#+##+/###++/#+##+/++#++".split("/")
    want = frozenset((r, c) for r, row in enumerate(answer) for c, ch in enumerate(row)
                     if ch == "#")
    assert satlink.engine.solve(P.GENRE, inst).solutions == [want]


@settings(max_examples=30, deadline=None)
@given(tiny())
def test_puzzlink_round_trip(inst):
    check_puzzlink_round_trip(P.GENRE, inst)


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(P.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert P.verify(inst, sol) == []
    assert P.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(P.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in P.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle paintarea\nsize 3 x 2\ngrid\n  . . q\n  1 . .\nregions\n  a a b\n  c b b\n"


test_bad_input_has_position = errors_have_positions([
    (PZL, 4, 7, "`q`", None),
    (PZL.replace(". . q", ". . 5"), 4, 7, "5", None),
    (PZL.replace(". . q", ". 4 ."), 4, 5, "outside 0..3", None),
    (PZL.replace(". . q", ". . .").replace("c b b", "b a b"), 8, 3, "connected", None),
    ("2 3\n. . 9\n1 . .\n1 1 2\n3 2 2\n", 2, 5, "9", "PaintArea"),
    ("2 3\n. . w\n1 . .\n1 1 2\n3 2 2\n", 2, 5, "`w`", "PaintArea"),
])


def test_cli_exit_codes(capsys, tmp_path):
    cli_exit_codes(capsys, tmp_path, "PaintArea", "2 2\n- -\n- -\n1 2\n3 4\n", INSTANCES[0],
                   PZL, "4:7")


@pytest.mark.parametrize("weights", [(1,), (2,), (1, 1), (2, 1), (3, 1), (2, 2), (1, 1, 1),
                                     (2, 1, 1), (1, 1, 1, 1)])
def test_weighted_count_is_exactly_n(weights):
    """``subset_counts.weighted_exactly`` (PaintArea's numbers) over literals repeated by their weights: its models
    are exactly the assignments whose weighted count is n, for every n."""
    from pysat.solvers import Solver
    for n in range(sum(weights) + 2):
        f = satlink.formula.Formula()
        xs = [f.var("x", i) for i in range(len(weights))]
        weighted_exactly(f, [x for x, w in zip(xs, weights) for _ in range(w)], n)
        with Solver(name="cadical195", bootstrap_with=f.clauses) as s:
            for bits in itertools.product((False, True), repeat=len(xs)):
                want = sum(w for w, b in zip(weights, bits) if b) == n
                assert s.solve(assumptions=[x if b else -x for x, b in zip(xs, bits)]) == want


@settings(max_examples=25, deadline=None)
@given(tiny())
def test_verify_passes_exactly_the_brute_force_solutions(inst):
    """verify (from the rules, without a networkx graph since shade15) finds
    nothing wrong in exactly the shadings the brute force accepts, over
    every shading of whole rooms, and always something in a shading that
    cuts a room."""
    want = brute(inst)
    rooms = inst.rooms
    for bits in itertools.product((0, 1), repeat=len(rooms)):
        on = frozenset(x for b, cells in zip(bits, rooms) if b for x in cells)
        assert (P.verify(inst, on) == []) == (on in want), sorted(on)
        for room in rooms:
            if len(room) > 1:
                part = on ^ {room[0]}
                assert any("partly shaded" in p for p in P.verify(inst, part))

"""Usoone: brute force, verify, the dev slice, puzz.link, files, errors."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.contract import Options
from satlink.formats import puzzlink
from satlink.puzzles import usoone as U
from satlink.rules.subset_counts import reified_exactly
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, error_at,
                                        pzl_round_trips, unique_and_published)
from tests.puzzles.loop_checks import check_pzprjs_vector, check_puzzlink_round_trip
from tests.puzzles.test_tilepaint import tiny as tiny_rooms

INSTANCES = sorted((ROOT / "instances" / "usoone").glob("*.pzl"))
URL = "https://puzz.link/p?usoone/6/6/88aaaa03u0o0b75ecdk71cg76bg"  # robx/pzprjs test/script/usoone.js


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every shading with no two shaded neighbours, the white cells one area,
    numbers white, and in each room exactly one number whose count of shaded
    neighbours is not its value."""
    g = nx.grid_2d_graph(inst.rows, inst.cols)
    cells = sorted(g)
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        on = {x for x, b in zip(cells, bits) if b}
        if any(a in on and b in on for a, b in g.edges) or any(c in on for c, _ in inst.numbers):
            continue
        white = g.subgraph(set(cells) - on)
        if white.number_of_nodes() and not nx.is_connected(white):
            continue
        wrong = {}
        for cell, n in inst.numbers:
            room = inst.regions[cell[0]][cell[1]]
            wrong[room] = wrong.get(room, 0) + (sum(x in on for x in g[cell]) != n)
        rooms = {k for row in inst.regions for k in row}
        if all(wrong.get(k, 0) == 1 for k in rooms):
            out.add(frozenset(on))
    return out


@st.composite
def tiny(draw):
    t = draw(tiny_rooms())
    cells = [(r, c) for r in range(t.rows) for c in range(t.cols)]
    rooms = {}  # a number in most rooms (a room without one has no liar: no solution)
    for cell in cells:
        rooms.setdefault(t.regions[cell[0]][cell[1]], []).append(cell)
    picked = {draw(st.sampled_from(room)) for room in rooms.values() if draw(st.integers(0, 5))}
    picked |= set(draw(st.lists(st.sampled_from(cells), max_size=3)))
    return U.Instance(t.rows, t.cols, t.regions,
                      tuple((c, draw(st.integers(0, 4))) for c in sorted(picked)))


test_modes_agree_with_brute_force = brute_force_harness(U.GENRE, tiny(), brute, examples=40)


@pytest.mark.parametrize("rows, cols, liar", [(3, 4, (0, 0)), (3, 4, (1, 1)), (2, 6, (0, 3))])
def test_the_connectivity_alone_decides(rows, cols, liar):
    """One room, one number that cannot hold (a 4 on a cell with fewer
    neighbours, or with a shaded neighbour too many): the solutions are the
    apart, connected shadings with that cell white, a few hundred, where the
    lazy cuts do all the work."""
    n = 4 if liar in ((0, 0), (0, 3)) else 0
    regions = tuple((0,) * cols for _ in range(rows))
    inst = U.Instance(rows, cols, regions, ((liar, n),))
    want = brute(inst)
    assert len(want) > 30
    for options in (Options(), Options(complete=True)):
        with engine.Session(U.GENRE, engine.encode(U.GENRE, inst, options)) as session:
            got = session.solve(inst, limit=len(want) + 1).solutions
        assert len(got) == len(want) and set(got) == want, options


def test_brute_force_finds_solutions_on_some_boards():
    """The harness compares counts; make sure the tiny boards are not all empty-handed."""
    inst = U.Instance(2, 3, ((0, 0, 0), (1, 1, 1)), (((0, 0), 1), ((0, 2), 0), ((1, 1), 3)))
    assert brute(inst) and all(U.verify(inst, s) == [] for s in brute(inst))


# -- verify, from the rules -------------------------------------------------------------------
SMALL = U.Instance(2, 3, ((0, 0, 0), (1, 1, 1)), (((0, 0), 1), ((0, 2), 0), ((1, 1), 3)))


@pytest.mark.parametrize("shaded, words", [
    (frozenset({(0, 1)}), None),  # the 0 lies above; the 3 lies below
    (frozenset({(1, 0)}), "the room of r1c1 has 0 wrong numbers, not one"),
    (frozenset({(1, 2)}), "the room of r1c1 has 2 wrong numbers, not one"),
    (frozenset({(0, 1), (1, 1)}), "the shaded cells r1c2 and r2c2 touch"),
    (frozenset({(0, 0)}), "the number at r1c1 is shaded"),
    (frozenset({(0, 1), (1, 0), (1, 2)}), "the white cells are not connected"),
    (frozenset({(0, 1), (4, 4)}), "off the board"),
])
def test_verify(shaded, words):
    problems = U.verify(SMALL, shaded)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(U.GENRE, datasets, "Usoone") == (26, [])  # none malformed


# -- puzz.link ---------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(U.GENRE, URL)
    assert inst == satlink.load(INSTANCES[0])[0].instance
    # pzprjs's answer (its null failcheck): the cells marked 1
    answer = ".#..../...#../#.#.#./.#..../.....#/.#.#..".split("/")
    want = frozenset((r, c) for r, row in enumerate(answer) for c, ch in enumerate(row)
                     if ch == "#")
    assert satlink.engine.solve(U.GENRE, inst).solutions == [want]


def test_puzzlink_question_mark_is_refused():
    with pytest.raises(satlink.errors.InputError, match="`\\?` number at r1c2"):
        puzzlink.decode("https://puzz.link/p?usoone/2/1/00.")


@settings(max_examples=30, deadline=None)
@given(tiny())
def test_puzzlink_round_trip(inst):
    check_puzzlink_round_trip(U.GENRE, inst)


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(U.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert U.verify(inst, sol) == []
    assert U.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(U.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in U.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle usoone\nsize 3 x 2\ngrid\n  . . q\n  1 . .\nregions\n  a a b\n  c b b\n"


@pytest.mark.parametrize("text,line,col,words,grid_text", [
    (PZL, 4, 7, "`q`", None),
    (PZL.replace(". . q", ". . 5"), 4, 7, "5", None),
    (PZL.replace(". . q", ". . .").replace("c b b", "b a b"), 8, 3, "connected", None),
    ("2 3\n. . 9\n1 . .\n1 1 2\n3 2 2\n", 2, 5, "9", "Usoone"),
    ("2 3\n. . w\n1 . .\n1 1 2\n3 2 2\n", 2, 5, "`w`", "Usoone"),
])
def test_bad_input_has_position(text, line, col, words, grid_text):
    at_line, at_col, message = error_at(text, grid_text)
    assert words in message and (at_line, at_col) == (line, col), message


def test_cli_exit_codes(capsys, tmp_path):
    cli_exit_codes(capsys, tmp_path, "Usoone", "2 2\n- -\n- -\n1 2\n3 4\n", INSTANCES[0],
                   PZL, "4:7")


@pytest.mark.parametrize("k", range(5))
@pytest.mark.parametrize("n", range(6))
def test_holds_is_exactly_n_over_every_assignment(k, n):
    """``subset_counts.reified_exactly`` (Usoone's true numbers): the truth variable is forced to [exactly n of the k literals
    true] under each of the 2^k assignments, never contradicted."""
    from pysat.solvers import Solver
    f = satlink.formula.Formula()
    lits = [f.var("x", i) for i in range(k)]
    truth = f.var("t")
    reified_exactly(f, truth, lits, n)
    with Solver(name="cadical195", bootstrap_with=f.clauses) as s:
        for bits in itertools.product((False, True), repeat=k):
            assume = [x if b else -x for x, b in zip(lits, bits)]
            want = sum(bits) == n
            assert s.solve(assumptions=assume + [truth if want else -truth])
            assert not s.solve(assumptions=assume + [-truth if want else truth])

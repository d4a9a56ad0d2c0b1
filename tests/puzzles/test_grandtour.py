"""Grand Tour: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink.contract import Options
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import grandtour as M
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error
from tests.rules.enumerate import solutions
from tests.rules.test_loops import cycles


def tours(rows: int, cols: int) -> set[frozenset]:
    """Every Hamiltonian cycle of the lattice points (networkx cycles of the point grid)."""
    points = Grid(rows + 1, cols + 1)
    return {c for c in cycles(points) if len(c) == len(points.cells)}


def sat_tours(inst, options=Options(), kept=None) -> set[frozenset]:
    f = Formula()
    enc = M.GENRE.encode(inst, f, options)
    name = {x: e for e, x in enc.loop.edges.items()}
    assume = enc.assumptions(kept) if kept is not None else ()
    got = solutions(f, list(name), None if options.complete else enc.cuts, assumptions=assume)
    return {frozenset(name[x] for x in s) for s in got}


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(1, 1), (1, 3), (2, 3), (3, 3), (3, 2), (2, 5)]))
    sides = Grid(rows, cols).lattice_edges()
    return M.Instance(rows, cols, tuple(draw(st.sets(st.sampled_from(sides), max_size=3))))


def oracle(inst) -> set[frozenset]:
    """The Hamiltonian cycles of the points that use every given side."""
    return {c for c in tours(inst.rows, inst.cols) if set(inst.given) <= c}


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=40)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_selectors_pose_any_subset_of_sides(inst, data):
    kept = [e for e in inst.given if data.draw(st.booleans())]
    assert sat_tours(inst, Options(clues="selectors"), kept) == oracle(
        M.GENRE.design.with_clues(inst, kept))


def test_verify_names_missed_points_and_sides():
    ring = frozenset(e for e in Grid(2, 2).lattice_edges()
                     if e[0][0] == e[1][0] in (0, 2) or e[0][1] == e[1][1] in (0, 2))
    inst = M.Instance(2, 2, (((1, 0), (1, 1)),))
    problems = M.verify(inst, ring)
    assert "does not pass through point (1, 1)" in problems[0]
    assert problems[-1] == "the given side (1, 0)-(1, 1) is not on the loop"


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "GrandTour")
    assert records == 70 and malformed == []


@settings(max_examples=40, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    loops = sorted(tours(inst.rows, inst.cols), key=sorted)
    sol = loops[0] if with_solution and loops else None
    doc = parse_text(M.GENRE.to_pzl(inst, sol), "rt.pzl")
    assert M.GENRE.from_document(doc) == inst
    assert M.GENRE.expected_solution(doc) == sol


def test_clue_numbers_add_up_sides():
    inst = M.GENRE.from_document(parse_text("puzzle grandtour\nsize 2 x 1\ngrid\n  9 2\n", "t"))
    assert inst.given == (((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 2)))
    item = satlink.load(ROOT / "instances" / "grandtour" / "small-5x4.pzl")[0]
    assert satlink.outcome(item).expected_ok


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle grandtour\nsize 2 x 1\ngrid\n  16 .\n", None, 4, 3, "above 15"),
    ("2 2\n1 x\n- -\n", "GrandTour", 2, 3, "`x`"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)


def test_picture_draws_given_sides_then_the_loop():
    inst = M.Instance(1, 1, (((0, 0), (0, 1)),))
    assert len(M.picture(inst).edges) == 1
    assert len(M.picture(inst, frozenset(Grid(1, 1).lattice_edges())).edges) == 4

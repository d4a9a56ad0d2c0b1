"""Hitori: brute force, verify, the dev slice, files, errors, puzz.link."""
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
from satlink.puzzles import hitori as T
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        unique_and_published)
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "hitori").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def obeys(inst, sh: set) -> bool:
    """The rules checked here directly (not with ``verify``)."""
    board = nx.grid_2d_graph(inst.rows, inst.cols)
    if board.subgraph(sh).number_of_edges():
        return False
    white = board.subgraph(set(board) - sh)
    if white.number_of_nodes() and not nx.is_connected(white):
        return False
    numbers = dict(inst.numbers)
    for r in range(inst.rows):
        seen = [numbers[(r, c)] for c in range(inst.cols) if (r, c) in numbers and (r, c) not in sh]
        if len(seen) != len(set(seen)):
            return False
    for c in range(inst.cols):
        seen = [numbers[(r, c)] for r in range(inst.rows) if (r, c) in numbers and (r, c) not in sh]
        if len(seen) != len(set(seen)):
            return False
    return True


def brute(inst) -> set[frozenset]:
    cells = list(inst.grid.cells)
    return {frozenset(s) for bits in itertools.product((0, 1), repeat=len(cells))
            if obeys(inst, s := {c for c, b in zip(cells, bits) if b})}


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    numbers = [((r, c), draw(st.integers(1, 3))) for r in range(rows) for c in range(cols)
               if draw(st.integers(0, 5))]  # about one cell in six empty
    return T.Instance(rows, cols, tuple(numbers))


def sat_solutions(inst, options=Options()) -> set[frozenset]:
    f = Formula()
    enc = T.encode(inst, f, options)
    name = {x: c for c, x in enc.shading.var.items()}
    return {frozenset(name[x] for x in s) for s in solutions(f, list(name), enc.cuts)}


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert all(T.verify(inst, s) == [] for s in want)


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, tiny(9), brute,
                                                        examples=25, limit=600)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = T.Instance(2, 3, (((0, 0), 1), ((0, 1), 1), ((0, 2), 2), ((1, 0), 2), ((1, 2), 2)))


@pytest.mark.parametrize("sh, words", [
    ({(0, 0), (1, 2)}, None),
    ({(0, 1), (1, 2)}, "not connected"),
    ({(1, 2)}, "the 1 at r1c1 and at r1c2 are both white"),
    ({(0, 0)}, "the 2 at r2c1 and at r2c3 are both white"),
    ({(0, 0), (1, 0), (1, 2)}, "touch"),
    ({(0, 1), (1, 0), (1, 2)}, "not connected"),
    ({(0, 0), (1, 2), (3, 3)}, "off the board"),
])
def test_verify(sh, words):
    problems = T.verify(BOARD, frozenset(sh))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(T.GENRE, datasets, "Hitori") == (189, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = T.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert T.FORMAT.from_document(doc) == inst
    assert T.FORMAT.expected_solution(doc) == sol
    assert T.FORMAT.to_pzl(T.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert T.verify(inst, sol) == []
    assert T.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(T.GENRE.cells(inst, sol).values()) == len(sol)
    text = T.GENRE.render_text(inst, sol)
    assert "█" in text and "5" in text


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("hitori", rows)


#: `.pzl` text, or grid text read as `--type Hitori`.
test_bad_input_has_position = errors_have_positions([
    (pzl(["1 2 3", "3 q 1"]), 5, 5, "`q`", None),
    (pzl(["1 2 3", "3 2000 1"]), 5, 5, "2000", None),
    (pzl(["1 2 3", "3 1 2 1"]), 5, 9, "row 2 has 4 cells", None),
    (pzl(["1 2 3"]) + "solution\n  x . z\n", 6, 7, "`z`", None),
    ("2 3\n1 2 w\n3 1 2\n", 2, 5, "`w`", "Hitori"),
    ("2 3\n1 2 3\n3 1\n", 3, 3, "row 2 has 2 cells", "Hitori"),
    ("3 3\n1 2 3\n3 1 2\n", 3, 5, "the grid has 2 rows", "Hitori"),
])


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("2 2\n1 2\n2 1\n")  # nothing to shade, and shading one of four also works
    assert main(["check", "--format", "grid-text", "--type", "Hitori", str(good)]) != 0
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["1 2 3", "3 q 1"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/hitori.js: the URL, and its accepted answer
    (the last failcheck: `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?hitori/4/4/1114142333214213"
    genre, inst = puzzlink.decode(url)
    assert genre is T.GENRE
    assert [n for _, n in inst.numbers[:4]] == [1, 1, 1, 4]
    assert puzzlink.encode(T.GENRE, inst) == url
    answer = "# + # . /+ + + . /# + # . /+ + + # /"
    sh = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
          for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(T.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == sh


def test_puzzlink_empty_cells_and_large_numbers():
    from satlink.formats import puzzlink

    inst = T.Instance(2, 3, (((0, 0), 40), ((0, 2), 35), ((1, 1), 1295)))
    url = puzzlink.encode(T.GENRE, inst)
    assert url.endswith("/3/2/-14.z.-zz.")
    assert puzzlink.decode(url)[1] == inst


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_decided_cells_hold_in_every_solution(inst):
    """The cells the numbers decide (the encoding's unit clauses) are shaded /
    white in every brute-force solution."""
    shaded, white = T.decided(inst, inst.repeats())
    for sol in brute(inst):
        assert shaded <= sol and not white & sol


def test_decided_cells_of_a_line():
    """1 1 2 1 1: each adjacent pair shades the other 1s, so the board has
    no solution; 1 2 1 3 1: the 2 and the 3 sit between two 1s."""
    inst = T.Instance(1, 5, tuple(((0, c), n) for c, n in enumerate((1, 2, 1, 3, 1))))
    assert T.decided(inst, inst.repeats()) == (set(), {(0, 1), (0, 3)})
    inst = T.Instance(1, 5, tuple(((0, c), n) for c, n in enumerate((1, 1, 2, 1, 1))))
    shaded, _ = T.decided(inst, inst.repeats())
    assert shaded == {(0, 0), (0, 1), (0, 3), (0, 4)} and brute(inst) == set()
    assert sat_solutions(inst) == set()

"""Kuromasu: brute force, lazy = complete = selectors, the dev slice, files,
errors, puzz.link."""
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
from satlink.puzzles import kuromasu as K
from satlink.puzzles._seen_board import seen, seen_counts
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions, grid_pzl,
                                        unique_and_published)
from tests.rules.enumerate import solutions

INSTANCES = sorted((ROOT / "instances" / "kuromasu").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every shading the rules accept, checked here directly (networkx for
    the white cells' connectivity), not with ``verify``."""
    cells = Grid(inst.rows, inst.cols).cells
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        shaded = {c for c, b in zip(cells, bits) if b}
        if any((r + 1, c) in shaded or (r, c + 1) in shaded for r, c in shaded):
            continue
        white = nx.Graph()
        white.add_nodes_from(c for c in cells if c not in shaded)
        white.add_edges_from((a, (a[0] + dr, a[1] + dc)) for a in white.nodes
                             for dr, dc in ((0, 1), (1, 0)) if (a[0] + dr, a[1] + dc) in white)
        if white.number_of_nodes() and not nx.is_connected(white):
            continue
        ok = True
        for (r, c), n in inst.numbers:
            if (r, c) in shaded:
                ok = False
                break
            if n == K.HIDDEN:
                continue
            row = [x for x in range(inst.cols) if (r, x) in shaded]
            col = [y for y in range(inst.rows) if (y, c) in shaded]
            left = max([x for x in row if x < c], default=-1)
            right = min([x for x in row if x > c], default=inst.cols)
            up = max([y for y in col if y < r], default=-1)
            down = min([y for y in col if y > r], default=inst.rows)
            if (right - left - 1) + (down - up - 1) - 1 != n:
                ok = False
                break
        if ok:
            out.add(frozenset(shaded))
    return out


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    numbers = [(c, draw(st.one_of(st.just(K.HIDDEN), st.integers(1, rows + cols - 1))))
               for c in Grid(rows, cols).cells if draw(st.integers(0, 3)) == 0]
    return K.Instance(rows, cols, tuple(numbers))


def sat_solutions(inst, options=Options(), clues=None) -> set[frozenset]:
    f = Formula()
    enc = K.encode(inst, f, options)
    name = {x: c for c, x in enc.shading.var.items()}
    assume = enc.assumptions(clues) if clues is not None else ()
    got = solutions(f, list(name), None if options.complete else enc.cuts, assumptions=assume)
    return {frozenset(name[x] for x in s) for s in got}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force_lazy_and_complete(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert all(K.verify(inst, s) == [] for s in want)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny(), st.data())
def test_selectors_pose_any_subset_of_numbers(inst, data):
    kept = [n for n in K.clues(inst) if data.draw(st.booleans())]
    sub = K.with_clues(inst, kept)
    for complete in (False, True):
        got = sat_solutions(inst, Options(clues="selectors", complete=complete), clues=kept)
        assert got == brute(sub)


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(9), brute,
                                                        examples=25, limit=600)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = K.Instance(3, 3, (((0, 0), 3), ((1, 1), 5), ((2, 2), K.HIDDEN)))


@pytest.mark.parametrize("shaded, words", [
    ({(0, 2), (2, 0)}, None),
    ({(0, 2)}, "the 3 at r1c1 sees 4 cells"),
    ({(0, 2), (2, 0), (2, 2)}, "the number at r3c3 is shaded"),
    ({(0, 1), (1, 0)}, "not connected"),
    ({(0, 2), (1, 2), (2, 0)}, "touch at r1c3 and r2c3"),
    ({(0, 2), (2, 0), (3, 3)}, "off the board"),
])
def test_verify(shaded, words):
    problems = K.verify(BOARD, frozenset(shaded))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(K.GENRE, datasets, "Kuromasu") == (112, [])  # none malformed


# -- files and outputs (the contract test runs the instances: fmt, DIMACS, SVG, puzz.link) --------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = K.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert K.FORMAT.from_document(doc) == inst
    assert K.FORMAT.expected_solution(doc) == sol
    assert K.FORMAT.to_pzl(K.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert K.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    names = K.GENRE.cells(inst, sol)
    assert sum(names.values()) == len(sol) and len(names) == inst.rows * inst.cols
    assert "█" in K.GENRE.render_text(inst, sol)
    assert K.clues(inst) == list(inst.numbers)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows):
    return grid_pzl("kuromasu", rows)


#: `.pzl` text, or grid text read as `--type Kuromasu`.
test_bad_input_has_position = errors_have_positions([
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`", None),
    (pzl([". 0 .", ". . ."]), 4, 5, "below 1", None),
    (pzl([". 5 .", ". . ."]), 4, 5, "outside 1..4", None),
    (pzl([". 2 .", ". . . 1"]), 5, 9, "row 2 has 4 cells", None),
    (pzl([". 2 ."]) + "solution\n  x . y\n", 6, 7, "`y`", None),
    ("2 3\n2 - 7\n- - -\n", 2, 5, "outside 1..4", "Kuromasu"),
    ("2 3\n2 - w\n- - -\n", 2, 5, "`w`", "Kuromasu"),
    ("2 3\n2 - 1\n- -\n", 3, 3, "row 2 has 2 cells", "Kuromasu"),
])


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/kurodoko.js: the URL, and the shading of its
    accepted answer (the last failcheck, `#` shaded)."""
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
    genre, inst = puzzlink.decode(url)
    assert genre is K.GENRE and puzzlink.encode(K.GENRE, inst) == url
    assert inst.numbers == (((0, 3), 7), ((1, 0), 5), ((2, 2), 2), ((3, 4), 2), ((4, 1), 4))
    answer = "+ # + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /"
    shaded = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
              for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(K.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == shaded


def test_puzzlink_hidden_numbers():
    from satlink.formats import puzzlink

    inst = K.Instance(2, 3, (((0, 0), K.HIDDEN), ((1, 2), 3)))
    assert puzzlink.decode(puzzlink.encode(K.GENRE, inst))[1] == inst


@st.composite
def solvable(draw):
    """Up to 12 cells, numbers read off a hidden shading (no two shaded side
    by side), so that the numbers agree and the narrowing before encoding
    has work to do."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 12 // rows))
    g = Grid(rows, cols)
    shaded: set = set()
    for c in g.cells:
        if draw(st.integers(0, 2)) == 0 and not any(n in shaded for n in g.neighbours(c)):
            shaded.add(c)
    inst = K.Instance(rows, cols, ())
    numbers = [(c, seen(inst, shaded, c)) for c in g.cells
               if c not in shaded and draw(st.integers(0, 2))]
    return K.Instance(rows, cols, tuple(numbers))


test_narrowed_boards_agree_with_brute_force = brute_force_harness(K.GENRE, solvable(), brute,
                                                                  examples=30, limit=600)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_seen_counts_walk_the_rays(rows, cols, data):
    """``seen_counts`` (one pass, for verify) gives every white cell what
    walking its four rays gives."""
    cells = Grid(rows, cols).cells
    shaded = {c for c in cells if data.draw(st.integers(0, 2)) == 0}
    inst = K.Instance(rows, cols, ())
    assert seen_counts(inst, shaded) == {c: seen(inst, shaded, c) for c in cells
                                         if c not in shaded}

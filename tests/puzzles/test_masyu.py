"""Masyu: brute force, lazy = complete = selectors, the janko slice, files, errors."""
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
from satlink.puzzles import masyu as M
from satlink.rules.grid import Grid
from satlink.rules.pearls import pieces
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        instances_match_their_solution)
from tests.rules.enumerate import solutions
from tests.rules.test_loops import cycles

INSTANCES = sorted((ROOT / "instances" / "masyu").glob("*.pzl"))


def sat_solutions(inst, options=Options(), clues=None):
    """The loops the encoding admits (solve, cut, block over the edges);
    ``clues``: the selected pearls in selector mode."""
    f = Formula()
    enc = M.GENRE.encode(inst, f, options)
    name = {x: e for e, x in enc.loop.edges.items()}
    assume = enc.assumptions(clues) if clues is not None else ()
    cut = None if options.complete else enc.cuts
    got = solutions(f, list(name), cut, assumptions=assume)
    return {frozenset(name[x] for x in s) for s in got}


def brute(inst):
    """Every simple cycle of the board the rules accept (verify)."""
    return {c for c in cycles(inst.grid) if not M.verify(inst, c)}


@st.composite
def tiny(draw, max_rows=4, max_cols=4):
    rows, cols = draw(st.integers(1, max_rows)), draw(st.integers(2, max_cols))
    pearls = [M.Pearl(c, draw(st.sampled_from("wb"))) for c in Grid(rows, cols).cells
              if draw(st.integers(0, 4)) == 0]
    return M.Instance(rows, cols, tuple(pearls))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force_in_every_mode(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny(), st.data())
def test_selectors_pose_any_subset_of_pearls(inst, data):
    kept = [p for p in inst.pearls if data.draw(st.booleans())]
    sub = M.Instance(inst.rows, inst.cols, tuple(kept))
    for complete in (False, True):
        opts = Options(clues="selectors", complete=complete)
        assert sat_solutions(inst, opts, clues=kept) == brute(sub)


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, tiny(3, 4), brute,
                                                        examples=25, limit=300)


def test_empty_board_counts_every_loop():
    assert len(sat_solutions(M.Instance(4, 4, ()))) == 213  # OEIS A140517


# -- the rules, checked by verify ---------------------------------------------------------
RING = frozenset(Grid(3, 3).cell_edges()) - {((0, 1), (1, 1)), ((1, 0), (1, 1)),
                                             ((1, 1), (1, 2)), ((1, 1), (2, 1))}


@pytest.mark.parametrize("pearl, words", [
    (M.Pearl((0, 1), "w"), None),  # straight, turns on both sides
    (M.Pearl((0, 0), "w"), "turns on the white pearl"),
    (M.Pearl((0, 1), "b"), "goes straight through the black pearl"),
    (M.Pearl((0, 0), "b"), None),  # turns, straight on both sides
    (M.Pearl((1, 1), "w"), "does not pass through r2c2"),
])
def test_verify_on_the_ring(pearl, words):
    problems = M.verify(M.Instance(3, 3, (pearl,)), RING)
    assert (problems == []) if words is None else any(words in p for p in problems)


def test_verify_black_needs_straight_lines_beside_it():
    square = frozenset(Grid(2, 2).cell_edges())
    assert "turns right next to the black pearl at r1c1" in M.verify(
        M.Instance(2, 2, (M.Pearl((0, 0), "b"),)), square)[0]


def test_verify_white_needs_a_turn_beside_it():
    g = Grid(3, 5)
    ring = frozenset(e for e in g.cell_edges() if (1, 1) not in e and (1, 2) not in e
                     and (1, 3) not in e)
    assert M.verify(M.Instance(3, 5, (M.Pearl((0, 2), "w"),)), ring)[0].endswith(
        "neither cell next to the white pearl at r1c3")
    assert M.verify(M.Instance(3, 5, (M.Pearl((0, 1), "w"),)), ring) == []
    assert M.verify(M.Instance(3, 5, (M.Pearl((0, 0), "b"),)), ring) == []


def test_verify_rejects_broken_loops():
    inst = M.Instance(3, 3, ())
    assert "no loop" in M.verify(inst, frozenset())[0]
    assert "ends at" in M.verify(inst, RING - {((0, 0), (0, 1))})[0]
    assert "not allowed" in M.verify(inst, {((0, 0), (1, 1))})[0]


# -- the janko slice -------------------------------------------------------------------------
def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Masyu.json").read_text())["data"]
    assert len(data) == 166
    malformed = []
    for name, entry in data.items():
        try:
            inst = M.GENRE.from_grid_text(split(entry["problem"], name))
        except InputError:
            malformed.append(name)
            continue
        res = engine.solve(M.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == M.GENRE.solution_from_grid_text(split(entry["solution"]), inst), name
    assert malformed == []  # every record of the slice is well formed


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(M.verify, INSTANCES)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    loops = sorted(cycles(inst.grid), key=sorted)
    sol = loops[len(loops) // 2] if with_solution and loops else None
    text = M.GENRE.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert M.GENRE.from_document(doc) == inst
    assert M.GENRE.expected_solution(doc) == sol
    assert M.GENRE.to_pzl(M.GENRE.from_document(doc), sol) == text


def test_outputs_name_cells_and_draw_the_loop():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    order = M.GENRE.solution_json(inst, sol)
    assert len(order) == len(sol)
    steps = zip(order, order[1:] + order[:1])
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in steps)
    names = M.GENRE.cells(inst, sol)
    assert len(names) == inst.rows * inst.cols and names["r1c1"] in ("se", ".")
    text = M.GENRE.render_text(inst, sol)
    assert "○" in text and "●" in text and "─" in text
    assert M.GENRE.clues(inst) == list(inst.pearls)


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows, size=None):
    size = size or f"{len(rows[0].split())} x {len(rows)}"
    return "puzzle masyu\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in rows)


test_bad_pzl_has_position = errors_have_positions([
    (pzl([". w .", ". q ."]), 5, 5, "`q`"),
    (pzl([". w .", ". . . b"]), 5, 9, "row 2 has 4 cells"),
    (pzl([". b ."]) + "solution\n  se sw .\n", 6, 3, "line s of r1c1 leads off the board"),
    (pzl([". b ."]) + "solution\n  se xy .\n", 6, 6, "`xy`"),
    ("puzzle masyu\nsize 2 x 1\ncolour red\ngrid\n  . .\n", 3, 1, "colour"),
])


test_bad_grid_text_has_position = errors_have_positions([
    ("2 3\nw - 3\n- - -\n", 2, 5, "`3`"),
    ("2 3\nw - b\n- -\n", 3, 3, "row 2 has 2 cells"),
    ("2 3\nw - b\n- - - 1\n", 3, 7, "row 2 has 4 cells"),
], "masyu")


def test_pearls_off_the_board_are_input_errors():
    with pytest.raises(InputError, match="off the 3 x 2 board"):
        M.Instance(2, 3, (M.Pearl((2, 0), "w"),))
    with pytest.raises(InputError, match="two pearls"):
        M.Instance(2, 3, (M.Pearl((0, 0), "w"), M.Pearl((0, 0), "b")))
    with pytest.raises(InputError, match="neither"):
        M.Instance(2, 3, (M.Pearl((0, 0), "g"),))


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("6 6\n- - - - - -\n- - - - - w\n- b - w b -\n- b w - b -\nw - - - - -\n"
                    "- - - - - -\n")
    assert main(["check", "--format", "grid-text", "--type", "masyu", str(good)]) == 0
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". w .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puz.link and pictures -----------------------------------------------------------------------
def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?mashu/6/6/1063000i3000"  # robx/pzprjs test/script/mashu.js
    mod, inst = puzzlink.decode(url)
    assert mod is M.GENRE and puzzlink.encode(M.GENRE, inst) == url
    assert M.Pearl((0, 2), M.WHITE) in inst.pearls and M.Pearl((1, 1), M.BLACK) in inst.pearls
    assert engine.solve(M.GENRE, inst).verdict == "unique"
    for path in INSTANCES:
        item = satlink.load(path)[0]
        assert puzzlink.decode(puzzlink.encode(M.GENRE, item.instance))[1] == item.instance
    with pytest.raises(InputError) as exc:
        puzzlink.decode("https://puzz.link/p?masyu/6/6/1063000i300z")
    assert exc.value.pos.column == 42


def test_picture_has_pearls_and_the_loop():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    board = M.picture(item.instance, item.expected)
    assert len(board.circles) == len(item.instance.pearls)
    assert board.lines[0].closed and len(board.lines[0].cells) == len(item.expected)
    assert M.picture(item.instance).lines == ()
    assert to_svg(board).lstrip().startswith("<")


# -- known pieces (direct clues: CellLoop(turns=...)) ---------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(2, 4), st.data())
def test_known_pieces_match_brute_force_on_dense_boards(rows, cols, data):
    """Many pearls (each cell one in two), so most cells' degree rule is a
    piece's: the direct formula keeps exactly the brute-force loops, lazily
    and completely, and agrees with the pearls posed by selectors."""
    pearls = [M.Pearl(c, data.draw(st.sampled_from("wb"))) for c in Grid(rows, cols).cells
              if data.draw(st.booleans())]
    inst = M.Instance(rows, cols, tuple(pearls))
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want
    assert sat_solutions(inst, Options(clues="selectors"), clues=pearls) == want


def test_direct_pearls_state_their_piece_not_a_piece_literal():
    """With direct clues a pearl's cell gets no straight/turn variable (its
    piece is clauses of its edges); with selectors it still does."""
    inst = M.Instance(4, 4, (M.Pearl((1, 1), "w"), M.Pearl((2, 2), "b")))
    names = {}
    for clues in ("direct", "selectors"):
        f = Formula()
        M.GENRE.encode(inst, f, Options(clues=clues))
        names[clues] = {f.key(v)[1] for v in range(1, f.num_vars + 1) if f.key(v)}
    assert not names["direct"] & {"straight", "turn"}
    assert {"straight", "turn"} <= names["selectors"]


def test_two_pearls_on_one_cell_know_no_piece():
    """Two pearls on one cell: the board is refused (InputError), and
    ``pieces`` knows no piece there rather than keeping one colour."""
    both = (M.Pearl((0, 0), "b"), M.Pearl((0, 0), "w"))
    assert pieces(both) is None
    assert pieces(both[:1]) == {(0, 0): True}
    with pytest.raises(InputError, match="two pearls"):
        M.Instance(3, 3, both)

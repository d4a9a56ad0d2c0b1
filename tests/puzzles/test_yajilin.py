"""Yajilin: brute force, lazy = complete = selectors, the janko slice, files, errors."""
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
from satlink.puzzles import yajilin as Y
from satlink.rules.grid import Grid
from tests.helpers import EXTERNAL, ROOT, dimacs_roundtrip
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        instances_match_their_solution)
from tests.rules.enumerate import solutions
from tests.rules.test_loops import cycles

INSTANCES = sorted((ROOT / "instances" / "yajilin").glob("*.pzl"))


def sat_solutions(inst, options=Options(), clues=None):
    """The solutions the encoding admits (solve, cut, block over the edges
    and the shading); ``clues``: the selected arrows in selector mode."""
    f = Formula()
    enc = Y.encode(inst, f, options)
    project = list(enc.loop.edges.values()) + list(enc.shading.var.values())
    assume = enc.assumptions(clues) if clues is not None else ()
    cut = None if options.complete else enc.cuts
    edge = {x: e for e, x in enc.loop.edges.items()}
    cell = {x: c for c, x in enc.shading.var.items()}
    return {Y.Solution(frozenset(cell[x] for x in s if x in cell),
                       frozenset(edge[x] for x in s if x in edge))
            for s in solutions(f, project, cut, assumptions=assume)}


def brute(inst):
    """Every loop on the free cells, the other free cells shaded, that the
    rules accept (verify): a solution's shading is the free cells off its
    loop, so this lists them all."""
    free = inst.free
    out = set()
    for loop in cycles(inst.grid, free):
        on = {c for e in loop for c in e}
        sol = Y.Solution(frozenset(c for c in free if c not in on), loop)
        if not Y.verify(inst, sol):
            out.add(sol)
    return out


@st.composite
def tiny(draw, max_rows=4, max_cols=4):
    rows, cols = draw(st.integers(1, max_rows)), draw(st.integers(2, max_cols))
    g = Grid(rows, cols)
    arrows = []
    for c in g.cells:
        if draw(st.integers(0, 5)):
            continue
        d = draw(st.sampled_from([None, "n", "e", "s", "w"]))
        count = None
        if d is not None and draw(st.integers(0, 4)):
            count = draw(st.integers(0, (len(g.ray(c, d)) + 1) // 2))
        arrows.append(Y.Arrow(c, d, count))
    return Y.Instance(rows, cols, tuple(arrows))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny())
def test_counts_match_brute_force_in_every_mode(inst):
    want = brute(inst)
    assert sat_solutions(inst) == want
    assert sat_solutions(inst, Options(complete=True)) == want


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny(), st.data())
def test_selectors_pose_any_subset_of_counts(inst, data):
    kept = [a for a in Y.clues(inst) if data.draw(st.booleans())]
    sub = Y.Instance(inst.rows, inst.cols, tuple(
        a if a in kept or a.count is None else Y.Arrow(a.cell, a.direction, None)
        for a in inst.arrows))
    for complete in (False, True):
        opts = Options(clues="selectors", complete=complete)
        assert sat_solutions(inst, opts, clues=kept) == brute(sub)


test_modes_agree_with_brute_force = brute_force_harness(Y.GENRE, tiny(3, 4), brute,
                                                        examples=25, limit=300)


# -- the rules, checked by verify ---------------------------------------------------------
BOARD = Y.Instance(3, 3, (Y.Arrow((1, 1), "e", 0),))
RING = frozenset(e for e in Grid(3, 3).cell_edges() if (1, 1) not in e)


def test_verify_accepts_the_ring_and_names_broken_rules():
    assert Y.verify(BOARD, Y.Solution(frozenset(), RING)) == []
    one = Y.Instance(3, 3, (Y.Arrow((1, 1), "e", 1),))
    assert "shows 1 but 0 shaded cells lie east" in Y.verify(one, Y.Solution(frozenset(), RING))[0]
    assert "clue cell" in Y.verify(BOARD, Y.Solution(frozenset({(1, 1)}), RING))[0]
    # shading two touching cells, the loop cut open
    short = RING - {((0, 0), (0, 1)), ((0, 0), (1, 0))}
    problems = Y.verify(BOARD, Y.Solution(frozenset({(0, 0), (0, 1)}), short))
    assert any("touch" in p for p in problems)
    # an unshaded cell off the loop
    problems = Y.verify(BOARD, Y.Solution(frozenset({(0, 0)}), RING))
    assert any("not allowed" in p for p in problems)
    open_loop = RING - {((0, 0), (0, 1))}
    assert any("ends at" in p for p in Y.verify(BOARD, Y.Solution(frozenset(), open_loop)))


# -- the janko slice -------------------------------------------------------------------------
def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Yajilin.json").read_text())["data"]
    assert len(data) == 122
    malformed = []
    for name, entry in data.items():
        try:
            inst = Y.GENRE.from_grid_text(split(entry["problem"], name))
        except InputError:
            malformed.append(name)
            continue
        res = engine.solve(Y.GENRE, inst)
        assert res.verdict == "unique", name
        want = Y.GENRE.solution_from_grid_text(split(entry["solution"]), inst)
        assert res.solutions[0] == want, name
    assert malformed == []  # every record of the slice is well formed


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(Y.verify, INSTANCES)


@pytest.mark.parametrize("solver", EXTERNAL)
@pytest.mark.parametrize("path", INSTANCES[:2], ids=lambda p: p.name)
def test_dimacs_external(path, solver, tmp_path):
    item = satlink.load(path)[0]
    decoded = dimacs_roundtrip(item, solver, tmp_path)
    assert decoded.status == "sat" and not decoded.problems
    assert decoded.solution == item.expected


@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    loops = sorted(cycles(inst.grid, inst.free), key=sorted)
    sol = None
    if with_solution and loops:
        loop = loops[len(loops) // 2]
        on = {c for e in loop for c in e}
        sol = Y.Solution(frozenset(c for c in inst.free if c not in on), loop)
    text = Y.GENRE.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert Y.GENRE.from_document(doc) == inst
    assert Y.GENRE.expected_solution(doc) == sol
    assert Y.GENRE.to_pzl(Y.GENRE.from_document(doc), sol) == text


def test_outputs_name_cells_and_draw():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    got = Y.solution_json(inst, sol)
    assert sorted(map(tuple, got["shaded"])) == sorted(sol.shaded)
    assert len(got["loop"]) == len(sol.loop)
    names = Y.cells(inst, sol)
    assert len(names) == len(inst.free)
    assert sum(v == "x" for v in names.values()) == len(sol.shaded)
    text = Y.GENRE.render_text(inst, sol)
    assert "─" in text and any(a in text for a in "↑→↓←")
    assert Y.clues(inst) == [a for a in inst.arrows if a.count is not None]


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows, size=None):
    size = size or f"{len(rows[0].split())} x {len(rows)}"
    return "puzzle yajilin\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in rows)


test_bad_pzl_has_position = errors_have_positions([
    (pzl([". 1e .", ". 2q ."]), 5, 5, "`2q`"),
    (pzl([". 2w .", ". . ."]), 4, 5, "only 1 cell lies"),
    (pzl([". 1n .", ". . ."]), 4, 5, "only 0 cells lie"),
    (pzl([". 1e .", ". . . ."]), 5, 9, "row 2 has 4 cells"),
    (pzl([". ? ."]) + "solution\n  se x .\n", 6, 3, "line s of r1c1 leads off the board"),
])


test_bad_grid_text_has_position = errors_have_positions([
    ("2 3\n1e - ?\n- - -\n", 2, 6, "`?`"),
    ("2 3\n1e - x\n- -\n", 3, 3, "row 2 has 2 cells"),
    ("2 3\n3e - x\n- - -\n", 2, 1, "only 2 cells"),
], "yajilin")


def test_janko_black_cells_are_read_as_grey_cells(datasets):
    """janko writes a black cell without clue `@` (issue 21): neither shaded nor
    on the loop, like a grey cell `x`. No board of the dev slice has one, so
    its boards with grey cells are read again with `@` written for `x`."""
    ring = Y.GENRE.from_grid_text(split("3 3\n- - -\n- @ -\n- - -\n"))
    assert ring.arrows == (Y.Arrow((1, 1), None, None),)
    res = engine.solve(Y.GENRE, ring)
    assert res.verdict == "unique" and res.solutions[0] == Y.Solution(frozenset(), RING)
    data = json.loads((datasets / "puzzlekit-dev" / "Yajilin.json").read_text())["data"]
    greys = [name for name, entry in data.items() if "x" in entry["problem"].split()]
    assert len(greys) >= 3
    for name in greys:
        text = data[name]["problem"]
        black = "\n".join(" ".join("@" if t == "x" else t for t in line.split())
                          for line in text.splitlines())
        inst = Y.GENRE.from_grid_text(split(black, name))
        assert inst == Y.GENRE.from_grid_text(split(text, name)), name
        res = engine.solve(Y.GENRE, inst)
        want = Y.GENRE.solution_from_grid_text(split(data[name]["solution"]), inst)
        assert res.verdict == "unique" and res.solutions[0] == want, name


def test_clues_off_the_board_are_input_errors():
    with pytest.raises(InputError, match="off the 3 x 2 board"):
        Y.Instance(2, 3, (Y.Arrow((0, 3), "w", 1),))
    with pytest.raises(InputError, match="two clues"):
        Y.Instance(2, 3, (Y.Arrow((0, 0), "e", 1), Y.Arrow((0, 0), None, None)))
    with pytest.raises(InputError, match="not n, e, s or w"):
        Y.Instance(2, 3, (Y.Arrow((0, 0), "x", 1),))
    with pytest.raises(InputError, match="no direction"):
        Y.Instance(2, 3, (Y.Arrow((0, 0), None, 1),))


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("3 3\n- - -\n- 0e -\n- - -\n")
    assert main(["check", "--format", "grid-text", "--type", "yajilin", str(good)]) == 0
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 1e .", ". 2q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


# -- puz.link and pictures -----------------------------------------------------------------------
def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?yajilin/5/5/m32j10"  # robx/pzprjs test/script/yajilin.js
    mod, inst = puzzlink.decode(url)
    assert mod is Y.GENRE and puzzlink.encode(Y.GENRE, inst) == url
    assert inst.arrows == (Y.Arrow((2, 3), "w", 2), Y.Arrow((4, 4), "n", 0))
    assert puzzlink.decode("https://puzz.link/p?yajilin/b/5/5/m32j10")[1] == inst
    assert engine.solve(Y.GENRE, inst).verdict == "unique"
    grey = puzzlink.decode("https://puzz.link/p?yajirin/5/5/m3.j0.")[1]
    assert grey.arrows == (Y.Arrow((2, 3), "w", None), Y.Arrow((4, 4), None, None))
    for path in INSTANCES:
        item = satlink.load(path)[0]
        assert puzzlink.decode(puzzlink.encode(Y.GENRE, item.instance))[1] == item.instance
    for bad, words in [("m35j10", "only 3 cells"), ("m02j10", "no arrow")]:
        with pytest.raises(InputError, match=words) as exc:
            puzzlink.decode("https://puzz.link/p?yajilin/5/5/" + bad)
        assert exc.value.pos.column == 34


def test_picture_has_clues_shading_and_the_loop():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    board = Y.picture(inst, sol)
    assert len(board.arrows) == sum(a.direction is not None for a in inst.arrows)
    assert {s.cell for s in board.shades if s.tone == "black"} == sol.shaded
    assert board.lines[0].closed and len(board.lines[0].cells) == len(sol.loop)
    assert to_svg(board).lstrip().startswith("<")

"""Shugaku: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations


import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.formats.pzprjs_numbers import QUESTION
from satlink.lang import parse_text
from satlink.puzzles import shugaku as S
from satlink.rules.grid import Grid
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, error_at,
                                         instances_match_their_solution,
                                         unique_and_published)
from tests.rules.test_regions import BOARDS

INSTANCES = sorted((ROOT / "instances" / "shugaku").glob("*.pzl"))


def layouts(inst):
    """Every way to cover the free cells with aisle cells and futons
    (pillow, foot), an upright futon's pillow below: (futons, aisle)."""
    black = dict(inst.numbers)
    free = [c for c in Grid(inst.rows, inst.cols).cells if c not in black]

    def go(i, used, futons, aisle):
        while i < len(free) and free[i] in used:
            i += 1
        if i == len(free):
            yield frozenset(futons), frozenset(aisle)
            return
        c = free[i]
        yield from go(i + 1, used | {c}, futons, aisle + [c])
        r, k = c
        for q, pair in (((r, k + 1), [(c, (r, k + 1)), ((r, k + 1), c)]),
                        ((r + 1, k), [((r + 1, k), c)])):
            if q in free and q not in used:
                for futon in pair:
                    yield from go(i + 1, used | {c, q}, futons + [futon], aisle)

    yield from go(0, frozenset(), [], [])


def brute(inst) -> set:
    """The layouts that obey the rules, checked here without S.verify."""
    g = Grid(inst.rows, inst.cols)
    out = set()
    for futons, aisle in layouts(inst):
        pillows = {p for p, _ in futons}
        if any(n != QUESTION and sum(m in pillows for m in g.neighbours(c)) != n
               for c, n in inst.numbers):
            continue
        if not all(any(m in aisle for c in f for m in g.neighbours(c)) for f in futons):
            continue
        if any(all(c in aisle for c in sq) for sq in g.squares()):
            continue
        walk = nx.Graph()
        walk.add_nodes_from(aisle)
        walk.add_edges_from((a, b) for a, b in g.cell_edges() if a in aisle and b in aisle)
        if aisle and not nx.is_connected(walk):
            continue
        out.add(futons)
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    return S.Instance(rows, cols, tuple(
        (c, draw(st.sampled_from([0, 1, 2, 3, QUESTION])))
        for c in Grid(rows, cols).cells if draw(st.integers(0, 3)) == 0))


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(), brute, examples=60)


# -- verify, from the rules ----------------------------------------------------------------
ROW = S.Instance(1, 4, (((0, 0), 1),))


@pytest.mark.parametrize("futons, words", [
    (frozenset({((0, 1), (0, 2))}), None),
    (frozenset({((0, 2), (0, 1))}), "has 0 pillows"),
    (frozenset({((0, 1), (0, 2)), ((0, 3), (0, 2))}), "two futons cover r1c3"),
    (frozenset({((0, 1), (0, 3))}), "not on two free adjacent cells"),
    (frozenset({((0, 0), (0, 1))}), "not on two free adjacent cells"),
])
def test_verify(futons, words):
    problems = S.verify(ROW, futons)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_aisle_rules():
    inst = S.Instance(2, 3, ())
    assert any("all shaded" in p for p in S.verify(inst, frozenset()))
    upright = frozenset({((0, 1), (1, 1))})  # pillow above: kitamakura
    assert any("lies above" in p for p in S.verify(inst, upright))
    cut = frozenset({((1, 1), (0, 1))})  # the aisle r1c1, r2c1 and r1c3, r2c3 parted
    assert "the shaded cells are not connected" in S.verify(inst, cut)
    lonely = S.Instance(1, 3, (((0, 2), QUESTION),))
    assert any("touches no shaded cell" in p
               for p in S.verify(lonely, frozenset({((0, 0), (0, 1))})))


# -- the dev slice ---------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "Shugaku") == (26, [])


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(S.verify, INSTANCES)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_pzl_and_grid_text_round_trip(inst, data):
    futons = data.draw(st.sampled_from([f for f, _ in layouts(inst)]))
    sol = futons if data.draw(st.booleans()) else None
    text = S.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert S.FORMAT.from_document(doc) == inst
    if sol is None:
        assert S.FORMAT.expected_solution(doc) is None
    else:  # the pairing read back may differ only where the text cannot tell it
        back = S.FORMAT.expected_solution(doc)
        assert {p for p, _ in back} == {p for p, _ in sol}
        assert {q for _, q in back} == {q for _, q in sol}
    assert S.FORMAT.to_pzl(S.FORMAT.from_document(doc), sol) == text
    assert S.FORMAT.from_grid_text(split(S.FORMAT.to_grid_text(inst))) == inst


def test_outputs_and_picture():
    from satlink.render import to_svg

    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    grid = S.solution_json(inst, sol)
    assert grid[0][0] == S.AISLE and grid[1][2] is None and grid[3][0] == S.PILLOW
    assert S.cells(inst, sol)["r3c1"] == S.FOOT and "r2c3" not in S.cells(inst, sol)
    board = S.picture(inst, sol)
    assert {lab.text for lab in board.labels} == {"4", "2", "P", "F"}
    assert "<svg" in to_svg(board) and "<svg" in to_svg(S.picture(inst))


def test_published_pairs_are_matched():
    walls = S.FORMAT.solution_from_grid_text(split("2 2\no #\no #\n"),
                                            S.Instance(2, 2, ()))
    assert walls == frozenset({((0, 1), (0, 0)), ((1, 1), (1, 0))})


# -- bad input -----------------------------------------------------------------------------------
def pzl(rows):
    return (f"puzzle shugaku\nsize {len(rows[0].split())} x {len(rows)}\ngrid\n"
            + "".join(f"  {r}\n" for r in rows))


@pytest.mark.parametrize("text,line,col,words", [
    (pzl([". 2 .", ". q ."]), 5, 5, "`q`"),
    (pzl([". 2 .", ". 6 ."]), 5, 5, "above 4"),
    (pzl([". 2 .", ". 5 ."]), 5, 5, "above 4"),  # janko's `5` (no number) is not `.pzl`'s
    (pzl([". 2 ."]) + "solution\n  x . q\n", 6, 7, "`q`"),
    (pzl([". 2 ."]) + "solution\n  x . p\n", 6, 7, "no futon half"),
])
def test_bad_pzl_has_position(text, line, col, words):
    got = error_at(text)
    assert got[:2] == (line, col) and words in got[2]


@pytest.mark.parametrize("text,line,col,words", [
    ("2 3\n1 - x\n- - 3\n", 2, 5, "`x`"),
    ("2 3\n1 - -\n- -\n", 3, 3, "row 2 has 2 cells"),
])
def test_bad_grid_text_has_position(text, line, col, words):
    got = error_at(text, "Shugaku")
    assert got[:2] == (line, col) and words in got[2]


def test_cli_exit_codes(capsys, tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("1 3\n- - 5\n")  # no futon can touch the aisle: both cells shaded
    assert main(["check", "--format", "grid-text", "--type", "shugaku", str(good)]) == 0
    many = tmp_path / "m.txt"
    many.write_text("1 3\n- - -\n")
    assert main(["check", "--format", "grid-text", "--type", "shugaku", str(many)]) == 1
    none = tmp_path / "n.txt"
    none.write_text("1 3\n4 - -\n")
    assert main(["check", "--format", "grid-text", "--type", "Shugaku", str(none)]) == 3
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl([". 2 .", ". q ."]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:5:5" in err and "Traceback" not in err


def test_generate_refused_at_once(capsys):
    """Only a board's black cells carry numbers, and a board without any has
    no clue to make a solution unique: `generate` says it does not apply
    (exit 2) instead of trying random solutions that can never be unique."""
    assert main(["generate", "shugaku", "--size", "4x4", "--seed", "1"]) == 2
    assert "does not apply to shugaku" in capsys.readouterr().err


def test_puzzlink_pzprjs_vector_solves_and_round_trips():
    from satlink.formats import puzzlink

    url = "https://puzz.link/p?shugaku/5/5/c5d462b"  # robx/pzprjs test/script/shugaku.js
    mod, inst = puzzlink.decode(url)
    assert mod is S.GENRE and puzzlink.encode(S.GENRE, inst) == url
    assert dict(inst.numbers) == {(1, 2): QUESTION, (3, 1): 4, (3, 3): 2}
    assert engine.solve(S.GENRE, inst).solutions == [satlink.load(
        ROOT / "instances" / "shugaku" / "pzprjs.pzl")[0].expected]
    for path in INSTANCES:
        item = satlink.load(path)[0]
        assert puzzlink.decode(puzzlink.encode(S.GENRE, item.instance))[1] == item.instance
    long = S.Instance(1, 40, (((0, 35), 1),))
    assert puzzlink.decode(puzzlink.encode(S.GENRE, long))[1] == long
    with pytest.raises(InputError):  # `8` skips three cells of two
        puzzlink.decode("https://puzz.link/p?shugaku/2/1/8")

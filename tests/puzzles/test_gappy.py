"""Gappy: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import gappy as G
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, errors_have_positions

INSTANCES = sorted((ROOT / "instances" / "gappy").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Row by row, every pair of cells two apart or more, columns never
    above two, no cell touching one of the row above; then the column
    counts, the gaps and the given cells checked."""
    n, m = inst.rows, inst.cols
    pairs = [p for p in itertools.combinations(range(m), 2) if p[1] - p[0] >= 2]
    out = set()

    def walk(r, chosen, col_count):
        if r == n:
            if all(k == 2 for k in col_count):
                out.add(frozenset((i, c) for i, p in enumerate(chosen) for c in p))
            return
        for p in pairs:
            gap = inst.row_gaps[r]
            if gap is not None and p[1] - p[0] - 1 != gap:
                continue
            if any(col_count[c] == 2 for c in p):
                continue
            if r and any(abs(a - b) <= 1 for a in p for b in chosen[-1]):
                continue
            for c in p:
                col_count[c] += 1
            walk(r + 1, chosen + [p], col_count)
            for c in p:
                col_count[c] -= 1

    walk(0, [], [0] * m)
    return {s for s in out if set(inst.givens) <= s and all(
        g is None or _col_gap(s, c) == g for c, g in enumerate(inst.col_gaps))}


def _col_gap(shaded, c):
    rows = sorted(r for r, x in shaded if x == c)
    return rows[1] - rows[0] - 1


@st.composite
def tiny(draw):
    """8 x 8 to 9 x 9 (smaller boards have no solution at all): gaps drawn,
    most hidden, sometimes a given cell."""
    n = draw(st.integers(8, 9))
    m = draw(st.integers(8, 9))
    def gaps(k, side):
        return tuple(draw(st.one_of(st.none(), st.none(), st.none(), st.integers(1, side - 2)))
                     for _ in range(k))
    givens = tuple(draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, m - 1)),
                                 max_size=1)))
    return G.Instance(n, m, gaps(n, m), gaps(m, n), givens)


test_modes_agree_with_brute_force = brute_force_harness(G.GENRE, tiny(), brute, examples=25)


def test_small_boards_have_no_solution():
    assert brute(G.blank(7, 7, {})) == set()
    assert engine.solve(G.GENRE, G.blank(7, 7, {})).verdict == "none"
    assert len(brute(G.blank(8, 8, {}))) == 2


# -- verify, from the rules -------------------------------------------------------------------
SOL = satlink.load(INSTANCES[0])[0].expected if INSTANCES else None


@pytest.mark.parametrize("change, words", [
    ((), None),
    (((0, 1),), "row 1 has 1 shaded cells, not 2"),
    (((0, 1), (0, 2)), "touch"),
    (((0, 1), (0, 3)), "row 1 has 3 white cells between its shaded ones, its gap is 5"),
])
def test_verify(change, words):
    inst = G.Instance(9, 9, (5,) + (None,) * 8, (None,) * 9, ((0, 7),))
    shaded = set(SOL) ^ set(change)
    problems = G.verify(inst, frozenset(shaded))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_given_cell():
    inst = G.Instance(9, 9, (None,) * 9, (None,) * 9, ((0, 0),))
    assert any("given shaded cell r1c1" in p for p in G.verify(inst, SOL))


# -- the dev slice -----------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Gappy.json").read_text())["data"]
    compared, malformed = 0, []
    for key, entry in sorted(data.items()):
        try:
            inst = G.GENRE.from_grid_text(split(entry["problem"], key))
        except InputError:
            malformed.append(key)
            continue
        res = engine.solve(G.GENRE, inst)
        assert res.verdict == "unique", key
        if entry["solution"].strip():
            assert res.solutions[0] == G.GENRE.solution_from_grid_text(
                split(entry["solution"], key), inst), key
            compared += 1
    assert (len(data), compared, malformed) == (86, 85, [])  # `10x10` has no published one


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=20, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = G.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert G.FORMAT.from_document(doc) == inst
    assert G.FORMAT.expected_solution(doc) == sol
    assert G.FORMAT.to_pzl(G.FORMAT.from_document(doc), sol) == text
    assert G.GENRE.from_grid_text(split(G.FORMAT.to_grid_text(inst))) == inst


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert G.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(G.GENRE.cells(inst, sol).values()) == 18
    assert "█" in G.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle gappy\nsize 3 x 2\nrows 1 ?\ncols ? ? ?\ngrid\n  . . .\n  . x .\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("rows 1 ?", "rows 1 q"), 3, 8, "`q`", None),
    (PZL.replace("rows 1 ?", "rows 2 ?"), 3, 6, "outside 1..1", None),
    (PZL.replace("  . x .", "  . o ."), 7, 5, "`o`", None),
    ("2 3\n- - -\n1 5\n- - -\n- - -\n", 3, 3, "outside 1..1", "Gappy"),
    ("2 3\n- - -\n1 -\n- - -\n", 4, 5, "the grid has 1 rows", "Gappy"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("8 8\n" + "- " * 8 + "\n" + "- " * 8 + "\n" + "- - - - - - - -\n" * 8)
    assert main(["check", "--format", "grid-text", "--type", "Gappy", str(several)]) == 1
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(PZL.replace("rows 1 ?", "rows 1 q"))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:3:8" in err and "Traceback" not in err

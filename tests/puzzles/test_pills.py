"""Pills: brute force, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import pills as P
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "pills").glob("*.pzl"))


def brute(inst) -> set[frozenset]:
    """Every set of N non-overlapping straight triples worth 1..N once each
    whose covered digits add up to the tallies, by brute force."""
    triples = [tuple((r + i * dr, c + i * dc) for i in range(3))
               for r in range(inst.rows) for c in range(inst.cols) for dr, dc in ((0, 1), (1, 0))
               if r + 2 * dr < inst.rows and c + 2 * dc < inst.cols]
    worth = {t: sum(inst.digits[r][c] for r, c in t) for t in triples}
    out = set()
    for pick in itertools.combinations(triples, inst.pills):
        cells = [c for t in pick for c in t]
        if len(set(cells)) != len(cells) or sorted(worth[t] for t in pick) != list(
                range(1, inst.pills + 1)):
            continue
        if all(n is None or sum(inst.digits[r][c] for r, c in cells if (r if k == "rows" else c)
                                == i) == n
               for k, sums in (("rows", inst.row_sums), ("cols", inst.col_sums))
               for i, n in enumerate(sums)):
            out.add(frozenset(pick))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(3, 4))
    if draw(st.booleans()):
        rows, cols = cols, rows
    digits = tuple(tuple(draw(st.integers(0, 3)) for _ in range(cols)) for _ in range(rows))
    sums = [tuple(draw(st.one_of(st.none(), st.integers(0, 6))) for _ in range(n))
            for n in (rows, cols)]
    return P.Instance(rows, cols, digits, sums[0], sums[1], draw(st.integers(1, 3)))


test_modes_agree_with_brute_force = brute_force_harness(P.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = P.Instance(3, 3, ((1, 0, 0), (1, 1, 0), (0, 0, 1)), (1, 1, 1), (2, 0, 1), 2)
GOOD = {((0, 0), (1, 0), (2, 0)), ((0, 2), (1, 2), (2, 2))}


@pytest.mark.parametrize("pills, words", [
    (GOOD, None),
    ({((0, 0), (1, 0), (2, 0))}, "not 1 to 2"),
    (GOOD | {((1, 0), (1, 1), (1, 2))}, "overlap"),
    ({((0, 0), (1, 1), (2, 2))}, "not three cells in a line"),
    ({((0, 0), (0, 1), (0, 2)), ((2, 0), (2, 1), (2, 2))}, "row 2 adds up to 0, not 1"),
])
def test_verify(pills, words):
    problems = P.verify(BOARD, frozenset(pills))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(P.GENRE, datasets, "Pills") == (33, [])  # none malformed


# -- files -----------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = engine.solve(P.GENRE, inst).solutions
    sol = sols[0] if with_solution and sols else None
    text = P.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert P.FORMAT.from_document(doc) == inst
    assert P.FORMAT.expected_solution(doc) == sol
    assert P.FORMAT.to_pzl(P.FORMAT.from_document(doc), sol) == text


def test_outputs():
    assert P.solution_json(BOARD, frozenset(GOOD))[0] == {"value": 2, "cells": [[0, 0], [1, 0],
                                                                                 [2, 0]]}
    assert "pills 1 to 2" in P.GENRE.render_text(BOARD, frozenset(GOOD))


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows, head="rows 1 1 1\ncols 2 0 1\n", solution=None):
    text = "puzzle pills\nsize 3 x 3\n" + head + "grid\n" + "".join(f"  {r}\n" for r in rows)
    return text + ("solution\n" + "".join(f"  {r}\n" for r in solution) if solution else "")


GRID = ["1 0 0", "1 1 0", "0 0 1"]


test_bad_input_has_position = errors_have_positions([
    (pzl(["1 0 q", "1 1 0", "0 0 2"]), 6, 7, "`q`", None),
    (pzl(["1 0 12", "1 1 0", "0 0 2"]), 6, 7, "above 9", None),
    (pzl(GRID, head="rows 1 1 1\ncols 2 0 ?\n"), 3, 6, "give `pills N`", None),
    (pzl(GRID, head="rows 1 1 1 4\ncols 2 0 1\n"), 3, 12, "4 values", None),
    (pzl(GRID, solution=[". . 2", ". . 2", ". . ."]), 10, 7, "has 2 cells", None),
    ("3 3\n2 0 1\n1 1 1\n1 0 w\n1 1 0\n0 0 1\n", 4, 5, "`w`", "Pills"),
    ("3 3\n2 1 2\n1 2 9\n1 0 0\n1 1 0\n0 0 2\n", 3, 1, "give `pills N`", "Pills"),
])


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["1 0 q", "1 1 0", "0 0 2"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:6:7" in err and "Traceback" not in err

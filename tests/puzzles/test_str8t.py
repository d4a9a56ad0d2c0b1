"""Str8ts: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import str8t as T
from tests.helpers import ROOT
from tests.puzzles import edge_checks
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "str8t").glob("*.pzl"))
B = T.Black


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set:
    """Every grid (0 black) whose rows and columns hold no digit twice, no
    black cell's digit, givens kept, each run of white cells consecutive;
    rows stacked one by one, checked here without ``verify``."""
    n, cells = inst.size, inst.cells
    black = [[isinstance(v, B) for v in row] for row in cells]
    banned_row = [{v.digit for v in row if isinstance(v, B)} for row in cells]
    banned_col = [{cells[r][c].digit for r in range(n) if black[r][c]} for c in range(n)]

    def runs_ok(line, blacks):
        run = []
        for v, b in list(zip(line, blacks)) + [(0, True)]:
            if not b:
                run.append(v)
                continue
            if run and sorted(run) != list(range(min(run), min(run) + len(run))):
                return False
            run = []
        return True

    options = []
    for r in range(n):
        whites = [c for c in range(n) if not black[r][c]]
        opts = []
        for digits in itertools.permutations(range(1, n + 1), len(whites)):
            row = [0] * n
            for c, d in zip(whites, digits):
                row[c] = d
            if any(d in banned_row[r] or d in banned_col[c] for c, d in zip(whites, digits)):
                continue
            if any(isinstance(cells[r][c], int) and row[c] != cells[r][c] for c in whites):
                continue
            if runs_ok(row, black[r]):
                opts.append(tuple(row))
        options.append(opts)
    out = set()

    def stack(grid):
        if len(grid) == n:
            if all(runs_ok([row[c] for row in grid], [black[r][c] for r in range(n)])
                   for c in range(n)):
                out.add(tuple(grid))
            return
        for row in options[len(grid)]:
            if all(not v or all(g[c] != v for g in grid) for c, v in enumerate(row)):
                stack(grid + [row])

    stack([])
    return out


@st.composite
def tiny(draw):
    n = draw(st.integers(1, 4))

    def cell():
        kind = draw(st.integers(0, 9))
        if kind < 2:
            return B(draw(st.one_of(st.none(), st.integers(1, n))))
        return draw(st.integers(1, n)) if kind == 2 else None

    return T.Instance(n, tuple(tuple(cell() for _ in range(n)) for _ in range(n)))


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, tiny(), brute, examples=30)


# -- verify, from the rules ----------------------------------------------------------------------
BOARD = T.Instance(3, ((B(3), None, None), (None, None, None), (None, 2, B(None))))
GOOD = ((0, 1, 2), (1, 3, 2), (2, 2, 0))


@pytest.mark.parametrize("sol, words", [
    (((0, 1, 2), (2, 3, 1), (1, 2, 0)), None),
    (((0, 1, 2), (1, 3, 2), (2, 1, 0)), "is 1, the given is 2"),
    (((0, 2, 1), (1, 3, 2), (3, 2, 0)), "column 1 holds 3, a black cell's digit"),
    (((0, 1, 2), (3, 2, 1), (2, 3, 0)), "r3c2 is 3, the given is 2"),
    (((0, 1, 3), (2, 3, 1), (1, 2, 0)), "not a straight"),
    (((0, 1, 2), (2, 3, 1), (1, 4, 0)), "not a digit 1..3"),
])
def test_verify(sol, words):
    problems = T.verify(BOARD, sol)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -------------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(T.GENRE, datasets, "Str8t") == (112, [])  # none malformed


# -- files ---------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst))
    edge_checks.round_trip(T.GENRE, inst, sols[0] if with_solution and sols else None)


def test_published_solution_may_show_black_digits():
    inst = T.GENRE.from_grid_text(__import__("satlink.formats.grid_text", fromlist=["split"])
                                  .split("2 2\n1x -\n- -\n"))
    assert T.GENRE.solution_from_grid_text("2 2\n1 2\n2 1\n", inst) == ((0, 2), (2, 1))
    with pytest.raises(Exception, match="is black"):
        T.GENRE.solution_from_grid_text("2 2\n2 2\n2 1\n", inst)


def test_outputs():
    doc = parse_text(INSTANCES[0].read_text(), "x.pzl")
    inst, sol = T.GENRE.from_document(doc), T.GENRE.expected_solution(doc)
    assert T.GENRE.solution_json(inst, sol) == [list(r) for r in sol]
    assert len(T.GENRE.cells(inst, sol)) == inst.size ** 2
    assert "█" in T.GENRE.render_text(inst, sol)


# -- bad input -----------------------------------------------------------------------------------
PZL = "puzzle str8t\nsize 3\ngrid\n  x . .\n  . . .\n  . . x\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("  . . .\n", "  . 4 .\n"), 5, 5, "outside 1..3", None),
    (PZL.replace("  . . .\n", "  . 4x .\n"), 5, 5, "outside 1..3", None),
    (PZL.replace("  . . .\n", "  . y .\n"), 5, 5, "`y`", None),
    (PZL + "solution\n  1 1 2\n  1 2 3\n  2 3 .\n", 8, 3, "is black", None),
    (PZL + "solution\n  . 1 2\n  1 . 3\n  2 3 .\n", 9, 5, "is white", None),
    ("3 3\nx - -\n- 7 -\n- - x\n", 3, 3, "outside 1..3", "Str8t"),
    ("3 3\nx - -\n- - q\n- - x\n", 3, 5, "`q`", "Str8t"),
])


def test_cli_exit_codes(capsys, tmp_path):
    edge_checks.exit_codes(capsys, tmp_path, INSTANCES[0], PZL.replace("  . . .\n", "  . 4 .\n"),
                           "5:5")

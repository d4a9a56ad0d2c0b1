"""Magnetic: brute force, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import magnetic as M
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "magnetic").glob("*.pzl"))


def brute(inst) -> set[frozenset]:
    """Every assignment of the dominoes (+-, -+ or neutral) the rules accept."""
    doms = inst.dominoes
    out = set()
    for states in itertools.product((0, 1, 2), repeat=len(doms)):
        at = {}
        for (a, b), s in zip(doms, states):
            if s:
                at[a], at[b] = ("+", "-") if s == 1 else ("-", "+")
        if any(at.get((r + dr, c + dc)) == v for (r, c), v in at.items()
               for dr, dc in ((0, 1), (1, 0))):
            continue
        ok = True
        for kw, ns in inst.tallies:
            pole = "+" if kw.startswith("plus") else "-"
            for i, n in enumerate(ns):
                line = ([(i, c) for c in range(inst.cols)] if kw.endswith("rows")
                        else [(r, i) for r in range(inst.rows)])
                ok &= n is None or sum(at.get(c) == pole for c in line) == n
        ok &= all(at.get(c, "x") == v for c, v in inst.givens)
        if ok:
            out.add(frozenset(at.items()))
    return out


def tiling(rows, cols, draw) -> tuple:
    """A domino tiling of the board, drawn: cells in reading order, each
    first free cell joined to its right or lower neighbour."""
    label = [[None] * cols for _ in range(rows)]
    k = 0
    for r in range(rows):
        for c in range(cols):
            if label[r][c] is not None:
                continue
            opts = [(r, c + 1)] if c + 1 < cols and label[r][c + 1] is None else []
            opts += [(r + 1, c)] if r + 1 < rows else []
            if not opts:
                return None
            rr, cc = draw(st.sampled_from(opts))
            label[r][c] = label[rr][cc] = k
            k += 1
    return tuple(tuple(row) for row in label)


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from([(1, 2), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 4),
                                       (4, 3), (1, 4), (2, 5)]))
    regions = tiling(rows, cols, draw)
    from hypothesis import assume
    assume(regions is not None)
    n = {"row": rows, "col": cols}
    tallies = tuple((kw, tuple(draw(st.one_of(st.none(), st.integers(0, 2)))
                               for _ in range(n[kind])))
                    for kw, (_, kind) in M.TALLIES.names.items())
    givens = tuple(((r, c), draw(st.sampled_from("+-x"))) for r in range(rows)
                   for c in range(cols) if draw(st.integers(0, 9)) == 0)
    return M.Instance(rows, cols, regions, tallies, givens)


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = M.Instance(2, 2, ((0, 0), (1, 1)), (("plus_rows", (1, None)), ("minus_cols", (None, 1)),
                                             ("plus_cols", (None, None)),
                                             ("minus_rows", (None, None))))


@pytest.mark.parametrize("poles, words", [
    ({((0, 0), "+"), ((0, 1), "-")}, None),
    ({((0, 0), "-"), ((0, 1), "+")}, "col 2 holds 0 -, not 1"),
    ({((0, 0), "+")}, "neither a magnet nor neutral"),
    ({((0, 0), "+"), ((0, 1), "-"), ((1, 0), "+"), ((1, 1), "-")}, "both hold +"),
    ({((0, 0), "+"), ((0, 1), "-"), ((0, 0), "-")}, "both poles"),
])
def test_verify(poles, words):
    problems = M.verify(BOARD, frozenset(poles))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(M.GENRE, datasets, "Magnetic") == (88, [])  # none malformed


# -- files -----------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_and_grid_text_round_trip(inst, with_solution):
    from satlink.formats.grid_text import split

    sols = engine.solve(M.GENRE, inst).solutions
    sol = sols[0] if with_solution and sols else None
    text = M.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert M.FORMAT.from_document(doc) == inst
    assert M.FORMAT.expected_solution(doc) == sol
    assert M.FORMAT.to_pzl(M.FORMAT.from_document(doc), sol) == text
    assert ("givens" in text) == bool(inst.givens)
    assert M.FORMAT.from_grid_text(split(M.FORMAT.to_grid_text(inst))) == inst


def test_outputs():
    sol = frozenset({((0, 0), "+"), ((0, 1), "-")})
    assert M.solution_json(BOARD, sol) == ["+-", "xx"]
    assert M.cells(BOARD, sol)["r2c1"] == "x"
    assert "+" in M.GENRE.render_text(BOARD, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(regions, givens=None, tally="plus_cols . .\n"):
    rest = "minus_cols . .\nplus_rows . .\nminus_rows . .\n"
    text = f"puzzle magnetic\nsize 2 x 2\n{tally}{rest}regions\n" + "".join(
        f"  {r}\n" for r in regions)
    return text + ("givens\n" + "".join(f"  {r}\n" for r in givens) if givens else "")


test_bad_input_has_position = errors_have_positions([
    (pzl(["a a", "b c"]), 9, 3, "has 1 cells", None),
    (pzl(["a b", "a b"], ["+ q", ". ."]), 11, 5, "`q`", None),
    (pzl(["a b", "a b"], tally="plus_cols . z\n"), 3, 13, "`z`", None),
    (pzl(["a b", "a b"], tally="plus_cols 1\n"), 3, 1, "2 column", None),
    ("2 2\n- -\n- -\n- -\n- -\n1 1\n2 3\n", 7, 1, "has 1 cells", "Magnetic"),
    ("2 2\n- -\n- -\n- -\n- -\n+ w\n- -\n1 2\n1 2\n", 6, 3, "`w`", "Magnetic"),
    ("2 2\n- -\n- -\n- -\n1 2\n", 5, 3, "the grid has 0 rows", "Magnetic"),
])


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["a a", "b c"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:9:3" in err and "Traceback" not in err

"""Jigsaw Sudoku: brute force in both clue modes, verify, the janko slice,
files and bad input."""
from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import jigsawsudoku as J
from tests.puzzles.genre_checks import brute_force_harness
from tests.rules.enumerate import solutions
from tests.rules.test_latin import jigsaw


def latin_squares(n):
    """Every n x n grid whose rows are permutations and columns hold no digit
    twice (the oracle; regions and givens are checked on top)."""
    perms = list(itertools.permutations(range(1, n + 1)))
    out = []

    def go(rows):
        if len(rows) == n:
            out.append(tuple(rows))
            return
        for p in perms:
            if all(p[c] != row[c] for row in rows for c in range(n)):
                go(rows + [p])

    go([])
    return out


SQUARES = {n: latin_squares(n) for n in (3, 4)}


def brute(inst):
    """The Latin squares whose regions hold every digit and that keep the givens."""
    n = inst.size
    regions = {}
    for r in range(n):
        for c in range(n):
            regions.setdefault(inst.regions[r][c], []).append((r, c))
    return {g for g in SQUARES[n]
            if all(len({g[r][c] for r, c in cells}) == n for cells in regions.values())
            and all(v is None or g[r][c] == v for r, row in enumerate(inst.givens)
                    for c, v in enumerate(row))}


def sat(inst, selectors=False):
    f = Formula()
    enc = J.encode(inst, f, Options(clues="selectors" if selectors else "direct"))
    assume = enc.assumptions(J.clues(inst)) if selectors else ()
    got = solutions(f, f.answer, assumptions=assume)
    var = {x: (c, v) for c in enc.square.numbers.cells
           for v, x in enc.square.numbers.var[c].items()}
    n = inst.size
    out = set()
    for s in got:
        grid = dict(enc.square.fixed)
        grid.update(var[x] for x in s)
        out.add(tuple(tuple(grid[(r, c)] for c in range(n)) for r in range(n)))
    return out


@st.composite
def tiny(draw):
    n = draw(st.sampled_from([3, 4]))
    rng = random.Random(draw(st.integers(0, 10**9)))
    regions = jigsaw(n, rng)
    names = [[None] * n for _ in range(n)]
    for k, cells in enumerate(regions):
        for r, c in cells:
            names[r][c] = "abcd"[k]
    givens = [[draw(st.sampled_from([None] * 6 + list(range(1, n + 1)))) for _ in range(n)]
              for _ in range(n)]
    return J.make(n, givens, names)


test_modes_agree_with_brute_force = brute_force_harness(J.GENRE, tiny(), brute, examples=25)


@settings(max_examples=60, deadline=None)
@given(tiny())
def test_counts_match_brute_force_in_both_modes(inst):
    want = brute(inst)
    assert sat(inst) == want
    assert sat(inst, selectors=True) == want
    assert all(J.verify(inst, g) == [] for g in want)


def test_verify_names_the_broken_rule():
    inst = J.from_document(parse_text(INSTANCE, "j.pzl"))
    good = J.expected_solution(parse_text(INSTANCE, "j.pzl"))
    assert J.verify(inst, good) == []
    swapped = tuple(tuple(reversed(row)) if r == 0 else row for r, row in enumerate(good))
    problems = J.verify(inst, swapped)
    assert any("column" in p and "twice" in p for p in problems)
    assert any("region" in p for p in problems)
    assert J.verify(inst, good[:2]) == ["the grid is not 3 x 3"]


INSTANCE = """puzzle jigsawsudoku
size 3
grid
  1 . .
  . . .
  . 3 .
regions
  a a b
  a b b
  c c c
solution
  1 2 3
  3 1 2
  2 3 1
"""


# -- the janko slice -------------------------------------------------------------------------
#: Boards whose janko page adds the diagonals (published solutions hold every
#: digit once on both): ambiguous without them, unique with them.
DIAGONAL = {"655_6x6", "664_6x6", "673_6x6"}


def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "JigsawSudoku.json").read_text())["data"]
    assert len(data) == 136
    for name, entry in data.items():
        inst = J.from_grid_text(split(entry["problem"], name))
        published = J.solution_from_grid_text(split(entry["solution"]), inst)
        res = engine.solve(J.GENRE, inst)
        if name in DIAGONAL:
            assert res.verdict == "multiple", name
            inst = J.Instance(inst.size, inst.givens, inst.regions, diagonals=True)
            res = engine.solve(J.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == published, name


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text,line,col,words", [
    (INSTANCE.replace("1 . .", "1 . 4"), 4, 7, "outside 1..3"),
    (INSTANCE.replace("a a b\n  a b b", "a b a\n  a b b"), 8, 3, "not connected"),
    (INSTANCE.replace("c c c", "c c b"), 8, 7, "region `b` has 4 cells"),
    (INSTANCE.replace("1 . .", "1 . ?"), 4, 7, "`?`"),
])
def test_bad_pzl_has_position(text, line, col, words):
    with pytest.raises(InputError) as exc:
        J.from_document(parse_text(text, "j.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "j.txt"
    bad.write_text("3 3\n1 - -\n- - -\n- - 3\n1 1 2\n1 2 2\n3 3 2\n")
    assert main(["solve", "--format", "grid-text", "--type", "JigsawSudoku", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "j.txt:5:5" in err and "region `2` has 4 cells" in err


# -- the diagonal variant -------------------------------------------------------------------------
def test_diagonals_keyword_reads_prints_and_binds():
    """`diagonals yes` adds both main diagonals as units: the 3 x 3 above has
    a 1 at r1c1, so its main diagonal is 1 1 1 and it has no solution then;
    the line is printed only when yes; a wrong word is an error at the word."""
    text = INSTANCE.replace("size 3\n", "size 3\ndiagonals yes\n")
    inst = J.from_document(parse_text(text.split("solution")[0], "d.pzl"))
    assert inst.diagonals and J.to_pzl(inst).splitlines()[2] == "diagonals yes"
    assert J.from_document(parse_text(J.to_pzl(inst), "d.pzl")) == inst
    assert engine.solve(J.GENRE, inst).verdict == "none"
    plain = J.from_document(parse_text(INSTANCE, "j.pzl"))
    assert not plain.diagonals and "diagonals" not in J.to_pzl(plain)
    with pytest.raises(InputError) as exc:
        J.from_document(parse_text(text.replace("diagonals yes", "diagonals maybe"), "d.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (3, 11) and "`yes` or `no`" in str(exc.value)

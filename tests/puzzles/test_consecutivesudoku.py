"""Consecutive Sudoku: counts against brute force in both clue modes,
verify, the janko slice, files and bad input."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import consecutivesudoku as C
from satlink.puzzles.consecutivesudoku import FORMAT
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness

PERMS = list(itertools.permutations(range(1, 5)))
#: Every 4 x 4 Latin square.
SQUARES = [rows for rows in itertools.product(PERMS, repeat=4)
           if all(len(set(col)) == 4 for col in zip(*rows))]
PAIRS = list(C.Instance(4, ((None,) * 4,) * 4, frozenset()).pairs())


def brute(inst):
    """The Latin squares that keep the givens and whose consecutive
    neighbours are exactly the barred pairs (the rules written again)."""
    return {g for g in SQUARES
            if all(v is None or g[r][c] == v for r, row in enumerate(inst.givens)
                   for c, v in enumerate(row))
            and all((abs(g[a[0]][a[1]] - g[b[0]][b[1]]) == 1) == ((a, b) in inst.bars)
                    for a, b in PAIRS)}


@st.composite
def boards(draw):
    """The bars of a random Latin square, a few flipped, and some givens."""
    square = draw(st.sampled_from(SQUARES))
    bars = {p for p in PAIRS if abs(square[p[0][0]][p[0][1]] - square[p[1][0]][p[1][1]]) == 1}
    bars ^= set(draw(st.lists(st.sampled_from(PAIRS), max_size=2)))
    givens = [[square[r][c] if draw(st.integers(0, 5)) == 0 else None for c in range(4)]
              for r in range(4)]
    return C.Instance(4, tuple(map(tuple, givens)), frozenset(bars))


test_modes_agree_with_brute_force = brute_force_harness(C.GENRE, boards(), brute, examples=60)


PATH = ROOT / "instances" / "consecutivesudoku" / "small-4x4.pzl"


def test_verify_names_the_broken_rule():
    doc = parse_text(PATH.read_text(), str(PATH))
    inst, good = FORMAT.from_document(doc), FORMAT.expected_solution(doc)
    assert C.verify(inst, good) == []
    swap = {1: 2, 2: 1, 3: 3, 4: 4}
    swapped = tuple(tuple(swap[v] for v in row) for row in good)  # still a Latin square
    problems = C.verify(inst, swapped)
    assert "r1c1 is 2, the given is 1" in problems
    assert "r1c1 and r1c2 hold 2 and 3 across no bar" in problems
    assert C.verify(inst, good[:2]) == ["the grid is not 4 x 4"]


def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "ConsecutiveSudoku.json").read_text())["data"]
    assert len(data) == 43
    for key, entry in data.items():
        inst = FORMAT.from_grid_text(split(entry["problem"], key))
        published = FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
        res = engine.solve(C.GENRE, inst)
        assert res.verdict == "unique", key
        assert res.solutions[0] == published and C.verify(inst, published) == [], key


@pytest.mark.parametrize("old,new,line,col,words", [
    ("  1 . . .", "  7 . . .", 6, 3, "outside 1..4"),
    ("  0 1 4 0\n  2", "  0 1 0 0\n  2", 11, 5, "one side only"),
    ("  8 0 0 8", "  8 0 0 9", 13, 9, "on the board's edge"),
    ("  8 0 0 8", "  8 0 0 x", 13, 9, "`x`"),
])
def test_bad_pzl_has_position(old, new, line, col, words):
    with pytest.raises(InputError) as exc:
        FORMAT.from_document(parse_text(PATH.read_text().replace(old, new, 1), "c.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "c.txt"
    bad.write_text("4 4\n1 - - -\n- - - -\n- - - -\n- - - -\n"
                   "0 1 4 0\n2 0 0 2\n8 0 0 8\n0 1 4 16\n")
    assert main(["solve", "--format", "grid-text", "--type", "ConsecutiveSudoku", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "c.txt:9:7" in err and "16" in err

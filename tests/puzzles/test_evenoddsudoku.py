"""Even-Odd Sudoku: counts against brute force in both clue modes, verify,
the janko slice, files and bad input."""
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
from satlink.puzzles import evenoddsudoku as E
from satlink.puzzles.evenoddsudoku import FORMAT
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness

PERMS = list(itertools.permutations(range(1, 5)))
#: Every 4 x 4 Sudoku grid (rows permutations, columns and 2 x 2 boxes all different).
GRIDS = [rows for rows in itertools.product(PERMS, repeat=4)
         if all(len(set(col)) == 4 for col in zip(*rows))
         and all(len({rows[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4
                 for br in (0, 2) for bc in (0, 2))]


def brute(grid):
    """The Sudoku grids that keep the givens and the marks (written again)."""
    def keeps(g):
        for r, c in itertools.product(range(4), repeat=2):
            t = grid[r][c]
            if (isinstance(t, int) and g[r][c] != t) or (t == E.EVEN and g[r][c] % 2) \
                    or (t == E.ODD and not g[r][c] % 2):
                return False
        return True
    return {g for g in GRIDS if keeps(g)}


TOKEN = st.sampled_from([None] * 4 + [E.EVEN, E.ODD] * 2 + [1, 2, 3, 4])


def oracle(inst):
    """``brute`` on the board's tokens: each cell's given digit or mark."""
    grid = [[g or mark for g, mark in zip(grow, prow)]
            for grow, prow in zip(inst.sudoku.givens, inst.parity)]
    return brute(grid)


test_modes_agree_with_brute_force = brute_force_harness(
    E.GENRE, st.lists(st.lists(TOKEN, min_size=4, max_size=4), min_size=4, max_size=4)
    .map(lambda grid: E.make(4, grid)), oracle, examples=60)


PATH = ROOT / "instances" / "evenoddsudoku" / "small-4x4.pzl"


def test_verify_names_the_broken_rule():
    doc = parse_text(PATH.read_text(), str(PATH))
    inst, good = FORMAT.from_document(doc), FORMAT.expected_solution(doc)
    assert E.verify(inst, good) == []
    # swapping the two middle columns keeps the Sudoku but breaks marks and givens
    swapped = tuple((row[0], row[2], row[1], row[3]) for row in good)
    problems = E.verify(inst, swapped)
    assert "r1c2 is marked even but holds 3" in problems
    assert any("the given is" in p for p in problems)
    assert E.verify(inst, good[:2]) == ["the grid is not 4 x 4"]


def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "EvenOddSudoku.json").read_text())["data"]
    assert len(data) == 26
    for key, entry in data.items():
        inst = FORMAT.from_grid_text(split(entry["problem"], key))
        published = FORMAT.solution_from_grid_text(split(entry["solution"]), inst)
        res = engine.solve(E.GENRE, inst)
        assert res.verdict == "unique", key
        assert res.solutions[0] == published and E.verify(inst, published) == [], key


@pytest.mark.parametrize("old,new,line,col,words", [
    ("o e 3 .", "o e 5 .", 5, 7, "out of range 1..4"),
    ("o e 3 .", "o e x .", 5, 7, "`x`"),
])
def test_bad_pzl_has_position(old, new, line, col, words):
    with pytest.raises(InputError) as exc:
        FORMAT.from_document(parse_text(PATH.read_text().replace(old, new), "e.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "e.txt"
    bad.write_text("4 4\nO E 3 -\n- E - 2\nE 1 Q -\n4 - E O\n")
    assert main(["solve", "--format", "grid-text", "--type", "EvenOddSudoku", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "e.txt:4:5" in err and "`Q`" in err

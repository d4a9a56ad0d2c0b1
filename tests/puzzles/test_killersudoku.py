"""Killer Sudoku: brute force in both clue modes (any subset of totals),
verify, the janko slice, files and bad input."""
from __future__ import annotations

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
from satlink.puzzles import killersudoku as K
from tests.puzzles.genre_checks import brute_force_harness
from tests.puzzles.test_jigsawsudoku import SQUARES
from tests.rules.enumerate import solutions

#: The 288 4 x 4 Sudoku grids (2 x 2 boxes), from the Latin squares.
GRIDS = [g for g in SQUARES[4]
         if all(len({g[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4
                for br in (0, 2) for bc in (0, 2))]


def brute(inst):
    """The grids in which no cage repeats a digit and every total holds."""
    cages = {}
    for r in range(4):
        for c in range(4):
            cages.setdefault(inst.cages[r][c], []).append((r, c))
    totals = {inst.cages[r][c]: v for r, row in enumerate(inst.totals)
              for c, v in enumerate(row) if v is not None}
    return {g for g in GRIDS
            if all(len({g[r][c] for r, c in cells}) == len(cells) for cells in cages.values())
            and all(sum(g[r][c] for r, c in cages[k]) == t for k, t in totals.items())}


def sat(inst, kept=None):
    """The grids of the encoding: direct, or behind selectors with the
    totals ``kept`` assumed."""
    f = Formula()
    enc = K.encode(inst, f, Options(clues="direct" if kept is None else "selectors"))
    assume = enc.assumptions(kept) if kept is not None else ()
    sq = enc.square
    var = {x: (c, v) for c in sq.numbers.cells for v, x in sq.numbers.var[c].items()}
    out = set()
    for s in solutions(f, f.answer, assumptions=assume):
        grid = dict(sq.fixed)
        grid.update(var[x] for x in s)
        out.add(tuple(tuple(grid[(r, c)] for c in range(4)) for r in range(4)))
    return out


@st.composite
def tiny(draw):
    """A 4 x 4 board cut into connected cages of 1 to 4 cells, totals taken
    from a random grid, or off by one, or left out."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    grid = rng.choice(GRIDS)
    owner, k = {}, 0
    cells = [(r, c) for r in range(4) for c in range(4)]
    for cell in rng.sample(cells, 16):
        if cell in owner:
            continue
        k += 1
        cage, owner[cell] = [cell], k
        for _ in range(rng.randrange(4)):
            nb = [(r + dr, c + dc) for r, c in cage for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                  if (r + dr, c + dc) in cells and (r + dr, c + dc) not in owner]
            if nb:
                x = rng.choice(nb)
                owner[x] = k
                cage.append(x)
    names = [[str(owner[(r, c)]) for c in range(4)] for r in range(4)]
    totals = [[None] * 4 for _ in range(4)]
    for name in range(1, k + 1):
        cage = [c for c in cells if owner[c] == name]
        kind = draw(st.sampled_from(["sum", "sum", "sum", "off", "none"]))
        if kind != "none":
            r, c = cage[0]
            totals[r][c] = sum(grid[r][c] for r, c in cage) + (kind == "off")
    return K.make(4, totals, names)


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(), brute, examples=25)


@settings(max_examples=60, deadline=None)
@given(tiny(), st.data())
def test_counts_match_brute_force_in_both_modes(inst, data):
    want = brute(inst)
    assert sat(inst) == want
    assert all(K.verify(inst, g) == [] for g in want)
    clues = K.clues(inst)
    kept = [c for c in clues if data.draw(st.booleans())]
    assert sat(inst, kept) == brute(K.with_clues(inst, kept))


INSTANCE = """puzzle killersudoku
size 4
grid
  3 . 7 .
  . . . .
  6 . 7 .
  . . . .
cages
  a a b b
  c c d d
  e f g g
  e f h h
solution
  1 2 3 4
  3 4 1 2
  2 1 4 3
  4 3 2 1
"""


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE, "k.pzl")
    inst, good = K.from_document(doc), K.expected_solution(doc)
    assert K.verify(inst, good) == []
    swapped = ((2, 1, 3, 4),) + good[1:]
    assert "column 1 holds 2 twice" in K.verify(inst, swapped)
    other = ((2, 1, 3, 4), (3, 4, 1, 2), (1, 2, 4, 3), (4, 3, 2, 1))   # a Sudoku all the same
    assert K.verify(inst, other) == ["the cage at r3c1 adds up to 5, not 6"]
    assert K.verify(inst, good[:3]) == ["the grid is not 4 x 4"]


def test_with_clues_round_trips_the_totals():
    inst = K.from_document(parse_text(INSTANCE, "k.pzl"))
    assert K.with_clues(inst, K.clues(inst)) == inst


# -- the janko slice -------------------------------------------------------------------------
#: Boards whose janko page adds the diagonals (their published solutions hold
#: every digit once on both): ambiguous without them, unique with them.
DIAGONAL = {"196_9x9", "718_9x9", "727_9x9"}


def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "KillerSudoku.json").read_text())["data"]
    assert len(data) == 162
    for name, entry in data.items():
        inst = K.from_grid_text(split(entry["problem"], name))
        published = K.solution_from_grid_text(split(entry["solution"]), inst)
        res = engine.solve(K.GENRE, inst)
        if name in DIAGONAL:
            assert res.verdict == "multiple", name
            inst = K.Instance(inst.size, inst.box, inst.totals, inst.cages, diagonals=True)
            res = engine.solve(K.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == published, name


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text,line,col,words", [
    (INSTANCE.replace("e f g g\n  e f h h", "e f g g\n  h f e h"), 11, 3, "not connected"),
    (INSTANCE.replace("6 . 7 .", "6 . 7 6"), 6, 9, "two totals"),
    (INSTANCE.replace("3 . 7 .", "3 . x ."), 4, 7, "`x`"),
])
def test_bad_pzl_has_position(text, line, col, words):
    with pytest.raises(InputError) as exc:
        K.from_document(parse_text(text, "k.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "k.txt"
    bad.write_text("4 4\n3 - 7 -\n- - - -\n6 - 7 -\n- - - -\n"
                   "1 1 2 2\n3 3 4 4\n5 6 7 7\n8 6 5 8\n")
    assert main(["solve", "--format", "grid-text", "--type", "KillerSudoku", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "k.txt:8:1" in err and "cage `5` is not connected" in err


def test_diagonals_keyword_round_trips():
    text = INSTANCE.replace("size 4\n", "size 4\ndiagonals yes\n").split("solution")[0]
    inst = K.from_document(parse_text(text, "d.pzl"))
    assert inst.diagonals and "diagonals yes" in K.to_pzl(inst)
    assert K.from_document(parse_text(K.to_pzl(inst), "d.pzl")) == inst
    assert not K.from_document(parse_text(INSTANCE, "k.pzl")).diagonals

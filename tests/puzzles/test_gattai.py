"""Gattai Sudokus (Samurai, Butterfly, Gattai-8, Windmill, Sohei, Shogun,
Sumo, Clueless 1 and 2): brute force on tiny shared grids in both clue modes, verify, the
janko slices, files and bad input."""
from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest
from hypothesis import strategies as st

from satlink import engine, puzzles
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import gattai as G
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness

GENRES = {g.name: g for g in G.GENRES}

#: Tiny boards: 3 x 3 grids (boxes 3 x 1, so a box is a row) that share cells.
TINY = [((0, 0), (1, 1), (2, 0)), ((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 0), (1, 2))]


PERMS = list(itertools.permutations((1, 2, 3)))
#: Every 3 x 3 Latin square: rows are permutations, no column holds a digit twice.
SQUARES = [rows for rows in itertools.product(PERMS, repeat=3)
           if all(len({row[c] for row in rows}) == 3 for c in range(3))]


def brute(inst):
    """Every filling whose 3 x 3 grids are Latin squares (rows and columns
    all different, the rules written again) and that keeps the givens."""
    out = set()
    for pick in itertools.product(SQUARES, repeat=len(inst.board.origins)):
        board = {}
        ok = True
        for (r0, c0), sq in zip(inst.board.origins, pick):
            for r in range(3):
                for c in range(3):
                    if board.setdefault((r0 + r, c0 + c), sq[r][c]) != sq[r][c]:
                        ok = False
        if ok and all(v is None or board[r, c] == v for r, row in enumerate(inst.givens)
                      for c, v in enumerate(row)):
            out.add(tuple(tuple(board.get((r, c)) for c in range(inst.cols))
                          for r in range(inst.rows)))
    return out


def tiny(genre):
    """Boards of 3 x 3 grids (boxes 3 x 1, so a box is a row) that share cells,
    with a few givens."""
    @st.composite
    def boards(draw):
        grids = draw(st.sampled_from(TINY))
        board = G.board(genre.name, (3, 1), grids)
        shape = genre.design.blank(board.rows, board.cols, {"box": (3, 1), "grids": grids})
        inside = set(shape.cells())
        givens = [[draw(st.sampled_from([None] * 5 + [1, 2, 3])) if (r, c) in inside else None
                   for c in range(board.cols)] for r in range(board.rows)]
        return replace(shape, givens=tuple(map(tuple, givens)))
    return boards()


# The genres share every function but their layouts: each is tried on tiny boards.
test_samurai_modes_agree_with_brute_force = brute_force_harness(
    GENRES["samuraisudoku"], tiny(GENRES["samuraisudoku"]), brute, examples=8)
test_butterfly_modes_agree_with_brute_force = brute_force_harness(
    GENRES["butterflysudoku"], tiny(GENRES["butterflysudoku"]), brute, examples=8)
test_gattai8_modes_agree_with_brute_force = brute_force_harness(
    GENRES["gattai8sudoku"], tiny(GENRES["gattai8sudoku"]), brute, examples=8)
test_windmill_modes_agree_with_brute_force = brute_force_harness(
    GENRES["windmillsudoku"], tiny(GENRES["windmillsudoku"]), brute, examples=8)
test_sohei_modes_agree_with_brute_force = brute_force_harness(
    GENRES["soheisudoku"], tiny(GENRES["soheisudoku"]), brute, examples=8)
test_shogun_modes_agree_with_brute_force = brute_force_harness(
    GENRES["shogunsudoku"], tiny(GENRES["shogunsudoku"]), brute, examples=8)
test_sumo_modes_agree_with_brute_force = brute_force_harness(
    GENRES["sumosudoku"], tiny(GENRES["sumosudoku"]), brute, examples=8)
test_clueless1_modes_agree_with_brute_force = brute_force_harness(
    GENRES["clueless1sudoku"], tiny(GENRES["clueless1sudoku"]), brute, examples=8)
test_clueless2_modes_agree_with_brute_force = brute_force_harness(
    GENRES["clueless2sudoku"], tiny(GENRES["clueless2sudoku"]), brute, examples=8)


def butterfly():
    path = ROOT / "instances" / "butterflysudoku" / "generated.pzl"
    doc = parse_text(path.read_text(), str(path))
    genre = GENRES["butterflysudoku"]
    return genre, genre.from_document(doc), genre.expected_solution(doc)


def test_verify_names_the_broken_rule():
    genre, inst, good = butterfly()
    assert genre.verify(inst, good) == []
    swapped = tuple(tuple(reversed(row)) if r == 0 else row for r, row in enumerate(good))
    problems = genre.verify(inst, swapped)
    assert any("column" in p and "grid" in p and "twice" in p for p in problems)
    assert any("the given is" in p for p in problems)
    assert genre.verify(inst, good[:2]) == ["the board is not 12 x 12"]


def test_cells_off_the_board_hold_nothing():
    genre = GENRES["soheisudoku"]
    inst = genre.design.blank(21, 21, {})
    assert len(inst.cells()) == 4 * 81 - 4 * 9
    sol = [list(row) for row in engine.solve(genre, inst, limit=1).solutions[0]]
    assert sol[0][0] is None and genre.verify(inst, tuple(map(tuple, sol))) == []
    sol[0][0] = 5
    assert genre.verify(inst, tuple(map(tuple, sol))) == ["r1c1 is off the board but holds 5"]


# -- the janko slices ---------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GENRES))
def test_janko_slice_unique_and_published(datasets, name):
    genre = GENRES[name]
    data = json.loads((datasets / "puzzlekit-dev" / f"{G.LAYOUTS[name][0]}.json")
                      .read_text())["data"]
    assert data
    for key, entry in data.items():
        inst = genre.from_grid_text(split(entry["problem"], key))
        published = genre.solution_from_grid_text(split(entry["solution"]), inst)
        res = engine.solve(genre, inst)
        assert res.verdict == "unique", key
        assert res.solutions[0] == published, key
        assert genre.verify(inst, published) == [], key


@pytest.mark.parametrize("name", ["clueless1sudoku", "clueless2sudoku"])
def test_clueless_needs_its_tenth_grid(name):
    """Without the tenth grid the nine have many solutions; with it, one."""
    path = next((ROOT / "instances" / name).glob("*.pzl"))
    doc = parse_text(path.read_text(), str(path))
    genre = GENRES[name]
    inst = genre.from_document(doc)
    assert engine.solve(genre, inst).verdict == "unique"
    assert engine.solve(genre, replace(inst, board=replace(inst.board, extra=None))
                        ).verdict == "multiple"


def test_dataset_names_are_aliases():
    for name, (dataset, _, _) in G.LAYOUTS.items():
        assert puzzles.get(dataset).name == name


# -- bad input -----------------------------------------------------------------------------
def _bad(r: int, c: int, token: str) -> str:
    """Sohei's instance with the token at row r, column c (0-based) of its grid."""
    lines = (ROOT / "instances" / "soheisudoku" / "generated.pzl").read_text().split("\n")
    toks = lines[5 + r].split()
    toks[c] = token
    lines[5 + r] = "  " + " ".join(toks)
    return "\n".join(lines)


@pytest.mark.parametrize("r,c,token,words", [
    (0, 0, "4", "lies off the board"),   # Sohei's top left box lies in no grid
    (0, 7, "12", "is above 9"),
    (0, 7, "?", "`?`"),
])
def test_bad_pzl_has_position(r, c, token, words):
    with pytest.raises(InputError) as exc:
        GENRES["soheisudoku"].from_document(parse_text(_bad(r, c, token), "s.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (6 + r, 3 + 2 * c)
    assert words in exc.value.message


def test_wrong_size_is_an_input_error():
    text = "puzzle samuraisudoku\nsize 9\ngrid\n" + "  . . . . . . . . .\n" * 9
    with pytest.raises(InputError) as exc:
        GENRES["samuraisudoku"].from_document(parse_text(text, "s.pzl"))
    assert "is 21 x 21" in exc.value.message and exc.value.pos.line


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "b.txt"
    rows = [["-"] * 12 for _ in range(12)]
    rows[2][3] = "x"
    bad.write_text("12 12\n" + "\n".join(" ".join(r) for r in rows) + "\n")
    assert main(["solve", "--format", "grid-text", "--type", "ButterflySudoku", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.txt:4:7" in err and "`x`" in err

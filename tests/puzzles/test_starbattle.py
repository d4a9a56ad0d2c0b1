"""Star Battle: brute force, verify, the janko slice, files, puzz.link, errors."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import starbattle as S
from tests.puzzles.genre_checks import brute_force_harness
from tests.puzzles.test_lits import region_maps

FILES = Path(__file__).resolve().parents[2] / "instances" / "starbattle"


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: S.Instance) -> set[frozenset]:
    """Every set of region cells, N per row, that no two touch (king moves)
    and that holds N in every row, column and region."""
    n, rows = inst.stars, inst.rows
    by_row = [[(r, c) for c in range(inst.cols) if inst.regions[r][c] is not None]
              for r in range(rows)]
    names = {v for row in inst.regions for v in row if v is not None}
    out = set()
    for pick in itertools.product(*(itertools.combinations(row, n) for row in by_row)):
        stars = [c for row in pick for c in row]
        if any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
               for a, b in itertools.combinations(stars, 2)):
            continue
        if any(sum(c[1] == k for c in stars) != n for k in range(inst.cols)):
            continue
        if any(sum(inst.regions[r][c] == v for r, c in stars) != n for v in names):
            continue
        out.add(frozenset(stars))
    return out


@st.composite
def boards(draw):
    """Boards of at most 20 cells, one star (two on 4 x 5 and wider)."""
    rows, cols, regions = draw(region_maps([(3, 3), (4, 4), (3, 4), (4, 5), (5, 4)], 5))
    stars = draw(st.sampled_from([1, 2])) if min(rows, cols) >= 4 else 1
    return S.Instance(rows, cols, regions, stars)


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, boards(), brute,
                                                        examples=60, limit=500)


def test_brute_force_board_has_solutions():
    """Four 2 x 2 boxes of a 4 x 4 board, one star each: two solutions."""
    inst = S.Instance(4, 4, ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3), (2, 2, 3, 3)), 1)
    want = brute(inst)
    assert len(want) == 2 and set(engine.solve(S.GENRE, inst, limit=5).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    doc = parse_text((FILES / "black-5x5.pzl").read_text(), "b.pzl")
    inst, good = S.GENRE.from_document(doc), S.GENRE.expected_solution(doc)
    assert S.verify(inst, good) == []
    assert any("touch" in p for p in S.verify(inst, good | {(1, 0)}))
    assert any("row 2 has 2 stars" in p for p in S.verify(inst, good | {(1, 0)}))
    assert any("black cell" in p for p in S.verify(inst, good | {(2, 1)}))
    assert any("the region at r1c1 has 0" in p for p in S.verify(inst, good - {(0, 1)}))
    assert any("column 2 has 0" in p for p in S.verify(inst, good - {(0, 1)}))


# -- the janko slice -------------------------------------------------------------------------------
MALFORMED_SOLUTION = {"119_11x11"}  # `h` at r1c1 of the published solution


@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Starbattle.json").read_text())["data"]
    assert len(data) == 62
    compared = 0
    for name, entry in data.items():
        inst = S.GENRE.from_grid_text(split(entry["problem"], name))  # every board well formed
        res = engine.solve(S.GENRE, inst)
        assert res.verdict == "unique", name
        if name in MALFORMED_SOLUTION:
            with pytest.raises(InputError, match="of the solution"):
                S.GENRE.solution_from_grid_text(split(entry["solution"]), inst)
            continue
        assert res.solutions[0] == S.GENRE.solution_from_grid_text(split(entry["solution"]),
                                                                   inst), name
        compared += 1
    assert compared == 61


def test_janko_black_cells_at_and_hash():
    inst = S.GENRE.from_grid_text(split("3 3 1\n1 1 @\n2 # 3\n2 3 3\n", "g.txt"))
    assert inst.regions == ((0, 0, None), (1, None, 2), (1, 2, 2)) and inst.stars == 1
    assert S.FORMAT.to_grid_text(inst).splitlines()[0] == "3 3 1"


# -- text, puzz.link ----------------------------------------------------------------------------
def test_pzl_and_grid_text_round_trip():
    for path in sorted(FILES.glob("*.pzl")):
        doc = parse_text(path.read_text(), str(path))
        inst, sol = S.GENRE.from_document(doc), S.GENRE.expected_solution(doc)
        text = S.GENRE.to_pzl(inst, sol)
        again = parse_text(text, "rt.pzl")
        assert S.GENRE.from_document(again) == inst and S.GENRE.expected_solution(again) == sol
        assert S.FORMAT.from_grid_text(split(S.FORMAT.to_grid_text(inst))) == inst


PZPRJS = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/starbattle.js: the URL and its accepted answer."""
    genre, inst = puzzlink.decode(PZPRJS)
    assert genre is S.GENRE and inst.stars == 1
    assert inst.regions[0] == (0, 0, 0, 1, 1, 1)
    assert puzzlink.encode(genre, inst) == PZPRJS
    res = engine.solve(genre, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == {(0, 1), (1, 3), (2, 5), (3, 2), (4, 4), (5, 0)}
    black = S.Instance(2, 2, ((0, None), (0, 0)), 1)
    with pytest.raises(InputError, match="every cell lies in a region"):
        puzzlink.encode(genre, black)
    with pytest.raises(InputError):
        puzzlink.decode("https://puzz.link/p?starbattle/6/6/x/4ilbhgdnmhou")


# -- bad input ----------------------------------------------------------------------------------------
PZL = "puzzle starbattle\nsize 3 x 3\nstars {}\nregions\n  {} a b\n  a a b\n  c c b\n"


@pytest.mark.parametrize("stars, cell, line, col, words", [
    ("1", "a", None, None, None),
    ("0", "a", 3, 7, "below 1"),
    ("1 1", "a", 3, 9, "`stars` takes one word, not 2"),
    ("3", "a", 3, 7, "do not fit"),
    ("1", "c", 7, 3, "region `c` is not connected"),
])
def test_bad_pzl_has_position(stars, cell, line, col, words):
    doc = parse_text(PZL.format(stars, cell), "bad.pzl")
    if words is None:
        assert S.GENRE.from_document(doc).stars == 1
        return
    with pytest.raises(InputError) as exc:
        S.GENRE.from_document(doc)
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message

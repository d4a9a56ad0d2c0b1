"""SquarO: brute force, verify, the janko slice, files, errors."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.formats.grid_text import split
from satlink.puzzles import squareo as Q
from tests.puzzles.genre_checks import brute_force_harness, error_at, pzl_round_trips


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: Q.Instance) -> set[frozenset]:
    """Every set of corner points whose count at each numbered cell's four
    corners is its number."""
    points = [(r, c) for r in range(inst.rows + 1) for c in range(inst.cols + 1)]
    out = set()
    for bits in itertools.product((False, True), repeat=len(points)):
        black = {p for p, b in zip(points, bits) if b}
        if all(n is None or len(black & {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}) == n
               for r, row in enumerate(inst.givens) for c, n in enumerate(row)):
            out.add(frozenset(black))
    return out


@st.composite
def boards(draw):
    """Boards of up to 2 x 3 cells (12 points), each cell maybe numbered."""
    rows, cols = draw(st.sampled_from([(1, 1), (1, 2), (2, 2), (1, 3), (2, 3)]))
    number = st.one_of(st.none(), st.integers(0, 4))
    return Q.Instance(rows, cols, tuple(tuple(draw(number) for _ in range(cols))
                                        for _ in range(rows)))


test_modes_agree_with_brute_force = brute_force_harness(Q.GENRE, boards(), brute, examples=30,
                                                        limit=5000)


def test_unnumbered_corners_are_free():
    inst = Q.Instance(1, 2, ((2, None),))
    want = brute(inst)
    assert len(want) == 6 * 4
    assert set(engine.solve(Q.GENRE, inst, limit=100).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = Q.Instance(1, 2, ((2, 0),))
    assert Q.verify(inst, {(0, 0), (1, 0)}) == []
    assert Q.verify(inst, {(0, 0)}) == ["r1c1 has 1 black corners, its number is 2"]
    assert Q.verify(inst, {(0, 0), (1, 0), (1, 1)}) == [
        "r1c1 has 3 black corners, its number is 2", "r1c2 has 1 black corners, its number is 0"]
    assert "not a corner" in Q.verify(inst, {(0, 0), (1, 0), (5, 5)})[0]


# -- the janko slice -------------------------------------------------------------------------------
#: Records of the slice whose `solution` is empty (no source either): their
#: boards are proven unique, there is nothing published to compare with.
UNPUBLISHED = ["evil_15x15_10", "evil_15x15_24", "evil_15x15_5", "evil_15x15_6",
               "expert_15x15_11", "expert_15x15_23", "expert_15x15_4", "expert_15x15_57"]


@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "SquareO.json").read_text())["data"]
    assert len(data) == 24
    assert sorted(k for k, e in data.items() if not e["solution"].strip()) == UNPUBLISHED
    for key, entry in sorted(data.items()):
        inst = Q.GENRE.from_grid_text(split(entry["problem"], key))  # all well formed
        res = engine.solve(Q.GENRE, inst)
        assert res.verdict == "unique", key
        if key not in UNPUBLISHED:
            assert res.solutions[0] == Q.GENRE.solution_from_grid_text(
                split(entry["solution"], key), inst), key


# -- text, errors ----------------------------------------------------------------------------------
def test_pzl_round_trip_and_janko_text():
    inst = Q.GENRE.from_grid_text(split("1 2\n2 -\n", "g.txt"))
    assert inst.givens == ((2, None),)
    sol = frozenset({(0, 0), (1, 0)})
    pzl_round_trips(Q.FORMAT, inst, sol)
    assert Q.GENRE.solution_from_grid_text(split("1 2\n12 0\n"), inst) == sol
    assert Q.FORMAT.from_grid_text(split(Q.FORMAT.to_grid_text(inst))) == inst
    assert Q.GENRE.design.clues_of(inst, sol) == [(0, 0, 2), (0, 1, 0)]


PZL = "puzzle squareo\nsize 3 x 1\ngrid\n  {}\n"


@pytest.mark.parametrize("grid, col, words", [
    ("1 5 .", 5, "above 4"),
    ("1 x .", 5, "`x`"),
    ("1 -1 .", 5, "-1"),
])
def test_bad_pzl_has_position(grid, col, words):
    got = error_at(PZL.format(grid))
    assert got[:2] == (4, col) and words in got[2]

"""Terra-X: brute force, verify, the janko slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.formats.grid_text import split
from satlink.puzzles import terrax as T
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)
from tests.puzzles.test_lits import region_maps


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst) -> set:
    """Every digit per region (0-9) with bordering regions different, every
    2 x 2 block of four regions adding up to 10, the givens kept."""
    reg = inst.regions
    ids = sorted({v for row in reg for v in row})
    pairs = {(reg[r][c], reg[r2][c2]) for r in range(inst.rows) for c in range(inst.cols)
             for r2, c2 in ((r, c + 1), (r + 1, c)) if r2 < inst.rows and c2 < inst.cols
             and reg[r][c] != reg[r2][c2]}
    blocks = [{reg[r + a][c + b] for a in (0, 1) for b in (0, 1)}
              for r in range(inst.rows - 1) for c in range(inst.cols - 1)]
    out = set()
    for digits in itertools.product(range(10), repeat=len(ids)):
        d = dict(zip(ids, digits))
        if any(d[a] == d[b] for a, b in pairs):
            continue
        if any(len(b) == 4 and sum(d[x] for x in b) != 10 for b in blocks):
            continue
        if any(v is not None and d[reg[r][c]] != v
               for r, row in enumerate(inst.givens) for c, v in enumerate(row)):
            continue
        out.add(tuple(tuple(d[v] for v in row) for row in reg))
    return out


@st.composite
def boards(draw):
    """Boards of at most 9 cells in up to four regions, up to three givens."""
    rows, cols, regions = draw(region_maps([(2, 2), (2, 3), (3, 3)], 4).filter(
        lambda m: all(v is not None for row in m[2] for v in row)))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    givens = draw(st.dictionaries(st.sampled_from(cells), st.integers(0, 9), max_size=3))
    bare = T.make(rows, cols, ((None,) * cols,) * rows, regions)
    values = {}
    for (r, c), v in sorted(givens.items()):  # one value a region, as the reader demands
        values.setdefault(bare.regions[r][c], v)
        givens[(r, c)] = values[bare.regions[r][c]]
    return T.make(rows, cols, tuple(tuple(givens.get((r, c)) for c in range(cols))
                                    for r in range(rows)), regions)


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, boards(), brute, examples=25,
                                                        limit=3000)


def test_tiny_board_counts():
    inst = T.make(2, 2, ((None, None), (None, None)), ((0, 1), (2, 3)))
    want = brute(inst)
    assert len(want) == 170
    assert set(engine.solve(T.GENRE, inst, limit=500).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = T.make(2, 2, ((1, None), (None, None)), ((0, 1), (2, 3)))
    assert T.verify(inst, ((1, 2), (3, 4))) == []
    assert T.verify(inst, ((2, 1), (3, 4))) == ["r1c1 is 2, the given is 1"]
    assert "add up to 11" in T.verify(inst, ((1, 2), (3, 5)))[0]
    assert any("neighbouring regions and both hold 2" in p
               for p in T.verify(inst, ((1, 2), (5, 2))))
    one = T.make(1, 2, ((None, None),), ((0, 0),))
    assert T.verify(one, ((1, 2),)) == ["the region at r1c1 holds different digits"]
    assert "not a digit" in T.verify(one, ((1, 12),))[0]


# -- the janko slice -------------------------------------------------------------------------------
@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    total, malformed = unique_and_published(T.GENRE, datasets, "TerraX")
    assert (total, malformed) == (16, [])


# -- text, errors ----------------------------------------------------------------------------------
def test_pzl_round_trip_and_janko_text():
    inst = T.GENRE.from_grid_text(split("2 2\n1 2\n3 -\n1 2\n3 4\n", "g.txt"))
    assert inst.givens == ((1, 2), (3, None))
    pzl_round_trips(T.FORMAT, inst, ((1, 2), (3, 4)))
    assert T.FORMAT.from_grid_text(split(T.FORMAT.to_grid_text(inst))) == inst
    assert T.GENRE.solution_from_grid_text(split("2 2\n1 2\n3 4\n"), inst) == ((1, 2), (3, 4))


PZL = "puzzle terrax\nsize 3 x 1\ngrid\n  {}\nregions\n  {}\n"


@pytest.mark.parametrize("grid, regions, line, col, words", [
    ("1 . q", "a a b", 4, 7, "`q`"),
    ("1 . 12", "a a b", 4, 7, "12"),
    ("1 2 .", "a a b", 4, 5, "another cell of its region"),
    ("1 . .", "a b a", 6, 7, "connected"),
])
def test_bad_pzl_has_position(grid, regions, line, col, words):
    got = error_at(PZL.format(grid, regions))
    assert got[:2] == (line, col) and words in got[2]

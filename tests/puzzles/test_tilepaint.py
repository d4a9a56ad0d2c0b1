"""TilePaint: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.formats.grid_text import split
from satlink.puzzles import tilepaint as T
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, errors_have_positions,
                                        pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "tilepaint").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every choice of whole rooms whose rows and columns hold the numbers shown."""
    rooms = {}
    for r in range(inst.rows):
        for c in range(inst.cols):
            rooms.setdefault(inst.regions[r][c], []).append((r, c))
    out = set()
    for bits in itertools.product((0, 1), repeat=len(rooms)):
        on = {x for b, cells in zip(bits, rooms.values()) if b for x in cells}
        if all(n is None or sum((r, c) in on for c in range(inst.cols)) == n
               for r, n in enumerate(inst.row_counts)) and \
           all(n is None or sum((r, c) in on for r in range(inst.rows)) == n
               for c, n in enumerate(inst.col_counts)):
            out.add(frozenset(on))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    # rooms: stripes of each row cut at random, merged downward at random
    regions, name = [], 0
    for r in range(rows):
        row = []
        for c in range(cols):
            if c and draw(st.booleans()):
                row.append(row[-1])
            elif r and draw(st.booleans()) and (c == 0 or regions[r - 1][c] != regions[r - 1][c - 1]
                                                 or row[-1] == regions[r - 1][c - 1]):
                row.append(regions[r - 1][c])
            else:
                name += 1
                row.append(name)
        regions.append(row)
    nums = lambda n, side: tuple(draw(st.one_of(st.none(), st.integers(0, side))) for _ in range(n))
    try:
        return T.Instance(rows, cols, tuple(map(tuple, regions)), nums(rows, cols), nums(cols, rows))
    except Exception:  # a drawn room not connected: draw stripes only
        return T.Instance(rows, cols, tuple(tuple(r * cols + c for c in range(cols))
                                            for r in range(rows)), nums(rows, cols),
                          nums(cols, rows))


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
SMALL = T.Instance(2, 3, ((0, 0, 1), (2, 1, 1)), (1, 3), (1, 1, 2))  # . . x / x x x
SOLVED = frozenset({(0, 2), (1, 0), (1, 1), (1, 2)})


@pytest.mark.parametrize("shaded, words", [
    (SOLVED, None),
    (SOLVED - {(1, 2)}, "the room of r1c3 is partly shaded"),
    ({(0, 0), (0, 1)}, "row 1 has 2 shaded cells, its number is 1"),
    (SOLVED - {(1, 0)}, "column 1 has 0 shaded cells, its number is 1"),
    (SOLVED | {(2, 2)}, "off the board"),
])
def test_verify(shaded, words):
    problems = T.verify(SMALL, frozenset(shaded))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(T.GENRE, datasets, "TilePaint") == (76, [])  # none malformed


def test_grid_text_column_numbers_first():
    text = "2 3\n1 1 2\n1 3\n1 1 2\n3 2 2\n"
    inst = T.GENRE.from_grid_text(split(text, "t.txt"))
    assert inst.col_counts == (1, 1, 2) and inst.row_counts == (1, 3)
    assert inst.regions == ((0, 0, 1), (2, 1, 1))
    assert T.FORMAT.to_grid_text(inst).splitlines()[:3] == ["2 3", "1 1 2", "1 3"]


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(T.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert T.verify(inst, sol) == []
    assert T.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(T.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in T.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle tilepaint\nsize 3 x 2\nrows 1 ?\ncols 1 1 q\nregions\n  a a b\n  c b b\n"


test_bad_input_has_position = errors_have_positions([
    (PZL, 4, 10, "`q`", None),
    (PZL.replace("1 1 q", "1 1 3"), 4, 10, "above 2", None),
    (PZL.replace("1 1 q", "1 1"), 4, 1, "values", None),
    (PZL.replace("1 1 q", "1 1 1").replace("c b b", "b a b"), 7, 3, "connected", None),
    ("2 3\n1 1 4\n1 3\n1 1 2\n3 2 2\n", 2, 5, "above 2", "TilePaint"),
    ("2 3\n1 1 w\n1 3\n1 1 2\n3 2 2\n", 2, 5, "`w`", "TilePaint"),
])


def test_cli_exit_codes(capsys, tmp_path):
    cli_exit_codes(capsys, tmp_path, "TilePaint", "2 2\n- -\n- -\n1 2\n3 4\n", INSTANCES[0],
                   PZL, "4:10")

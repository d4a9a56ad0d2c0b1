"""Digital Battleship: brute force, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.lang import parse_text
from satlink.puzzles import digitalbattleship as D
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "digitalbattleship").glob("*.pzl"))


def brute(inst) -> set[frozenset]:
    """Every set of ship cells the rules accept, by brute force: its groups
    of touching cells (diagonals too) are straight lines of 1-5 cells, as
    many of each length as the fleet says, and the tallies add up."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    out = set()
    for k in range(sum(n * L for n, L in zip(inst.fleet, range(1, 6))),
                   sum(n * L for n, L in zip(inst.fleet, range(1, 6))) + 1):
        for pick in itertools.combinations(cells, k):
            ship = set(pick)
            groups, seen = [], set()
            for c in pick:
                if c in seen:
                    continue
                stack, group = [c], set()
                while stack:
                    r, q = stack.pop()
                    if (r, q) in group:
                        continue
                    group.add((r, q))
                    stack += [(r + dr, q + dq) for dr in (-1, 0, 1) for dq in (-1, 0, 1)
                              if (r + dr, q + dq) in ship]
                seen |= group
                groups.append(group)
            if any(len({r for r, _ in g}) > 1 and len({q for _, q in g}) > 1 for g in groups):
                continue
            if tuple(sum(len(g) == L for g in groups) for L in range(1, 6)) != inst.fleet:
                continue
            if all(n is None or sum(inst.digits[r][c] for r, c in ship
                                    if (r if kind == "rows" else c) == i) == n
                   for kind, sums in (("rows", inst.row_sums), ("cols", inst.col_sums))
                   for i, n in enumerate(sums)):
                out.add(frozenset(ship))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    digits = tuple(tuple(draw(st.integers(0, 3)) for _ in range(cols)) for _ in range(rows))
    fleet = draw(st.sampled_from([(1, 0, 0, 0, 0), (2, 0, 0, 0, 0), (1, 1, 0, 0, 0),
                                  (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (1, 0, 1, 0, 0)]))
    sums = [tuple(draw(st.one_of(st.none(), st.integers(0, 4))) for _ in range(n))
            for n in (rows, cols)]
    return D.Instance(rows, cols, digits, fleet, sums[0], sums[1])


test_modes_agree_with_brute_force = brute_force_harness(D.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = D.Instance(3, 3, ((1, 2, 0), (0, 0, 0), (0, 0, 3)), (1, 1, 0, 0, 0), (3, 0, 3),
                   (1, 2, 3))


@pytest.mark.parametrize("ship, words", [
    ({(0, 0), (0, 1), (2, 2)}, None),
    ({(0, 0), (0, 1), (1, 2)}, "touch"),
    ({(0, 0), (1, 0), (2, 2)}, "row 1 adds up to 1, not 3"),
    ({(0, 0), (0, 1), (2, 2), (2, 0)}, "the fleet"),
])
def test_verify(ship, words):
    problems = D.verify(BOARD, frozenset(ship))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(D.GENRE, datasets, "DigitalBattleship") == (16, [])


# -- files -----------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = engine.solve(D.GENRE, inst).solutions
    sol = sols[0] if with_solution and sols else None
    text = D.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert D.FORMAT.from_document(doc) == inst
    assert D.FORMAT.expected_solution(doc) == sol
    assert D.FORMAT.to_pzl(D.FORMAT.from_document(doc), sol) == text


def test_outputs():
    ship = frozenset({(0, 0), (0, 1), (2, 2)})
    assert D.GENRE.solution_json(BOARD, ship) == [[0, 0], [0, 1], [2, 2]]
    assert sum(D.GENRE.cells(BOARD, ship).values()) == 3
    assert "[1]" in D.GENRE.render_text(BOARD, ship)  # a ship cell's digit, circled


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows, head="ships_1 1\nships_2 1\nrows 3 0 3\ncols 1 2 3\n"):
    return "puzzle digitalbattleship\nsize 3 x 3\n" + head + "grid\n" + "".join(
        f"  {r}\n" for r in rows)


GRID = ["1 2 0", "0 0 0", "0 0 3"]


test_bad_input_has_position = errors_have_positions([
    (pzl(["1 2 q", "0 0 0", "0 0 3"]), 8, 7, "`q`", None),
    (pzl(["1 2 10", "0 0 0", "0 0 3"]), 8, 7, "above 9", None),
    (pzl(GRID, head="ships_1 x\nrows 3 0 3\ncols 1 2 3\n"), 3, 9, "`x`", None),
    (pzl(GRID, head="rows 3 0 3\ncols 1 2 3\n"), 6, 3, "at least one ship", None),
    ("3 3 1 1 0 0\n1 2 3\n3 0 3\n1 2 0\n0 0 0\n0 0 3\n", 1, 1, "ROWS COLS", "DigitalBattleship"),
    ("3 3 1 1 0 0 0\n1 2 3\n3 0 3\n1 2 w\n0 0 0\n0 0 3\n", 4, 5, "`w`", "DigitalBattleship"),
])


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["1 2 q", "0 0 0", "0 0 3"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:8:7" in err and "Traceback" not in err

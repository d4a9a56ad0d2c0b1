"""Dominos: brute force, the dev slice, files, errors."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import dominos as D
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, errors_have_positions

INSTANCES = sorted((ROOT / "instances" / "dominos").glob("*.pzl"))


def tilings(rows, cols):
    """Every domino tiling of the board (sets of cell pairs), by recursion."""
    def go(free):
        if not free:
            yield frozenset()
            return
        r, c = min(free)
        for other in ((r, c + 1), (r + 1, c)):
            if other in free:
                for rest in go(free - {(r, c), other}):
                    yield rest | {((r, c), other)}
    yield from go(frozenset((r, c) for r in range(rows) for c in range(cols)))


def brute(inst) -> set[frozenset]:
    """The tilings that show every pair {a, b} of 0-N exactly once."""
    n = inst.top
    want = sorted((a, b) for a in range(n + 1) for b in range(a, n + 1))
    out = set()
    for t in tilings(inst.rows, inst.cols):
        pairs = sorted(tuple(sorted(inst.numbers[r][c] for r, c in d)) for d in t)
        if pairs == want:
            out.add(t)
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.sampled_from([(1, 2), (2, 1), (2, 3), (3, 2), (1, 6), (6, 1), (3, 4),
                                       (4, 3), (2, 6), (6, 2)]))
    n = D.highest(rows, cols)
    return D.Instance(rows, cols, tuple(tuple(draw(st.integers(0, n)) for _ in range(cols))
                                        for _ in range(rows)))


test_modes_agree_with_brute_force = brute_force_harness(D.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
BOARD = D.Instance(2, 3, ((0, 0, 1), (1, 1, 0)))  # the set 0-1: 0-0, 0-1, 1-1


@pytest.mark.parametrize("tiles, words", [
    ({((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 2), (1, 2))}, None),
    ({((0, 0), (1, 0)), ((0, 1), (1, 1)), ((0, 2), (1, 2))}, "the domino 0-0 appears 0 times"),
    ({((0, 0), (0, 1)), ((1, 0), (1, 1))}, "lies in no domino"),
    ({((0, 0), (0, 1)), ((0, 1), (1, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1))}, "lies in 2"),
    ({((0, 0), (1, 1)), ((0, 1), (1, 0))}, "not a domino of the board"),
])
def test_verify(tiles, words):
    problems = D.verify(BOARD, frozenset(tiles))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    """Every record unique and equal to its published solution; 5_7x8 has
    none published (empty text), so it is only proven unique."""
    data = json.loads((datasets / "puzzlekit-dev" / "Dominos.json").read_text())["data"]
    unpublished = []
    for key, entry in sorted(data.items()):
        inst = D.GENRE.from_grid_text(split(entry["problem"], key))
        res = engine.solve(D.GENRE, inst)
        assert res.verdict == "unique", key
        if not entry["solution"].strip():
            unpublished.append(key)
            continue
        assert res.solutions[0] == D.GENRE.solution_from_grid_text(split(entry["solution"], key),
                                                                   inst), key
    assert (len(data), unpublished) == (117, ["5_7x8"])


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
    sol = frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 2), (1, 2))})
    assert D.solution_json(BOARD, sol)[0] == [[0, 0], [0, 1]]
    assert "│" in D.GENRE.render_text(BOARD, sol)


# -- bad input ---------------------------------------------------------------------------------------
def pzl(rows, solution=None):
    size = f"{len(rows[0].split())} x {len(rows)}"
    text = "puzzle dominos\nsize " + size + "\ngrid\n" + "".join(f"  {r}\n" for r in rows)
    return text + ("solution\n" + "".join(f"  {r}\n" for r in solution) if solution else "")


test_bad_input_has_position = errors_have_positions([
    (pzl(["0 1 q", "1 1 0"]), 4, 7, "`q`", None),
    (pzl(["0 1 2", "1 1 0"]), 4, 7, "the set 0-1", None),
    (pzl(["0 1", "1 1"]), 4, 3, "no full set", None),
    (pzl(["0 0 1", "1 1 0"], ["a a b", "c b b"]), 7, 7, "has 3 cells", None),
    ("2 3\n0 0 1\n1 . 0\n", 3, 3, "`.`", "Dominos"),
    ("2 3\n0 0 1\n1 1 5\n", 3, 5, "the set 0-1", "Dominos"),
])


def test_cli_exit_codes(capsys, tmp_path):
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(pzl(["0 1 q", "1 1 0"]))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:7" in err and "Traceback" not in err

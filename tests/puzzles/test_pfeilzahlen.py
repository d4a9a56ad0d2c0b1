"""Pfeilzahlen: brute force, verify, the dev slice and its framed solutions, files, errors."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import pfeilzahlen as P
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, error_at

INSTANCE = ROOT / "instances" / "pfeilzahlen" / "six.pzl"
INTO = {"top": ("sw", "s", "se"), "bottom": ("nw", "n", "ne"),
        "left": ("ne", "e", "se"), "right": ("nw", "w", "sw")}
STEP = {"n": (-1, 0), "ne": (-1, 1), "e": (0, 1), "se": (1, 1),
        "s": (1, 0), "sw": (1, -1), "w": (0, -1), "nw": (-1, -1)}


@st.composite
def tiny(draw):
    """Boards of 3 to 4 rows and columns with the frame (at most 8 arrows),
    a number in about half the cells inside."""
    rows, cols = draw(st.integers(3, 4)), draw(st.integers(3, 4))
    numbers = [((r, c), draw(st.integers(0, 4))) for r in range(1, rows - 1)
               for c in range(1, cols - 1) if draw(st.booleans())]
    return P.Instance(rows, cols, tuple(numbers))


def brute(inst) -> set:
    """Every choice of an arrow per frame cell (corners none) pointing into
    the board (its next cell inside the frame) whose
    arrows, followed across the board, hit each number that many times."""
    R, C = inst.rows, inst.cols
    frame = [((0, c), INTO["top"]) for c in range(1, C - 1)]
    frame += [((R - 1, c), INTO["bottom"]) for c in range(1, C - 1)]
    frame += [((r, 0), INTO["left"]) for r in range(1, R - 1)]
    frame += [((r, C - 1), INTO["right"]) for r in range(1, R - 1)]
    out = set()
    frame = [(cell, [d for d in dirs      # pointing into the board, not along the frame
                     if 0 < cell[0] + STEP[d][0] < R - 1 and 0 < cell[1] + STEP[d][1] < C - 1])
             for cell, dirs in frame]
    for choice in itertools.product(*(dirs for _, dirs in frame)):
        hit = {}
        for (cell, _), d in zip(frame, choice):
            (r, c), (dr, dc) = cell, STEP[d]
            r, c = r + dr, c + dc
            while 0 < r < R - 1 and 0 < c < C - 1:
                hit[(r, c)] = hit.get((r, c), 0) + 1
                r, c = r + dr, c + dc
        if all(hit.get(cell, 0) == k for cell, k in inst.numbers):
            out.add(tuple(sorted((cell, d) for (cell, _), d in zip(frame, choice))))
    return out


test_modes_agree_with_brute_force = brute_force_harness(P.GENRE, tiny(), brute, examples=30)


@settings(max_examples=20, deadline=None)
@given(tiny())
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    empty = P.Instance(inst.rows, inst.cols, ())
    for arrows in brute(empty):
        assert (P.verify(inst, arrows) == []) == (arrows in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = P.FORMAT.from_document(doc), P.FORMAT.expected_solution(doc)
    assert P.verify(inst, good) == []
    turned = tuple(sorted(((c, "n") if c == (5, 1) else (c, d)) for c, d in good))
    # r6c2 turned from ne to n: three cells of the diagonal lose it, r5c2 gains it
    assert P.verify(inst, turned) == [
        "the 2 at r3c5 has 1 arrows pointing at it", "the 4 at r4c4 has 3 arrows pointing at it",
        "the 1 at r5c2 has 2 arrows pointing at it", "the 3 at r5c3 has 2 arrows pointing at it"]
    outward = tuple(sorted(((c, "s") if c == (5, 1) else (c, d)) for c, d in good))
    assert "the arrow at r6c2 points s: not from the frame into the board" in P.verify(inst,
                                                                                        outward)
    missing = tuple(a for a in good if a[0] != (5, 1))
    assert "the frame cell r6c2 holds 0 arrows, not one" in P.verify(inst, missing)




@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    """Every board unique; its solution equals the published one, read by
    the genre's framed reader; the one record without a published solution
    (218_4x4: an empty `solution`) is an input error of that reader."""
    data = json.loads((datasets / "puzzlekit-dev" / "Pfeilzahlen.json").read_text())["data"]
    unpublished = []
    for key, entry in sorted(data.items()):
        inst = P.GENRE.from_grid_text(split(entry["problem"], key))
        res = engine.solve(P.GENRE, inst)
        assert res.verdict == "unique", key
        try:
            published = P.GENRE.solution_from_grid_text(split(entry["solution"], key), inst)
        except InputError:
            unpublished.append(key)
            continue
        assert res.solutions[0] == published, key
    assert (len(data), unpublished) == (72, ["218_4x4"])


def test_framed_solution_reader():
    """The published form: inner size in the header, the whole board below."""
    inst = P.Instance(3, 3, (((1, 1), 2),))
    assert P.GENRE.solution_from_grid_text("1 1\n- s -\ne 2 w\n- n -\n", inst) == (
        ((0, 1), "s"), ((1, 0), "e"), ((1, 2), "w"), ((2, 1), "n"))
    with pytest.raises(InputError, match="not the puzzle's number"):
        P.GENRE.solution_from_grid_text("1 1\n- s -\ne 3 w\n- n -\n", inst)
    with pytest.raises(InputError, match="the puzzle 1 x 1 inside its frame"):
        P.GENRE.solution_from_grid_text("2 2\n- s -\ne 2 w\n- n -\n", inst)
    with pytest.raises(InputError, match="`q`"):
        P.GENRE.solution_from_grid_text("1 1\n- q -\ne 2 w\n- n -\n", inst)


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle pfeilzahlen\nsize 3 x 3\ngrid\n  . 1 .\n  . . .\n  . . .\n", 4, 5, "on the frame",
     None),
    ("puzzle pfeilzahlen\nsize 3 x 3\ngrid\n  . . .\n  . 9 .\n  . . .\n", 5, 5, "above 8", None),
    ("puzzle pfeilzahlen\nsize 2 x 3\ngrid\n  . .\n  . .\n  . .\n", 4, 3, "no cell inside",
     None),
    ("puzzle pfeilzahlen\nsize 3 x 3\ngrid\n  . . .\n  . 1 .\n  . . .\nsolution\n"
     "  . q .\n  . . .\n  . . .\n", 8, 5, "`q`", None),
    ("3 3\n- - -\n- x -\n- - -\n", 3, 3, "`x`", "Pfeilzahlen"),
    ("3 3\n- 2 -\n- - -\n- - -\n", 2, 3, "on the frame", "Pfeilzahlen"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message

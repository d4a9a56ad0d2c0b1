"""Hanare: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import hanare as H
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import tiny as boards
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published

INSTANCE = ROOT / "instances" / "hanare" / "pzprjs-4x4.pzl"


def placements(inst):
    """Every grid with one number per region (its size) on some cell, keeping the givens."""
    rooms = [[(r, c) for r in range(inst.rows) for c in range(inst.cols)
              if inst.regions[r][c] == k] for k in range(1 + max(map(max, inst.regions)))]
    for choice in itertools.product(*rooms):
        if any(v is not None and (r, c) not in choice
               for r, row in enumerate(inst.givens) for c, v in enumerate(row)):
            continue
        size = {cell: len(room) for cell, room in zip(choice, rooms)}
        yield tuple(tuple(size.get((r, c)) for c in range(inst.cols)) for r in range(inst.rows))


def brute(inst) -> set:
    """Placements whose neighbouring numbers in each line differ by the cells between them."""
    def ok(g):
        lines = [list(row) for row in g] + [list(col) for col in zip(*g)]
        for line in lines:
            at = [i for i, v in enumerate(line) if v is not None]
            if any(abs(line[i] - line[j]) != j - i - 1 for i, j in zip(at, at[1:])):
                return False
        return True
    return {g for g in placements(inst) if ok(g)}


def tiny(**kw):
    """Region boards; a given only where it is its region's size, one a region."""
    def hanare(rows, cols, givens, names):
        inst = H.make_hanare(rows, cols, [[None] * cols for _ in range(rows)], names)
        kept, seen = [[None] * cols for _ in range(rows)], set()
        for r in range(rows):
            for c in range(cols):
                room = inst.regions[r][c]
                if givens[r][c] == inst.region_size((r, c)) and room not in seen:
                    kept[r][c] = givens[r][c]
                    seen.add(room)
        return H.make_hanare(rows, cols, kept, names)
    return boards(hanare, **kw)


test_modes_agree_with_brute_force = brute_force_harness(
    H.GENRE, tiny(most_cells=12, most_region=4), brute, examples=40)


@settings(max_examples=30, deadline=None)
@given(tiny())
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    for g in placements(inst):
        assert (H.verify(inst, g) == []) == (g in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = H.FORMAT.from_document(doc), H.FORMAT.expected_solution(doc)
    assert H.verify(inst, good) == []
    bad = ((2, 3, None, None), (None, None, 3, None), (1, None, None, None), (None, 4, None, None))
    problems = H.verify(inst, bad)
    assert "r4c4 is empty, the given is 3" in problems
    assert "the region at r3c4 holds 0 numbers, not one" in problems
    assert "r1c1 (2) and r1c2 (3) differ by 1, not by the cells between them" in problems
    assert H.verify(inst, good[:1]) == ["the grid is not 4 x 4"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(H.GENRE, datasets, "Hanare") == (22, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle hanare\nsize 2 x 1\ngrid\n  1 .\nregions\n  a a\n", 4, 3, "not its region's size 2",
     None),
    ("puzzle hanare\nsize 2 x 1\ngrid\n  2 2\nregions\n  a a\n", 4, 5, "a second number", None),
    ("puzzle hanare\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", 6, 7, "not connected", None),
    ("1 2\n- 3\n1 1\n", 2, 3, "not its region's size 2", "Hanare"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/hanare.js: the URL, and its accepted answer."""
    url = "https://puzz.link/p?hanare/4/4/jegf6gu3"
    genre, inst = puzzlink.decode(url)
    assert genre is H.GENRE and puzzlink.encode(H.GENRE, inst) == url
    res = engine.solve(H.GENRE, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == ((2, None, 3, None), (None, None, 3, None), (1, None, None, None),
                                (None, 4, None, 3))

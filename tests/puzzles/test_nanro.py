"""Nanro: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import pytest

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import nanro as S
from satlink.puzzles._digit_rooms import make
from tests.helpers import ROOT
from tests.puzzles.digit_rooms_checks import tiny
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)

INSTANCE = ROOT / "instances" / "nanro" / "pzprjs-4x4.pzl"


def brute(inst) -> set:
    """Every set of numbered cells obeying the rules (each region's number is
    its count of numbered cells), written out over the subsets."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    region = {(r, c): inst.regions[r][c] for r, c in cells}
    nbrs = {a: [b for b in cells if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1] for a in cells}
    out = set()
    for bits in itertools.product((False, True), repeat=len(cells)):
        on = {c for c, b in zip(cells, bits) if b}
        count = {k: sum(region[c] == k for c in on) for k in set(region.values())}
        if 0 in count.values():
            continue
        at = {c: count[region[c]] if c in on else None for c in cells}
        if any(g is not None and at[(r, c)] != g
               for r, row in enumerate(inst.givens) for c, g in enumerate(row)):
            continue
        if any(at[a] == at[b] and region[a] != region[b] for a in on for b in nbrs[a]):
            continue
        if any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= on for r, c in cells):
            continue
        start = sorted(on)[:1]
        seen, todo = set(start), list(start)
        while todo:
            todo += [b for b in nbrs[todo.pop()] if b in on and b not in seen and not seen.add(b)]
        if len(seen) == len(on):
            out.add(tuple(tuple(at[(r, c)] for c in range(inst.cols)) for r in range(inst.rows)))
    return out


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(make), brute, examples=40)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = S.FORMAT.from_document(doc), S.FORMAT.expected_solution(doc)
    assert S.verify(inst, good) == []
    pzl_round_trips(S.FORMAT, inst, good)
    bad = [list(row) for row in good]
    bad[0][3] = 2                  # the given 1 changed; 2 beside the 2s of the region left
    bad[1][1] = None               # the region of r2c2 left empty
    bad[3][1], bad[3][2] = 2, 2    # 2 in two cells of a three-cell region, next to r4c1's 3
    bad[2][0] = None               # region r2c1-r4c1: 3 in two cells
    problems = S.verify(inst, tuple(map(tuple, bad)))
    assert any("r1c4 is 2, the given is 1" in p for p in problems)
    assert any("the region at r2c2 holds no number" in p for p in problems)
    assert any("the region at r2c1 holds 3 in 2 cells" in p for p in problems)
    assert any("r1c3 and r1c4 hold 2 across a region border" in p for p in problems)
    assert "the numbered cells are not connected" in problems
    square = ((None, 2, 2, 1), (3, 1, 1, None), (3, 1, 1, None), (3, 1, None, None))
    assert any("2x2 block at r2c2" in p for p in S.verify(inst, square))
    assert S.verify(inst, good[:2]) == ["the grid is not 4 x 4"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "Nanro") == (32, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle nanro\nsize 2 x 1\ngrid\n  3 .\nregions\n  a a\n", 4, 3, "outside 1..2", None),
    ("puzzle nanro\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", 6, 7, "not connected", None),
    ("puzzle nanro\nsize 2 x 1\ngrid\n  . q\nregions\n  a a\n", 4, 5, "`q`", None),
    ("1 2\n- 3\n1 1\n", 2, 3, "outside 1..2", "Nanro"),
    ("1 2\n- -\n1 1 1\n", 3, 5, "row 1 has 3 cells", "Nanro"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/nanro.js: the URL, and its accepted answer."""
    url = "https://puzz.link/p?nanro/4/4/6r0s1oi13n1h"
    genre, inst = puzzlink.decode(url)
    assert genre is S.GENRE and puzzlink.encode(S.GENRE, inst) == url
    res = engine.solve(S.GENRE, inst)
    n = None
    assert res.verdict == "unique"
    assert res.solutions[0] == ((n, 2, 2, 1), (3, 1, n, n), (3, n, n, n), (3, 1, n, n))

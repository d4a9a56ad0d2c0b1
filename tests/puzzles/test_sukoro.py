"""Sukoro: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import sukoro as S
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, error_at, pzl_round_trips,
                                        unique_and_published)

INSTANCE = ROOT / "instances" / "sukoro" / "pzprjs-5x5.pzl"


@st.composite
def tiny(draw):
    """Boards of at most 6 cells, a given (or `?`) in about one cell in four."""
    rows = draw(st.integers(1, 2))
    cols = draw(st.integers(1, 3 if rows == 2 else 5))
    pick = st.sampled_from([None] * 9 + [1, 2, 3, S.HIDDEN])
    return S.make(rows, cols, [[draw(pick) for _ in range(cols)] for _ in range(rows)])


def brute(inst) -> set:
    """Every grid of 0..4 (0 empty) obeying the rules, written out over the cells."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    nbrs = {a: [b for b in cells if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1] for a in cells}
    out = set()
    for vals in itertools.product(range(5), repeat=len(cells)):
        at = dict(zip(cells, vals))
        if any(g is not None and (at[(r, c)] == 0 or g not in (S.HIDDEN, at[(r, c)]))
               for r, row in enumerate(inst.givens) for c, g in enumerate(row)):
            continue
        on = [a for a in cells if at[a]]
        if any(at[a] != sum(1 for b in nbrs[a] if at[b]) for a in on):
            continue
        if any(at[a] == at[b] for a in on for b in nbrs[a]):
            continue
        seen, todo = set(on[:1]), on[:1]
        while todo:
            todo += [b for b in nbrs[todo.pop()] if at[b] and b not in seen and not seen.add(b)]
        if len(seen) != len(on):
            continue
        out.add(tuple(tuple(at[(r, c)] or None for c in range(inst.cols))
                      for r in range(inst.rows)))
    return out


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny(), brute, examples=40)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = S.FORMAT.from_document(doc), S.FORMAT.expected_solution(doc)
    assert S.verify(inst, good) == []
    pzl_round_trips(S.FORMAT, inst, good)
    bad = [list(row) for row in good]
    bad[0][0] = 3          # the given 2 changed; it also has 2 numbered neighbours
    bad[4][4] = None       # r5c5 emptied: r4c5 and r5c4 lose a neighbour
    bad[0][4] = 1          # an island: not connected
    problems = S.verify(inst, tuple(map(tuple, bad)))
    assert any("r1c1 is 3, the given is 2" in p for p in problems)
    assert any("the 3 at r1c1 has 2 numbered neighbours" in p for p in problems)
    assert any("r5c5 is None, the given is 2" in p for p in problems)
    assert any("r1c1 and r2c1 are adjacent and both hold 3" in p for p in problems)
    assert "the numbered cells are not connected" in problems
    assert S.verify(inst, good[:2]) == ["the grid is not 5 x 5"]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(S.GENRE, datasets, "Sukoro") == (28, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle sukoro\nsize 2 x 1\ngrid\n  5 .\n", 4, 3, "above 4", None),
    ("puzzle sukoro\nsize 2 x 1\ngrid\n  . q\n", 4, 5, "`q`", None),
    ("puzzle sukoro\nsize 2 x 1\ngrid\n  . 0\n", 4, 5, "below 1", None),
    ("1 2\n- 7\n", 2, 3, "above 4", "Sukoro"),
    ("1 2\n- - -\n", 2, 5, "3 cells", "Sukoro"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/sukoro.js: the URL, and its accepted answer."""
    url = "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2"
    genre, inst = puzzlink.decode(url)
    assert genre is S.GENRE and puzzlink.encode(S.GENRE, inst) == url
    res = engine.solve(S.GENRE, inst)
    assert res.verdict == "unique"
    n = None
    assert res.solutions[0] == ((2, 3, 2, n, n), (3, 4, 3, 2, n), (2, 3, n, 3, 2),
                                (n, 2, 3, 4, 3), (n, n, 2, 3, 2))


def test_puzzlink_zero_is_an_error_at_the_cell():
    from satlink.errors import InputError
    with pytest.raises(InputError) as exc:
        puzzlink.decode("https://puzz.link/p?sukoro/2/1/a0")
    assert "outside 1..4" in str(exc.value) and exc.value.pos.column == 33


def test_decided_cells_are_constants_and_read_back():
    """A cell the direct givens decide has no variable (nor, when empty, a
    place in the numbered shading); the solution still holds its value, and
    with the givens behind selectors every cell keeps its variables."""
    from satlink.contract import Options
    from satlink.formula import Formula
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, want = S.FORMAT.from_document(doc), S.FORMAT.expected_solution(doc)
    enc = S.encode(inst, Formula(), Options())
    assert enc.fixed and not set(enc.fixed) & set(enc.numbers.var)
    assert all(want[r][c] == (v or None) for (r, c), v in enc.fixed.items())
    empty = {c for c, v in enc.fixed.items() if v == 0}
    assert empty and not empty & set(enc.shading.var)
    res = engine.solve(S.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == want
    chosen = S.encode(inst, Formula(), Options(clues="selectors"))
    assert not chosen.fixed and len(chosen.numbers.var) == len(chosen.shading.var) == 25

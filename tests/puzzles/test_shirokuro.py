"""Shirokuro: brute force in every mode, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.puzzles import shirokuro as S
from satlink.rules.grid import edge
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzl_round_trip, check_pzprjs_vector

URL = "https://puzz.link/p?wblink/5/5/ci6a2ln1i"  # robx/pzprjs test/script/wblink.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 3), (4, 4)]))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = draw(st.lists(st.sampled_from(cells), max_size=7, unique=True))
    return S.Instance(rows, cols, tuple((c, draw(st.sampled_from("wb"))) for c in chosen))


def segment(a, b) -> list:
    """The cells from a to b along their row or column, ends included."""
    (r1, c1), (r2, c2) = sorted((a, b))
    return [(r1, c) for c in range(c1, c2 + 1)] if r1 == r2 else \
        [(r, c1) for r in range(r1, r2 + 1)]


def oracle(inst) -> set[frozenset]:
    """Every way to give each white circle a black one in its row or column
    with no circle between, each black used once and no two lines sharing
    a cell; the lines as unit pieces."""
    kind = dict(inst.circles)
    whites = [c for c, k in inst.circles if k == "w"]
    blacks = [c for c, k in inst.circles if k == "b"]
    if len(whites) != len(blacks):
        return set()
    options = [[b for b in blacks if (b[0] == w[0] or b[1] == w[1])
                and not any(x in kind for x in segment(w, b)[1:-1])] for w in whites]
    out = set()
    for choice in product(*options):
        if len(set(choice)) != len(choice):
            continue
        used = [x for w, b in zip(whites, choice) for x in segment(w, b)]
        if len(used) != len(set(used)):
            continue
        out.add(frozenset(edge(x, y) for w, b in zip(whites, choice)
                          for x, y in zip(segment(w, b), segment(w, b)[1:])))
    return out


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, boards(), oracle, examples=60)


def test_verify_names_broken_rules():
    inst = S.Instance(1, 4, (((0, 0), "w"), ((0, 3), "b")))
    good = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3))})
    assert S.verify(inst, good) == []
    assert S.solution_json(inst, good) == [[[0, 0], [0, 3]]]
    same = S.Instance(1, 4, (((0, 0), "w"), ((0, 3), "w")))
    assert "one colour" in S.verify(same, good)[0]
    assert any("has 0 lines" in p for p in S.verify(inst, frozenset()))
    cross = S.Instance(3, 3, (((0, 1), "w"), ((2, 1), "b"), ((1, 0), "w"), ((1, 2), "b")))
    both = frozenset({((0, 1), (1, 1)), ((1, 1), (2, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2))})
    assert any("cross" in p for p in S.verify(cross, both))


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(S.GENRE, datasets, "Shirokuro")
    assert records == 22 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    check_pzl_round_trip(S.GENRE, inst, with_solution)


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(S.GENRE, URL)
    assert inst.circles[:3] == (((0, 0), "w"), ((0, 1), "w"), ((0, 3), "b"))


@settings(max_examples=30, deadline=None)
@given(boards())
def test_puzzlink_round_trip(inst):
    assert puzzlink.decode(puzzlink.encode(S.GENRE, inst)) == (S.GENRE, inst)


@pytest.mark.parametrize("text,line,col,words", [
    ("puzzle shirokuro\nsize 2 x 1\ngrid\n  w q\n", 4, 5, "`q`"),
    ("puzzle shirokuro\nsize 2 x 1\ngrid\n  w b\nsolution\n  e .\n", 6, 3,
     "the line e of r1c1 is not named at r1c2"),
])
def test_bad_pzl_has_position(text, line, col, words):
    check_error(text, None, line, col, words)


def test_bad_grid_text_has_position():
    line, col, message = error_at("1 2\nw x\n", "Shirokuro")
    assert (line, col) == (2, 3) and "`x`" in message

"""Koburin: brute force in every mode, verify, the dev slice, files, puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import koburin as K
from satlink.puzzles._shaded_loop import Solution
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzprjs_vector
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?koburin/5/5/clcbg.n"  # robx/pzprjs test/script/koburin.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 4)]))
    g = Grid(rows, cols)
    cells = draw(st.sets(st.sampled_from(g.cells), max_size=3))
    return K.Instance(rows, cols, tuple(
        K.Clue(c, draw(st.sampled_from([None, *range(len(g.neighbours(c)) + 1)])))
        for c in cells))


def brute(inst) -> set[Solution]:
    """Every cycle on the free cells with the rest of them shaded, kept when
    no shaded cells touch and every number counts its shaded neighbours."""
    g, free = inst.grid, inst.free
    out = set()
    for loop in cycles(g, free):
        on = {c for e in loop for c in e}
        shaded = {c for c in free if c not in on}
        if any(b in shaded for a in shaded for b in g.neighbours(a)):
            continue
        if all(k.count is None or k.count == sum(n in shaded for n in g.neighbours(k.cell))
               for k in inst.clues):
            out.add(Solution(frozenset(shaded), loop))
    return out


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, boards(), brute, examples=40)


RING = frozenset(e for e in Grid(3, 3).cell_edges() if (1, 1) not in e)


def test_verify_names_broken_rules():
    board = K.Instance(3, 3, (K.Clue((1, 1), 0),))
    assert K.verify(board, Solution(frozenset(), RING)) == []
    one = K.Instance(3, 3, (K.Clue((1, 1), 1),))
    assert "has 0 shaded neighbours" in K.verify(one, Solution(frozenset(), RING))[0]
    assert "clue cell" in K.verify(board, Solution(frozenset({(1, 1)}), RING))[0]
    short = RING - {((0, 0), (0, 1)), ((0, 0), (1, 0))}
    assert any("touch" in p for p in K.verify(board, Solution(frozenset({(0, 0), (0, 1)}), short)))
    assert any("not allowed" in p or "does not pass" in p
               for p in K.verify(board, Solution(frozenset({(0, 0)}), RING)))


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(K.GENRE, datasets, "Koburin")
    assert records == 30 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards())
def test_pzl_and_puzzlink_round_trip(inst):
    sols = sorted(brute(inst), key=lambda s: sorted(s.loop))
    sol = sols[0] if sols else None
    doc = parse_text(K.GENRE.to_pzl(inst, sol), "rt.pzl")
    assert K.GENRE.from_document(doc) == inst and K.GENRE.expected_solution(doc) == sol
    assert puzzlink.decode(puzzlink.encode(K.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(K.GENRE, URL)
    assert inst.clues == (K.Clue((0, 0), 2), K.Clue((1, 4), 2), K.Clue((2, 2), 1),
                          K.Clue((3, 1), None))


def test_puzzlink_variant_flags_are_refused():
    with pytest.raises(InputError, match="unknown option `m`"):
        puzzlink.decode("https://puzz.link/p?koburin/m/5/5/clcbg.n")


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle koburin\nsize 2 x 1\ngrid\n  . q\n", None, 4, 5, "`q`"),
    ("puzzle koburin\nsize 2 x 2\ngrid\n  3 .\n  . .\n", None, 4, 3, "above its 2 neighbours"),
    ("2 2\n- 5\n- -\n", "Koburin", 2, 3, "above 4"),
    ("2 2\n- -\n- - -\n", "Koburin", 3, 5, "row 2 has 3 cells"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)


def test_picture_draws_numbers_grey_cells_and_loop():
    _, inst = puzzlink.decode(URL)
    pic = K.picture(inst)
    assert [lab.text for lab in pic.labels] == ["2", "2", "1", "?"] and not pic.lines

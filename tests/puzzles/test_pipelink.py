"""Pipelink: brute force in every mode, verify, the dev slice, files, puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import pipelink as P
from satlink.rules.grid import Grid, edge, shift
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzprjs_vector
from tests.rules.test_crossing_loop import one_curve

URL = "https://puzz.link/p?pipelink/5/5/mamejan"  # robx/pzprjs test/script/pipelink.js
SHAPES = ("ns", "ew", "ne", "nw", "se", "sw", "nsew")


def tilings(inst):
    """Every choice of a piece per cell whose exits meet the neighbours'
    (row by row), off the board never, the given pieces kept, no crossing
    on a circle: the edge sets."""
    g, given_ = inst.grid, dict(inst.pieces)
    cells = g.cells
    out = []

    def place(i, chosen):
        if i == len(cells):
            out.append(frozenset(edge(c, shift(c, d)) for c, p in chosen.items() for d in p))
            return
        c = cells[i]
        for p in [given_[c]] if c in given_ else SHAPES:
            if p == "nsew" and c in inst.circles:
                continue
            if any(g.step(c, d) is None for d in p):
                continue
            up, left = (c[0] - 1, c[1]), (c[0], c[1] - 1)
            if up in chosen and (("s" in chosen[up]) != ("n" in p)):
                continue
            if left in chosen and (("e" in chosen[left]) != ("w" in p)):
                continue
            if c[0] == 0 and "n" in p or c[1] == 0 and "w" in p:
                continue
            chosen[c] = p
            place(i + 1, chosen)
            del chosen[c]

    place(0, {})
    return out


def oracle(inst) -> set[frozenset]:
    return {t for t in tilings(inst) if one_curve(t)}


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 2), (2, 4), (3, 4), (4, 4), (4, 3)]))
    g = Grid(rows, cols)
    cells = draw(st.sets(st.sampled_from(g.cells), max_size=3))
    pieces = []
    for c in cells:
        fits = [p for p in SHAPES if all(g.step(c, d) is not None for d in p)]
        pieces.append((c, draw(st.sampled_from(fits))))
    circles = draw(st.sets(st.sampled_from([c for c in g.cells if c not in cells]), max_size=2))
    return P.Instance(rows, cols, tuple(pieces), tuple(circles))


test_modes_agree_with_brute_force = brute_force_harness(P.GENRE, boards(), oracle, examples=40)


def test_crossings_occur_on_four_by_four():
    sols = oracle(P.Instance(4, 4))
    assert any(any(len([e for e in s if c in e]) == 4 for c in Grid(4, 4).cells) for s in sols)


def test_pieces_from_each_loop_of_four_by_four_keep_exactly_the_loops_holding_them():
    """Every loop of the empty 4 x 4 board (crossings among them), three of
    its pieces given (one a crossing where it has one, with the cells beside
    them written over their open edges): the engine's solutions are the
    oracle's, that loop among them."""
    import random
    rand = random.Random(22)
    g = Grid(4, 4)
    loops = sorted(oracle(P.Instance(4, 4)), key=sorted)
    assert len(loops) == 11
    for loop in loops:
        piece = {c: "".join(d for d in "nsew" if edge(c, shift(c, d)) in loop) for c in g.cells}
        cells = rand.sample(g.cells, 3)
        cells[0] = next((c for c in g.cells if len(piece[c]) == 4), cells[0])
        inst = P.Instance(4, 4, tuple((c, piece[c]) for c in set(cells)))
        want = oracle(inst)
        assert loop in want
        got = set(engine.solve(P.GENRE, inst, limit=20).solutions)
        assert got == want


def test_verify_names_broken_rules():
    square = frozenset(Grid(2, 2).cell_edges())
    assert P.verify(P.Instance(2, 2), square) == []
    wrong = P.verify(P.Instance(2, 3, (((0, 1), "ew"),)), square)
    assert "the loop runs sw at r1c2, not ew" in wrong
    assert "does not pass through r1c3" in P.verify(P.Instance(2, 3), square)[0]


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(P.GENRE, datasets, "Pipelink")
    assert records == 38 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards())
def test_pzl_and_puzzlink_round_trip(inst):
    sols = sorted(oracle(inst), key=sorted)
    sol = sols[0] if sols else None
    doc = parse_text(P.GENRE.to_pzl(inst, sol), "rt.pzl")
    assert P.GENRE.from_document(doc) == inst and P.GENRE.expected_solution(doc) == sol
    assert puzzlink.decode(puzzlink.encode(P.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(P.GENRE, URL)
    assert inst.pieces == (((1, 1), "nsew"), ((2, 3), "nw"), ((3, 2), "nsew"))


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle pipelink\nsize 2 x 1\ngrid\n  . q\n", None, 4, 5, "`q`"),
    ("puzzle pipelink\nsize 2 x 2\ngrid\n  ns .\n  . .\n", None, 4, 3, "off the board"),
    ("2 2\nnswe -\n- -\n", "Pipelink", 2, 1, "off the board"),
    ("2 2\nnse -\n- -\n", "Pipelink", 2, 1, "`nse`"),
    ("puzzle pipelink\nsize 2 x 2\ngrid\n  . .\n  . .\nsolution\n  se sw\n  ne ns\n", None, 8, 3,
     "the pipe e of r2c1 is not named at r2c2 (`w` there)"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

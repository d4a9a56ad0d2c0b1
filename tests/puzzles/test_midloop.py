"""Mid-loop: brute force in every mode, verify, the dev slice, files, puz.link, errors."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.puzzles import midloop as M
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzl_round_trip, check_pzprjs_vector
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?midloop/4/4/jfjfi3fr"  # robx/pzprjs test/script/midloop.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 4)]))
    spots = [(y, x) for y in range(2 * rows - 1) for x in range(2 * cols - 1)
             if not (y % 2 and x % 2)]
    return M.Instance(rows, cols, tuple(draw(st.sets(st.sampled_from(spots), max_size=3))))


def stretch(loop, a, b) -> list:
    """The cells of the straight stretch of ``loop`` through the step a -> b,
    walked both ways from it along the cycle."""
    g, step = nx.Graph(loop), (b[0] - a[0], b[1] - a[1])
    line = [a, b]
    for end, back in ((b, a), (a, b)):
        here, d = end, (end[0] - back[0], end[1] - back[1])
        while (nxt := (here[0] + d[0], here[1] + d[1])) in g[here]:
            line.append(nxt) if end == b else line.insert(0, nxt)
            here = nxt
    assert (line[1][0] - line[0][0], line[1][1] - line[0][1]) in (step, (-step[0], -step[1]))
    return line


def oracle(inst) -> set[frozenset]:
    """Cycles through every dot whose straight stretch there (walked on the
    cycle) has the dot at its middle (the mean of its end cells)."""
    out = set()
    for loop in cycles(inst.grid):
        g, ok = nx.Graph(loop), True
        for y, x in inst.dots:
            a = (y // 2, x // 2)
            b = (a[0] + y % 2, a[1] + x % 2)
            if a == b:
                nb = sorted(g[a]) if a in g else []
                ok = len(nb) == 2 and nb[0][0] + nb[1][0] == 2 * a[0] and nb[0][1] + nb[1][1] == 2 * a[1]
                b = nb[1] if ok else b
            else:
                ok = a in g and b in g[a]
            if ok:
                line = stretch(loop, a, b)
                ok = line[0][0] + line[-1][0] == y and line[0][1] + line[-1][1] == x
            if not ok:
                break
        if ok:
            out.add(loop)
    return out


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=40)

RING = frozenset(Grid(3, 4).cell_edges()) - {((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2)),
                                             ((1, 1), (2, 1)), ((0, 2), (1, 2)), ((1, 2), (1, 3)),
                                             ((1, 2), (2, 2))}


@pytest.mark.parametrize("dot, ok", [((0, 3), True), ((2, 0), True), ((0, 2), False),
                                     ((1, 0), False), ((2, 2), False), ((4, 3), True)])
def test_verify_on_a_ring(dot, ok):
    assert (M.verify(M.Instance(3, 4, (dot,)), RING) == []) == ok


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "MidLoop")
    assert records == 1 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_puzzlink_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    assert check_pzprjs_vector(M.GENRE, URL).dots == ((0, 4), (2, 2), (3, 6), (4, 1))


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle midloop\nsize 2 x 1\ngrid\n  . q\n", None, 4, 5, "`q`"),
    ("puzzle midloop\nsize 2 x 1\ngrid\n  . e\n", None, 4, 5, "edge of the board"),
    ("2 2\n- 4\n- -\n", "MidLoop", 2, 3, "`4`"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

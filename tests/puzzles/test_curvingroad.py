"""Curving Road: brute force in every mode, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

from collections import deque
from itertools import product

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import curvingroad as C
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzprjs_vector

URL = "https://puzz.link/p?curving/6/6/g2g20920"  # robx/pzprjs test/script/curving.js
STEP = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}


def fewest_turns(g: Grid, free: set, start) -> dict:
    """The fewest turns of a path of free cells from ``start`` to each free
    cell (0-1 breadth-first search over (cell, heading))."""
    best, queue = {}, deque()
    for d in STEP:
        queue.append((0, start, d))
    seen = {}
    while queue:
        t, c, d = queue.popleft()
        if seen.get((c, d), 99) <= t:
            continue
        seen[(c, d)] = t
        best[c] = min(best.get(c, 99), t)
        for e, (dr, dc) in STEP.items():
            x = (c[0] + dr, c[1] + dc)
            if x in free:
                if e == d:
                    queue.appendleft((t, x, e))
                else:
                    queue.append((t + 1, x, e))
    return best


def oracle(inst) -> set[frozenset]:
    """Every shading with no two shaded neighbours, circles unshaded, the
    rest connected (networkx), where a road from a circle to another turns
    at least twice (the first step sets the heading for free)."""
    g, out = inst.grid, set()
    for bits in product((False, True), repeat=len(g.cells)):
        shaded = {c for c, b in zip(g.cells, bits) if b}
        if shaded & set(inst.circles) or any(a in shaded and b in shaded
                                             for a, b in g.cell_edges()):
            continue
        free = set(g.cells) - shaded
        net = nx.Graph((a, b) for a, b in g.cell_edges() if a in free and b in free)
        net.add_nodes_from(free)
        if not nx.is_connected(net):
            continue
        if all(fewest_turns(g, free, a).get(b, 99) >= 2
               for a in inst.circles for b in inst.circles if a != b):
            out.add(frozenset(shaded))
    return out


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 3)]))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return C.Instance(rows, cols, tuple(draw(st.lists(st.sampled_from(cells), max_size=4,
                                                      unique=True))))


test_modes_agree_with_brute_force = brute_force_harness(C.GENRE, boards(), oracle, examples=50)


def test_verify_names_broken_rules():
    inst = C.Instance(2, 3, ((0, 0), (1, 2)))
    assert C.verify(inst, frozenset({(0, 2), (1, 0)})) == []
    assert any("turns only at r1c3" in p for p in C.verify(inst, frozenset()))
    line = C.Instance(1, 3, ((0, 0), (0, 2)))
    assert any("straight line" in p for p in C.verify(line, frozenset()))
    assert any("not one area" in p for p in C.verify(line, frozenset({(0, 1)})))
    assert any("side by side" in p for p in C.verify(inst, frozenset({(0, 1), (0, 2)})))


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(C.GENRE, datasets, "CurvingRoad")
    assert records == 38 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(oracle(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    doc = parse_text(C.GENRE.to_pzl(inst, sol), "rt.pzl")
    assert C.GENRE.from_document(doc) == inst and C.GENRE.expected_solution(doc) == sol


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(C.GENRE, URL)
    assert inst.circles[:2] == ((0, 0), (1, 2))


@settings(max_examples=30, deadline=None)
@given(boards())
def test_puzzlink_round_trip(inst):
    assert puzzlink.decode(puzzlink.encode(C.GENRE, inst)) == (C.GENRE, inst)


def test_bad_input_has_position():
    check_error("puzzle curvingroad\nsize 2 x 1\ngrid\n  o q\n", None, 4, 5, "`q`")
    line, col, message = error_at("1 2\no x\n", "CurvingRoad")
    assert (line, col) == (2, 3) and "`x`" in message

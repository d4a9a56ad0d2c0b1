"""Hidoku: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

from functools import lru_cache

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import hidoku as H
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error


def king_paths(g: Grid) -> tuple:
    return _king_paths(g.rows, g.cols)


@lru_cache(maxsize=None)
def _king_paths(rows: int, cols: int) -> tuple:
    """Every Hamiltonian path of the king graph (networkx), both directions."""
    g = Grid(rows, cols)
    net = nx.Graph((a, b) for a in g.cells for b in g.cells
                   if a < b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1)
    net.add_nodes_from(g.cells)
    out = []
    for s in g.cells:
        for t in g.cells:
            if s != t:
                out += [p for p in nx.all_simple_paths(net, s, t) if len(p) == len(g.cells)]
    if len(g.cells) == 1:
        out.append([g.cells[0]])
    return tuple(out)


def numbering(g: Grid, path) -> tuple:
    at = {c: i + 1 for i, c in enumerate(path)}
    return tuple(tuple(at[(r, c)] for c in range(g.cols)) for r in range(g.rows))


def oracle(inst) -> set:
    """The numberings along king Hamiltonian paths that keep the givens."""
    g = inst.grid
    sols = {numbering(g, p) for p in king_paths(g)}
    return {s for s in sols if all(s[r][c] == v for (r, c), v in inst.givens)}


@st.composite
def boards(draw):
    """Some numbers read off one path (one changed at times, so that boards
    without a solution come too)."""
    rows, cols = draw(st.sampled_from([(1, 3), (2, 2), (2, 3), (3, 3), (2, 4)]))
    g = Grid(rows, cols)
    sol = numbering(g, draw(st.sampled_from(king_paths(g))))
    shown = draw(st.sets(st.sampled_from(g.cells), max_size=3))
    givens = {c: sol[c[0]][c[1]] for c in shown}
    if givens and draw(st.booleans()):
        c = sorted(givens)[0]
        free = [v for v in range(1, rows * cols + 1) if v not in givens.values()]
        if free:
            givens[c] = draw(st.sampled_from(free))
    return H.Instance(rows, cols, tuple(givens.items()))


test_modes_agree_with_brute_force = brute_force_harness(H.GENRE, boards(), oracle, examples=40)

BOARD = H.Instance(2, 3, (((0, 0), 1),))
U = ((1, 2, 3), (6, 5, 4))


def test_verify_names_broken_rules():
    assert H.verify(BOARD, U) == []
    assert "the given 1 at" in H.verify(H.Instance(2, 3, (((0, 1), 1),)), U)[0]
    assert any("do not touch" in p for p in H.verify(BOARD, ((1, 2, 3), (4, 5, 6))))
    assert any("once each" in p for p in H.verify(BOARD, ((1, 2, 3), (6, 5, 5))))


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(H.GENRE, datasets, "Hidoku")
    assert records == 102 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(oracle(inst))
    sol = sols[0] if with_solution and sols else None
    doc = parse_text(H.GENRE.to_pzl(inst, sol), "rt.pzl")
    assert H.GENRE.from_document(doc) == inst and H.GENRE.expected_solution(doc) == sol


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle hidoku\nsize 2 x 1\ngrid\n  1 q\n", None, 4, 5, "`q`"),
    ("puzzle hidoku\nsize 2 x 1\ngrid\n  1 3\n", None, 4, 5, "not 1..2"),
    ("puzzle hidoku\nsize 3 x 1\ngrid\n  1 . 1\n", None, 4, 7, "already"),
    ("1 2\n2 0\n", "Hidoku", 2, 3, "below 1"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

"""Linesweeper: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.puzzles import linesweeper as L
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzl_round_trip
from tests.rules.test_loops import cycles


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 4)]))
    g = Grid(rows, cols)
    cells = draw(st.sets(st.sampled_from(g.cells), max_size=4))
    return L.Instance(rows, cols, tuple((c, draw(st.integers(0, len(g.around(c)))))
                                        for c in cells))


def oracle(inst) -> set[frozenset]:
    """Cycles off the numbered cells whose count of visited cells among the
    eight around each number (networkx nodes of the cycle) is the number."""
    out = set()
    for loop in cycles(inst.grid, inst.free):
        on = set(nx.Graph(loop))
        if all(sum(1 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if (dr or dc) and (r + dr, c + dc) in on) == n
               for (r, c), n in inst.numbers):
            out.add(loop)
    return out


test_modes_agree_with_brute_force = brute_force_harness(L.GENRE, boards(), oracle, examples=40)

RING = frozenset(e for e in Grid(3, 3).cell_edges() if (1, 1) not in e)


def test_verify_counts_cells_around():
    assert L.verify(L.Instance(3, 3, (((1, 1), 8),)), RING) == []
    assert "sees the loop in 8 cells" in L.verify(L.Instance(3, 3, (((1, 1), 7),)), RING)[0]
    assert "not allowed" in L.verify(L.Instance(3, 3, (((0, 0), 2),)), RING)[0]


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(L.GENRE, datasets, "Linesweeper")
    assert records == 62 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    check_pzl_round_trip(L.GENRE, inst, with_solution)


def test_design_hooks_pose_the_numbers_a_loop_obeys():
    clues = L.clues_of(L.Instance(3, 3), RING)
    assert clues == [((1, 1), 8)]
    assert L.verify(L.with_clues(L.Instance(3, 3), clues), RING) == []


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle linesweeper\nsize 2 x 1\ngrid\n  . q\n", None, 4, 5, "`q`"),
    ("puzzle linesweeper\nsize 2 x 2\ngrid\n  . 4\n  . .\n", None, 4, 5, "above the 3 cells"),
    ("2 2\n- 9\n- -\n", "Linesweeper", 2, 3, "above 8"),
    ("2 2\n- -\n- - -\n", "Linesweeper", 3, 5, "row 2 has 3 cells"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

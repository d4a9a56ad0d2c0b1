"""Doors: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import doors as D
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.rules.test_edge_sight import walked

INSTANCE = ROOT / "instances" / "doors" / "five.pzl"


@st.composite
def tiny(draw):
    """Up to 3 x 3 rooms (12 doors), a number in about one room in three."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    numbers = [((r, c), draw(st.integers(0, rows + cols - 2)))
               for r in range(rows) for c in range(cols) if draw(st.integers(0, 2)) == 0]
    return D.Instance(rows, cols, tuple(numbers))


def brute(inst) -> set:
    """Every set of closed doors that leaves the rooms connected and gives
    each number its count, over all subsets of the doors."""
    doors = [((r, c), (r, c + 1)) for r in range(inst.rows) for c in range(inst.cols - 1)]
    doors += [((r, c), (r + 1, c)) for r in range(inst.rows - 1) for c in range(inst.cols)]
    out = set()
    for n in range(len(doors) + 1):
        for walls in itertools.combinations(doors, n):
            opened = set(doors) - set(walls)
            g = nx.Graph(list(opened))
            g.add_nodes_from((r, c) for r in range(inst.rows) for c in range(inst.cols))
            if nx.is_connected(g) and all(walked(inst.rows, inst.cols, opened, cell) == k
                                          for cell, k in inst.numbers):
                out.add(frozenset(walls))
    return out


test_modes_agree_with_brute_force = brute_force_harness(D.GENRE, tiny(), brute, examples=30)


@settings(max_examples=20, deadline=None)
@given(tiny())
def test_verify_accepts_exactly_the_brute_force_solutions(inst):
    want = brute(inst)
    doors = inst.grid.cell_edges()
    for n in range(len(doors) + 1):
        for walls in itertools.combinations(doors, n):
            assert (D.verify(inst, frozenset(walls)) == []) == (frozenset(walls) in want)


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, good = D.FORMAT.from_document(doc), D.FORMAT.expected_solution(doc)
    assert D.verify(inst, good) == []
    boxed = good | {((0, 0), (0, 1)), ((0, 0), (1, 0))}
    problems = D.verify(inst, boxed)
    assert "the rooms fall into 2 parts (one holds r1c1, another r1c2)" in problems
    assert "the 3 at r2c1 sees 2 rooms" in problems
    assert D.verify(inst, good | {((7, 7), (7, 8))})[0].startswith("r8c8-r8c9 is not a door")


def test_published_sides_read_back():
    """The side numbers of the file are the walls' own (write . read = identity)."""
    doc = parse_text(INSTANCE.read_text(), str(INSTANCE))
    inst, walls = D.FORMAT.from_document(doc), D.FORMAT.expected_solution(doc)
    assert D.walls_of(D.masks(inst, walls)) == walls
    assert D.solution_json(inst, walls)[0] == [9, 8, 8, 8, 12]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(D.GENRE, datasets, "Doors") == (54, [])  # none malformed


@pytest.mark.parametrize("text,line,col,words,kind", [
    ("puzzle doors\nsize 2 x 1\ngrid\n  2 .\n", 4, 3, "sees at most 1", None),
    ("puzzle doors\nsize 2 x 1\ngrid\n  x .\n", 4, 3, "`x`", None),
    ("puzzle doors\nsize 2 x 1\ngrid\n  . .\nsolution\n  15 14\n", 6, 3, "disagree", None),
    ("puzzle doors\nsize 2 x 1\ngrid\n  . .\nsolution\n  10 14\n", 6, 3, "outline", None),
    ("1 2\n- 3\n", 2, 3, "sees at most 1", "Doors"),
    ("1 2\n- x\n", 2, 3, "`x`", "Doors"),
])
def test_bad_input_has_position(text, line, col, words, kind):
    at_line, at_col, message = error_at(text, kind)
    assert words in message and (at_line, at_col) == (line, col), message


@st.composite
def solvable(draw):
    """Up to 3 x 4 rooms, numbers read off a hidden set of open doors (so
    the numbers agree and the narrowing before encoding has work to do)."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    doors = D.Instance(rows, cols, ()).grid.cell_edges()
    opened = {e for e in doors if draw(st.integers(0, 2))}
    numbers = [((r, c), walked(rows, cols, opened, (r, c)))
               for r in range(rows) for c in range(cols) if draw(st.integers(0, 2))]
    return D.Instance(rows, cols, tuple(numbers))


test_narrowed_boards_agree_with_brute_force = brute_force_harness(D.GENRE, solvable(), brute,
                                                                  examples=30)

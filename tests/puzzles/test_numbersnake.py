"""Number Snake: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.puzzles import numbersnake as N
from satlink.rules.grid import Grid, edge
from tests.puzzles.genre_checks import brute_force_harness, pzl_round_trips, unique_and_published
from tests.puzzles.loop_checks import check_error


def corner_paths(g: Grid) -> list[list]:
    net = nx.Graph(g.cell_edges())
    return sorted(nx.all_simple_paths(net, (0, 0), (g.rows - 1, g.cols - 1)))


@st.composite
def boards(draw):
    """A corner-to-corner path numbered 1..n along it in some order, the
    other cells numbered from 1..n-1 (so that several snakes, or none, may
    fit too)."""
    rows, cols = draw(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4)]))
    g = Grid(rows, cols)
    path = draw(st.sampled_from(corner_paths(g)))
    n = len(path)
    inner = draw(st.permutations(range(2, n)))
    nums = {path[0]: 1, path[-1]: n, **dict(zip(path[1:-1], inner))}
    for c in g.cells:
        if c not in nums:
            nums[c] = draw(st.integers(1, n - 1))
    return N.Instance(rows, cols, tuple(tuple(nums[(r, c)] for c in range(cols))
                                        for r in range(rows)))


def oracle(inst) -> set[frozenset]:
    """networkx's simple paths between the corners that pass exactly one cell
    of every number 1..N."""
    out = set()
    for path in corner_paths(inst.grid):
        seen = sorted(inst.numbers[r][c] for r, c in path)
        if seen == list(range(1, inst.top + 1)):
            out.add(frozenset(edge(a, b) for a, b in zip(path, path[1:])))
    return out


test_modes_agree_with_brute_force = brute_force_harness(N.GENRE, boards(), oracle, examples=40)

BOARD = N.Instance(2, 3, ((1, 2, 2), (1, 3, 4)))
SNAKE = frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 2))})


def test_verify_names_broken_rules():
    assert N.verify(BOARD, SNAKE) == []
    assert N.solution_json(BOARD, SNAKE) == [[0, 0], [0, 1], [1, 1], [1, 2]]
    via_both_twos = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (1, 2))})
    problems = N.verify(BOARD, via_both_twos)
    assert "passes 2 cells of the number 2" in problems[0]
    assert "passes 0 cells of the number 3" in problems[1]
    assert any("no path joins" in p for p in N.verify(BOARD, SNAKE - {((1, 1), (1, 2))}))


def test_board_checks():
    with pytest.raises(Exception, match="2 does not"):
        N.Instance(2, 2, ((1, 1), (3, 3)))
    with pytest.raises(Exception, match="corners hold 2 and 3"):
        N.Instance(2, 2, ((2, 1), (2, 3)))


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(N.GENRE, datasets, "NumberSnake")
    assert records == 14 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(oracle(inst), key=sorted)
    pzl_round_trips(N.GENRE.text, inst, sols[0] if with_solution and sols else None)


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle numbersnake\nsize 2 x 2\ngrid\n  1 q\n  2 3\n", None, 4, 5, "`q`"),
    ("puzzle numbersnake\nsize 2 x 2\ngrid\n  1 .\n  2 3\n", None, 4, 5, "not a number"),
    ("puzzle numbersnake\nsize 2 x 2\ngrid\n  1 0\n  2 3\n", None, 4, 5, "below 1"),
    ("puzzle numbersnake\nsize 2 x 2\ngrid\n  2 1\n  2 3\n", None, 4, 3, "top-left corner"),
    ("puzzle numbersnake\nsize 2 x 2\ngrid\n  1 3\n  2 2\n", None, 5, 5, "not 2"),
    ("puzzle numbersnake\nsize 2 x 2\ngrid\n  1 1\n  1 3\n", None, 2, 1, "2 does not"),
    ("2 2\n1 2\n3\n", "NumberSnake", 3, 1, "row 2 has 1 cells"),
    ("2 2\n1 2\n3 x\n", "NumberSnake", 3, 3, "`x`"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

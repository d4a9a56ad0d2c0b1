"""The declared answer shapes (satlink/genre_answers.py) and how a Genre takes them."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.genre_answers import CELL_LOOP, CELL_SET, VALUE_GRID, CellSetAnswer, GridAnswer
from satlink.puzzles import TEMPLATE
from satlink.rules.grid import Grid


@st.composite
def board_and_cells(draw):
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = draw(st.sets(st.sampled_from(Grid(rows, cols).cells)))
    return SimpleNamespace(grid=Grid(rows, cols), rows=rows, cols=cols), frozenset(cells)


@settings(max_examples=40, deadline=None)
@given(board_and_cells())
def test_a_cell_set_lists_its_cells_in_row_order_and_names_every_cell(case):
    inst, cells = case
    assert CELL_SET.solution_json(inst, cells) == sorted([r, c] for r, c in cells)
    names = CELL_SET.cells(inst, cells)
    assert list(names) == [f"r{r + 1}c{c + 1}" for r, c in inst.grid.cells]
    assert {k for k, v in names.items() if v} == {f"r{r + 1}c{c + 1}" for r, c in cells}
    marked = CellSetAnswer(marks=("b", "w"), over=lambda inst: inst.grid.cells[:2])
    assert list(marked.cells(inst, cells).values()) == ["b" if c in cells else "w"
                                                        for c in inst.grid.cells[:2]]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.one_of(st.none(), st.integers(1, 9)), min_size=3, max_size=3),
                min_size=1, max_size=4))
def test_a_value_grid_gives_its_rows_and_every_cell_by_name(rows):
    sol = tuple(map(tuple, rows))
    assert VALUE_GRID.solution_json(None, sol) == rows
    names = VALUE_GRID.cells(None, sol)
    assert len(names) == 3 * len(rows) and names["r1c3"] == rows[0][2]
    kept = GridAnswer(skip_empty=True).cells(None, sol)
    assert set(kept) == {k for k, v in names.items() if v is not None}


def test_a_loop_gives_its_cells_in_order_and_each_cell_its_directions():
    inst = SimpleNamespace(grid=Grid(2, 3))
    square = frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))})
    order = CELL_LOOP.solution_json(inst, square)
    assert sorted(order) == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(order, order[1:]))
    assert CELL_LOOP.cells(inst, square) == {"r1c1": "se", "r1c2": "sw", "r1c3": ".",
                                             "r2c1": "ne", "r2c2": "nw", "r2c3": "."}


def test_a_genre_takes_solution_json_and_cells_from_its_declared_answer():
    genre = TEMPLATE.GENRE
    assert genre.answer is CELL_SET
    assert genre.solution_json == CELL_SET.solution_json and genre.cells == CELL_SET.cells
    own = replace(genre, solution_json=lambda inst, sol: "mine", cells=None)
    assert own.solution_json(None, None) == "mine" and own.cells == CELL_SET.cells
    with pytest.raises(TypeError, match="solution_json or answer must be given"):
        replace(genre, answer=None, solution_json=None)
    with pytest.raises(TypeError, match="answer must be a shape"):
        replace(genre, answer="cells", solution_json=None)


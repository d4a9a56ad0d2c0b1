"""satlink.formats.given_borders: the `borders` line and janko's `[lines]` block on a
layout of two grids, round trips, positioned errors, the drawn borders."""
from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given as hgiven
from hypothesis import settings
from hypothesis import strategies as st

from satlink.errors import InputError
from satlink.formats import given_borders as GB
from satlink.formats.cellgrid import Janko, Tokens, board, given
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.rules.grid import Grid

MARK = Tokens(expect="`x` or `-`", empty=("-", "."), values={"x": 1})


@dataclass(frozen=True)
class Two:
    """Two grids of marks and the given borders."""

    rows: int
    cols: int
    a: tuple
    b: tuple
    borders: tuple = ()


def build(rows, cols, a, b, borders=()):
    GB.check(borders, rows, cols)
    return Two(rows, cols, tuple(c for c, _ in given(a)), tuple(c for c, _ in given(b)),
               tuple(borders))


def split_two(inst):
    grid = lambda cells: board(inst.rows, inst.cols, {c: 1 for c in cells})  # noqa: E731
    return inst.rows, inst.cols, grid(inst.a), grid(inst.b), {"borders": inst.borders}


LAYOUT = GB.GivenBorders("two", 9, {"a": MARK, "b": MARK}, build=build, split=split_two,
                         janko=Janko((MARK, MARK)), keywords={"borders": GB.KEYWORD})


def test_lines_block_after_the_last_grid():
    text = "2 3\nx - -\n- - -\n- - x\n- - -\n[lines]\n1 3 -\n- 1 -\n"
    inst = LAYOUT.from_grid_text(split(text, "t"))
    assert (inst.a, inst.b) == (((0, 0),), ((0, 2),))
    assert inst.borders == (((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 1), (1, 1)),
                            ((1, 1), (1, 2)))
    assert LAYOUT.to_grid_text(inst) == text
    assert LAYOUT.from_grid_text(split("1 1\n-\n-\n", "t")).borders == ()
    assert "[lines]" not in LAYOUT.to_grid_text(Two(1, 1, (), ()))


def test_borders_line_in_pzl():
    inst = Two(2, 2, ((0, 0),), (), (((0, 0), (0, 1)), ((0, 1), (1, 1))))
    text = LAYOUT.to_pzl(inst)
    assert "borders r1c1e r1c2s" in text
    assert LAYOUT.from_document(parse_text(text, "t.pzl")) == inst


@settings(max_examples=20, deadline=None)
@hgiven(st.integers(1, 4), st.integers(1, 4), st.data())
def test_round_trips(rows, cols, data):
    edges = list(Grid(rows, cols).cell_edges())
    borders = tuple(sorted(data.draw(st.sets(st.sampled_from(edges))))) if edges else ()
    inst = Two(rows, cols, ((0, 0),), (), borders)
    assert LAYOUT.from_grid_text(split(LAYOUT.to_grid_text(inst), "t")) == inst
    assert LAYOUT.from_document(parse_text(LAYOUT.to_pzl(inst), "t.pzl")) == inst


@pytest.mark.parametrize("text, line, col, words", [
    ("1 2\n- -\n- -\n[lines]\n- 1\n", 5, 3, "lies on the outline"),
    ("2 1\n-\n-\n-\n-\n[lines]\n2\n2\n", 8, 1, "lies on the outline"),
    ("1 2\n- -\n- -\n[lines]\n4 -\n", 5, 1, "`4`"),
    ("1 2\n- -\n- -\n[lines] 1\n- -\n", 4, 9, "stands alone"),
])
def test_grid_text_errors_have_positions(text, line, col, words):
    with pytest.raises(InputError) as exc:
        LAYOUT.from_grid_text(split(text, "t"))
    assert words in exc.value.message
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)


@pytest.mark.parametrize("line, col, words", [
    ("borders r1c2e", 9, "on the outline or off the 2 x 1 board"),
    ("borders r1c1e r1c1q", 15, "`r2c3e` (east of r2c3)"),
])
def test_pzl_errors_have_positions(line, col, words):
    text = f"puzzle two\nsize 2 x 1\n{line}\na\n  . .\nb\n  . .\n"
    with pytest.raises(InputError) as exc:
        LAYOUT.from_document(parse_text(text, "t.pzl"))
    assert words in exc.value.message and (exc.value.pos.line, exc.value.pos.column) == (3, col)


def test_drawn_borders_lie_between_the_cells():
    right, below = ((0, 0), (0, 1)), ((0, 0), (1, 0))
    assert [(e.a, e.b, e.kind) for e in GB.drawn([right, below])] == [
        ((0, 1), (1, 1), "border"), ((1, 0), (1, 1), "border")]
    assert GB.border_text(right) == "r1c1e" and GB.border_text(below) == "r1c1s"

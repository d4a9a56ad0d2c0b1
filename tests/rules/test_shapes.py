"""satlink.rules.shapes against counts from outside (OEIS) and against the
eight symmetries of the square written out as matrices."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.rules import shapes
from satlink.rules.shapes import (PENTOMINOES, TETROMINOES, canonical, congruent, connected,
                                  free_polyominoes, letter, line, normalise, orientations)

#: The eight symmetries of the square as integer matrices acting on (r, c).
SYMMETRIES = [((a, b), (c, d)) for a, b, c, d in itertools.product((-1, 0, 1), repeat=4)
              if abs(a * d - b * c) == 1 and a * b + c * d == 0 and a * a + c * c == 1
              and b * b + d * d == 1]
ROTATIONS = [m for m in SYMMETRIES if m[0][0] * m[1][1] - m[0][1] * m[1][0] == 1]


def apply(m, cells, shift=(0, 0)):
    (a, b), (c, d) = m
    return [(a * r + b * col + shift[0], c * r + d * col + shift[1]) for r, col in cells]


def fixed_forms(cells, matrices):
    """The distinct translation classes of the images of ``cells``."""
    return {frozenset(normalise(apply(m, cells))) for m in matrices}


@st.composite
def polyominoes(draw, max_size=7):
    """A random polyomino grown from (0, 0), a cell beside a drawn cell at
    a time, moved anywhere."""
    steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    cells = [(0, 0)]
    for i, d in draw(st.lists(st.tuples(st.integers(0, 63), st.integers(0, 3)),
                              max_size=max_size - 1)):
        r, c = cells[i % len(cells)]
        if (r + steps[d][0], c + steps[d][1]) not in cells:
            cells.append((r + steps[d][0], c + steps[d][1]))
    dr, dc = draw(st.integers(-5, 5)), draw(st.integers(-5, 5))
    return [(r + dr, c + dc) for r, c in cells]


def test_eight_symmetries():
    assert len(SYMMETRIES) == 8 and len(ROTATIONS) == 4


# -- counts from outside ------------------------------------------------------------
FREE = [1, 1, 2, 5, 12, 35, 108]        # OEIS A000105
ONE_SIDED = [1, 1, 2, 7, 18, 60, 196]   # OEIS A000988
FIXED = [1, 2, 6, 19, 63, 216, 760]     # OEIS A001168


@pytest.mark.parametrize("n", range(1, 8))
def test_polyomino_counts(n):
    free = free_polyominoes(n)
    assert len(free) == FREE[n - 1]
    assert len({canonical(s, reflect=False) for s in free
                for s in orientations(s)}) == ONE_SIDED[n - 1]
    assert sum(len(orientations(s)) for s in free) == FIXED[n - 1]
    assert all(len(s) == n and connected(s) and canonical(s) == s for s in free)


def test_named_tetrominoes_and_pentominoes():
    """The letters name each free tetromino and pentomino exactly once."""
    for table, n in ((TETROMINOES, 4), (PENTOMINOES, 5)):
        assert sorted(canonical(s) for s in table.values()) == free_polyominoes(n)
        for name, s in table.items():
            assert all(letter(o) == name for o in orientations(s))
    assert [len(orientations(TETROMINOES[x])) for x in "ILOST"] == [2, 8, 1, 4, 4]
    assert len(orientations(PENTOMINOES["F"])) == 8 and len(orientations(PENTOMINOES["X"])) == 1
    assert letter(shapes.DOMINO) is None and letter([(0, 0), (1, 1), (0, 1), (2, 2)]) is None


def test_lines():
    assert line(1) == shapes.MONOMINO and line(2) == shapes.DOMINO
    assert orientations(line(3)) == [line(3), line(3, vertical=True)]
    with pytest.raises(ValueError):
        line(0)
    with pytest.raises(ValueError):
        normalise([])


# -- orientations and keys against the matrices -------------------------------------
@settings(max_examples=200, deadline=None)
@given(cells=polyominoes())
def test_orientations_are_the_symmetry_images(cells):
    assert {frozenset(s) for s in orientations(cells)} == fixed_forms(cells, SYMMETRIES)
    assert {frozenset(s) for s in orientations(cells, reflect=False)} == \
        fixed_forms(cells, ROTATIONS)
    got = orientations(cells)
    assert got[0] == normalise(cells) and len(set(got)) == len(got)
    assert all(s == tuple(sorted(s)) and min(r for r, _ in s) == 0 and min(c for _, c in s) == 0
               for s in got)


@settings(max_examples=200, deadline=None)
@given(a=polyominoes(5), b=polyominoes(5), m=st.sampled_from(SYMMETRIES),
       shift=st.tuples(st.integers(-9, 9), st.integers(-9, 9)))
def test_congruent_is_a_symmetry_and_a_shift(a, b, m, shift):
    moved = apply(m, a, shift)
    assert congruent(a, moved) and canonical(a) == canonical(moved)
    assert letter(a) == letter(moved)
    turned = any(frozenset(normalise(apply(r, a))) == frozenset(normalise(moved))
                 for r in ROTATIONS)
    assert congruent(a, moved, reflect=False) == turned
    same = any(frozenset(normalise(apply(s, a))) == frozenset(normalise(b))
               for s in SYMMETRIES)
    assert congruent(a, b) == same


@settings(max_examples=100, deadline=None)
@given(cells=st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=8))
def test_connected_against_networkx(cells):
    g = nx.Graph()
    g.add_nodes_from(cells)
    g.add_edges_from((a, b) for a in cells for b in cells
                     if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)
    assert connected(cells) == nx.is_connected(g)


def test_size_and_transforms():
    assert shapes.size(PENTOMINOES["I"]) == (1, 5)
    s = TETROMINOES["L"]
    assert shapes.rotate(shapes.rotate(shapes.rotate(shapes.rotate(s)))) == s
    assert shapes.reflect(shapes.reflect(s)) == s
    assert shapes.reflect(s) != s and congruent(shapes.reflect(s), s)

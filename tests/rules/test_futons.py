"""futons: layouts of futons and shaded cells, against brute force."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.futons import Futons, pair_up, placements
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading
from satlink.puzzles.shugaku import Instance
from tests.puzzles.test_shugaku import layouts
from tests.rules.enumerate import solutions
from tests.rules.test_regions import BOARDS


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    black = [c for c in Grid(rows, cols).cells if draw(st.integers(0, 3)) == 0]
    return rows, cols, black, draw(st.booleans())


@settings(max_examples=80, deadline=None)
@given(boards())
def test_models_are_the_layouts(case):
    rows, cols, black, touch = case
    g = Grid(rows, cols)
    f = Formula()
    futons = Futons(f, Shading(f, g, [c for c in g.cells if c not in black]))
    if touch:
        futons.touch_shaded()
    key = {x: p for p, x in futons.var.items()}
    got = {frozenset(key[x] for x in s) for s in solutions(f, list(key))}
    want = set()
    for placed, aisle in layouts(Instance(rows, cols, tuple((c, "?") for c in black))):
        if not touch or all(any(n in aisle for c in p for n in g.neighbours(c)) for p in placed):
            want.add(placed)
    assert got == want


def test_upright_pillows_below_unless_asked():
    assert placements([(0, 0), (1, 0)]) == [((1, 0), (0, 0))]
    assert placements([(0, 0), (1, 0)], pillow_below=False) == [((1, 0), (0, 0)), ((0, 0), (1, 0))]


def test_pair_up_matches_around_a_crowded_pillow():
    # o p o p: the first pillow could take either foot, the last only the middle one
    kind = {(0, 0): "o", (0, 1): "p", (0, 2): "o", (0, 3): "p"}
    futons, left = pair_up(kind, "p", "o", Grid(1, 4))
    assert left == [] and futons == {((0, 1), (0, 0)), ((0, 3), (0, 2))}
    # a foot below its pillow is no futon's: upright futons keep the pillow below
    assert pair_up({(0, 0): "p", (1, 0): "o"}, "p", "o", Grid(2, 1))[1] == [(0, 0), (1, 0)]

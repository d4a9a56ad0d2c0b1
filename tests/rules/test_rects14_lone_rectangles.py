"""region_shapes.lone_rectangles against brute force over every rectangle
of the board, in its order (the order the pieces, and so the variables, of
Nawabari, Rekuto and Tatamibari come in): per mark, the top moving up from
the mark, then the left moving left, then the bottom and the right moving
down and right."""
from __future__ import annotations

from satlink.puzzles.nawabari import border_sides
from satlink.rules.grid import Grid
from satlink.rules.region_shapes import lone_rectangles, rect_cells, rectangles
from tests.puzzles.test_rects14_divisions import seeded_grids


def brute_force(g: Grid, marks: dict, sides: dict | None = None) -> list:
    out = []
    for p in marks:
        alone = [rect for rect in rectangles(g)
                 if [c for c in rect_cells(rect) if c in marks] == [p]
                 and (sides is None or sides[p] is None or border_sides(p, rect) == sides[p])]
        out += [(p, rect) for rect in sorted(alone, key=lambda t: (-t[0], -t[1], t[2], t[3]))]
    return out


def test_lone_rectangles_are_brute_force_in_order():
    seen = 0
    for seed, rng, g in seeded_grids(250, 6):
        cells = rng.sample(g.cells, rng.randint(1, min(8, len(g.cells))))
        marks = {c: "x" for c in cells}  # in a random order, as a genre's dict may be
        sides = {p: rng.choice([None, 0, 1, 2, 3, 4]) for p in marks}
        assert list(lone_rectangles(g, marks)) == brute_force(g, marks), seed
        got = list(lone_rectangles(g, marks, sides))
        assert got == brute_force(g, marks, sides), seed
        seen += len(got)
    assert seen > 1000

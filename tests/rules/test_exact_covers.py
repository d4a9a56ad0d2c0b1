"""rules/exact_covers: narrowing keeps every piece of every exact cover."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.rules.grid import Grid
from satlink.rules.region_shapes import rect_cells, rectangles
from satlink.rules.exact_covers import narrow_cover


def exact_covers(pieces: dict, cells: list) -> list[set]:
    """Every set of pieces holding each of ``cells`` exactly once (and nothing else)."""
    want = sorted(cells)
    out = []
    keys = list(pieces)
    for k in range(len(keys) + 1):
        for chosen in itertools.combinations(keys, k):
            held = sorted(c for key in chosen for c in pieces[key])
            if held == want:
                out.append(set(chosen))
    return out


@st.composite
def boards(draw):
    """A small board and a random handful of its rectangles (sometimes with
    a cell off the board's part that counts)."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    rects = list(rectangles(Grid(rows, cols)))
    chosen = draw(st.lists(st.sampled_from(rects), min_size=1, max_size=11, unique=True))
    cells = list(Grid(rows, cols).cells)
    if draw(st.booleans()) and len(cells) > 1:
        cells.remove(draw(st.sampled_from(cells)))
    return {rect: rect_cells(rect) for rect in chosen}, cells


@settings(max_examples=200, deadline=None)
@given(boards())
def test_every_exact_cover_keeps_its_pieces(board):
    pieces, cells = board
    covers = exact_covers(pieces, cells)
    kept = narrow_cover(pieces, cells)
    assert all(kept[k] == pieces[k] for k in kept)
    for cover in covers:
        assert cover <= set(kept), (sorted(cover), sorted(kept))


def test_it_narrows():
    """A 2 x 2 board: r2c1 lies in the bottom bar alone, which is forced;
    the right bar and the 1 x 1 at r2c2 overlap it and go."""
    pieces = {"tl": [(0, 0)], "tr": [(0, 1)], "bottom": [(1, 0), (1, 1)],
              "right": [(0, 1), (1, 1)], "br": [(1, 1)]}
    cells = [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert sorted(narrow_cover(pieces, cells)) == ["bottom", "tl", "tr"]
    assert exact_covers(pieces, cells) == [{"tl", "tr", "bottom"}]

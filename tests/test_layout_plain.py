"""Layout._plain, the fused reading of sound grid text without keywords,
gives what Layout.read gives through the blocks, and leaves every error to it."""
from __future__ import annotations

import json

import pytest

from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.puzzles import get
from tests.helpers import ROOT

DEV = ROOT.parent / "shared" / "datasets" / "puzzlekit-dev"


def _general(layout, grid):
    """What from_grid_text gave before the fused path: Layout.read over the blocks."""
    tables = layout._janko_tokens()
    rows, cols = layout._sound_size(grid, len(tables))
    bodies = [grid.block(s, rows) for s in range(1 + len(layout.janko.lines), len(grid.texts()), rows)]
    return layout.read(rows, cols, bodies, grid.error, lambda: grid.lines[0][0].pos, tables, {}, {})


@pytest.mark.parametrize("genre", ["Koburin", "Yajilin", "Kakuro", "Heyawake", "Masyu", "EntryExit"])
def test_the_fused_path_reads_as_the_blocks_do(genre):
    layout = get(genre).text
    data = json.loads((DEV / f"{genre}.json").read_text())["data"]
    read = 0
    for key in sorted(data)[::3]:
        grid = split(data[key]["problem"], "b.txt")
        if layout.keywords or layout._sound_size(grid, len(layout._janko_tokens())) is None:
            continue
        try:
            want = _general(layout, grid)
        except InputError as exc:
            with pytest.raises(InputError) as got:
                layout.from_grid_text(split(data[key]["problem"], "b.txt"))
            assert str(got.value) == str(exc) and got.value.pos == exc.pos
            continue
        assert layout.from_grid_text(split(data[key]["problem"], "b.txt")) == want
        read += 1
    assert read > 0


def test_builds_error_is_placed_at_its_token():
    with pytest.raises(InputError) as got:  # room `a` in two pieces: build refuses it
        get("heyawake").text.from_grid_text(split("2 3\n- - -\n- - -\na b a\na b b\n", "h.txt"))
    assert str(got.value) == "h.txt:4:5: region `a` is not connected: r1c3 is apart from r1c1"

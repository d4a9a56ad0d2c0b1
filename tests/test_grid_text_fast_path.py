"""Grid text read through the shortcut (:meth:`Layout._sound_size`: a text
whose checks before the tokens all pass is read without making them one by
one) reads what the checks one by one read: the same instance or the same
error, at the same place; and the positions the shortcut finds only for a
message (the header's first word, a keyword line's start) (parse15)."""
from __future__ import annotations

import json
import random

import pytest

from satlink import formats
from satlink.errors import InputError, Pos
from satlink.formats.cellgrid import CellError, Janko, Keyword, Layout, Tokens
from satlink.formats.cellgrid_layout import Layout as LayoutClass
from satlink.formats.grid_text import split
from satlink.puzzles import get as get_puzzle

GLYPHS = ("x", "-1", "99", "@", "q", "-", ".", "\u00b2", "0", "10", "A")


def mutants(text: str, rng: random.Random, count: int) -> list[str]:
    """The text and ``count`` mutants: a word deleted, doubled or replaced,
    a line deleted or doubled, a header number changed, the text cut."""
    out = [text]
    for _ in range(count):
        lines = [line.split() for line in text.splitlines()]
        r = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind < 3 and lines[r]:
            c = rng.randrange(len(lines[r]))
            if kind == 0:
                del lines[r][c]
            elif kind == 1:
                lines[r].insert(c, lines[r][c])
            else:
                lines[r][c] = rng.choice(GLYPHS)
        elif kind == 3:
            del lines[r]
        elif kind == 4:
            lines.insert(r, list(lines[r]))
        elif lines[0]:
            lines[0][rng.randrange(min(2, len(lines[0])))] = str(rng.choice((0, 1, 2, 3, 31)))
        out.append("\n".join("  " + " ".join(words) for words in lines) + "\n")
    return out


def outcome(text: str, genre: str) -> str:
    try:
        return repr(formats.load_text(text, "b.txt", "grid-text", genre)[0].instance)
    except InputError as exc:
        return exc.render()


def test_the_shortcut_reads_what_the_checks_one_by_one_read(datasets, monkeypatch):
    rng = random.Random(15)
    cases = []
    for path in sorted((datasets / "puzzlekit-dev").glob("*.json")):
        if not get_puzzle(path.stem).reads_grid_text:
            continue
        data = json.loads(path.read_text())["data"]
        for key in sorted(data)[:2]:
            cases += [(path.stem, t) for t in mutants(data[key]["problem"], rng, 6)]
    sound = LayoutClass._sound_size
    taken = []

    def spy(self, grid, blocks):
        size = sound(self, grid, blocks)
        taken.append(size is not None)
        return size

    monkeypatch.setattr(LayoutClass, "_sound_size", spy)
    fast = [outcome(text, genre) for genre, text in cases]
    monkeypatch.setattr(LayoutClass, "_sound_size", lambda self, grid, blocks: None)
    slow = [outcome(text, genre) for genre, text in cases]
    assert sum(taken) > len(cases) // 4 and not all(taken)  # both ways taken
    assert sum(not o.startswith("b.txt:") for o in fast) > len(cases) // 10  # instances read
    for (genre, text), a, b in zip(cases, fast, slow):
        assert a == b, (genre, text)


N = Tokens(what="a count", expect="a number", numbers=(0, 9))


def demo(build) -> Layout:
    return Layout("demo", 9, {"grid": N}, keywords={"sums": Keyword(N, count="cols")},
                  build=build, split=lambda inst: inst, janko=Janko(N, lines=("sums",)))


def test_a_keyword_line_too_short_is_reported_at_its_first_word():
    layout = demo(lambda rows, cols, grid, sums: None)
    with pytest.raises(InputError) as err:
        layout.from_grid_text(split("1 3\n   1 2\n1 2 3\n", "d.txt"))
    assert err.value.message == "`sums` has 2 values, the board 3 columns"
    assert err.value.pos == Pos("d.txt", 2, 4)


def test_an_error_of_build_without_a_place_is_reported_at_the_header():
    def build(rows, cols, grid):
        raise InputError("no good")

    layout = Layout("demo", 9, {"grid": N}, build=build, split=lambda inst: inst,
                    janko=Janko(N))
    with pytest.raises(InputError) as err:
        layout.from_grid_text(split("\n  1 2\n3 4\n", "d.txt"))
    assert err.value.message == "no good" and err.value.pos == Pos("d.txt", 2, 3)


def test_a_cell_error_of_build_in_a_keyword_line_points_at_its_word():
    def build(rows, cols, grid, sums):
        raise CellError("that one", (0, 2), "sums")

    with pytest.raises(InputError) as err:
        demo(build).from_grid_text(split("1 3\n1  2  3\n4 5 6\n", "d.txt"))
    assert err.value.message == "that one" and err.value.pos == Pos("d.txt", 2, 7)


def test_an_unknown_word_of_a_keyword_line_is_read_where_it_stands():
    layout = demo(lambda rows, cols, grid, sums: sums)
    assert layout.from_grid_text(split("1 3\n1 2 3\n4 5 6\n")) == (1, 2, 3)
    with pytest.raises(InputError) as err:
        layout.from_grid_text(split("1 3\n1 2 x\n4 5 6\n", "d.txt"))
    assert err.value.message == "`x` in the `sums` line (value 3) is not a count: expected a number"
    assert err.value.pos == Pos("d.txt", 2, 5)


TEXT = "2 3\n\n 1  x 10\n- 2 X\n"


def test_a_split_grid_makes_its_lines_when_asked_and_equals_one_made_with_them():
    import pickle
    from dataclasses import replace

    from satlink.formats.grid_text import GridText, Words, texts_of, tokens

    source = TEXT.splitlines()
    lazy = split(TEXT, "t.txt")
    assert "lines" not in lazy.__dict__ and lazy.texts() == [["2", "3"], ["1", "x", "10"],
                                                              ["-", "2", "X"]]
    again = pickle.loads(pickle.dumps(lazy))  # pickled before its lines are made
    alone = split(TEXT, "t.txt").line(1)  # one line made alone
    assert [t.pos for t in alone] == [Pos("t.txt", 3, 2), Pos("t.txt", 3, 5), Pos("t.txt", 3, 7)]
    eager = GridText("t.txt", tokens(source, lazy), source)
    assert lazy == eager and again == eager and repr(lazy) == repr(eager)
    assert "lines" in lazy.__dict__ and all(type(line) is Words for line in lazy.lines)
    assert [[t.pos for t in line] for line in lazy.lines] == \
        [[t.pos for t in line] for line in eager.lines]
    assert lazy.lines[1][2].pos == Pos("t.txt", 3, 7)
    view = replace(lazy, lines=lazy.lines[1:])
    assert view.texts() == [texts_of(line) for line in lazy.lines[1:]]
    with pytest.raises(AttributeError):
        lazy.rows  # noqa: B018  # only `lines` is made when missing


def test_a_block_of_lines_is_its_lines_and_tokens_rows_read_it_alike():
    import pickle

    grid = split(TEXT, "t.txt")
    block = grid.block(1, 2)
    assert block.texts == [["1", "x", "10"], ["-", "2", "X"]] and "lines" not in grid.__dict__
    assert block == grid.lines[1:3] and len(block) == 2 and list(block) == grid.lines[1:3]
    assert pickle.loads(pickle.dumps(block)) == grid.lines[1:3]
    wide = Tokens(expect="a number or `x`", numbers=(0, 10), values={"x": 0})
    assert wide.rows(block, grid.error) == wide.rows(grid.lines[1:3], grid.error) == \
        ((1, 0, 10), (None, 2, 0))
    cells = Tokens(expect="a number or `x`", numbers=(0, 9), values={"x": 0})
    fresh = split(TEXT, "t.txt")
    with pytest.raises(InputError) as err:
        cells.rows(fresh.block(1, 2), fresh.error)
    assert err.value.message == "number 10 at row 1, column 3 is above 9"
    assert err.value.pos == Pos("t.txt", 3, 7)

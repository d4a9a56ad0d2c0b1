"""The puzzlekit JSON collection format (satlink/formats/puzzlekit.py)."""
from __future__ import annotations

import json

import pytest

import satlink
from satlink.cli import main
from satlink.errors import InputError


def _collection(tmp_path, records, name="Masyu", file="c.json"):
    path = tmp_path / file
    path.write_text(json.dumps({"name": name, "data": records}, indent=1))
    return path


SQUARE = {"problem": "2 2\n- -\n- -", "solution": "2 2\nse sw\nne nw"}


def test_every_record_of_a_dev_slice_is_read_with_its_published_solution(datasets):
    path = datasets / "puzzlekit-dev" / "Masyu.json"
    data = json.loads(path.read_text())["data"]
    items = satlink.load(path)
    assert [i.extra["id"] for i in items] == list(data)
    assert all(i.error is None and i.puzzle.name == "masyu" for i in items)
    first = items[0]
    assert first.expected == first.puzzle.solution_from_grid_text(data[first.extra["id"]]["solution"],
                                                                  first.instance)
    lines = path.read_text().splitlines()
    assert all(f'"{i.extra["id"]}"' in lines[i.source.line - 1] for i in items)


def test_a_bad_record_is_an_error_of_that_record_at_its_place_in_the_file(tmp_path):
    bad = {"problem": "2 2\n- -\n- q", "solution": ""}
    path = _collection(tmp_path, {"good": SQUARE, "bad": bad})
    good, wrong = satlink.load(path)
    assert good.error is None and good.expected is not None
    err = wrong.error
    assert isinstance(err, InputError) and err.message.startswith("record bad: `q` at row 2")
    line = path.read_text().splitlines()[err.pos.line - 1]
    assert line[err.pos.column - 1] == "q"  # inside the JSON string, escapes counted


def test_type_from_the_file_name_field_or_from_the_option(tmp_path):
    path = _collection(tmp_path, {"a": SQUARE}, name="Mashu")
    assert satlink.load(path)[0].puzzle.name == "masyu"
    unnamed = tmp_path / "u.json"
    unnamed.write_text(json.dumps({"data": {"a": SQUARE}}))
    assert satlink.load(unnamed, puzzle_type="masyu")[0].puzzle.name == "masyu"
    with pytest.raises(satlink.errors.UsageError, match="needs --type"):
        satlink.load(unnamed, fmt="puzzlekit")


def test_malformed_json_names_line_and_column(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"data": {"a": {"problem": "2 2\\n- -\\n- w",}}}')
    with pytest.raises(InputError) as info:
        satlink.load(path, fmt="puzzlekit", puzzle_type="masyu")
    assert info.value.pos.line == 1 and info.value.pos.column > 1


def test_check_compares_published_solutions_and_strict_fails_on_a_difference(tmp_path, capsys):
    other = {"problem": SQUARE["problem"], "solution": "2 2\nse sw\nne nw"}
    path = _collection(tmp_path, {"a": SQUARE, "b": other})
    assert main(["check", str(path), "--json", "--strict"]) == 0
    records = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["matches_expected"] for r in records] == [True, True]
    # a 3x2 board with two loops possible: the published one is a fixed choice
    wrong = {"problem": "2 3\n- - -\n- - -", "solution": "2 3\nse sw -\nne nw -"}
    path = _collection(tmp_path, {"w": wrong}, file="w.json")
    assert main(["check", str(path), "--json", "--strict"]) == 7  # several is not the published one
    record = json.loads(capsys.readouterr().out)
    assert record["verdict"] == "multiple" and record["matches_expected"] is False
    solved = {"problem": "2 3\n- w -\n- - -", "solution": "2 3\nse sw -\nne nw -"}
    path = _collection(tmp_path, {"s": solved}, file="s.json")
    code = main(["check", str(path), "--json", "--strict"])
    record = json.loads(capsys.readouterr().out)
    assert record["verdict"] == "unique" and record["matches_expected"] is False and code == 7


def test_every_token_points_at_its_own_text_in_the_json_file_escapes_counted():
    # positions are found only when asked for (a message): each must still
    # name the token's first character as written in the file
    from satlink.formats.puzzlekit import _Field, _Source

    value = 'x \u00e9\U0001F600 \t"a\\b\n\n  y  y\u2028z\r\n\U0001F600q  last'
    text = '{"data": {"a": {"problem": ' + json.dumps(value) + "}}}"
    src = _Source(text, "e.json")
    grid = _Field(src, text.index('"x')).grid("record a")
    assert [[t.text for t in row] for row in grid.lines] == [w.split() for w in value.splitlines()
                                                            if w.split()]
    for row in grid.lines:
        for tok in row:
            raw = text.splitlines()[tok.pos.line - 1]
            written = json.dumps(tok.text)[1:-1]
            assert raw[tok.pos.column - 1:].startswith(written), (tok.text, tok.pos)


def test_grid_text_tokens_equal_show_and_pickle_as_plain_tokens():
    import pickle

    from satlink.errors import Pos
    from satlink.formats.grid_text import split
    from satlink.document import Token

    grid = split("2 2\n1  1 x\n\n 1 1", "t.txt")
    plain = [[Token("2"), Token("2")], [Token("1"), Token("1"), Token("x")],
             [Token("1"), Token("1")]]
    assert grid.lines == plain and plain == grid.lines
    x = grid.lines[1][2]
    assert x.pos == Pos("t.txt", 2, 6) and grid.lines[2][1].pos == Pos("t.txt", 4, 4)
    assert hash(x) == hash(Token("x")) and repr(x) == repr(Token("x", Pos("t.txt", 2, 6)))
    back = pickle.loads(pickle.dumps(x))
    assert type(back) is Token and back.pos == x.pos

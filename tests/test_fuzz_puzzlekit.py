"""puzzlekit JSON collections written in ways the dataset never writes them
(satlink/formats/puzzlekit.py): each record is read from its own text,
whatever its id or its other keys, and malformed JSON or records of the
wrong type are input errors at their place, never a traceback."""
from __future__ import annotations

import json

import pytest

import satlink
from satlink.cli import main
from satlink.errors import InputError
from satlink.formats.grid_text import split
from tests.fuzzing import run_cli

#: Two Masyu boards with different solutions (each unique).
A = "2 3\n- w -\n- - -"
B = "3 2\n- -\nw -\n- -"


def _write(tmp_path, text, name="c.json"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _instance(problem):
    return satlink.puzzles.get("masyu").from_grid_text(split(problem, "x.txt"))


@pytest.mark.parametrize("written, key", [
    ('"\u00e9t\u00e9"', "\u00e9t\u00e9"),      # written as is: json.dumps escapes it
    ('"\\u00e9t\\u00e9"', "\u00e9t\u00e9"),    # escaped
    ('"a\\/b"', "a/b"),                        # an escaped slash
    ('"tab\\there"', "tab\there"),
])
def test_a_record_is_read_from_its_own_text_however_its_id_is_written(tmp_path, written, key):
    # the id was found again by searching for json.dumps(id): not found, the
    # record was read from the first "problem" of the file (another record's)
    text = ('{"name": "Masyu", "data": {"first": {"problem": %s}, %s: {"problem": %s}}}'
            % (json.dumps(A), written, json.dumps(B)))
    path = _write(tmp_path, text)
    first, second = satlink.load(path)
    assert second.extra["id"] == key and second.error is None
    assert first.instance == _instance(A) and second.instance == _instance(B)
    assert text[second.source.column - 1:].startswith(written)


def test_a_problem_key_elsewhere_in_the_record_is_not_the_problem(tmp_path):
    text = ('{"name": "Masyu", "data": {"a": {"meta": {"problem": "1 1\\nx"},'
            ' "note": "\\"problem\\": \\"1 1\\\\nx\\"", "problem": %s}}}' % json.dumps(A))
    [item] = satlink.load(_write(tmp_path, text))
    assert item.error is None and item.instance == _instance(A)


def test_an_escaped_problem_key_is_read(tmp_path):
    text = '{"name": "Masyu", "data": {"a": {"\\u0070roblem": %s}}}' % json.dumps(A)
    [item] = satlink.load(_write(tmp_path, text))
    assert item.error is None and item.instance == _instance(A)


def test_a_repeated_id_is_two_records_each_read_from_its_own_text(tmp_path):
    text = ('{"name": "Masyu", "data": {\n"a": {"problem": %s},\n"a": {"problem": %s}}}'
            % (json.dumps(A), json.dumps("1 1\nq")))
    good, bad = satlink.load(_write(tmp_path, text))
    assert good.instance == _instance(A) and good.source.line == 2
    assert bad.source.line == 3 and bad.error.message.startswith("record a: `q`")
    assert (bad.error.pos.line, bad.error.pos.column) == (3, text.splitlines()[2].index("q") + 1)


@pytest.mark.parametrize("record, message", [
    ('{"problem": 1%s}' % ("0" * 5000), 'record a has no "problem" text'),
    ('{"problem": NaN}', 'record a has no "problem" text'),
    ("null", 'record a has no "problem" text'),
    ("[1, 2]", 'record a has no "problem" text'),
    ('{"problem": %s, "solution": 5}' % json.dumps(A), 'record a has a "solution" that is not text'),
    ('{"problem": %s, "solution": ["x"]}' % json.dumps(A),
     'record a has a "solution" that is not text'),
])
def test_a_record_of_the_wrong_type_is_an_error_of_that_record_at_its_id(tmp_path, record, message):
    text = '{"name": "Masyu", "data": {"ok": {"problem": %s}, "a": %s}}' % (json.dumps(A), record)
    good, bad = satlink.load(_write(tmp_path, text))
    assert good.error is None
    assert isinstance(bad.error, InputError) and bad.error.message == message
    assert bad.error.pos.column == text.index('"a"') + 1


def test_a_record_without_solution_or_with_null_is_read_without_one(tmp_path):
    text = '{"name": "Masyu", "data": {"a": {"problem": %s, "solution": null}}}' % json.dumps(A)
    [item] = satlink.load(_write(tmp_path, text))
    assert item.error is None and item.expected is None


@pytest.mark.parametrize("text, message, column", [
    ('{"name": "Masyu", "data": ' + "[" * 5000 + "]" * 5000 + "}",
     "not a JSON collection: nested too deeply", 1),
    ('{"name": "Masyu", "data": {}} x', "not a JSON collection: more text after its end", 31),
    ("", "not a JSON collection: expecting a value", 1),
    ("  ", "not a JSON collection: expecting a value", 3),
    ('{"name": "Masyu", "data": {"a": }}', "not a JSON collection: Expecting value", 33),
    ('[{"data": {}}]', 'a puzzlekit collection is a JSON object with a "data" object of records', 1),
    ('{"name": "NoSuch", "data": {}}', '"name": unknown puzzle type `NoSuch`', 11),
])
def test_a_file_that_is_no_collection_is_an_input_error_at_its_place(tmp_path, text, message,
                                                                        column):
    path = _write(tmp_path, text)
    with pytest.raises(InputError) as info:
        satlink.load(path, fmt="puzzlekit")
    assert info.value.message.startswith(message) and info.value.pos.column == column


def test_every_command_reads_a_json_file_as_a_collection(tmp_path):
    """A `.json` file is a collection to format detection, whatever it holds
    (an empty one, or no JSON at all, was read as `.pzl`: "cannot start a line")."""
    for text, message in [('{"name": "Masyu", "data": {}}', "no puzzle found in this puzzlekit file"),
                          ('{"name": "Masyu"}', 'a "data" object of records'),
                          ("puzzle masyu", "not a JSON collection")]:
        path = _write(tmp_path, text, "x.json")
        for command in (["check"], ["solve"], ["fmt"], ["dimacs"], ["count"], ["draw"]):
            res = run_cli([*command, str(path)])
            assert res.exc is None and res.code == 4, (command, text, res.err)
            assert message in res.err + res.out and "x.json:1:" in res.err + res.out, res.err


def test_the_collection_of_the_readme_checks_with_the_type_its_name_gives(tmp_path, capsys):
    text = json.dumps({"name": "Masyu", "data": {"\u00e9": {"problem": A}, "b": {"problem": B}}},
                      ensure_ascii=False, indent=1)
    path = _write(tmp_path, text)
    assert main(["check", str(path), "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["verdict"] for r in records] == ["unique", "unique"]
    assert records[0]["solution"] != records[1]["solution"]


def test_the_line_of_a_message_is_the_line_its_position_counts():
    """Lines end at `\\n` only, as positions count them (a raw U+2028 is
    legal inside a JSON string: splitlines ended the line there, and the
    caret stood under the wrong text); a slice, not a split of the whole
    file per message (20,000 bad records: 38 s of CPU, now 1.8)."""
    from satlink.formats.puzzlekit import _Source

    text = '{"data": {\r\n"a": {"problem": "x\u2028y"},\n"b": 1}}'
    src = _Source(text, "c.json")
    assert src.line_text(1) == '{"data": {'
    assert src.line_text(2) == '"a": {"problem": "x\u2028y"},'
    assert src.line_text(3) == '"b": 1}}'
    assert src.line_text(0) == src.line_text(4) == ""
    pos = src.pos(text.index("y"))
    assert src.line_text(pos.line)[pos.column - 1] == "y"

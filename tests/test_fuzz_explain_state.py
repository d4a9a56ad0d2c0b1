"""`explain --hint` from a partial `solution` block (`?` for a cell not known
yet) written in ways the instances never write it: nothing known yet, a
block of the wrong size, a value the puzzle cannot hold. Found by hand
while fuzzing the command line. A block with nothing known yet is read with
the genre's own answer tokens when the file's do not read apart, and a block
every token fails alike is wrong as a whole; a digit a Sudoku cannot hold is
an error at its cell of the block (the Sudoku reader says so)."""
from __future__ import annotations

import re


from tests.fuzzing import run_cli
from tests.trusting import INSTANCES


def _with_block(tmp_path, instance: str, rows: list[str]) -> str:
    """The instance with its `solution` block replaced by ``rows``."""
    text = (INSTANCES / instance).read_text()
    head = text[:text.index("\nsolution")]
    path = tmp_path / "state.pzl"
    path.write_text(head + "\nsolution\n" + "".join(f"  {r}\n" for r in rows))
    return str(path)


def _unknown_block(instance: str) -> list[str]:
    """The instance's own solution block with every cell written `?`."""
    text = (INSTANCES / instance).read_text()
    block = text[text.index("\nsolution\n") + len("\nsolution\n"):]
    return [re.sub(r"\S+", "?", row).strip() for row in block.splitlines() if row.strip()]


def _first_hint(instance: str) -> str:
    """The first hint with nothing known: `explain --hint` on the puzzle alone."""
    text = (INSTANCES / instance).read_text()
    return text[:text.index("\nsolution")]


def test_nothing_known_yet_gives_the_first_hint_akari(tmp_path):
    path = _with_block(tmp_path, "akari/hand-6x6.pzl", _unknown_block("akari/hand-6x6.pzl"))
    res = run_cli(["explain", path, "--hint"])
    assert res.code == 0, res.err
    assert res.out.startswith("step 1 ")


def test_nothing_known_yet_gives_the_first_hint_sudoku(tmp_path):
    path = _with_block(tmp_path, "sudoku/six.pzl", _unknown_block("sudoku/six.pzl"))
    res = run_cli(["explain", path, "--hint"])
    assert res.code == 0, res.err
    assert res.out.startswith("step 1 ")


def test_a_partial_block_of_the_wrong_size_says_so(tmp_path):
    rows = ["4 2 3 5 ?", "5 6 1 3 2", "1 5 4 2 6", "2 3 6 4 5", "3 1 2 6 4", "6 4 5 1 3"]
    path = _with_block(tmp_path, "sudoku/six.pzl", rows)
    res = run_cli(["explain", path, "--hint"])
    assert res.code == 4
    assert "size says 6" in res.err, res.err


def test_a_value_the_puzzle_cannot_hold_is_not_dropped(tmp_path):
    rows = ["9 ? ? ? ? ?"] + ["? ? ? ? ? ?"] * 5
    path = _with_block(tmp_path, "sudoku/six.pzl", rows)
    res = run_cli(["explain", path, "--hint"])
    assert res.code in (3, 4), res.out
    assert "9" in res.err


def test_the_hint_without_a_block_is_the_reference(tmp_path):
    """What the tests above compare with: the puzzle alone gives its first step."""
    for instance in ("akari/hand-6x6.pzl", "sudoku/six.pzl"):
        path = tmp_path / "alone.pzl"
        path.write_text(_first_hint(instance))
        res = run_cli(["explain", str(path), "--hint"])
        assert res.code == 0 and res.out.startswith("step 1 "), res.err

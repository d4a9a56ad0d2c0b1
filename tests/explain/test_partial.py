"""A partly solved state in a `.pzl` file's `solution` block (``?`` for a
cell not known yet): ``explain --hint`` takes the next step from it, names a
wrong cell, and a bad token is an input error at its line and column."""
from __future__ import annotations

import json

from satlink.cli import main
from tests.helpers import ROOT

SIX = (ROOT / "instances" / "sudoku" / "six.pzl").read_text()
#: the first row of six.pzl's solution, two cells not known, the rest unknown
KNOWN_ROW = "  4 2 3 5 1 6"
PARTIAL_ROW = "  4 ? 3 5 1 ?"


def partial(tmp_path, row=PARTIAL_ROW, name="six.pzl"):
    lines = SIX.splitlines()
    at = lines.index(KNOWN_ROW)
    lines[at] = row
    for i in range(at + 1, at + 6):
        lines[i] = "  " + " ".join("?" * 6)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path), at + 1


def test_hint_from_a_partial_solution_block(tmp_path, capsys):
    path, _ = partial(tmp_path)
    assert main(["explain", path, "--hint", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    given = set(d["given"])
    assert {"r1c1 = 4", "r1c3 = 3", "r1c4 = 5", "r1c5 = 1"} <= given  # the block's known cells
    assert not any(g.startswith(("r1c2 ", "r1c6 ", "r2c6 ")) for g in given)  # not the `?` ones
    (step,) = d["steps"]
    assert all(f["fact"] not in given for f in step["facts"])
    # without --hint the block is left aside: the whole explanation
    assert main(["explain", path]) == 0
    assert "solved: the steps reach the unique solution" in capsys.readouterr().out


def test_a_wrong_partial_state_names_the_cell(tmp_path, capsys):
    path, _ = partial(tmp_path, "  4 ? 3 6 1 ?")
    assert main(["explain", path, "--hint"]) == 3
    assert "wrong at r1c4" in capsys.readouterr().err


def test_a_bad_token_is_an_input_error_where_it_is_written(tmp_path, capsys):
    path, line = partial(tmp_path, "  4 ? 3 z 1 ?")
    assert main(["explain", path, "--hint"]) == 4
    err = capsys.readouterr().err
    assert f"{path}:{line}:9: error:" in err and "4 ? 3 z 1 ?" in err
    # a block of `?` only: the other blocks' tokens stand in (a hint from the start)
    text = SIX.split("solution")[0] + "solution\n" + "\n".join(["  ? ? ? ? ? ?"] * 6) + "\n"
    (tmp_path / "blank.pzl").write_text(text)
    assert main(["explain", str(tmp_path / "blank.pzl"), "--hint"]) == 0
    assert capsys.readouterr().out.startswith("step 1 (direct): ")

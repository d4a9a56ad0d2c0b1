"""benchmarks/overhead.py reads its arguments as its docstring writes them:
satlink options and genre names after `--`, wherever its own options stand."""
from __future__ import annotations

import pytest

from tests.helpers import load_benchmark


@pytest.mark.parametrize("argv, what, extra, rounds", [
    (["gc", "--rounds", "2", "--", "Nonogram", "Sudoku"], "gc", ["Nonogram", "Sudoku"], 2),
    (["--rounds", "2", "gc", "--", "Nonogram"], "gc", ["Nonogram"], 2),
    (["gc", "Nonogram", "--rounds", "3", "Sudoku"], "gc", ["Nonogram", "Sudoku"], 3),
    (["gc", "Nonogram"], "gc", ["Nonogram"], 4),
    (["--base", "3901584", "folder", "--", "--jobs", "2"], "folder", ["--jobs", "2"], 3),
    (["folder", "--small", "--", "--jobs", "2", "--max-memory", "none"], "folder",
     ["--jobs", "2", "--max-memory", "none"], 3),
    (["startup"], "startup", [], 15),
    (["gc", "--", "--rounds"], "gc", ["--rounds"], 4),  # after --: kept, not parsed
])
def test_the_arguments_of_the_docstring_are_read(argv, what, extra, rounds):
    overhead = load_benchmark("overhead")
    args = overhead.parse(argv)
    assert (args.what, args.extra, args.rounds) == (what, extra, rounds)


@pytest.mark.parametrize("argv", [["gc", "--rounds", "0"], ["nosuch"], []])
def test_what_it_cannot_run_is_a_usage_error(argv, capsys):
    overhead = load_benchmark("overhead")
    with pytest.raises(SystemExit) as info:
        overhead.parse(argv)
    assert info.value.code == 2 and "error:" in capsys.readouterr().err

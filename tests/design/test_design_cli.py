"""`satlink minimize`, `analyze`, `generate` and `check --redundant` as a
user runs them: output that reads back, exit codes, bad input."""
from __future__ import annotations

import json

import pytest

from satlink import load
from satlink.cli import main
from satlink.engine.search import search
from tests.helpers import ROOT

CLASSIC = str(ROOT / "instances" / "sudoku" / "classic.pzl")
SLITHER = str(ROOT / "instances" / "slitherlink" / "small-5x5.pzl")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def sudoku4(rows):
    return "puzzle sudoku\nsize 4\ngrid\n" + "".join("  " + r + "\n" for r in rows)


def solved(path):
    [item] = load(path)
    return item, search(item.puzzle, item.instance)


def test_minimize_keeps_the_solution_with_a_minimal_clue_set(capsys, tmp_path):
    code, out, err = run(capsys, "minimize", CLASSIC, "--keep", "r1c1,r9c8")
    assert code == 0 and "minimal:" in err
    path = write(tmp_path, "min.pzl", out)
    item, result = solved(path)
    _, before = solved(CLASSIC)
    assert result.verdict == "unique" and result.solutions[0] == before.solutions[0]
    assert item.expected == before.solutions[0]  # the solution block
    givens = item.puzzle.clues(item.instance)
    assert {(0, 0, 5), (8, 7, 7)} <= set(givens) and len(givens) < 30
    code, out, _ = run(capsys, "analyze", path, "--json")
    assert code == 0 and json.loads(out)["redundant"] == []  # none can go: minimal


def test_minimize_minimum_json_reports_the_proof(capsys):
    code, out, err = run(capsys, "minimize", SLITHER, "--minimum", "--json")
    d = json.loads(out)
    assert code == 0 and d["minimum"] is True and d["lower_bound"] == d["count"]
    assert "minimum: at least" in err and "minimum:" in err.splitlines()[-1]


def test_minimize_only_and_url(capsys):
    _, out, _ = run(capsys, "minimize", SLITHER, "--json")
    clues = json.loads(out)["clues"]
    code, out, _ = run(capsys, "minimize", SLITHER, "--only", ",".join(clues[1:]))
    assert code == 1 and "--only" not in out  # the others alone are not unique
    code, out, _ = run(capsys, "minimize", SLITHER, "--url")
    assert code == 0 and out.startswith("https://puzz.link/p?slither/5/5/")


@pytest.mark.parametrize("argv, code, message", [
    (["--keep", "r1c3"], 4, "--keep: r1c3 holds no clue in this puzzle"),
    (["--keep", "r10c3"], 4, "r10c3 is not a clue place on this board"),
    (["--keep", "r1c1", "--only", "r1c2"], 4, "--keep r1c1: not among the clues --only allows"),
])
def test_minimize_bad_clue_names(capsys, argv, code, message):
    got, _, err = run(capsys, "minimize", CLASSIC, *argv)
    assert got == code and message in err and "Traceback" not in err


def test_minimize_refuses_what_it_cannot_do(capsys, tmp_path):
    multi = write(tmp_path, "m.pzl", sudoku4(["1 2 3 4", "3 4 1 2", ". . . .", ". . . ."]))
    code, _, err = run(capsys, "minimize", multi)
    assert code == 1 and "several solutions" in err and "satlink analyze" in err
    none = write(tmp_path, "n.pzl", sudoku4(["1 1 . .", ". . . .", ". . . .", ". . . ."]))
    code, _, err = run(capsys, "minimize", none)
    assert code == 3 and "no solution" in err
    code, _, err = run(capsys, "minimize", str(ROOT / "instances" / "hashi" / "tiny.pzl"))
    assert code == 2 and "structure" in err


def test_analyze_several_solutions(capsys, tmp_path):
    multi = write(tmp_path, "m.pzl", sudoku4(["1 2 3 4", "3 4 1 2", ". . . .", ". . . ."]))
    code, out, _ = run(capsys, "analyze", multi, "--json")
    d = json.loads(out)
    assert code == 1 and d["verdict"] == "multiple"
    # row 3 takes 2 or 4 in columns 1 and 3, 1 or 3 in columns 2 and 4 (four
    # solutions; row 4 follows): the 8 cells of rows 3 and 4 are free, and
    # two clues are needed, one of each pair
    assert d["forced"] == 8 and len(d["free"]) == 8 and d["backbone_complete"]
    assert len(d["add"]) == 2 and d["add_is_minimum"]
    fixed = write(tmp_path, "fixed.pzl", d["pzl"])
    assert solved(fixed)[1].verdict == "unique"


def test_analyze_no_solution_names_a_conflict(capsys, tmp_path):
    none = write(tmp_path, "n.pzl", sudoku4(["1 . . .", ". 1 . .", ". . . .", ". . . 3"]))
    code, out, _ = run(capsys, "analyze", none)
    assert code == 3
    assert "cannot all hold" in out
    code, out, _ = run(capsys, "analyze", none, "--json")
    assert sorted(json.loads(out)["conflict"]) == ["r1c1", "r2c2"]  # one box, one digit


def test_generate_sudoku_lines_reproducible_and_checked(capsys, tmp_path):
    sols = tmp_path / "sols.txt"
    code, out, err = run(capsys, "generate", "sudoku", "--size", "9", "--count", "3",
                         "--seed", "5", "--solutions", str(sols))
    assert code == 0 and "generated 3 sudoku puzzles" in err
    again = run(capsys, "generate", "sudoku", "--size", "9", "--count", "3", "--seed", "5")[1]
    assert again == out
    other = run(capsys, "generate", "sudoku", "--size", "9", "--count", "3", "--seed", "6")[1]
    assert other != out
    lines = write(tmp_path, "gen.txt", out)
    code, out, _ = run(capsys, "check", lines, "--json", "--redundant")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["verdict"] for r in records] == ["unique"] * 3
    assert [r["redundant"] for r in records] == [0, 0, 0]  # minimal
    want = sols.read_text().split()
    got = ["".join(str(v) for row in r["solution"] for v in row) for r in records]
    assert got == want


def test_generate_pzl_files_check_strict(capsys, tmp_path):
    folder = tmp_path / "out"
    code, _, err = run(capsys, "generate", "slitherlink", "--size", "5x5", "--count", "2",
                       "-o", str(folder), "--jobs", "2")
    assert code == 0
    files = sorted(folder.iterdir())
    assert len(files) == 2
    code, out, _ = run(capsys, "check", "--strict", str(folder))
    assert code == 0 and out.count("unique") == 2


def test_generate_from_solution(capsys, tmp_path):
    code, out, _ = run(capsys, "generate", "slitherlink", "--from-solution", SLITHER, "--minimum")
    path = write(tmp_path, "g.pzl", out)
    item, result = solved(path)
    _, original = solved(SLITHER)
    assert code == 0 and result.verdict == "unique"
    assert result.solutions[0] == original.solutions[0] == item.expected


def test_generate_from_solution_needs_no_blank_board(capsys, tmp_path):
    """Killer Sudoku has no blank board to generate from, but --from-solution
    starts from the file's board: the same solution, unique, fewer totals."""
    killer = str(ROOT / "instances" / "killersudoku" / "small-4x4.pzl")
    code, out, _ = run(capsys, "generate", "killersudoku", "--from-solution", killer, "--seed", "1")
    item, result = solved(write(tmp_path, "k.pzl", out))
    _, original = solved(killer)
    assert code == 0 and result.verdict == "unique"
    assert result.solutions[0] == original.solutions[0] == item.expected


@pytest.mark.parametrize("argv, code, message", [
    (["generate", "sudoku"], 2, "needs --size"),
    (["generate", "zebra", "--size", "5"], 2, "lacks blank"),
    (["generate", "nosuch", "--size", "5"], 2, "unknown puzzle type"),
    (["generate", "slitherlink", "--size", "5", "--count", "2"], 2, "-o DIR"),
    (["generate", "sudoku", "--size", "7x8"], 2, "square"),  # a usage error: the option
    (["generate", "sudoku", "--size", "x"], 2, "--size"),
    (["generate", "slitherlink", "--size", "40x40", "--timeout", "0.01"], 5, "time limit"),
])
def test_generate_bad_requests(capsys, argv, code, message):
    got, _, err = run(capsys, *argv)
    assert got == code and message in err and "Traceback" not in err


def test_analyze_target_chooses_the_solution_to_complete(capsys, tmp_path):
    rows = ["1 2 3 4", "3 4 1 2", ". . . .", ". . . ."]
    multi = write(tmp_path, "m.pzl", sudoku4(rows))
    chosen = ["1 2 3 4", "3 4 1 2", "4 3 2 1", "2 1 4 3"]  # one of the four
    target = write(tmp_path, "t.pzl", sudoku4(rows) + "solution\n"
                   + "".join("  " + r + "\n" for r in chosen))
    code, out, _ = run(capsys, "analyze", multi, "--target", target, "--json")
    d = json.loads(out)
    fixed = write(tmp_path, "fixed.pzl", d["pzl"])
    item, result = solved(fixed)
    want = tuple(tuple(int(x) for x in r.split()) for r in chosen)
    assert code == 1 and result.verdict == "unique" and result.solutions[0] == want
    wrong = write(tmp_path, "w.pzl", sudoku4(rows) + "solution\n"
                  + "".join("  " + r + "\n" for r in ["1 2 3 4", "3 4 1 2", "4 3 2 1", "4 3 2 1"]))
    code, _, err = run(capsys, "analyze", multi, "--target", wrong)
    assert code == 4 and "--target is not a solution" in err


def test_completion_says_when_no_clue_can_complete():
    """A 2 x 2 Masyu loop turns in every cell and goes straight in none: it
    obeys no pearl, so no pearl singles it out on a 3 x 2 board (which also
    holds the other 2 x 2 loop and the 3 x 2 one)."""
    from satlink.design.analyze import completion
    from satlink.puzzles import masyu

    board = masyu.blank(2, 3, {})
    loops = search(masyu.GENRE, board, limit=10).solutions
    assert len(loops) == 3
    small = min(loops, key=len)
    assert masyu.clues_of(board, small) == []
    assert completion(masyu.GENRE, board, small) == (None, None)
    big = max(loops, key=len)
    added, record = completion(masyu.GENRE, board, big)
    assert added and record.optimal
    assert search(masyu.GENRE, masyu.GENRE.design.with_clues(board, added)).solutions == [big]

"""The satlink command: exit codes, messages, JSON, DIMACS round trips."""
import json
import subprocess
import sys

import pytest

import satlink
from satlink.cli import main
from tests.helpers import EXTERNAL, ROOT, run_external

CLASSIC = str(ROOT / "instances" / "sudoku" / "classic.pzl")
#: A Sudoku from top95 (the narrowing before encoding now decides it).
HARD = str(ROOT / "instances" / "sudoku" / "hard.pzl")
#: a Sudoku that narrowing before encoding does not decide (its DIMACS has clauses)
SEARCH = str(ROOT / "instances" / "sudoku" / "escargot.pzl")
SUDOKU_LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_bytes(text) if isinstance(text, bytes) else p.write_text(text)
    return str(p)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def sudoku4(rows):
    return "puzzle sudoku\nsize 4\ngrid\n" + "".join("  " + r + "\n" for r in rows)


def test_solve_unique_draws_and_exits_0(capsys):
    code, out, _ = run(capsys, "solve", CLASSIC)
    assert code == 0
    assert "verdict: unique solution" in out and "│ 5   3   4 │" in out


def test_solve_multiple_none_exit_codes(capsys, tmp_path):
    multi = write(tmp_path, "m.pzl", sudoku4(["1 2 3 4", "3 4 1 2", ". . . .", ". . . ."]))
    code, out, _ = run(capsys, "solve", multi)
    assert code == 1 and "the first two solutions differ in: r" in out
    none = write(tmp_path, "n.pzl", sudoku4(["1 1 . .", ". . . .", ". . . .", ". . . ."]))
    code, out, _ = run(capsys, "solve", none)
    assert code == 3 and "no solution" in out


BAD_INPUTS = [
    ("row.pzl", "puzzle sudoku\nsize 4\ngrid\n  1 2 3 4\n  1 2 3\n  . . . .\n  . . . .\n",
     "row 2 has 3 cells, size says 4", "5:7"),
    ("token.pzl", "puzzle sudoku\nsize 4\ngrid\n  1 2 3 x\n" + "  . . . .\n" * 3,
     "`x` at row 1, column 4 is not a digit", "4:9"),
    ("rows.pzl", "puzzle sudoku\nsize 4\ngrid\n  1 2 3 4\n  . . . .\n", "the grid has 2 rows, size says 4",
     "5:3"),
    ("range.pzl", "puzzle sudoku\nsize 4\ngrid\n  1 2 3 7\n" + "  . . . .\n" * 3,
     "digit 7 is out of range 1..4", "4:9"),
    ("type.pzl", "puzzle sodoku\nsize 4\n", "unknown puzzle type `sodoku`; known types: ", "1:8"),
    ("empty.pzl", "", "empty file", "1:1"),
    ("binary.pzl", b"\x7fELF\x02\x01\x01\x00\x00\x00", "binary file", None),
    ("big.pzl", "puzzle sudoku\nsize 100\ngrid\n  .\n", "size 100 x 100 is outside 1..64", "2:6"),
    ("box.pzl", "puzzle sudoku\nsize 6\nbox 4x2\ngrid\n  .\n", "boxes of 4x2 hold 8 cells", "3:5"),
]


@pytest.mark.parametrize("name, text, message, where", BAD_INPUTS)
def test_bad_input_message_position_and_exit_code(capsys, tmp_path, name, text, message, where):
    path = write(tmp_path, name, text)
    code, out, err = run(capsys, "solve", path)
    assert code == 4
    assert message in err and "Traceback" not in err
    if where:
        assert f"{path}:{where}: error:" in err
    if name == "type.pzl":
        assert "sudoku" in err.split("known types:")[1]


def test_huge_file_is_refused_before_reading(capsys, tmp_path, monkeypatch):
    import satlink.source_files as source_files

    monkeypatch.setattr(source_files, "MAX_FILE_BYTES", 100)
    path = write(tmp_path, "huge.pzl", "puzzle sudoku\n" + "#" * 200 + "\n")
    code, _, err = run(capsys, "solve", path)
    assert code == 4 and "satlink reads at most 100 bytes" in err


def test_no_traceback_from_a_real_process(tmp_path):
    path = write(tmp_path, "bad.pzl", "puzzle sudoku\nsize 4\ngrid\n1 2 3 4\n")
    proc = subprocess.run([sys.executable, "-m", "satlink", "solve", path], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 4 and "Traceback" not in proc.stderr
    assert "rows of a grid must be indented" in proc.stderr


def test_check_json_and_exit_code_per_worst_outcome(capsys, tmp_path):
    lines = [SUDOKU_LINE, "12" + SUDOKU_LINE[2:] + "9", SUDOKU_LINE.replace("4", ".", 1),
             "11" + "." * 79]
    path = write(tmp_path, "batch.txt", "# comment\n" + "\n".join(lines) + "\n")
    code, out, _ = run(capsys, "check", path, "--json")
    recs = [json.loads(x) for x in out.splitlines()]
    assert [r["verdict"] for r in recs] == ["unique", "error", "multiple", "none"]
    assert [r["source"]["line"] for r in recs] == [2, 3, 4, 5]
    assert code == 4  # input error outranks none and multiple
    first = recs[0]
    assert first["type"] == "sudoku" and len(first["solution"]) == 9
    assert set(first["stats"]) >= {"variables", "clauses", "cuts", "calls", "parse_seconds",
                                   "encode_seconds", "solve_seconds"}
    assert all(r["stats"]["parse_seconds"] > 0 for r in recs if r["verdict"] != "error")
    assert first["error"] is None and "this one has 82" in recs[1]["error"]
    assert recs[2]["count"] == 2 and recs[2]["differing"]


def test_check_directory_with_jobs_matches_one_process(capsys, tmp_path, datasets):
    src = (datasets / "sudoku" / "norvig_top95.txt").read_text().splitlines()
    d = tmp_path / "set"
    d.mkdir()
    (d / "a.txt").write_text("\n".join(src[:40]) + "\n")
    (d / "b.pzl").write_text(open(CLASSIC).read())
    code1, out1, _ = run(capsys, "check", str(d), "--json")
    code2, out2, _ = run(capsys, "check", str(d), "--json", "--jobs", "2")
    strip = [lambda o: [(json.loads(x)["source"], json.loads(x)["solution"]) for x in o.splitlines()]]
    assert code1 == code2 == 0
    assert strip[0](out1) == strip[0](out2) and len(out1.splitlines()) == 41


def test_timeout_gives_unknown_and_exit_5(capsys, tmp_path):
    """Nothing counted within the limit: exit 5. A blank 64 x 64 Sudoku
    (262,144 cell variables) is not even encoded in 0.3 s, on any machine;
    the 25 x 25 this test used found 39 solutions in 0.3 s on a fast one
    (then `at least 39`, exit 0: a count that succeeded)."""
    path = write(tmp_path, "e.pzl", "puzzle sudoku\nsize 64\ngrid\n" + ("  " + ". " * 64 + "\n") * 64)
    code, out, _ = run(capsys, "count", path, "--limit", "100000000", "--timeout", "0.3")
    assert code == 5 and "time limit" in out and "reached" in out


def test_solvers_this_pysat_lacks_or_cannot_stop(capsys, monkeypatch):
    """PySAT names solvers its build may lack (cryptosat): those are refused
    with a message and exit 2 instead of a traceback. A solver with neither
    conflict budgets nor interrupts (lingeling) is stopped by the child
    process that holds the time limit; only where there is no fork is it
    refused with --timeout."""
    from pysat.solvers import SolverNames

    from satlink import children, engine

    offered = engine.solver_names()
    assert "cadical195" in offered
    for name in sorted(k for k in vars(SolverNames) if not k.startswith("_")):
        if name not in offered:
            code, _, err = run(capsys, "solve", "--solver", name, CLASSIC)
            assert code == 2 and f"unknown solver `{name}`" in err
    monkeypatch.setitem(engine._ABILITIES, "minisat22", {"incremental"})  # as lingeling is
    code, out, _ = run(capsys, "solve", "--solver", "minisat22", "--timeout", "5", CLASSIC)
    assert code == 0 and "unique solution" in out
    monkeypatch.setattr(children, "can_fork", lambda: False)
    monkeypatch.setattr(engine.bounded, "can_fork", lambda: False)
    monkeypatch.setattr(engine.solvers, "can_fork", lambda: False)
    code, _, err = run(capsys, "solve", "--solver", "minisat22", "--timeout", "5", CLASSIC)
    assert code == 2 and "cannot be stopped by a time limit" in err and "cadical195" in err
    code, out, _ = run(capsys, "solve", "--solver", "minisat22", CLASSIC)  # no limit: fine
    assert code == 0 and "unique solution" in out


def test_solve_first_stops_at_one_solution(capsys, tmp_path):
    multi = write(tmp_path, "m.pzl", sudoku4(["1 2 3 4", "3 4 1 2", ". . . .", ". . . ."]))
    code, out, _ = run(capsys, "solve", "--first", multi)
    assert code == 0 and "verdict: solved (the first solution; uniqueness not checked)" in out
    assert "(1 solver calls" in out and "differ in" not in out
    code, out, _ = run(capsys, "solve", "--first", "--json", multi)
    rec = json.loads(out)
    assert code == 0 and rec["verdict"] == "solved" and rec["count"] == 1
    none = write(tmp_path, "n.pzl", sudoku4(["1 1 . .", ". . . .", ". . . .", ". . . ."]))
    code, out, _ = run(capsys, "solve", "--first", none)
    assert code == 3 and "verdict: no solution" in out


def test_count(capsys, tmp_path):
    path = write(tmp_path, "e.pzl", sudoku4([". . . ."] * 4))
    code, out, _ = run(capsys, "count", path, "--limit", "1000")
    assert code == 0 and out.startswith("288 solutions")
    code, out, _ = run(capsys, "count", path, "--limit", "10")
    assert code == 0 and "at least 10 solutions (limit reached)" in out


def test_fmt_prints_canonical_pzl_that_parses_back(capsys, tmp_path):
    messy = write(tmp_path, "m.pzl", "# hi\npuzzle sud\nsize 4\ngrid\n  1 .   . .\n\n   . . . 2\n"
                                     "  . . . .\n  . . . .\n")
    code, out, _ = run(capsys, "fmt", messy)
    assert code == 0 and out.startswith("# hi\npuzzle sudoku\nsize 4\ngrid\n  1 . . .\n\n  . . . 2\n")
    again = write(tmp_path, "again.pzl", out)
    code, out2, _ = run(capsys, "fmt", again)
    assert out2 == out


def test_fmt_keeps_comments_and_the_solution_block(capsys, tmp_path):
    src = ("puzzle sudoku   # a 4x4\nsize 4\n\n\n# the givens\ngrid\n  1 . . .  # first row\n"
           "  # a comment inside the grid\n  . . . 2\n  . . . .\n  . . . .\n# trailing remark\n")
    code, out, _ = run(capsys, "fmt", write(tmp_path, "c.pzl", src))
    assert code == 0
    assert out == ("puzzle sudoku  # a 4x4\nsize 4\n\n# the givens\ngrid\n  1 . . .  # first row\n"
                   "  # a comment inside the grid\n  . . . 2\n  . . . .\n  . . . .\n"
                   "# trailing remark\n")
    classic = str(ROOT / "instances" / "sudoku" / "classic.pzl")
    code, out, _ = run(capsys, "fmt", classic)
    assert code == 0 and out.startswith("# The Wikipedia example") and "\nsolution\n" in out


def test_fmt_converts_other_formats(capsys, tmp_path):
    line = write(tmp_path, "one.txt", "1" + "." * 80 + "\n")
    code, out, _ = run(capsys, "fmt", line)
    assert code == 0 and out.startswith("puzzle sudoku\nsize 9\n")


def test_list_names_types_formats_and_solvers(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0 and "sudoku (aliases: sud)" in out and "sudoku-lines" in out
    assert "cadical195" in out


def test_dimacs_is_deterministic_and_named(capsys, tmp_path):
    out1, out2 = tmp_path / "a.cnf", tmp_path / "b.cnf"
    assert run(capsys, "dimacs", SEARCH, "-o", str(out1))[0] == 0
    assert run(capsys, "dimacs", SEARCH, "-o", str(out2))[0] == 0
    text = out1.read_text()
    assert text == out2.read_text()
    # the givens are applied while encoding: no given cell has a variable, and
    # every variable is a named candidate of an open cell
    inst = satlink.load(SEARCH)[0].instance
    given = {f"cell({r + 1},{c + 1}," for r, row in enumerate(inst.givens)
             for c, v in enumerate(row) if v}
    names = [line.split()[2] for line in text.splitlines() if line.startswith("c ")
             and line.split()[1].isdigit()]
    assert names and text.count("\nc 1 cell(") == 1
    assert all(n.startswith("cell(") for n in names)
    assert not any(n.startswith(g) for n in names for g in given)
    assert f"\np cnf {len(names)} " in text and len(names) < 729


@pytest.mark.parametrize("solver", EXTERNAL)
def test_dimacs_external_solver_round_trip(capsys, tmp_path, solver):
    cnf = tmp_path / "c.cnf"
    assert run(capsys, "dimacs", HARD, "-o", str(cnf))[0] == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(run_external(solver, cnf, tmp_path))
    code, out, err = run(capsys, "decode", HARD, str(answer))
    assert code == 0, err
    assert "verified" in out and "│ 5   2   7 │ 3   1   6 │ 4   8   9 │" in out
    code, out, _ = run(capsys, "decode", HARD, str(answer), "--json")
    assert json.loads(out)["solution"][0] == [5, 2, 7, 3, 1, 6, 4, 8, 9]


def test_decode_unsat_and_wrong_answers(capsys, tmp_path):
    unsat = write(tmp_path, "u.txt", "s UNSATISFIABLE\n")
    assert run(capsys, "decode", SEARCH, unsat)[0] == 3
    cnf = tmp_path / "c.cnf"
    assert run(capsys, "dimacs", SEARCH, "-o", str(cnf))[0] == 0
    n = int(next(ln for ln in cnf.read_text().splitlines() if ln.startswith("p cnf")).split()[2])
    wrong = write(tmp_path, "w.txt", "s SATISFIABLE\nv " + " ".join(str(-v) for v in range(1, n + 1))
                  + " 0\n")
    code, _, err = run(capsys, "decode", SEARCH, wrong)
    assert code == 6 and "not a solution" in err
    garbage = write(tmp_path, "g.txt", "hello world\n")
    code, _, err = run(capsys, "decode", SEARCH, garbage)
    assert code == 4 and "g.txt:1:1" in err


def test_dimacs_refuses_to_overwrite_half(capsys, tmp_path):
    target = tmp_path / "missing-dir" / "x.cnf"
    code, _, err = run(capsys, "dimacs", CLASSIC, "-o", str(target))
    assert code == 2 and "cannot write" in err and not target.exists()


@pytest.mark.parametrize("argv, name", [
    (["check", ""], "FILE-or-DIR"),                      # was: every file below the current folder
    (["check", CLASSIC, ""], "FILE-or-DIR"),
    (["solve", ""], "FILE"),
    (["check", CLASSIC, "--output", ""], "--output"),    # was: no output written, exit 0
    (["dimacs", CLASSIC, "-o", ""], "--output"),         # was: the CNF on standard output
    (["solve", CLASSIC, "--svg", ""], "--svg"),          # was: no picture, exit 0
    (["solve", CLASSIC, "--certify", "--proof", ""], "--proof"),  # was: proofs in the current folder
    (["solve", CLASSIC, "--type", ""], "--type"),        # was: read as not given
    (["solve", CLASSIC, "--format", ""], "--format"),
    (["decode", CLASSIC, ""], "ANSWER"),
    (["explain", CLASSIC, "--hint", "--state", ""], "--state"),
])
def test_an_empty_path_or_name_is_a_usage_error_not_a_default(capsys, tmp_path, monkeypatch, argv,
                                                             name):
    """An empty argument (an unset shell variable) is exit 2, said; it was
    read as "not given" or as the current folder."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err == f"error: {name} is an empty string (an unset shell variable?)\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("encoding", ["utf-8:strict", "ascii"])
def test_what_stdout_cannot_encode_is_written_escaped_not_a_traceback(tmp_path, encoding):
    """A lone surrogate reaches standard output from a JSON escape in a
    puzzlekit collection (`"\\ud800"`) or a file name's undecodable byte;
    an ASCII terminal cannot take the box drawing. Each is written escaped."""
    import os

    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "c.json").write_text('{"name": "Masyu", "data": {"a": {"problem": "1 2\\n\\ud800 -"}}}')
    named = os.fsencode(folder) + b"/x\xff.pzl"
    with open(named, "wb") as fh:
        fh.write((ROOT / "instances" / "sudoku" / "six.pzl").read_bytes())
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONPATH": str(ROOT)}
    for argv in (["check", str(folder)], ["solve", CLASSIC]):
        proc = subprocess.run([sys.executable, "-m", "satlink", *argv], capture_output=True,
                              env=env, timeout=120)
        assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
        assert proc.returncode == (4 if argv[0] == "check" else 0), proc.stderr
    out = subprocess.run([sys.executable, "-m", "satlink", "check", str(folder)],
                         capture_output=True, env=env, timeout=120).stdout.decode("ascii")
    assert "`\\ud800` at row 1" in out and "x\\udcff.pzl" in out


def test_a_pipe_is_read_no_further_than_the_file_size_limit(capsys, tmp_path, monkeypatch):
    """A named pipe (or `<(command)`, or /dev/zero) has no size to check
    first: what it holds past the limit is refused as a big file is."""
    import os
    import threading

    import satlink.source_files as source_files

    monkeypatch.setattr(source_files, "MAX_FILE_BYTES", 100)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)

    def feed():
        with open(pipe, "w") as fh:
            fh.write("puzzle sudoku\n" + "#" * 1000 + "\n")
    threading.Thread(target=feed, daemon=True).start()
    code, _, err = run(capsys, "solve", str(pipe), "--max-memory", "none")
    assert code == 4 and "satlink reads at most 100 bytes" in err, err


@pytest.mark.parametrize("argv, says", [
    (["generate", "sudoku", "--size", "99999"], "--size 99999: size 99999 is outside 1..64"),
    (["generate", "slitherlink", "--size", "999x3"], "--size 999x3: size 999 x 3 is outside"),
    (["generate", "hashi", "--size", "999x3"], "--size 999x3: size 999 x 3 is outside"),
    (["generate", "numberlink", "--size", "1x1"], "--size 1x1: a 1 x 1 board has no room"),
])
def test_generate_a_size_the_genre_refuses_is_a_usage_error(capsys, argv, says):
    """The size is an option, not a file: exit 2 naming it (it was exit 4,
    `<input>: error: ...`, a file that does not exist)."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith(f"error: {says}"), err


@pytest.mark.parametrize("argv", [
    ["check", "{p}", "--output", "{p}"],            # the puzzle replaced by its result line
    ["check", "{p}", "--output", "{link}", "--resume"],
    ["dimacs", "{p}", "-o", "{p}"],                 # by its CNF
    ["draw", "{p}", "-o", "{dir}/./p.pzl"],         # by its picture
    ["solve", CLASSIC, "{p}", "--svg", "{link}"],
])
def test_an_output_over_a_puzzle_given_as_input_is_refused(capsys, tmp_path, argv):
    """An output that is no puzzle, written over a puzzle file the command
    reads (by the same name, another spelling of it, or a link to it),
    destroyed the puzzle: exit 2 now, the file as it was."""
    import os

    p = tmp_path / "p.pzl"
    text = (ROOT / "instances" / "sudoku" / "six.pzl").read_text()
    p.write_text(text)
    os.symlink(p, tmp_path / "link.pzl")
    argv = [a.format(p=p, link=tmp_path / "link.pzl", dir=tmp_path) for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and "is the puzzle file" in err and "would destroy the puzzle" in err, err
    assert p.read_text() == text


def test_an_output_beside_the_input_is_written(capsys, tmp_path):
    p = write(tmp_path, "p.pzl", (ROOT / "instances" / "sudoku" / "six.pzl").read_text())
    code, _, _ = run(capsys, "dimacs", p, "-o", str(tmp_path / "p.cnf"))
    assert code == 0 and (tmp_path / "p.cnf").read_text().startswith("c satlink DIMACS")


def _folder(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "a.pzl").write_text(sudoku4(["1 . . .", ". . . .", ". . . .", ". . . 1"]))
    (folder / "b.pzl").write_text((ROOT / "instances" / "sudoku" / "classic.pzl").read_text())
    return folder


def test_check_of_a_folder_never_reads_its_own_output_file(capsys, tmp_path):
    """`check DIR --output DIR/results.jsonl`: the results file, made by this
    run or an earlier one, is no puzzle of the folder; a puzzle file there
    named as the output is refused (exit 2) and left as it was."""
    folder = _folder(tmp_path)
    results = folder / "results.jsonl"
    for extra in ([], ["--resume"], []):
        code, out, err = run(capsys, "check", str(folder), "--output", str(results), *extra)
        assert "results.jsonl" not in out and "input" not in err, (out, err)
        assert len(results.read_text().splitlines()) == 2
    before = (folder / "b.pzl").read_text()
    code, _, err = run(capsys, "check", str(folder), "--output", str(folder / "b.pzl"))
    assert code == 2 and "would destroy the puzzle" in err
    assert (folder / "b.pzl").read_text() == before


def test_resume_counts_only_the_results_of_this_runs_files(capsys, tmp_path):
    """Results of another file, or a line that names no line, are not
    skipped, so neither counted as done nor in the exit code."""
    folder = _folder(tmp_path)
    results = tmp_path / "results.jsonl"
    run(capsys, "check", str(folder / "b.pzl"), "--output", str(results))
    done = json.loads(results.read_text())
    other = dict(done, source={"file": str(tmp_path / "elsewhere.pzl")}, verdict="none")
    odd = dict(done, source={"file": str(folder / "a.pzl"), "line": "x"}, verdict="none")
    with results.open("a") as fh:
        fh.write(json.dumps(other) + "\n" + json.dumps(odd) + "\n")
    code, out, err = run(capsys, "check", str(folder), "--output", str(results), "--resume")
    assert "(1 puzzle already in" in err, err
    assert "a.pzl" in out and "b.pzl" not in out
    assert code == 1  # a.pzl has several solutions; the 'none' lines count for nothing

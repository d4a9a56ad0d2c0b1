"""Start-up of the `satlink` program (issue 22): what `solve` does not
import, and the program's end without Python's teardown, which must lose
no output, no exit code and no atexit function."""
import subprocess
import sys

from tests.helpers import ROOT

CLASSIC = ROOT / "instances" / "sudoku" / "classic.pzl"
ENV = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}


def run(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=ROOT, env=ENV)


def test_solve_imports_no_pathlib_nor_the_loop_rules():
    code = ("import sys, io, contextlib\nfrom satlink.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main(['solve', '--max-memory', 'none', {str(CLASSIC)!r}])\n"
            "print(' '.join(sorted(sys.modules)))\n")
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    before = run("import sys; print(' '.join(sys.modules))").stdout.split()  # site's own
    mods = set(proc.stdout.split()) - set(before)
    assert "satlink.puzzles.sudoku" in mods and "satlink.cli_solve" in mods
    assert not mods & {"pathlib", "urllib.parse", "pkgutil", "satlink.rules.loops",
                       "satlink.cli_check", "satlink.cli_draw"}


PROGRAM = ("import atexit, sys\n"
           "atexit.register(lambda: print('atexit ran', file=sys.stderr))\n"
           "sys.argv = ['satlink', *sys.argv[1:]]\n"
           "from satlink.cli import main\n"
           "sys.exit(main())\n")


def test_the_program_ends_with_its_output_its_code_and_atexit():
    proc = run(PROGRAM, "solve", str(CLASSIC))
    assert proc.returncode == 0 and proc.stderr == "atexit ran\n"
    assert proc.stdout.startswith(f"{CLASSIC}: sudoku\n")
    assert proc.stdout.endswith(" s)\n") and "verdict: unique solution" in proc.stdout
    missing = run(PROGRAM, "solve", str(ROOT / "no-such-file.pzl"))
    assert missing.returncode == 4
    assert "cannot read file" in missing.stderr and missing.stderr.endswith("atexit ran\n")
    # a big output, block-buffered into a pipe, arrives whole
    listed = run(PROGRAM, "list")
    assert listed.returncode == 0 and listed.stdout.count("\n") > 100
    assert listed.stdout.endswith("\n") and "solvers (PySAT" in listed.stdout


def test_the_program_exits_as_usual_while_another_thread_runs():
    """Python waits for a non-daemon thread at exit; the program's own end
    must not cut it short: main returns, and the thread finishes."""
    code = ("import sys, threading\n"
            "go = threading.Event()\n"
            "t = threading.Thread(target=lambda: (go.wait(60), print('thread done')))\n"
            "t.start()\n"
            "sys.argv = ['satlink', 'solve', '--max-memory', 'none', sys.argv[1]]\n"
            "from satlink.cli import main\n"
            "code = main()\n"
            "print('main returned')\n"
            "go.set()\n"
            "sys.exit(code)\n")
    proc = run(code, str(CLASSIC))
    assert proc.returncode == 0 and proc.stdout.endswith("main returned\nthread done\n")


def _check_imports(path) -> set[str]:
    """The modules `satlink check PATH` imports beyond Python's start."""
    code = ("import sys, io, contextlib\nfrom satlink.cli import main\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out):\n"
            f"    code = main(['check', {str(path)!r}])\n"
            "assert code == 0 and 'unique' in out.getvalue(), (code, out.getvalue())\n"
            "print(' '.join(sorted(sys.modules)))\n")
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    before = run("import sys; print(' '.join(sys.modules))").stdout.split()
    return set(proc.stdout.split()) - set(before)


def test_check_of_one_sudoku_imports_no_other_genre_nor_format(tmp_path):
    """Sniffing a file's format imports only the formats that may be it
    (issue 22): `check` on a `.pzl` Sudoku and on a sudoku-lines file."""
    lines = tmp_path / "ten.txt"
    lines.write_text("".join(f"{'.' * 17}1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n"
                             for _ in range(10)))
    for path, fmt in ((CLASSIC, "pzl"), (lines, "sudoku_lines")):
        mods = _check_imports(path)
        assert {"satlink.puzzles.sudoku", f"satlink.formats.{fmt}", "satlink.cli_check"} <= mods
        genres = {m for m in mods if m.startswith("satlink.puzzles.")
                  and not m.rsplit(".", 1)[1].startswith("_")}
        assert genres == {"satlink.puzzles.sudoku"}, (path, genres)
        assert not mods & {"networkx", "lark", "pkgutil", "satlink.rules.bridges", "satlink.rules.loops",
                           "satlink.formats.battleship_dzn", "satlink.formats.csplib_battleship",
                           "satlink.formats.puzzlekit", "satlink.formats.puzzlink",
                           "satlink.formats.pzprjs", "satlink.formats.hashi_solution"}, path

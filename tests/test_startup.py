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

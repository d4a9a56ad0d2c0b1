"""Per-puzzle overhead: what a verdict costs besides the search (issue 22).

Every figure is the CPU time (user + system) of whole processes, the
children they wait for included, as the operating system counts it; each
command runs ``--rounds`` times and the median is printed. Commands run as a
user runs them (``python -m satlink``, this checkout first on the path).

    python benchmarks/overhead.py startup           # satlink solve classic.pzl, from start to exit
    python benchmarks/overhead.py --base 3901584 startup  # side by side with that commit
    python benchmarks/overhead.py folder            # check over small files: limits against none
    python benchmarks/overhead.py --base 3901584 folder -- --jobs 2  # side by side, --jobs 2
    python benchmarks/overhead.py batch --base c46d3ac  # 17-clue batch, --jobs 2, alternately
    python benchmarks/overhead.py load              # ways of handing clauses to CaDiCaL
    python benchmarks/overhead.py gc [Nonogram Sudoku ...]  # the cycle collector: running, paused, frozen

``startup`` times ``python -c pass``, the import of the CLI and `satlink
solve instances/sudoku/classic.pzl` (the target: at most 150 ms), with
and without the default memory limit. ``folder`` checks 40 Hashi dev boards
written as `.pzl` files, and the 360 CLLV-400 boards, with the default
limits and with ``--max-memory none`` (the target: within 15 %, and at most
0.05 s a CLLV board). ``batch`` runs `check puzzles2_17_clue.txt --json
--jobs 2` under this checkout and under ``--base`` (a git worktree made for
the run), one after the other, and prints wall and CPU time (on a busy
machine the CPU time is the figure to compare). ``load`` times the ways python-sat offers to
load one formula's clauses into CaDiCaL. ``gc`` runs the uniqueness verdicts
of dev-slice boards (every 4th; the genres named, else a mix of 20) in
a child process each round, with Python's cycle collector running throughout
(``running``), paused while encoding and loading as the engine does
(``paused``, ``engine.search.gc_paused``), or so and with every object alive
after the imports frozen (``frozen``, ``gc.freeze()``), in turn: the verdicts'
CPU time and the child's peak memory (``ru_maxrss``). Each verdict starts after
a full collection, so the figures are the collector's share within a
verdict, not across boards (``benchmarks/shared_path.py`` has that).

The package is compiled to bytecode first (``compileall``), as an installed
package is: a run without ``__pycache__`` compiles every module it imports.
"""
from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from _common import DATASETS, ROOT, table

PYTHON = sys.executable


def cpu_of(cmd: list[str], cwd: Path = ROOT, env: dict | None = None) -> tuple[float, str]:
    """(CPU seconds of ``cmd`` and the children it waited for, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd,
                          env=env or dict(os.environ, PYTHONPATH=str(ROOT)))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1, 3, 5):
        raise SystemExit(f"{' '.join(cmd)}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, proc.stdout


def medians(commands: dict[str, list[str]], rounds: int,
            sides: dict[str, Path] | None = None) -> dict[str, list[float]]:
    """Each command ``rounds`` times, in turn (A B C A B C ...), after one
    warm-up each; with ``sides`` (name -> checkout) each command runs under
    every checkout in turn, keyed "command [side]"."""
    sides = sides or {"": ROOT}
    runs = {(f"{name} [{side}]" if side else name): (cmd, where)
            for name, cmd in commands.items() for side, where in sides.items()}

    def once(cmd, where):
        return cpu_of(cmd, cwd=where, env=dict(os.environ, PYTHONPATH=str(where)))[0]

    for cmd, where in runs.values():
        once(cmd, where)
    got: dict[str, list[float]] = {key: [] for key in runs}
    for _ in range(rounds):
        for key, (cmd, where) in runs.items():
            got[key].append(once(cmd, where))
    return got


def compiled(checkout: Path) -> None:
    """The checkout's package compiled to bytecode, as an installed package
    is (``compileall`` writes it whatever PYTHONDONTWRITEBYTECODE says)."""
    if not compileall.compile_dir(str(checkout / "satlink"), quiet=1):
        raise SystemExit(f"{checkout}: the package does not compile")


@contextmanager
def checkouts(base: str | None):
    """{"head": this checkout} and, with ``base``, {"base": a git worktree of
    that commit, made for the run}, each compiled to bytecode here (both
    sides alike: a side left to compile itself would pay for it in its
    first runs, or in every run under PYTHONDONTWRITEBYTECODE)."""
    if base is None:
        compiled(ROOT)
        yield {"": ROOT}
        return
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), base],
                       check=True, capture_output=True)
        try:
            sides = {"base": where, "head": ROOT}
            for side in sides.values():
                compiled(side)
            yield sides
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(where)],
                           capture_output=True)


def startup(args) -> None:
    classic = "instances/sudoku/classic.pzl"  # from each checkout
    commands = {
        "python -c pass": [PYTHON, "-c", "pass"],
        "import satlink.cli": [PYTHON, "-c", "import satlink.cli"],
        "satlink solve classic.pzl": [PYTHON, "-m", "satlink", "solve", classic],
        "satlink solve classic.pzl --max-memory none": [PYTHON, "-m", "satlink", "solve",
                                                        "--max-memory", "none", classic],
    }
    with checkouts(args.base_of) as sides:
        got = medians(commands, args.rounds, sides)
    rows = [[name, f"{statistics.median(v) * 1000:.0f}", f"{min(v) * 1000:.0f}",
             f"{max(v) * 1000:.0f}"] for name, v in got.items()]
    print(table(["command", "median cpu ms", "min", "max"], rows))


def hashi_files(folder: Path, n: int) -> None:
    """The first ``n`` Hashi dev boards (sorted by key) as `.pzl` files."""
    sys.path.insert(0, str(ROOT))
    from satlink import formats

    data = json.loads((DATASETS / "puzzlekit-dev" / "Hashi.json").read_text())["data"]
    for key in sorted(data)[:n]:
        [item] = formats.load_text(data[key]["problem"], key, "grid-text", "hashi")
        (folder / f"{key}.pzl").write_text(item.puzzle.to_pzl(item.instance))


def folder(args) -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp, checkouts(args.base_of) as sides:
        hashi = Path(tmp) / "hashi"
        hashi.mkdir()
        hashi_files(hashi, 40)
        cases = {"40 Hashi dev files": (hashi, 40),
                 "360 Hashi CLLV-400": (DATASETS / "hashi-cllv" / "400", 360)}
        if args.small:
            del cases["360 Hashi CLLV-400"]
        for name, (where, n) in cases.items():
            base = [PYTHON, "-m", "satlink", "check", str(where), "--json", *args.extra]
            commands = {"default limits": base, "--max-memory none": [*base, "--max-memory",
                                                                      "none"]}
            got = medians(commands, args.rounds, sides)
            for side in sides:
                tag = f" [{side}]" if side else ""
                limited = statistics.median(got["default limits" + tag])
                free = statistics.median(got["--max-memory none" + tag])
                rows.append([name + tag, f"{limited:.2f}", f"{free:.2f}", f"{limited / free:.2f}",
                             f"{limited / n * 1000:.1f}", f"{free / n * 1000:.1f}"])
    print(table(["files", "default cpu s", "none cpu s", "default/none",
                 "default ms/file", "none ms/file"], rows))


def batch(args) -> None:
    source = DATASETS / "sudoku" / "puzzles2_17_clue.txt"
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base),
                        args.base], check=True, capture_output=True)
        try:
            sides = {"base": base, "head": ROOT}
            for where in sides.values():
                compiled(where)
            got: dict[str, list[float]] = {"base": [], "head": []}
            cpus: dict[str, list[float]] = {"base": [], "head": []}
            verdicts = {}
            for _ in range(args.rounds):
                for side, where in sides.items():
                    env = dict(os.environ, PYTHONPATH=str(where))
                    t0 = time.perf_counter()
                    cpu, out = cpu_of([PYTHON, "-m", "satlink", "check", str(source), "--json",
                                       "--jobs", "2", *args.extra], cwd=where, env=env)
                    wall = time.perf_counter() - t0
                    got[side].append(wall)
                    cpus[side].append(cpu)
                    verdicts[side] = [json.loads(x)["verdict"] for x in out.splitlines()]
                    print(f"{side}: wall {wall:.1f} s, cpu {cpu:.1f} s", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           capture_output=True)
    n = len(verdicts["head"])
    rows = [[side, n, f"{statistics.median(v):.1f}", f"{n / statistics.median(v):.0f}",
             f"{statistics.median(cpus[side]):.1f}"] for side, v in got.items()]
    print(table(["checkout", "puzzles", "median wall s", "puzzles/s", "median cpu s"], rows))
    print("same verdicts:", "yes" if verdicts["base"] == verdicts["head"] else "NO")


def load(args) -> None:
    """CaDiCaL fed formulas' clauses in each way python-sat offers, and in
    satlink's (:func:`satlink.engine.solvers.add_clauses`)."""
    sys.path.insert(0, str(ROOT))
    import random
    from collections import deque

    from pysat.formula import CNF
    from pysat.solvers import Solver

    from satlink import formats
    from satlink.engine import encode
    from satlink.engine.solvers import add_clauses

    def dev(genre: str, kind: str, size: str = "") -> tuple[str, list]:
        data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
        keys = [k for k in sorted(data) if k.endswith(size)]
        key = keys[len(keys) // 2]
        [item] = formats.load_text(data[key]["problem"], key, "grid-text", kind)
        return f"{genre} {key}", encode(item.puzzle, item.instance).formula.clauses

    rng = random.Random(1)
    cases = [dev("Hashi", "hashi"), dev("Sudoku", "sudoku", "16x16"),
             dev("Battleship", "battleship"), dev("NumberLink", "numberlink"),
             ("random 3-CNF, 20,000 variables", [[rng.choice((1, -1)) * rng.randint(1, 20000)
                                                 for _ in range(3)] for _ in range(200000)])]

    def bootstrap(clauses):
        Solver(name="cadical195", bootstrap_with=clauses).delete()

    def append_formula(clauses):
        s = Solver(name="cadical195")
        s.append_formula(clauses)
        s.delete()

    def add_clause_loop(clauses):
        s = Solver(name="cadical195")
        add = s.add_clause
        for c in clauses:
            add(c)
        s.delete()

    def cnf_object(clauses):
        Solver(name="cadical195", bootstrap_with=CNF(from_clauses=clauses)).delete()

    def satlink_direct(clauses):
        s = Solver(name="cadical195")
        add_clauses(s, "cadical195", clauses)
        s.delete()

    def walk_only(clauses):
        deque(map(len, clauses), maxlen=0)

    ways = {"bootstrap_with=list": bootstrap, "append_formula": append_formula,
            "add_clause loop": add_clause_loop, "bootstrap_with=CNF": cnf_object,
            "satlink add_clauses": satlink_direct, "(a C walk of the list)": walk_only}
    rows = []
    for name, clauses in cases:
        if not clauses:  # decided before encoding (narrowing): nothing to load
            print(f"{name}: no clauses, left out")
            continue
        row = [name, len(clauses)]
        for fn in ways.values():
            times = []
            for _ in range(args.rounds if len(clauses) < 100000 else 3):
                t0 = time.process_time()
                fn(clauses)
                times.append(time.process_time() - t0)
            row.append(f"{statistics.median(times) * 1e9 / len(clauses):.0f}")
        rows.append(row)
    print("CPU ns a clause, median; a fresh CaDiCaL 1.9.5 each time")
    print(table(["formula", "clauses", *ways], rows))


GC_GENRES = ["Nonogram", "TerraX", "Araf", "Nawabari", "Kuromasu", "Battleship", "Binairo",
             "Sudoku", "Masyu", "Slitherlink", "Galaxies", "Fillomino", "Shikaku", "Hidoku",
             "Tent", "Norinori", "NumberLink", "Shakashaka", "Foseruzu", "Nurikabe"]
GC_CHILD = """
import contextlib, gc, json, resource, sys, time
from satlink import engine, formats
from satlink.engine import search as s
from satlink.errors import InputError
if sys.argv[1] == "running":  # the engine pauses the collector while encoding: not here
    s.gc_paused = contextlib.nullcontext
if sys.argv[1] == "frozen":  # the objects alive after the imports never collected
    gc.collect()
    gc.freeze()
cpu = 0.0
for path in sys.argv[2:]:
    data = json.load(open(path))["data"]
    genre = path.rsplit("/", 1)[-1][:-5]
    for key in sorted(data)[::4]:
        try:  # a malformed record (peer.py lists them) is left out
            item = formats.load_text(data[key]["problem"], key, "grid-text", genre)[0]
        except InputError:
            continue
        if item.error is not None:
            continue
        gc.collect()
        c0 = time.process_time()
        engine.search(item.puzzle, item.instance, limit=2, deadline=time.perf_counter() + 10,
                      sliced=True)
        cpu += time.process_time() - c0
print(json.dumps([cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss]))
"""


def gc_pause(args) -> None:
    """Verdicts with the collector running, paused while encoding, or frozen."""
    files = [str(DATASETS / "puzzlekit-dev" / f"{g}.json") for g in (args.extra or GC_GENRES)]
    got: dict[str, list] = {"running": [], "paused": [], "frozen": []}
    for r in range(args.rounds):
        for variant in (list(got) if r % 2 == 0 else list(got)[::-1]):
            proc = subprocess.run([PYTHON, "-c", GC_CHILD, variant, *files], capture_output=True,
                                  text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
            if proc.returncode:
                raise SystemExit(proc.stderr[-2000:])
            got[variant].append(json.loads(proc.stdout))
    rows = [[v, f"{statistics.median(c for c, _ in got[v]):.2f}",
             f"{statistics.median(m for _, m in got[v]) / 1024:.0f}"] for v in got]
    print(f"verdicts of every 4th dev board of {len(files)} genres, {args.rounds} rounds, medians")
    print(table(["collector", "verdicts CPU s", "peak MB"], rows))


def main(argv: list[str] | None = None) -> argparse.Namespace:
    """Run the measure the arguments name; returns them (parsed), for tests."""
    args = parse(argv)
    if args.what in ("load", "gc"):
        compiled(ROOT)
    {"startup": startup, "folder": folder, "batch": batch, "load": load,
     "gc": gc_pause}[args.what](args)
    return args


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The arguments: everything after `--` goes to ``extra`` as it is
    (satlink options such as `--jobs 2`, genre names), wherever the options
    of this script stand (`gc --rounds 2 -- Nonogram` was refused: argparse
    gives a trailing positional nothing once an option follows the first)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    after = []
    if "--" in argv:
        at = argv.index("--")
        argv, after = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("startup", "folder", "batch", "load", "gc"))
    ap.add_argument("--rounds", type=int, default=None,
                    help="runs of each command (default: startup 15, folder 3, batch 2, load 20, gc 4)")
    ap.add_argument("--base", default=None,
                    help="the checkout to compare against, side by side (batch: c46d3ac"
                         " unless given)")
    ap.add_argument("--small", action="store_true", help="folder: the 40 Hashi files only")
    ap.add_argument("extra", nargs="*",
                    help="gc: genre names; further satlink options after --")
    args = ap.parse_intermixed_args(argv)
    args.extra = [*args.extra, *after]
    args.base_of = args.base  # startup and folder: None means this checkout alone
    if args.base is None:
        args.base = "c46d3ac"
    if args.rounds is None:
        args.rounds = {"startup": 15, "folder": 3, "batch": 2, "load": 20, "gc": 4}[args.what]
    if args.rounds < 1:
        ap.error("--rounds: at least 1 (each figure is a median of the rounds)")
    return args


if __name__ == "__main__":
    main()

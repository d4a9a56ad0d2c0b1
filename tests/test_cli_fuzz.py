"""The command line fuzzed (issue 20, item 5): every command, with random
combinations of its options, on valid files, malformed ones (mutated as in
``tests/fuzzing.py``), missing ones and folders, and on output paths that
cannot be written (a folder, a file where a folder goes, a missing parent,
a full disk), run in this process through ``satlink.cli.main``.

Whatever the case: no exception escapes ``main`` and no traceback is
printed; the exit code is one of the README's table; no temporary file is
left beside an output; and an output path is left as it was unless the
exit code is one with which the README says the command writes it: 0 for
all; also 1, 3, 5 and 7 for ``solve --svg`` (the first solution or the
puzzle, whatever the verdict), 3 and 7 for ``--proof`` (a certified
``none``; a certified ``unique`` that differs from the file's solution),
5 for ``minimize -o`` (the best set when the time runs out), and every
code but 2 for ``check --output`` (each result as it comes, input errors
included). When one output fails at the end (a full disk after the work),
the others may have been written whole before it.
"""
from __future__ import annotations

import itertools
import json
import os
import resource
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink import external
from tests.fuzzing import DOCUMENTED, mutate, run_cli
from tests.trusting import INSTANCES

#: Small puzzles of every kind of answer: unique, an optimising one, a
#: structure genre, a clue-sentence genre.
VALID = [INSTANCES / p for p in ("sudoku/six.pzl", "hashi/tiny.pzl", "slitherlink/small-5x5.pzl",
                                 "battleship/small.pzl", "zebra/three-houses.pzl",
                                 "circuitboard/small-6x6.pzl",
                                 "circuitboard/shortest/shortest-6x6.pzl")]
#: The README's exit codes, less 130 (no Ctrl-C here).
CODES = DOCUMENTED - {130}
EXAMPLES = 300
TIMEOUT = "2"

#: What each output may be, and the codes with which its command writes it.
FILE, FOLDER = "file", "folder"
WRITES = {("solve", "--svg"): {0, 1, 3, 5, 7}, ("solve", "--proof"): {0, 3, 7},
          ("check", "--proof"): {0, 3, 7}, ("check", "--output"): CODES - {2},
          ("minimize", "-o"): {0, 5}}


class Workdir:
    """A fresh folder per case under one module folder, with the bad paths."""

    def __init__(self, root: Path):
        self.root = root
        self.count = itertools.count()

    def fresh(self) -> Path:
        d = self.root / f"case{next(self.count)}"
        d.mkdir()
        (d / "a-file").write_text("keep me\n")
        (d / "a-folder").mkdir()
        return d


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Workdir:
    return Workdir(tmp_path_factory.mktemp("clifuzz"))


@pytest.fixture(scope="module")
def bounded_memory():
    """The design commands run in this process without a memory limit (the
    README says so): should a case ever want gigabytes, it fails here with
    a MemoryError instead of bringing the machine to its knees."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as fh:
        size = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    cap = size + (4 << 30)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft == resource.RLIM_INFINITY or soft > cap:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.fixture(scope="module")
def answers(tmp_path_factory) -> dict[str, Path]:
    """Answers for ``decode``: a real one for six.pzl, UNSAT, junk."""
    from pysat.solvers import Solver

    from satlink.formats import load

    d = tmp_path_factory.mktemp("answers")
    item = load(str(INSTANCES / "sudoku" / "six.pzl"))[0]
    cnf = [[int(x) for x in line.split()[:-1]] for line in external.dimacs(item).splitlines()
           if line and line[0] not in "cp"]
    with Solver(name="cadical195", bootstrap_with=cnf) as s:
        assert s.solve()
        model = s.get_model()
    out = {"six": d / "six.answer", "unsat": d / "unsat.answer", "junk": d / "junk.answer"}
    out["six"].write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    out["unsat"].write_text("s UNSATISFIABLE\n")
    out["junk"].write_text("v 1 two 3\n")
    return out


# -- strategies -------------------------------------------------------------------------
def output_path(kind: str):
    """A name for an output of ``kind`` in the case folder: good, or one
    that cannot be written."""
    good = ["out.svg"] if kind == FILE else ["outdir"]
    bad = ["a-folder", "a-file/out", "nowhere/deeper/out", "/dev/full"] if kind == FILE \
        else ["a-file", "a-file/out"]
    return st.sampled_from(good * 3 + bad)


@st.composite
def puzzle_file(draw, work_dir: Path):
    """A valid file, a mutated one, a missing one or a folder."""
    kind = draw(st.sampled_from(["valid"] * 4 + ["mutated"] * 3 + ["missing", "folder"]))
    src = draw(st.sampled_from(VALID))
    if kind == "valid":
        return str(src)
    if kind == "missing":
        return str(work_dir / "no-such.pzl")
    if kind == "folder":
        return str(work_dir / "a-folder")
    rng = draw(st.randoms(use_true_random=False))
    path = work_dir / f"mutated{src.suffix}"
    path.write_bytes(mutate(rng, src.read_text()))
    return str(path)


def flag(name: str):
    return st.sampled_from([[], [], [name]])


def option(name: str, values):
    return st.one_of(st.just([]), st.just([]), st.sampled_from(values).map(lambda v: [name, v]))


def common(solving: bool):
    parts = [option("--format", ["pzl", "grid-text", "sudoku-lines", "nosuch"]),
             option("--type", ["sudoku", "circuitboard", "nosuch"]),
             option("--fill", ["all", "any"]), option("--touch", ["yes", "no"])]
    if solving:
        parts += [option("--solver", ["glucose4", "minisat22", "nosuch"]),
                  st.sampled_from([["--timeout", TIMEOUT]] * 6 + [["--timeout", "0.2"],
                                  ["--timeout", "-1"], ["--timeout", "nan"]]),
                  option("--max-memory", ["none", "512M", "1e30", "12Q", "10M"])]
    return parts


@st.composite
def case(draw, work: Workdir, answers: dict):
    """(argv, {output option: (path, kind)}) of one command line."""
    d = work.fresh()
    command = draw(st.sampled_from(["solve", "check", "count", "dimacs", "decode", "draw",
                                    "fmt", "minimize", "analyze", "generate", "list"]))
    argv: list[str] = [command]
    outputs: dict[str, tuple[str, str]] = {}

    def out(name: str, kind: str) -> list[str]:
        if not draw(st.booleans()):
            return []
        rel = draw(output_path(kind))
        path = rel if rel.startswith("/") else str(d / rel)
        outputs[name] = (path, kind)
        return [name, path]

    parts: list = []
    if command in ("solve", "check"):
        argv.append(draw(puzzle_file(d)))
        parts = [flag("--json"), *common(True)]
        if command == "solve":
            parts += [flag("--first")]
            argv += out("--svg", FILE)
        else:
            argv += out("--output", FILE)
            parts += [option("--jobs", ["0", "1", "2", "1000", "-1"]), flag("--resume"),
                      flag("--strict"), flag("--redundant"), flag("--no-progress"),
                      option("--dask", ["tcp://127.0.0.1:9"])]
        certify = draw(st.booleans())
        if certify:
            argv.append("--certify")
        if certify or draw(st.integers(0, 9)) == 0:  # --proof alone: a usage error
            argv += out("--proof", FOLDER)
    elif command == "count":
        argv.append(draw(puzzle_file(d)))
        parts = [option("--limit", ["1", "3", "0", "x"]), flag("--json"), *common(True)]
    elif command == "dimacs":
        argv.append(draw(puzzle_file(d)))
        argv += out("-o", FILE)
        parts = common(True)
    elif command == "decode":
        argv += [draw(puzzle_file(d)), str(draw(st.sampled_from(sorted(answers.values()))))]
        parts = [flag("--json"), *common(True)]
    elif command == "draw":
        argv.append(draw(puzzle_file(d)))
        argv += out("-o", FILE)
        parts = [flag("--solution"), flag("--text"), *common(False)]
    elif command == "fmt":
        argv.append(draw(puzzle_file(d)))
        parts = [flag("--url"), *common(False)]
    elif command == "minimize":
        argv.append(draw(puzzle_file(d)))
        argv += out("-o", FILE)
        parts = [flag("--minimum"), option("--keep", ["r1c1", "r1c1-r1c2", "row9", "junk"]),
                 option("--only", ["r1c1,r2c2", "junk"]), option("--seed", ["1", "x"]),
                 flag("--url"), flag("--json"), *common(True)]
    elif command == "analyze":
        argv.append(draw(puzzle_file(d)))
        parts = [option("--target", [str(p) for p in VALID[:2]]), flag("--json"),
                 *common(True)]
    elif command == "generate":
        argv.append(draw(st.sampled_from(["sudoku", "circuitboard", "battleship", "hashi",
                                          "nosuch"])))
        argv += out("-o", FOLDER)
        argv += out("--solutions", FILE)
        parts = [option("--size", ["4", "4x4", "5x4", "9", "0", "x"]),
                 option("--count", ["1", "2", "0"]), option("--seed", ["0", "3"]),
                 st.sampled_from([[], [], ["--minimal"], ["--minimum"]]),
                 option("--from-solution", [str(p) for p in VALID[:2]]),
                 option("--fleet", ["2,1", "x"]), option("--jobs", ["1", "2", "1000"]),
                 *common(True)]
    for part in parts:
        argv += draw(part)
    return argv, outputs


# -- judging ---------------------------------------------------------------------------
def state(path: str):
    p = Path(path)
    if not p.exists():
        return None
    if p.is_dir():
        return ("folder", sorted(str(q.relative_to(p)) for q in p.rglob("*")))
    if not p.is_file():
        return ("device",)
    return ("file", p.read_bytes())


def temporaries(path: str) -> list[str]:
    """Temporary files of a write into ``path`` left beside it."""
    parent = Path(path).parent
    if not parent.is_dir():
        return []
    return [q.name for q in parent.iterdir() if q.name.startswith(f".{Path(path).name}.")]


@pytest.mark.slow
@settings(deadline=None, derandomize=True, max_examples=EXAMPLES, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_every_command_with_random_options(data, work, answers, bounded_memory):
    argv, outputs = data.draw(case(work, answers), label="argv")
    before = {name: state(path) for name, (path, _) in outputs.items()}
    res = run_cli(argv)
    where = f"satlink {' '.join(argv)} -> {res.code!r}\n{res.err[-2000:]}"
    assert res.exc is None, where + "\n" + res.exc
    assert "Traceback" not in res.err, where
    assert res.code in CODES, where
    if "--json" in argv and argv[0] in ("solve", "check", "count") and res.code != 2:
        for line in res.out.splitlines():
            json.loads(line)
    for name, (path, _) in outputs.items():
        assert temporaries(path) == [], where
        # another output that failed at the end (a full disk) leaves this one whole
        late = res.code == 2 and any(f"cannot write {other}:" in res.err
                                     for other, _ in outputs.values() if other != path)
        if res.code not in WRITES.get((argv[0], name), {0}) and not late:
            assert state(path) == before[name], f"{name} {path} changed\n{where}"


def test_the_fuzz_reaches_every_command_and_bad_path(work, answers):
    """The strategy is not vacuous: over a fixed sample every command comes,
    every bad path is tried, and both clean and refused runs occur."""
    commands, paths = set(), set()

    @settings(deadline=None, derandomize=True, max_examples=400, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(data=st.data())
    def sample(data):
        argv, outputs = data.draw(case(work, answers))
        commands.add(argv[0])
        for path, kind in outputs.values():
            paths.add((Path(path).name if not path.startswith("/dev") else path, kind))

    sample()
    assert commands == {"solve", "check", "count", "dimacs", "decode", "draw", "fmt",
                        "minimize", "analyze", "generate", "list"}
    assert {("a-folder", FILE), ("out", FILE), ("/dev/full", FILE), ("a-file", FOLDER),
            ("out", FOLDER)} <= paths

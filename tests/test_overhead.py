"""Per-puzzle overhead (issue 22): honest statistics, the parser cache, and
the imports a command makes."""
import json
import subprocess
import sys
import time

import lark
import pytest

import satlink
from satlink import engine, lark_parsers
from tests.helpers import ROOT

CLASSIC = ROOT / "instances" / "sudoku" / "classic.pzl"


def parts(stats) -> float:
    return stats.encode_seconds + stats.load_seconds + stats.solve_seconds


def covered(run, rounds: int = 5) -> list[float]:
    """The share of each of ``rounds`` timed calls of ``run`` (which returns
    its result's stats) that its parts account for. The parts are clock
    times too, so time this process spends off the CPU between them (a
    loaded machine) lowers a share, never raises it: the best of a few
    shows an uncounted part, a single one may only show the load."""
    shares = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        stats = run()
        shares.append(parts(stats) / (time.perf_counter() - t0))
    return shares


def test_a_verdicts_times_are_its_parts():
    item = satlink.load(CLASSIC)[0]
    result = engine.search(item.puzzle, item.instance)
    s = result.stats
    assert result.verdict == "unique"
    assert s.encode_seconds > 0 and s.load_seconds > 0 and s.solve_seconds > 0
    shares = covered(lambda: engine.search(item.puzzle, item.instance).stats)
    assert max(shares) >= 0.9 and max(shares) <= 1, shares


def test_loading_is_counted_apart_from_solving():
    """A formula whose load dwarfs its search: the time goes to load."""
    item = satlink.load(CLASSIC)[0]
    enc = engine.encode(item.puzzle, item.instance)
    f = enc.formula
    extra = f.new_aux()
    f.extend([extra, -v] for v in range(1, 20001) for _ in range(10))  # 200,000 clauses
    with engine.Session(item.puzzle, enc) as session:
        result = session.solve(item.instance)
        built = session.built_seconds
    assert result.verdict == "unique" and built > 0
    assert session.load_total == pytest.approx(built + result.stats.load_seconds)


def test_counting_and_batches_account_for_every_part():
    item = satlink.load(CLASSIC)[0]
    assert engine.count_here(item.puzzle, item.instance, limit=5).verdict == "unique"
    shares = covered(lambda: engine.count_here(item.puzzle, item.instance, limit=5).stats)
    assert max(shares) >= 0.9 and max(shares) <= 1, shares
    firsts, laters = [], []
    for _ in range(5):
        with engine.BatchSolver(item.puzzle) as batch:
            for first, share in ((True, firsts), (False, laters)):
                t0 = time.perf_counter()
                result = batch.solve(item.instance)
                took = time.perf_counter() - t0
                s = result.stats
                assert result.verdict == "unique"
                share.append(parts(s) / took)
                # the shared solver is built (and loaded) for the first puzzle only
                assert (s.load_seconds > 0) if first else (s.load_seconds < s.encode_seconds + 0.01)
    for shares in (firsts, laters):
        assert max(shares) >= 0.9 and max(shares) <= 1, shares


def test_check_json_reports_the_load_apart(capsys):
    from satlink.cli import main

    assert main(["check", str(CLASSIC), "--json", "--max-memory", "none"]) == 0
    stats = json.loads(capsys.readouterr().out)["stats"]
    assert stats["load_seconds"] > 0
    assert set(stats) >= {"parse_seconds", "encode_seconds", "load_seconds", "solve_seconds"}


# -- the parser, built once ------------------------------------------------------------
BAD = "puzzle sudoku\nsize 4\ngrid\n  1 . . .\n  . . . .\n\n. . 2 .\n"


def test_the_parser_is_cached_per_user_and_parses_alike(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    built = lark_parsers.build_parser("pzl", propagate_positions=True)
    [cached] = list((tmp_path / "satlink").glob("pzl-*.lark"))
    assert (tmp_path / "satlink").stat().st_mode & 0o077 == 0  # private to the user
    loaded = lark_parsers.build_parser("pzl", propagate_positions=True)
    text = CLASSIC.read_text()
    assert loaded.parse(text) == built.parse(text)
    tree = loaded.parse(text)
    assert tree.children[0].meta.line == built.parse(text).children[0].meta.line
    # another grammar, or other options, is another file
    lark_parsers.build_parser("zebra")
    lark_parsers.build_parser("pzl")
    assert len(list((tmp_path / "satlink").glob("*.lark"))) == 3
    assert not list((tmp_path / "satlink").glob(".*"))  # no temporary left behind


def test_a_damaged_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    lark_parsers.build_parser("pzl", propagate_positions=True)
    [cached] = list((tmp_path / "satlink").glob("pzl-*.lark"))
    cached.write_bytes(cached.read_bytes()[:200])
    parser = lark_parsers.build_parser("pzl", propagate_positions=True)
    assert parser.parse(CLASSIC.read_text()).data == "start"


def test_without_a_writable_cache_the_parser_is_built_as_before(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert lark_parsers.cache_dir() is None
    parser = lark_parsers.build_parser("pzl", propagate_positions=True)
    assert isinstance(parser, lark.Lark) and parser.parse(CLASSIC.read_text())


def test_syntax_errors_read_the_same_from_a_cached_parser(tmp_path):
    """The same messages (line, column, caret) in a process whose parser
    came from the cache as in one that built it."""
    code = ("import sys, satlink.lang as l\n"
            "try:\n    l.parse_text(sys.stdin.read(), 't.pzl')\n"
            "except Exception as e:\n    print(e.render())\n")
    env = {"XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.run([sys.executable, "-c", code], input=BAD, capture_output=True,
                           text=True, env=env) for _ in range(2)]
    assert list((tmp_path / "satlink").glob("pzl-*.lark"))
    assert runs[0].stdout == runs[1].stdout and "t.pzl:7:1: error:" in runs[0].stdout


# -- imports a command does not need ------------------------------------------------------
def imported_by(args: list[str]) -> set[str]:
    code = ("import sys, io, contextlib\n"
            "from satlink.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main({args!r})\n"
            "print(' '.join(sorted(sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    return set(proc.stdout.split())


def test_solve_imports_only_what_it_uses():
    mods = imported_by(["solve", "--max-memory", "none", str(CLASSIC)])
    assert "satlink.puzzles.sudoku" in mods
    unneeded = {"satlink.render.svg", "xml.sax.saxutils", "urllib.request", "http.client",
                "networkx", "satlink.design", "satlink.puzzles.hashi",
                "satlink.formats.hashi_has", "importlib.resources",
                "satlink.checking", "satlink.check_children", "satlink.certify",
                "satlink.formats.pzprjs",
                # a plain .pzl file is read without lark; hashlib and ctypes are
                # not needed to solve (issue 22: 3 and 2 ms of every start)
                "lark", "hashlib", "ctypes",
                # a file name is no URL: the puz.link reader is not imported to say so
                "satlink.formats.puzzlink",
                # the other commands' modules (and the JSON they print)
                "satlink.cli_design", "satlink.cli_explain", "satlink.cli_serve", "json"}
    assert not mods & unneeded


def test_a_kit_class_without_a_docstring_asks_inspect_for_no_signature(monkeypatch):
    """``@frozen``/``@record`` give a class without a docstring one from its
    fields, not from ``inspect.signature``, which dataclass would call (it
    parses text: a few ms of each start, for three classes of `solve`)."""
    import inspect

    from satlink.records import frozen, record

    def refuse(*args, **kwargs):
        raise RuntimeError("inspect.signature")

    monkeypatch.setattr(inspect, "signature", refuse)

    @frozen
    class Cell:
        row: int
        col: int = 0

    @record
    class Bag:
        items: list

    assert Cell.__doc__ == "Cell(row, col)" and Cell(1) == Cell(1, 0)
    assert Bag.__doc__ == "Bag(items)" and Bag([1]).items == [1]


def test_svg_writer_is_imported_when_a_picture_is_asked_for(tmp_path):
    svg = tmp_path / "p.svg"
    mods = imported_by(["solve", "--max-memory", "none", "--svg", str(svg), str(CLASSIC)])
    assert "satlink.render.svg" in mods and svg.read_text().startswith("<svg")


# -- clause loading ---------------------------------------------------------------------
def test_clauses_reach_cadical_directly_and_other_solvers_through_pysat(monkeypatch):
    from pysat.solvers import Solver

    from satlink.engine.solvers import add_clauses

    def refuse(self, formula, no_return=True):
        raise AssertionError("append_formula was called")

    # a Slitherlink: the Sudoku instances are decided by narrowing before encoding (no clauses)
    item = satlink.load(sorted((ROOT / "instances" / "slitherlink").glob("*.pzl"))[0])[0]
    clauses = engine.encode(item.puzzle, item.instance).formula.clauses
    with monkeypatch.context() as m:
        m.setattr(Solver, "append_formula", refuse)
        direct = Solver(name="cadical195")
        add_clauses(direct, "cadical195", clauses)
        assert direct.nof_clauses() == Solver(name="cadical195",
                                              bootstrap_with=clauses).nof_clauses() > 0
        assert direct.solve()
        direct.delete()
        with pytest.raises(AssertionError, match="append_formula"):
            add_clauses(Solver(name="glucose4"), "glucose4", clauses)
    # the same verdicts, counts and solutions either way
    for solver in ("cadical195", "glucose4", "minisat22"):
        result = engine.search(item.puzzle, item.instance, solver=solver)
        assert result.verdict == "unique" and result.solutions == [item.expected]
    empty = Solver(name="cadical195")
    add_clauses(empty, "cadical195", [[1, 2], [-1], [-2]])
    assert empty.solve() is False
    add_clauses(empty, "cadical195", [[]])
    assert empty.solve() is False


def test_the_engine_makes_cadical_from_its_class_and_loads_it_directly(monkeypatch):
    """``new_solver``: CaDiCaL's python-sat class itself (no ``Solver``
    dispatcher), whose clauses ``clause_loader`` still hands to the C
    function; any other solver through ``Solver``. Each answers as python-sat's
    ``Solver`` of that name does, cores included."""
    from pysat import solvers as ps

    from satlink.engine.solvers import clause_loader, new_solver

    def refuse(self, formula, no_return=True):
        raise AssertionError("append_formula was called")

    clauses = [[1, 2], [-1, 3], [-2, 3], [-3, 4]]
    for name, cls in (("cadical195", ps.Cadical195), ("cadical153", ps.Cadical153),
                      ("glucose4", ps.Solver), ("minisat22", ps.Solver)):
        solver = new_solver(name)
        assert type(solver) is cls, name
        with monkeypatch.context() as m:
            if cls is not ps.Solver:
                m.setattr(cls, "append_formula", refuse)
            clause_loader(solver, name)(clauses)
        with ps.Solver(name=name, bootstrap_with=clauses) as reference:
            assert solver.solve(assumptions=[-4]) is reference.solve(assumptions=[-4]) is False
            assert sorted(solver.get_core()) == sorted(reference.get_core()) == [-4]
            solver.conf_budget(1000)
            assert solver.solve_limited(assumptions=[1]) is True
            model = solver.get_model()
            assert (model[0], model[2], model[3]) == (1, 3, 4), name
        solver.delete()


def test_commands_that_verify_nothing_do_not_import_networkx():
    """networkx (0.15 s to import) is for the verifiers, which solve calls;
    `fmt` and `dimacs` of a loop genre never need it."""
    masyu = str(ROOT / "instances" / "masyu" / "small-5x5.pzl")
    assert "networkx" not in imported_by(["fmt", masyu])
    assert "networkx" not in imported_by(["dimacs", masyu])


def test_commands_kept_elsewhere_are_named_where_the_cli_finds_them():
    """``satlink.cli.ELSEWHERE`` names each other module's commands (their
    modules are imported only when one of them runs), and every command
    runs through :func:`satlink.cli.command_function`."""
    import importlib

    from satlink import cli

    for name, commands in cli.ELSEWHERE.items():
        module = importlib.import_module(f"satlink.{name}")
        assert set(module.COMMANDS) == set(commands)
        for command in commands:
            assert cli.command_function(command) is module.COMMANDS[command]
    full = cli.build_parser()
    listed = set(full._subparsers._group_actions[0].choices)
    assert listed == set(cli.COMMANDS) | {c for cs in cli.ELSEWHERE.values() for c in cs}

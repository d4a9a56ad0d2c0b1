"""Engine: verdicts, lazy cut loop, time limits, solver choice, verification."""
import time
from types import SimpleNamespace

import pytest

import satlink
from satlink import engine
from satlink.errors import UsageError
from satlink.formula import Formula
from tests.helpers import load_pzl

EMPTY4 = "puzzle sudoku\nsize 4\ngrid\n" + "  . . . .\n" * 4


def pigeonhole(holes: int) -> SimpleNamespace:
    """A stand-in puzzle: holes+1 pigeons in ``holes`` holes (unsatisfiable, hard)."""
    def encode(inst, f, complete=False):
        p = [[f.var("p", i, j) for j in range(holes)] for i in range(holes + 1)]
        for row in p:
            f.add(row)
        for j in range(holes):
            f.at_most_one([p[i][j] for i in range(holes + 1)], encoding="pairwise")
        f.declare_answer(v for row in p for v in row)

    return SimpleNamespace(NAME="php", encode=encode, decode=lambda i, m: None,
                           verify=lambda i, s: [])


def test_timeout_interrupts_a_hard_solver_call():
    t0 = time.perf_counter()
    result = engine.solve(pigeonhole(12), None, timeout=0.5)
    elapsed = time.perf_counter() - t0
    assert result.verdict == "unknown" and not result.complete
    assert elapsed < 5


@pytest.mark.parametrize("solver", ["cadical195", "glucose4", "minisat22"])
def test_any_pysat_solver_by_name(solver):
    result = satlink.solve(load_pzl(EMPTY4), limit=300, solver=solver)
    assert result.count == 288


def test_unknown_solver_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown solver"):
        satlink.solve(load_pzl(EMPTY4), solver="nosuch")


def test_lazy_cuts_loop_until_the_rule_holds():
    """A stand-in puzzle whose only rule is lazy: at most one of 4 variables.
    The engine must keep cutting until every reported solution obeys it."""
    def encode(inst, f, complete=False):
        xs = [f.var("x", i) for i in range(4)]
        f.declare_answer(xs)
        if complete:
            f.at_most_one(xs)

    def cuts(inst, model):
        on = [model.formula.var("x", i) for i in range(4) if model["x", i]]
        return [[-a, -b] for a in on for b in on if a < b]

    def decode(inst, model):
        return tuple(i for i in range(4) if model["x", i])

    puzzle = SimpleNamespace(NAME="amo", encode=encode, cuts=cuts, decode=decode,
                             verify=lambda i, s: [] if len(s) <= 1 else ["two on"])
    lazy = engine.solve(puzzle, None, limit=100)
    eager = engine.solve(puzzle, None, limit=100, complete=True)
    assert sorted(lazy.solutions) == sorted(eager.solutions) == [(), (0,), (1,), (2,), (3,)]
    assert lazy.stats.cuts > 0 and lazy.stats.calls > lazy.count


def test_a_solution_that_fails_verify_is_never_reported():
    def encode(inst, f, complete=False):
        f.declare_answer([f.var("x")])

    puzzle = SimpleNamespace(NAME="liar", encode=encode, decode=lambda i, m: 1,
                             verify=lambda i, s: ["always wrong"])
    with pytest.raises(engine.VerificationError, match="always wrong"):
        engine.solve(puzzle, None)


def test_stats_are_filled():
    result = satlink.solve(load_pzl(EMPTY4))
    s = result.stats
    assert s.variables == 64 and s.clauses > 0 and s.calls == 2 and s.solve_seconds > 0


def test_formula_is_never_touched_by_the_solver():
    f = Formula()
    satlink.puzzles.get("sudoku").encode(load_pzl(EMPTY4).instance, f)
    n = len(f.clauses)
    with engine.Session(satlink.puzzles.get("sudoku"), f) as s:
        s.solve(load_pzl(EMPTY4).instance, limit=3)
    assert len(f.clauses) == n

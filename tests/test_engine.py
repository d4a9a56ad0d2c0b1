"""Engine: verdicts, lazy cut loop, time limits, solver choice, verification."""
import os
import time
from types import SimpleNamespace

import pytest

import satlink
from satlink import children, engine
from satlink.contract import Objective
from satlink.errors import UsageError
from tests.helpers import ROOT, load_pzl, pigeonhole, stand_in

EMPTY4 = "puzzle sudoku\nsize 4\ngrid\n" + "  . . . .\n" * 4


def test_timeout_interrupts_a_hard_solver_call():
    t0 = time.perf_counter()
    result = engine.solve(pigeonhole(12), None, timeout=0.5)
    elapsed = time.perf_counter() - t0
    assert result.verdict == "unknown" and not result.complete
    assert elapsed < 5


def test_a_search_that_ignores_the_clock_is_stopped_at_the_deadline():
    """Work that no check of the clock can cut short (here a cut finder that
    sleeps; in practice a long CaDiCaL call, which PySAT cannot interrupt, or
    a long encoding) runs in a child process stopped soon after the deadline."""
    puzzle = amo_puzzle()
    puzzle.cuts = lambda model: time.sleep(60)
    t0 = time.perf_counter()
    result = engine.solve(puzzle, None, timeout=0.3)
    elapsed = time.perf_counter() - t0
    assert result.verdict == "unknown" and not result.complete and result.solutions == []
    assert "time limit of 0.3 s" in result.reason
    assert elapsed < 0.3 + children.KILL_GRACE + 2


def test_an_encoding_that_ignores_the_clock_is_stopped_at_the_deadline():
    puzzle = amo_puzzle()
    puzzle.encode = lambda inst, f, complete=False: time.sleep(60)
    t0 = time.perf_counter()
    result = engine.solve(puzzle, None, timeout=0.3)
    assert result.verdict == "unknown" and time.perf_counter() - t0 < 0.3 + children.KILL_GRACE + 2


def test_memory_limit_gives_unknown_with_the_reason():
    def greedy(inst, f, complete=False):
        hog = [bytearray(1 << 20) for _ in range(2048)]  # 2 GiB
        return len(hog)

    puzzle = amo_puzzle()
    puzzle.encode = greedy
    result = engine.solve(puzzle, None, max_memory=512 << 20)
    assert result.verdict == "unknown" and "memory limit of 512 MiB" in result.reason


def test_a_search_process_that_dies_is_an_error_not_a_verdict():
    puzzle = amo_puzzle()
    puzzle.cuts = lambda model: os._exit(3)  # as if killed
    with pytest.raises(RuntimeError, match="exit code 3"):
        engine.solve(puzzle, None, timeout=30)


def test_a_limit_that_does_not_strike_changes_no_solver_call():
    """The search under a time limit makes the very calls it makes without
    one (issue 11, defect 8: slices of search had changed it; on this open
    40 x 40 Slitherlink, 36 calls and 1,162 cuts against 15 and 352)."""
    item = load_pzl("puzzle slitherlink\nsize 40\ngrid\n" + ("  " + ". " * 40 + "\n") * 40)
    plain = satlink.solve(item)
    limited = satlink.solve(item, timeout=60)
    assert plain.verdict == limited.verdict == "multiple"
    assert limited.solutions == plain.solutions
    assert (limited.stats.calls, limited.stats.cuts) == (plain.stats.calls, plain.stats.cuts)


def test_a_forked_search_answers_as_one_in_process():
    plain = satlink.solve(load_pzl(EMPTY4), limit=300)
    forked = satlink.solve(load_pzl(EMPTY4), limit=300, timeout=60)
    assert forked.count == 288 and sorted(map(str, forked.solutions)) == sorted(
        map(str, plain.solutions))
    counted = satlink.count(load_pzl(EMPTY4), limit=1000, timeout=60)
    assert counted.count == 288
    with pytest.raises(engine.VerificationError, match="always wrong"):  # errors cross over
        engine.solve(liar_puzzle(), None, timeout=60)


@pytest.mark.parametrize("solver", ["cadical195", "glucose4", "minisat22"])
def test_any_pysat_solver_by_name(solver):
    result = satlink.solve(load_pzl(EMPTY4), limit=300, solver=solver)
    assert result.count == 288


def test_unknown_solver_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown solver"):
        satlink.solve(load_pzl(EMPTY4), solver="nosuch")


def amo_puzzle(free: int = 0, **hooks):
    """A stand-in puzzle whose only rule is lazy: at most one of x0..x3 is
    true; ``free`` more variables y0.. are unconstrained. A solution is
    (the x's on, the y's on); ``hooks`` adds module functions."""
    def build(f, options):
        xs = [f.var("x", i) for i in range(4)]
        f.declare_answer(xs + [f.var("y", i) for i in range(free)])
        if options.complete:
            f.at_most_one(xs)

    def cuts(model):
        on = [model.formula.var("x", i) for i in range(4) if model["x", i]]
        return [[-a, -b] for a in on for b in on if a < b]

    def decode(model):
        return (tuple(i for i in range(4) if model["x", i]),
                tuple(i for i in range(free) if model["y", i]))

    puzzle = stand_in("amo", build, decode,
                      verify=lambda i, s: [] if len(s[0]) <= 1 else ["two on"], **hooks)
    puzzle.cuts = cuts
    return puzzle


def test_lazy_cuts_loop_until_the_rule_holds():
    """The engine must keep cutting until every reported solution obeys the
    lazy rule of the stand-in puzzle."""
    puzzle = amo_puzzle()
    lazy = engine.solve(puzzle, None, limit=100)
    eager = engine.solve(puzzle, None, limit=100, complete=True)
    assert sorted(lazy.solutions) == sorted(eager.solutions)
    assert sorted(s[0] for s in lazy.solutions) == [(), (0,), (1,), (2,), (3,)]
    assert lazy.stats.cuts > 0 and lazy.stats.calls > lazy.count


def focus_puzzle(forbid_all: bool = False):
    """A stand-in with verdict-mode hooks: at least one of x0..x3 (at most one,
    lazily). Its ``focus`` first assumes one selector per x forbidding it,
    then drops the selectors the core names; ``forbid_all`` makes the
    formula itself unsatisfiable."""
    seen = []

    def build(f, options):
        xs = [f.var("x", i) for i in range(4)]
        f.add(xs)
        if forbid_all:
            for x in xs:
                f.add([-x])
        f.declare_answer(xs)

    def focus(enc, failed):
        f = enc.formula
        seen.append(failed)
        if failed is None:
            sels = {}
            for i in range(4):
                sels[i] = f.new_aux()
                f.add([-sels[i], -f.var("x", i)])
            focus.sels = sels
        else:
            focus.sels = {i: s for i, s in focus.sels.items() if s not in failed}
        return list(focus.sels.values())

    def decode(model):
        return tuple(i for i in range(4) if model["x", i]), ()

    amo = amo_puzzle()
    puzzle = stand_in("focus", build, decode, amo.verify, alternative=lambda enc, sol: None,
                      focus=focus)
    puzzle.cuts = amo.cuts
    return puzzle, seen


def test_focus_widens_by_the_core_and_never_hides_a_verdict():
    """With limit 1 the first search runs under the puzzle's ``focus``
    assumptions; an unsatisfiable try widens it by the solver's core, and a
    core without focus literals means no solution at all."""
    puzzle, seen = focus_puzzle()
    res = engine.solve(puzzle, None, limit=1)  # one of several: "solved", never "unique"
    assert res.verdict == "solved" and len(res.solutions[0][0]) == 1
    assert seen[0] is None and len(seen) >= 2 and all(seen[1:])  # widened by cores
    puzzle, seen = focus_puzzle(forbid_all=True)
    res = engine.solve(puzzle, None, limit=1)
    assert res.verdict == "none" and res.complete and len(seen) == 1
    puzzle, seen = focus_puzzle()
    res = engine.solve(puzzle, None, limit=2)  # a verdict: no focus
    assert res.verdict == "multiple" and seen == []


def liar_puzzle() -> SimpleNamespace:
    """A stand-in puzzle whose every solution fails ``verify``."""
    return stand_in("liar", lambda f, options: f.declare_answer([f.var("x")]),
                    decode=lambda m: 1, verify=lambda i, s: ["always wrong"])


def test_a_solution_that_fails_verify_is_never_reported():
    with pytest.raises(engine.VerificationError, match="always wrong"):
        engine.solve(liar_puzzle(), None)


def test_one_solution_asked_is_solved_not_unique():
    """limit 1 stops at the first solution, so it never claims uniqueness;
    the verdict of the same puzzle with limit 2 is the real one."""
    one = satlink.solve(load_pzl(EMPTY4), limit=1)
    assert one.verdict == "solved" and one.count == 1 and not one.complete
    assert satlink.count(load_pzl(EMPTY4), limit=1).verdict == "solved"
    assert satlink.solve(load_pzl(EMPTY4), limit=2).verdict == "multiple"
    hard = satlink.load(ROOT / "instances" / "sudoku" / "escargot.pzl")[0]  # needs search
    assert satlink.solve(hard, limit=2).verdict == "unique"
    assert satlink.solve(hard, limit=1).verdict == "solved"


def test_stats_are_filled():
    result = satlink.solve(load_pzl(EMPTY4))
    s = result.stats
    assert s.variables == 64 and s.clauses > 0 and s.calls == 2 and s.solve_seconds > 0


def test_formula_is_never_touched_by_the_solver():
    enc = engine.encode(satlink.puzzles.get("sudoku"), load_pzl(EMPTY4).instance)
    f = enc.formula
    n = len(f.clauses)
    with engine.Session(satlink.puzzles.get("sudoku"), enc) as s:
        s.solve(load_pzl(EMPTY4).instance, limit=3)
    assert len(f.clauses) == n


def projected_puzzle(completions=None):
    """The stand-in puzzle with y0, y1 free, counted by projection on the x's:
    each projection has 4 completions (the y's)."""
    def count_projection(enc):
        return [enc.formula.var("x", i) for i in range(4)], False

    return amo_puzzle(2, count_projection=count_projection,
                      count_completions=completions or (lambda enc, m, d=None: 4))


def test_count_by_projection_matches_enumeration_and_honours_cuts():
    puzzle = projected_puzzle()
    plain = engine.solve(puzzle, None, limit=100)
    counted = engine.count(puzzle, None, limit=100)
    assert plain.count == counted.count == 20 and counted.complete
    assert len(counted.solutions) == 5 and counted.stats.cuts > 0  # one per projection
    assert sorted(s[0] for s in counted.solutions) == [(), (0,), (1,), (2,), (3,)]
    capped = engine.count(puzzle, None, limit=6)
    assert capped.count == 6 and not capped.complete and capped.verdict == "multiple"


def test_count_by_projection_checks_the_counter():
    with pytest.raises(engine.VerificationError, match="counted 0 solutions"):
        engine.count(projected_puzzle(lambda enc, m, d=None: 0), None, limit=100)
    clockless = projected_puzzle(lambda enc, m, d=None: None)  # the deadline always struck
    gave_up = engine.count(clockless, None, limit=100)
    # the solutions listed before counting remain a lower bound
    assert gave_up.count == engine.COUNT_PROBE + 1 and not gave_up.complete
    enc = engine.encode(clockless, None)
    with engine.Session(clockless, enc) as session:
        alone = engine.count_projections(session, None, enc.count_projection()[0], False, 100)
    assert alone.count == 1 and not alone.complete and alone.verdict == "unknown"


def test_count_without_the_hook_is_solve():
    puzzle = pigeonhole(3)
    assert engine.count(puzzle, None, limit=5).verdict == "none"
    assert satlink.count(load_pzl(EMPTY4), limit=1000).count == 288


INSTANCES = sorted((ROOT / "instances").rglob("*.pzl"))


@pytest.mark.slow
def test_every_solver_gives_the_default_verdict_on_every_instance():
    """Issue 11, defect 1: kissat (non-incremental) said "several solutions"
    on a unique Slitherlink and aborted the process on Battleship. Every
    solver this PySAT build offers must agree with the default one."""
    items = [satlink.load(path)[0] for path in INSTANCES]
    expected = [engine.search(i.puzzle, i.instance).verdict for i in items]
    assert set(expected) == {"unique"}  # the instances are written to be unique
    for name in engine.solver_names():
        got = [engine.search(i.puzzle, i.instance, solver=name).verdict for i in items]
        assert got == expected, name


@pytest.mark.slow
def test_a_non_incremental_solver_enumerates_and_counts_like_the_default():
    assert "incremental" not in engine.abilities("kissat404")
    assert satlink.solve(load_pzl(EMPTY4), limit=300, solver="kissat404").count == 288
    assert satlink.count(load_pzl(EMPTY4), limit=1000, solver="kissat404").count == 288


def test_a_repeated_solution_is_an_internal_error_not_a_second_one(monkeypatch):
    """Should a blocking clause be lost, the solver hands back the solution
    it found already: that must never count as a second solution."""
    monkeypatch.setattr(engine.Session, "add", lambda self, clauses: None)
    with pytest.raises(engine.VerificationError, match="already found"):
        engine.search(amo_puzzle(), None, limit=2, complete=True)


def test_a_solution_repeated_later_in_a_count_is_an_internal_error(monkeypatch):
    """The digests of the blocking clauses are made from the second solution
    on (the first one's then too): a later solution that repeats the first,
    or one after it, is caught all the same."""
    for lost in (1, 2):  # the first or the second blocking clause is lost
        added = []
        add = engine.Session.add

        def losing(self, clauses, lost=lost):
            added.append(clauses)
            if len(added) != lost:
                add(self, clauses)
        monkeypatch.setattr(engine.Session, "add", losing)
        with pytest.raises(engine.VerificationError, match="already found"):
            engine.search(amo_puzzle(), None, limit=4, complete=True)
        monkeypatch.undo()
    assert engine.search(amo_puzzle(), None, limit=6, complete=True).count == 5


def test_block_digest_reads_every_literal_in_order():
    digest = engine.session.block_digest
    clause = [-7, 3, -1, 12]
    assert digest(clause) == digest(list(clause))
    assert len({digest(clause), digest([-7, 3, -1]), digest([-7, 3, 1, 12]),
                digest([-7, 3, -1, 13])}) == 4


def optimizing_puzzle(ties: bool = False):
    """A stand-in optimising puzzle: exactly one of x0..x3, objective its
    index; with ``ties`` a free y doubles every solution."""
    def build(f, options):
        xs = [f.var("x", i) for i in range(4)]
        f.exactly_one(xs)
        f.declare_answer(xs + ([f.var("y")] if ties else []))

    def at_most(enc, bound):
        f = enc.formula
        sel = f.new_aux()
        f.extend([-sel, -f.var("x", i)] for i in range(bound + 1, 4))
        return [sel]

    def decode(model):
        return next(i for i in range(4) if model["x", i]), ties and model["y"]

    puzzle = stand_in("best", build, decode)
    puzzle.objective = Objective("index", value=lambda inst, sol: sol[0], bound=at_most)
    return puzzle


def test_an_optimising_puzzle_gets_its_least_value_proved_and_the_verdict_there():
    res = engine.solve(optimizing_puzzle(), None, limit=2)
    assert res.objective == 0 and res.verdict == "unique" and res.solutions[0][0] == 0
    assert res.descent == sorted(res.descent, reverse=True) and res.descent[-1] == 0
    tied = engine.solve(optimizing_puzzle(ties=True), None, limit=2)
    assert tied.objective == 0 and tied.verdict == "multiple"
    assert {s[0] for s in tied.solutions} == {0}  # both of least value
    # a limit before the proof: never a verdict about the best
    stuck = engine.search(optimizing_puzzle(), None, limit=2, deadline=time.perf_counter() - 1)
    assert stuck.verdict == "unknown" and stuck.objective is None


def test_hooks_are_recognised_as_typing_recognises_them():
    """``contract.implements`` (the engine's check for the optional hooks)
    answers as ``isinstance`` against the runtime-checkable protocols, for
    a hook present, missing, set to None, and a plain attribute."""
    from satlink.contract import Focusing, Projecting, Pruning, implements

    class Both:
        def focus(self, failed):
            return []

        def alternative(self, solution):
            return None

    class Half:  # one of Projecting's two methods
        def count_projection(self):
            return None

    objects = [Both(), Half(), SimpleNamespace(alternative=None),
               SimpleNamespace(alternative=lambda s: None), SimpleNamespace(focus=3), object()]
    for protocol in (Focusing, Pruning, Projecting):
        for obj in objects:
            assert implements(obj, protocol) == isinstance(obj, protocol), (protocol, obj)
    assert implements(Both(), Pruning) and not implements(Half(), Projecting)


def test_the_collector_is_paused_while_encoding_and_as_it_was_after(monkeypatch):
    """Python's cycle collector is off while a formula is built and loaded,
    back on for the search and after it, also when encoding raises; a
    caller that had turned it off finds it off."""
    import gc

    from satlink.engine.search import gc_paused

    seen = []
    puzzle = amo_puzzle()
    encode = puzzle.encode

    def spying(instance, f, options):
        seen.append(gc.isenabled())
        return encode(instance, f, options)

    puzzle.encode = spying
    assert engine.search(puzzle, None).verdict == "multiple"
    assert seen == [False] and gc.isenabled()

    def broken(instance, f, options):
        raise RuntimeError("an encoding bug")

    puzzle.encode = broken
    with pytest.raises(RuntimeError):
        engine.search(puzzle, None)
    assert gc.isenabled()

    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()

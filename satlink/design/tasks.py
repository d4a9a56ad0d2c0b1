"""The design commands as functions: minimize a puzzle, analyze it,
generate new ones. The CLI (:mod:`satlink.cli_design`) prints what they
return; tests and scripts call them directly."""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.search import search
from ..engine.solvers import DEFAULT_SOLVER
from . import designable, pick
from .analyze import Backbone, backbone, completion, conflict, redundant
from .clue_sets import Minimum, minimal, minimum
from .oracle import Bench, DesignError, Oracle, TimeUp, clock
from ..genre import Genre

#: Exit codes of a design question without an answer (the README's table).
EXIT_MULTIPLE, EXIT_NONE, EXIT_LIMIT = 1, 3, 5


def verdict(puzzle: Genre, inst, solver: str, deadline: float | None):
    """The engine's verdict (pruned where the genre prunes) with its solutions."""
    result = search(puzzle, inst, 2, solver, deadline)
    if result.verdict == "unknown":
        raise DesignError("time limit reached before the puzzle was solved", EXIT_LIMIT)
    return result


@dataclass
class Minimized:
    """A minimized puzzle: the instance with the chosen clues, its solution,
    the number of clues before, and the Minimum record of ``--minimum``."""

    instance: object
    solution: object
    clues: list
    before: int
    minimum: Minimum | None = None
    complete: bool = True  # False: a time limit stopped the minimization
    calls: int = 0


def minimize_puzzle(puzzle: Genre, inst, exact: bool = False, keep: str | None = None,
                    only: str | None = None, seed: int | None = None,
                    solver: str = DEFAULT_SOLVER, timeout: float | None = None,
                    report: Callable[[int, int], None] | None = None) -> Minimized:
    """The puzzle with the same unique solution and a minimal clue set
    (``exact``: a minimum one, proved, or the best and the bound when
    ``timeout`` strikes). ``keep``/``only`` name clues (``r3c4,row2``)
    that must stay / that alone may be used; ``seed`` shuffles the order in
    which a minimal set drops clues (default: reading order)."""
    designable(puzzle, "minimize")
    deadline = clock(timeout)
    result = verdict(puzzle, inst, solver, deadline)
    if result.verdict == "none":
        raise DesignError("the puzzle has no solution, so no clue set makes it unique;"
                          " `satlink analyze` names clues that cannot hold together", EXIT_NONE)
    if result.verdict == "multiple":
        raise DesignError("the puzzle has several solutions, so no subset of its clues makes"
                          " it unique; `satlink analyze` shows the forced cells and the clues"
                          " that would", EXIT_MULTIPLE)
    target = result.solutions[0]
    clues = list(puzzle.clues(inst))
    possible = puzzle.design.clues_of(inst, target)
    kept = pick(puzzle, keep, clues, possible, "--keep")
    allowed = pick(puzzle, only, clues, possible, "--only") if only is not None else clues
    allowed_set = set(allowed)
    outside = [puzzle.design.clue_name(c) for c in kept if c not in allowed_set]
    if outside:
        raise DesignError(f"--keep {', '.join(outside)}: not among the clues --only allows")
    with Oracle(puzzle, inst, target, allowed, solver, deadline) as oracle:
        try:
            if oracle.counter(allowed) is not None:
                raise DesignError("the clues --only allows do not make the solution unique",
                                  EXIT_MULTIPLE)
            if exact:
                found = fewest(puzzle, oracle, target, allowed, kept, report)
                chosen, record, complete = found.clues, found, found.optimal
            else:
                order = list(allowed)
                if seed is not None:
                    random.Random(seed).shuffle(order)
                chosen, record, complete = minimal(oracle, allowed, kept, order), None, True
        except TimeUp as stop:
            if not hasattr(stop, "partial"):
                raise DesignError("time limit reached before a unique set was found",
                                  EXIT_LIMIT) from None
            chosen, record, complete = stop.partial, None, False
        calls = oracle.calls
    chosen_set = set(chosen)
    chosen = [c for c in clues if c in chosen_set]  # reading order
    return Minimized(puzzle.design.with_clues(inst, chosen), target, chosen, len(clues), record,
                     complete, calls)


def fewest(puzzle: Genre, oracle: Oracle, target, allowed: list, keep: list = (),
           report: Callable[[int, int], None] | None = None) -> Minimum:
    """A minimum clue set: for a genre that knows unavoidable sets of its
    solutions (Sudoku), the bounded search of :mod:`.bounds` seeded with
    them (bound 15 on the Edinburgh grid in 600 s against 13); otherwise
    the hitting-set loop (as fast on genres without such sets)."""
    sets = puzzle.design.unavoidable
    if sets is None:
        return minimum(oracle, allowed, keep, report=report)
    from .bounds import proven_minimum

    inst = oracle.instance([])
    return proven_minimum(oracle, allowed, keep, seeds=sets(inst, target), report=report)


@dataclass
class Analysis:
    """What ``analyze`` found, by verdict (see :mod:`.analyze`)."""

    verdict: str
    clues: int
    redundant: list = field(default_factory=list)
    backbone: Backbone | None = None
    added: list = field(default_factory=list)
    added_minimum: bool = False
    conflict: list | None = None
    solution: object = None


def analyze_puzzle(puzzle: Genre, inst, target=None, solver: str = DEFAULT_SOLVER,
                   timeout: float | None = None) -> Analysis:
    """Redundant clues of a unique puzzle; the backbone of one with several
    solutions and the fewest clues (from ``target``, default the first
    solution) that make it unique; a minimal conflict of one with none."""
    designable(puzzle, "analyze")
    deadline = clock(timeout)
    result = verdict(puzzle, inst, solver, deadline)
    clues = list(puzzle.clues(inst))
    out = Analysis(result.verdict, len(clues))
    try:
        if result.verdict == "unique":
            out.solution = result.solutions[0]
            with Oracle(puzzle, inst, out.solution, clues, solver, deadline) as oracle:
                out.redundant = redundant(oracle, clues)
        elif result.verdict == "multiple":
            out.backbone = backbone(puzzle, inst, solver, deadline, result.objective)
            out.solution = target if target is not None else result.solutions[0]
            problems = puzzle.verify(inst, out.solution)
            if problems:
                raise DesignError("--target is not a solution of this puzzle: " + problems[0])
            added, record = completion(puzzle, inst, out.solution, solver, deadline)
            out.added = added  # None: no clue of the genre's clue space completes it
            out.added_minimum = record is not None and record.optimal
        else:
            out.conflict = conflict(puzzle, inst, solver, deadline)
    except TimeUp:
        raise DesignError("time limit reached before the analysis was done", EXIT_LIMIT) from None
    return out


def redundant_count(puzzle: Genre, inst, solution, solver: str = DEFAULT_SOLVER,
                    deadline: float | None = None) -> int | None:
    """How many clues of a unique puzzle could each go (``check
    --redundant``); None for a genre whose clues are structure."""
    try:
        designable(puzzle, "check --redundant")
        clues = list(puzzle.clues(inst))
        with Oracle(puzzle, inst, solution, clues, solver, deadline) as oracle:
            return len(redundant(oracle, clues))
    except DesignError as exc:
        if exc.exit_code == 2:  # this instance's clues are not removable (Circuit Board s-t)
            return None
        raise


# -- generate -------------------------------------------------------------------------
def random_solution(puzzle: Genre, shape, rng: random.Random,
                    solver: str = DEFAULT_SOLVER, deadline: float | None = None,
                    bench: Bench | None = None):
    """A solution of the clue-less board ``shape``, drawn by the solver:
    random phases (each variable's first value from ``rng``) and, as
    assumptions, random values for a few answer variables (one-hot answers:
    a few true ones), those in a failed core dropped one at a time. None
    when the board has none. ``bench``: a Bench of ``shape`` to solve on."""
    own = bench is None
    if own:
        bench = Bench(puzzle, shape, solver)
    session, formula = bench.session, bench.encoding.formula
    try:
        try:
            session.solver.set_phases([v if rng.random() < 0.5 else -v
                                       for v in range(1, session.base_top + 1)])
        except NotImplementedError:
            pass  # the assumptions alone vary the solution
        answer = list(formula.answer)
        k = min(len(answer), max(1, round(len(answer) ** 0.5)))
        picks = rng.sample(answer, k)
        wish = picks if formula.answer_one_hot else [v if rng.random() < 0.5 else -v
                                                     for v in picks]
        while True:
            model, sol = session.next(shape, wish, deadline)
            if model is not None:
                return sol
            if sol is None:
                raise TimeUp
            wished = set(wish)
            core = [v for v in session.solver.get_core() or () if v in wished]
            if not core:
                return None
            wish.remove(rng.choice(core))
    finally:
        if own:
            bench.close()


@dataclass
class Generated:
    instance: object
    solution: object
    clues: int
    tries: int
    minimum: Minimum | None = None


def generate_one(puzzle: Genre, shape, rng: random.Random, exact: bool = False,
                 solver: str = DEFAULT_SOLVER, deadline: float | None = None,
                 tries: int = 20, solution=None, bench: Bench | None = None) -> Generated:
    """One puzzle with a unique solution on ``shape``'s board: a random
    solution (or ``solution``), every clue it obeys, then a minimal set of
    them (``exact``: minimum, or the best when the deadline strikes).
    Solutions that all their clues together cannot make unique are drawn
    again, up to ``tries`` times. ``bench``: a Bench of ``shape`` to share."""
    for attempt in range(1, tries + 1):
        if solution is not None:
            target = solution
        elif attempt > RANDOM_TRIES:  # loops that pearls cannot pin down (Masyu)
            target = grown_solution(puzzle, shape, rng, solver, deadline)
        else:
            target = random_solution(puzzle, shape, rng, solver, deadline, bench)
        if target is None:
            raise DesignError(f"this {puzzle.name} board has no solution at all", EXIT_NONE)
        if target is STUCK:
            continue
        candidates = puzzle.design.clues_of(shape, target)
        with Oracle(puzzle, shape, target, candidates, solver, deadline, bench) as oracle:
            if oracle.counter(candidates) is not None:
                if solution is not None:
                    raise DesignError("no clue set makes this solution unique: another"
                                      " solution obeys every clue it allows", EXIT_MULTIPLE)
                continue
            if exact:
                record = fewest(puzzle, oracle, target, candidates)
                chosen = record.clues
            else:
                order = rng.sample(candidates, len(candidates))
                record, chosen = None, minimal(oracle, candidates, order=order)
        chosen_set = set(chosen)
        chosen = [c for c in candidates if c in chosen_set]
        return Generated(puzzle.design.with_clues(shape, chosen), target, len(chosen), attempt, record)
    raise DesignError(f"{tries} random solutions in a row could not be made unique by their"
                      " clues; try another size", EXIT_MULTIPLE)


#: Random solutions ``generate_one`` tries before it grows one clue by clue.
RANDOM_TRIES = 3
#: What :func:`grown_solution` returns when two solutions obey the same clues.
STUCK = object()


def grown_solution(puzzle: Genre, shape, rng: random.Random,
                   solver: str = DEFAULT_SOLVER, deadline: float | None = None):
    """A solution that its clues make unique, found by adding clues: while
    the clues so far leave two solutions, add a random clue that one obeys
    and the other breaks (each round excludes a solution, so this ends). For boards whose random solutions all their clues cannot pin
    down (Masyu loops with long straight runs). None: no solution at all."""
    clues: list = []
    while True:
        remaining = None if deadline is None else deadline - time.perf_counter()
        if remaining is not None and remaining <= 0:
            raise TimeUp
        result = search(puzzle, puzzle.design.with_clues(shape, clues), 2, solver,
                        None if deadline is None else deadline)
        if result.verdict == "unknown":
            raise TimeUp
        if not result.solutions:
            return None
        if result.verdict == "unique":
            return result.solutions[0]
        first, second = rng.sample(result.solutions[:2], 2)
        theirs = set(puzzle.design.clues_of(shape, second))
        parting = [c for c in puzzle.design.clues_of(shape, first) if c not in theirs]
        if not parting:  # the other way round (a Masyu loop too small for a pearl)
            mine = set(puzzle.design.clues_of(shape, first))
            parting = [c for c in theirs if c not in mine]
        if puzzle.design.several_ways:  # a clue read apart may hold both ways
            parting = [c for c in parting if puzzle.verify(
                puzzle.design.with_clues(shape, [c]), first) or puzzle.verify(
                puzzle.design.with_clues(shape, [c]), second)]
        if not parting:  # no clue tells these two apart: this draw is stuck
            return STUCK
        clues.append(rng.choice(sorted(parting, key=repr)))


#: Refinements of one layout at most (``Design.refine``).
REFINE_ROUNDS = 200


def generate_structured(puzzle: Genre, rows: int, cols: int, params: dict,
                        rng: random.Random, solver: str = DEFAULT_SOLVER,
                        deadline: float | None = None, tries: int = 200) -> Generated:
    """A puzzle of a genre whose clues are structure (Hashi islands, Yajilin
    arrows): the genre's ``layout`` draws the structure at random (clue
    values left open: selector mode with no selector assumed leaves them
    free), the solver draws a solution on it, and every clue that solution
    shows is given; kept when the puzzle is unique, else drawn again (or,
    where the genre declares ``refine``, refined up to REFINE_ROUNDS times
    first: each refinement keeps the first of two solutions and loses the
    second)."""
    for attempt in range(1, tries + 1):
        if deadline is not None and time.perf_counter() >= deadline:
            raise TimeUp
        inst = puzzle.design.layout(rows, cols, rng, params)
        target = random_solution(puzzle, inst, rng, solver, deadline)
        if target is None:
            continue
        full = puzzle.design.with_clues(inst, puzzle.design.clues_of(inst, target))
        result = search(puzzle, full, 2, solver, deadline)
        for _ in range(REFINE_ROUNDS if puzzle.design.refine else 0):
            if result.verdict != "multiple":
                break
            full = puzzle.design.refine(full, *result.solutions[:2], rng)
            if full is None:
                break
            result = search(puzzle, full, 2, solver, deadline)
            target = result.solutions[0] if result.solutions else None  # the kept one
        if result.verdict == "unknown":
            raise TimeUp
        if full is not None and result.verdict == "unique" and result.solutions[0] == target:
            return Generated(full, target, len(puzzle.clues(full)), attempt)
    raise DesignError(f"{tries} random {puzzle.name} layouts in a row had several solutions;"
                      " try another size", EXIT_MULTIPLE)


#: Puzzles one solver makes in a row (``generate``): the chunks are fixed,
#: so that a seed gives the same puzzles whatever ``--jobs`` is (a solver's
#: answers depend on what it learnt before).
CHUNK = 16


def generate_chunk(puzzle: Genre, shape, seed: int, indices: range, exact: bool = False,
                   solver: str = DEFAULT_SOLVER, timeout: float | None = None,
                   solution=None) -> list[Generated]:
    """The puzzles ``indices`` of the run seeded ``seed``, on one shared
    Bench; each has its own random stream and its own ``timeout``."""
    try:
        return _generate_chunk(puzzle, shape, seed, indices, exact, solver, timeout, solution)
    except TimeUp:
        raise DesignError("time limit reached before a unique puzzle was made", EXIT_LIMIT) from None


def _generate_chunk(puzzle, shape, seed, indices, exact, solver, timeout, solution):
    if puzzle.design.layout is not None:  # structure: ``shape`` is (rows, cols, params)
        return [generate_structured(puzzle, *shape, random.Random(f"{seed}:{i}"), solver,
                                    clock(timeout)) for i in indices]
    bench = Bench(puzzle, shape, solver)
    try:
        return [generate_one(puzzle, shape, random.Random(f"{seed}:{i}"), exact, solver,
                             clock(timeout), solution=solution, bench=bench) for i in indices]
    finally:
        bench.close()


@dataclass
class ClueSets:
    """What ``analyze --clue-sets`` found: the minimal difference sets
    (``complete`` when proved to be all) and, when complete, the good sets."""

    solution: object
    candidates: list
    family: list
    complete: bool
    calls: int
    good: object = None  # a hitting.GoodSets


def clue_sets_of(puzzle: Genre, inst, only: str | None = None,
                 solver: str = DEFAULT_SOLVER, timeout: float | None = None) -> ClueSets:
    """Every good, minimal and minimum clue set among the puzzle's clues
    (``only``: those named) for its unique solution (:mod:`.families`,
    :mod:`.hitting`)."""
    from .families import difference_sets
    from .hitting import _setset, good_sets

    designable(puzzle, "analyze --clue-sets")
    _setset()  # the missing extra is said before any solving
    deadline = clock(timeout)
    result = verdict(puzzle, inst, solver, deadline)
    if result.verdict != "unique":
        raise DesignError(f"the puzzle is not unique ({result.verdict}): --clue-sets counts the"
                          " clue sets of a unique puzzle's solution",
                          EXIT_MULTIPLE if result.verdict == "multiple" else EXIT_NONE)
    target = result.solutions[0]
    clues = list(puzzle.clues(inst))
    possible = puzzle.design.clues_of(inst, target)
    allowed = pick(puzzle, only, clues, possible, "--only") if only is not None else clues
    with Oracle(puzzle, inst, target, allowed, solver, deadline) as oracle:
        family = difference_sets(oracle, allowed)
    out = ClueSets(target, allowed, family.sets, family.complete, family.calls)
    if family.complete:
        out.good = good_sets(allowed, family.sets)
    return out

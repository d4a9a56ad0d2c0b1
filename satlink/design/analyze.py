"""What a designer wants to know about one puzzle, by its verdict.

- unique: the redundant clues (each removable on its own, the others kept);
- several solutions: the backbone (what every solution shares, over all of
  them, on the unpruned formula) and a smallest set of clues, taken from
  one solution, whose addition makes the puzzle unique;
- none: a minimal set of clues that cannot all hold together.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from ..contract import Options, objective_of
from ..engine.search import encode
from ..engine.session import Session
from ..engine.solvers import DEFAULT_SOLVER
from .clue_sets import Minimum, minimal, minimum
from .oracle import DesignError, Oracle, TimeUp
from ..errors import InputError
from ..genre import Genre


def redundant(oracle: Oracle, clues: list[Hashable]) -> list[Hashable]:
    """The clues of a unique puzzle that can each go, the others kept.

    A unique call's core C is unique too, so every clue d outside C can go
    (all clues but d still hold C): one proof settles many clues, and only
    the clues of the cores are asked about one by one."""
    can_go: dict[Hashable, bool] = {}

    def settle_outside_core() -> None:
        core = set(oracle.core())
        for d in clues:
            if d not in core:
                can_go[d] = True

    if oracle.counter(clues) is not None:
        raise DesignError("the clues do not make the solution unique", 1)
    settle_outside_core()
    for c in clues:
        if c in can_go:
            continue
        if oracle.counter([d for d in clues if d != c]) is None:
            can_go[c] = True
            settle_outside_core()
        else:
            can_go[c] = False
    return [c for c in clues if can_go[c]]


@dataclass
class Backbone:
    """Over every solution: the answer cells that hold the same value in
    all (``forced``) and those that do not, each shown to vary by two of the
    ``witnesses``; ``complete`` is False when the deadline struck first."""

    forced: dict[str, object]
    free: list[str]
    witnesses: list = field(default_factory=list)
    complete: bool = True


def backbone(puzzle: Genre, inst, solver: str = DEFAULT_SOLVER,
             deadline: float | None = None, optimum: int | None = None) -> Backbone:
    """The backbone over the answer variables, by the classic loop: keep the
    literals the first solution sets, ask for a solution that flips one of
    them, drop every literal it flips, until none does. Cells are named by
    the genre's ``cells``; a cell is forced when its answer literals all are.
    Runs on the unpruned formula (no pruning drops a solution). An
    optimising puzzle's backbone is over its optimal solutions, those of
    value ``optimum``."""
    enc = encode(puzzle, inst, Options())
    objective = objective_of(puzzle, inst)
    within = ([] if objective is None or optimum is None else
              objective.bound(enc, optimum))
    witnesses = []
    with Session(puzzle, enc, solver) as session:
        model, sol = session.next(inst, within, deadline)
        if model is None:
            return Backbone({}, [], [], sol is False)
        witnesses.append(sol)
        formula = enc.formula
        kept = {v if model.value(v) else -v for v in formula.answer}
        complete = True
        while kept:
            act = formula.new_aux()
            session.add([[-act, *(-lit for lit in kept)]])
            model, sol = session.next(inst, [act, *within], deadline)
            session.add([[-act]])
            if model is None:
                complete = sol is False
                break
            witnesses.append(sol)
            kept = {lit for lit in kept if model.value(abs(lit)) == (lit > 0)}
    maps = [puzzle.cells(inst, s) for s in witnesses]
    first = maps[0]
    free = [k for k in first if any(m.get(k) != first[k] for m in maps[1:])]
    varied = set(free)
    forced = {k: v for k, v in first.items() if k not in varied}
    return Backbone(forced, free, witnesses, complete)


def completion(puzzle: Genre, inst, target, solver: str = DEFAULT_SOLVER,
               deadline: float | None = None, exact: bool = True
               ) -> tuple[list | None, Minimum | None]:
    """A smallest set of clues that ``target`` obeys whose addition makes
    ``inst`` unique with ``target`` as its solution (``exact``: minimum by
    the hitting-set loop, else minimal); with the Minimum record, or None.
    (None, None) when even every such clue leaves another solution."""
    have = list(puzzle.clues(inst))
    given = set(have)
    taken = {puzzle.design.clue_name(c) for c in have}
    extra = [c for c in puzzle.design.clues_of(inst, target)
             if c not in given and puzzle.design.clue_name(c) not in taken]
    try:
        puzzle.design.with_clues(inst, have + extra)
    except InputError:  # a clue where the board holds one already, which clues_of
        # places elsewhere (a Cocktail Lamp number off its region's first cell)
        extra = [c for c in extra if _fits(puzzle, inst, have, c)]
    with Oracle(puzzle, inst, target, have + extra, solver, deadline) as oracle:
        if oracle.counter(have + extra) is not None:
            return None, None
        if exact:
            found = minimum(oracle, have + extra, keep=have)
            return [c for c in found.clues if c not in given], found
        order = extra  # a minimal set: drop the added clues, in reading order
        chosen = minimal(oracle, have + extra, keep=have, order=order)
        return [c for c in chosen if c not in given], None


def _fits(puzzle: Genre, inst, have: list, clue) -> bool:
    """Whether the genre's instance holds ``clue`` beside the clues ``have``."""
    try:
        puzzle.design.with_clues(inst, [*have, clue])
    except InputError:
        return False
    return True


def conflict(puzzle: Genre, inst, solver: str = DEFAULT_SOLVER,
             deadline: float | None = None) -> list[Hashable] | None:
    """A minimal set of the puzzle's clues that no solution obeys together
    (every proper subset has a solution); [] when the board has no solution
    even without clues; None when it has a solution."""
    clues = list(puzzle.clues(inst))
    enc = encode(puzzle, inst, Options(clues="selectors"))
    sel = {c: enc.selector(c) for c in clues}
    clue_of = {v: c for c, v in sel.items()}
    with Session(puzzle, enc, solver) as session:
        def core_of(subset: list) -> list | None:
            model, sol = session.next(puzzle.design.with_clues(inst, subset),
                                      [sel[c] for c in subset], deadline)
            if model is not None:
                return None
            if sol is None:
                raise TimeUp
            return [clue_of[v] for v in session.solver.get_core() or () if v in clue_of]

        current = core_of(clues)
        if current is None:
            return None
        for clue in list(current):
            if clue not in current:
                continue
            smaller = core_of([c for c in current if c != clue])
            if smaller is not None:
                within = set(smaller)
                current = [c for c in current if c in within]
    return current

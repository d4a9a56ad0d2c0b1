"""satlink with an external SAT solver: a complete CNF to export
(:func:`dimacs`; for an optimising puzzle its best value proved first,
:func:`optimum`), and the solver's answer read back and checked
(:func:`parse_answer`, :func:`decode`).
"""
from __future__ import annotations

from dataclasses import field
from typing import Any

from . import engine
from .contract import objective_of
from .engine import DEFAULT_SOLVER
from .engine.optimize import bounded_encoding
from .errors import InputError, Pos, SatlinkError
from .formats import Item
from .model import Model
from .records import record


class OptimumUnknown(SatlinkError):
    """A limit struck before an optimising puzzle's best value was proved:
    there is no bound to write or to check against (exit 5)."""

    exit_code = 5


def optimum(item: Item, solver: str = DEFAULT_SOLVER, timeout: float | None = None,
            max_memory: int | None = None) -> int | None:
    """The best value of an optimising item, proved (None when it has no
    solution at all); :class:`OptimumUnknown` when a limit strikes first."""
    objective = objective_of(item.puzzle, item.instance)
    found = engine.solve(item.puzzle, item.instance, limit=1, solver=solver, timeout=timeout,
                         max_memory=max_memory)
    if found.verdict == "none":
        return None
    if found.objective is None:
        raise OptimumUnknown(f"the {objective.sense} {objective.name} was not proved"
                             f" ({found.reason or 'time limit reached'})")
    return found.objective


def dimacs(item: Item, solver: str = DEFAULT_SOLVER, timeout: float | None = None,
           max_memory: int | None = None) -> str:
    """A complete CNF for an external solver: every model is a solution.

    For an optimising puzzle the best value L is proved first (``solver``
    under the limits) and the bound "L or better" closes the formula, so
    that every model is an optimal solution; a `c` line says so."""
    if item.error is not None:
        raise item.error
    objective = objective_of(item.puzzle, item.instance)
    best = optimum(item, solver, timeout, max_memory) if objective is not None else None
    f = bounded_encoding(item.puzzle, item.instance, best).formula
    header = [f"satlink DIMACS export: puzzle {item.puzzle.name} from {item.source}"]
    if objective is None:
        header.append("every model of this formula is a solution; `satlink decode` reads the"
                      " answer back")
    elif best is None:
        header.append(f"an optimising puzzle ({objective.sense} {objective.name}) without"
                      " any solution (proved): no bound added, and the formula has no model")
    else:
        header += [f"optimising: {objective.describe(best)} is proved the best"
                   f" ({objective.none_better(best)});",
                   f"the bound `{objective.within(best)}` was added (the last clauses): every"
                   " model of this formula is an optimal solution;",
                   "`satlink decode` reads the answer back"]
    return f.to_dimacs(header)


def parse_answer(text: str, file: str = "<answer>",
                 num_vars: int | None = None) -> tuple[str, list[int]]:
    """Read an external solver's answer: competition `s`/`v` lines or a
    minisat result file (`SAT` then the model, or `UNSAT`).

    Returns (status, literals) with status "sat", "unsat" or "unknown". A
    literal beyond ``num_vars`` (the formula's variables) is an input error.

    >>> parse_answer("s SATISFIABLE\\nv 1 -2 0\\n")
    ('sat', [1, -2])
    >>> parse_answer("v 1 -99999999999 0", "a.txt", num_vars=2)
    Traceback (most recent call last):
    satlink.errors.InputError: a.txt:1:5: literal -99999999999 names variable 99999999999; the formula has 2
    """
    status, lits, saw_v = None, [], False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        word = line.split()[0]
        if word == "s":
            rest = line[1:].strip().upper()
            status = {"SATISFIABLE": "sat", "UNSATISFIABLE": "unsat"}.get(rest, "unknown")
            continue
        if word in ("SAT", "SATISFIABLE"):
            status = "sat"
            continue
        if word in ("UNSAT", "UNSATISFIABLE"):
            status = "unsat"
            continue
        if word in ("INDET", "UNKNOWN"):
            status = "unknown"
            continue
        nums = line[1:].split() if word == "v" else line.split()
        saw_v = True
        for tok in nums:
            try:
                lit = int(tok)
            except ValueError:
                raise InputError(f"`{tok}` is not a literal in the solver's answer",
                                 Pos(file, lineno, raw.find(tok) + 1), raw) from None
            if num_vars is not None and abs(lit) > num_vars:
                raise InputError(f"literal {lit} names variable {abs(lit)}; the formula has"
                                 f" {num_vars}", Pos(file, lineno, raw.find(tok) + 1), raw)
            lits.append(lit)
    if status is None:
        if not saw_v:
            raise InputError("not a SAT solver answer: no `s` line, no SAT/UNSAT line",
                             Pos(file, 1, 1))
        status = "sat"
    return status, [x for x in lits if x != 0]


@record
class Decoded:
    status: str
    solution: Any = None
    problems: list[str] = field(default_factory=list)
    objective: int | None = None  # an optimising puzzle's best value, proved


def decode(item: Item, answer_text: str, answer_file: str = "<answer>",
           solver: str = DEFAULT_SOLVER, timeout: float | None = None,
           max_memory: int | None = None) -> Decoded:
    """Read an external solver's answer for the DIMACS of ``item`` and check
    it: against every clause of that formula, the rules, and for an
    optimising puzzle the best value (proved again here, as ``dimacs``
    does): an answer that is a solution but not an optimal one is refused."""
    if item.error is not None:
        raise item.error
    objective = objective_of(item.puzzle, item.instance)
    best = optimum(item, solver, timeout, max_memory) if objective is not None else None
    enc = bounded_encoding(item.puzzle, item.instance, best)
    f = enc.formula
    status, lits = parse_answer(answer_text, answer_file, f.num_vars)
    if status != "sat":
        return Decoded(status, objective=best)
    model = Model(f, lits)
    unsatisfied = sum(1 for c in f.clauses if not any(model.value(x) for x in c))
    solution = enc.decode(model)
    broken = list(item.puzzle.verify(item.instance, solution))
    problems = [f"the answer leaves {unsatisfied} clauses of the CNF unsatisfied (was it made"
                " for this puzzle?)"] if unsatisfied else []
    problems += broken
    if objective is not None and not broken:  # a solution: is it an optimal one?
        value = objective.value(item.instance, solution)
        if best is None:
            problems.append("the answer is a solution, yet the search proved there is none"
                            " (an encoding bug)")
        elif value != best:
            problems.append(f"the answer is a solution but not an optimal one: its"
                            f" {objective.name} is {value}, and {objective.describe(best)} is"
                            " proved the best")
    return Decoded("sat", solution, problems, best)

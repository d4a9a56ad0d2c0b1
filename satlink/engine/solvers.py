"""Solver names and abilities: which PySAT solvers this build offers and
what each can do (incremental calls, conflict budgets, interrupts)."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat

import pysolvers
from pysat import solvers as pysat_solvers
from pysat.solvers import NoSuchSolverError, Solver, SolverNames

from ..errors import UsageError
from ..children import can_fork

DEFAULT_SOLVER = "cadical195"
#: Solvers PySAT runs only once per instance: adding clauses after a call
#: aborts the process (Kissat) and assumptions are ignored. The engine gives
#: them a fresh solver per call, built from every clause so far, with the
#: assumptions as unit clauses (see ``Session._call``).
NON_INCREMENTAL = frozenset({"kissat404"})

#: Probed abilities by solver name: a memo of a pure function of the PySAT
#: build (probing costs a solver construction each).
_ABILITIES: dict[str, set[str] | None] = {}


def abilities(name: str) -> set[str] | None:
    """What solver ``name`` of this PySAT build can do: "budget" (conflict
    budgets), "interrupt", "incremental" (clauses and assumptions between
    calls); None when the build lacks the solver (PySAT names some, such as
    cryptosat, that it only offers when built with them)."""
    if name not in _ABILITIES:
        try:
            probe = Solver(name=name, bootstrap_with=[[1, 2]])
        except NoSuchSolverError:
            _ABILITIES[name] = None
        else:
            found = set() if name in NON_INCREMENTAL else {"incremental"}
            try:
                probe.conf_budget(10)
                found.add("budget")
            except NotImplementedError:
                pass
            try:
                probe.solve_limited(expect_interrupt=True)
                probe.clear_interrupt()
                found.add("interrupt")
            except NotImplementedError:
                pass
            probe.delete()
            _ABILITIES[name] = found
    return _ABILITIES[name]


def solver_names() -> list[str]:
    """The solvers this PySAT build offers."""
    return sorted(k for k in vars(SolverNames)
                  if not k.startswith("_") and abilities(k) is not None)


def check_solver_name(name: str, timeout: float | None = None) -> str:
    """``name`` if this PySAT build offers that solver (and, with a
    ``timeout``, can stop it); else a UsageError naming the choices."""
    # probe this solver alone: probing them all cost every command a few tenths of a second
    if name.startswith("_") or name not in vars(SolverNames) or abilities(name) is None:
        raise UsageError(f"unknown solver `{name}`; PySAT offers: {', '.join(solver_names())}")
    if timeout is not None and not can_fork() and not abilities(name) & {"budget", "interrupt"}:
        able = [n for n in solver_names() if abilities(n) & {"budget", "interrupt"}]
        raise UsageError(f"solver `{name}` cannot be stopped by a time limit; with --timeout"
                         f" use one of: {', '.join(able)}")
    return name


#: Solvers whose clauses are handed to python-sat's C function directly:
#: name -> (attribute of python-sat's wrapper holding the solver's handle,
#: the C function its ``add_clause`` calls). ``append_formula`` makes two
#: Python calls a clause on the way to it (``append_formula`` ->
#: ``add_clause`` -> C); a loop that ``map`` runs in C saves a quarter to a
#: third of the load (benchmarks/overhead.py load). python-sat has no call
#: that takes many clauses at once.
DIRECT_LOAD = {
    "cadical195": ("cadical", "cadical195_add_cl"),
    "cadical153": ("cadical", "cadical153_add_cl"),
}


#: Solvers made from python-sat's class for them, not through its ``Solver``
#: dispatcher: name -> the class's name in :mod:`pysat.solvers`. The
#: dispatcher tests the name against each solver's aliases in turn and wraps
#: the object it makes, so every call then goes through two Python methods
#: instead of one: 10-20 us of a small board's verdict (a fresh solver, four
#: or five calls, a model each; ``benchmarks/verdict_fixed_cost.py``). The
#: class offers every method the engine and its users call (``solve``,
#: ``solve_limited``, budgets, ``get_model``, ``get_core``, ``set_phases``,
#: ``add_clause``, ``append_formula``, ``propagate``, ``accum_stats``, ``delete``).
DIRECT_CLASS = {"cadical195": "Cadical195", "cadical153": "Cadical153"}


def new_solver(name: str):
    """A fresh python-sat solver ``name`` (a name :func:`check_solver_name`
    passed): its class's object where :data:`DIRECT_CLASS` knows it, else
    python-sat's ``Solver(name=name)``."""
    cls = getattr(pysat_solvers, DIRECT_CLASS.get(name, ""), None)
    return cls() if cls is not None else Solver(name=name)


def clause_loader(solver: Solver, name: str) -> Callable[[Iterable[Sequence[int]]], None]:
    """A function that hands clauses to ``solver`` (a python-sat Solver for
    solver ``name``, or the object of its class, :func:`new_solver`):
    python-sat's C function called directly where
    :data:`DIRECT_LOAD` knows it and this build has it, else
    ``append_formula``. Made once per solver: looking the function up costs
    more than handing over a blocking clause.

    The wrapper's own status flag (``add_clause`` sets it False when a
    clause makes the formula trivially unsatisfiable) is left alone: every
    ``solve`` sets it again from the solver's answer.
    """
    direct = DIRECT_LOAD.get(name)
    if direct is not None:
        # the wrapper's solver object, or the object of the solver's class itself
        handle = getattr(getattr(solver, "solver", solver), direct[0], None)
        add = getattr(pysolvers, direct[1], None)
        if handle and add is not None:
            def load(clauses: Iterable[Sequence[int]]) -> None:
                deque(map(add, repeat(handle), clauses), maxlen=0)
            return load
    return solver.append_formula


def add_clauses(solver: Solver, name: str, clauses: Iterable[Sequence[int]]) -> None:
    """Hand ``clauses`` to ``solver`` once (see :func:`clause_loader`)."""
    clause_loader(solver, name)(clauses)

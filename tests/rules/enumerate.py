"""Enumerate the models of a rule's clauses, projected on some variables,
with an optional lazy cut finder: the loop the engine runs, written out
small so that the rule tests do not depend on the engine.

>>> from satlink.formula import Formula
>>> f = Formula(); a, b = f.var("a"), f.var("b")
>>> f.add([a, b])
>>> sorted(sorted(s) for s in solutions(f, [a, b]))
[[1], [1, 2], [2]]
>>> sorted(sorted(s) for s in solutions(f, [a, b], cuts=lambda m: [[-a]] if m.value(a) else []))
[[2]]
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.model import Model

Cuts = Callable[[Model], list[list[int]]]


def solutions(f: Formula, project: Sequence[int], cuts: Cuts | None = None,
              assumptions: Sequence[int] = (), found_cuts: list | None = None,
              limit: int = 1 << 16) -> set[frozenset[int]]:
    """The distinct sets of true variables among ``project`` over the models
    of ``f``'s clauses that ``cuts`` accepts (returns no clause for).

    Solve; while the finder returns cuts, add them (each must be violated by
    the model, else the loop would not move) and solve again; on a model
    without cuts, record its projection and block it over ``project``.
    Cuts found are appended to ``found_cuts`` when given.
    """
    project = list(project)
    out: set[frozenset[int]] = set()
    with Solver(name="cadical195", bootstrap_with=f.clauses) as solver:
        loaded = len(f.clauses)
        while solver.solve(assumptions=list(assumptions)):
            model = Model(f, solver.get_model())
            found = cuts(model) if cuts is not None else []
            solver.append_formula(f.clauses[loaded:])  # clauses a finder added (as the engine loads them)
            loaded = len(f.clauses)
            if found:
                for clause in found:
                    assert not any(model.value(x) for x in clause), \
                        f"a cut the candidate satisfies: {clause}"
                    solver.add_clause(clause)
                if found_cuts is not None:
                    found_cuts.extend(found)
                continue
            got = frozenset(model.true_vars(project))
            assert got not in out, "a blocked projection came back"
            out.add(got)
            assert len(out) <= limit, "more models than the test expects"
            solver.add_clause([-x if x in got else x for x in project])
    return out

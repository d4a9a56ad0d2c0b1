"""The engine, one idea per module; it knows no puzzle by name.

- :mod:`.solvers`: solver names and abilities;
- :mod:`.session`: the search session (solve, cut, verify, block, verdict);
- :mod:`.search`: one puzzle, encoded and solved, pruned verdicts completed;
- :mod:`.bounded`: a run under time and memory limits (a child process, or budget slices);
- :mod:`.counting`: counting by listing or by projection;
- :mod:`.optimize`: the best objective value, proved, and the solutions at it;
- :mod:`.batch`: many puzzles of one shape on one solver.

A genre module's ``encode(instance, formula, options)`` returns an
:class:`satlink.contract.Encoding`; the engine uses its ``cuts`` and
``decode``, the genre's ``verify``, and the optional hooks of
:mod:`satlink.contract` (focus, alternative, projection counting).
"""
from .batch import BatchSolver
from .counting import COUNT_PROBE, count, count_here, count_projections
from .search import encode, search, solve
from .session import (VERDICTS, Result, Session, Stats, VerificationError, differing_cells,
                      verdict_for)
from .solvers import (DEFAULT_SOLVER, NON_INCREMENTAL, _ABILITIES, abilities, check_solver_name,
                      solver_names)

__all__ = ["BatchSolver", "COUNT_PROBE", "count", "count_here", "count_projections", "encode",
           "search", "solve", "VERDICTS", "Result", "Session", "Stats", "VerificationError",
           "differing_cells", "verdict_for", "DEFAULT_SOLVER", "NON_INCREMENTAL", "_ABILITIES",
           "abilities", "check_solver_name", "solver_names"]

"""Exact solution counts without listing solutions (`satlink count --exact`).

- Slitherlink: the loops of the board as a ZDD built by graphillion's
  frontier method (``GraphSet.graphs``: one connected component, every
  lattice point of degree 0 or 2, and each clue a linear constraint, the
  number of its cell's four sides in the loop), counted at its root. A
  blank n x n board gives the cycles of the (n+1) x (n+1) grid graph (OEIS
  A140517).
- Any other genre: the complete CNF (every model is a solution) counted by
  the projected model counter Ganak (pyganak), projected on the answer
  variables: two models with the same answer are one solution, and every
  solution is some model, so the projected count is the solution count.

An estimate instead (``count --approx``): ApproxMC (pyapproxmc) on the same
complete CNF, projected on the same answer variables, for any genre
Slitherlink included. Its guarantee (Chakraborty, Meel and Vardi): with
probability at least 1 - delta the estimate lies within a factor
(1 + epsilon) of the true count either way; epsilon 0.8 and delta 0.2 by
default, ApproxMC's own. Below its threshold it counts exactly.

The libraries are the ``design`` extra; without them the count is an error
(exit 2) that says which to install. An optimising genre is refused (its
count is of optimal solutions, which a plain CNF does not know).
"""
from __future__ import annotations

from dataclasses import dataclass

from .contract import Options, objective_of
from .engine.search import encode
from .errors import SatlinkError
from .genre import Genre

#: The exit code of a count this module cannot make.
EXIT_UNSUPPORTED = 2


class ExactCountError(SatlinkError):
    exit_code = EXIT_UNSUPPORTED


@dataclass
class ExactCount:
    count: int
    method: str  # "frontier ZDD (graphillion)" or "projected model count (Ganak)"
    exact: bool = True  # False: an ApproxMC estimate, its guarantee in ``method``


def _need(module: str, extra: str = "design"):
    try:
        return __import__(module)
    except ImportError:
        raise ExactCountError(f"count --exact needs {module}, the `{extra}` extra:"
                              f" pip install 'satlink[{extra}]'") from None


def slitherlink_loops(inst) -> int:
    """The loops on a Slitherlink board that obey its number clues."""
    _need("graphillion")
    from graphillion import GraphSet

    rows, cols = inst.rows, inst.cols
    edges = [((r, c), (r, c + 1)) for r in range(rows + 1) for c in range(cols)]
    edges += [((r, c), (r + 1, c)) for r in range(rows) for c in range(cols + 1)]
    GraphSet.set_universe(edges)
    stored = {frozenset(e[:2]): tuple(e[:2]) for e in GraphSet.universe()}  # as it keeps them
    constraints = []
    for r in range(rows):
        for c in range(cols):
            k = inst.clues[r][c]
            if isinstance(k, int) and not isinstance(k, bool) and 0 <= k <= 4:
                sides = [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                         ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]
                constraints.append(([stored[frozenset(e)] for e in sides], (k, k)))
    degrees = {(r, c): range(0, 3, 2) for r in range(rows + 1) for c in range(cols + 1)}
    loops = GraphSet.graphs(vertex_groups=[[]], degree_constraints=degrees,
                            linear_constraints=constraints or None)
    return int(loops.len())


def projected(puzzle: Genre, inst) -> int:
    """The answers of the complete CNF, counted by Ganak."""
    pyganak = _need("pyganak")
    enc = encode(puzzle, inst, Options(complete=True))
    formula = enc.formula
    counter = pyganak.Counter()
    counter.new_vars(max(formula.num_vars, 1))
    counter.add_clauses(formula.clauses)
    counter.set_sampling_set(list(formula.answer) or [1])
    n = counter.count()
    return int(n) if formula.answer else min(int(n), 1)


def approximate(puzzle: Genre, inst, epsilon: float = 0.8, delta: float = 0.2,
                seed: int = 1) -> ExactCount:
    """ApproxMC's estimate of the answers of the complete CNF, with its
    (epsilon, delta) guarantee."""
    refuse_optimising(puzzle, inst, "--approx")
    pyapproxmc = _need("pyapproxmc")
    formula = encode(puzzle, inst, Options(complete=True)).formula
    counter = pyapproxmc.Counter(seed=seed, epsilon=epsilon, delta=delta)
    counter.add_clauses([list(c) for c in formula.clauses])
    top = max(formula.num_vars, 1)
    counter.add_clause([top, -top])  # every variable known to the counter
    cells, hashes = counter.count(list(formula.answer) or [1])
    n = cells * 2 ** hashes
    n = n if formula.answer else min(n, 1)
    return ExactCount(n, f"ApproxMC estimate: within a factor {1 + epsilon:g} of the exact"
                         f" count with probability at least {1 - delta:g}", exact=False)


def refuse_optimising(puzzle: Genre, inst, option: str = "--exact") -> None:
    if objective_of(puzzle, inst) is not None:
        raise ExactCountError(f"count {option} does not apply to {puzzle.name}: it counts"
                              " optimal solutions; use count --limit")


#: Genres counted by a decision diagram of their own structure.
FRONTIER = {"slitherlink": slitherlink_loops}


def exact_count(puzzle: Genre, inst) -> ExactCount:
    refuse_optimising(puzzle, inst)
    frontier = FRONTIER.get(puzzle.name)
    if frontier is not None:
        return ExactCount(frontier(inst), "frontier ZDD (graphillion)")
    return ExactCount(projected(puzzle, inst), "projected model count (Ganak)")

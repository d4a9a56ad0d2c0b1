"""Certified verdicts: a DRAT proof, checked by an independent checker.

What is certified is a statement about one CNF, the **complete** encoding of
the puzzle (``engine.encode(..., complete=True)``: every lazy rule encoded
eagerly, and no verdict-mode pruning, such as Numberlink's, which removes
solutions on purpose) plus, for ``unique``, one blocking clause:

- ``none``: the complete encoding has no model;
- ``unique``: the complete encoding has a model, it decodes to the reported
  solution (which passes the puzzle's ``verify``), and the complete encoding
  plus the clause that blocks that solution's answer variables has no model.

An optimising puzzle (its genre's :class:`satlink.contract.Objective`) is
its optimal solutions, so ``unique`` is certified in two halves, each a
refutation: with the objective's bound "the reported value L or better"
(:func:`satlink.engine.optimize.bounded_encoding`), the reported solution
and no other; with the bound "better than L", no model at all (no solution
is better than the optimum). ``--proof`` keeps the second as
``NAME.bound.cnf`` and ``NAME.bound.drat``.

"Has no model" is shown by a DRAT proof that CaDiCaL (PySAT's
``cadical195``, ``with_proof=True``) logs while solving that CNF in one call,
checked, deletions included, by ``dratify``, a checker that shares no code
with the solver, against exactly the clauses the solver was given. So the
puzzle has no (other) solution *provided the complete encoding is correct*:
that every solution of the puzzle is a model of it. The proof does not
certify the encoding; ``encodings/*.md`` argues for it and the tests compare
it with brute force and with the lazy mode.

Only ``unique`` and ``none`` are certified: ``multiple`` is witnessed by two
verified solutions already, and ``unknown`` claims nothing.

>>> from satlink import load_text, engine
>>> item = load_text("puzzle sudoku\\nsize 4\\ngrid\\n  1 2 3 4\\n  3 4 1 2\\n"
...                  "  2 1 4 3\\n  4 3 . .\\n")[0]
>>> found = engine.solve(item.puzzle, item.instance)
>>> cert = certify(item.puzzle, item.instance, found.verdict, found.solutions)
>>> cert.certified, cert.reason
(True, None)
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from pysat.solvers import Solver

from . import engine
from .contract import Encoding, Objective, objective_of
from .engine.optimize import bounded_encoding
from .formula import Formula
from .children import can_fork, run_bounded
from .limits import LimitReached, Limits
from .model import Model
from .genre import Genre
from .writing import make_directory, write_file
from .records import record

#: The solver that logs the proof (PySAT's CaDiCaL writes text DRAT; before
#: python-sat 1.9.dev16 its proofs could arrive truncated, see dratify's README).
PROOF_SOLVER = "cadical195"
#: The verdicts this module certifies.
CERTIFIABLE = ("unique", "none")


@record
class Certificate:
    """The outcome of :func:`certify`.

    ``certified`` is True only when a proof was logged and the checker
    accepted it; otherwise ``reason`` says why not (a verdict that is not
    certified, a disagreement between the verdict and the complete encoding,
    a rejected proof, the time limit). ``proof_bytes`` and ``proof_steps``
    measure the DRAT text (steps: lemma and deletion lines); ``variables``
    and ``clauses`` the CNF it refutes.
    """

    certified: bool
    reason: str | None = None
    proof_bytes: int = 0
    proof_steps: int = 0
    solve_seconds: float = 0.0
    check_seconds: float = 0.0
    variables: int = 0
    clauses: int = 0
    #: An optimising puzzle's best value, certified with the verdict: the
    #: figures above add up both refutations
    optimum: int | None = None

    def as_json(self) -> dict[str, Any]:
        d = {"certified": self.certified, "reason": self.reason,
             "proof_bytes": self.proof_bytes, "check_seconds": round(self.check_seconds, 6)}
        if self.optimum is not None:
            d["optimum"] = self.optimum
        return d


@record
class ProofCheck:
    """What the checker said about one proof: ``ok``, its ``reason``, the
    number of ``steps`` it checked."""

    ok: bool
    reason: str
    steps: int = 0


def certify(puzzle: Genre, instance, verdict: str, solutions: list,
            timeout: float | None = None, proof_dir: str | Path | None = None,
            name: str = "puzzle", max_memory: int | None = None) -> Certificate:
    """Certify a ``unique`` or ``none`` verdict by a checked DRAT proof (see
    the module docstring for exactly what that proves).

    ``solutions``: the verdict's solutions (for ``unique``, the one solution).
    ``timeout`` (seconds) bounds the whole certification, encoding, solving
    and checking together; it runs in a forked child that is killed at the
    limit, and a limit reached gives ``certified`` False with the reason,
    never an exception; so does ``max_memory`` (bytes). ``proof_dir``: also write ``NAME.cnf`` (the refuted
    CNF, with the variable names) and ``NAME.drat`` (the proof) there, for
    another checker such as drat-trim; they are written before the check, so
    they exist when the check fails or runs out of time.
    """
    if verdict not in CERTIFIABLE:
        return Certificate(False, f"only unique and none verdicts are certified, not {verdict}")
    if verdict == "unique" and not solutions:
        return Certificate(False, "verdict unique without its solution")

    def work() -> Certificate:
        return _certify(puzzle, instance, verdict, solutions, proof_dir, name)

    limits = Limits(timeout=timeout, max_memory=max_memory)
    if not limits.bounded or not can_fork():
        return work()
    try:
        return run_bounded(work, limits)
    except LimitReached as exc:
        return Certificate(False, f"no checked proof: {exc}")


def _certify(puzzle, instance, verdict: str, solutions: list, proof_dir, name: str) -> Certificate:
    objective = objective_of(puzzle, instance) if verdict == "unique" else None
    if objective is None:
        return _refutation(puzzle, instance, verdict, solutions, None, proof_dir, name)
    # an optimising puzzle: the verdict at the optimum, then nothing better
    best = objective.value(instance, solutions[0])
    cert = _refutation(puzzle, instance, verdict, solutions, best, proof_dir, name)
    cert.optimum = best
    if not cert.certified:
        return cert
    lower = _refutation(puzzle, instance, "better", [], objective.step(best), proof_dir,
                        f"{name}.bound", objective)
    cert.certified = lower.certified
    if lower.reason is not None:
        cert.reason = f"that no solution is better than {objective.describe(best)}: {lower.reason}"
    for key in ("proof_bytes", "proof_steps", "solve_seconds", "check_seconds", "clauses"):
        setattr(cert, key, getattr(cert, key) + getattr(lower, key))
    cert.variables = max(cert.variables, lower.variables)
    return cert


def _refutation(puzzle, instance, claim: str, solutions: list, bound: int | None, proof_dir,
                name: str, objective: Objective | None = None) -> Certificate:
    """Prove ``claim`` by a checked DRAT refutation of the complete encoding
    (with the objective's bound "``bound`` or better" where given): ``none``,
    it has no model; ``unique``, it has one, the reported solution, and none
    other; ``better`` (an optimum), it has none."""
    complete = bounded_encoding(puzzle, instance, bound)
    formula = complete.formula
    cert = Certificate(False, variables=formula.num_vars)
    t0 = time.perf_counter()
    if claim == "unique":
        problem = _block_reported(puzzle, instance, complete, solutions[0], bound)
        if problem is not None:
            cert.solve_seconds = time.perf_counter() - t0
            cert.clauses = len(formula.clauses)
            cert.reason = problem
            return cert
    cert.clauses = len(formula.clauses)
    sat, proof = prove_unsat(formula.clauses)
    cert.solve_seconds = time.perf_counter() - t0
    if sat:
        cert.reason = {
            "unique": "the complete encoding plus the blocking clause has a model: a second"
                      " solution, the verdict unique disagrees",
            "none": "the complete encoding has a model, the verdict none disagrees",
            "better": (f"the complete encoding has a model of {objective.name} {bound} or better"
                       if objective is not None else "the complete encoding has a model")}[claim]
        return cert
    text = "\n".join(proof) + "\n" if proof else ""
    cert.proof_bytes = len(text.encode())
    cert.proof_steps = len(proof)
    if proof_dir is not None:
        write_files(formula, text, Path(proof_dir), name, claim, bound, objective)
    t1 = time.perf_counter()
    check = check_refutation(formula.clauses, formula.num_vars, text)
    cert.check_seconds = time.perf_counter() - t1
    cert.certified = check.ok
    cert.reason = None if check.ok else f"the DRAT proof was rejected: {check.reason}"
    return cert


def complete_encoding(puzzle: Genre, instance) -> Encoding:
    """The complete encoding, never pruned (``Options.prune`` is off)."""
    return bounded_encoding(puzzle, instance, None)


def _block_reported(puzzle, instance, complete: Encoding, reported,
                    bound: int | None = None) -> str | None:
    """Find a model of the complete encoding, check that it is the reported
    solution, and add the clause that blocks it to ``formula``; None when all
    went well, else what disagrees.

    The search for the model is guided by the reported solution: the lazy
    encoding (the engine's, whose answer variables have the same names) is
    solved with its cuts (and, for an optimising puzzle, under the
    objective's ``bound``) until it yields the reported solution, and the
    complete encoding is solved under the assumption of that answer. Without
    the guide a model of the complete encoding can take far longer than the
    proof (39 s against 6 s on a 10 x 18 janko Slitherlink). Either way the
    model must satisfy every clause of the complete encoding (checked here,
    not taken from the solver), decode to the reported solution and pass the
    puzzle's ``verify``.
    """
    formula = complete.formula
    guide = _reported_answer(puzzle, instance, formula, reported, bound)
    with Solver(name=PROOF_SOLVER, bootstrap_with=formula.clauses) as solver:
        if not (guide and solver.solve(assumptions=guide)) and not solver.solve():
            return ("the complete encoding has no model, the verdict unique disagrees"
                    " (a bug in one encoding)")
        lits = solver.get_model()
    if not satisfies(formula.clauses, lits):
        return "the solver's model does not satisfy the complete encoding (a solver bug)"
    model = Model(formula, lits, dense=True)
    found = complete.decode(model)
    problems = puzzle.verify(instance, found)
    if problems:
        return ("a model of the complete encoding breaks the rules (an encoding bug): "
                + "; ".join(problems[:3]))
    if found != reported:
        return ("the complete encoding has a solution other than the reported one:"
                " the verdict unique disagrees")
    formula.add(blocking_clause(formula, model))
    return None


def _reported_answer(puzzle, instance, formula: Formula, reported,
                     bound: int | None = None) -> list[int]:
    """The answer literals of ``formula`` (the complete encoding) that give
    the reported solution, read from a model of the lazy encoding that
    decodes to it; [] when the lazy search finds another solution first or
    the two encodings name their answer variables differently."""
    enc = engine.encode(puzzle, instance)
    lazy = enc.formula
    objective = objective_of(puzzle, instance)
    within = objective.bound(enc, bound) if objective is not None and bound is not None else []
    with Solver(name=PROOF_SOLVER, bootstrap_with=lazy.clauses) as solver:
        while solver.solve(assumptions=within):
            model = Model(lazy, solver.get_model(), dense=True)
            extra = enc.cuts(model)
            if not extra:
                break
            solver.append_formula(extra)
        else:
            return []
    if enc.decode(model) != reported:
        return []
    ids = lazy.pool.obj2id
    guide = []
    for v in formula.answer:
        w = ids.get(formula.key(v))
        if w is None:
            return []
        guide.append(v if model.value(w) else -v)
    return guide


def satisfies(clauses: list[list[int]], lits: list[int]) -> bool:
    """Whether the dense model ``lits`` (``lits[v - 1]`` is ``v`` or ``-v``)
    satisfies every clause."""
    true = set(lits)
    return all(any(x in true for x in c) for c in clauses)


def blocking_clause(formula: Formula, model: Model) -> list[int]:
    """The clause no model with ``model``'s answer can satisfy: its true
    answer literals negated when the answer is one-hot, else the negation of
    the whole answer assignment (as the engine blocks a solution)."""
    if formula.answer_one_hot:
        return [-v for v in model.true_answer()]
    return [-v if model.value(v) else v for v in formula.answer]


def prove_unsat(clauses: list[list[int]]) -> tuple[bool, list[str]]:
    """Solve ``clauses`` in one call with proof logging: (satisfiable, the
    DRAT proof lines, deletions kept; empty when satisfiable)."""
    with Solver(name=PROOF_SOLVER, bootstrap_with=clauses, with_proof=True) as solver:
        if solver.solve():
            return True, []
        return False, list(solver.get_proof() or ())


def check_refutation(clauses: list[list[int]], num_vars: int, proof: str) -> ProofCheck:
    """Check the text DRAT ``proof`` against the CNF ``clauses`` (signed
    DIMACS literals over ``num_vars`` variables) with dratify: ``ok`` when
    every step is RUP or RAT and the empty clause is derived. Deletions are
    applied. A proof that does not parse is rejected, not raised.

    dratify checks in pure Python, unless its Rust checker is installed
    (``pip install "cdclkit[native]"``, about 8 times faster on Slitherlink
    proofs): then it is used (see :func:`checker_name`).
    """
    from dratify import CNF, check_proof

    _offer_native_checker()
    cnf = CNF(nvars=num_vars)
    for c in clauses:
        cnf.add_dimacs(c)
    try:
        result = check_proof(cnf, proof)
    except ValueError as exc:  # a malformed proof
        return ProofCheck(False, f"malformed proof: {exc}")
    return ProofCheck(bool(result.ok and result.reached_empty), result.reason, result.steps)


def _offer_native_checker() -> None:
    """Let dratify use its Rust checker when cdclkit-native is installed:
    importing ``cdclkit.native`` registers it (dratify ships no binding)."""
    try:
        import cdclkit.native  # noqa: F401
    except Exception:  # not installed, or a broken wheel: the Python checker
        pass


def checker_name() -> str:
    """``dratify (Rust)`` or ``dratify (Python)``: the checker that runs here."""
    import dratify

    _offer_native_checker()
    return "dratify (Rust)" if dratify.native_available() else "dratify (Python)"


def write_files(formula: Formula, proof: str, folder: Path, name: str, claim: str,
                bound: int | None = None, objective: Objective | None = None) -> None:
    """``NAME.cnf`` (the refuted CNF in DIMACS, variables named) and
    ``NAME.drat`` in ``folder`` (made if need be), through
    :func:`satlink.writing.write_file`."""
    make_directory(folder)
    what = {"unique": "the complete encoding plus the clause that blocks the reported solution"
                      " (the last clause)",
            "none": "the complete encoding",
            "better": "the complete encoding with the bound of a value better than the optimum"
                      " (the last clauses)"}[claim]
    if bound is not None and claim == "unique":
        what += f", under the bound of the optimum {bound} (the clauses before it)"
    verdict = "optimum" if claim == "better" else claim
    header = [f"satlink certificate for {name}, verdict {verdict}: {what};",
              f"the refutation is {name}.drat (text DRAT, e.g. drat-trim {name}.cnf {name}.drat)"]
    write_file(folder / f"{name}.cnf", formula.to_dimacs(header))
    write_file(folder / f"{name}.drat", proof)

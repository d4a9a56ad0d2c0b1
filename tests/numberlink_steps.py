"""A Numberlink verdict in two counted steps, shared by
``tests/puzzles/test_numberlink_search.py`` and ``benchmarks/numberlink.py``.

It drives the engine from outside (a genre never imports the engine): the
first solution searched under the encoding's ``focus`` when ``first_focus``
(the engine does that for limit 1 only; for a verdict it would need
``session.focus`` for limit 2 too, the change these measurements are for),
then the proof.
"""
from __future__ import annotations

import time

from satlink import engine
from satlink.contract import Options
from satlink.puzzles import numberlink as nl


def two_steps(inst, settings=None, limit: int = 2, first_focus: bool = True,
              solver: str = "cadical195", deadline: float | None = None,
              fresh_proof: bool = False) -> dict:
    """A verdict as ``engine.search`` gives it, in two steps. Step 1: the
    first verified solution (under the focus, widened or dropped where the
    core says). Step 2, the proof (limit 2): that solution blocked, the
    search again without any focus assumption, then ``alternative`` when the
    pruned formula has no other; ``fresh_proof``: the proof in a new solver
    loaded with the formula (the first search's guarded clauses are inert
    there) and the blocking clause. Returns verdict, solutions, and per step
    seconds and CaDiCaL conflicts."""
    t0 = time.perf_counter()
    enc = engine.encode(nl.GENRE, inst, Options(prune=True, deadline=deadline,
                                                settings=settings or {}))
    out = {"encode_s": time.perf_counter() - t0, "conflicts": [], "seconds": [],
           "verdict": "unknown", "solutions": []}
    session = engine.Session(nl.GENRE, enc, solver)
    try:
        def step(run):
            t = time.perf_counter()
            got = run()
            out["seconds"].append(time.perf_counter() - t)
            out["conflicts"].append(session.solver.accum_stats().get("conflicts", 0)
                                    - (0 if fresh_proof else sum(out["conflicts"])))
            return got

        session.focus = first_focus
        first = step(lambda: session.solve(inst, limit=1, deadline=deadline))
        out["solutions"] = list(first.solutions)
        if first.verdict != "solved" or limit == 1:
            out["verdict"] = first.verdict
            return out
        sol = first.solutions[0]  # session.solve has blocked it
        if fresh_proof:
            session.close()
            session = engine.Session(nl.GENRE, enc, solver)
            session.add([[-x for x in enc.paths.solution_literals(sol)]])
        _model, second = step(lambda: session.next(inst, [], deadline))
        if second is None:
            return out  # unknown: the deadline struck
        if second is not False:
            out["solutions"].append(second)
            out["verdict"] = "multiple"
            return out
        other = enc.alternative(sol) if hasattr(enc, "alternative") else None
        if other is not None:
            problems = nl.verify(inst, other)
            if problems or other == sol:
                raise engine.VerificationError(f"alternative: {problems or 'the same'}")
            out["solutions"].append(other)
        out["verdict"] = "multiple" if other is not None else "unique"
    finally:
        session.close()
    return out

"""An explanation as text lines and as JSON.

One line per fact: the step, its kind, the fact and its reason, the clues
by name (with their values where a clue carries one) and the earlier facts
with the step that gave each::

    step 3 (direct): h(0,2) not loop: clue r1c3 (0); h(0,1) not loop (step 2)

A contradiction and a trial say what is tried: ``step 9 (trial): r2c2 = 4:
trying r2c2 ≠ 4 against clues ...; ... leaves no solution``.
"""
from __future__ import annotations

from .explanation import NOT_PROVEN, NOT_SEARCHED, SMALLEST, Explanation, Reason, clue_label

#: What a verdict means for ``explain`` (the line after the steps).
VERDICT_LINES = {
    "unique": "solved: the steps reach the unique solution",
    "multiple": "several solutions: the steps explain the facts every solution shares",
    "none": "no solution: there is nothing to explain",
    "unknown": "time limit reached: the steps found so far",
}


def clue_text(puzzle, clue) -> str:
    """``r3c3 (2)``: the clue's name, and its value where it carries one."""
    name = clue_label(puzzle, clue)
    value = None
    if isinstance(clue, tuple) and len(clue) == 2 and isinstance(clue[0], tuple):
        value = clue[1]
    elif isinstance(clue, tuple) and len(clue) == 3 and all(isinstance(x, int) for x in clue):
        value = clue[2]  # a given digit (row, column, digit)
    return name if value is None else f"{name} ({value})"


def reason_text(ex: Explanation, reason: Reason, when: dict[int, int]) -> str:
    parts = [("clue " if len(reason.clues) == 1 else "clues ")
             + ", ".join(clue_text(ex.puzzle, c) for c in reason.clues)] if reason.clues else []
    facts = [f"{ex.names.text(x)} ({'given' if when.get(x, 0) == 0 else 'step ' + str(when[x])})"
             for x in reason.facts]
    if facts:
        parts.append(", ".join(facts))
    return "; ".join(parts) if parts else "the rules alone"


def step_lines(ex: Explanation, steps=None) -> list[str]:
    when = ex.step_of()
    out = []
    for step in ex.steps if steps is None else steps:
        for lit, reason in zip(step.facts, step.reasons):
            why = reason_text(ex, reason, when)
            if step.kind in ("trial", "contradiction"):  # said as the person does it
                why = f"trying {ex.names.text(-lit)} against {why} leaves no solution"
            out.append(f"step {step.index} ({step.kind}): {ex.names.text(lit)}: {why}")
    return out


def step_json(ex: Explanation, step, when: dict[int, int]) -> dict:
    names = ex.names
    return {"step": step.index, "kind": step.kind, "cost": step.cost,
            "facts": [{"fact": names.text(lit), "cell": names.cell(lit),
                       "clues": [clue_label(ex.puzzle, c) for c in reason.clues],
                       "reason_facts": [{"fact": names.text(x), "step": when.get(x, 0)}
                                        for x in reason.facts],
                       "cost": reason.size, "smallest": reason.smallest,
                       "rounds": reason.rounds}
                      for lit, reason in zip(step.facts, step.reasons)]}


def smallest_counts(ex: Explanation) -> dict[str, int]:
    """How many reasons the smallest-reason search proved smallest, left
    unproven (its budget ran out) and did not search (minimal only)."""
    got = [r.smallest for s in ex.steps for r in s.reasons]
    return {k: got.count(k) for k in (SMALLEST, NOT_PROVEN, NOT_SEARCHED)}


def smallest_line(ex: Explanation) -> str:
    """``reasons: 80 smallest, 12 not proven smallest, 30 minimal (not searched)``."""
    n = smallest_counts(ex)
    return (f"reasons: {n[SMALLEST]} smallest, {n[NOT_PROVEN]} not proven smallest"
            f" (the search's budget ran out), {n[NOT_SEARCHED]} minimal (not searched)")


def explanation_json(ex: Explanation, difficulty=None) -> dict:
    when = ex.step_of()
    d = {"type": ex.puzzle.name, "verdict": ex.verdict, "complete": ex.complete,
         "facts": len(ex.targets), "given": [ex.names.text(x) for x in ex.given],
         "steps": [step_json(ex, s, when) for s in ex.steps],
         "reasons": smallest_counts(ex),
         "seconds": round(ex.seconds, 6), "solver_calls": ex.calls}
    if difficulty is not None:
        d["difficulty"] = difficulty.as_json()
    return d

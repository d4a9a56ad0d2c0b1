"""Hint and difficulty for the page (:mod:`satlink.explain` underneath), as
``(status, dict)`` like :mod:`.records`, run in the same bounded child.

A hint is the next step from the state the page holds (the facts of the
hints taken so far, written as ``explain`` prints them): its facts, the
reason in words, and the board of the facts known after it, the new facts
highlighted (orange) and the reason's clues and facts (green). Every reason is checked again
by a fresh encoding, as ``satlink explain`` does.

>>> status, rec = hint_record({"text": "puzzle sudoku\\nsize 4\\ngrid\\n"
...     "  1 2 3 4\\n  3 4 1 2\\n  2 1 4 3\\n  4 3 . .\\n"}, timeout=10)
>>> status, rec["lines"], rec["state"]
(200, ['step 1 (direct): r4c4 = 1: clues r2c3 (1), r3c2 (1)'], ['r4c4 = 1'])
"""
from __future__ import annotations

from typing import Any

from ..errors import SatlinkError
from .overlay import marked
from .records import BadRequest, read


def _explained(body: Any, timeout: float | None, steps: int | None):
    from ..explain import check_explanation, explain
    from ..explain.state import read_state

    item = read(body)
    state = body.get("state") or []
    if not isinstance(state, list) or not all(isinstance(s, str) for s in state):
        raise BadRequest("`state` must be a list of facts such as \"r3c4 = 5\"")
    lines = read_state("\n".join(state), "<state>")
    try:
        ex = explain(item.puzzle, item.instance, timeout=timeout, state=lines, steps=steps)
    except SatlinkError as exc:
        raise BadRequest(exc.render()) from None
    if ex.wrong:
        facts = ", ".join(ex.names.text(x) for x in ex.wrong)
        raise BadRequest(f"the state is wrong: no solution has {facts}")
    check_explanation(ex, ex.formula)
    return item, ex


def hint_record(body: Any, timeout: float | None = None) -> tuple[int, dict]:
    """The next step from ``body["state"]`` (see the module)."""
    from ..explain.output import step_json, step_lines
    from ..explain.pictures import step_board
    from ..explain.steps import clue_label

    try:
        item, ex = _explained(body, timeout, 1)
    except BadRequest as exc:
        return 400, {"error": str(exc)}
    rec = {"verdict": ex.verdict if ex.complete else "unknown", "lines": step_lines(ex)}
    if not ex.steps:
        rec.update(state=list(body.get("state") or []), done=ex.complete, svg=None)
        return 200, rec
    step = ex.steps[0]
    known = [*ex.given, *step.facts]
    clues = list(dict.fromkeys(clue_label(ex.puzzle, c) for r in step.reasons for c in r.clues))
    behind = list(dict.fromkeys(ex.names.cell(x) for r in step.reasons for x in r.facts))
    new = list(dict.fromkeys(ex.names.cell(x) for x in step.facts))
    state = list(body.get("state") or []) + [ex.names.text(x) for x in step.facts]
    rec.update(step=step_json(ex, step, ex.step_of()), clues=clues, state=state, done=False,
               svg=marked(step_board(ex, step, known), {"new": new, "hint": clues + behind}))
    return 200, rec


def difficulty_record(body: Any, timeout: float | None = None) -> tuple[int, dict]:
    """The difficulty rating of a unique puzzle, from its full explanation."""
    from ..explain import rate

    try:
        item, ex = _explained({**body, "state": []} if isinstance(body, dict) else body,
                              timeout, None)
    except BadRequest as exc:
        return 400, {"error": str(exc)}
    if not ex.complete:
        return 422, {"error": "time limit reached before the explanation was complete"}
    if ex.verdict != "unique":
        return 422, {"error": f"difficulty is rated for a unique puzzle; this one is {ex.verdict}"}
    d = rate(ex)
    return 200, {"difficulty": d.as_json(), "text": d.text(), "steps": len(ex.steps)}


__all__ = ["hint_record", "difficulty_record"]

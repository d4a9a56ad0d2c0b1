"""``satlink explain``: how a puzzle is solved, step by step, with the clues
and facts behind each step, a hint from any state, and a difficulty rating;
for every genre, from its selector-mode encoding (one literal per clue).

One idea per module: :mod:`.explanation` (facts, reasons, steps),
:mod:`.refute` (the solver question, lazy cuts included), :mod:`.facts` (facts named in the genre's cell names),
:mod:`.steps` (the step engine), :mod:`.ranking` (what a step
costs, the cheapest first), :mod:`.minimal` (reasons made minimal, then
smallest by :mod:`.smallest`), :mod:`.check` (every reason checked
again by a fresh encoding and another solver), :mod:`.state` (a player's
state for ``--hint``), :mod:`.difficulty` (the rating), :mod:`.output`
(text and JSON), :mod:`.pictures` (``--svg``). Why each reason is sound:
``encodings/explain.md``.

>>> from satlink.api import load_text
>>> text = "puzzle sudoku\\nsize 4\\ngrid\\n  1 2 3 4\\n  3 4 1 2\\n  2 1 4 3\\n  4 3 . .\\n"
>>> item = load_text(text)[0]
>>> ex = explain(item.puzzle, item.instance)
>>> ex.verdict
'unique'
>>> from satlink.explain.output import step_lines
>>> print("\\n".join(step_lines(ex)))
step 1 (direct): r4c4 = 1: clues r2c3 (1), r3c2 (1)
step 2 (direct): r4c3 = 2: clue r3c1 (2); r4c4 = 1 (step 1)
>>> check_explanation(ex, ex.formula)  # reasons checked by a fresh encoding and solver
2
"""
from __future__ import annotations

from .check import ReasonError, check_explanation
from .difficulty import Difficulty, rate
from .explanation import Explanation, Reason, Step
from .steps import explain

__all__ = ["explain", "check_explanation", "rate", "Difficulty", "Explanation", "Reason",
           "Step", "ReasonError"]

"""TEMPLATE for a puzzle module: copy to satlink/puzzles/<name>.py and fill in.

The registry finds every module here that defines NAME; nothing else needs
to change. Checklist for a new puzzle:

1. this module, with every function below;
2. ``encodings/<name>.md``: variables, constraints, sizes, lazy cuts and why
   they are valid, the complete encoding;
3. ``tests/puzzles/test_<name>.py``: parse errors with positions, verify on
   hand-made good and bad solutions, counts against brute force on tiny
   boards, lazy vs complete counts, DIMACS through an external solver
   (``tests/helpers.py`` has helpers), the public data sets;
4. ``instances/<name>/*.pzl`` with a ``solution`` block each;
5. README: the .pzl syntax, the ``--json`` solution schema, limits.

Optional functions the engine uses when present:
- ``cuts(inst, model) -> list[clause]``: lazy rules (connectivity, one loop).
  Every clause must hold in every true solution of the shape.
- ``cells(inst, solution) -> dict[str, value]``: named answer cells, used to
  say where two solutions differ.
- ``shape(inst)`` and ``clue_literals(inst, formula)`` plus
  ``encode(..., rules_only=True)``: batch solving with assumptions.
- ``expected_solution(doc)``: a `solution` block in the .pzl file.
- ``check_header(doc)``: validate the keyword lines (sizes) of a .pzl file
  before its grids are parsed; ``doc`` holds the unindented lines only (no
  block rows). A board too large is then refused at its `size` line at once,
  not after parsing megabytes of rows.
- ``from_grid_text(grid)``: the janko/puzzlekit plain-text format
  (:class:`satlink.formats.grid_text.GridText`).
- ``apply_options(inst, options) -> inst``: command-line overrides
  (``options["fill"]`` from ``--fill``).
- ``alternative(inst, solution) -> solution | None`` plus
  ``encode(..., prune=True)``: verdict-mode pruning (limit 1 or 2 only).
  The pruned formula must keep a solution whenever the puzzle has one, and
  when it has exactly one, ``alternative`` must return another true solution
  if the puzzle has one and None otherwise. Write the proof in encodings/
  and test the verdicts against brute force (Numberlink does both).
- ``focus(inst, formula, failed) -> [literal, ...]``, with ``alternative``:
  when one solution is asked (limit 1), the engine looks for it under these
  assumptions first (a narrowing, for instance "each label near its
  endpoints"). ``failed`` is None on the first call, then the assumptions in
  the solver's core after an unsatisfiable try: return wider ones (clauses
  guarded by new selector literals may be appended to ``formula.clauses``),
  or [] to search without. A core with none of them means no solution.
  The narrowing needs no proof (any solution found is verified, and the
  verdict never depends on it) but must end: return [] after a few rounds.
- ``count_projection(inst, formula) -> (variables, true_only) | None`` plus
  ``count_completions(inst, model, deadline) -> int | None``: counting by
  projection (``satlink count``, :func:`satlink.engine.count`). A puzzle
  with at most ``engine.COUNT_PROBE`` solutions is counted by listing them;
  otherwise the engine enumerates only the distinct values of ``variables``
  (answer variables; may be empty) among the solutions, still applying
  ``cuts`` and verifying each model as a solution; ``count_completions`` must
  return the exact number of solutions that agree with the model on
  ``variables`` (at least 1, the model itself; None if the
  ``time.perf_counter()`` deadline struck).
  Each projection is then blocked by its true literals alone when
  ``true_only`` (valid only if no other solution's projection contains
  them all), else by all its literals. Return None from ``count_projection``
  to count by plain enumeration. Argue exactness in encodings/ and test the
  counts against brute force and plain enumeration (Battleship does both).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..formula import Formula
from ..lang import Document

NAME = "template"  # registry name; delete this line's effect by keeping the file name TEMPLATE
ALIASES: tuple[str, ...] = ()
SUMMARY = "one line for `satlink list`"


@dataclass(frozen=True)
class Instance:
    """Everything that defines the puzzle; validated when built."""


def from_document(doc: Document) -> Instance:
    """Read a .pzl Document; raise ``doc.error(message, token.pos)`` on bad input."""
    raise NotImplementedError


def to_pzl(inst: Instance, solution=None) -> str:
    """Canonical .pzl text; from_document(parse(to_pzl(i))) == i."""
    raise NotImplementedError


def encode(inst: Instance, f: Formula, complete: bool = False) -> None:
    """Add variables and clauses; ``f.declare_answer(...)`` the variables that
    determine a solution. With ``complete=True`` encode the lazy rules
    eagerly too (satlink.graph) so every model is a solution. Never solves."""
    raise NotImplementedError


def decode(inst: Instance, model):
    """A solution from a model (``model[key]``, ``model.value(var)``)."""
    raise NotImplementedError


def verify(inst: Instance, solution) -> list[str]:
    """Broken rules, checked from the rules on the solution itself (not the
    encoding); empty when the solution is valid."""
    raise NotImplementedError


def solution_json(inst: Instance, solution):
    """The documented --json schema."""
    raise NotImplementedError


def render_text(inst: Instance, solution=None) -> str:
    """Box-drawing picture of the puzzle, solved when ``solution`` is given."""
    raise NotImplementedError

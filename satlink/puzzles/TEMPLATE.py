"""TEMPLATE for a genre module: copy to satlink/puzzles/<name>.py and fill in.

The registry finds every module here that defines NAME; nothing else needs
to change. The contract is :class:`satlink.contract.Genre` (this file
matches it exactly); state lives in the :class:`Encoding` that ``encode``
returns, never in module caches, and every knob comes in ``options``.
Write the rules with the rule library (``satlink/rules/``: grid geometry,
counts, shading, loops, trees, numbers) so that the module reads like the
genre's rules. Checklist for a new genre:

1. this module, with every function below;
2. ``encodings/<name>.md``: variables, constraints, sizes, lazy cuts and why
   they are valid, the complete encoding;
3. ``tests/puzzles/test_<name>.py``: parse errors with positions, verify on
   hand-made good and bad solutions, counts against brute force on tiny
   boards; the contract test over the registry (``tests/test_contract.py``)
   does the rest: fmt round trip, verify on the expected solutions, lazy =
   complete = selector counts, DIMACS through an external solver, SVG,
   puzz.link round trip;
4. ``instances/<name>/*.pzl`` with a ``solution`` block each;
5. README: the .pzl syntax, the ``--json`` solution schema, limits.

Optional module functions:
- ``cells(inst, solution) -> dict[str, value]``: named answer cells, used to
  say where two solutions differ;
- ``shape(inst)``: a key for batch solving (puzzles of one shape share one
  solver, their clues assumed through the encoding's selectors);
- ``expected_solution(doc)``: a `solution` block in the .pzl file;
- ``check_header(doc)``: validate the keyword lines (sizes) of a .pzl file
  before its grids are parsed (a board too large is refused at its `size`
  line at once, not after parsing megabytes of rows);
- ``from_grid_text(grid)``: the janko/puzzlekit plain-text format
  (:class:`satlink.formats.grid_text.GridText`);
- ``apply_options(inst, options) -> inst``: command-line overrides
  (``options["fill"]`` from ``--fill``);
- ``PUZZLINK``: the puzz.link codec, declared with ``satlink.formats.pzprjs``.

A genre with one token per cell can declare its text once as a
``satlink.formats.cellgrid.Layout`` (Masyu, Yajilin, Slitherlink) and take
from_document, to_pzl, check_header, expected_solution and the grid text from it.

Optional Encoding hooks (protocols in :mod:`satlink.contract`; the engine
tests for them):
- ``alternative(solution)`` (:class:`~satlink.contract.Pruning`), built when
  ``options.prune``: verdict-mode pruning. The pruned formula must keep a
  solution whenever the puzzle has one, and when it has exactly one,
  ``alternative`` must return another true solution if the puzzle has one
  and None otherwise. Prove it in encodings/ and test the verdicts against
  brute force (Numberlink does both);
- ``focus(failed)`` (:class:`~satlink.contract.Focusing`), on a pruning
  encoding: when one solution is asked, the engine looks for it under these
  assumptions first; ``failed`` is None on the first call, then the
  assumptions in the solver's core: return wider ones or [] (must end);
- ``count_projection()`` and ``count_completions(model, deadline)``
  (:class:`~satlink.contract.Projecting`): counting by projection (argue
  exactness in encodings/, test against brute force; Battleship does).
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import contract
from ..formula import Formula
from ..lang import Document

NAME = "template"  # registry name; the registry skips the file called TEMPLATE
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


def clues(inst: Instance) -> list:
    """The clues a designer could remove (hashable, e.g. ``(r, c, value)``);
    [] when the puzzle's givens are structure."""
    raise NotImplementedError


class Encoding(contract.Encoding):
    """Holds every variable ``encode`` made; ``cuts`` and ``decode`` read them."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        # add variables and clauses; f.declare_answer(...) the variables that
        # determine a solution. options.complete: encode the lazy rules
        # eagerly too, so that every model is a solution. options.clues ==
        # "selectors": each clue's clauses guarded by self.selectors[clue],
        # valid for any subset of clues; "direct": no clause a given
        # satisfies, no variable a given fixes. Never solves.
        raise NotImplementedError

    def cuts(self, model) -> list[list[int]]:
        """Clauses the candidate violates among the lazy rules (valid for
        every true solution); [] when it obeys them."""
        return []

    def decode(self, model):
        """A solution from a model (``model[key]``, ``model.value(var)``)."""
        raise NotImplementedError


def encode(inst: Instance, f: Formula, options: contract.Options) -> Encoding:
    return Encoding(inst, f, options)


def verify(inst: Instance, solution) -> list[str]:
    """Broken rules, checked from the rules on the solution itself (not the
    encoding; networkx for graph questions); empty when the solution is valid."""
    raise NotImplementedError


def solution_json(inst: Instance, solution):
    """The documented --json schema."""
    raise NotImplementedError


def render_text(inst: Instance, solution=None) -> str:
    """Box-drawing picture of the puzzle, solved when ``solution`` is given
    (``satlink.render.to_text(picture(inst, solution))`` when nothing
    better is wanted)."""
    raise NotImplementedError


def picture(inst: Instance, solution=None):
    """The board as a :class:`satlink.render.board.Board` (cells, shading,
    numbers, lines, loops, circles, ...), which ``satlink draw`` and
    ``solve --svg`` draw; see the docstring of ``satlink/render/board.py``."""
    raise NotImplementedError

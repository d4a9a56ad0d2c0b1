"""What an explanation is: facts (literals over a genre's answer
variables), reasons (clues and earlier facts), steps, and the explanation
that holds them with its verdict; how clues are named. The step engine
(:mod:`.steps`) builds these."""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from ..rules.grid import Grid
from .facts import Namer


@dataclass(frozen=True)
class Reason:
    """Clues (the genre's clue objects) and earlier facts (literals)."""

    clues: tuple[Hashable, ...]
    facts: tuple[int, ...]
    #: what the smallest-reason search (:mod:`.smallest`) proved of it:
    #: ``SMALLEST`` (no reason has fewer clues and facts), ``NOT_PROVEN``
    #: (the search's budget ran out first: minimal, maybe not smallest),
    #: ``NOT_SEARCHED`` (minimal: no member can go; not searched)
    smallest: str = "not searched"
    #: rounds of unit propagation from the reason to the contradiction
    #: (:mod:`.chain`; None: not counted, or propagation over the rules'
    #: clauses alone does not refute it)
    rounds: int | None = None

    @property
    def size(self) -> int:
        return len(self.clues) + len(self.facts)


#: the values of :attr:`Reason.smallest`
SMALLEST, NOT_PROVEN, NOT_SEARCHED = "smallest", "not proven", "not searched"


@dataclass
class Step:
    """One step: ``kind`` direct, deduction or trial; its new ``facts``
    and one reason for each; ``cost``: the size of its largest reason."""

    index: int
    kind: str
    facts: list[int]
    reasons: list[Reason]

    @property
    def cost(self) -> int:
        return max((r.size for r in self.reasons), default=0)


@dataclass
class Explanation:
    """What the engine found. ``verdict``: unique, multiple (the targets are
    the backbone), none; ``complete`` False when the time limit struck
    (then ``steps`` are those found so far)."""

    puzzle: object
    instance: object
    verdict: str
    steps: list[Step] = field(default_factory=list)
    targets: list[int] = field(default_factory=list)
    given: list[int] = field(default_factory=list)
    complete: bool = True
    solution: object = None
    names: Namer | None = None
    #: the formula the literals belong to
    formula: object = None
    seconds: float = 0.0
    calls: int = 0
    #: reasons the smallest-reason search left minimal (its budget ran out)
    unsettled: int = 0
    #: facts of the given state that no solution shares (then no steps)
    wrong: list[int] = field(default_factory=list)

    def step_of(self) -> dict[int, int]:
        """Fact -> the index of the step that gave it (0: given state)."""
        out = {lit: 0 for lit in self.given}
        for s in self.steps:
            for lit in s.facts:
                out[lit] = s.index
        return out


def clue_label(puzzle, clue) -> str:
    """How a clue is named: the design hooks' name, else its cell."""
    if puzzle.design is not None:
        return puzzle.design.clue_name(clue)
    if isinstance(clue, tuple) and clue and isinstance(clue[0], tuple):
        return Grid.name(clue[0])
    return str(clue)

"""A difficulty rating from an explanation's step profile.

The parts: the steps, how many are direct (unit propagation), deductions
(a reason of at most the engine's bound: a contradiction by propagation
once the other value is tried, or one that needs search) and trials (a
reason larger than the bound), the hardest step's cost (clues and facts in its largest reason),
the cost of the hardest step that is not direct, and the mean cost of the
direct steps. The score is

    hardest non-direct cost + 2 x (non-direct steps beyond the first)
                            + mean direct cost / 2

and the rating 1..5 cuts it at :data:`THRESHOLDS`, calibrated on Sudoku
collections of known difficulty (``python benchmarks/explain.py
--calibrate 40``; the table is in ``encodings/explain.md``): a puzzle that
unit propagation solves with small reasons rates 1, with large ones 2; one
that needs a deduction of up to about ten clues and facts 3; a trial 4;
a large trial or several 5.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

#: score >= THRESHOLDS[i] rates i + 2 (below the first: 1)
THRESHOLDS = (4.25, 8.0, 17.0, 26.0)
#: what each non-direct step beyond the first adds
EXTRA_WEIGHT = 2.0


@dataclass(frozen=True)
class Difficulty:
    rating: int
    score: float
    steps: int
    direct: int
    deductions: int
    trials: int
    hardest: int
    hardest_search: int
    mean_direct: float

    def as_json(self) -> dict:
        d = asdict(self)
        d["score"] = round(self.score, 3)
        d["mean_direct"] = round(self.mean_direct, 3)
        return d

    def text(self) -> str:
        return (f"difficulty {self.rating} of 5 (score {self.score:.1f}: {self.steps} steps,"
                f" {self.direct} direct, {self.deductions} deductions, {self.trials} trials;"
                f" hardest step cost {self.hardest}, hardest search step {self.hardest_search},"
                f" mean direct cost {self.mean_direct:.1f})")


def rate(explanation) -> Difficulty:
    """The rating of a (complete) explanation.

    >>> from satlink.explain.explanation import Explanation, Reason, Step
    >>> r = lambda n: Reason((), tuple(range(1, n + 1)))
    >>> ex = Explanation(None, None, "unique", [Step(1, "direct", [1], [r(4)]),
    ...                                        Step(2, "trial", [2], [r(21)])])
    >>> d = rate(ex); d.rating, d.score
    (4, 23.0)
    """
    steps = explanation.steps
    kinds = [s.kind for s in steps]
    search = [s.cost for s in steps if s.kind != "direct"]
    direct = [s.cost for s in steps if s.kind == "direct"]
    mean_direct = sum(direct) / len(direct) if direct else 0.0
    score = (max(search, default=0) + EXTRA_WEIGHT * max(len(search) - 1, 0)
             + mean_direct / 2)
    rating = 1 + sum(score >= t for t in THRESHOLDS)
    return Difficulty(rating, score, len(steps), kinds.count("direct"),
                      kinds.count("deduction") + kinds.count("contradiction"),
                      kinds.count("trial"), max((s.cost for s in steps), default=0),
                      max(search, default=0), mean_direct)

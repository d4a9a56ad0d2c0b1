"""A difficulty rating from an explanation's step profile.

The parts: how many steps, how many of them are deductions (a reason
beyond unit propagation) and trials (a reason larger than the engine's
bound), the hardest step's cost (clues and facts in its largest reason)
and the mean cost. The score adds the cost of the hardest non-direct
step, a weight per deduction and per trial; the rating 1..5 cuts the
score at thresholds calibrated on Sudoku collections of known difficulty
(``benchmarks/explain.py --calibrate``; the numbers in
``encodings/explain.md``).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

#: score >= THRESHOLDS[i] rates i + 2 (below the first: 1)
THRESHOLDS = (1.0, 8.0, 20.0, 40.0)
#: what one deduction and one trial step add to the score
DEDUCTION_WEIGHT = 1.0
TRIAL_WEIGHT = 4.0


@dataclass(frozen=True)
class Difficulty:
    rating: int
    score: float
    steps: int
    direct: int
    deductions: int
    trials: int
    hardest: int
    mean_cost: float

    def as_json(self) -> dict:
        d = asdict(self)
        d["score"] = round(self.score, 3)
        d["mean_cost"] = round(self.mean_cost, 3)
        return d

    def text(self) -> str:
        return (f"difficulty {self.rating} of 5 (score {self.score:.1f}: {self.steps} steps,"
                f" {self.direct} direct, {self.deductions} deductions, {self.trials} trials,"
                f" hardest step cost {self.hardest}, mean cost {self.mean_cost:.1f})")


def rate(explanation) -> Difficulty:
    """The rating of a (complete) explanation."""
    steps = explanation.steps
    kinds = [s.kind for s in steps]
    costs = [s.cost for s in steps]
    hard = [s.cost for s in steps if s.kind != "direct"]
    deductions, trials = kinds.count("deduction"), kinds.count("trial")
    score = (max(hard, default=0) + DEDUCTION_WEIGHT * deductions + TRIAL_WEIGHT * trials)
    rating = 1 + sum(score >= t for t in THRESHOLDS)
    return Difficulty(rating, score, len(steps), kinds.count("direct"), deductions, trials,
                      max(costs, default=0), sum(costs) / len(costs) if costs else 0.0)

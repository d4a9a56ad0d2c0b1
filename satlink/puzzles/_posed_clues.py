"""Posing one board's clues on a selector-mode encoding that serves every
board of its shape (Slitherlink's numbers, Masyu's pearls): a batch
(:class:`satlink.engine.BatchSolver`) asks for the assumptions of each
board in turn.

A clue no board has asked for yet gets its selector and its guarded clauses
then (they join the formula; the session hands them to the solver before
its next call). Every selector not among the board's clues is assumed
false: a guard left free is a decision the solver may take, and taking it
true poses another board's clue (on the janko dev slice's Slitherlink
boards, one batch per size: 3.2-3.5 s of CPU against 6.0-6.5 with them free,
benchmarks/shape13_batch.py).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from ..contract import Encoding


def posed(enc: Encoding, clues: Iterable[Hashable], fits: Callable[[Hashable], bool],
          make: Callable[[Hashable], int]) -> list[int]:
    """The assumptions that pose exactly ``clues`` on ``enc``: each clue's
    selector, made by ``make(clue)`` where missing (``fits(clue)`` first
    says whether the board can hold it: if not, the contract's KeyError
    names it), and every other selector negated."""
    chosen = []
    for clue in clues:
        sel = enc.selectors.get(clue)
        if sel is None:
            sel = make(clue) if fits(clue) else enc.selector(clue)
        chosen.append(sel)
    on = set(chosen)
    return chosen + [-s for s in enc.selectors.values() if s not in on]

"""Checks of a genre's design hooks (satlink.design) shared by the
test_hooks_<genre>.py files: the clue space against ``verify`` clue by
clue, the selector encoding against brute force, and generated puzzles
against the engine's verdict."""
from __future__ import annotations

import random

from satlink.contract import Options
from satlink.design.tasks import generate_one
from satlink.engine.search import encode, search
from satlink.engine.session import Session


def all_solutions(puzzle, inst, limit: int = 5000) -> list:
    """Every solution of ``inst`` (the engine's enumeration, each verified);
    fails when there are ``limit`` or more."""
    result = search(puzzle, inst, limit)
    assert result.complete and len(result.solutions) < limit, "too many solutions to list"
    return result.solutions


def obeys(puzzle, inst, clue, sol) -> bool:
    """Whether ``sol`` (a solution of the clue-less board) obeys ``clue``,
    judged by ``verify`` on the board carrying that clue alone."""
    return puzzle.verify(puzzle.design.with_clues(inst, [clue]), sol) == []


def check_clues_of(puzzle, inst, sol, space) -> list:
    """The invariants of ``clues_of`` for one solution over the clue space
    ``space``: a clue is offered exactly when the solution obeys it, every
    offered clue lies in the space, the puzzle with all of them has ``sol``
    as a solution, and their names are distinct. Returns the offered clues."""
    offered = puzzle.design.clues_of(inst, sol)
    assert len(set(offered)) == len(offered)
    assert set(offered) <= set(space)
    for clue in space:
        assert (clue in offered) == obeys(puzzle, inst, clue, sol), (clue, sol)
    full = puzzle.design.with_clues(inst, offered)
    assert puzzle.verify(full, sol) == []
    assert sorted(puzzle.clues(full), key=repr) == sorted(offered, key=repr)
    names = [puzzle.design.clue_name(c) for c in offered]
    assert len(set(names)) == len(names) and all(n == n.lower() for n in names)
    return offered


def selector_solutions(puzzle, inst, clues) -> set:
    """The solutions of the selector-mode encoding of ``inst`` with the
    selectors of ``clues`` assumed (each verified against the puzzle with
    exactly those clues by the session, which raises on a rule broken)."""
    enc = encode(puzzle, inst, Options(clues="selectors"))
    posed = puzzle.design.with_clues(inst, clues)
    with Session(puzzle, enc) as session:
        result = session.solve(posed, enc.assumptions(clues), limit=100000)
    assert result.complete
    return set(result.solutions)


def check_selectors(puzzle, inst, every, clues, rng: random.Random, rounds: int = 6) -> None:
    """For random subsets of ``clues`` (carried by ``inst``'s board), the
    selector encoding of the puzzle carrying all of ``clues`` finds exactly
    the solutions in ``every`` (all solutions of the clue-less board) that
    obey the subset: each clue is guarded by its selector and nothing else
    (lazy cuts included) loses a solution."""
    carrier = puzzle.design.with_clues(inst, clues)
    for _ in range(rounds):
        subset = [c for c in clues if rng.random() < 0.5]
        posed = puzzle.design.with_clues(inst, subset)
        want = {s for s in every if puzzle.verify(posed, s) == []}
        enc = encode(puzzle, carrier, Options(clues="selectors"))
        with Session(puzzle, enc) as session:
            result = session.solve(posed, enc.assumptions(subset), limit=len(every) + 1)
        assert result.complete
        assert set(result.solutions) == want, subset


def check_generate(puzzle, width: int, height: int, seeds, params=None) -> list:
    """Puzzles from ``generate_one`` on the blank board: each unique, with
    the solution it was made from, and its clues among those it offers."""
    shape = puzzle.design.blank(height, width, params or {})
    out = []
    for seed in seeds:
        made = generate_one(puzzle, shape, random.Random(seed))
        result = search(puzzle, made.instance, 2)
        assert result.verdict == "unique", seed
        assert result.solutions == [made.solution]
        assert set(puzzle.clues(made.instance)) <= set(puzzle.design.clues_of(shape, made.solution))
        assert made.clues == len(puzzle.clues(made.instance))
        out.append(made)
    return out

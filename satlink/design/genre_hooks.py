"""The design side of the hooks a genre declares as data
(:class:`satlink.genre.SolvedBlank`, :class:`satlink.genre.GrownLayout`).

A genre never calls the engine or the design tools itself: where a blank
board or a random layout needs the solver, the genre declares what to build
and what to say, and the solver is called here, where the design tools sit
above the genres.
"""
from __future__ import annotations

import random

from ..engine.search import search
from ..errors import InputError
from ..genre import GrownLayout, SolvedBlank


def _genre(name: str):
    from ..puzzles import get

    return get(name)


def solved_blank(recipe: SolvedBlank, rows: int, cols: int, params: dict):
    """``recipe.make``'s board, refused (InputError ``recipe.refusal``) when
    the solver finds no solution on it."""
    inst = recipe.make(rows, cols, params)
    if search(_genre(recipe.genre), inst, 1).verdict not in ("solved", "unique"):
        raise InputError(recipe.refusal(inst))
    return inst


def grown_layout(recipe: GrownLayout, rows: int, cols: int, rng: random.Random,
                 params: dict):
    """A layout grown in rounds: the solver draws a random solution of the
    board so far and ``recipe.grow`` adds to the board from it, until the
    board is ``full``, ``grow`` adds nothing, or no solution is left (an
    InputError when the starting board has none)."""
    from .tasks import random_solution

    puzzle = _genre(recipe.genre)
    inst = recipe.start(rows, cols, params)
    first = True
    while not recipe.full(inst, params):
        drawn = random_solution(puzzle, inst, rng)
        if drawn is None:
            if first:
                raise InputError(recipe.refusal(inst))
            break
        grown = recipe.grow(inst, drawn, rng, params)
        if grown is None:
            break
        inst, first = grown, False
    return inst

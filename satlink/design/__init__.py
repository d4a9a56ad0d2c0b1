"""Puzzle design tools over any genre whose clues can be removed:
minimize (minimal and minimum clue sets), generate, analyze.

A genre takes part by declaring, beside the contract's ``clues``, a
:class:`satlink.genre.Design` in its genre object:

- ``removable=True`` (the default): removing any of its clues leaves every
  solution a solution (Sudoku givens, Slitherlink numbers, Masyu pearls,
  ...); a genre whose clues are structure (Numberlink endpoints, Hashi
  islands, Yajilin arrows) says ``removable=False``;
- ``clues_of(inst, solution)``: every clue the board could show that the
  solution obeys (in ``clues`` form): the clues a designer may choose from;
- ``with_clues(inst, clues)``: the puzzle with exactly these clues;
- ``clue_name(clue)``: how ``--keep``/``--only`` and the reports name it
  (``r3c4``, ``row3``);
- ``blank(rows, cols, params)`` (for ``generate``): the board without clues.

A genre whose clues are structure (Hashi islands, Yajilin arrows) can still
be generated: it declares ``layout(rows, cols, rng, params)``, a random
structure whose clue values are placeholders that bind neither the
selector-mode encoding (no selector is assumed) nor ``verify`` (the drawn
solution is verified against the layout itself), with ``clues_of`` and ``with_clues``
to give every clue a solution drawn on it shows; ``generate`` keeps the
layouts whose puzzle is unique (:func:`.tasks.generate_structured`).

The tools need nothing else from it: see :mod:`.oracle` for the question
they all ask and ``encodings/design.md`` for why the answers are minimal
or minimum.
"""
from __future__ import annotations

from ..genre import Genre
from .oracle import DesignError


def designable(puzzle: Genre, command: str, need_blank: bool = False) -> None:
    """Raise a DesignError (exit 2) when ``command`` does not apply to the genre."""
    if puzzle.design is None:
        raise DesignError(f"`{command}` does not apply to {puzzle.name} yet: it declares no"
                          " design hooks", 2)
    if not puzzle.design.removable:
        raise DesignError(f"`{command}` does not apply to {puzzle.name}: its clues are"
                          " structure (removing one changes what a solution is)", 2)
    if need_blank and puzzle.design.blank is None:
        raise DesignError(f"`{command}` does not apply to {puzzle.name} yet: it lacks blank", 2)


def clue_names(puzzle: Genre, clues) -> dict[str, object]:
    """Name -> clue (names are unique among one board's clues)."""
    return {puzzle.design.clue_name(c): c for c in clues}


def pick(puzzle: Genre, text: str | None, present, possible, option: str) -> list:
    """The clues ``text`` (``r3c4,row2``) names among ``present``; a name of
    a place that holds no clue, or of none on the board, is an error."""
    if text is None:
        return []
    have = clue_names(puzzle, present)
    could = {puzzle.design.clue_name(c) for c in possible}
    chosen = []
    for name in (n.strip() for n in text.split(",")):
        if not name:
            continue
        key = name.lower()
        if key in have:
            chosen.append(have[key])
        elif key in could:
            raise DesignError(f"{option}: {name} holds no clue in this puzzle")
        else:
            raise DesignError(f"{option}: {name} is not a clue place on this board"
                              " (cells are written r3c4, tallies row3 and col5)")
    return list(dict.fromkeys(chosen))


__all__ = ["DesignError", "designable", "clue_names", "pick"]

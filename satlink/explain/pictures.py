"""``explain --svg DIR``: one picture per step, ``step-001.svg`` on: the
facts known after the step drawn as the genre draws a solution (the facts
not yet known left out), the step's new facts on a gray ground, the cells of
its reasons' clues and facts marked with a dot (where the genre names its
cells ``r3c4``; lattice edges and table entries stay unmarked). The picture
of a partial state is the genre's picture of the model in which only the
known facts that are true hold."""
from __future__ import annotations

import re
from dataclasses import replace

from ..model import Model
from ..render import Mark, Shade, to_svg
from .output import clue_text

CELL = re.compile(r"^r(\d+)c(\d+)")


def _cell(name: str):
    m = CELL.match(name)
    return None if m is None else (int(m.group(1)) - 1, int(m.group(2)) - 1)


def partial_board(ex, known):
    """The genre's picture of the facts ``known``; the puzzle alone when the
    genre cannot draw a partial model."""
    formula = ex.formula
    lits = list(range(-1, -formula.num_vars - 1, -1))
    for lit in known:
        if lit > 0:
            lits[lit - 1] = lit
    try:
        engine_encoding = ex.names.encoding
        solution = engine_encoding.decode(Model(formula, lits, dense=True))
        return ex.puzzle.picture(ex.instance, solution)
    except Exception:  # a genre whose picture needs a whole solution
        return ex.puzzle.picture(ex.instance, None)


def step_board(ex, step, known):
    board = partial_board(ex, known)
    new = {c for lit in step.facts for name in ex.names.cells(abs(lit))[0]
           if (c := _cell(name)) is not None}
    cited = set()
    for reason in step.reasons:
        cited |= {c for x in reason.facts for name in ex.names.cells(abs(x))[0]
                  if (c := _cell(name)) is not None}
        cited |= {c for clue in reason.clues if (c := _cell(clue_text(ex.puzzle, clue)))}
    inside = lambda c: 0 <= c[0] < board.rows and 0 <= c[1] < board.cols  # noqa: E731
    shades = tuple(Shade(c, "gray") for c in sorted(new) if inside(c))
    marks = tuple(Mark(c, "dot") for c in sorted(cited - new) if inside(c))
    return replace(board, shades=shades + board.shades, marks=board.marks + marks)


def step_svgs(ex) -> list[tuple[str, str]]:
    """Every step's picture: (``step-NNN.svg``, its SVG text), in order (the
    CLI writes them once the whole explanation is in hand)."""
    known = list(ex.given)
    out = []
    for step in ex.steps:
        known += step.facts
        out.append((f"step-{step.index:03d}.svg", to_svg(step_board(ex, step, known))))
    return out

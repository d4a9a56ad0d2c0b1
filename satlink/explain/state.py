"""A player's state for ``explain --hint``: facts, one a line, written as
``explain`` prints them (``r3c4 = 5``, ``r2c2 lamp``, ``h(0,3) not loop``);
a line ``explain`` printed (``step 3 (direct): r3c4 = 5: clue ...``) may be
pasted as it is. ``#`` starts a comment.
"""
from __future__ import annotations

import re

from ..errors import InputError, Pos
from .facts import normalise

STEP_LINE = re.compile(r"^\s*step\s+\d+\s*\([a-z]+\)\s*:\s*(?P<fact>[^:]+?)\s*(:.*)?$")


def read_state(text: str, file: str = "<state>") -> list[tuple[str, Pos, str]]:
    """(fact, position, the line) for every fact line of ``text``."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        if not body.strip():
            continue
        m = STEP_LINE.match(body)
        fact = m.group("fact") if m else body.strip()
        column = line.index(fact.split()[0]) + 1 if fact.split() else 1
        out.append((fact, Pos(file, number, column), line))
    return out


def resolve(names, variables, lines) -> list[int]:
    """The literals the state lines name; an unknown fact is an InputError
    at its line, which says how facts are written."""
    if not lines:
        return []  # naming every fact (a decode each) is for reading some
    table = names.lookup(variables)
    out = []
    for fact, pos, line in lines:
        lit = table.get(normalise(fact))
        if lit is None:
            example = names.text(variables[0]) if variables else "r1c1 = 1"
            raise InputError(f"`{fact}` is not a fact of this puzzle (facts are written as"
                             f" explain prints them, such as `{example}`)", pos, line)
        out.append(lit)
    return out

"""Zebra (Einstein) logic puzzles: houses in a row, attributes, clues.

Rules: ``houses N`` positions in a row, numbered 1..N from the left; each
attribute has N values and every value sits in exactly one house, one value
of each attribute per house. Clues (grammars/zebra.lark) relate values:
same house, different house, an exact house, immediately or anywhere left /
right, next to, not next to, at a distance, ``either (R) or (R)`` (at least
one) and ``one-of (R) (R) ...`` (exactly one).

Encoding (encodings/zebra.md), on the kit rule
:mod:`satlink.rules.position_relations`: a permutation matrix
``house(attr, value, p)`` per attribute, and every relation as clauses over
these position literals: for each house of one value, the houses of the
other value it allows. Compound clues reify their relations with an
indicator literal each. The clue objects and their meaning (``verify``'s
rules) are :mod:`satlink.puzzles._zebra_clues`, the text
:mod:`satlink.puzzles._zebra_text`.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from .. import contract
from ..errors import InputError
from ..formula import Formula
from ..genre import Design, Genre, Written
from ..render.board import Board, Table
from ..rules import counts
from ..rules.position_relations import at_clauses, pair_clauses, placements, reified
from ._zebra_clues import (AT_RULES, PAIR_RULES, Instance, Relation, clue_holds, clue_text,
                           houses_of)
from ._zebra_text import expected_solution, from_document, to_pzl

NAME = "zebra"


# -- encoding (satlink/rules/position_relations.py) -----------------------------------------
def relation_clauses(inst: Instance, rel: Relation, x, negate: bool = False,
                     tables: dict | None = None) -> list[list[int]]:
    """Clauses that say the relation holds (or, with ``negate``, that it
    does not), over the position literals ``x`` of :func:`placements`;
    ``tables``: the encoding's dict of how each relation is written
    (:func:`~satlink.rules.position_relations.pair_clauses`)."""
    xa = x[rel.a[0]][rel.a[1]]
    if rel.kind in AT_RULES:
        return at_clauses(xa, AT_RULES[rel.kind], inst.house(rel.n), negate)
    return pair_clauses(xa, x[rel.b[0]][rel.b[1]], PAIR_RULES[rel.kind], rel.n, negate, tables)


def clues(inst: Instance) -> list[int]:
    """The clues, by their number (1-based, in file order; a puzzle made by
    :func:`with_clues` keeps the numbers its clues had)."""
    return [i for i, _ in inst.numbered()]


# -- design (satlink.design: minimize, analyze) ------------------------------------


def clues_of(inst: Instance, sol) -> list[int]:
    """The clues the puzzle was written with (its :attr:`~Instance.catalogue`,
    those :func:`with_clues` left out included) that the solution ``sol``
    obeys, by number.

    Zebra's clue space is the puzzle's own clues: the language can say far
    more (any relation between any two values, compounds of them) than a
    designer would choose from, so no space is derived from a solution;
    minimize and analyze work over the clues written, and generate (which
    needs a clue space from a solution alone) does not apply (no ``blank``)."""
    where = houses_of(inst, sol)
    return [i for i, clue in inst.written() if clue_holds(inst, clue, where)]


def with_clues(inst: Instance, numbers) -> Instance:
    """``inst`` with exactly the clues of these numbers (in number order),
    each keeping its number, chosen among all the puzzle was written with
    (its catalogue: a clue left out before can come back)."""
    chosen = set(numbers)
    every = inst.written()
    kept = [(i, clue) for i, clue in every if i in chosen]
    if len(kept) != len(chosen):
        missing = sorted(chosen - {i for i, _ in kept})
        raise InputError(f"this puzzle has no clue {', '.join(map(str, missing))}")
    if len(kept) == len(every):
        return replace(inst, clues=tuple(c for _, c in every), numbers=(), catalogue=())
    return replace(inst, clues=tuple(c for _, c in kept), numbers=tuple(i for i, _ in kept),
                   catalogue=tuple(c for _, c in every))


def clue_name(number: int) -> str:
    """`clue7`: the clue's number, 1-based."""
    return f"clue{number}"


class Encoding(contract.Encoding):
    """Permutation matrices and clue clauses (each clue's clauses guarded by
    its selector in selector mode). No rule is lazy: ``complete`` changes
    nothing."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        x = placements(f, inst.attributes, inst.values, inst.houses)
        tables: dict = {}  # how each relation is written, shared by the clues of this board
        for i, clue in inst.numbered():
            sel = self.when(i, "clue", i)
            with counts.guarded(f, sel):
                if clue.kind == "simple":
                    f.extend(relation_clauses(inst, clue.relations[0], x, tables=tables))
                    continue
                reified(f, [partial(relation_clauses, inst, rel, x, tables=tables)
                            for rel in clue.relations],
                        "at_least" if clue.kind == "either" else "exactly", (i,))

    def decode(self, model) -> tuple[tuple[str, ...], ...]:
        """Values of every attribute in house order (`?` where no value is true)."""
        inst = self.instance
        out = []
        for attr, vals in zip(inst.attributes, inst.values):
            row = []
            for p in range(1, inst.houses + 1):
                here = [v for v in vals if model["house", attr, v, p]]
                row.append(here[0] if len(here) == 1 else "?")
            out.append(tuple(row))
        return tuple(out)


def encode(inst: Instance, f: Formula, options: contract.Options) -> Encoding:
    return Encoding(inst, f, options)


# -- independent checking (the rules: satlink/puzzles/_zebra_clues.py) -------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a solution, from the rules: every attribute a
    permutation of its values, every clue true."""
    if len(sol) != len(inst.attributes):
        return [f"the solution has {len(sol)} attributes, the puzzle {len(inst.attributes)}"]
    problems = []
    for name, vals, row in zip(inst.attributes, inst.values, sol):
        if len(row) != inst.houses or sorted(row) != sorted(vals):
            problems.append(f"attribute {name} does not place each of its values in one house")
    if problems:
        return problems
    where = houses_of(inst, sol)
    for i, clue in inst.numbered():
        if not clue_holds(inst, clue, where):
            refs = [r for rel in clue.relations for r in (rel.a, rel.b) if r is not None]
            at = ", ".join(f"{inst.value_name(r)} in house {where[r]}" for r in dict.fromkeys(refs))
            problems.append(f"clue {i} `{clue_text(inst, clue)}` is false ({at})")
    return problems


def cells(inst: Instance, sol) -> dict[str, str]:
    """Answer cells named `house P ATTRIBUTE` (not a grid's `r1c1`: the
    table's rows are attributes, and a designer reads the name)."""
    return {f"house {p} {name}": row[p - 1] for name, row in zip(inst.attributes, sol)
            for p in range(1, inst.houses + 1)}


def solution_json(inst: Instance, sol) -> dict[str, dict[str, str]]:
    """{"1": {"colour": "yellow", ...}, "2": {...}, ...}: house -> attribute -> value."""
    return {str(p): {name: row[p - 1] for name, row in zip(inst.attributes, sol)}
            for p in range(1, inst.houses + 1)}


def answers(inst: Instance, sol) -> list[str]:
    """One line per `ask`: "zebra: house 5, japanese, green, ..."."""
    where = houses_of(inst, sol)
    out = []
    for ref in inst.asks:
        p = where[ref]
        others = [inst.value_name((a, inst.values[a].index(row[p - 1])))
                  for a, row in enumerate(sol) if a != ref[0]]
        out.append(f"{inst.value_name(ref)}: house {p}, " + ", ".join(others))
    return out


# -- picture (satlink.render: text and SVG from one description) ---------------------------
def picture(inst: Instance, solution=None) -> Board:
    """A table, attributes down and houses across (blank without a solution),
    with the clues and questions under it, or the answers once solved."""
    header = ("house", *(str(p) for p in range(1, inst.houses + 1)))
    rows = [(name, *(solution[a] if solution is not None else [""] * inst.houses))
            for a, name in enumerate(inst.attributes)]
    if solution is not None:
        notes = answers(inst, solution)
    else:
        notes = [f"{i}. {clue_text(inst, clue)}" for i, clue in inst.numbered()]
        notes += [f"where is {inst.value_name(ref)}?" for ref in inst.asks]
    return Board(table=Table(header, rows), notes=notes)


GENRE = Genre(
    name=NAME, aliases=("einstein",),
    summary="Zebra / Einstein logic puzzles: houses, attributes and clues in a small language",
    instance=Instance,
    text=Written(from_document=from_document, to_pzl=to_pzl,
                 expected_solution=expected_solution),
    encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)

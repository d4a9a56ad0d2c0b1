"""Zebra puzzles as data: what a puzzle is made of (houses in a row,
attributes and their values, clues: relations between two values' houses
or between a value and a house, alone or in ``either`` / ``one-of``
compounds), what each relation means (:data:`PAIR_RULES`, :data:`AT_RULES`),
how a clue is written in the clue language and whether a placement of the
values obeys it (:func:`clue_holds`, from the rules, for ``verify`` and the
design tools). Reading and writing `.pzl` is :mod:`satlink.puzzles._zebra_text`;
the encoding :mod:`satlink.puzzles.zebra`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Pos

#: (house of a, house of b) -> does the relation hold; ``d`` is the distance.
PAIR_RULES = {
    "=": lambda a, b, d: a == b,
    "!=": lambda a, b, d: a != b,
    "left-of": lambda a, b, d: a == b - 1,
    "right-of": lambda a, b, d: a == b + 1,
    "somewhere-left-of": lambda a, b, d: a < b,
    "somewhere-right-of": lambda a, b, d: a > b,
    "next-to": lambda a, b, d: abs(a - b) == 1,
    "not-next-to": lambda a, b, d: abs(a - b) != 1,
    "distance": lambda a, b, d: abs(a - b) == d,
}
#: house of a, the house named -> does the relation hold.
AT_RULES = {"at": lambda a, h: a == h, "not-at": lambda a, h: a != h}
Ref = tuple  # (attribute index, value index)


@dataclass(frozen=True)
class Relation:
    """One simple relation: ``a KIND b``, ``a distance n b`` or ``a at n``."""

    kind: str  # a key of PAIR_RULES or AT_RULES
    a: Ref
    b: Ref | None = None  # None for at / not-at
    n: int | str | None = None  # distance, or house (number or first/last/middle)
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Clue:
    """``simple`` (one relation), ``either`` (at least one of two) or
    ``one-of`` (exactly one of two or more)."""

    kind: str
    relations: tuple[Relation, ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Instance:
    houses: int
    attributes: tuple[str, ...]
    values: tuple[tuple[str, ...], ...]  # values[a] lists attribute a's N values
    clues: tuple[Clue, ...] = ()
    asks: tuple[Ref, ...] = ()
    #: The number each clue goes by (``clues``, the selectors, ``verify``'s
    #: messages): () for 1, 2, ... in order; a puzzle cut down by
    #: :func:`with_clues` keeps its clues' first numbers (not written to .pzl).
    numbers: tuple[int, ...] = ()
    #: Every clue the puzzle was written with, clue k at index k - 1, when
    #: :func:`with_clues` has left some out (() when ``clues`` are all of
    #: them): the design tools' clue space, kept so that any of them can be
    #: put back by number (not written to .pzl).
    catalogue: tuple[Clue, ...] = ()

    def numbered(self) -> list[tuple[int, "Clue"]]:
        """(number, clue) for every clue, in order."""
        return list(zip(self.numbers or range(1, len(self.clues) + 1), self.clues))

    def written(self) -> list[tuple[int, "Clue"]]:
        """(number, clue) for every clue of the :attr:`catalogue`."""
        return list(enumerate(self.catalogue, 1)) if self.catalogue else self.numbered()

    def value_name(self, ref: Ref) -> str:
        """``fox``, or ``pet.fox`` when another attribute has a value `fox` too."""
        a, v = ref
        name = self.values[a][v]
        if sum(name in vals for vals in self.values) > 1:
            return f"{self.attributes[a]}.{name}"
        return name

    def house(self, spot: int | str) -> int:
        """The house number of a spot (3, first, last, middle)."""
        if spot == "first":
            return 1
        if spot == "last":
            return self.houses
        if spot == "middle":
            return (self.houses + 1) // 2
        return int(spot)


# -- clue text -------------------------------------------------------------------------
def relation_text(inst: Instance, rel: Relation) -> str:
    """A relation in the clue language (canonical spacing)."""
    a = inst.value_name(rel.a)
    if rel.kind in AT_RULES:
        return f"{a} {rel.kind} {rel.n}"
    b = inst.value_name(rel.b)
    if rel.kind == "distance":
        return f"{a} distance {rel.n} {b}"
    return f"{a} {rel.kind} {b}"


def clue_text(inst: Instance, clue: Clue) -> str:
    """A clue in the clue language, as written after `clue`."""
    parts = [relation_text(inst, r) for r in clue.relations]
    if clue.kind == "simple":
        return parts[0]
    if clue.kind == "either":
        return f"either ({parts[0]}) or ({parts[1]})"
    return "one-of " + " ".join(f"({p})" for p in parts)


# -- the rules, read on a placement (independent of any encoding) ----------------------
def relation_holds(inst: Instance, rel: Relation, house_of) -> bool:
    """Does the relation hold when ``house_of[(a, v)]`` gives every value's house?"""
    pa = house_of[rel.a]
    if rel.kind == "at":
        return pa == inst.house(rel.n)
    if rel.kind == "not-at":
        return pa != inst.house(rel.n)
    pb = house_of[rel.b]
    return {
        "=": pa == pb, "!=": pa != pb, "left-of": pa + 1 == pb, "right-of": pa == pb + 1,
        "somewhere-left-of": pa < pb, "somewhere-right-of": pa > pb,
        "next-to": abs(pa - pb) == 1, "not-next-to": abs(pa - pb) != 1,
        "distance": abs(pa - pb) == rel.n,
    }[rel.kind]


def clue_holds(inst: Instance, clue: Clue, house_of) -> bool:
    """simple: the relation; either: at least one; one-of: exactly one."""
    truths = [relation_holds(inst, r, house_of) for r in clue.relations]
    if clue.kind == "one-of":
        return sum(truths) == 1
    return any(truths)


def houses_of(inst: Instance, sol) -> dict[Ref, int]:
    """(attribute, value) -> house number in a solution."""
    return {(a, inst.values[a].index(name)): p
            for a, row in enumerate(sol) for p, name in enumerate(row, 1)
            if name in inst.values[a]}

"""``@frozen`` and ``@record``: ``@dataclass(frozen=True)`` and
``@dataclass`` at half the cost of making the class.

A dataclass compiles six small functions for each frozen class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``),
one ``exec`` each, and that compiling was a third of the CPU of
``satlink solve`` on a small puzzle: the kit's modules declare about 60 such
classes, and every start imports them. Here ``dataclasses`` makes
``__init__`` (and the frozen guards) as always, and ``__repr__``, ``__eq__``
and ``__hash__`` are closures over the fields, which behave as the compiled
ones do (same text, same comparisons, same hashes over the same fields;
``replace``, ``fields`` and ``asdict`` work unchanged).

>>> @frozen
... class Point:
...     row: int
...     col: int = 0
>>> Point(1, 2), Point(1, 2) == Point(1, 2), hash(Point(1)) == hash((1, 0))
(Point(row=1, col=2), True, True)
>>> Point(1).row = 3
Traceback (most recent call last):
dataclasses.FrozenInstanceError: cannot assign to field 'row'
>>> @record
... class Box:
...     items: list
>>> Box([1]) == Box([1]), Box.__hash__ is None
(True, True)
"""
from __future__ import annotations

import dataclasses
from operator import attrgetter


def record(cls=None, /, *, frozen: bool = False, eq: bool = True):
    """``@dataclass(frozen=frozen, eq=eq)``, its comparisons and text made
    without compiling code. A method the class defines itself is kept, as
    ``dataclass`` keeps it."""
    def wrap(cls):
        own = dict(cls.__dict__)
        cls = dataclasses.dataclass(cls, frozen=frozen, repr=False, eq=False)
        fields = dataclasses.fields(cls)
        if "__repr__" not in own:
            cls.__repr__ = _repr([f.name for f in fields if f.repr])
        if not eq:
            return cls
        if "__eq__" not in own:
            cls.__eq__ = _eq(_key([f.name for f in fields if f.compare]))
        explicit = own.get("__hash__", dataclasses.MISSING)
        if explicit is dataclasses.MISSING or (explicit is None and "__eq__" in own):
            # as dataclass: hashable when frozen, unhashable when it may change
            cls.__hash__ = _hash(_key([f.name for f in fields
                                       if (f.compare if f.hash is None else f.hash)])
                                 ) if frozen else None
        return cls

    return wrap if cls is None else wrap(cls)


def frozen(cls=None, /, *, eq: bool = True):
    """``@dataclass(frozen=True, eq=eq)`` as :func:`record` makes it."""
    return record(cls, frozen=True, eq=eq)


def _key(names: list[str]):
    """The tuple of the fields ``names`` of an object."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        get = attrgetter(names[0])
        return lambda self: (get(self),)
    return lambda self: ()


def _repr(names: list[str]):
    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{self.__class__.__qualname__}({inner})"

    return __repr__


def _eq(key):
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(key):
    def __hash__(self) -> int:
        return hash(key(self))

    return __hash__

"""``@frozen`` and ``@record``: ``@dataclass(frozen=True)`` and
``@dataclass`` that compile nothing when the class is made.

A dataclass compiles six small functions for each frozen class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``),
one ``exec`` each, and that compiling was a third of the CPU of
``satlink solve`` on a small puzzle: the kit's modules declare well over a
hundred such classes, and every start imports most of them (21 in the
puz.link codec alone, which a `.pzl` file never uses). Here ``dataclasses``
collects the fields as always (``fields``, ``replace`` and ``asdict`` work
unchanged); ``__repr__``, ``__eq__``, ``__hash__`` and the frozen guards are
closures over the fields, which behave as the compiled ones do (same text,
same comparisons, same hashes over the same fields, the same
``FrozenInstanceError``); ``__init__`` is compiled by ``dataclasses`` when
the class is first called, so a class never instantiated costs no compiling.

>>> @frozen
... class Point:
...     row: int
...     col: int = 0
>>> Point(1, 2), Point(1, 2) == Point(1, 2), hash(Point(1)) == hash((1, 0))
(Point(row=1, col=2), True, True)
>>> Point(1).row = 3
Traceback (most recent call last):
dataclasses.FrozenInstanceError: cannot assign to field 'row'
>>> Point.__doc__
'Point(row, col)'
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
        bases = [b.__dataclass_params__.frozen for b in cls.__mro__[1:]
                 if "__dataclass_fields__" in b.__dict__]
        if frozen and bases and not any(bases):
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
        if not cls.__doc__:  # dataclass would ask inspect.signature (it parses text)
            cls.__doc__ = _UNSIGNED
        # frozen=True here only where a frozen base requires it (dataclass
        # checks that; then it compiles the guards itself)
        cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False,
                                    frozen=frozen and any(bases))
        cls.__dataclass_params__.init = True
        cls.__dataclass_params__.frozen = frozen
        fields = dataclasses.fields(cls)
        if cls.__doc__ is _UNSIGNED:
            cls.__doc__ = f"{cls.__name__}({', '.join(f.name for f in fields if f.init)})"
        if "__init__" not in own:
            cls.__init__ = _init_on_first_call(cls)
        if frozen and ("__setattr__" in own or "__delattr__" in own):
            raise TypeError(f"Cannot overwrite attribute __setattr__ in class {cls.__name__}")
        if frozen and "__setattr__" not in cls.__dict__:
            names = frozenset(f.name for f in fields)
            cls.__setattr__, cls.__delattr__ = _guards(cls, names)
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


#: The docstring a class without one holds while ``dataclass`` runs (which
#: would otherwise make one from ``inspect.signature``: a few ms a start for
#: the three such classes a `solve` imports); then its fields' names.
_UNSIGNED = "<fields>"


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


def _init_on_first_call(cls):
    """An ``__init__`` that compiles the class's own (:func:`_compiled_init`),
    puts that in its place and runs it."""
    def __init__(self, *args, **kwargs):
        real = cls.__dict__["__init__"]
        if real is __init__:
            real = _compiled_init(cls)
            real.__qualname__ = f"{cls.__qualname__}.__init__"
            cls.__init__ = real
        real(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _compiled_init(cls):
    """The ``__init__`` ``dataclass`` writes for ``cls``: the fields in order
    as parameters (their defaults, a factory's called when the argument is
    left out), each stored (through ``object.__setattr__`` when frozen),
    fields outside ``__init__`` given their factory's value, then
    ``__post_init__``.
    Compiled here from that text (one ``exec``, 0.2 ms): asking
    ``dataclass`` for it, through a throwaway subclass, cost 0.5 ms a class,
    10 ms of a small `solve`. A class with ``InitVar``, ``ClassVar`` or
    keyword-only fields, which the kit's classes do not use, is still made
    by ``dataclass``."""
    fields = dataclasses.fields(cls)
    if (len(fields) != len(cls.__dataclass_fields__) or any(f.kw_only is True for f in fields)
            or any(f.name == "self" or f.name.startswith("__") for f in fields)):
        return _dataclass_init(cls)
    frozen = cls.__dataclass_params__.frozen
    space: dict = {"__set__": object.__setattr__, "__factory__": _FACTORY}
    params, body = ["self"], []
    for i, f in enumerate(fields):
        default = f.default is not dataclasses.MISSING
        factory = f.default_factory is not dataclasses.MISSING
        space[f"__d{i}__"], space[f"__f{i}__"] = f.default, f.default_factory
        if f.init:
            params.append(f"{f.name}=__d{i}__" if default else
                          f"{f.name}=__factory__" if factory else f.name)
            value = f"__f{i}__() if {f.name} is __factory__ else {f.name}" if factory else f.name
        elif factory:
            value = f"__f{i}__()"
        else:  # as dataclass: the class attribute holds a plain default
            continue
        body.append(f"__set__(self, {f.name!r}, {value})" if frozen
                    else f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    text = f"def __init__({', '.join(params)}):\n" + "".join(
        f"    {line}\n" for line in body or ["pass"])
    exec(text, space)
    init = space["__init__"]
    init.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    return init


class _Factory:
    """The default of a parameter whose field has a ``default_factory``."""

    def __repr__(self) -> str:
        return "<factory>"  # as dataclass shows it in a signature


_FACTORY = _Factory()


def _dataclass_init(cls):
    """The ``__init__`` that ``dataclass`` compiles for ``cls`` (for a
    throwaway subclass that shares its fields)."""
    shadow = type(cls.__name__, (cls,), {"__module__": cls.__module__,
                                         "__qualname__": cls.__qualname__,
                                         "__doc__": cls.__doc__ or cls.__name__})
    shadow = dataclasses.dataclass(shadow, repr=False, eq=False,
                                   frozen=cls.__dataclass_params__.frozen)
    return shadow.__dict__["__init__"]


def _guards(cls, names: frozenset):
    """``__setattr__`` and ``__delattr__`` of a frozen class, as dataclass
    makes them."""
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__

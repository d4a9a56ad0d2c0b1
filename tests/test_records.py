"""``records.frozen``/``record`` behave as ``dataclasses.dataclass`` does,
though they compile nothing when the class is made (``__init__`` at its
first call)."""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import InitVar, field

import pytest

from satlink import records
from satlink.records import frozen, record


def twins(frozen_: bool):
    """The same classes, once by dataclass and once by records."""
    made = []
    for deco in (dataclasses.dataclass(frozen=frozen_),
                 frozen if frozen_ else record):
        @deco
        class Base:
            a: int
            b: str = "x"
            tags: tuple = ()
            seen: list = field(default_factory=list, compare=False, repr=False)
            scale: InitVar[int] = 1
            total: int = field(init=False, default=0)

            def __post_init__(self, scale):
                object.__setattr__(self, "total", self.a * scale)

        @deco
        class Child(Base):
            c: float = 0.5
            k: int = field(default=7, kw_only=True)

        made.append((Base, Child))
    return made


@pytest.mark.parametrize("frozen_", [True, False])
def test_the_classes_behave_as_dataclasses_do(frozen_):
    (db, dc), (rb, rc) = twins(frozen_)
    for d, r in ((db, rb), (dc, rc)):
        args = [(1,), (2, "y", (1, 2)), (3,)]
        kwargs = [{}, {"scale": 3}, {"seen": [1]}]
        if d is dc:
            kwargs[2] = {"c": 1.5, "k": 2, "scale": 2}
        for a, k in zip(args, kwargs):
            x, y = d(*a, **k), r(*a, **k)
            assert repr(x).replace(d.__qualname__, "T") == repr(y).replace(r.__qualname__, "T")
            assert dataclasses.asdict(x) == dataclasses.asdict(y)
            assert [f.name for f in dataclasses.fields(x)] == [f.name for f in dataclasses.fields(y)]
            assert (y == r(*a, **k)) and not (y == r(9)) and (y != x)
            if frozen_:
                assert hash(x) == hash(y) == hash(r(*a, **k))
                for obj in (x, y):
                    with pytest.raises(dataclasses.FrozenInstanceError, match="field 'a'"):
                        obj.a = 5
                    with pytest.raises(dataclasses.FrozenInstanceError, match="delete field"):
                        del obj.b
            else:
                assert r.__hash__ is None and d.__hash__ is None
                y.a = 5
                assert y.a == 5 and y != r(*a, **k)
                y.a = a[0]
            z = dataclasses.replace(y, b="q")
            assert z.b == "q" and z.a == y.a and type(z) is r
            assert copy.deepcopy(y) == y == copy.copy(y)
        for bad in ((), (1, 2, 3, 4, 5, 6, 7)):
            with pytest.raises(TypeError) as want:
                d(*bad)
            with pytest.raises(TypeError) as got:
                r(*bad)
            assert str(got.value).split("()")[-1] == str(want.value).split("()")[-1]


def test_inheritance_rules_are_dataclass_rules():
    @frozen
    class F:
        a: int

    @record
    class M:
        a: int

    with pytest.raises(TypeError, match="non-frozen dataclass from a frozen one"):
        record(type("N", (F,), {"__annotations__": {"b": "int"}}))
    with pytest.raises(TypeError, match="frozen dataclass from a non-frozen one"):
        frozen(type("G", (M,), {"__annotations__": {"b": "int"}}))

    @dataclasses.dataclass(frozen=True)
    class Plain(F):  # a dataclass of its own may still derive from a frozen record
        b: int = 0

    assert Plain(1, 2) == Plain(1, 2) and Plain(1).a == 1


def test_no_function_is_compiled_until_the_class_is_called(monkeypatch):
    compiled = []
    exec_ = dataclasses.__builtins__["exec"] if isinstance(dataclasses.__builtins__, dict) \
        else dataclasses.__builtins__.exec

    def counted(*args, **kwargs):
        compiled.append(1)
        return exec_(*args, **kwargs)

    monkeypatch.setattr(dataclasses, "exec", counted, raising=False)
    monkeypatch.setattr(records, "exec", counted, raising=False)  # records compiles __init__

    @frozen
    class P:
        a: int
        b: int = 0

    assert compiled == []
    assert P(1) == P(1, 0) and compiled


@pytest.mark.parametrize("frozen_", [True, False])
def test_the_compiled_init_is_dataclass_init(frozen_):
    """Classes without InitVar or keyword-only fields get an ``__init__``
    compiled by records itself: the same parameters, defaults, factories,
    fields outside ``__init__`` and ``__post_init__`` as dataclass's."""
    made = []
    for deco in (dataclasses.dataclass(frozen=frozen_), frozen if frozen_ else record):
        @deco
        class Base:
            a: int
            b: str = "x"
            seen: list = field(default_factory=list)
            total: int = field(init=False, default=0)
            log: list = field(init=False, default_factory=list)

            def __post_init__(self):
                object.__setattr__(self, "total", self.a * 2)

        @deco
        class Child(Base):
            c: float = 0.5

        made.append((Base, Child))
    (db, dc), (rb, rc) = made
    for d, r in ((db, rb), (dc, rc)):
        for a, k in (((1,), {}), ((2, "y", [1]), {}), ((3,), {"seen": [2], "b": "z"})):
            x, y = d(*a, **k), r(*a, **k)
            assert dataclasses.asdict(x) == dataclasses.asdict(y) and vars(x) == vars(y)
            if len(a) < 3 and "seen" not in k:  # the factory's: a fresh list each time
                assert y.seen == [] and y.seen is not r(*a, **k).seen
        for bad_args, bad_kwargs in (((), {}), ((1, 2, 3, 4, 5, 6), {}), ((1,), {"total": 3}),
                                     ((1,), {"a": 2})):
            with pytest.raises(TypeError) as want:
                d(*bad_args, **bad_kwargs)
            with pytest.raises(TypeError) as got:
                r(*bad_args, **bad_kwargs)
            assert str(got.value).split("()")[-1] == str(want.value).split("()")[-1]
    import inspect

    assert str(inspect.signature(rc)) == str(inspect.signature(dc))

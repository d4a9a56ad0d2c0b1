"""The contract between a genre module and the engine, made explicit.

A genre module (``satlink/puzzles/<name>.py``, see ``TEMPLATE.py``) reads an
``Instance`` and builds clauses with ``encode(instance, formula, options)``,
which returns an :class:`Encoding`: the object that holds what it built (its
variables, its lazy-rule index). The engine hands that object back for the
lazy cuts, the decoding and the optional hooks; nothing is kept in module
caches between calls, and every knob lives in the :class:`Options` value.

>>> o = Options(prune=True, settings={"fill": "any"})
>>> o.setting("fill", "all"), o.setting("cuts", "region")
('any', 'region')
>>> o.but(prune=False).prune
False
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import field, replace
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from .formula import Formula
from .records import frozen

#: How clues are encoded (:attr:`Options.clues`).
CLUE_MODES = ("direct", "selectors")


@frozen
class Options:
    """Everything that changes what ``encode`` builds.

    - ``complete``: the lazy rules are encoded eagerly too, so that every
      model of the formula is a solution (DIMACS export);
    - ``prune``: verdict-mode pruning is allowed (limit 1 or 2; the genre's
      encoding then implements :class:`Pruning`);
    - ``clues``: ``"direct"`` applies the clues while encoding (no clause a
      given satisfies, no variable a given fixes), ``"selectors"`` puts each
      clue behind a selector literal (:meth:`Encoding.selector`): the
      clauses and cuts are then valid for any subset of the clues, and a clue
      holds only while its selector is assumed (batch solving, design tools);
    - ``deadline``: a ``time.perf_counter()`` value the hooks may read;
    - ``settings``: genre knobs by name (``fill`` for Numberlink, the
      encoding variants benchmarks compare); a genre documents its own and
      reads them with :meth:`setting`.
    """

    complete: bool = False
    prune: bool = False
    clues: str = "direct"
    deadline: float | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.clues not in CLUE_MODES:
            raise ValueError(f"clues must be one of {CLUE_MODES}, not {self.clues!r}")
        object.__setattr__(self, "settings", MappingProxyType(dict(self.settings)))

    def setting(self, name: str, default: Any = None) -> Any:
        return self.settings.get(name, default)

    def but(self, **changes: Any) -> "Options":
        """A copy with ``changes``; ``settings`` given here are merged in."""
        if "settings" in changes:
            changes["settings"] = {**self.settings, **changes["settings"]}
        return replace(self, **changes)


class Encoding:
    """What ``encode`` built for one instance: subclass it in the genre.

    ``formula`` is the formula the clauses went into, ``instance`` the
    puzzle, ``options`` the options it was built with. ``cuts`` defaults to
    none (a genre whose rules are all clauses); ``decode`` is required.
    In selector mode ``selectors`` maps each clue (see the genre's
    ``clues``) to its literal; :meth:`selector` adds one on demand.
    """

    def __init__(self, instance: Any, formula: Formula, options: Options) -> None:
        self.instance = instance
        self.formula = formula
        self.options = options
        self.selectors: dict[Hashable, int] = {}

    def cuts(self, model) -> list[list[int]]:
        """Clauses a candidate model violates among the lazy rules; every
        clause must hold in every true solution of the puzzle's shape
        (whatever subset of clues is selected, in selector mode)."""
        return []

    def decode(self, model):
        """The solution a model stands for."""
        raise NotImplementedError

    def selector(self, clue: Hashable) -> int:
        """The literal that, assumed true, makes ``clue`` hold (selector
        mode). The default raises: a genre without selectable clues."""
        try:
            return self.selectors[clue]
        except KeyError:
            raise KeyError(f"no selector for clue {clue!r}") from None

    def assumptions(self, clues: Sequence[Hashable]) -> list[int]:
        """The selectors of ``clues``: the assumptions that pose a puzzle
        with exactly these clues on a selector-mode encoding."""
        return [self.selector(c) for c in clues]

    def when(self, clue: Hashable, *name: Hashable) -> int | None:
        """What guards ``clue``'s clauses (``when=`` of :mod:`satlink.rules.counts`):
        None when clues are direct; else its selector, the variable ``name``
        (made on first use)."""
        if self.options.clues == "direct":
            return None
        return self.selectors.setdefault(clue, self.formula.var(*name))


# -- optional hooks: the engine tests for these protocols ---------------------

@runtime_checkable
class Focusing(Protocol):
    """A narrowing for the first solution (limit 1): ``focus(None)`` gives
    assumptions to try first; ``focus(failed)`` wider ones after the solver's
    core named ``failed`` (clauses behind new selectors may be appended to
    the formula), or [] to search without. Needs no proof, must end."""

    def focus(self, failed: list[int] | None) -> list[int]: ...


@runtime_checkable
class Pruning(Protocol):
    """Verdict-mode pruning, built when ``options.prune``: the pruned
    formula keeps a solution whenever the puzzle has one; when it has
    exactly one, ``alternative`` returns another true solution of the
    puzzle if there is one, else None. Proved in ``encodings/``."""

    def alternative(self, solution) -> Any: ...


@runtime_checkable
class Projecting(Protocol):
    """Counting by projection: ``count_projection()`` gives (answer
    variables, true_only) or None; ``count_completions(model, deadline)``
    the exact number of solutions agreeing with ``model`` on them (None
    if the deadline struck)."""

    def count_projection(self) -> tuple[list[int], bool] | None: ...

    def count_completions(self, model, deadline: float | None) -> int | None: ...


def implements(obj, protocol: type) -> bool:
    """``isinstance(obj, protocol)`` for the hooks above (every method the
    protocol names is an attribute of ``obj`` other than None, as
    ``typing`` checks it), without ``typing``'s cost: on Python 3.11 its
    check gathers the protocol's attributes anew each time, 20 to 70 us, a
    few per cent of a small board's verdict.

    >>> class Lazy:
    ...     def alternative(self, solution): return None
    >>> implements(Lazy(), Pruning), implements(Lazy(), Focusing)
    (True, False)
    """
    names = HOOK_METHODS.get(protocol)
    if names is None:  # another protocol: its methods gathered here
        names = methods(protocol)
    for name in names:  # a loop, not all() over a generator: 1-2 calls a search
        if getattr(obj, name, None) is None:
            return False
    return True


def methods(protocol: type) -> tuple[str, ...]:
    """The methods a protocol names (what :func:`implements` looks for)."""
    return tuple(name for name, member in vars(protocol).items()
                 if not name.startswith("_") and callable(member))


#: Each hook protocol's methods, gathered once from the classes above (their
#: declarations, fixed with the code: no state).
HOOK_METHODS = {protocol: methods(protocol) for protocol in (Focusing, Pruning, Projecting)}


# -- the objective of an optimising genre: declared once, on the genre -------------

#: The two senses of an :class:`Objective`.
SENSES = ("least", "greatest")


def _always(instance) -> bool:
    return True


@frozen
class Objective:
    """What an optimising genre asks for the best of (Circuit Board's
    shortest s-t path), declared once on its genre object
    (``Genre(objective=Objective(...))``). Every command reads it there
    (:func:`objective_of`), so none can leave it out: the puzzle *is* its
    optimal solutions. ``solve`` and ``check`` prove the optimum and give the
    verdict among the solutions that reach it; ``count`` counts those;
    ``dimacs`` writes the complete formula with the proved bound, so that
    every model is an optimal solution, and ``decode`` refuses an answer
    that is not; ``--certify`` proves both halves (nothing better than the
    optimum; the verdict at it); the design tools ask for the target to be
    the only optimal solution.

    - ``name``: what is optimised, in the puzzle's own terms (``s-t path
      length``);
    - ``value(instance, solution) -> int``: a solution's value, computed
      from the rules (networkx where a graph question is asked), never from
      the encoding;
    - ``bound(encoding, k) -> assumptions``: literals under which the
      encoding (lazy or complete, direct clues or selectors) keeps only the
      solutions of value ``k`` or better (at most ``k`` for ``least``, at
      least ``k`` for ``greatest``), for any whole ``k``. It may append
      clauses to the encoding's formula (behind new selectors, so that they
      bind only under the assumptions), and must build the same clauses for
      the same calls on equal encodings (``decode`` rebuilds what
      ``dimacs`` wrote);
    - ``applies(instance)``: whether this instance optimises (a Circuit
      Board with ends s and t); every instance by default;
    - ``sense``: ``least`` or ``greatest``.

    >>> o = Objective("cost", value=lambda inst, sol: sol, bound=lambda enc, k: [])
    >>> o.step(5), o.better(4, 5), Objective("gain", o.value, o.bound, sense="greatest").step(5)
    (4, True, 6)
    >>> o.describe(5), o.within(5), o.none_better(5)
    ('least cost 5', 'cost 5 or less', 'no solution has 4 or less')
    """

    name: str
    value: Callable[[Any, Any], int]
    bound: Callable[[Encoding, int], list[int]]
    applies: Callable[[Any], bool] = _always
    sense: str = "least"

    def __post_init__(self) -> None:
        if self.sense not in SENSES:
            raise ValueError(f"sense must be one of {SENSES}, not {self.sense!r}")
        for key in ("value", "bound", "applies"):
            if not callable(getattr(self, key)):
                raise TypeError(f"Objective.{key} must be callable")

    def step(self, value: int) -> int:
        """The next value better than ``value``."""
        return value - 1 if self.sense == "least" else value + 1

    def better(self, a: int, b: int) -> bool:
        """Whether value ``a`` is strictly better than ``b``."""
        return a < b if self.sense == "least" else a > b

    def describe(self, value: int) -> str:
        """``least s-t path length 6``."""
        return f"{self.sense} {self.name} {value}"

    def within(self, value: int) -> str:
        """The bound at ``value`` in words: ``s-t path length 6 or less``."""
        way = "less" if self.sense == "least" else "more"
        return f"{self.name} {value} or {way}"

    def none_better(self, value: int) -> str:
        """What the proof of the optimum ``value`` says: ``no solution has 5 or less``."""
        way = "less" if self.sense == "least" else "more"
        return f"no solution has {self.step(value)} or {way}"


def objective_of(genre, instance) -> Objective | None:
    """The objective ``instance`` optimises (its genre's, where it applies),
    None for a puzzle that asks for any solution."""
    objective = getattr(genre, "objective", None)
    if objective is None or not objective.applies(instance):
        return None
    return objective

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

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from .formula import Formula

#: How clues are encoded (:attr:`Options.clues`).
CLUE_MODES = ("direct", "selectors")


@dataclass(frozen=True)
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


@runtime_checkable
class Optimizing(Protocol):
    """A puzzle whose answer is the best solution (Circuit Board's shortest
    s-t path): ``objective(solution)`` is the value to minimise and
    ``at_most(bound)`` the assumptions that keep only solutions of value at
    most ``bound`` (clauses behind selectors may be appended to the
    formula). The engine proves the least value L (no solution at L - 1)
    and gives the verdict among the solutions of value L."""

    def objective(self, solution) -> int: ...

    def at_most(self, bound: int) -> list[int]: ...

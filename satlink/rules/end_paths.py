"""Paths between given ends as a whole answer: a genre whose answer is one
path per pair of labelled end cells and nothing else (Numberlink, Arukone,
Flow Free). :class:`EndPaths` wires the rule :class:`~satlink.rules.paths.Paths`
(one path per pair of given ends, its degree rules, its lazy region cuts or
complete form) to the verdict-mode pruning of :mod:`~satlink.rules.path_moves`
and to the narrowings of a first search (:class:`Focus`), under the
settings below; :func:`end_paths_problems` checks such an answer from the
rules (independent of any encoding) and :func:`paths_from_edges` reads one
from its edges. Proofs in ``encodings/paths.md``; the settings, the focus and
their measurements in ``encodings/numberlink.md``.

A narrowing needs no proof (the engine widens or drops it where the
solver's core says), so :class:`Focus` holds heuristics, never rules.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> rule = EndPaths(Grid(2, 3), Formula(), {"A": ((0, 0), (0, 2)), "B": ((1, 0), (1, 2))})
>>> rule.paths.fill, len(rule.paths.edges)
('all', 7)
>>> end_paths_problems(Grid(1, 3), {"A": ((0, 0), (0, 2))}, (("A", ((0, 0), (0, 1))),), "any")
['the path of A does not join its two endpoints']
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from . import graph_cuts, path_moves
from ..formula import Formula
from .grid import Cell, Edge, Grid, exits, shift
from .path_solutions import Solution, walk
from .paths import Paths

#: The settings (``Options.settings`` overrides them by name; tests and
#: benchmarks compare the variants, encodings/numberlink.md has the numbers):
#: "labels": "onehot", "binary" or "auto" (one-hot where the pruning reads
#: labels, fill any with touch yes, on boards of at most BINARY_ABOVE labels
#: and ONEHOT_MAX cells x labels; binary elsewhere); "cuts": "region"
#: (:meth:`satlink.rules.paths.Paths.cuts`) or "cycle" (satlink.rules.graph_cuts.cycle_cuts,
#: the baseline of ``benchmarks/numberlink.py --baseline``); "squares": the 2 x 2
#: cycle clauses; "touch_cuts": D (touch no) as cuts where Paths can (fill
#: all, binary labels), else as clauses; "shapeless": no shape variables
#: under fill all with touch no (Paths); "prune": the verdict-mode pruning (satlink.rules.path_moves);
#: "switch", "transfer": its fill-all moves S and T; "phase": try "not empty"
#: first for every cell (a search hint); "spike": search the first solution
#: under the spike rule and D behind a selector; "focus", "focus_margin": then
#: keep each label near its endpoints (fill any), widened where the core says.
DEFAULTS = {"labels": "auto", "cuts": "region", "squares": True, "touch_cuts": True,
            "shapeless": True,
            "prune": True,
            "switch": False, "transfer": True, "phase": True, "spike": True,
            "focus": True, "focus_margin": 2}
#: "auto" labels: binary above this many labels (janko 110_25x42, 62 labels:
#: first solution 1.95 s one-hot against 0.40 s binary) or above ONEHOT_MAX
#: cells x labels (inputs6's 122 x 123 board: 29.7 s one-hot, 2.6 s binary).
BINARY_ABOVE = 64
ONEHOT_MAX = 50_000
#: Widenings of the boxes before every narrowing is dropped.
FOCUS_ROUNDS = 8


def settings_of(options_settings) -> dict:
    """The defaults with ``options_settings`` applied; an unknown name is a
    ValueError (a mistyped benchmark knob must not pass silently)."""
    unknown = set(options_settings) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown path settings: {', '.join(sorted(unknown))};"
                         f" known: {', '.join(DEFAULTS)}")
    return {**DEFAULTS, **options_settings}


def label_mode(settings: dict, fill: str, touch: str, labels: int, cells: int) -> str:
    """The label encoding the settings ask for on such a board."""
    mode = settings["labels"]
    if mode != "auto":
        return mode
    small = labels <= BINARY_ABOVE and labels * cells <= ONEHOT_MAX
    return "onehot" if small and fill == "any" and touch == "yes" else "binary"


class Focus:
    """The narrowings of one encoding's first search, one after the other
    (the state of the widening lives here, one per encoding).

    1. The spike rule and D behind one selector (setting "spike"; not under
       fill all with touch no, where both are rules already). The sole
       solution of a unique fill-any puzzle satisfies both. When the search
       under it fails, the selector is fixed false and the boxes follow.
    2. Boxes, fill any only (setting "focus"): label k may use only the
       cells within a margin of its endpoints' bounding box while its
       selector is assumed; the margin starts at "focus_margin", doubles for
       each label whose selector is in the core of a failed call, and the
       selector goes once the box covers the board; after FOCUS_ROUNDS
       widenings every narrowing is dropped. Under fill all the paths must
       reach every cell, far from their endpoints: on the 122 x 123 board of
       inputs6 the widening took 304 calls and 37 s against 2.1 s without.
    """

    def __init__(self, paths, settings: dict, pruned: bool) -> None:
        self.paths, self.settings, self.pruned = paths, settings, pruned
        self.spike: int | None = None
        self.narrow: dict = {}  # label -> (margin, selector or None)
        self.widened = 0

    def __call__(self, failed: list[int] | None) -> list[int]:
        """Selector literals to assume (the engine's ``focus`` hook)."""
        p, st = self.paths, self.settings
        if failed is None:
            self.spike = None
            if st["spike"] and not (p.fill == "all" and p.touch == "no"):
                self.spike = p.f.new_aux()
                p.spike_clauses(self.spike)
                if not (p.touch == "no" or (p.fill == "any" and self.pruned
                                            and p.table is not None)):
                    p.touch_clauses(self.spike)  # else D is there already
                return [self.spike]
        elif self.spike is not None:  # the only assumption so far: the spike search failed
            p.f.clauses.append([-self.spike])
            self.spike = None
            failed = None
        return self._boxes(failed)

    def _boxes(self, failed: list[int] | None) -> list[int]:
        p, st = self.paths, self.settings
        if not st["focus"] or p.fill != "any":
            return []
        if failed is None:
            self.narrow = {lab: (st["focus_margin"], None) for lab in p.ends}
            self.widened = 0
            grow = set(p.ends)
        elif self.widened >= FOCUS_ROUNDS:
            return []
        else:
            self.widened += 1
            failed_set = set(failed)
            grow = {lab for lab, (_m, sel) in self.narrow.items() if sel in failed_set}
        code = p.code
        for lab in p.ends:  # in label order: the same clauses every run
            if lab not in grow:
                continue
            margin, old = self.narrow[lab]
            if old is not None:
                p.f.clauses.append([-old])
                margin = max(1, 2 * margin)
            (r1, c1), (r2, c2) = p.ends[lab]
            r0, r9 = min(r1, r2) - margin, max(r1, r2) + margin
            c0, c9 = min(c1, c2) - margin, max(c1, c2) + margin
            if r0 <= 0 and c0 <= 0 and r9 >= p.h - 1 and c9 >= p.w - 1:
                self.narrow[lab] = (margin, None)
                continue
            sel = p.f.new_aux()
            self.narrow[lab] = (margin, sel)
            for u in range(p.w * p.h):
                r, c = p.cell(u)
                if u in p.end or (r0 <= r <= r9 and c0 <= c <= c9):
                    continue
                if p.table is not None:
                    x = p.table[u].get(lab)
                    if x:
                        p.f.clauses.append([-sel, -x])
                else:  # binary: the bits differ from k's code (an empty cell has code 0)
                    clause = [-sel] + [-p.bit(u, i) if code[lab] >> i & 1 else p.bit(u, i)
                                       for i in range(p.nbits)]
                    if u in p.empty:
                        clause.append(p.empty[u])
                    p.f.clauses.append(clause)
        return [sel for _m, sel in self.narrow.values() if sel is not None]


class EndPaths:
    """The paths between ``ends`` (label -> its two cells) on ``grid`` as
    the whole answer: ``paths`` (:class:`~satlink.rules.paths.Paths`, its
    shapes declared as the one-hot answer), pruned for a verdict when
    ``prune`` (``pruned``: whether any pruning applied), eager with
    ``complete``; ``settings`` override :data:`DEFAULTS` by name."""

    def __init__(self, grid: Grid, f: Formula, ends: Mapping[Hashable, tuple[Cell, Cell]], *,
                 fill: str = "all", touch: str = "yes", settings: Mapping | None = None,
                 prune: bool = False, complete: bool = False) -> None:
        st = self.settings = settings_of(settings or {})
        labels = label_mode(st, fill, touch, len(ends), grid.rows * grid.cols)
        self.paths = Paths(grid, f, ends, fill=fill, touch=touch, labels=labels,
                           squares=st["squares"], touch_cuts=st["touch_cuts"],
                           shapeless=st["shapeless"])
        f.declare_answer(self.paths.answer, one_hot=not self.paths.shapeless)
        self.pruned = prune and path_moves.prune(self.paths, st["switch"], st["transfer"])
        if st["phase"]:  # try cells on paths first: published boards use most cells
            f.phases.extend(-x for x in self.paths.empty.values())
        if complete:
            self.paths.encode_complete()
        self.focus = Focus(self.paths, st, self.pruned)

    def cuts(self, model) -> list[list[int]]:
        """Clauses against every closed loop of the candidate, and against
        its touches where D is lazy (encodings/paths.md)."""
        if self.settings["cuts"] == "cycle":
            out = graph_cuts.cycle_cuts(self.paths.edge_map(), model)
            return out + self.paths.touch_cuts(model) if self.paths.lazy_touch else out
        return self.paths.cuts(model)

    def decode(self, model) -> Solution:
        return self.paths.decode(model)

    def alternative(self, sol: Solution) -> Solution | None:
        """A second solution from the only one the pruned formula kept
        (:func:`~satlink.rules.path_moves.alternative`); None under touch
        no, where nothing is pruned (the formula had one solution)."""
        if self.paths.touch == "no":
            return None
        return path_moves.alternative(self.paths.grid, self.paths.fill, sol)


class EndsError(ValueError):
    """A label that is not on exactly two cells; ``cell`` is where it shows."""

    def __init__(self, message: str, cell: Cell) -> None:
        super().__init__(message)
        self.cell = cell


def ends_of(marks: Iterable[tuple[Cell, Hashable]]) -> dict[Hashable, tuple[Cell, Cell]]:
    """Label -> its two cells, from ``(cell, label)`` in reading order (an
    empty label, "" or None, marks no end); labels in order of first
    appearance. :class:`EndsError` at a label's third cell, or at its only one.

    >>> ends_of([((0, 0), "A"), ((0, 1), ""), ((1, 1), "A")])
    {'A': ((0, 0), (1, 1))}
    >>> ends_of([((0, 0), "A"), ((0, 1), "B"), ((1, 1), "A")])
    Traceback (most recent call last):
    satlink.rules.end_paths.EndsError: label B appears only once: a path needs two endpoints
    """
    cells: dict[Hashable, list[Cell]] = {}
    for (r, c), lab in marks:
        if lab is None or lab == "":
            continue
        at = cells.setdefault(lab, [])
        if len(at) == 2:
            (r1, c1), (r2, c2) = at
            raise EndsError(f"label {lab} appears a third time; it already has endpoints"
                            f" at row {r1 + 1} column {c1 + 1} and row {r2 + 1}"
                            f" column {c2 + 1}", (r, c))
        at.append((r, c))
    for lab, at in cells.items():
        if len(at) == 1:
            raise EndsError(f"label {lab} appears only once: a path needs two endpoints", at[0])
    return {lab: (a, b) for lab, (a, b) in cells.items()}


def end_paths_problems(grid: Grid, ends: Mapping[Hashable, tuple[Cell, Cell]], sol: Solution,
                       fill: str = "all", touch: str = "yes") -> list[str]:
    """Broken rules of ``sol`` (label, cells from one end to the other) per
    label, checked on the paths themselves (empty when solved)."""
    problems = []
    labels = [lab for lab, _ in sol]
    if labels != list(ends):
        extra = [lab or "(no label)" for lab in labels if lab not in ends]
        if extra:
            problems.append(f"cells on a path or loop that joins no pair of labels: {extra}")
        else:
            problems.append(f"expected one path per label {list(ends)}, got {labels}")
    mark = {cell: lab for lab, pair in ends.items() for cell in pair}
    used: dict[Cell, Hashable] = {}
    for lab, path in sol:
        if lab not in ends:
            continue
        if len(path) < 2 or {path[0], path[-1]} != set(ends[lab]):
            problems.append(f"the path of {lab} does not join its two endpoints")
        for u, v in zip(path, path[1:]):
            if abs(u[0] - v[0]) + abs(u[1] - v[1]) != 1:
                problems.append(f"the path of {lab} jumps from {u} to {v}")
        for u in path:
            if not grid.inside(u):
                problems.append(f"the path of {lab} leaves the board at {u}")
                continue
            if u in used:
                problems.append(f"{Grid.name(u)} is on the paths of {used[u]} and {lab}")
            used[u] = lab
            if mark.get(u, lab) != lab:
                problems.append(f"the path of {lab} runs through the endpoint of {mark[u]}")
        if touch == "no":
            at = {u: j for j, u in enumerate(path)}
            problems += [f"the path of {lab} touches itself at {Grid.name(u)} and"
                         f" {Grid.name(v)} (touch no)" for u, j in at.items()
                         for v in ((u[0] + 1, u[1]), (u[0], u[1] + 1))
                         if v in at and abs(at[v] - j) != 1]
    empty = [c for c in grid.cells if c not in used]
    if fill == "all" and empty:
        problems.append(f"{len(empty)} cells are on no path (fill all), first"
                        f" {Grid.name(empty[0])}")
    return problems


def paths_from_edges(grid: Grid, ends: Mapping[Hashable, tuple[Cell, Cell]],
                     edges: Iterable[Edge]) -> Solution:
    """The paths that ``edges`` draw, from each label's first end (edges no
    path reaches: one more entry labelled "", see :func:`~satlink.rules.path_solutions.walk`)."""
    on = frozenset(edges)
    return walk(ends, {c: [shift(c, d) for d in dirs] for c in grid.cells
                       if (dirs := exits(on, c))})

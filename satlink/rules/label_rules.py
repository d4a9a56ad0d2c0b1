"""Rules stated on a labelling of cells (``label``: cell -> label -> literal,
as :meth:`satlink.rules.regions.Regions.labels` takes it, a cell's region its
label): two cells apart or together, and groups of cells at most (or
exactly) once per label. Burokku states its given borders, its join pairs
and its symbols with them (encodings/chosen_regions.md, "Burokku").

>>> from satlink.formula import Formula
>>> f = Formula()
>>> label = {(0, 0): {"a": 1, "b": 2}, (0, 1): {"a": 3}}
>>> apart(f, label, [((0, 0), (0, 1))]); f.clauses
[[-1, -3]]
>>> f = Formula(); together(f, label, [((0, 0), (0, 1))]); f.clauses
[[-1, 3], [-2], [-3, 1]]
"""
from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence

from ..formula import Formula
from .grid import Cell, Edge

Labels = Mapping[Cell, Mapping[Hashable, int]]


def apart(f: Formula, label: Labels, pairs: Iterable[Edge]) -> None:
    """No label on both cells of each pair (a region border between them)."""
    for a, b in pairs:
        for k, x in label[a].items():
            y = label[b].get(k)
            if y is not None:
                f.add([-x] if x == y else [-x, -y])


def together(f: Formula, label: Labels, pairs: Iterable[Edge],
             guard: Mapping[Edge, Sequence[int]] | None = None) -> None:
    """Each pair's cells share their label (one region), each way: a's
    label k implies b's k (b cannot take k: a does not); ``guard[pair]``:
    literals added to each of the pair's clauses (the rule holds where
    they are all false: its clues' selectors, negated)."""
    for a, b in pairs:
        extra = guard[a, b] if guard else ()
        for one, other in ((a, b), (b, a)):
            for k, x in label[one].items():
                y = label[other].get(k)
                if y != x:
                    f.add([-x, *extra] if y is None else [-x, y, *extra])


def by_label(label: Labels, labels: Iterable[Hashable]) -> dict[Hashable, dict[Cell, int]]:
    """``label`` turned around: label -> cell -> literal (every label of
    ``labels`` there, holding no cell if none takes it)."""
    out: dict[Hashable, dict[Cell, int]] = {k: {} for k in labels}
    for c, ks in label.items():
        for k, x in ks.items():
            out.setdefault(k, {})[c] = x
    return out


def once_per_label(f: Formula, cells_of: Mapping[Hashable, dict[Cell, int]],
                   groups: Mapping[Hashable, Sequence[Cell]], every: Iterable[Hashable] = (),
                   guard: Mapping[Cell, int] | None = None) -> None:
    """For each label (``cells_of``: label -> cell -> literal, :func:`by_label`)
    and group of cells (a symbol's cells), at most one of the group's cells
    takes the label; for the groups in ``every``, also at least one. With
    ``guard`` (cell -> its clue's selector, 0 when it has none) a pair's
    clause holds only where both cells' clues are posed; without it the
    pairs are built in C (pairs of negated literals)."""
    every, out = set(every), f.clauses
    for cells in cells_of.values():
        for s, group in groups.items():
            here = [c for c in group if c in cells]
            if guard is None:
                out.extend(map(list, itertools.combinations([-cells[c] for c in here], 2)))
            else:
                for a, b in itertools.combinations(here, 2):
                    out.append([-cells[a], -cells[b], *(-guard[x] for x in (a, b) if guard[x])])
            if s in every:
                out.append([cells[c] for c in here])

"""rules/label_rules.py against brute force: every labelling of a few cells
(each cell one label of its own menu) that obeys the rule is a model, and no
other (cells on a row, labels shared at random, guards posed or not)."""
from __future__ import annotations

import itertools
import random

from pysat.solvers import Solver

from satlink.formula import Formula
from satlink.rules import label_rules as L


def board(rng: random.Random):
    """Cells on a row, each with 1-3 of the labels a-c (a menu of literals)."""
    f = Formula()
    cells = [(0, i) for i in range(rng.randint(2, 4))]
    label = {c: {k: f.var("lab", *c, k) for k in rng.sample("abc", rng.randint(1, 3))}
             for c in cells}
    for c in cells:  # exactly one label each
        f.exactly_one(list(label[c].values()))
    return f, cells, label


def models(f, label) -> set:
    """Each model as the tuple of the cells' labels."""
    cells = sorted(label)
    out = set()
    with Solver(bootstrap_with=f.clauses) as s:
        for m in s.enum_models():
            on = {x for x in m if x > 0}
            out.add(tuple(next(k for k, x in label[c].items() if x in on) for c in cells))
    return out


def labellings(label):
    cells = sorted(label)
    return set(itertools.product(*(sorted(label[c]) for c in cells)))


def test_apart_and_together_are_their_rules():
    rng = random.Random(5)
    for _ in range(150):
        f, cells, label = board(rng)
        pairs = [p for p in zip(cells, cells[1:]) if rng.random() < 0.6]
        rule = rng.choice(["apart", "together"])
        getattr(L, rule)(f, label, pairs)
        index = {c: i for i, c in enumerate(sorted(label))}
        same = {True: "together", False: "apart"}
        want = {t for t in labellings(label)
                if all(same[t[index[a]] == t[index[b]]] == rule for a, b in pairs)}
        assert models(f, label) == want


def test_a_guarded_pair_holds_only_where_its_guard_is_false():
    rng = random.Random(6)
    for _ in range(60):
        f, cells, label = board(rng)
        a, b = cells[:2]
        g = f.var("guard")
        L.together(f, label, [(a, b)], {(a, b): [g]})
        f.add([g])  # guard true: the rule is off
        assert models(f, label) == labellings(label)


def test_once_per_label_is_at_most_one_and_one_for_every():
    rng = random.Random(7)
    for _ in range(150):
        f, cells, label = board(rng)
        group = [c for c in cells if rng.random() < 0.7]
        every = rng.random() < 0.5
        L.once_per_label(f, L.by_label(label, "abc"), {"s": group}, every=["s"] if every else ())
        cells_sorted = sorted(label)
        want = set()
        for t in labellings(label):
            held = [t[cells_sorted.index(c)] for c in group]
            counts = {k: held.count(k) for k in "abc"}
            # with `every`, each label (all three: none may go without) holds one
            if all(n <= 1 for n in counts.values()) and (
                    not every or all(n == 1 for n in counts.values())):
                want.add(t)
        assert models(f, label) == want

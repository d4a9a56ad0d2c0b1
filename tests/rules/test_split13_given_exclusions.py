"""rules.given_exclusions against brute force: on small random boards (cells
that hold a value or none, groups holding each value at most once, pairs of
cells that never hold equal values, some givens), every solution keeps each
cell's value among those left to it, and each value taken away is one a given
takes away (its own cell's other values, its value from its groups' other
cells and from its partners)."""
from __future__ import annotations

import itertools
import random

import pytest

from satlink.rules.given_exclusions import given_exclusions

VALUES = (1, 2, 3)


def board(seed: int):
    rng = random.Random(seed)
    cells = list(range(rng.randrange(3, 7)))
    groups = [rng.sample(cells, rng.randrange(2, len(cells) + 1)) for _ in range(rng.randrange(0, 3))]
    pairs = [tuple(rng.sample(cells, 2)) for _ in range(rng.randrange(0, 4))]
    givens = [(c, rng.choice(VALUES)) for c in rng.sample(cells, rng.randrange(0, 3))]
    return cells, groups, pairs, givens


def solutions(cells, groups, pairs, givens):
    for values in itertools.product((None, *VALUES), repeat=len(cells)):
        at = dict(zip(cells, values))
        if any(at[c] != v for c, v in givens):
            continue
        if any(len([at[c] for c in g if at[c] == v]) > 1 for g in groups for v in VALUES):
            continue
        if any(at[a] is not None and at[a] == at[b] for a, b in pairs):
            continue
        yield at


@pytest.mark.parametrize("seed", range(300))
def test_no_solution_is_lost_and_only_the_givens_take(seed):
    cells, groups, pairs, givens = board(seed)
    left = given_exclusions(cells, VALUES, givens, groups, pairs)
    assert sorted(left) == cells
    for at in solutions(cells, groups, pairs, givens):
        assert all(at[c] is None or at[c] in left[c] for c in cells), (at, left)
    for c in cells:
        taken = set(VALUES) - set(left[c])
        own = [v for g, v in givens if g == c]
        why = {v for g, v in givens if g != c
               and (any(c in grp and g in grp for grp in groups) or (g, c) in pairs
                    or (c, g) in pairs)}
        if own:  # a given cell keeps its value unless another given takes it
            assert taken == (set(VALUES) - {own[-1]}) | (why & {own[-1]})
        else:
            assert taken == why


def test_cells_outside_are_ignored():
    assert given_exclusions([0, 1], VALUES, [(0, 2)], [[0, 1, 9]], [(0, 7)]) == {0: [2], 1: [1, 3]}

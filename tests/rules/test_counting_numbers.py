"""rules/counting_numbers: the narrowing keeps every value some solution
gives a cell (brute force over small boards: each number counts its
numbered neighbours, equal numbers never side by side; connectivity,
which the narrowing does not read, left out) and does narrow."""
from __future__ import annotations

import itertools
import random

from satlink.rules.counting_numbers import narrow_counting_numbers
from satlink.rules.grid import Grid


def local_solutions(g: Grid):
    nbrs = {c: g.neighbours(c) for c in g.cells}
    for values in itertools.product(range(5), repeat=len(g.cells)):
        at = dict(zip(g.cells, values))
        if all(v == 0 or (sum(at[n] > 0 for n in nbrs[c]) == v
                          and all(at[n] != v for n in nbrs[c])) for c, v in at.items()):
            yield at


def test_narrowing_keeps_every_solution_and_narrows():
    narrowed = 0
    for rows, cols in ((2, 2), (2, 3), (1, 4)):
        g = Grid(rows, cols)
        sols = list(local_solutions(g))
        rng = random.Random(rows * 10 + cols)
        for _ in range(40):
            pick = rng.choice(sols)
            givens = dict(rng.sample(sorted(pick.items()), rng.randint(1, 3)))
            domains = {c: [givens[c]] if c in givens else
                       list(range(min(4, len(g.neighbours(c))) + 1)) for c in g.cells}
            before = sum(map(len, domains.values()))
            narrow_counting_numbers({c: g.neighbours(c) for c in g.cells}, domains, givens)
            for sol in sols:
                if all(sol[c] == v for c, v in givens.items()):
                    assert all(sol[c] in domains[c] for c in g.cells), (givens, sol, domains)
            narrowed += sum(map(len, domains.values())) < before
    assert narrowed > 20

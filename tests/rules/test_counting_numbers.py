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


def narrow(g: Grid, domains: dict, givens) -> None:
    """narrow_counting_numbers over the board's cells numbered in reading
    order, ``domains`` (cell -> values) narrowed in place."""
    index = {c: i for i, c in enumerate(g.cells)}
    listed = [domains[c] for c in g.cells]
    narrow_counting_numbers([[index[n] for n in g.neighbours(c)] for c in g.cells], listed,
                            [index[c] for c in givens])
    domains.update(zip(g.cells, listed))


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
            narrow(g, domains, givens)
            for sol in sols:
                if all(sol[c] == v for c, v in givens.items()):
                    assert all(sol[c] in domains[c] for c in g.cells), (givens, sol, domains)
            narrowed += sum(map(len, domains.values())) < before
    assert narrowed > 20


def fixed_point(nbrs, domains):
    """The narrowing's steps applied to every cell, round after round, until
    none changes a domain (no work list): the fixed point the work list must reach."""
    changed = True
    while changed:
        changed = False
        for c, dom in domains.items():
            low = sum(0 not in domains[n] for n in nbrs[c])
            most = low + sum(0 in domains[n] and domains[n] != [0] for n in nbrs[c])
            keep = [v for v in dom if v == 0 or low <= v <= most]
            if keep != dom:
                domains[c], changed = keep, True
            if len(keep) != 1 or not keep[0]:
                continue
            v = keep[0]
            for n in nbrs[c]:
                other = domains[n]
                if 0 in other and other != [0] and v in (low, most):
                    new = [u for u in other if (u == 0) == (v == low) and u != v]
                else:
                    new = [u for u in other if u != v]
                if new != other:
                    domains[n], changed = new, True


def test_narrowing_reaches_the_fixed_point_of_its_steps():
    """The work list looks at a cell again only when what its steps read has
    changed: on random boards and givens it ends where applying every step
    to every cell until nothing changes ends (boards with no value left for
    some cell, where no solution exists, aside: there the order may tell)."""
    rng = random.Random(22)
    compared = 0
    for _ in range(600):
        g = Grid(rng.randint(1, 5), rng.randint(1, 5))
        nbrs = {c: g.neighbours(c) for c in g.cells}
        domains = {c: list(range(min(4, len(nbrs[c])) + 1)) for c in g.cells}
        givens = {}
        for c in rng.sample(g.cells, rng.randint(1, max(1, len(g.cells) // 2))):
            v = rng.choice(["?", 1, 2, 3, 4])
            if v == "?" or v in domains[c]:
                givens[c] = v
                domains[c] = [u for u in domains[c] if u] if v == "?" else [v]
        want = {c: list(d) for c, d in domains.items()}
        fixed_point(nbrs, want)
        narrow(g, domains, givens)
        if all(want.values()) and all(domains.values()):
            assert domains == want, (g, givens)
            compared += 1
    assert compared > 300

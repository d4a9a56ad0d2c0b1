"""Geradeweg's number clauses (segments.opposite_sum_is twice and
segments.turn_each_is, as geradeweg.py writes them) against brute force:
on small boards, every single loop and every cell it passes, the clauses
hold (arm literals valued from the loop) exactly when the loop obeys a
number n there (geradeweg.number_problem, from the rules)."""
from __future__ import annotations

import re

import pytest

from satlink.formula import Formula
from satlink.puzzles.geradeweg import number_problem
from satlink.rules import segments
from satlink.rules.grid import Grid
from satlink.rules.loops import CellLoop


def single_loops(rows: int, cols: int) -> list[frozenset]:
    """Every set of cell edges forming one loop (by enumeration of edge sets)."""
    edges = list(Grid(rows, cols).cell_edges())
    out = []
    for bits in range(1, 1 << len(edges)):
        chosen = [e for i, e in enumerate(edges) if bits >> i & 1]
        degree: dict = {}
        for a, b in chosen:
            degree[a] = degree.get(a, 0) + 1
            degree[b] = degree.get(b, 0) + 1
        if any(d != 2 for d in degree.values()):
            continue
        seen, todo = set(), [chosen[0][0]]  # one component
        while todo:
            c = todo.pop()
            if c not in seen:
                seen.add(c)
                todo += [b if a == c else a for a, b in chosen if c in (a, b)]
        if len(seen) == len(degree):
            out.append(frozenset(chosen))
    return out


def value(f: Formula, loop: CellLoop, sol: frozenset, lit: int) -> bool:
    """A literal's value under the loop ``sol``: edges, the never literal, arm literals."""
    var = abs(lit)
    edge_of = {x: e for e, x in loop.edges.items()}
    if var in edge_of:
        v = edge_of[var] in sol
    elif var == loop.never:
        v = False
    else:
        r, c, d, k = re.fullmatch(r"arm\((\d+),(\d+),(\w),(\d+)\)", f.name(var)).groups()
        v = segments.arm(sol, (int(r), int(c)), d) >= int(k)
    return v if lit > 0 else not v


@pytest.mark.parametrize("rows, cols", [(3, 3), (3, 4), (4, 3)])
def test_number_clauses_match_the_rule(rows, cols):
    loops = single_loops(rows, cols)
    assert len(loops) > 10
    f = Formula()
    loop = CellLoop(Grid(rows, cols), f, nonempty=False)
    arms = segments.Arms(loop)
    checked = {True: 0, False: 0}
    for cell in Grid(rows, cols).cells:
        for n in range(1, max(rows, cols) + 2):
            through = loop.through
            rule = [*segments.opposite_sum_is(arms, cell, n, "n", "s", [-through(cell, "n")]),
                    *segments.opposite_sum_is(arms, cell, n, "e", "w", [-through(cell, "e")]),
                    *segments.turn_each_is(arms, cell, n)]
            for sol in loops:
                if not any(cell in e for e in sol):
                    continue  # (a number's cell is on the loop: its own clause)
                holds = all(any(value(f, loop, sol, x) for x in cl) for cl in rule)
                assert holds == (number_problem(sol, cell, n) is None), (cell, n, sorted(sol))
                checked[holds] += 1
    assert checked[True] > 0 and checked[False] > 0

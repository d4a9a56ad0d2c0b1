"""Paths between given ends as a whole answer (satlink.rules.end_paths):
the rule's solutions in every setting that changes the formula, and its
check, against brute force written from the rules (tests/rules/test_paths.py)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from satlink.formula import Formula
from satlink.rules.end_paths import EndPaths, EndsError, end_paths_problems, ends_of, \
    paths_from_edges
from satlink.rules.grid import edge, shift
from tests.rules.enumerate import solutions
from tests.rules.test_paths import boards, brute_force


def rule_solutions(grid, ends, fill, touch, **kw) -> set:
    """The solutions of :class:`EndPaths`: its models projected on the
    answer (the shapes), with its cuts unless complete, read back through
    :func:`paths_from_edges`."""
    f = Formula()
    rule = EndPaths(grid, f, ends, fill=fill, touch=touch, **kw)
    p = rule.paths
    cuts = None if kw.get("complete") else rule.cuts
    if p.shapeless:  # the answer is the edges
        joins = {x: edge(p.cell(u), p.cell(v)) for u, v, x in p.edges}
        return {paths_from_edges(grid, ends, {joins[x] for x in true})
                for true in solutions(f, list(joins), cuts)}
    shape = {x: (p.cell(u), s) for u, svars in p.shapes.items() for s, x in svars.items()}
    got = solutions(f, list(shape), cuts)
    out = set()
    for true in got:
        edges = {edge(c, shift(c, d)) for x in true for c, s in [shape[x]] for d in s}
        out.add(paths_from_edges(grid, ends, edges))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_side=4, max_labels=3))
def test_lazy_complete_and_cycle_cuts_are_the_brute_force_solutions(board):
    grid, ends, fill, touch = board
    want = brute_force(grid, ends, fill, touch)
    assert rule_solutions(grid, ends, fill, touch) == want
    assert rule_solutions(grid, ends, fill, touch, complete=True) == want
    assert rule_solutions(grid, ends, fill, touch, settings={"cuts": "cycle"}) == want


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_side=4, max_labels=3))
def test_the_check_accepts_exactly_the_brute_force_solutions_of_each_rule(board):
    """Every path set of the loosest rule (fill any, touch yes) is checked
    under each rule: no problem exactly when brute force has it there."""
    grid, ends, _fill, _touch = board
    loose = brute_force(grid, ends, "any", "yes")
    for fill in ("all", "any"):
        for touch in ("yes", "no"):
            want = brute_force(grid, ends, fill, touch)
            for sol in loose:
                assert (not end_paths_problems(grid, ends, sol, fill, touch)) == (sol in want)


def test_the_check_names_what_is_broken():
    from satlink.rules.grid import Grid
    g, ends = Grid(2, 3), {"A": ((0, 0), (0, 2)), "B": ((1, 0), (1, 2))}
    through = (("A", ((0, 0), (1, 0), (1, 1), (1, 2), (0, 2))), ("B", ((1, 0), (1, 1), (1, 2))))
    problems = end_paths_problems(g, ends, through, "any")
    assert "the path of A runs through the endpoint of B" in problems
    assert "r2c2 is on the paths of A and B" in problems
    stray = (("A", ((0, 0), (0, 1), (0, 2))), ("B", ((1, 0), (1, 2))))
    assert "the path of B jumps from (1, 0) to (1, 2)" in end_paths_problems(g, ends, stray, "any")


@pytest.mark.parametrize("marks, message, cell", [
    ([((0, 0), "A"), ((0, 1), "A"), ((1, 1), "A")], "label A appears a third time", (1, 1)),
    ([((0, 0), "A"), ((0, 1), None), ((1, 1), "B"), ((1, 2), "A")], "label B appears only once",
     (1, 1)),
])
def test_ends_of_refuses_a_label_not_on_two_cells(marks, message, cell):
    with pytest.raises(EndsError, match=message) as err:
        ends_of(marks)
    assert err.value.cell == cell

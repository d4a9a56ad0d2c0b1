"""satlink.rules.paths and satlink.rules.path_moves against brute force.

The brute force lists, per label, every simple path between its ends that
avoids the other labels' ends (networkx ``all_simple_paths``), and keeps
the pairwise disjoint combinations that the fill and touch rules allow.
The models of the lazy form (solve, cut, block) and of the complete form,
projected on the shape variables, must both be exactly those; every cut
must hold on every one of them. The pruning of ``path_moves`` keeps a
solution whenever there is one, and ``alternative`` completes the verdict.
"""
from __future__ import annotations

from itertools import combinations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules import path_moves
from satlink.rules.grid import Grid
from satlink.rules.path_cells import BENDS, DIRS
from satlink.rules.path_solutions import shapes_of, walk
from satlink.rules.paths import Paths
from tests.rules.enumerate import solutions

Labels = ("A", "B", "1", "x", "22", "Zz")


def brute_force(grid: Grid, ends: dict, fill: str = "all", touch: str = "yes") -> set:
    """Every solution, written from the rules: one simple path per label
    from its first end to its second avoiding other ends, pairwise
    disjoint; every cell used under fill all; no path beside itself under
    touch no."""
    g = nx.Graph(grid.cell_edges())
    g.add_nodes_from(grid.cells)
    stops = {c for pair in ends.values() for c in pair}
    options = []
    for a, b in ends.values():
        h = g.subgraph(set(grid.cells) - (stops - {a, b}))
        options.append([tuple(p) for p in nx.all_simple_paths(h, a, b)] if a in h else [])
    found = set()

    def rec(i, used, acc):
        if i == len(options):
            if fill == "any" or len(used) == len(grid.cells):
                found.add(tuple(acc))
            return
        for p in options[i]:
            if used.isdisjoint(p) and (touch == "yes" or not touches(p)):
                rec(i + 1, used | set(p), acc + [(list(ends)[i], p)])

    rec(0, frozenset(), [])
    return found


def touches(path) -> bool:
    at = {u: j for j, u in enumerate(path)}
    return any(abs(at[v] - j) != 1 for u, j in at.items()
               for v in ((u[0] + 1, u[1]), (u[0], u[1] + 1)) if v in at)


@st.composite
def boards(draw, max_side=4, max_labels=3):
    """(grid, ends, fill, touch): a random board."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    grid = Grid(rows, cols)
    k = draw(st.integers(0, min(max_labels, rows * cols // 2)))
    pts = draw(st.permutations(grid.cells))[:2 * k]
    ends = {Labels[i]: (pts[2 * i], pts[2 * i + 1]) for i in range(k)}
    return grid, ends, draw(st.sampled_from(("all", "any"))), draw(st.sampled_from(("yes", "no")))


def models(grid, ends, fill, touch, labels="binary", complete=False, prune=False, found=None,
           touch_cuts=False, shapeless=False):
    """The rule's solutions: models projected on the shape variables (the
    edges when shapeless), with cuts."""
    f = Formula()
    p = Paths(grid, f, ends, fill=fill, touch=touch, labels=labels, touch_cuts=touch_cuts,
              shapeless=shapeless)
    if prune:
        path_moves.prune(p, switch=True)
    if complete:
        p.encode_complete()
    if p.shapeless:
        joins = {x: (p.cell(u), p.cell(v)) for u, v, x in p.edges}
        out = set()
        for true in solutions(f, list(joins), None if complete else p.cuts, found_cuts=found):
            adj = {}
            for x in true:
                a, b = joins[x]
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
            out.add(walk(ends, adj))
        return out, p
    shape = {x: (p.cell(u), s) for u, svars in p.shapes.items() for s, x in svars.items()}
    got = solutions(f, list(shape), None if complete else p.cuts, found_cuts=found)
    out = set()
    for true in got:
        adj = {}
        for x in true:
            (r, c), s = shape[x]
            adj[(r, c)] = [(r + DIRS[d][0], c + DIRS[d][1]) for d in s]
        out.add(walk(ends, adj))
    return out, p


def holds(p: Paths, sol, clause) -> bool:
    """A clause over edge and empty-shape variables, on a solution."""
    used = {frozenset(e) for _lab, path in sol for e in zip(path, path[1:])}
    on = {c for _lab, path in sol for c in path}
    true = {x for u, v, x in p.edges if frozenset((p.cell(u), p.cell(v))) in used}
    true |= {x for u, x in p.empty.items() if p.cell(u) not in on}
    return any((x > 0) == (abs(x) in true) for x in clause)


def holds_coded(p: Paths, sol, clause) -> bool:
    """A clause over edge, empty-shape and label-bit variables (binary labels),
    on a solution: a cell's bits are its path's label code, an empty cell's 0."""
    used = {frozenset(e) for _lab, path in sol for e in zip(path, path[1:])}
    label = {c: lab for lab, path in sol for c in path}
    true = {x for u, v, x in p.edges if frozenset((p.cell(u), p.cell(v))) in used}
    true |= {x for u, x in p.empty.items() if p.cell(u) not in label}
    true |= {x for u, bits in enumerate(p.bits) if p.cell(u) in label
             for i, x in enumerate(bits) if p.code[label[p.cell(u)]] >> i & 1}
    return any((x > 0) == (abs(x) in true) for x in clause)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_lazy_touch_rule_gives_the_brute_force_solutions(board):
    """D as cuts (fill all, touch no, binary labels): the lazy and complete
    forms have the brute-force solutions, and every cut found (loops and
    touches) holds on every one of them."""
    grid, ends, fill, touch = board
    want = brute_force(grid, ends, fill, touch)
    found = []
    got, p = models(grid, ends, fill, touch, "binary", found=found, touch_cuts=True)
    assert p.lazy_touch == (fill == "all" and touch == "no")
    assert got == want, (ends, fill, touch)
    for clause in found:
        assert all(holds_coded(p, s, clause) for s in want), clause
    assert models(grid, ends, fill, touch, "binary", complete=True, touch_cuts=True)[0] == want


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_shapeless_form_gives_the_brute_force_solutions(board):
    """Without shape variables (fill all, touch no: degrees and the spike
    rule over edges), with lazy D or not, lazy and complete: the brute-force
    solutions, every cut valid on each."""
    grid, ends, fill, touch = board
    want = brute_force(grid, ends, fill, touch)
    for touch_cuts in (False, True):
        found = []
        got, p = models(grid, ends, fill, touch, "binary", found=found, touch_cuts=touch_cuts,
                        shapeless=True)
        assert p.shapeless == (fill == "all" and touch == "no")
        assert got == want, (ends, fill, touch, touch_cuts)
        for clause in found:
            assert all(holds_coded(p, s, clause) for s in want), clause
        assert models(grid, ends, fill, touch, "binary", complete=True, touch_cuts=touch_cuts,
                      shapeless=True)[0] == want


def test_a_touch_is_cut_not_taken():
    """Fill all, touch no, D lazy, on a 3 x 4 board: B's ends are the two
    middle cells, A's the left column's top two. The only filling runs A
    round the border, its ends side by side unjoined (a touch the spike rule
    allows); the touch cut removes it, so there is no solution, as brute
    force says, while touch yes has that one."""
    grid, ends = Grid(3, 4), {"A": ((0, 0), (1, 0)), "B": ((1, 1), (1, 2))}
    found = []
    got, p = models(grid, ends, "all", "no", "binary", found=found, touch_cuts=True)
    assert got == set() == brute_force(grid, ends, "all", "no")
    assert len(brute_force(grid, ends, "all", "yes")) == 1
    bits = {b for row in p.bits for b in row}
    assert any(abs(x) in bits for clause in found for x in clause)  # a touch cut was made


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_lazy_and_complete_forms_are_the_brute_force_solutions(board):
    grid, ends, fill, touch = board
    want = brute_force(grid, ends, fill, touch)
    for labels in ("binary", "onehot"):
        found = []
        got, p = models(grid, ends, fill, touch, labels, found=found)
        assert got == want, (labels, ends, fill, touch)
        for clause in found:  # every cut holds on every true solution
            assert all(holds(p, s, clause) for s in want), clause
        assert models(grid, ends, fill, touch, labels, complete=True)[0] == want


def test_known_counts_on_open_boards():
    # one label in opposite corners of 4 x 4, fill any: 184 self-avoiding
    # corner-to-corner walks (OEIS A007764: 1, 2, 12, 184, 8512); fill all:
    # none (both corners share a colour of the checkerboard, 16 cells are even)
    ends = {"1": ((0, 0), (3, 3))}
    for complete in (False, True):
        assert len(models(Grid(4, 4), ends, "any", "yes", complete=complete)[0]) == 184
        assert models(Grid(4, 4), ends, "all", "yes", complete=complete)[0] == set()


def test_loops_are_cut():
    # 4 x 4, fill any: the CNF admits 6- and 8-cell loops beside the path;
    # the cuts remove them, and each holds on every true solution
    ends = {"1": ((0, 0), (0, 1))}
    found = []
    got, _p = models(Grid(4, 4), ends, "any", "yes", found=found)
    assert found and got == brute_force(Grid(4, 4), ends, "any")


def spike_ok(grid: Grid, ends, sol) -> bool:
    """The spike rule on a solution: at every bend that is not an end, the
    diagonal cell between the bend's two neighbours has the same bend, or
    is an end pointing along one of the bend's directions."""
    shapes = shapes_of(grid.rows, grid.cols, sol)
    stops = {c for pair in ends.values() for c in pair}
    for r, row in enumerate(shapes):
        for c, s in enumerate(row):
            if s in BENDS and (r, c) not in stops:
                (r1, c1), (r2, c2) = DIRS[s[0]], DIRS[s[1]]
                if shapes[r + r1 + r2][c + c1 + c2] not in (s, s[0], s[1]):
                    return False
    return True


def small_boards():
    """Every board of 3 x 3 with one or two labels and of 4 x 3, 3 x 4 with two."""
    for rows, cols, n in ((3, 3, 1), (3, 3, 2), (3, 4, 2), (4, 3, 2)):
        grid = Grid(rows, cols)
        for cells in combinations(grid.cells, 2 * n):
            for pairing in pairings(cells):
                yield grid, dict(zip("12", pairing))


def pairings(cells):
    """The ways to split an even number of cells into pairs (first cell first)."""
    if not cells:
        yield ()
        return
    first, rest = cells[0], cells[1:]
    for i, other in enumerate(rest):
        for more in pairings(rest[:i] + rest[i + 1:]):
            yield ((first, other), *more)


@pytest.mark.slow
def test_spike_rule_holds_where_it_is_claimed_to():
    """Exhaustive on the small boards: every fill-all touch-no solution obeys
    the spike rule (so the clauses Paths adds there are valid), and so does
    the sole solution of every unique fill-any puzzle; under fill all with
    touching allowed it does not always (so there it is only a first search)."""
    counts = {"all-no": 0, "unique-any": 0, "broken-all-yes": 0}
    for grid, ends in small_boards():
        for sol in brute_force(grid, ends, "all", "no"):
            assert spike_ok(grid, ends, sol), (ends, sol)
            counts["all-no"] += 1
        sols = brute_force(grid, ends, "any", "yes")
        if len(sols) == 1:
            assert spike_ok(grid, ends, next(iter(sols))), ends
            counts["unique-any"] += 1
        counts["broken-all-yes"] += sum(not spike_ok(grid, ends, s)
                                        for s in brute_force(grid, ends, "all", "yes"))
    assert all(counts.values()), counts


# -- verdict mode: the pruning keeps a solution, the moves find a second ---------------------
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_side=5, max_labels=4))
def test_pruning_keeps_a_solution_and_alternative_completes_the_verdict(board):
    """The pruned formula's solutions are true ones, there is one whenever
    the puzzle has one, and when there is exactly one, ``alternative``
    finds another true solution exactly when the puzzle has several."""
    grid, ends, fill, touch = board
    want = brute_force(grid, ends, fill, touch)
    for labels in ("binary", "onehot"):
        kept, _p = models(grid, ends, fill, touch, labels, prune=True)
        assert kept <= want and bool(kept) == bool(want), (labels, ends, fill, touch)
        if len(kept) == 1 and touch == "yes":
            other = path_moves.alternative(grid, fill, next(iter(kept)))
            assert (other is not None) == (len(want) > 1), (labels, ends, fill)
            assert other is None or other in want
        elif len(kept) == 1:  # touch no: nothing is pruned
            assert len(want) == 1


def test_alternative_moves_give_other_true_solutions():
    """Every move ``alternative`` makes (switches and transfers; reroutes
    too under fill any) turns a true solution into another true solution:
    on every one-label board of 3 x 3 and 2 x 4 cells and every two-label
    board of 3 x 3 cells, for every solution."""
    moved = {}
    for rows, cols, n in ((3, 3, 1), (2, 4, 1), (3, 3, 2)):
        grid = Grid(rows, cols)
        for cells in combinations(grid.cells, 2 * n):
            for pairing in pairings(cells):
                ends = dict(zip("12", pairing))
                for fill in ("all", "any"):
                    sols = brute_force(grid, ends, fill)
                    for sol in sols:
                        other = path_moves.alternative(grid, fill, sol)
                        if other is not None:
                            assert other != sol and other in sols
                            moved[fill, n] = moved.get((fill, n), 0) + 1
    assert all(moved.get((fill, n)) for fill in ("all", "any") for n in (1, 2)), moved


def test_alternative_reroutes_through_empty_cells():
    # fill any, 3 x 3 with 1 in two corners of the top row: the straight path
    # leaves the rest empty, which touches the path twice: it can go round
    grid, ends = Grid(3, 3), {"1": ((0, 0), (0, 2))}
    straight = (("1", ((0, 0), (0, 1), (0, 2))),)
    other = path_moves.alternative(grid, "any", straight)
    assert other is not None and other != straight
    assert other in brute_force(grid, ends, "any")
    # a shortcut: the U-shaped path touches itself where it turns back
    u_turn = (("1", ((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1))),)
    assert path_moves.alternative(Grid(3, 2), "any", u_turn) == (("1", ((0, 0), (0, 1))),)
    assert path_moves.alternative(Grid(3, 2), "all", u_turn) is None  # nothing empty


def test_transfer_hands_a_bend_over():
    # fill all, 2 x 3: 1 turns round the middle column, or 2 does. Handing the
    # bend to 2 lowers the sum of x^2 + y^2 over the used edges (5 -> 3), so
    # the pruning keeps only that one and `alternative` finds the other
    grid, ends = Grid(2, 3), {"1": ((0, 0), (1, 0)), "2": ((0, 2), (1, 2))}
    bend_on_1 = (("1", ((0, 0), (0, 1), (1, 1), (1, 0))), ("2", ((0, 2), (1, 2))))
    bend_on_2 = (("1", ((0, 0), (1, 0))), ("2", ((0, 2), (0, 1), (1, 1), (1, 2))))
    assert brute_force(grid, ends) == {bend_on_1, bend_on_2}
    assert path_moves.alternative(grid, "all", bend_on_1) == bend_on_2
    assert path_moves.alternative(grid, "all", bend_on_2) == bend_on_1
    assert models(grid, ends, "all", "yes", prune=True)[0] == {bend_on_2}
    # one path: its U-turn (0,0)-(0,1)-(1,1)-(1,0) and its own edge (1,2)-(0,2)
    # across the bend; the path goes (0,0)-(1,0) and (1,2)-(1,1)-(0,1)-(0,2)
    grid, ends = Grid(3, 3), {"1": ((0, 0), (0, 2))}
    first = (("1", ((0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2))),)
    moved = (("1", ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (1, 1), (0, 1), (0, 2))),)
    assert brute_force(grid, ends) == {first, moved}
    assert path_moves.alternative(grid, "all", first) == moved
    assert path_moves.alternative(grid, "all", moved) == first


@pytest.mark.parametrize("fill, touch", [("all", "yes"), ("any", "no")])
def test_bad_rule_names_are_refused(fill, touch):
    with pytest.raises(ValueError):
        Paths(Grid(2, 2), Formula(), {}, fill=fill + "x", touch=touch)

"""rules.snake_shading: the clauses left out change no model (against every
clause of the rule, written out plainly here), and some are left out."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from satlink.formula import Formula
from satlink.rules import snake_shading
from satlink.rules.grid import Grid
from tests.rules.enumerate import solutions


def every_clause(v, g: Grid, ends) -> list[list[int]]:
    """The rule with nothing left out: degrees per cell, two clauses per block."""
    lit = {c: v[c[0] * g.cols + c[1]] for c in g.cells}
    out = []
    for c in g.cells:
        x, nbrs = lit[c], [lit[n] for n in g.neighbours(c)]
        if c in ends:
            out += [[x], nbrs, *([-a, -b] for a, b in combinations(nbrs, 2))]
            continue
        out += [[-x, *(-a for a in t)] for t in combinations(nbrs, 3)]
        out += [[-x, *t] for t in combinations(nbrs, len(nbrs) - 1)]
    for r in range(1, g.rows):
        for c in range(1, g.cols):
            tl, tr, bl, br = lit[r - 1, c - 1], lit[r - 1, c], lit[r, c - 1], lit[r, c]
            out += [[-tl, -br, tr, bl], [-tr, -bl, tl, br]]
    return out


def models(f: Formula, clauses, xs) -> set[frozenset[int]]:
    """The sets of ``xs`` true in the models of ``clauses`` (over ``f``'s variables)."""
    f.clauses = list(clauses)
    return solutions(f, xs)


@pytest.mark.parametrize("seed", range(120))
def test_left_out_clauses_change_no_model(seed):
    """Random boards up to 5 x 4, two ends, some lines counted at most two
    (``low``, each with its exact count written beside, as Snake does):
    the same sets of shaded cells as the rule written out in full."""
    rnd = random.Random(seed)
    rows, cols = rnd.choice([(3, 3), (3, 4), (4, 4), (4, 3), (5, 4), (4, 5)])
    g = Grid(rows, cols)
    ends = rnd.sample(g.cells, 2)
    lines = [("row", r, g.rows_of_cells()[r]) for r in range(rows)]
    lines += [("col", c, g.cols_of_cells()[c]) for c in range(cols)]
    counted = [(kind, i, cells, rnd.choice([0, 1, 2, 2])) for kind, i, cells in lines
               if rnd.random() < 0.4]
    f = Formula()
    v = [f.var("s", *c) for c in g.cells]
    lit = dict(zip(g.cells, v))
    counts = Formula()
    counts.pool.top = f.pool.top
    for _, _, cells, k in counted:
        counts.exactly([lit[c] for c in cells], k)
    idx = {(r * cols + c) for r, c in ends}
    low = [(kind, i) for kind, i, _, _ in counted]
    kept = snake_shading.clauses(v, rows, cols, idx, low)
    full = every_clause(v, g, set(ends))
    assert all(c in full for c in kept)  # only left out, never changed
    assert models(f, kept + counts.clauses, v) == models(f, full + counts.clauses, v)


def test_clauses_are_left_out_on_the_rim_and_on_low_lines():
    g = Grid(5, 5)
    v = list(range(1, 26))
    ends = {(2, 2), (0, 4)}
    idx = {12, 4}
    full = every_clause(v, g, ends)
    rim = snake_shading.clauses(v, 5, 5, idx)
    with_low = snake_shading.clauses(v, 5, 5, idx, [("row", 1), ("col", 0)])
    assert len(with_low) < len(rim) < len(full)
    # a block on the rim: (0, 0) (0, 1) / (1, 0) (1, 1); (0, 1)'s [-2, 1, 7] holds a clause
    assert [-2, -6, 1, 7] in full and [-2, -6, 1, 7] not in rim and [-2, 1, 7] in rim
    # (1, 1) on the low row 1: no triple with (1, 0) and (1, 2); (2, 0) on the low column 0
    assert [-7, -2, -6, -8] in rim and [-7, -2, -6, -8] not in with_low
    assert [-11, -6, -12, -16] in rim and [-11, -6, -12, -16] not in with_low


@pytest.mark.parametrize("line", [("row", i) for i in range(4)] + [("col", i) for i in range(5)])
@pytest.mark.parametrize("k", [1, 2])
@pytest.mark.parametrize("ends", [[(0, 2), (3, 2)], [(1, 1), (2, 4)]])
def test_each_low_line_alone_changes_no_model(line, k, ends):
    """A 4 x 5 board, two ends, one line counted k <= 2: the same sets of
    shaded cells as the rule written out in full."""
    rows, cols = 4, 5
    g = Grid(rows, cols)
    f = Formula()
    v = [f.var("s", *c) for c in g.cells]
    lit = dict(zip(g.cells, v))
    kind, i = line
    cells = g.rows_of_cells()[i] if kind == "row" else g.cols_of_cells()[i]
    counts = Formula()
    counts.pool.top = f.pool.top
    counts.exactly([lit[c] for c in cells], k)
    kept = snake_shading.clauses(v, rows, cols, {r * cols + c for r, c in ends}, [line])
    full = every_clause(v, g, set(ends))
    assert models(f, kept + counts.clauses, v) == models(f, full + counts.clauses, v)

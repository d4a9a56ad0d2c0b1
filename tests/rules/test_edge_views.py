"""satlink.rules.edge_views against brute force.

Every square with blanks of a tiny board (each value 1..k once per row and
column, and per diagonal when asked, the rest blank) is listed directly;
the rule's models, projected on the cell values, must be exactly those
whose edge clues, read here again by walking each line from its side, are
the ones posed (each clue behind a selector that is sometimes assumed).
"""
from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.edge_views import (SIDES, EdgeSquare, first_seen, line, seen_ceilings,
                                      visible_count)
from tests.rules.enumerate import solutions


@functools.lru_cache(maxsize=None)
def squares(n: int, k: int, diagonal: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every n x n grid of 0..k with each of 1..k once per row, column (and
    diagonal): rows stacked while no column repeats a value, then checked."""
    rows = [p for p in itertools.product(range(k + 1), repeat=n)
            if sorted(v for v in p if v) == list(range(1, k + 1))]
    out = []

    def stack(grid):
        if len(grid) == n:
            lines = [[grid[r][c] for r in range(n)] for c in range(n)]
            if diagonal:
                lines += [[grid[i][i] for i in range(n)], [grid[i][n - 1 - i] for i in range(n)]]
            if all(sorted(v for v in u if v) == list(range(1, k + 1)) for u in lines):
                out.append(tuple(grid))
            return
        for row in rows:
            if all(not v or all(g[c] != v for g in grid) for c, v in enumerate(row)):
                stack(grid + [row])

    stack([])
    return tuple(out)


def walk(grid, side: str, i: int) -> list[int]:
    """Line ``i`` as seen from ``side``, read off the grid directly."""
    n = len(grid)
    if side in ("top", "bottom"):
        cells = [grid[r][i] for r in range(n)]
    else:
        cells = list(grid[i])
    return cells[::-1] if side in ("bottom", "right") else cells


def seen_count(values) -> int:
    best, out = 0, 0
    for v in values:
        if v > best:
            best, out = v, out + 1
    return out


def first_letter(values) -> int:
    return next((v for v in values if v), 0)


@st.composite
def boards(draw):
    n = draw(st.integers(1, 4))
    k = draw(st.integers(max(1, n - 1), n))
    diagonal = draw(st.booleans()) and n >= 3
    kind = draw(st.sampled_from(["sees", "first"]))
    clues = [(s, i, draw(st.integers(1, k))) for s in SIDES for i in range(n)
             if draw(st.integers(0, 2)) == 0]
    givens = {(r, c): draw(st.integers(0, k)) for r in range(n) for c in range(n)
              if draw(st.integers(0, 6)) == 0}
    assumed = [draw(st.booleans()) for _ in clues]
    return n, k, diagonal, kind, clues, givens, assumed


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_edge_clues_match_brute_force(board):
    n, k, diagonal, kind, clues, givens, assumed = board
    f = Formula()
    diag = [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]] if diagonal else []
    sq = EdgeSquare(f, n, n, k, givens, diag)
    assumptions = []
    for (side, i, v), on in zip(clues, assumed):
        when = f.var("sel", side, i)
        (sq.sees if kind == "sees" else sq.first)(side, i, v, when)
        if on:
            assumptions.append(when)
    project = {x: (c, v) for c, vs in sq.numbers.var.items() for v, x in vs.items()}
    got = set()
    for model in solutions(f, list(project), assumptions=assumptions):
        grid = [[None] * n for _ in range(n)]
        for x in model:
            (r, c), v = project[x]
            grid[r][c] = v
        got.add(tuple(map(tuple, grid)))
    read = seen_count if kind == "sees" else first_letter
    want = {g for g in squares(n, k, diagonal)
            if all(g[r][c] == v for (r, c), v in givens.items())
            and all(read(walk(g, s, i)) == v for (s, i, v), on in zip(clues, assumed) if on)}
    assert got == want


def test_checks_read_lines_as_the_viewer_does():
    grid = ((1, 0, 2), (2, 1, 0), (0, 2, 1))
    assert [visible_count(grid[r][c] for r, c in line(3, 3, "left", i)) for i in range(3)] \
        == [2, 1, 1]
    assert [first_seen(grid[r][c] for r, c in line(3, 3, "bottom", i)) for i in range(3)] \
        == [2, 2, 1]


@pytest.mark.parametrize("n,k", [(4, 4), (5, 5), (5, 3), (6, 4)])
def test_seen_ceilings_hold_on_every_line_and_are_tight(n, k):
    """Every line of heights 1..k once each and n - k blanks showing c from
    the left obeys ``seen_ceilings``; and each ceiling is reached by some
    line (the bound is the best one the count alone gives)."""
    reached = set()
    for line_ in set(itertools.permutations([*range(1, k + 1), *[0] * (n - k)])):
        c = visible_count(line_)
        ceil = seen_ceilings(1, n, k, [("left", 0, c)])
        for j, v in enumerate(line_):
            assert v <= ceil.get((0, j), k), (line_, c, ceil)
            if ceil.get((0, j)) == v:
                reached.add((c, j))
    for c in range(1, k + 1):
        ceil = seen_ceilings(1, n, k, [("left", 0, c)])
        assert {(c, j) for (_, j) in ceil} <= reached

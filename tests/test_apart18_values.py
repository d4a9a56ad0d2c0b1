"""rules/apart_values: equal values never touch, against brute force on small
boards (every assignment of a value or none to each cell: the clauses allow
exactly those where no two touching cells, of different labels, share a
value), with the skips (a cell left out, the ``same`` labels) and both
neighbourhoods; the narrowing filter keeps every solution, narrows, and
narrows like the touching pairs given as units of a Latin square."""
from __future__ import annotations

import itertools
import random

import pytest

from satlink.formula import Formula
from satlink.rules.apart_values import apart_filter, apart_values, touching_pairs
from satlink.rules.arithmetic import cage_filter
from satlink.rules.digit_narrowing import narrow


def touch(a, b, diagonal: bool) -> bool:
    """From the rule's words, not the module's steps: a king's move apart
    (or a rook's single step)."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (max(dr, dc) == 1) if diagonal else (dr + dc == 1)


def random_case(rng: random.Random, rows: int, cols: int, nvalues: int):
    """Per cell a random set of values (a cell may be left out, or have none),
    a label grid or None (labels may be None)."""
    f = Formula()
    values = {}
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.15:
                continue  # left out: decided, or black
            vs = sorted(rng.sample(range(1, nvalues + 1), rng.randint(0, nvalues)))
            values[(r, c)] = {v: f.var("x", r, c, v) for v in vs}
    same = None
    if rng.random() < 0.6:
        same = [[rng.choice([None, 0, 1, 2]) for _ in range(cols)] for _ in range(rows)]
    return f, values, same


def allowed(at: dict, same, diagonal: bool) -> bool:
    """No two touching cells of different labels (or no label) hold one value."""
    for a, b in itertools.combinations(sorted(at), 2):
        if at[a] is None or at[a] != at[b] or not touch(a, b, diagonal):
            continue
        la = None if same is None else same[a[0]][a[1]]
        if la is None or la != same[b[0]][b[1]]:
            return False
    return True


@pytest.mark.parametrize("diagonal", [True, False])
def test_clauses_allow_exactly_the_apart_assignments(diagonal):
    rng = random.Random(18 + diagonal)
    kinds = set()
    for rows, cols, nvalues in [(2, 2, 3), (2, 3, 3), (3, 2, 3), (3, 3, 2), (1, 4, 3)] * 8:
        f, values, same = random_case(rng, rows, cols, nvalues)
        apart_values(f, values, diagonal=diagonal, same=same)
        assert len({tuple(sorted(cl)) for cl in f.clauses}) == len(f.clauses)  # none twice
        assert all(len(cl) == 2 and cl[0] < 0 and cl[1] < 0 for cl in f.clauses)
        cells = sorted(values)
        for choice in itertools.product(*[[None, *values[c]] for c in cells]):
            at = dict(zip(cells, choice))
            true = {values[c][v] for c, v in at.items() if v is not None}
            ok = all(any(-lit not in true for lit in cl) for cl in f.clauses)
            assert ok == allowed(at, same, diagonal), (values, same, at)
            kinds.add(ok)
    assert kinds == {True, False}  # both verdicts met: the cases test something


def test_cells_left_out_and_same_labels_are_skipped():
    f = Formula()
    values = {(r, c): {1: f.var("x", r, c)} for r in range(3) for c in range(3)}
    apart_values(f, values)
    assert len(f.clauses) == 20  # every king's-move pair of a 3 x 3 board
    g = Formula()
    rest = {c: v for c, v in values.items() if c != (1, 1)}
    apart_values(g, rest)
    assert len(g.clauses) == 12  # the middle cell touched all eight
    h = Formula()
    apart_values(h, values, same=[[0, 0, 0], [1, 1, 1], [2, 2, 2]])
    assert len(h.clauses) == 14  # the six pairs within a row left out
    k = Formula()
    apart_values(k, values, same=[[None] * 3] * 3, diagonal=False)
    assert len(k.clauses) == 12  # None labels skip nothing; orthogonal pairs


def test_touching_pairs_follow_the_clauses():
    rng = random.Random(5)
    for diagonal in (True, False):
        for _ in range(20):
            rows, cols = rng.randint(1, 4), rng.randint(1, 4)
            cells = [(r, c) for r in range(rows) for c in range(cols)]
            same = [[rng.choice([None, 0, 1]) for _ in range(cols)] for _ in range(rows)]
            pairs = touching_pairs(cells, diagonal, same)
            want = {(a, b) for a, b in itertools.combinations(cells, 2) if touch(a, b, diagonal)
                    and (same[a[0]][a[1]] is None or same[a[0]][a[1]] != same[b[0]][b[1]])}
            assert len(pairs) == len(want) and set(pairs) == want
            f = Formula()
            values = {c: {0: f.var("x", *c)} for c in cells}
            apart_values(f, values, diagonal, same)
            assert f.clauses == [[-values[a][0], -values[b][0]] for a, b in pairs]


def test_filter_keeps_every_solution_and_narrows():
    rng = random.Random(7)
    narrowed = 0
    for _ in range(300):
        rows, cols = rng.choice([(2, 2), (2, 3), (3, 2)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        pairs = touching_pairs(cells)
        masks = [rng.choice([1, 2, 4, 3, 5, 6, 7]) for _ in cells]
        _, fn = apart_filter(cells, pairs)
        out = fn(list(masks))
        assert all(o & ~m == 0 for o, m in zip(out, masks))  # subsets only
        for choice in itertools.product(*[[v for v in range(3) if m >> v & 1] for m in masks]):
            if all(choice[cells.index(a)] != choice[cells.index(b)] for a, b in pairs):
                assert all(out[i] >> v & 1 for i, v in enumerate(choice))
        for (a, b) in pairs:  # a decided cell's value has left the cells it touches
            i, j = cells.index(a), cells.index(b)
            for x, y in ((i, j), (j, i)):
                if masks[x] in (1, 2, 4) and out[x] == masks[x]:
                    assert not out[y] & masks[x]
        narrowed += out != masks
    assert narrowed > 50


def test_filter_narrows_like_pair_units_of_a_latin_square():
    """Tenner Grid's narrowing: the touching pairs of neighbouring rows as
    two-cell units, or as this filter, reach the same candidates (or both
    find no filling), with and without column sums, 2 wide boards too (where a
    pair is a full unit)."""
    rng = random.Random(11)
    outcomes = set()
    for _ in range(400):
        rows, cols = rng.choice([(2, 4), (3, 4), (3, 5), (4, 5), (3, 3), (3, 2), (2, 2)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        lines = [[(r, c) for c in range(cols)] for r in range(rows)]
        in_row = [[r] * cols for r in range(rows)]
        pairs = touching_pairs(cells, same=in_row)
        start = {c: set(range(cols)) for c in cells}
        for c in rng.sample(cells, rng.randint(0, len(cells) // 2)):
            start[c] = {rng.randrange(cols)}
        sums = [([(r, c) for r in range(rows)],
                 cage_filter("+", rng.randint(0, rows * (cols - 1)),
                             [(i, i + 1) for i in range(rows - 1)]))
                for c in range(cols) if rng.random() < 0.3]
        a = {c: set(v) for c, v in start.items()}
        b = {c: set(v) for c, v in start.items()}
        got_a = narrow(a, lines + [list(p) for p in pairs], cols, filters=sums)
        got_b = narrow(b, lines, cols, filters=[apart_filter(cells, pairs)] + sums)
        assert got_a == got_b and (not got_a or a == b), (start, a, b)
        outcomes.add((got_a, a == start))
    assert {(True, False), (False, True)} <= outcomes  # narrowed boards and dead ones

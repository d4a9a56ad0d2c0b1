"""Sight's runs and sums number their variables and order their clauses as
the plain construction does, also when the passes literals are made on
demand between them (so every genre's formula stays byte for byte the same)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import STEPS, Grid
from satlink.rules.sight import DIRECTIONS, Sight
from satlink.rules.unary_sums import sum_is


def plain_run(f, grid, walls, runs, lit, passes, cell, d, limit, tag="sight"):
    """Sight.run written directly: the ray, then one variable and three
    clauses per cell past the first."""
    have = runs.setdefault((cell, d), [])
    if limit is not None and len(have) >= limit:
        return have[:max(0, limit)]
    ray, (r, c) = [], cell
    while limit is None or len(ray) < limit:
        r, c = r + STEPS[d][0], c + STEPS[d][1]
        if not grid.inside((r, c)) or (r, c) in walls:
            break
        ray.append((r, c))
    for j in range(len(have) + 1, len(ray) + 1):
        q = ray[j - 1]
        if q not in lit:
            lit[q] = passes(q)
        if j == 1:
            have.append(lit[q])
            continue
        x, prev = f.var(tag, *cell, d, j), have[-1]
        f.extend([[-x, prev], [-x, lit[q]], [x, -prev, -lit[q]]])
        have.append(x)
    return have[:len(ray)]


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_runs_grown_in_any_order_as_written_plainly(data):
    grid = Grid(data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5)))
    walls = set(data.draw(st.lists(st.sampled_from(grid.cells), max_size=3)))
    asks = data.draw(st.lists(st.tuples(
        st.sampled_from(grid.cells + [(-1, 0), (0, -1), (grid.rows, 0)]),
        st.sampled_from(DIRECTIONS), st.one_of(st.none(), st.integers(-1, 6))),
        min_size=1, max_size=8))
    f, g = Formula(), Formula()
    s = Sight(f, grid, passes=lambda c: -f.var("w", *c), walls=walls)  # made on demand
    runs, lit = {}, {}
    for cell, d, limit in asks:
        got = s.run(cell, d, limit)
        want = plain_run(g, grid, walls, runs, lit, lambda c: -g.var("w", *c), cell, d, limit)
        assert got == want
    assert f.clauses == g.clauses and f.pool.obj2id == g.pool.obj2id


def plain_sum_is(f, a, b, k, kind):
    p, q = len(a), len(b)
    if kind != "at_most":
        for i in range(min(p, k - 1) + 1):
            need = k - i
            f.add([*([a[i]] if i < p else []), *([b[need - 1]] if need <= q else [])])
    if kind != "at_least":
        for i in range(p + 1):
            allow = k - i
            if allow < q:
                f.add([*([-a[i - 1]] if i else []), *([-b[allow]] if allow >= 0 else [])])


@given(p=st.integers(0, 4), q=st.integers(0, 4), k=st.integers(-1, 9),
       kind=st.sampled_from(("exactly", "at_most", "at_least")))
def test_sum_is_clauses_as_written_plainly(p, q, k, kind):
    a, b = list(range(1, p + 1)), list(range(10, 10 + q))
    f, g = Formula(), Formula()
    sum_is(f, a, b, k, kind)
    plain_sum_is(g, a, b, k, kind)
    assert f.clauses == g.clauses


def test_count_on_a_board_keeps_every_clause_list_distinct():
    """Clauses are fresh lists (a guard rewrites them; none may be shared)."""
    f = Formula()
    s = Sight(f, Grid(4, 5), passes=lambda c: f.var("w", *c))
    for cell in [(0, 0), (1, 2), (3, 4)]:
        s.count(cell, 4, when=f.var("sel", *cell))
    assert len({id(c) for c in f.clauses}) == len(f.clauses)
    assert all(isinstance(c, list) for c in f.clauses)

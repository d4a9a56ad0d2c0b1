"""satlink.rules.sight against brute force.

Each rule is written again here, directly (walk along the row or column
until a wall, the edge or a cell that does not pass), and every assignment
of the cell literals (and of the clue selectors) of boards up to twelve
cells is checked; the models of the clauses, projected on those literals,
must be exactly the assignments that obey the rule.
"""
from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import STEPS, Grid
from satlink.rules.numbers import Numbers
from satlink.rules.sight import DIRECTIONS, Sight, count_visible, visible
from satlink.rules.unary_sums import sum_is, unary_sum
from tests.rules.enumerate import solutions

KINDS = ("exactly", "at_most", "at_least")
BOARDS = [(r, c) for r in range(1, 5) for c in range(1, 7) if r * c <= 12]


def holds(kind: str, n: int, k: int) -> bool:
    return {"exactly": n == k, "at_most": n <= k, "at_least": n >= k}[kind]


def assignments(variables):
    """Every assignment of ``variables``, as the set of true ones."""
    for bits in itertools.product((False, True), repeat=len(variables)):
        yield frozenset(v for v, b in zip(variables, bits) if b)


# -- the rules, written directly ---------------------------------------------------------
def walk(grid, walls, cell, d, passes=lambda c: True):
    """The cells seen from ``cell`` toward ``d``: up to a wall, the edge or
    (not included) the first cell that does not pass."""
    dr, dc = STEPS[d]
    out, (r, c) = [], cell
    while True:
        r, c = r + dr, c + dc
        if not grid.inside((r, c)) or (r, c) in walls or not passes((r, c)):
            return out
        out.append((r, c))


def sees(grid, walls, a, b) -> bool:
    return any(b in walk(grid, walls, a, d) for d in DIRECTIONS)


# -- boards ----------------------------------------------------------------------------
@st.composite
def boards(draw, max_open: int = 12):
    """A board of at most 12 cells with up to 4 walls (more when needed to
    leave at most ``max_open`` open cells)."""
    rows, cols = draw(st.sampled_from(BOARDS))
    grid = Grid(rows, cols)
    walls = draw(st.sets(st.sampled_from(grid.cells), max_size=min(4, len(grid.cells) - 1)))
    open_cells = [c for c in grid.cells if c not in walls]
    while len(open_cells) > max_open:
        walls = walls | {open_cells.pop()}
    return grid, frozenset(walls), open_cells


def cell_vars(f, cells, name="x"):
    return {c: f.var(name, *c) for c in cells}


# -- geometry --------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(board=boards())
def test_rays_seen_and_segments(board):
    grid, walls, cells = board
    s = Sight(Formula(), grid, walls=walls)
    assert s.cells == cells
    for c in grid.cells:
        for d in DIRECTIONS:
            assert s.ray(c, d) == walk(grid, walls, c, d)
    segs = s.segments()
    for axis in ("row", "col"):  # every open cell in exactly one segment of each axis
        covered = sorted(c for seg in s.segments(axis) for c in seg)
        assert covered == sorted(cells)
    for a in cells:
        assert sorted(s.seen(a)) == sorted(b for b in cells if b != a and sees(grid, walls, a, b))
        for b in cells:
            if a != b:
                assert sees(grid, walls, a, b) == any(a in seg and b in seg for seg in segs)


def test_ray_from_the_edge():
    s = Sight(Formula(), Grid(2, 3), walls=[(1, 1)])
    assert s.ray((0, 3), "w") == [(0, 2), (0, 1), (0, 0)]
    assert s.ray((2, 1), "n") == []
    assert s.ray((1, -1), "e") == [(1, 0)]


# -- rules over the walls ----------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(board=boards(), guard=st.booleans())
def test_at_most_one_seen(board, guard):
    grid, walls, cells = board
    f = Formula()
    lamp = cell_vars(f, cells, "lamp")
    sel = f.var("sel") if guard else None
    Sight(f, grid, walls=walls).at_most_one(lamp, when=sel)
    variables = list(lamp.values()) + ([sel] if guard else [])
    want = set()
    for true in assignments(variables):
        lit = [c for c in cells if lamp[c] in true]
        if (guard and sel not in true) or not any(
                sees(grid, walls, a, b) for a, b in itertools.combinations(lit, 2)):
            want.add(true)
    assert solutions(f, variables) == want


@settings(max_examples=40, deadline=None)
@given(board=boards(max_open=10), guard=st.booleans(), some=st.booleans(), data=st.data())
def test_cover(board, guard, some, data):
    grid, walls, cells = board
    f = Formula()
    lamp = cell_vars(f, cells, "lamp")
    sel = f.var("sel") if guard else None
    which = data.draw(st.sets(st.sampled_from(cells))) if some else None
    Sight(f, grid, walls=walls).cover(lamp.get, which, when=sel)
    variables = list(lamp.values()) + ([sel] if guard else [])
    want = set()
    for true in assignments(variables):
        on = {c for c in cells if lamp[c] in true}
        if (guard and sel not in true) or all(
                c in on or any(sees(grid, walls, c, b) for b in on)
                for c in (cells if which is None else which)):
            want.add(true)
    assert solutions(f, variables) == want


def test_akari_on_a_3x3():
    """At most one lamp per line, every cell lit, a 2 on the middle wall:
    two lamps on neighbours of the 2 at a right angle, and the corner
    opposite them, four ways."""
    grid = Grid(3, 3)
    walls = {(1, 1)}
    f = Formula()
    s = Sight(f, grid, walls=walls)
    lamp = cell_vars(f, s.cells, "lamp")
    s.at_most_one(lamp)
    s.cover(lamp)
    f.exactly([lamp[c] for c in grid.neighbours((1, 1))], 2)
    got = solutions(f, list(lamp.values()))
    want = set()
    for true in assignments(list(lamp.values())):
        on = [c for c in s.cells if lamp[c] in true]
        if (not any(sees(grid, walls, a, b) for a, b in itertools.combinations(on, 2))
                and all(c in on or any(sees(grid, walls, c, b) for b in on) for c in s.cells)
                and sum(c in on for c in grid.neighbours((1, 1))) == 2):
            want.add(true)
    assert got == want
    assert len(want) == 4


# -- rules over the passes literals --------------------------------------------------------
@st.composite
def passing_boards(draw, max_open: int = 11):
    """A board with walls, at most ``max_open`` open cells, and a sign: the
    passes literal is the cell's variable (Canal View: shaded) or its
    negation (Kuromasu: white)."""
    grid, walls, cells = draw(boards(max_open))
    return grid, walls, cells, draw(st.booleans())


def passing(f, cells, positive):
    x = cell_vars(f, cells)
    return x, (lambda c: x[c] if positive else -x[c])


@settings(max_examples=60, deadline=None)
@given(board=passing_boards(), data=st.data())
def test_run(board, data):
    grid, walls, cells, positive = board
    f = Formula()
    x, lit = passing(f, cells, positive)
    s = Sight(f, grid, passes=lit, walls=walls)
    start = data.draw(st.sampled_from(grid.cells + [(-1, 0), (0, -1)]))
    d = data.draw(st.sampled_from(DIRECTIONS))
    limit = data.draw(st.one_of(st.none(), st.integers(0, 5)))
    runs = s.run(start, d, limit)
    ray = walk(grid, walls, start, d)
    assert len(runs) == (len(ray) if limit is None else min(limit, len(ray)))
    assert s.run(start, d)[:len(runs)] == runs  # grown, not made again
    variables = list(x.values())
    got = solutions(f, variables + [abs(r) for r in runs])
    want = set()
    for true in assignments(variables):
        ok = lambda c: (x[c] in true) == positive  # noqa: E731
        seen = len(walk(grid, walls, start, d, ok))
        want.add(true | {abs(r) for j, r in enumerate(runs)
                         if (j < seen) == (r > 0)})
    assert got == want


@st.composite
def count_clues(draw, cells, max_clues=3):
    where = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=max_clues, unique=True))
    return [(p, draw(st.integers(-1, 9)), draw(st.sampled_from(KINDS)), draw(st.booleans()),
             draw(st.sampled_from(("nesw", "nesw", "ew", "s", "nsw"))), draw(st.booleans()))
            for p in where]


def check_counts(grid, walls, cells, positive, clues, clear=frozenset()):
    """Every clue ``(cell, k, kind, itself, directions, guarded)`` on one
    formula (runs shared between clues) against brute force. ``clear``
    cells pass by a unit clause, and the Sight is told so (runs go on
    through them with no variable)."""
    f = Formula()
    x, lit = passing(f, cells, positive)
    s = Sight(f, grid, passes=lit, walls=walls, clear=clear)
    f.extend([lit(c)] for c in clear)
    sels = []
    for i, (p, k, kind, itself, dirs, guard) in enumerate(clues):
        sels.append(f.var("sel", i) if guard else None)
        s.count(p, k, kind, when=sels[-1], itself=itself, directions=dirs)
    variables = list(x.values()) + [v for v in sels if v is not None]
    want = set()
    for true in assignments(variables):
        ok = lambda c: (x[c] in true) == positive  # noqa: E731
        if not all(ok(c) for c in clear):
            continue
        if all((sel is not None and sel not in true) or holds(
                kind, itself + sum(len(walk(grid, walls, p, d, ok)) for d in dirs), k)
               for (p, k, kind, itself, dirs, _), sel in zip(clues, sels)):
            want.add(true)
    got = solutions(f, variables)
    assert got == want
    return got


@settings(max_examples=100, deadline=None)
@given(board=passing_boards(), data=st.data())
def test_count(board, data):
    grid, walls, cells, positive = board
    check_counts(grid, walls, cells, positive, data.draw(count_clues(cells)))


@settings(max_examples=100, deadline=None)
@given(board=passing_boards(), data=st.data())
def test_count_through_clear_cells(board, data):
    """Cells that pass in every solution (Kuromasu's numbers) carried as
    clear: the same counts, a fixed part where a run starts with them."""
    grid, walls, cells, positive = board
    clear = frozenset(data.draw(st.sets(st.sampled_from(cells))))
    check_counts(grid, walls, cells, positive, data.draw(count_clues(cells)), clear)


@pytest.mark.parametrize("rows, cols", [(3, 3), (2, 4), (1, 6), (2, 3)])
def test_count_every_cell_and_number(rows, cols):
    """Exhaustive on small boards: Kuromasu's count (white cells seen, with
    itself) at each cell, for each number; every shading obeys exactly one
    number per cell, so the numbers' solutions partition the shadings."""
    grid = Grid(rows, cols)
    for p in grid.cells:
        found = [check_counts(grid, frozenset(), grid.cells, False,
                              [(p, k, "exactly", True, "nesw", False)])
                 for k in range(0, rows + cols + 1)]
        assert sum(map(len, found)) == 2 ** (rows * cols)


def test_count_needs_passes():
    with pytest.raises(ValueError):
        Sight(Formula(), Grid(2, 2)).count((0, 0), 1)
    with pytest.raises(ValueError):
        Sight(Formula(), Grid(2, 2), passes=lambda c: 1).count((0, 0), 1, kind="about")


@settings(max_examples=80, deadline=None)
@given(board=passing_boards(max_open=6), data=st.data())
def test_first(board, data):
    """Easy as ABC: looking from a cell (or from off the edge), the first
    cell that does not pass (not blank) satisfies the target (the letter)."""
    grid, walls, cells, positive = board
    f = Formula()
    x, lit = passing(f, cells, positive)
    target = cell_vars(f, cells, "t")
    s = Sight(f, grid, passes=lit, walls=walls)
    start = data.draw(st.sampled_from(grid.cells + [(-1, 0), (0, grid.cols), (grid.rows, 0)]))
    d = data.draw(st.sampled_from(DIRECTIONS))
    guard = data.draw(st.booleans())
    sel = f.var("sel") if guard else None
    missing = data.draw(st.sets(st.sampled_from(cells)))   # a target out of the domain
    s.first(start, d, lambda c: None if c in missing else target[c], when=sel)
    ray = walk(grid, walls, start, d)
    variables = [x[c] for c in ray] + [target[c] for c in ray] + ([sel] if guard else [])
    want = set()
    for true in assignments(variables):
        ok = lambda c: (x[c] in true) == positive  # noqa: E731
        stop = next((c for c in ray if not ok(c)), None)
        if (guard and sel not in true) or (
                stop is not None and stop not in missing and target[stop] in true):
            want.add(true)
    assert solutions(f, variables) == want


# -- sums of unary numbers -------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(lengths=st.lists(st.integers(0, 3), min_size=1, max_size=4), cap=st.integers(0, 8))
def test_unary_sum(lengths, cap):
    """Each output is "the sum is at least t", a function of the inputs."""
    f = Formula()
    unaries = [[f.var("u", i, j) for j in range(n)] for i, n in enumerate(lengths)]
    for u in unaries:
        f.extend([b, -a] for b, a in zip(u, u[1:]))  # inputs sorted: x_{j+1} -> x_j
    out = unary_sum(f, unaries, cap, ("sum",))
    assert len(out) == min(cap, sum(lengths))
    inputs = [v for u in unaries for v in u]
    want = set()
    for true in assignments(inputs):
        if all(b in true or a not in true for u in unaries for b, a in zip(u, u[1:])):
            total = sum(v in true for v in inputs)
            want.add(true | {v for t, v in enumerate(out, 1) if total >= t})
    assert solutions(f, inputs + out) == want


@settings(max_examples=80, deadline=None)
@given(p=st.integers(0, 4), q=st.integers(0, 4), k=st.integers(-2, 10),
       kind=st.sampled_from(KINDS))
def test_sum_is(p, q, k, kind):
    """Two sorted unaries compared with a number, every pair of values."""
    f = Formula()
    a = [f.var("a", j) for j in range(p)]
    b = [f.var("b", j) for j in range(q)]
    for u in (a, b):
        f.extend([y, -x] for y, x in zip(u, u[1:]))
    sum_is(f, a, b, k, kind)
    want = {frozenset(a[:i] + b[:j]) for i in range(p + 1) for j in range(q + 1)
            if holds(kind, i + j, k)}
    assert solutions(f, a + b) == want


# -- skyscrapers ----------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(data=st.data(), n=st.integers(1, 5), k=st.integers(-1, 6),
       kind=st.sampled_from(KINDS), guard=st.booleans())
def test_count_visible(data, n, k, kind, guard):
    """Values 0 (a blank) to 4 per cell, random domains: the values higher
    than all before them, counted from the start of the line."""
    line = list(range(n))
    domains = {c: sorted(data.draw(st.sets(st.integers(0, 4), min_size=1, max_size=4)))
               for c in line}
    f = Formula()
    num = Numbers(f, line, range(5), domains=domains)
    sel = f.var("sel") if guard else None
    count_visible(num, line, k, kind, when=sel)
    variables = num.answer() + ([sel] if guard else [])
    want = set()
    for values in itertools.product(*(domains[c] for c in line)):
        seen = sum(v > max((0, *values[:i])) for i, v in enumerate(values))
        picked = frozenset(num.val(c, v) for c, v in zip(line, values))
        if guard:
            want.add(picked)  # the selector false: any values
        if holds(kind, seen, k):
            want.add(picked | ({sel} if guard else set()))
    assert solutions(f, variables) == want


def stirling1(n: int, k: int) -> int:
    """Unsigned Stirling numbers of the first kind, by their recurrence."""
    if n == 0 or k == 0:
        return int(n == k)
    return stirling1(n - 1, k - 1) + (n - 1) * stirling1(n - 1, k)


@pytest.mark.parametrize("n, west, east", [(4, 2, 2), (4, 1, 2), (5, 2, 3), (5, 3, 3), (4, 4, 1)])
def test_skyscrapers_row(n, west, east):
    """A row of 1..n, all different, ``west`` seen from the west and
    ``east`` from the east: as many orders as Renyi's formula for
    permutations with given left-to-right and right-to-left maxima,
    c(n - 1, L + R - 2) * C(L + R - 2, L - 1), and the same orders as
    itertools.permutations."""
    line = list(range(n))
    f = Formula()
    num = Numbers(f, line, range(1, n + 1))
    num.all_different(line)
    count_visible(num, line, west)
    count_visible(num, line[::-1], east)
    got = solutions(f, num.answer())

    def seen(p):
        return sum(v > max(p[:i], default=0) for i, v in enumerate(p))

    want = {frozenset(num.val(c, v) for c, v in zip(line, p))
            for p in itertools.permutations(range(1, n + 1))
            if seen(p) == west and seen(p[::-1]) == east}
    assert got == want
    assert len(got) == stirling1(n - 1, west + east - 2) * math.comb(west + east - 2, west - 1)


def test_visible_literals():
    """The visible literals themselves, read on every order of 1..3."""
    f = Formula()
    num = Numbers(f, "abc", [1, 2, 3])
    num.all_different("abc")
    vis = visible(num, "abc")
    got = solutions(f, num.answer() + vis)
    want = set()
    for p in itertools.permutations((1, 2, 3)):
        picked = {num.val(c, v) for c, v in zip("abc", p)}
        want.add(frozenset(picked | {y for i, y in enumerate(vis) if p[i] > max(p[:i], default=0)}))
    assert got == want and len(got) == 6

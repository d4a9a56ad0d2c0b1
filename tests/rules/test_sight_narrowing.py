"""What the numbers decide before encoding (Kuromasu's cells, Doors' doors),
against brute force on small boards: every fixed item has its value, and
every run its bounds, in every assignment that gives each number its
count (connectivity left out: a larger set, so a stronger check); None
only when no assignment does. Numbers are read off a hidden assignment
(so most boards have one) or drawn at random."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.rules.grid import STEPS, Grid
from satlink.rules.sight import DIRECTIONS
from satlink.rules.sight_narrowing import narrow_cells, narrow_doors


def run_length(rows, cols, cell, d, passes) -> int:
    """Steps from ``cell`` toward ``d`` while ``passes(a, b)``."""
    (r, c), (dr, dc), n = cell, STEPS[d], 0
    while 0 <= r + dr < rows and 0 <= c + dc < cols and passes((r, c), (r + dr, c + dc)):
        r, c, n = r + dr, c + dc, n + 1
    return n


def check(rows, cols, numbers, known, assignments, item_of, passes_of) -> None:
    """``assignments``: every open-item set giving each number its count."""
    if known is None:
        assert not assignments, "narrowing found a contradiction, brute force a solution"
        return
    for opened in assignments:
        passes = passes_of(opened)
        assert known.open <= opened
        assert not (known.closed & opened)
        for cell, k in numbers:
            for d in DIRECTIONS:
                lo, hi = known.bounds[cell][d]
                assert lo <= run_length(rows, cols, cell, d, passes) <= hi, (cell, d)
    assert all(x in item_of for x in known.open | known.closed)


def sees(rows, cols, cell, passes) -> int:
    return sum(run_length(rows, cols, cell, d, passes) for d in DIRECTIONS)


def read_numbers(data, rows, cols, spots, passes, at_random) -> list:
    """A number per spot: what it sees under ``passes``, or drawn at random."""
    return [(c, data.draw(st.integers(0, rows + cols - 2)) if at_random else
             sees(rows, cols, c, passes)) for c in spots]


def obeying(rows, cols, numbers, candidates, passes_of) -> list:
    """The candidate open-item sets that give each number its count."""
    return [x for x in candidates
            if all(sees(rows, cols, c, passes_of(x)) == k for c, k in numbers)]


@st.composite
def cell_board(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    cells = Grid(rows, cols).cells
    hidden = {c for c in cells if draw(st.integers(0, 3)) == 0}
    return rows, cols, cells, hidden, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(cell_board(), st.booleans(), st.data())
def test_kuromasu_cells_match_brute_force(board, no_touch, data):
    """Kuromasu (shaded cells never touch) and Cave (they may)."""
    rows, cols, cells, hidden, at_random = board
    if no_touch:
        hidden = {c for c in hidden if not any((c[0] + dr, c[1] + dc) in hidden
                                               for dr, dc in ((0, 1), (1, 0)))}
    def passes_of(white):
        return lambda a, b: b in white
    white0 = set(cells) - hidden
    spots = [c for c in cells if c in white0 and data.draw(st.integers(0, 2)) == 0]
    numbers = read_numbers(data, rows, cols, spots, passes_of(white0), at_random)
    candidates = []
    for bits in itertools.product((0, 1), repeat=len(cells)):
        shaded = {c for c, b in zip(cells, bits) if b}
        if any(c in shaded for c in spots):
            continue
        if no_touch and any((r + 1, c) in shaded or (r, c + 1) in shaded for r, c in shaded):
            continue
        candidates.append(set(cells) - shaded)
    assignments = obeying(rows, cols, numbers, candidates, passes_of)
    known = narrow_cells(rows, cols, numbers, opened=spots, no_touch=no_touch)
    check(rows, cols, numbers, known, assignments, set(cells), passes_of)


@st.composite
def door_board(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    doors = Grid(rows, cols).cell_edges()
    hidden = {e for e in doors if draw(st.integers(0, 2))}
    return rows, cols, doors, hidden, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(door_board(), st.data())
def test_doors_match_brute_force(board, data):
    rows, cols, doors, hidden, at_random = board
    def passes_of(opened):
        return lambda a, b: (min(a, b), max(a, b)) in opened
    spots = [c for c in Grid(rows, cols).cells if data.draw(st.integers(0, 1))]
    numbers = read_numbers(data, rows, cols, spots, passes_of(hidden), at_random)
    candidates = [{e for e, b in zip(doors, bits) if b}
                  for bits in itertools.product((0, 1), repeat=len(doors))]
    assignments = obeying(rows, cols, numbers, candidates, passes_of)
    known = narrow_doors(rows, cols, numbers)
    check(rows, cols, numbers, known, assignments, set(doors), passes_of)


def test_a_row_of_numbers_is_decided():
    """1 x 5 Kuromasu, 2 . . . 2 (each sees one other cell): the ends' runs
    are one, so the middle cell is shaded and its neighbours white."""
    known = narrow_cells(1, 5, [((0, 0), 1), ((0, 4), 1)], opened=[(0, 0), (0, 4)],
                         no_touch=True)
    assert known.open == {(0, 0), (0, 1), (0, 3), (0, 4)} and known.closed == {(0, 2)}
    assert known.bounds[(0, 0)]["e"] == (1, 1) and known.bounds[(0, 4)]["w"] == (1, 1)
    assert known.decided((0, 0)) and known.decided((0, 4))


def test_contradiction_is_none():
    """Two neighbours in a 1 x 2 row that each see nothing: they see each other."""
    assert narrow_cells(1, 2, [((0, 0), 0), ((0, 1), 0)], opened=[(0, 0), (0, 1)]) is None
    assert narrow_doors(1, 2, [((0, 0), 0), ((0, 1), 1)]) is None


# -- the same fixpoint as a plain one -------------------------------------------------------
def plain_fixpoint(rows, cols, numbers, doors, opened=(), no_touch=False):
    """The rules of encodings/sight.md ("Narrowing by the numbers") over a
    dict of item states, every rule applied to every number again until
    nothing moves: (open, closed, bounds), or None on a contradiction."""
    state = {x: True for x in opened}
    back = {"n": "s", "s": "n", "e": "w", "w": "e"}

    def ray(cell, d):
        (r, c), (dr, dc) = cell, STEPS[d]
        cells = [(r + dr * j, c + dc * j) for j in range(1, rows + cols)
                 if 0 <= r + dr * j < rows and 0 <= c + dc * j < cols]
        if not doors:
            return cells
        return [(min(a, b), max(a, b)) for a, b in zip([cell] + cells, cells)]

    def fix(x, value):
        if state.get(x, value) != value:
            raise ValueError
        new = x not in state
        state[x] = value
        if new and not value and no_touch:
            r, c = x
            for y in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= y[0] < rows and 0 <= y[1] < cols:
                    fix(y, True)
        return new

    where = dict(numbers)
    rays = {(cell, d): ray(cell, d) for cell, _ in numbers for d in DIRECTIONS}
    meets = {}
    for cell, _ in numbers:
        for d in DIRECTIONS:
            dr, dc = STEPS[d]
            steps = [p for p in range(1, rows + cols)
                     if (cell[0] + dr * p, cell[1] + dc * p) in where]
            meets[cell, d] = (steps[0], (cell[0] + dr * steps[0], cell[1] + dc * steps[0])) \
                if steps else None
    lo = {key: 0 for key in rays}
    hi = {key: len(items) for key, items in rays.items()}
    try:
        moved = True
        while moved:
            moved = False
            for cell, k in numbers:
                for d in DIRECTIONS:
                    items = rays[cell, d]
                    run = next((j for j, x in enumerate(items) if not state.get(x)), len(items))
                    stop = next((j for j, x in enumerate(items) if state.get(x) is False),
                                len(items))
                    l_, h = max(lo[cell, d], run), min(hi[cell, d], stop)
                    if meets[cell, d] and h >= meets[cell, d][0]:
                        p, j = meets[cell, d]
                        if p + lo[cell, back[d]] > hi[j, back[d]]:
                            h = p - 1
                        else:
                            h = min(h, p + hi[j, d])
                            if l_ >= p:
                                l_ = max(l_, p + lo[j, d])
                    moved |= (l_, h) != (lo[cell, d], hi[cell, d])
                    lo[cell, d], hi[cell, d] = l_, h
                most = sum(hi[cell, d] for d in DIRECTIONS)
                least = sum(lo[cell, d] for d in DIRECTIONS)
                for d in DIRECTIONS:
                    l_ = max(lo[cell, d], k - (most - hi[cell, d]))
                    h = min(hi[cell, d], k - (least - lo[cell, d]))
                    moved |= (l_, h) != (lo[cell, d], hi[cell, d])
                    lo[cell, d], hi[cell, d] = l_, h
                    if l_ > h:
                        return None
                    items = rays[cell, d]
                    for x in items[:l_]:
                        moved |= fix(x, True)
                    if l_ == h < len(items):
                        moved |= fix(items[h], False)
    except ValueError:
        return None
    return ({x for x, v in state.items() if v}, {x for x, v in state.items() if not v},
            {cell: {d: (lo[cell, d], hi[cell, d]) for d in DIRECTIONS} for cell, _ in numbers})


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.booleans(), st.booleans(), st.data())
def test_the_same_fixpoint_as_a_plain_one(rows, cols, doors, no_touch, data):
    """The bit-mask work list reaches the plain fixpoint: the same fixed
    items, the same bounds, None on the same boards (numbers read off a
    hidden board, so most have a solution, or random)."""
    cells = Grid(rows, cols).cells
    if doors:
        hidden = {e for e in Grid(rows, cols).cell_edges() if data.draw(st.integers(0, 2))}
        passes = lambda a, b: (min(a, b), max(a, b)) in hidden  # noqa: E731
        spots = [c for c in cells if data.draw(st.integers(0, 2))]
    else:
        shaded = set()
        for c in cells:
            if data.draw(st.integers(0, 3)) == 0 and not (no_touch and any(
                    (c[0] + dr, c[1] + dc) in shaded for dr, dc in STEPS.values())):
                shaded.add(c)
        passes = lambda a, b: b not in shaded  # noqa: E731
        spots = [c for c in cells if c not in shaded and data.draw(st.integers(0, 2))]
    numbers = read_numbers(data, rows, cols, spots, passes, data.draw(st.booleans()))
    want = plain_fixpoint(rows, cols, numbers, doors, () if doors else spots,
                          no_touch and not doors)
    known = (narrow_doors(rows, cols, numbers) if doors else
             narrow_cells(rows, cols, numbers, opened=spots, no_touch=no_touch))
    assert (known is None) == (want is None)
    if known is not None:
        assert (known.open, known.closed, known.bounds) == want
        assert [c for c, _, _ in known.unsettled] == sorted(
            c for c, _ in numbers if not known.decided(c))

"""satlink.rules.regions and satlink.rules.sizes against brute force.

On boards of at most nine cells every division into connected regions is
listed (every set of walls, kept when each wall parts two different
components of the cells joined across the other edges: networkx), each rule
is checked on each division directly, and the models of the lazy form
(solve, cut, block) and of the complete form, projected on the walls (and
the clue selectors), must both be exactly the divisions that obey the rule.
"""
from __future__ import annotations

import functools
import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.grid import Grid
from satlink.rules.region_shapes import (form, is_connected, mirror, rect_cells, rectangles,
                                         touching)
from satlink.rules.regions import Regions
from satlink.rules.sizes import domains, sizes
from tests.rules.enumerate import solutions

BOARDS = [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (1, 6)]


# -- every division, directly ------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def divisions(rows: int, cols: int) -> tuple[tuple[frozenset, tuple[frozenset, ...]], ...]:
    """(walls, regions) of every division of the board into connected regions."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    edges = ([((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
             + [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)])
    out = []
    for bits in itertools.product((False, True), repeat=len(edges)):
        walls = frozenset(e for e, b in zip(edges, bits) if b)
        g = nx.Graph()
        g.add_nodes_from(cells)
        g.add_edges_from(e for e in edges if e not in walls)
        part = {c: i for i, comp in enumerate(nx.connected_components(g)) for c in comp}
        if all(part[a] != part[b] for a, b in walls):
            regions = tuple(frozenset(c for c in cells if part[c] == i)
                            for i in range(max(part.values()) + 1))
            out.append((walls, regions))
    return tuple(out)


def wall_set(regions: Regions, walls, extra=()) -> frozenset[int]:
    return frozenset([regions.wall[e] for e in walls] + list(extra))


def is_rect(region) -> bool:
    rs, cs = [c[0] for c in region], [c[1] for c in region]
    return len(region) == (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1)


def bounding(region) -> tuple[int, int, int, int]:
    rs, cs = [c[0] for c in region], [c[1] for c in region]
    return (min(rs), min(cs), max(rs), max(cs))


def adjacent_regions(regions):
    """Pairs of regions that share an edge."""
    for a, b in itertools.combinations(regions, 2):
        if any(abs(x[0] - y[0]) + abs(x[1] - y[1]) == 1 for x in a for y in b):
            yield a, b


@pytest.mark.parametrize("rows, cols, count", [(1, 4, 8), (2, 2, 12), (2, 3, 74), (3, 3, 1434)])
def test_the_brute_force_lists_every_division(rows, cols, count):
    """Divisions of the grid into connected pieces: 2^(n-1) on a strip,
    and 12, 1434 for the 2x2 and 3x3 squares (OEIS A145835); 74 for 2x3
    (counted here a second way: set partitions into connected blocks)."""
    assert len(divisions(rows, cols)) == count
    grid = Grid(rows, cols)
    g = nx.grid_2d_graph(rows, cols)

    def partitions(items):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for p in partitions(rest):
            yield [[first]] + p
            for i in range(len(p)):
                yield p[:i] + [[first] + p[i]] + p[i + 1:]

    if len(grid.cells) <= 6:
        assert count == sum(all(nx.is_connected(g.subgraph(b)) for b in p)
                            for p in partitions(grid.cells))


# -- tiles ----------------------------------------------------------------------------
@st.composite
def tiled_boards(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    grid = Grid(rows, cols)
    rects = list(rectangles(grid))
    chosen = draw(st.lists(st.sampled_from(rects), unique=True, min_size=1, max_size=12))
    return grid, chosen


@settings(max_examples=60, deadline=None)
@given(board=tiled_boards())
def test_tiles(board):
    grid, rects = board
    f = Formula()
    regions = Regions(f, grid)
    piece = regions.tiles({rect: rect_cells(rect) for rect in rects})
    got = solutions(f, list(regions.wall.values()), cuts=regions.cuts)
    allowed = {frozenset(rect_cells(r)) for r in rects}
    want = {wall_set(regions, walls) for walls, parts in divisions(grid.rows, grid.cols)
            if all(p in allowed for p in parts)}
    assert got == want
    # the chosen pieces are the regions
    with_pieces = solutions(f, list(piece.values()))
    assert len(with_pieces) == len(want)


def test_tiles_refuse_bad_pieces():
    with pytest.raises(ValueError, match="leaves the board"):
        Regions(Formula(), Grid(2, 2)).tiles({"x": [(0, 0), (0, 2)]})


def test_a_cell_no_piece_covers_leaves_no_division():
    f = Formula()
    regions = Regions(f, Grid(1, 3))
    regions.tiles({"a": [(0, 0), (0, 1)]})
    assert solutions(f, list(regions.wall.values())) == set()


@pytest.mark.parametrize("rows, cols", [(1, 4), (2, 2), (2, 3), (3, 3)])
def test_rectangles_are_every_rectangle(rows, cols):
    grid = Grid(rows, cols)
    every = {frozenset(p) for _, parts in divisions(rows, cols) for p in parts if is_rect(p)}
    got = [frozenset(rect_cells(r)) for r in rectangles(grid)]
    assert len(got) == len(set(got)) and set(got) == every
    assert all(is_connected(rect_cells(r)) for r in rectangles(grid))
    for cell, area in itertools.product(grid.cells, range(1, 10)):
        want = {r for r in every if cell in r and len(r) == area}
        assert {frozenset(rect_cells(r)) for r in rectangles(grid, cell, area)} == want


# -- Shikaku: rectangles, one number each, its area ---------------------------------
@st.composite
def numbered_boards(draw, most: int = 6, boards=tuple(BOARDS)):
    rows, cols = draw(st.sampled_from(boards))
    grid = Grid(rows, cols)
    where = draw(st.lists(st.sampled_from(grid.cells), min_size=1, max_size=4, unique=True))
    return grid, {p: draw(st.integers(1, most)) for p in where}


@settings(max_examples=60, deadline=None)
@given(board=numbered_boards())
def test_shikaku_rectangles(board):
    grid, clues = board
    f = Formula()
    regions = Regions(f, grid)
    pieces = {rect: rect_cells(rect) for p, n in clues.items() for rect in rectangles(grid, p, n)
              if not any(q in clues for q in rect_cells(rect) if q != p)}
    regions.tiles(pieces)
    got = solutions(f, list(regions.wall.values()), cuts=regions.cuts)

    def obeys(parts):
        for part in parts:
            held = [p for p in clues if p in part]
            if not is_rect(part) or len(held) != 1 or clues[held[0]] != len(part):
                return False
        return True

    want = {wall_set(regions, walls) for walls, parts in divisions(grid.rows, grid.cols)
            if obeys(parts)}
    assert got == want


# -- Tatamibari: rectangles of given forms, no four meeting ----------------------------
@st.composite
def symbol_boards(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    grid = Grid(rows, cols)
    where = draw(st.lists(st.sampled_from(grid.cells), min_size=1, max_size=4, unique=True))
    return grid, {p: draw(st.sampled_from(["square", "wide", "tall"])) for p in where}


def four_meet(grid, parts) -> bool:
    region = {c: i for i, p in enumerate(parts) for c in p}
    return any(len({region[(r + dr, c + dc)] for dr in (0, 1) for dc in (0, 1)}) == 4
               for r in range(grid.rows - 1) for c in range(grid.cols - 1))


@settings(max_examples=60, deadline=None)
@given(board=symbol_boards(), meet_rule=st.booleans())
def test_tatamibari_forms(board, meet_rule):
    grid, symbols = board
    f = Formula()
    regions = Regions(f, grid)
    pieces = {}
    for rect in rectangles(grid):
        held = [p for p in rect_cells(rect) if p in symbols]
        if len(held) == 1 and symbols[held[0]] == form(rect):
            pieces[rect] = rect_cells(rect)
    regions.tiles(pieces)
    if meet_rule:
        regions.no_four_meet()
    got = solutions(f, list(regions.wall.values()), cuts=regions.cuts)

    def obeys(parts):
        for part in parts:
            held = [p for p in symbols if p in part]
            if not is_rect(part) or len(held) != 1 or symbols[held[0]] != form(bounding(part)):
                return False
        return not (meet_rule and four_meet(grid, parts))

    want = {wall_set(regions, walls) for walls, parts in divisions(grid.rows, grid.cols)
            if obeys(parts)}
    assert got == want


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 3)])
def test_no_four_meet_with_every_rectangle(rows, cols):
    """Divisions into rectangles where no four meet, against the list."""
    grid = Grid(rows, cols)
    f = Formula()
    regions = Regions(f, grid)
    regions.tiles({r: rect_cells(r) for r in rectangles(grid)})
    regions.no_four_meet()
    got = solutions(f, list(regions.wall.values()))
    want = {wall_set(regions, walls) for walls, parts in divisions(rows, cols)
            if all(is_rect(p) for p in parts) and not four_meet(grid, parts)}
    assert got == want
    if (rows, cols) == (2, 2):
        assert len(want) == 7  # 8 rectangle divisions less the four single cells


# -- Galaxies: regions symmetric about their centres ----------------------------------
@st.composite
def centred_boards(draw):
    rows, cols = draw(st.sampled_from(BOARDS))
    grid = Grid(rows, cols)
    points = [(y, x) for y in range(1, 2 * rows) for x in range(1, 2 * cols)]
    return grid, draw(st.lists(st.sampled_from(points), min_size=1, max_size=4, unique=True))


def galaxy(grid, parts, centres) -> bool:
    where = {c: i for i, p in enumerate(parts) for c in p}
    for centre in centres:
        if len({where[c] for c in touching(grid, centre)}) != 1:
            return False  # a centre on a wall
    for part in parts:
        held = [z for z in centres if set(touching(grid, z)) <= part]
        if len(held) != 1 or {mirror(c, held[0]) for c in part} != part:
            return False
    return True


@settings(max_examples=60, deadline=None)
@given(board=centred_boards())
def test_symmetric(board):
    grid, centres = board
    want = None
    for lazy in (True, False):
        f = Formula()
        regions = Regions(f, grid)
        regions.symmetric(centres, lazy=lazy)
        got = solutions(f, list(regions.wall.values()), cuts=regions.cuts)
        if not lazy:
            assert regions.cuts(Model(f, [])) == []
        want = want or {wall_set(regions, walls) for walls, parts in divisions(grid.rows, grid.cols)
                        if galaxy(grid, parts, centres)}
        assert got == want, lazy


def test_symmetric_on_a_3x3():
    """One centre in the middle: the whole board is its region. A centre at
    the corner of the top-left 2x2 block and one in each other cell: that
    block and five single cells."""
    grid = Grid(3, 3)
    for lazy in (True, False):
        f = Formula()
        regions = Regions(f, grid)
        regions.symmetric([(3, 3)], lazy=lazy)
        assert solutions(f, list(regions.wall.values()), cuts=regions.cuts) == {frozenset()}
        f = Formula()
        regions = Regions(f, grid)
        regions.symmetric([(2, 2), (1, 5), (3, 5), (5, 1), (5, 3), (5, 5)], lazy=lazy)
        (walls,) = solutions(f, list(regions.wall.values()), cuts=regions.cuts)
        assert sorted(map(len, grid.regions({e for e, x in regions.wall.items() if x in walls}))) \
            == [1, 1, 1, 1, 1, 4]


def test_connected_refuses_bad_anchors():
    f = Formula()
    regions = Regions(f, Grid(1, 2))
    with pytest.raises(ValueError, match="label the regions first"):
        regions.connected({"a": [(0, 0)]})
    regions.labels({c: {k: f.var(k, *c) for k in "ab"} for c in Grid(1, 2).cells})
    with pytest.raises(ValueError, match="without anchors"):
        regions.connected({"a": [(0, 0)]})
    with pytest.raises(ValueError, match="without an anchor"):
        regions.connected({"a": [(0, 0)], "b": []})


def test_touching_refuses_a_centre_on_the_edge():
    with pytest.raises(ValueError):
        touching(Grid(2, 2), (0, 1))


# -- Fillomino: every region as large as its cells' number ----------------------------
def fillomino(parts, clues, selected) -> bool:
    size = {c: len(p) for p in parts for c in p}
    if any(size[p] != clues[p] for p in selected):
        return False
    return all(len(a) != len(b) for a, b in adjacent_regions(parts))


@functools.lru_cache(maxsize=None)
def fillomino_divisions(rows: int, cols: int) -> tuple[tuple[frozenset, dict], ...]:
    """(walls, cell -> region size) of the divisions where no two regions
    of one size share an edge."""
    return tuple((walls, {c: len(p) for p in parts for c in p})
                 for walls, parts in divisions(rows, cols) if fillomino(parts, {}, []))


@st.composite
def fillomino_boards(draw, boards=tuple(BOARDS)):
    grid, clues = draw(numbered_boards(most=5, boards=boards))
    clues = dict(list(clues.items())[:draw(st.integers(0, len(clues)))])
    behind = [p for p in clues if draw(st.booleans())]
    return grid, clues, behind, draw(st.sampled_from([1, 2, 3]))


def brute_sizes(regions, sel, grid, clues, behind):
    fixed = [p for p in clues if p not in behind]
    want = set()
    for k in range(len(behind) + 1):
        for chosen in itertools.combinations(behind, k):
            held = fixed + list(chosen)
            for walls, size in fillomino_divisions(grid.rows, grid.cols):
                if all(size[p] == clues[p] for p in held):
                    want.add(wall_set(regions, walls, [sel[p] for p in chosen]))
    return want


def sizes_models(grid, clues, behind, lazy, cap=2):
    f = Formula()
    regions = Regions(f, grid)
    sel = {p: f.var("sel", *p) for p in behind}
    s = sizes(regions, clues, sel, lazy=lazy, cap=cap)
    got = solutions(f, list(regions.wall.values()) + list(sel.values()), cuts=regions.cuts)
    return f, regions, sel, s, got


@settings(max_examples=40, deadline=None)
@given(board=fillomino_boards())
def test_sizes_lazy(board):
    """The lazy form, with caps below and above the clues."""
    grid, clues, behind, cap = board
    f, regions, sel, s, got = sizes_models(grid, clues, behind, lazy=True, cap=cap)
    want = brute_sizes(regions, sel, grid, clues, behind)
    assert got == want
    # the walls determine the labels (a size, or "larger than the clues")
    with_sizes = solutions(f, [x for lab in s.value.values() for x in lab.values()]
                           + list(regions.wall.values()) + list(sel.values()), cuts=regions.cuts)
    assert len(with_sizes) == len(want)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(board=fillomino_boards())
def test_sizes_complete(board):
    grid, clues, behind, cap = board
    f, regions, sel, s, got = sizes_models(grid, clues, behind, lazy=False, cap=cap)
    assert regions.cuts(Model(f, [])) == []
    want = brute_sizes(regions, sel, grid, clues, behind)
    assert got == want
    with_sizes = solutions(f, [x for lab in s.value.values() for x in lab.values()]
                           + list(regions.wall.values()) + list(sel.values()))
    assert len(with_sizes) == len(want)


@pytest.mark.parametrize("rows, cols, clues, behind", [
    (3, 3, {}, []),                                   # 445 divisions
    (2, 4, {(0, 0): 3}, [(0, 0)]),
    (3, 3, {(1, 1): 3, (0, 0): 2}, [(1, 1)]),
])
def test_sizes_complete_on_larger_boards(rows, cols, clues, behind):
    grid = Grid(rows, cols)
    f, regions, sel, s, got = sizes_models(grid, clues, behind, lazy=False)
    assert got == brute_sizes(regions, sel, grid, clues, behind)
    if not clues:
        assert len(got) == 445


@pytest.mark.parametrize("lazy", [True, False])
def test_sizes_decode_a_unique_fillomino(lazy):
    """A 3x3 Fillomino whose only solution was found with the brute force
    above: sizes 2 2 1 / 4 4 4 / 2 2 4."""
    grid = Grid(3, 3)
    clues = {(0, 2): 1, (1, 1): 4, (2, 1): 2, (2, 2): 4}
    want = [parts for _, parts in divisions(3, 3) if fillomino(parts, clues, list(clues))]
    assert len(want) == 1
    assert {c: len(p) for p in want[0] for c in p} == {
        (r, c): int(v) for r, row in enumerate(["221", "444", "224"]) for c, v in enumerate(row)}
    f = Formula()
    regions = Regions(f, grid)
    s = sizes(regions, clues, lazy=lazy)
    from pysat.solvers import Solver
    with Solver(bootstrap_with=f.clauses) as solver:
        while solver.solve():
            model = Model(f, solver.get_model())
            cuts = regions.cuts(model)
            if not cuts:
                break
            for c in cuts:
                solver.add_clause(c)
        got = s.decode(model)
    assert got == {c: len(p) for p in want[0] for c in p}


def test_size_domains_are_the_reachable_sizes():
    # (0, 3) is cut off from the 3 by the fixed 1; (0, 1) is reached by both
    assert domains(Grid(1, 4), {(0, 0): 3, (0, 2): 1}) == {
        (0, 0): [3], (0, 1): [1, 3], (0, 2): [1], (0, 3): [1]}
    # behind a selector the 1 may go: (0, 3)'s free group has three cells,
    # so sizes up to the cap 1, the clues' numbers 1 and 3, and LARGE for 2
    assert domains(Grid(1, 4), {(0, 0): 3, (0, 2): 1}, {(0, 2): 7})[(0, 3)] == [0, 1, 3]
    assert domains(Grid(1, 4), {(0, 0): 3, (0, 2): 1}, {(0, 2): 7}, cap=2)[(0, 3)] == [1, 2, 3]
    with pytest.raises(ValueError):
        domains(Grid(1, 2), {(0, 0): 0})
    with pytest.raises(ValueError):
        domains(Grid(1, 2), {}, cap=0)


def test_size_cuts_name_the_group_that_is_wrong():
    f = Formula()
    regions = Regions(f, Grid(1, 4))
    s = sizes(regions, {}, cap=3)  # sizes up to 3 are labels
    v = s.value
    # sizes 2 2 2 1: the first group is too large (first three cells)
    model = Model(f, [v[(0, 0)][2], v[(0, 1)][2], v[(0, 2)][2], v[(0, 3)][1]])
    assert s.size_cuts(model) == [[-v[(0, 0)][2], -v[(0, 1)][2], -v[(0, 2)][2]]]
    # sizes 3 3 2 2: too small (a 3 next to the group, or the first cell
    # not a 3); the 2s are right
    model = Model(f, [v[(0, 0)][3], v[(0, 1)][3], v[(0, 2)][2], v[(0, 3)][2]])
    assert s.size_cuts(model) == [[-v[(0, 0)][3], v[(0, 2)][3]]]


def test_large_cuts_check_regions_by_their_walls():
    """Sizes above the cap (1 without clues) are one label; the cuts read
    the walls between such cells."""
    f = Formula()
    regions = Regions(f, Grid(1, 4))
    s = sizes(regions, {}, cap=1)
    big = {c: s.value[c][0] for c in Grid(1, 4).cells}
    w = [regions.wall[((0, c), (0, c + 1))] for c in range(3)]
    # all four larger than 1, no wall: one region of 4, fine
    assert s.size_cuts(Model(f, list(big.values()))) == []
    assert s.decode(Model(f, list(big.values()))) == {(0, c): 4 for c in range(4)}
    # a wall in the middle: two regions of 2, next to each other
    model = Model(f, [*big.values(), w[1]])
    assert [sorted(c) for c in s.size_cuts(model)] == [
        sorted([*(-big[c] for c in Grid(1, 4).cells), w[0], w[2], -w[1]])]
    # walls everywhere: four regions of one cell, each too small for "> 1",
    # and each pair of neighbours of one size
    model = Model(f, [*big.values(), *w])
    cuts = s.size_cuts(model)
    assert [-big[(0, 0)], -w[0]] in cuts and len(cuts) == 4 + 3
    # a wall inside a region is not a border: three regions [0], [1, 2, 3]
    # made one by no wall ... a 1x4 strip has no cycle, so build a 2x2
    f = Formula()
    regions = Regions(f, Grid(2, 2))
    s = sizes(regions, {}, cap=1)
    cells = Grid(2, 2).cells
    top = regions.wall[((0, 0), (0, 1))]
    model = Model(f, [s.value[c][0] for c in cells] + [top])
    assert [sorted(c) for c in s.size_cuts(model)] == [sorted(
        [-top, regions.wall[((0, 0), (1, 0))], regions.wall[((1, 0), (1, 1))],
         regions.wall[((0, 1), (1, 1))]])]


# -- no four meet without wall variables (pieces as the answer) --------------------------------
@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 3)])
def test_no_four_meet_without_walls_on_any_pieces(rows, cols):
    """Every connected piece offered: the chosen pieces are exactly the
    divisions with no inside point where four regions meet."""
    grid = Grid(rows, cols)
    pieces = {p for _, parts in divisions(rows, cols) for p in parts}
    f = Formula()
    regions = Regions(f, grid, walls=False)
    var = regions.tiles({tuple(sorted(p)): sorted(p) for p in pieces})
    regions.no_four_meet()
    got = solutions(f, list(var.values()))
    want = set()
    for _, parts in divisions(rows, cols):
        region = {c: i for i, p in enumerate(parts) for c in p}
        if all(len({region[(r + a, c + b)] for a in (0, 1) for b in (0, 1)}) < 4
               for r in range(rows - 1) for c in range(cols - 1)):
            want.add(frozenset(var[tuple(sorted(p))] for p in parts))
    assert got == want and len(want) < len(divisions(rows, cols))

"""satlink.rules.shading against brute force.

On boards of at most nine cells every shading (and every choice of selected
clues) is checked against the rule written directly with networkx; the
models of the lazy form (solve, cut, block) and of the complete form,
projected on the cell variables and the selectors, must both be exactly the
shadings that obey the rule.
"""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from pysat.solvers import Solver
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.grid import Grid
from satlink.rules.shading import Shading
from tests.rules.enumerate import solutions

BOARDS = [(1, 1), (1, 4), (2, 2), (2, 3), (2, 4), (3, 3), (1, 6)]


# -- the rules, written directly ---------------------------------------------------
def areas_of(grid: Grid, cells, coloured) -> list[set]:
    """The connected groups of ``coloured`` cells (orthogonal adjacency)."""
    g = nx.Graph()
    g.add_nodes_from(coloured)
    g.add_edges_from((a, b) for a, b in grid.cell_edges(cells) if a in coloured and b in coloured)
    return [set(c) for c in nx.connected_components(g)]


def coloured(cells, shaded_set, shaded: bool) -> set:
    return {c for c in cells if (c in shaded_set) == shaded}


def obeys_areas(grid, cells, shaded_set, clues, selected, shaded) -> bool:
    col = coloured(cells, shaded_set, shaded)
    if not all(p in col for p in selected):
        return False
    for area in areas_of(grid, cells, col):
        held = [p for p in area if p in selected]
        if len(held) != 1 or clues[held[0]] not in (None, len(area)):
            return False
    return True


def shadings(cells):
    for bits in itertools.product((False, True), repeat=len(cells)):
        yield {c for c, b in zip(cells, bits) if b}


def project(s: Shading, shaded_set, extra=()) -> frozenset[int]:
    return frozenset([s.var[c] for c in shaded_set] + list(extra))


# -- boards ----------------------------------------------------------------------
@st.composite
def boards(draw, holes: bool = True):
    rows, cols = draw(st.sampled_from(BOARDS))
    grid = Grid(rows, cols)
    cells = list(grid.cells)
    if holes and len(cells) > 1:
        gone = draw(st.sets(st.sampled_from(cells), max_size=2))
        cells = [c for c in cells if c not in gone] or cells[:1]
    return grid, cells


# -- local rules --------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(board=boards(), shaded=st.booleans())
def test_no_adjacent(board, shaded):
    grid, cells = board
    f = Formula()
    s = Shading(f, grid, cells)
    s.no_adjacent(shaded)
    want = {project(s, sh) for sh in shadings(cells)
            if all(len(a) == 1 for a in areas_of(grid, cells, coloured(cells, sh, shaded)))}
    assert solutions(f, list(s.var.values())) == want


@settings(max_examples=40, deadline=None)
@given(board=boards(), shaded=st.booleans())
def test_no_square(board, shaded):
    grid, cells = board
    f = Formula()
    s = Shading(f, grid, cells)
    s.no_square(shaded)
    inside = set(cells)
    squares = [q for q in grid.squares() if set(q) <= inside]
    want = {project(s, sh) for sh in shadings(cells)
            if not any(set(q) <= coloured(cells, sh, shaded) for q in squares)}
    assert solutions(f, list(s.var.values())) == want


@settings(max_examples=40, deadline=None)
@given(board=boards(), shaded=st.booleans(), data=st.data())
def test_no_square_with_settled_cells(board, shaded, data):
    """Blocks holding a cell settled to the other colour are left out: with
    those cells of the other colour (unit clauses), the same shadings as
    the full rule, and no clause names a settled cell."""
    grid, cells = board
    settled = data.draw(st.sets(st.sampled_from(cells), max_size=2))
    f = Formula()
    s = Shading(f, grid, cells)
    s.no_square(shaded, settled=settled)
    named = {abs(x) for clause in f.clauses for x in clause}
    assert not named & {s.var[c] for c in settled}
    f.extend([s.lit(c, not shaded)] for c in settled)
    inside = set(cells)
    squares = [q for q in grid.squares() if set(q) <= inside]
    want = {project(s, sh) for sh in shadings(cells)
            if not any(set(q) <= coloured(cells, sh, shaded) for q in squares)
            and not settled & coloured(cells, sh, shaded)}
    assert solutions(f, list(s.var.values())) == want


def test_no_square_counts_on_3x3():
    """3x3 shadings without a shaded 2x2: 512 minus those with one (4 * 32
    each, overlaps by inclusion-exclusion) = 417."""
    f = Formula()
    s = Shading(f, Grid(3, 3))
    s.no_square()
    assert len(solutions(f, list(s.var.values()))) == 417


# -- connected -------------------------------------------------------------------------
def connected_both_forms(grid, cells, shaded):
    """The projected models of the lazy form, then of the complete form."""
    found = []
    for lazy in (True, False):
        f = Formula()
        s = Shading(f, grid, cells)
        s.connected(shaded, lazy=lazy)
        found.append(solutions(f, list(s.var.values()), cuts=s.cuts))
        if not lazy:
            assert s.cuts(Model(f, [])) == [], "the complete form registers no cut finder"
    return s, found


@settings(max_examples=40, deadline=None)
@given(board=boards(), shaded=st.booleans())
def test_connected(board, shaded):
    grid, cells = board
    s, (lazy, complete) = connected_both_forms(grid, cells, shaded)
    want = {project(s, sh) for sh in shadings(cells)
            if len(areas_of(grid, cells, coloured(cells, sh, shaded))) <= 1}
    assert lazy == want
    assert complete == want


@pytest.mark.parametrize("rows, cols, nonempty", [(3, 3, 218), (2, 4, 108), (3, 4, 1126)])
def test_connected_counts(rows, cols, nonempty):
    """Connected induced subgraphs of the grid graph (OEIS A287151; 218 for
    3x3 is A059525), plus the empty shading, which counts as connected."""
    grid = Grid(rows, cols)
    _, (lazy, complete) = connected_both_forms(grid, grid.cells, True)
    assert len(lazy) == len(complete) == nonempty + 1


# -- areas grown from clues ---------------------------------------------------------
@st.composite
def clued_boards(draw):
    grid, cells = draw(boards(holes=draw(st.booleans())))
    where = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=3, unique=True))
    clues = {p: draw(st.one_of(st.none(), st.integers(1, 5))) for p in where}
    behind = draw(st.lists(st.booleans(), min_size=len(where), max_size=len(where)))
    return grid, cells, clues, [p for p, b in zip(where, behind) if b]


#: The forms of ``Shading.areas``: lazy, with distances (and every count
#: added late, at a clue's first or second wrong-sized area), complete.
AREA_FORMS = (dict(lazy=True), dict(lazy=True, distances=True),
              dict(lazy=True, distances=True, eager_count=0, count_after=1),
              dict(lazy=True, distances=True, eager_count=0, count_after=2),
              dict(lazy=False))


def areas_both_forms(grid, cells, clues, behind, shaded):
    """The projected models of every form in :data:`AREA_FORMS`, and the
    Shading and selectors of the last one built."""
    found = []
    for form in AREA_FORMS:
        f = Formula()
        s = Shading(f, grid, cells)
        sel = {p: f.var("sel", *p) for p in behind}
        s.areas(clues, sel, shaded=shaded, **form)
        found.append(solutions(f, list(s.var.values()) + list(sel.values()), cuts=s.cuts))
    return s, sel, found


def brute_areas(s, sel, grid, cells, clues, shaded, extra=lambda sh: True):
    fixed = [p for p in clues if p not in sel]
    want = set()
    for chosen in itertools.chain.from_iterable(
            itertools.combinations(list(sel), k) for k in range(len(sel) + 1)):
        selected = set(fixed) | set(chosen)
        for sh in shadings(cells):
            if obeys_areas(grid, cells, sh, clues, selected, shaded) and extra(sh):
                want.add(project(s, sh, [sel[p] for p in chosen]))
    return want


@settings(max_examples=80, deadline=None)
@given(board=clued_boards(), shaded=st.booleans())
def test_areas(board, shaded):
    grid, cells, clues, behind = board
    s, sel, found = areas_both_forms(grid, cells, clues, behind, shaded)
    want = brute_areas(s, sel, grid, cells, clues, shaded)
    assert found == [want] * len(AREA_FORMS)


@pytest.mark.parametrize("lazy", [True, False])
def test_nurikabe_on_a_4x4(lazy):
    """A small Nurikabe (islands, a connected sea, no 2x2 sea): unique,
    with the sea where the picture says (found by brute force over the
    65536 shadings with networkx, outside this test)."""
    grid = Grid(4, 4)
    f = Formula()
    s = Shading(f, grid)
    s.areas({(0, 0): 2, (2, 1): 1, (3, 3): 3}, lazy=lazy)
    s.connected(lazy=lazy)
    s.no_square()
    got = solutions(f, list(s.var.values()), cuts=s.cuts)
    sea = """
        . . # #
        # # # .
        # . # .
        # # # .
    """.split()
    want = {(r, c) for r in range(4) for c in range(4) if sea[4 * r + c] == "#"}
    assert got == {project(s, want)}


@settings(max_examples=25, deadline=None)
@given(board=clued_boards())
def test_nurikabe_rules_together(board):
    """Areas, a connected sea and no 2x2 sea against brute force, each
    global rule lazy or complete, the areas in every form of
    :data:`AREA_FORMS` (all ten mixtures)."""
    grid, cells, clues, behind = board
    found = []
    for form, sea_lazy in itertools.product(AREA_FORMS, (True, False)):
        f = Formula()
        s = Shading(f, grid, cells)
        sel = {p: f.var("sel", *p) for p in behind}
        s.areas(clues, sel, **form)
        s.connected(lazy=sea_lazy)
        s.no_square()
        found.append(solutions(f, list(s.var.values()) + list(sel.values()), cuts=s.cuts))
    squares = [q for q in grid.squares() if set(q) <= set(cells)]

    def sea_ok(sh):
        return (len(areas_of(grid, cells, sh)) <= 1
                and not any(set(q) <= sh for q in squares))

    want = brute_areas(s, sel, grid, cells, clues, False, sea_ok)
    assert found == [want] * 2 * len(AREA_FORMS)


def test_area_cuts_name_the_area_that_is_wrong():
    """The four kinds of cut on a 1x5 strip, each violated by the model."""
    f = Formula()
    s = Shading(f, Grid(1, 5))
    x = [s.var[(0, c)] for c in range(5)]
    model = Model(f, [x[2]])  # areas {0, 1} and {3, 4}
    assert s.area_cuts(model, {(0, 0): 2, (0, 4): 2}) == []
    # no clue in {3, 4}, and none reaches (0, 3): it is shaded
    assert s.area_cuts(model, {(0, 0): 2}) == [[x[3]]]
    # {0, 1} too small for 4: (0, 2) unshaded; {3, 4} clueless: (0, 3)
    # shaded or (0, 2), which the clue reaches too, unshaded
    assert s.area_cuts(model, {(0, 0): 4}) == [[-x[2]], [x[3], -x[2]]]
    # a clue behind a selector: deselected, {0, 1} holds no clue
    sel = f.var("sel")
    assert s.area_cuts(model, {(0, 0): 2, (0, 4): 2}, {(0, 0): sel}) == [[x[0], sel]]
    # two clues in {0, 1}: one of the path's inner cells (none here) shaded
    assert s.area_cuts(model, {(0, 0): 2, (0, 1): 1, (0, 4): 2}) == [[]]
    # too large: the first three cells from the clue
    assert s.area_cuts(Model(f, []), {(0, 0): 2}) == [[x[1], x[2]]]
    # too small: the border cell unshaded
    assert s.area_cuts(model, {(0, 0): 3, (0, 4): 2}) == [[-x[2]]]
    # the cuts all hold for the one solution of that last clue set
    solution = Model(f, [x[3]])
    assert s.area_cuts(solution, {(0, 0): 3, (0, 4): 1}) == []


def test_areas_refuse_bad_clues():
    s = Shading(Formula(), Grid(2, 2), cells=[(0, 0), (0, 1)])
    with pytest.raises(ValueError):
        s.areas({(1, 1): 2})
    with pytest.raises(ValueError):
        s.areas({(0, 0): 0})


def test_counts_added_late():
    """A clue above ``eager_count`` starts uncounted; its "at most" joins the
    formula at the ``count_after``-th model whose area is too large, once."""
    f = Formula()
    s = Shading(f, Grid(2, 3))
    s.areas({(0, 0): 2}, distances=True, eager_count=0, count_after=2)
    # one clue: its labels are its cells' own literals (merged), no label variable
    assert not [x for x in range(1, f.num_vars + 1) if f.name(x).startswith("unshaded.area(")]
    labels = [s.lit(c, shaded=False) for c in ((0, 0), (0, 1), (1, 0))]  # and its neighbours

    def allows_three() -> bool:
        with Solver(name="cadical195", bootstrap_with=f.clauses) as solver:
            return solver.solve(assumptions=labels)

    three = Model(f, [])  # every cell white, three labelled: too large
    assert allows_three()
    sizes = []
    for _ in range(3):
        assert s.cuts(three)
        sizes.append(len(f.clauses))
    assert sizes[0] < sizes[1] == sizes[2]  # added at the second, never again
    assert not allows_three()

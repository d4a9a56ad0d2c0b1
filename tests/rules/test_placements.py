"""satlink.rules.placements against brute force.

Placements are compared with every translation of every image of the shapes
under the eight symmetries of the square, filtered cell by cell. The rules
of :class:`Cover` are compared, on boards of at most twelve cells, with
every shading (or every set of disjoint placements) checked directly: the
models of the clauses, projected on the cell variables (and the placement
variables), must be exactly those that obey the rule, once each.
"""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.formula import Formula
from satlink.rules.grid import Grid
from satlink.rules.dominoes import dominoes
from satlink.rules.placement_cover import Cover
from satlink.rules.placements import pieces, placements
from satlink.rules.region_pieces import RegionsConnected, one_per_region, edges_between_regions
from satlink.rules.shapes import DOMINO, TETROMINOES, free_polyominoes, line, normalise
from tests.rules.enumerate import solutions
from tests.rules.test_shapes import ROTATIONS, SYMMETRIES, apply

BOARDS = [(1, 4), (2, 2), (2, 3), (3, 3), (2, 4), (2, 5), (3, 4), (4, 3)]
SMALL = [s for n in (1, 2, 3) for s in free_polyominoes(n)]   # 4 free shapes


# -- the rules, written directly ------------------------------------------------------
def images(shape, rotate: bool, reflect: bool) -> set[frozenset]:
    matrices = (SYMMETRIES if reflect else ROTATIONS) if rotate else [((1, 0), (0, 1))]
    return {frozenset(normalise(apply(m, shape))) for m in matrices}


def naive(grid: Grid, shapes: dict, rotate=True, reflect=True, allowed=None, halo_free=(),
          diagonal=True) -> set[tuple]:
    """(label, cells) of every placement, checked cell by cell; ``allowed(k)``
    is where the k-th smallest cell of a placement may lie."""
    out = set()
    for label, shape in shapes.items():
        for image in images(shape, rotate, reflect):
            for dr in range(-grid.rows, grid.rows):
                for dc in range(-grid.cols, grid.cols):
                    cells = sorted((r + dr, c + dc) for r, c in image)
                    if not all(grid.inside(x) for x in cells):
                        continue
                    if allowed is not None and not all(x in allowed(k)
                                                       for k, x in enumerate(cells)):
                        continue
                    if set(halo(grid, cells, diagonal)) & set(halo_free):
                        continue
                    out.add((label, frozenset(cells)))
    return out


def halo(grid: Grid, cells, diagonal: bool) -> set:
    own = set(cells)
    return {(r, c) for r, c in grid.cells if (r, c) not in own and any(
        (max(abs(r - a), abs(c - b)) == 1) if diagonal else (abs(r - a) + abs(c - b) == 1)
        for a, b in own)}


def components(cells, diagonal: bool) -> list[set]:
    steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if diagonal else [])
    g = nx.Graph()
    g.add_nodes_from(cells)
    g.add_edges_from((a, b) for a in cells for dr, dc in steps
                     if (b := (a[0] + dr, a[1] + dc)) in cells)
    return [set(c) for c in nx.connected_components(g)]


def shadings(cells):
    for bits in itertools.product((False, True), repeat=len(cells)):
        yield {c for c, b in zip(cells, bits) if b}


def disjoint_sets(ps):
    """Every set of pairwise disjoint placements (indices into ``ps``)."""
    out = []

    def grow(i, chosen, used):
        if i == len(ps):
            out.append(tuple(chosen))
            return
        grow(i + 1, chosen, used)
        if not used & set(ps[i].cells):
            grow(i + 1, chosen + [i], used | set(ps[i].cells))
    grow(0, [], set())
    return out


def touch(a, b) -> bool:
    return any(abs(x[0] - y[0]) + abs(x[1] - y[1]) == 1 for x in a for y in b)


# -- strategies ---------------------------------------------------------------------------
@st.composite
def shape_sets(draw, max_shapes=3):
    """Up to three distinct free shapes of at most three cells, labelled 0, 1, 2."""
    chosen = draw(st.lists(st.sampled_from(SMALL), min_size=1, max_size=max_shapes,
                           unique=True))
    return dict(enumerate(chosen))


@st.composite
def region_maps(draw, grid: Grid):
    """A division of the board into connected regions (drawn colours, split
    into their connected parts)."""
    colour = {c: draw(st.integers(0, 3)) for c in grid.cells}
    g = nx.Graph()
    g.add_nodes_from(grid.cells)
    g.add_edges_from((a, b) for a, b in grid.cell_edges() if colour[a] == colour[b])
    return [sorted(r) for r in sorted(nx.connected_components(g), key=min)]


# -- placements -------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(board=st.sampled_from(BOARDS + [(5, 5), (4, 6)]), shapes=shape_sets(),
       rotate=st.booleans(), reflect=st.booleans(), diagonal=st.booleans(), data=st.data())
def test_placements_against_every_translation(board, shapes, rotate, reflect, diagonal, data):
    grid = Grid(*board)
    cells = st.sets(st.sampled_from(grid.cells))
    mode = data.draw(st.sampled_from(["all", "set", "per-cell"]))
    sets = [data.draw(cells), data.draw(cells)]
    halo_free = data.draw(st.sets(st.sampled_from(grid.cells), max_size=3))
    allowed = {"all": None, "set": sets[0], "per-cell": lambda piece, k: sets[k % 2]}[mode]
    oracle = {"all": None, "set": lambda k: sets[0], "per-cell": lambda k: sets[k % 2]}[mode]
    got = placements(grid, pieces(shapes, rotate, reflect), allowed, halo_free, diagonal)
    assert {(p.label, frozenset(p.cells)) for p in got} == \
        naive(grid, shapes, rotate, reflect, oracle, halo_free, diagonal)
    assert len(set(got)) == len(got)
    order = [(list(shapes).index(p.label), p.piece.turn, p.origin) for p in got]
    assert order == sorted(order)
    for p in got:
        assert normalise(p.cells) == p.piece.shape and list(p.cells) == sorted(p.cells)
        for diag in (False, True):
            assert p.halo(grid, diag) == sorted(halo(grid, p.cells, diag))


def test_keep_and_pieces():
    grid = Grid(3, 3)
    ps = pieces({"I": line(3)})
    assert [p.turn for p in ps] == [0, 1] and ps[0].around[0] == (-1, -1)
    kept = placements(grid, ps, keep=lambda p: p.origin[0] == 0)
    assert [p.cells for p in kept] == [((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0)),
                                       ((0, 1), (1, 1), (2, 1)), ((0, 2), (1, 2), (2, 2))]
    assert placements(Grid(2, 2), ps) == []
    assert kept[0] == placements(grid, ps)[0] and hash(kept[0]) == hash(placements(grid, ps)[0])


# -- cover rules ---------------------------------------------------------------------------
def setup(board, shapes, reflect=True):
    grid = Grid(*board)
    f = Formula()
    x = {c: f.var("x", *c) for c in grid.cells}
    ps = placements(grid, pieces(shapes, reflect=reflect))
    return grid, f, x, ps, Cover(f, ps)


def fixed_shapes(shapes, reflect=True):
    return {lab: images(s, True, reflect) for lab, s in shapes.items()}


@settings(max_examples=40, deadline=None)
@given(board=st.sampled_from(BOARDS), shapes=shape_sets(), reflect=st.booleans())
def test_shaded_areas_are_shapes(board, shapes, reflect):
    """fill (exact) + orthogonal halo: every shaded area is one of the
    shapes (Norinori with dominoes)."""
    grid, f, x, ps, cover = setup(board, shapes, reflect)
    cover.fill(x, grid.cells)
    cover.halo(x, grid, diagonal=False)
    forms = set().union(*fixed_shapes(shapes, reflect).values())
    want = {frozenset(x[c] for c in sh) for sh in shadings(grid.cells)
            if all(frozenset(normalise(a)) in forms for a in components(sh, False))}
    got = solutions(f, list(x.values()))
    assert got == want
    assert len(solutions(f, list(x.values()) + list(cover.var.values()))) == len(want)


@settings(max_examples=40, deadline=None)
@given(board=st.sampled_from(BOARDS[:6]), shapes=shape_sets(), data=st.data())
def test_fleet_that_never_touches(board, shapes, data):
    """fill (not exact) + diagonal halo + a count per label: Battleship."""
    grid, f, x, ps, cover = setup(board, shapes)
    fleet = {lab: data.draw(st.integers(0, 2)) for lab in shapes}
    cover.fill(x, grid.cells, exact=False)
    cover.halo(x, grid, diagonal=True)
    by_label = cover.labels()
    for lab, n in fleet.items():
        f.exactly(by_label.get(lab, []), n)
    forms = fixed_shapes(shapes)

    def ok(sh):
        kinds = []
        for a in components(sh, True):
            lab = [lab for lab, fs in forms.items() if frozenset(normalise(a)) in fs]
            if not lab:
                return False
            kinds += lab
        return all(kinds.count(lab) == n for lab, n in fleet.items())
    want = {frozenset(x[c] for c in sh) for sh in shadings(grid.cells) if ok(sh)}
    assert solutions(f, list(x.values())) == want
    assert len(solutions(f, list(x.values()) + list(cover.var.values()))) == len(want)


@settings(max_examples=60, deadline=None)
@given(board=st.sampled_from(BOARDS[:6] + [(3, 4), (4, 3)]),
       lengths=st.sets(st.integers(1, 3), min_size=1), data=st.data())
def test_lines_apart(board, lengths, data):
    """fill (not exact) + apart + a count per label, with some cells known
    empty (no literal, no placement on them): Battleship's fleet of lines, the
    same shadings as the diagonal halo, each with one set of placements."""
    grid = Grid(*board)
    empty = data.draw(st.sets(st.sampled_from(grid.cells), max_size=3))
    fleet = {n: data.draw(st.integers(0, 2)) for n in sorted(lengths, reverse=True)}
    f = Formula()
    x = {c: f.var("x", *c) for c in grid.cells if c not in empty}
    cover = Cover(f, placements(grid, pieces({n: line(n) for n in fleet}), allowed=set(x)))
    cover.fill(x, x, exact=False)
    cover.apart(x, grid)
    by_label = cover.labels()
    for n, k in fleet.items():
        f.exactly(by_label.get(n, []), k)

    def ok(sh):
        parts = components(sh, True)
        lines = [a for a in parts if len({r for r, _ in a}) == 1 or len({c for _, c in a}) == 1]
        return len(lines) == len(parts) and all(
            sum(len(a) == n for a in parts) == k for n, k in fleet.items()) and \
            len(parts) == sum(fleet.values())
    want = {frozenset(x[c] for c in sh) for sh in shadings(sorted(x)) if ok(sh)}
    assert solutions(f, list(x.values())) == want
    assert len(solutions(f, list(x.values()) + list(cover.var.values()))) == len(want)


def test_apart_needs_lines():
    f, grid = Formula(), Grid(3, 3)
    x = {c: f.var("x", *c) for c in grid.cells}
    cover = Cover(f, placements(grid, pieces({"L": ((0, 0), (1, 0), (1, 1))})))
    with pytest.raises(ValueError, match="not straight"):
        cover.apart(x, grid)


@settings(max_examples=40, deadline=None)
@given(board=st.sampled_from(BOARDS[:5]), shapes=shape_sets(), never_touch=st.booleans())
def test_exact_cover_and_equal_never_touch(board, shapes, never_touch):
    """fill (exact), no halo: the chosen placements are any pairwise disjoint
    set; with equal_never_touch, no two of one label share an edge."""
    grid, f, x, ps, cover = setup(board, shapes)
    cover.fill(x, grid.cells)
    if never_touch:
        cover.equal_never_touch(grid)
    want = set()
    for chosen in disjoint_sets(ps):
        if never_touch and any(ps[i].label == ps[j].label and touch(ps[i].cells, ps[j].cells)
                               for i, j in itertools.combinations(chosen, 2)):
            continue
        want.add(frozenset([cover.var[ps[i]] for i in chosen]
                           + [x[c] for i in chosen for c in ps[i].cells]))
    assert solutions(f, list(cover.var.values()) + list(x.values())) == want


def tilings(grid: Grid, ps) -> int:
    return sum(1 for chosen in disjoint_sets(ps)
               if sum(len(ps[i].cells) for i in chosen) == len(grid.cells))


@pytest.mark.parametrize("board, shapes, known", [
    ((2, 6), {"d": DOMINO}, 13),                  # Fibonacci
    ((3, 4), {"d": DOMINO}, 11),
    ((4, 4), {"d": DOMINO}, 36),
    ((2, 3), {"L": free_polyominoes(3)[1]}, 2),
    ((3, 3), {"I": line(3)}, 2),
    ((4, 4), {"T": TETROMINOES["T"]}, 2),
])
def test_tiling_counts(board, shapes, known):
    grid, f, x, ps, cover = setup(board, shapes)
    cover.exactly_one_per_cell(grid.cells)
    assert len(solutions(f, list(cover.var.values()))) == known == tilings(grid, ps)


@settings(max_examples=60, deadline=None)
@given(board=st.sampled_from(BOARDS), shapes=shape_sets(), never_touch=st.booleans(),
       data=st.data())
def test_one_per_region(board, shapes, never_touch, data):
    """Each region's shaded cells are one of the shapes (LITS); with
    equal_never_touch, shaded cells of two regions that share an edge hold
    different shapes."""
    grid = Grid(*board)
    regions = data.draw(region_maps(grid))
    borders_only = data.draw(st.booleans())
    f = Formula()
    x = {c: f.var("x", *c) for c in grid.cells}
    cover = one_per_region(f, grid, regions, pieces(shapes), x)
    if never_touch:
        cover.equal_never_touch(grid, edges=edges_between_regions(grid, regions) if borders_only else None)
    forms = fixed_shapes(shapes)
    region_of = {c: i for i, reg in enumerate(regions) for c in reg}

    def ok(sh):
        kind = {}
        for i, reg in enumerate(regions):
            held = [c for c in reg if c in sh]
            labs = [lab for lab, fs in forms.items() if held and frozenset(normalise(held)) in fs]
            if not labs:
                return False
            kind[i] = labs[0]
        return not never_touch or all(
            kind[region_of[a]] != kind[region_of[b]] for a, b in grid.cell_edges()
            if a in sh and b in sh and region_of[a] != region_of[b])
    want = {frozenset(x[c] for c in sh) for sh in shadings(grid.cells) if ok(sh)}
    assert solutions(f, list(x.values())) == want
    assert len(solutions(f, list(x.values()) + list(cover.var.values()))) == len(want)


def test_one_per_region_allowed_cells():
    """Only allowed cells may be shaded: the L tromino of a 2 x 2 region
    that misses the forbidden corner."""
    grid = Grid(2, 2)
    f = Formula()
    x = {c: f.var("x", *c) for c in grid.cells}
    one_per_region(f, grid, [grid.cells], pieces({"L": free_polyominoes(3)[1]}), x,
                   allowed=set(grid.cells) - {(0, 0)})
    assert solutions(f, list(x.values())) == {frozenset(x[c] for c in grid.cells[1:])}


@settings(max_examples=40, deadline=None)
@given(board=st.sampled_from(BOARDS), holes=st.data())
def test_dominoes(board, holes):
    """Every true cell has one true neighbour: the areas are dominoes, the
    same shadings as fill + orthogonal halo over domino placements."""
    grid = Grid(*board)
    cells = sorted(set(grid.cells) - holes.draw(st.sets(st.sampled_from(grid.cells),
                                                        max_size=2)))
    f = Formula()
    x = {c: f.var("x", *c) for c in cells}
    dominoes(f, grid, x, cells)
    want = {frozenset(x[c] for c in sh) for sh in shadings(cells)
            if all(len(a) == 2 for a in components(sh, False))}
    assert solutions(f, list(x.values())) == want
    g = Formula()
    y = {c: g.var("x", *c) for c in grid.cells}
    cover = Cover(g, placements(grid, pieces({"d": DOMINO}), allowed=cells))
    cover.fill(y, grid.cells)
    cover.halo(y, grid, diagonal=False)
    back = {y[c]: x[c] for c in cells}
    assert {frozenset(back[v] for v in sol)
            for sol in solutions(g, [y[c] for c in cells])} == want


def test_edges_between_regions():
    grid = Grid(2, 3)
    regions = [[(0, 0), (1, 0)], [(0, 1), (0, 2), (1, 1)]]         # (1, 2) in none
    assert edges_between_regions(grid, regions) == [((0, 0), (0, 1)), ((1, 0), (1, 1))]


@settings(max_examples=40, deadline=None)
@given(board=st.sampled_from(BOARDS), shapes=shape_sets(), lazy=st.booleans(), data=st.data())
def test_regions_connected(board, shapes, lazy, data):
    """One shape per region, and the shaded cells connected (LITS): lazy
    (solve, cut, block) and complete forms against networkx."""
    grid = Grid(*board)
    regions = data.draw(region_maps(grid))
    f = Formula()
    x = {c: f.var("x", *c) for c in grid.cells}
    one_per_region(f, grid, regions, pieces(shapes), x)
    rule = RegionsConnected(f, grid, regions, x, lazy=lazy)
    forms = set().union(*fixed_shapes(shapes).values())
    want = {frozenset(x[c] for c in sh) for sh in shadings(grid.cells)
            if all(frozenset(normalise([c for c in reg if c in sh])) in forms
                   for reg in regions if any(c in sh for c in reg))
            and all(any(c in sh for c in reg) for reg in regions)
            and len(components(sh, False)) == 1}
    found: list = []
    assert solutions(f, list(x.values()), cuts=rule.cuts, found_cuts=found) == want
    assert lazy or not found

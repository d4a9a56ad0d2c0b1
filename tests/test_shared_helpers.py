"""Issue 22's shared per-board costs (helper core15): the grid helpers written
for speed agree with their plain definitions, a model read past its end, a
released formula inside a cycle leaves the collector little to scan, and the
collector's pause as a class keeps its promises."""
from __future__ import annotations

import gc
import random

import pytest

from satlink.engine.search import gc_paused
from satlink.formula import Formula
from satlink.model import Model
from satlink.rules.grid import (OPPOSITE, STEPS, WRITTEN, Grid, edge, edges_from_exits, exits,
                                shift)


# -- the grid, against the definitions the fast forms replaced -------------------------

def plain_cells(rows, cols):
    return [(r, c) for r in range(rows) for c in range(cols)]


def plain_cell_edges(rows, cols):
    return ([((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
            + [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)])


def plain_around(g, cell):
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and g.inside((r + dr, c + dc))]


def plain_exits(on, cell):
    return "".join(d for d in WRITTEN if edge(cell, shift(cell, d)) in on)


def plain_edges_from_exits(letters):
    out, bad = set(), []
    for cell, dirs in letters.items():
        for d in dirs:
            other = shift(cell, d)
            if OPPOSITE[d] in letters.get(other, ""):
                out.add(edge(cell, other))
            else:
                bad.append((cell, d))
    return frozenset(out), bad


@pytest.mark.parametrize("rows", range(0, 6))
def test_cells_points_and_edges_are_their_definitions(rows):
    for cols in range(0, 6):
        g = Grid(rows, cols)
        assert g.cells == plain_cells(rows, cols)
        assert g.points == plain_cells(rows + 1, cols + 1)
        assert g.cell_edges() == plain_cell_edges(rows, cols)
        assert g.lattice_edges() == plain_cell_edges(rows + 1, cols + 1)
        for r in range(-2, rows + 2):
            for c in range(-2, cols + 2):
                assert g.around((r, c)) == plain_around(g, (r, c)), (rows, cols, r, c)


def test_exits_and_edges_from_exits_are_their_definitions():
    rng = random.Random(15)
    for _ in range(200):
        g = Grid(rng.randint(1, 6), rng.randint(1, 6))
        edges = g.cell_edges()
        on = frozenset(rng.sample(edges, rng.randint(0, len(edges))))
        for r in range(-1, g.rows + 1):
            for c in range(-1, g.cols + 1):
                assert exits(on, (r, c)) == plain_exits(on, (r, c))
                assert exits(list(on), (r, c)) == plain_exits(on, (r, c))  # any iterable
        # letters as a reader finds them: some ends unmatched, some cells off the board
        letters = {(r, c): "".join(rng.sample("nsew", rng.randint(0, 4)))
                   for r in range(-1, g.rows + 1) for c in range(-1, g.cols + 1)
                   if rng.random() < 0.8}
        assert edges_from_exits(letters) == plain_edges_from_exits(letters)
        written = {c: exits(on, c) for c in g.cells}
        assert edges_from_exits(written) == (on, [])


def test_an_unknown_direction_letter_is_still_an_error():
    with pytest.raises(KeyError):
        edges_from_exits({(0, 0): "x"})
    assert set(STEPS) == set(WRITTEN)


# -- the model past its end ----------------------------------------------------------

def test_a_model_reads_variables_beyond_it_as_false():
    f = Formula()
    xs = [f.var("x", i) for i in range(6)]
    m = Model(f, [1, -2, 3, -4], dense=True)  # the solver knew four of six
    assert [m.value(x) for x in xs] == [True, False, True, False, False, False]
    assert [m.value(-x) for x in xs] == [False, True, False, True, True, True]
    assert m.value(100) is False and m.value(-100) is True


# -- a released formula in a cycle -----------------------------------------------------

class Rule:
    """A rule object as some are: it keeps a closure over itself (a cycle)."""

    def __init__(self, f: Formula) -> None:
        self.f = f
        self.finders = [lambda model: self.f]


def garbage_after_dropping(release: bool) -> int:
    """How many objects the collector finds (and must scan) once a formula of
    2,000 named variables, held in a cycle, is dropped."""
    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        f = Formula()
        f.exactly_one([f.var("x", i, "cell") for i in range(2000)])
        f.declare_answer(range(1, 2001))
        rule = Rule(f)
        if release:
            f.release()
            assert f.num_vars >= 2000 and len(f.answer) == 2000  # kept
            assert not f.has("x", 0, "cell")  # the names are gone
        del f, rule
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found = len(gc.garbage)
        gc.garbage.clear()
        return found
    finally:
        gc.set_debug(0)
        if was:
            gc.enable()


def test_a_released_formula_in_a_cycle_leaves_the_collector_little():
    kept, released = garbage_after_dropping(False), garbage_after_dropping(True)
    assert kept > 2000  # every key and clause waits for the collector
    assert released < 50, released


# -- the collector's pause -------------------------------------------------------------

def test_the_pause_is_a_reusable_context_that_restores_the_collector():
    assert gc.isenabled()
    with gc_paused() as resumes:
        assert resumes is True and not gc.isenabled()
        with gc_paused() as inner:  # nested: the inner one may not resume it
            assert inner is False
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError):
        with gc_paused():
            1 / 0
    assert gc.isenabled()

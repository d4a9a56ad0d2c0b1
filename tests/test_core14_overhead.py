"""The verdict's shared overhead (issue 22): the cycle collector paused for a
search and resumed after it (or past its budget), the formula released at the
end, and the fast paths of Model, Grid.ray and the unguarded counts giving
what the slow ones gave."""
import gc
import itertools
import random
import weakref

import pytest

import satlink
from satlink import engine
import importlib
from satlink.formula import Formula
from satlink.model import Model
from satlink.rules import counts
from satlink.rules.grid import Grid, shift
from tests.helpers import ROOT, load_pzl, stand_in


def lazy_amo():
    """At most one of x0..x3, by cuts only; y0, y1 free: 5 x 4 solutions."""
    def build(f, options):
        f.declare_answer([f.var("x", i) for i in range(4)] + [f.var("y", i) for i in range(2)])

    def cuts(model):
        on = [model.formula.var("x", i) for i in range(4) if model["x", i]]
        return [[-a, -b] for a, b in itertools.combinations(on, 2)]

    def decode(model):
        return tuple(model["x", i] for i in range(4)) + tuple(model["y", i] for i in range(2))

    puzzle = stand_in("amo", build, decode,
                      verify=lambda i, s: [] if sum(s[:4]) <= 1 else ["two on"])
    puzzle.cuts = cuts
    return puzzle


@pytest.mark.parametrize("enabled", [True, False])
def test_a_search_leaves_the_collector_as_it_found_it(enabled):
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        result = engine.search(lazy_amo(), None, limit=100)
        assert result.count == 20
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()


def test_the_collector_is_paused_during_a_search_and_resumed_past_the_budget(monkeypatch):
    seen = []

    def watch(model):  # cuts run inside the search: is the collector on?
        seen.append(gc.isenabled())
        return []

    puzzle = lazy_amo()
    cut = puzzle.cuts
    puzzle.cuts = lambda model: watch(model) or cut(model)
    assert gc.isenabled()
    engine.search(puzzle, None, limit=100)
    assert seen and not any(seen)  # paused throughout: a short search
    seen.clear()
    monkeypatch.setattr(importlib.import_module("satlink.engine.search"), "GC_PAUSE_SECONDS", -1.0)
    engine.search(puzzle, None, limit=100)
    assert seen and all(seen)  # resumed before the first solver call
    assert gc.isenabled()


def test_a_released_formula_is_freed_by_reference_counts():
    """python-sat's pool refers to itself; released, it needs no collector."""
    was = gc.isenabled()
    gc.disable()
    try:
        for release in (False, True):
            f = Formula()
            f.exactly_one([f.var("x", i) for i in range(5)])
            pool = weakref.ref(f.pool)
            if release:
                f.release()
                assert f.clauses is None
            del f
            assert (pool() is None) is release
            gc.collect()
    finally:
        if was:
            gc.enable()


def test_a_search_keeps_its_verdict_and_stats_on_instances():
    for name in ("akari/hand-6x6.pzl", "kuromasu/hand-6x6.pzl"):
        item = load_pzl((ROOT / "instances" / name).read_text())
        result = satlink.solve(item)
        assert result.verdict == "unique"
        assert result.stats.clauses > 0 and result.stats.solve_seconds > 0


def old_value(lits, v):
    a = abs(v)
    t = a <= len(lits) and lits[a - 1] > 0
    return t if v > 0 else not t


def test_model_value_and_block_agree_with_reading_each_variable():
    rng = random.Random(14)
    for _ in range(200):
        f = Formula()
        n = rng.randint(1, 12)
        for i in range(n):
            f.var("v", i)
        lits = [v if rng.random() < 0.5 else -v for v in range(1, n + 1)]
        dense = Model(f, lits, dense=True)
        sparse = Model(f, [x for x in lits if x > 0 and rng.random() < 0.9])
        for m in (dense, sparse):
            raw = m._lits
            for v in range(-n - 3, n + 4):
                if v:
                    assert m.value(v) == old_value(raw, v), (raw, v)
            some = [rng.randint(1, n + 3) for _ in range(rng.randint(0, 8))]
            assert m.block(some) == [-v if m.value(v) else v for v in some]


def test_grid_ray_is_the_walk_of_steps_on_and_off_the_board():
    for rows, cols in itertools.product(range(1, 5), repeat=2):
        g = Grid(rows, cols)
        for r, c, d in itertools.product(range(-2, rows + 2), range(-2, cols + 2), "nesw"):
            walk, cur = [], shift((r, c), d)
            while g.inside(cur):
                walk.append(cur)
                cur = shift(cur, d)
            assert g.ray((r, c), d) == walk
            nxt = shift((r, c), d)
            assert g.step((r, c), d) == (nxt if g.inside(nxt) else None)


@pytest.mark.parametrize("kind", counts.KINDS)
def test_an_unguarded_count_adds_what_the_guarded_path_adds_without_a_guard(kind):
    """The fast path (no selector) and the guarded one, the guard stripped,
    give the same clauses; "not all" too."""
    for n, k in itertools.product(range(0, 6), range(-1, 7)):
        plain, guarded = Formula(), Formula()
        xs = [plain.var("x", i) for i in range(n)]
        assert [guarded.var("x", i) for i in range(n)] == xs
        sel = guarded.var("sel")
        plain.var("sel")
        getattr(counts, kind)(plain, xs, k)
        getattr(counts, kind)(guarded, xs, k, when=sel)
        assert [[-sel, *c] for c in plain.clauses] == guarded.clauses, (n, k)

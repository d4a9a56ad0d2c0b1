"""Tents: brute force (with any subset of the tallies), verify, the janko
slice, files, puzz.link, errors."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import tent as T
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published


# -- the rules, written again over brute force ---------------------------------------------
def brute(inst: T.Instance) -> set[frozenset]:
    """Every set of non-tree cells, as many as trees, that no two touch
    (king moves), that matches the tallies and that pairs up with the trees
    side by side (networkx matching)."""
    trees = set(inst.trees)
    free = [(r, c) for r in range(inst.rows) for c in range(inst.cols) if (r, c) not in trees]
    out = set()
    for tents in itertools.combinations(free, len(trees)):
        if any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
               for a, b in itertools.combinations(tents, 2)):
            continue
        if any(t is not None and sum(c[0] == r for c in tents) != t
               for r, t in enumerate(inst.row_tallies)):
            continue
        if any(t is not None and sum(c[1] == k for c in tents) != t
               for k, t in enumerate(inst.col_tallies)):
            continue
        g = nx.Graph()
        g.add_nodes_from(("t", t) for t in trees)
        g.add_edges_from((("t", t), ("a", a)) for t in trees for a in tents
                         if abs(t[0] - a[0]) + abs(t[1] - a[1]) == 1)
        if len(nx.bipartite.maximum_matching(g, top_nodes=[("t", t) for t in trees])) \
                == 2 * len(trees):
            out.add(frozenset(tents))
    return out


@st.composite
def boards(draw):
    """Boards of at most 12 cells, up to four trees, some tallies shown."""
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 3), (2, 5), (2, 6)]))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    trees = draw(st.sets(st.sampled_from(cells), max_size=4))
    tally = st.one_of(st.none(), st.integers(0, 2))
    return T.Instance(rows, cols, tuple(trees), tuple(draw(tally) for _ in range(rows)),
                      tuple(draw(tally) for _ in range(cols)))


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, boards(), brute,
                                                        examples=60, limit=500)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_fewer_tallies_behind_selectors(inst, data):
    """Tallies switched off by their selectors give the puzzle without them."""
    kept = [c for c in T.clues(inst) if data.draw(st.booleans())]
    fewer = T.GENRE.design.with_clues(inst, kept)
    enc = engine.encode(T.GENRE, inst, Options(clues="selectors"))
    with engine.Session(T.GENRE, enc) as session:
        got = session.solve(fewer, enc.assumptions(kept), limit=1000).solutions  # verified on fewer
    assert set(got) == brute(fewer)


def test_brute_force_has_several_solutions_without_tallies():
    inst = T.Instance(2, 3, ((0, 1),), (None, None), (None, None, None))
    want = brute(inst)
    assert want == {frozenset({(0, 0)}), frozenset({(0, 2)}), frozenset({(1, 1)})}
    assert set(engine.solve(T.GENRE, inst, limit=10).solutions) == want


# -- verify -------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = T.Instance(2, 4, ((0, 0), (0, 3)), (1, 1), (None, 1, 0, 1))
    good = {(0, 1), (1, 3)}
    assert T.verify(inst, good) == []
    assert any("touch" in p for p in T.verify(inst, {(0, 1), (1, 3), (0, 2)}))
    assert any("on a tree" in p for p in T.verify(inst, {(0, 0), (1, 3)}))
    assert any("row 1 has 2 tents" in p for p in T.verify(inst, {(0, 1), (0, 2)}))
    # right counts, but the tent at r2c1 stands beside no tree of its own
    lone = T.Instance(2, 4, ((0, 0), (0, 3)), (None, None), (None,) * 4)
    assert T.verify(lone, {(1, 0), (1, 3)}) == []
    assert any("pair up" in p for p in T.verify(lone, {(1, 1), (1, 3)}))
    assert any("pair up" in p for p in T.verify(lone, {(0, 1)}))


# -- the janko slice -------------------------------------------------------------------------------
@pytest.mark.slow
def test_janko_slice_unique_and_published(datasets):
    assert unique_and_published(T.GENRE, datasets, "Tent") == (142, [])  # all well formed


# -- text, design, puzz.link ----------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_grid_text_round_trip(inst, with_solution):
    sol = frozenset(c for c in inst.grid.cells[1::3] if c not in inst.trees) \
        if with_solution else None
    text = T.GENRE.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert T.GENRE.from_document(doc) == inst
    assert T.GENRE.expected_solution(doc) == sol
    assert T.GENRE.to_pzl(T.GENRE.from_document(doc), sol) == text
    assert T.FORMAT.from_grid_text(split(T.FORMAT.to_grid_text(inst))) == inst


def test_janko_columns_come_first():
    inst = T.GENRE.from_grid_text(split("2 3\n1 0 0\n0 -\nx - -\n- - -\n", "g.txt"))
    assert inst.col_tallies == (1, 0, 0) and inst.row_tallies == (0, None)
    assert inst.trees == ((0, 0),)
    assert T.GENRE.clues(inst) == [("row", 0, 0), ("col", 0, 1), ("col", 1, 0), ("col", 2, 0)]
    assert T.GENRE.design.clue_name(("col", 1, 0)) == "col2"
    res = engine.solve(T.GENRE, inst)
    assert res.verdict == "unique" and res.solutions == [frozenset({(1, 0)})]
    assert T.GENRE.design.clues_of(inst, res.solutions[0]) == [
        ("row", 0, 0), ("row", 1, 1), ("col", 0, 1), ("col", 1, 0), ("col", 2, 0)]


PZPRJS = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/tents.js: the URL, and its accepted answer."""
    genre, inst = puzzlink.decode(PZPRJS)
    assert genre is T.GENRE
    assert inst.col_tallies == (2, None, 0, None, None)
    assert inst.row_tallies == (1, None, None, None, 1)
    assert inst.trees == ((0, 2), (2, 1), (2, 4), (3, 3), (4, 1))
    assert puzzlink.encode(genre, inst) == PZPRJS
    res = engine.solve(genre, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == {(0, 1), (1, 4), (2, 0), (3, 4), (4, 0)}


# -- bad input ----------------------------------------------------------------------------------------
PZL = "puzzle tent\nsize 3 x 1\nrows {}\ncols {}\ngrid\n  {}\n"


@pytest.mark.parametrize("rows, cols, grid, line, col, words", [
    ("1", "? 0 1", "T . .", None, None, None),
    ("1 2", "? 0 1", "T . .", 3, 8, "`rows` has 2 values, the board 1 rows"),
    ("1", "? 0", "T . .", 4, 1, "`cols` has 2 values, the board 3 columns"),
    ("4", "? 0 1", "T . .", 3, 6, "above 3"),
    ("1", "? q 1", "T . .", 4, 8, "`q` in the `cols` line (value 2) is not a tally"),
    ("1", "? 0 2", "T . .", 4, 10, "above 1"),
    ("1", "? 0 1", "T . y", 6, 7, "`y`"),
])
def test_bad_pzl_has_position(rows, cols, grid, line, col, words):
    doc = parse_text(PZL.format(rows, cols, grid), "bad.pzl")
    if words is None:
        assert T.GENRE.from_document(doc).trees == ((0, 0),)
        return
    with pytest.raises(InputError) as exc:
        T.GENRE.from_document(doc)
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message


def test_bad_grid_text_has_position():
    with pytest.raises(InputError) as exc:
        T.GENRE.from_grid_text(split("2 2\n1 1\n", "g.txt"))
    assert "`rows` line" in exc.value.message
    with pytest.raises(InputError) as exc:
        T.GENRE.from_grid_text(split("2 2\n1 1\n1 1 1\nx -\n- -\n", "g.txt"))
    assert (exc.value.pos.line, exc.value.pos.column) == (3, 5)

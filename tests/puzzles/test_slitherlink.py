"""Slitherlink: known counts, brute force, the janko collection, DIMACS, bad input."""
from __future__ import annotations

import itertools
import json
from functools import lru_cache

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.rules import graph_cuts
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.model import Model
from satlink.puzzles import slitherlink as S
from satlink.puzzles._dot_grid import edges_from_inside
from satlink.render import to_text
from satlink.rules.grid import Grid
from satlink.rules.lattice_loop import LatticeLoop
from satlink.rules.side_counts import exactly_small, touch_needed
from tests.helpers import ROOT, dimacs_roundtrip, load_pzl
from tests.puzzles.genre_checks import brute_force_harness, error_at, instances_match_their_solution

INSTANCES = sorted((ROOT / "instances" / "slitherlink").glob("*.pzl"))


def empty(rows, cols):
    return S.Instance(rows, cols, [[None] * cols for _ in range(rows)])


def count(inst, complete=False, limit=10 ** 5):
    res = engine.solve(S.GENRE, inst, limit=limit, complete=complete)
    assert res.complete
    return len(res.solutions)


# -- known counts: OEIS A140517 (simple cycles of the n x n cell grid) -----------------------
@pytest.mark.parametrize("n,expected", [(1, 1), (2, 13), (3, 213)])
def test_empty_board_cycle_counts_both_modes(n, expected):
    assert count(empty(n, n)) == expected
    assert count(empty(n, n), complete=True) == expected


def test_empty_4x4_cycle_count_lazy():
    assert count(empty(4, 4)) == 9349


# -- brute force on tiny boards -----------------------------------------------------------
@lru_cache(maxsize=None)
def all_loops(rows, cols):
    """Every edge subset of the board that is one simple loop, by enumeration:
    every point it touches has two of its edges, and it is connected (networkx;
    not the genre's ``verify``)."""
    edges = Grid(rows, cols).lattice_edges()
    loops = []
    for mask in range(1, 1 << len(edges)):
        chosen = [e for i, e in enumerate(edges) if mask >> i & 1]
        g = nx.Graph(chosen)
        if all(d == 2 for _, d in g.degree) and nx.is_connected(g):
            loops.append(frozenset(chosen))
    return loops


def brute(inst) -> set[frozenset]:
    """The loops of the board whose numbered cells have that many sides on them."""
    grid = Grid(inst.rows, inst.cols)
    clues = [(cell, v) for cell in grid.cells
             if (v := inst.clues[cell[0]][cell[1]]) not in (None, S.UNKNOWN)]
    return {loop for loop in all_loops(inst.rows, inst.cols)
            if all(sum(e in loop for e in grid.sides(cell)) == v for cell, v in clues)}


def test_brute_force_loops_agree_with_oeis():
    assert len(all_loops(2, 2)) == 13


@st.composite
def tiny_boards(draw):
    rows, cols = draw(st.sampled_from([(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 2)]))
    clue = st.one_of(st.none(), st.integers(0, 4), st.just(S.UNKNOWN))
    grid = [[draw(clue) for _ in range(cols)] for _ in range(rows)]
    return S.Instance(rows, cols, grid)


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, tiny_boards(), brute, examples=40)


def test_cuts_never_remove_a_loop():
    """Every cut found while enumerating the 3 x 2 board holds for every loop."""
    inst = empty(2, 3)
    loops = all_loops(2, 3)
    solutions, found, edges = recorded_session_cuts(inst)
    assert set(solutions) == set(loops)
    assert found
    for loop in loops:
        true = {edges[e] for e in loop}
        for clause in found:
            assert any((x > 0) == (abs(x) in true) for x in clause)


def recorded_session_cuts(inst, limit=1000):
    """Enumerate ``inst`` lazily; (solutions, every cut the finder returned, edge vars)."""
    found = []
    enc = engine.encode(S.GENRE, inst)
    orig = enc.cuts

    def recording(model):
        out = orig(model)
        found.extend(out)
        return out

    enc.cuts = recording
    with engine.Session(S.GENRE, enc) as session:
        res = session.solve(inst, limit=limit)
    assert res.complete
    return res.solutions, found, enc.edges


def holds(clause, true_vars) -> bool:
    return any((x > 0) == (abs(x) in true_vars) for x in clause)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_boards())
def test_cuts_with_clues_never_remove_a_solution(inst):
    """The cuts leave out witnesses by the clues; each still holds for every
    loop that obeys the clues (found by enumerating all edge subsets)."""
    solutions, found, edges = recorded_session_cuts(inst)
    expected = brute(inst)
    assert set(solutions) == expected
    for loop in expected:
        true = {edges[e] for e in loop}
        assert all(holds(clause, true) for clause in found)


def test_clues_drop_witnesses():
    """Around the 3s every loop passes, so some cuts have no witness at all:
    "an edge between these two point sets is used"."""
    inst = S.Instance(3, 3, [[3, None, None], [None, None, None], [None, None, 3]])
    solutions, found, edges = recorded_session_cuts(inst)
    assert any(all(x > 0 for x in clause) for clause in found)
    expected = {loop for loop in all_loops_3x3() if not S.verify(inst, loop)}
    assert set(solutions) == expected
    for loop in expected:
        true = {edges[e] for e in loop}
        assert all(holds(clause, true) for clause in found)


@lru_cache(maxsize=None)
def all_loops_3x3():
    """The 213 loops of the empty 3 x 3 board, from the solver (counted against
    OEIS above) and checked by verify."""
    res = engine.solve(S.GENRE, empty(3, 3), limit=1000)
    assert len(res.solutions) == 213
    return tuple(res.solutions)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_touch_needed_is_exact(k):
    """With clue k, every choice of k sides touches each set of `need` corners,
    and some choice misses a set of need - 1 corners."""
    need = touch_needed(k)
    sides = Grid(1, 1).sides((0, 0))
    corners = [(0, 0), (0, 1), (1, 0), (1, 1)]
    choices = [set(p for e in sub for p in e) for sub in itertools.combinations(sides, k)]
    for size in range(5):
        for group in itertools.combinations(corners, size):
            always = all(touched & set(group) for touched in choices)
            if size >= need:
                assert always
            if size == need - 1:
                assert not all(all(touched & set(g) for touched in choices)
                               for g in itertools.combinations(corners, size))
    assert touch_needed(None) == touch_needed(S.UNKNOWN) == touch_needed(0) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_direct_counts_are_exactly_small_and_touch_needed(rows, cols, data):
    """The written-out counts and promises of the direct clues are those of
    :func:`exactly_small` over ``loop.sides`` and ``loop.promise`` with
    :func:`touch_needed`, clue by clue (the same clauses in the same order,
    the same promises for the cut finder); the degree clauses left out are
    each subsumed by a clause kept."""
    grid = data.draw(st.lists(st.lists(st.sampled_from([None, S.UNKNOWN, 0, 1, 2, 3, 4]),
                                       min_size=cols, max_size=cols),
                              min_size=rows, max_size=rows))
    inst = S.Instance(rows, cols, grid)
    enc = S.encode(inst, Formula())
    f = Formula()
    loop = LatticeLoop(inst.grid, f)
    for cell, v in S.clues(inst):
        exactly_small(f, loop.sides(cell), v)
        loop.promise(Grid.corners(cell), touch_needed(v))
    # the same clauses in the same order, less degree clauses that a
    # number's own clause subsumes (and only those: at an inner point)
    got, left = enc.formula.clauses, iter(enc.formula.clauses)
    nxt = next(left, None)
    stated = [set(c) for c in got if len(c) <= 2]
    for clause in f.clauses:
        if clause == nxt:
            nxt = next(left, None)
        else:
            assert len(clause) >= 3 and any(c <= set(clause) for c in stated), clause
    assert nxt is None
    assert (enc.loop._each, enc.loop.promises) == (loop._each, loop.promises)


def test_cuts_fall_back_when_a_point_branches():
    """A candidate that is not degree 0/2 (never produced by the encoding) gets
    the generic cuts of graph_cuts.single_cycle_cuts."""
    inst = empty(2, 3)
    sides = inst.grid.sides
    enc = engine.encode(S.GENRE, inst)
    f, edges = enc.formula, enc.edges
    on = set(sides((0, 0))) | set(sides((1, 2))) | {((0, 1), (0, 2))}
    model = Model(f, [edges[e] for e in on])
    assert enc.cuts(model) == graph_cuts.single_cycle_cuts(edges, model)
    ring = set(sides((0, 0))) | set(sides((1, 2)))
    model = Model(f, [edges[e] for e in ring])
    got = enc.cuts(model)
    assert got and all(not holds(c, {edges[e] for e in ring}) for c in got)
    assert enc.cuts(Model(f, [])) == [list(edges.values())]
    assert enc.cuts(Model(f, [edges[e] for e in sides((1, 1))])) == []


# -- the janko collection ---------------------------------------------------------------------
def test_janko_collection(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Slitherlink.json").read_text())["data"]
    assert len(data) == 236
    published = 0
    for name, entry in data.items():
        inst = S.GENRE.from_grid_text(split(entry["problem"], name))
        res = engine.solve(S.GENRE, inst)
        assert res.solutions, name
        if entry["solution"]:
            published += 1
            assert res.verdict == "unique", name
            assert res.solutions[0] == S.GENRE.solution_from_grid_text(entry["solution"], inst), name
    assert published == 232


# -- files, DIMACS, round trips ------------------------------------------------------------------
test_instances_match_their_solution = instances_match_their_solution(S.verify, INSTANCES)


def test_dimacs_external_janko_board(datasets, tmp_path):
    data = json.loads((datasets / "puzzlekit-dev" / "Slitherlink.json").read_text())["data"]
    entry = data["104_10x10"]
    item = satlink.load_text(entry["problem"], "104.txt", fmt="grid-text",
                             puzzle_type="slitherlink")[0]
    decoded = dimacs_roundtrip(item, "cadical", tmp_path)
    assert not decoded.problems
    assert decoded.solution == S.GENRE.solution_from_grid_text(entry["solution"], item.instance)


@settings(max_examples=40, deadline=None)
@given(tiny_boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sol = None
    if with_solution:
        loops = all_loops(inst.rows, inst.cols)
        sol = loops[len(loops) // 2]
    text = S.GENRE.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert S.GENRE.from_document(doc) == inst
    assert S.GENRE.expected_solution(doc) == sol


def test_solution_json_is_the_loop_in_order():
    item = satlink.load(INSTANCES[0])[0]
    out = satlink.outcome(item)
    pts = [tuple(p) for p in out.solution_json]
    assert len(pts) == len(set(pts)) == len(item.expected)
    steps = {frozenset((pts[i - 1], pts[i])) for i in range(len(pts))}
    assert steps == {frozenset(e) for e in item.expected}


def test_the_text_picture_draws_the_loop():
    item = satlink.load(ROOT / "instances" / "slitherlink" / "small-5x5.pzl")[0]
    assert S.GENRE.draw_text is None  # the terminal picture is the picture's text
    text = S.GENRE.render_text(item.instance, item.expected)
    assert text == to_text(S.picture(item.instance, item.expected))
    assert sum(text.count(ch) for ch in "┌┐└┘") >= 4
    assert "3" in text and "?" in text
    assert "─" not in S.GENRE.render_text(item.instance)


def test_differing_names_edges():
    res = engine.solve(S.GENRE, empty(1, 2), limit=5)
    assert res.verdict == "multiple"
    assert res.differing and all(d[0] in "hv" for d in res.differing)


# -- verify ----------------------------------------------------------------------------------------
def test_verify_rejects_broken_loops():
    inst = S.Instance(1, 2, [[3, None]])
    square = frozenset(inst.grid.sides((0, 0)))
    both = frozenset(edges_from_inside([[True, True]]))
    assert S.verify(inst, both) == []
    assert any("shows 3" in p for p in S.verify(inst, square))
    two = S.Instance(1, 3, [[None] * 3])
    apart = square | frozenset(two.grid.sides((0, 2)))
    assert any("separate" in p for p in S.verify(two, apart))
    assert any("ends" in p for p in S.verify(inst, both - {((0, 0), (0, 1))}))
    assert S.verify(inst, frozenset()) == ["there is no loop"]
    for bad in [((0, 2), (0, 3)), ((0, 1), (0, 0)), ((0, 0), (2, 0)), ((1, 0), (2, 0)), "ab",
                ((0, 0.5), (0, 1.5))]:
        assert "is not allowed" in S.verify(inst, both | {bad})[0], bad
    assert all(inst.grid.is_lattice_edge(e) for e in inst.grid.lattice_edges())


# -- bad input --------------------------------------------------------------------------------------
def pzl(grid_lines, size="3 x 2"):
    return "puzzle slitherlink\nsize " + size + "\ngrid\n" + "".join(f"  {g}\n" for g in grid_lines)


@pytest.mark.parametrize("text,line,col,words", [
    (pzl([". 5 .", ". . ."]), 4, 5, "above 4"),
    (pzl([". 1 .", ". . . 2"]), 5, 9, "row 2 has 4 cells"),
    (pzl([". 1 .", ". a ."]), 5, 5, "`a`"),
    (pzl([". 1 ."]), 4, 3, "1 rows"),
    (pzl([". 1 .", ". . ."], size="three"), 2, 1, "size"),
    ("puzzle slitherlink\nsize 2 x 1\ncolour red\ngrid\n  . .\n", 3, 1, "colour"),
])
def test_bad_pzl_has_position(text, line, col, words):
    with pytest.raises(InputError) as exc:
        load_pzl(text)
    err = exc.value
    assert words in str(err)
    assert (err.pos.line, err.pos.column) == (line, col)


@pytest.mark.parametrize("text,line,col,words", [
    ("2 3\n1 - 7\n- - -\n", 2, 5, "above 4"),
    ("2 3\n1 - 2\n- -\n", 3, 3, "row 2 has 2 cells"),
    ("2 3\n1 - 2\n- x -\n", 3, 3, "`x`"),
])
def test_bad_grid_text_has_position(text, line, col, words):
    got = error_at(text, "slitherlink")
    assert got[:2] == (line, col) and words in got[2]


def test_superscript_clue_is_an_input_error():
    """Found by tests/test_fuzz.py: `str.isdigit` accepts `²`, int() refused it."""
    with pytest.raises(InputError) as exc:
        satlink.load_text("puzzle slitherlink\nsize 2\ngrid\n  \u00b2 .\n  . .\n", "s.pzl")
    assert (exc.value.pos.line, exc.value.pos.column) == (4, 3)

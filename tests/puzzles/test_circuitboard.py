"""Circuit Board: parsing and its errors (with positions), verify, solution
counts against networkx's spanning-tree enumeration (lazy, complete and
selector modes), the shortest-path variant against brute force (least
length, its proof, the verdict at that length), output."""
from __future__ import annotations

import itertools
import subprocess
import sys

import networkx as nx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from satlink import contract, engine
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import circuitboard as cb
from satlink.rules.grid import Grid, edge
from tests.helpers import ROOT
from tests.puzzles.genre_checks import brute_force_harness

SHORTEST = ROOT / "instances" / "circuitboard" / "shortest" / "shortest-6x6.pzl"


def read(text: str, name: str = "t.pzl") -> cb.Instance:
    return cb.from_document(parse_text(text, name))


def pzl(grid: str, wires: str | None = None, size: str | None = None) -> str:
    rows = [r.split() for r in grid.strip().splitlines()]
    size = size or f"{len(rows[0])} x {len(rows)}"
    wires = wires or "\n".join(" ".join("." for _ in r) for r in rows)
    body = "\n".join("  " + " ".join(r) for r in rows)
    wbody = "\n".join("  " + line.strip() for line in wires.strip().splitlines())
    return f"puzzle circuitboard\nsize {size}\ngrid\n{body}\nwires\n{wbody}\n"


def brute(inst: cb.Instance) -> set[frozenset]:
    """Every spanning tree of the points (networkx) with degrees 1 or 3
    holding every given wire."""
    g = nx.Graph(list(inst.edges))
    g.add_nodes_from(inst.points)
    if not nx.is_connected(g):
        return set()
    out = set()
    for t in nx.SpanningTreeIterator(g):
        wires = frozenset(edge(a, b) for a, b in t.edges)
        if all(d in (1, 3) for _, d in t.degree) and set(inst.given) <= wires:
            out.add(wires)
    return out


def all_solutions(inst, **options) -> set:
    enc = engine.encode(cb.GENRE, inst, Options(**options))
    assumptions = enc.assumptions(cb.clues(inst)) if enc.options.clues == "selectors" else []
    with engine.Session(cb.GENRE, enc) as session:
        result = session.solve(inst, assumptions, limit=10 ** 6)
    assert result.complete
    assert len(set(result.solutions)) == len(result.solutions)
    return set(result.solutions)


# -- small boards -------------------------------------------------------------------------------
@st.composite
def boards(draw, ends=False):
    """Boards up to 4 x 4 with at most 12 points (networkx lists their trees),
    a few given wires (a forest), and for ``ends`` two marked points."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cells = Grid(rows, cols).cells
    blocked = draw(st.sets(st.sampled_from(cells), max_size=len(cells)))
    points = [c for c in cells if c not in blocked]
    assume(2 <= len(points) <= 12)
    possible = [e for e in Grid(rows, cols).cell_edges() if e[0] in points and e[1] in points]
    chosen = draw(st.lists(st.sampled_from(possible), unique=True, max_size=3)) if possible else []
    g = nx.Graph(chosen)
    assume(nx.is_forest(g) if chosen else True)
    pair = draw(st.sampled_from(list(itertools.permutations(points, 2)))) if ends else None
    try:
        return cb.Instance(rows, cols, frozenset(blocked), tuple(chosen), pair)
    except InputError:
        assume(False)


test_modes_agree_with_brute_force = brute_force_harness(cb.GENRE, boards(), brute, examples=40)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards())
def test_counts_equal_brute_force_in_every_mode(inst):
    want = brute(inst)
    assert all_solutions(inst) == want
    assert all_solutions(inst, complete=True) == want
    assert all_solutions(inst, clues="selectors") == want
    assert all_solutions(inst, settings={"acyclic": "cycles"}) == want


def test_brute_force_and_engine_find_trees_on_some_small_boards():
    """The property above is not vacuous: these boards have 2, 1 and 1 trees."""
    counts = []
    for blocked in ([(0, 0), (1, 0)], [(0, 0), (2, 3)], [(0, 1), (0, 2)]):
        inst = cb.Instance(3, 4, frozenset(blocked))
        want = brute(inst)
        assert all_solutions(inst) == want
        counts.append(len(want))
    assert counts == [2, 1, 1]


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(ends=True))
def test_shortest_path_against_brute_force(inst):
    trees = brute(inst)
    got = engine.solve(cb.GENRE, inst, limit=2)
    if not trees:
        assert got.verdict == "none" and got.objective is None
        return
    length = {t: nx.shortest_path_length(nx.Graph(list(t)), *inst.ends) for t in trees}
    least = min(length.values())
    best = {t for t, d in length.items() if d == least}
    assert got.objective == least
    assert set(got.solutions) <= best
    assert got.verdict == ("unique" if len(best) == 1 else "multiple")
    assert got.descent[-1] == least and got.descent == sorted(got.descent, reverse=True)
    # the proof: with "length <= least - 1" the formula has no solution
    enc = cb.encode(inst, Formula(), Options())
    bound = cb.GENRE.objective.bound
    with engine.Session(cb.GENRE, enc) as session:
        assert session.solve(inst, bound(enc, least - 1), limit=1).verdict == "none"
        assert session.solve(inst, bound(enc, least), limit=10 ** 6).count == len(best)


def test_shortest_instance_file():
    inst = read(SHORTEST.read_text(), str(SHORTEST))
    expected = cb.expected_solution(parse_text(SHORTEST.read_text(), str(SHORTEST)), inst)
    every = all_solutions(inst)  # every valid tree (too many spanning trees for networkx here)
    lengths = sorted(cb.solution_json(inst, t)["length"] for t in every)
    assert lengths == [6, 8, 8, 8, 8, 10, 10]  # as the file's comment says
    got = engine.solve(cb.GENRE, inst, limit=2)
    assert got.objective == 6
    assert got.verdict == "unique" and got.solutions == [expected]
    assert cb.solution_json(inst, expected)["length"] == 6


def test_only_boards_with_ends_optimise():
    plain = cb.Instance(2, 3, frozenset({(1, 0), (1, 2)}))
    ends = cb.Instance(2, 3, frozenset({(1, 0), (1, 2)}), (), ((0, 0), (1, 1)))
    assert contract.objective_of(cb.GENRE, plain) is None
    assert contract.objective_of(cb.GENRE, ends) is cb.GENRE.objective
    result = engine.solve(cb.GENRE, ends)
    assert result.verdict == "unique" and result.objective == 2


# -- the 10 x 10 board and other bad input -------------------------------------------------------
def test_full_10x10_board_is_refused_by_parity(tmp_path):
    text = pzl("\n".join(" ".join("." * 10) for _ in range(10)))
    with pytest.raises(InputError, match="50 and 50") as err:
        read(text, "full.pzl")
    assert err.value.pos.line == 2 and err.value.pos.column == 1
    path = tmp_path / "full.pzl"
    path.write_text(text)
    proc = subprocess.run([sys.executable, "-m", "satlink", "solve", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 4
    assert f"{path}:2:1: error:" in proc.stderr and "Traceback" not in proc.stderr


def test_an_open_10x10_board_with_two_cells_out_has_a_tree():
    """Without givens the open board (49 points of each colour) is solved at
    once (the naive prototype found no tree in 60 s)."""
    inst = cb.Instance(10, 10, frozenset({(4, 4), (4, 5)}))
    result = engine.solve(cb.GENRE, inst, limit=1, timeout=20)
    assert result.verdict == "solved" and cb.verify(inst, result.solutions[0]) == []


@pytest.mark.parametrize("rows, cols", [(r, c) for r in range(1, 9) for c in range(1, 9)
                                         if r * c > 1])
def test_blank_boards_black_out_cells_on_the_board(rows, cols):
    """A blank board blacks out cells of its own (a one-column board of 4
    rows was given r1c2, off the board, when the columns and rows were
    passed the other way round)."""
    try:
        inst = cb.blank(rows, cols, {})
    except InputError as exc:  # the counting rules refuse it: so do they the transpose
        assert "off the board" not in exc.message
        with pytest.raises(InputError):
            cb.blank(cols, rows, {})
        return
    assert all(0 <= r < rows and 0 <= c < cols for r, c in inst.blocked)
    if min(rows, cols) == 1:  # a line of cells: the same cells either way round
        assert {(c, r) for r, c in inst.blocked} == set(cb.blank(cols, rows, {}).blocked)


#: A board of four points in a T (one point of one colour, three of the other).
T = ". . .\nx . x"


@pytest.mark.parametrize("grid, wires, words, line, column", [
    ("x x\nx x", None, "no points", 2, 1),
    (". . .\nx x x", None, "3 points, an odd number", 2, 1),
    (". x .\n. x .", None, "2 separate groups", 2, 1),
    (". .\n. .", None, "even number of one checkerboard colour", 2, 1),
    (T, "e w .\n. . .", None, None, None),
    (T, ". . e\n. . .", "the wire e of r1c3 leads off the board", 7, 7),
    (T, ". e .\n. . .", "the wire e of r1c2 is not named at r1c3", 7, 5),
    (T, ". . .\n. . n", "a wire is given at r2c3, which is blacked out", 8, 7),
    (". . . .\n. . . .\n. . . .\nx . . x",
     "se sw . .\nne nw . .\n. . . .\n. . . .", "close a loop at r2c1-r2c2", 10, 6),
    ("s . .\nx . x", None, "`s` at r1c1 has no `t`", 4, 3),
    ("s t s\nx . x", None, "a second `s` at r1c3", 4, 7),
    (". q .\nx . x", None, "`q` at row 1, column 2 is not a board cell", 4, 5),
    (T, ". . .\n. nn .", "`nn` at row 2, column 2 is not a point's given wires", 8, 5),
])
def test_bad_boards_name_the_position(grid, wires, words, line, column):
    text = pzl(grid, wires)
    if words is None:
        assert read(text).given == (((0, 0), (0, 1)),)
        return
    with pytest.raises(InputError) as err:
        read(text)
    assert words in err.value.message
    assert (err.value.pos.line, err.value.pos.column) == (line, column), err.value.render()


def test_instance_checks_without_a_file():
    with pytest.raises(InputError, match="not on a point"):
        cb.Instance(2, 3, frozenset({(1, 2), (0, 0)}), (), ((0, 0), (1, 1)))
    with pytest.raises(InputError, match="does not join two adjacent"):
        cb.Instance(2, 3, frozenset({(1, 2), (0, 0)}), (((0, 1), (1, 0)),))
    with pytest.raises(InputError, match="blacked out"):
        cb.Instance(2, 3, frozenset({(1, 2), (0, 0)}), (((0, 0), (0, 1)),))
    with pytest.raises(InputError, match="given twice"):
        cb.Instance(2, 3, frozenset({(1, 2), (0, 0)}), (((0, 1), (0, 2)), ((0, 2), (0, 1))))
    with pytest.raises(InputError, match="outside"):
        cb.Instance(0, 3)


def test_solution_block_errors():
    base = pzl(T)
    with pytest.raises(InputError, match="the wire n of r2c2 is not named at r1c2") as err:
        read(base + "solution\n  e ew w\n  x n x\n")
    assert (err.value.pos.line, err.value.pos.column) == (11, 5)
    doc = parse_text(base + "solution\n  e sew w\n  x n x\n")
    assert cb.expected_solution(doc, read(base)) == frozenset(
        {((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 1), (1, 1))})


# -- verify ------------------------------------------------------------------------------------
def test_verify_names_each_broken_rule():
    inst = cb.Instance(2, 3, frozenset({(1, 2), (1, 0)}), (((0, 0), (0, 1)),))
    good = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 1), (1, 1))})
    assert cb.verify(inst, good) == []
    assert any("r1c3 has 0 wires" in p for p in cb.verify(inst, good - {((0, 1), (0, 2))}))
    assert any("separate pieces" in p for p in cb.verify(inst, good - {((0, 1), (0, 2))}))
    assert any("given wire r1c1-r1c2 is missing" in p
               for p in cb.verify(inst, good - {((0, 0), (0, 1))}))
    assert any("does not join" in p for p in cb.verify(inst, good | {((0, 0), (1, 0))}))
    square = cb.Instance(3, 4, frozenset({(2, 0), (2, 3)}))
    ring = frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))})
    assert any("close a loop" in p for p in cb.verify(square, ring))


# -- text, output -------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(ends=True))
def test_pzl_round_trip(inst):
    text = cb.to_pzl(inst)
    assert read(text) == inst and cb.to_pzl(read(text)) == text
    trees = brute(inst)
    for sol in list(trees)[:2]:
        doc = parse_text(cb.to_pzl(inst, sol))
        assert cb.expected_solution(doc, inst) == sol


def test_output_and_pictures():
    inst = read(SHORTEST.read_text(), str(SHORTEST))
    sol = cb.expected_solution(parse_text(SHORTEST.read_text()), inst)
    data = cb.solution_json(inst, sol)
    assert data["path"][0] == [3, 0] and data["path"][-1] == [2, 5]
    assert len(data["wires"]) == len(inst.points) - 1
    text = cb.GENRE.render_text(inst, sol)
    assert "s" in text and "t" in text and "▓" in text and "┬" in text
    names = cb.cells(inst, sol)
    assert sum(names.values()) == len(sol) and names["r4c1-r5c1"] == 1
    board = cb.picture(inst)
    assert len(board.lines) == len(inst.given) and len(board.shades) == 2

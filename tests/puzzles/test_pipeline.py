"""Pipeline: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import pipeline as P
from satlink.rules.grid import Grid, edge, exits
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error


def all_paths(g: Grid, ends) -> list[frozenset]:
    net = nx.Graph(g.cell_edges())
    return sorted((frozenset(edge(a, b) for a, b in zip(p, p[1:]))
                   for p in nx.all_simple_paths(net, *ends)), key=sorted)


@st.composite
def boards(draw):
    """Two ends and some numbers and pieces read off one of their paths
    (some numbers changed, so that boards without a solution come too)."""
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4)]))
    g = Grid(rows, cols)
    ends = draw(st.lists(st.sampled_from(g.cells), min_size=2, max_size=2, unique=True))
    path = draw(st.sampled_from(all_paths(g, ends)))
    used = {c for e in path for c in e}
    rows_n = tuple(draw(st.sampled_from([None, t, min(t + 1, cols)]))
                   for t in (sum(c in used for c in line) for line in g.rows_of_cells()))
    cols_n = tuple(draw(st.sampled_from([None, sum(c in used for c in line)]))
                   for line in g.cols_of_cells())
    inner = sorted(used - set(ends))
    shown = draw(st.sets(st.sampled_from(inner), max_size=2)) if inner else set()
    pieces = [(c, exits(path, c)) for c in [*ends, *shown]]
    return P.Instance(rows, cols, tuple(pieces), rows_n, cols_n)


def oracle(inst) -> set[frozenset]:
    """networkx's simple paths between the ends that pass the pieces along
    their exits and use as many cells per row and column as numbered."""
    out = set()
    for path in all_paths(inst.grid, inst.ends):
        g = nx.Graph(path)
        if any(set(g[c] if c in g else ()) != {inst.grid.step(c, d) for d in dirs}
               for c, dirs in inst.pieces):
            continue
        if all(n is None or sum(c in g for c in line) == n
               for n, line in [*zip(inst.row_counts, inst.grid.rows_of_cells()),
                               *zip(inst.col_counts, inst.grid.cols_of_cells())]):
            out.add(path)
    return out


test_modes_agree_with_brute_force = brute_force_harness(P.GENRE, boards(), oracle, examples=40)


@st.composite
def numbered_boards(draw):
    """Every line numbered, read off one of the paths between the ends, with
    up to two pieces shown; sometimes one number raised by one (the rows no
    longer add up to the columns). Settled, the formula leaves one count
    out, or says that nothing fits."""
    rows, cols = draw(st.sampled_from([(3, 3), (3, 4), (4, 4)]))
    g = Grid(rows, cols)
    ends = draw(st.lists(st.sampled_from(g.cells), min_size=2, max_size=2, unique=True))
    path = draw(st.sampled_from(all_paths(g, ends)))
    used = {c for e in path for c in e}
    rows_n = [sum(c in used for c in line) for line in g.rows_of_cells()]
    cols_n = [sum(c in used for c in line) for line in g.cols_of_cells()]
    if draw(st.booleans()):
        r = draw(st.sampled_from(range(rows)))
        rows_n[r] = min(rows_n[r] + 1, cols)
    inner = sorted(used - set(ends))
    shown = draw(st.sets(st.sampled_from(inner), max_size=2)) if inner else set()
    pieces = [(c, exits(path, c)) for c in [*ends, *shown]]
    return P.Instance(rows, cols, tuple(pieces), tuple(rows_n), tuple(cols_n))


test_every_line_numbered = brute_force_harness(P.GENRE, numbered_boards(), oracle, examples=30)

BOARD = P.Instance(2, 3, (((0, 0), "e"), ((1, 0), "e")), (None, None), (None, None, None))
U = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 1), (1, 2)),
               ((1, 0), (1, 1))})


def test_verify_names_broken_rules():
    assert P.verify(BOARD, U) == []
    assert P.solution_json(BOARD, U)[0] == [0, 0] and len(P.solution_json(BOARD, U)) == 6
    two = P.Instance(2, 3, BOARD.pieces, (2, None), (None, None, None))
    assert "row 1 shows 2 but the pipe uses 3" in P.verify(two, U)[0]
    bent = P.Instance(2, 3, BOARD.pieces + (((0, 1), "sw"),), (None, None), (None,) * 3)
    assert "runs ew, not sw" in P.verify(bent, U)[0]
    assert any("no path joins" in p for p in P.verify(BOARD, U - {((0, 2), (1, 2))}))


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(P.GENRE, datasets, "Pipeline")
    assert records == 70 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(oracle(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    doc = parse_text(P.GENRE.to_pzl(inst, sol), "rt.pzl")
    assert P.GENRE.from_document(doc) == inst and P.GENRE.expected_solution(doc) == sol


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle pipeline\nsize 2 x 1\nrows 2\ncols 1 1\ngrid\n  e q\n", None, 6, 5, "`q`"),
    ("puzzle pipeline\nsize 2 x 1\nrows 2\ncols 1 1\ngrid\n  e n\n", None, 6, 5, "off the board"),
    ("puzzle pipeline\nsize 2 x 1\nrows 2\ncols 1 1\ngrid\n  e .\n", None, 2, 1, "two ends"),
    ("puzzle pipeline\nsize 3 x 1\nrows 2\ncols 1 1 1\ngrid\n  e w w\n", None, 6, 7, "third end"),
    ("puzzle pipeline\nsize 2 x 1\nrows 2\ncols 1 1\ngrid\n  e w\nsolution\n  . s\n", None, 8, 5,
     "the pipe s of r1c2 leads off the board"),
    ("puzzle pipeline\nsize 3 x 1\nrows 2\ncols 1 1 1\ngrid\n  e . w\nsolution\n  e . w\n", None,
     8, 3, "the pipe e of r1c1 is not named at r1c2 (`w` there)"),
    ("1 2\n1 1\n3\ne w\n", "Pipeline", 3, 1, "number 3 of row 1 is above 2"),
    ("1 2\n1 1 1\n2\ne w\n", "Pipeline", 2, 5, "3 values, the board 2 columns"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

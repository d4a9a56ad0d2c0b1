"""Snake: brute force in every mode, verify, the dev slice, files, errors."""
from __future__ import annotations

from itertools import product

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.puzzles import snake as S
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error


def is_snake(g: Grid, ends, shaded: set) -> bool:
    """The shaded cells form one line between the ends and touch only
    where consecutive: the graph of orthogonal and diagonal contacts among
    them is the path's own (a diagonal contact across a shaded corner is
    allowed), from networkx."""
    if not set(ends) <= shaded:
        return False
    net = nx.Graph()
    net.add_nodes_from(shaded)
    net.add_edges_from((a, b) for a, b in g.cell_edges() if a in shaded and b in shaded)
    if not nx.is_connected(net) or net.number_of_edges() != len(shaded) - 1:
        return False  # a tree: one piece and no cycle
    if any(d > 2 for _, d in net.degree) or any(net.degree(e) != 1 for e in ends):
        return False
    for (r, c) in shaded:
        for dc in (-1, 1):
            if (r + 1, c + dc) in shaded and not ({(r + 1, c), (r, c + dc)} & shaded):
                return False
    return True


def oracle(inst) -> set[frozenset]:
    """Every subset of the cells that is a snake and matches the numbers."""
    g, out = inst.grid, set()
    for bits in product((False, True), repeat=len(g.cells)):
        shaded = {c for c, b in zip(g.cells, bits) if b}
        if all(n is None or sum(c in shaded for c in line) == n
               for n, line in [*zip(inst.row_counts, g.rows_of_cells()),
                               *zip(inst.col_counts, g.cols_of_cells())]) \
                and is_snake(g, inst.ends, shaded):
            out.add(frozenset(shaded))
    return out


@st.composite
def boards(draw):
    """Two ends and some row and column numbers (some off by one, so that
    boards without a solution come too)."""
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 3)]))
    g = Grid(rows, cols)
    ends = draw(st.lists(st.sampled_from(g.cells), min_size=2, max_size=2, unique=True))
    rows_n = tuple(draw(st.sampled_from([None, None, 0, 1, 2, min(3, cols)])) for _ in range(rows))
    cols_n = tuple(draw(st.sampled_from([None, None, 0, 1, 2, min(3, rows)])) for _ in range(cols))
    return S.Instance(rows, cols, tuple(ends), rows_n, cols_n)


test_modes_agree_with_brute_force = brute_force_harness(S.GENRE, boards(), oracle, examples=40)


@st.composite
def numbered_boards(draw):
    """Every line numbered, read off a snake of the board, sometimes with one
    number raised by one (so the rows no longer add up to the columns): the
    formula then leaves one count out, or says that nothing fits."""
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4)]))
    g = Grid(rows, cols)
    ends = draw(st.lists(st.sampled_from(g.cells), min_size=2, max_size=2, unique=True))
    snakes = sorted(oracle(S.Instance(rows, cols, tuple(ends), (None,) * rows, (None,) * cols)),
                    key=sorted)
    shaded = draw(st.sampled_from(snakes)) if snakes else set(ends)
    rows_n = [sum(c in shaded for c in line) for line in g.rows_of_cells()]
    cols_n = [sum(c in shaded for c in line) for line in g.cols_of_cells()]
    if draw(st.booleans()):
        r = draw(st.sampled_from(range(rows)))
        rows_n[r] = min(rows_n[r] + 1, cols)
    return S.Instance(rows, cols, tuple(ends), tuple(rows_n), tuple(cols_n))


test_every_line_numbered = brute_force_harness(S.GENRE, numbered_boards(), oracle, examples=25)

BOARD = S.Instance(3, 3, ((0, 0), (2, 2)), (None,) * 3, (None,) * 3)
U = frozenset({(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)})


def test_verify_names_broken_rules():
    assert S.verify(BOARD, U) == []
    assert S.solution_json(BOARD, U) == [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]
    counted = S.Instance(3, 3, BOARD.ends, (2, None, None), (None,) * 3)
    assert "row 1 shows 2 but has 1 snake cells" in S.verify(counted, U)
    assert any("touches 3 snake cells" in p for p in S.verify(BOARD, U | {(1, 1)}))
    assert any("diagonally" in p for p in S.verify(
        BOARD, frozenset({(0, 0), (0, 1), (1, 2), (2, 2)})))
    assert any("not one snake" in p for p in S.verify(BOARD, frozenset({(0, 0), (2, 2)})))


@settings(max_examples=200, deadline=None, database=None)
@given(st.frozensets(st.tuples(st.integers(-1, 3), st.integers(-1, 3)), max_size=12),
       st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=6, max_size=6))
def test_verify_finds_what_networkx_finds(shaded, numbers):
    """verify's degrees, connectivity and tallies (a flood fill and plain
    counts) against networkx over the board's edges, on any set of cells
    (some off the board): the same verdict, the same broken degrees and
    the same tallies named."""
    inst = S.Instance(3, 3, ((0, 0), (2, 2)), tuple(numbers[:3]), tuple(numbers[3:]))
    net = nx.Graph()
    net.add_nodes_from(shaded)
    net.add_edges_from((a, b) for a, b in inst.grid.cell_edges() if a in shaded and b in shaded)
    want = [f"{Grid.name(c)} touches {net.degree(c)} snake cells" for c in sorted(shaded)
            if net.degree(c) != (1 if c in inst.ends else 2)]
    got = S.verify(inst, shaded)
    assert [p.split(", not")[0] for p in got if " touches " in p and "diagonally" not in p] == want
    assert ("the shaded cells are not one snake" in got) == bool(shaded and not nx.is_connected(net))
    tallies = [p for p in got if "shows" in p]
    on = [c for c in shaded if 0 <= c[0] < 3 and 0 <= c[1] < 3]
    for kind, i, n in [("row", i, n) for i, n in enumerate(numbers[:3])] + \
            [("column", i, n) for i, n in enumerate(numbers[3:])]:
        has = sum(1 for c in on if c[0 if kind == "row" else 1] == i)
        broken = f"{kind} {i + 1} shows {n} but has {has} snake cells"
        assert (broken in tallies) == (n is not None and n != has)


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(S.GENRE, datasets, "Snake")
    assert records == 46 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(oracle(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    doc = parse_text(S.GENRE.to_pzl(inst, sol), "rt.pzl")
    assert S.GENRE.from_document(doc) == inst and S.GENRE.expected_solution(doc) == sol


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle snake\nsize 2 x 1\nrows 2\ncols 1 1\ngrid\n  x q\n", None, 6, 5, "`q`"),
    ("puzzle snake\nsize 2 x 1\nrows 2\ncols 1 1\ngrid\n  x .\n", None, 2, 1, "two ends"),
    ("puzzle snake\nsize 3 x 1\nrows 2\ncols 1 1 1\ngrid\n  x x x\n", None, 6, 7, "third end"),
    ("1 2\n1 1\n3\nx x\n", "Snake", 3, 1, "number 3 of row 1 is above 2"),
    ("1 2\n1 1 1\n2\nx x\n", "Snake", 2, 5, "3 values, the board 2 columns"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

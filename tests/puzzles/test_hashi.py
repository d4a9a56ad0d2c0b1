"""Hashiwokakero: parsing, errors, verify, counts against brute force, lazy vs
complete, the janko collection, the CLLV benchmark, DIMACS end to end."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.errors import InputError
from satlink.rules import bridges
from satlink.formats import grid_text
from satlink.lang import parse_text
from satlink.puzzles import hashi
from satlink.render import to_text

from helpers import EXTERNAL, ROOT, dimacs_roundtrip, load_pzl
from tests.puzzles.genre_checks import brute_force_harness

INSTANCES = sorted((ROOT / "instances" / "hashi").glob("*.pzl"))


def pairs(inst: hashi.Instance) -> list:
    """Islands that see each other across water along a row or a column,
    found again here (not with the genre's neighbours)."""
    g = inst.numbers
    islands = [(r, c) for r in range(inst.rows) for c in range(inst.cols) if g[r][c]]
    out = []
    for r, c in islands:
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            while rr < inst.rows and cc < inst.cols and not g[rr][cc]:
                rr, cc = rr + dr, cc + dc
            if rr < inst.rows and cc < inst.cols:
                out.append(((r, c), (rr, cc)))
    return out


def crossing(a, b) -> bool:
    """Does the horizontal bridge ``a`` cross the vertical bridge ``b``?"""
    (r, c1), (_, c2) = a
    (r1, c), (r2, _) = b
    return a[0][0] == a[1][0] and b[0][1] == b[1][1] and r1 < r < r2 and c1 < c < c2


def brute_force(inst: hashi.Instance) -> set:
    """Every assignment of 0-2 bridges to the pairs that meets the rules,
    written again here: no two bridges cross, each island has as many
    bridges as its number, all islands are connected (networkx)."""
    edges = pairs(inst)
    islands = {x for e in edges for x in e} | {(r, c) for r in range(inst.rows)
                                               for c in range(inst.cols) if inst.numbers[r][c]}
    found = set()
    for counts in itertools.product((0, 1, 2), repeat=len(edges)):
        used = [(e, k) for e, k in zip(edges, counts) if k]
        if any(crossing(a, b) or crossing(b, a) for (a, _), (b, _) in itertools.combinations(used, 2)):
            continue
        if any(sum(k for e, k in used if x in e) != inst.number(x) for x in islands):
            continue
        g = nx.Graph([e for e, _ in used])
        g.add_nodes_from(islands)
        if nx.is_connected(g):
            found.add(tuple(sorted((*a, *b, k) for (a, b), k in used)))
    return found


def all_solutions(inst, complete=False) -> set:
    r = engine.solve(hashi.GENRE, inst, limit=10 ** 6, complete=complete)
    assert r.verdict in ("none", "unique", "multiple") and r.complete
    sols = set(r.solutions)
    assert len(sols) == len(r.solutions)
    return sols


@st.composite
def tiny_boards(draw):
    """Random island layouts on boards up to 4 x 4 with at most 8 possible bridges.
    Numbers come from a random bridge assignment (so many boards are solvable),
    islands without bridges get a random number."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    assume(rows * cols >= 2)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = draw(st.sets(st.sampled_from(cells), min_size=2, max_size=min(7, len(cells))))
    layout = tuple(tuple(int((r, c) in chosen) for c in range(cols)) for r in range(rows))
    try:
        shape = hashi.Instance(rows, cols, layout, placeholders=True)
    except InputError:  # an island that sees no other
        assume(False)
    assume(len(shape.edges) <= 8 and all(shape.neighbours.values()))
    counts = {e: draw(st.integers(0, 2)) for e in shape.edges}
    for h, v in shape.crossings:
        if counts[h] and counts[v]:
            counts[v] = 0
    grid = [list(row) for row in layout]
    for i in shape.islands:
        grid[i[0]][i[1]] = sum(k for e, k in counts.items() if i in e)
    for r, c in shape.islands:
        if grid[r][c] == 0:
            grid[r][c] = draw(st.integers(1, 4))
    try:
        return hashi.Instance(rows, cols, grid)
    except InputError:
        assume(False)


test_modes_agree_with_brute_force = brute_force_harness(hashi.GENRE, tiny_boards(), brute_force,
                                                        examples=100)


# -- counts ---------------------------------------------------------------------------
def test_brute_force_sees_disconnection_and_crossing():
    # Two 1-1 pairs: each pair alone is fine, but the whole is never connected.
    two_pairs = hashi.Instance(3, 3, [[1, 0, 1], [0, 0, 0], [1, 0, 1]])
    assert brute_force(two_pairs) == set() == all_solutions(two_pairs)
    # A plus: the horizontal and the vertical bridge would cross.
    plus = hashi.Instance(3, 3, [[0, 1, 0], [1, 0, 1], [0, 1, 0]])
    assert brute_force(plus) == set() == all_solutions(plus, complete=True)
    ring = hashi.Instance(2, 2, [[2, 2], [2, 2]])  # a ring of singles or two doubles (not connected)
    assert len(brute_force(ring)) == 1 == len(all_solutions(ring))


# -- .pzl -----------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(tiny_boards())
def test_pzl_round_trip(inst):
    g = hashi.GENRE
    assert g.from_document(parse_text(g.to_pzl(inst))) == inst
    sol = min(all_solutions(inst), default=None)
    if sol is not None:
        doc = parse_text(g.to_pzl(inst, sol))
        assert g.expected_solution(doc) == sol


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.name)
def test_instances_unique_and_as_written(path):
    item = satlink.load(path)[0]
    assert item.expected is not None
    out = satlink.api.outcome(item)
    assert out.verdict == "unique" and out.expected_ok
    assert hashi.verify(item.instance, item.expected) == []


def test_instances_present():
    assert len(INSTANCES) >= 3


BAD_PZL = [
    ("size 3 x 2\ngrid\n  3 . 1\n  . . .\n", "island 3 at r1c1 can carry at most 1", (3, 3)),
    ("size 3 x 2\ngrid\n  5 . 2\n  2 . .\n", "island 5 at r1c1 can carry at most 4", (3, 3)),
    ("size 3 x 2\ngrid\n  9 . 2\n  . . .\n", "`9` at row 1, column 1 is not an island number 1-8",
     (3, 3)),
    ("size 3 x 2\ngrid\n  0 . 2\n  . . .\n", "`0` at row 1, column 1 is not an island number 1-8",
     (3, 3)),
    ("size 3 x 2\ngrid\n  1 . 1\n  . 2\n", "row 2 has 2 cells, size says 3", (4, 5)),
    ("size 3 x 2\ngrid\n  1 . 1\n  . . . 2\n", "row 2 has 4 cells, size says 3", (4, 9)),
    ("size 3 x 2\ngrid\n  1 . 1\n", "the grid has 1 rows, size says 2", (3, 3)),
    ("size 3 x 2\ngrid\n  2 . .\n  . 1 .\n", "island 2 at r1c1 sees no other island", (3, 3)),
    ("size 3 x 1\ngrid\n  . . .\n", "the grid has no islands", (3, 3)),
    ("size three\ngrid\n  1\n", "expected `size COLUMNS x ROWS`", (1, 1)),
    ("size 3 x 1\ngrid\n  1 . 1\nsolution\n  1 1 1 2 1\n", "r1c1 and r1c2 are not two", (5, 3)),
    ("size 3 x 1\ngrid\n  1 . 1\nsolution\n  1 1 1 3 3\n", "1 or 2 bridges, not 3", (5, 11)),
    ("size 3 x 1\ngrid\n  1 . 1\nsolution\n  1 1 1 3\n", "a bridge is `ROW COL", (5, 3)),
]


@pytest.mark.parametrize("body,message,where", BAD_PZL, ids=[b[1][:30] for b in BAD_PZL])
def test_bad_pzl(body, message, where):
    with pytest.raises(InputError) as exc:
        satlink.load_text("puzzle hashi\n" + body, "bad.pzl")
    e = exc.value
    assert message in e.message
    # positions are 1-based in the file; the header line is line 1
    assert (e.pos.file, e.pos.line) == ("bad.pzl", where[0] + 1 if where[0] != 1 else 2)
    assert e.pos.column == where[1]
    assert "Traceback" not in e.render() and "^" in e.render()


# -- grid text (janko) and .has -------------------------------------------------------
def test_grid_text_errors():
    with pytest.raises(InputError, match="row 2 has 2 cells") as exc:
        satlink.load_text("2 3\n1 - 1\n- 1\n", "g.txt", fmt="grid-text", puzzle_type="hashi")
    assert exc.value.pos.line == 3
    with pytest.raises(InputError, match="island 4 at r1c1 can carry at most 3") as exc:
        satlink.load_text("2 2\n4 1\n2 -\n", "g.txt", fmt="grid-text", puzzle_type="hashi")
    assert (exc.value.pos.line, exc.value.pos.column) == (2, 1)


def test_has_format_detected_and_checked(tmp_path):
    p = tmp_path / "x.has"
    p.write_text("2 3 3\n 2 0 1\n 1 0 0\n")
    item = satlink.load(p)[0]
    assert item.puzzle is hashi.GENRE and item.instance.numbers == ((2, 0, 1), (1, 0, 0))
    out = satlink.api.outcome(item)
    assert out.verdict == "unique" and out.solution_json == [[0, 0, 0, 2, 1], [0, 0, 1, 0, 1]]
    p.write_text("2 3 4\n 2 0 1\n 1 0 0\n")
    with pytest.raises(InputError, match="the grid has 3 islands, the first line says 4"):
        satlink.load(p)
    p.write_text("2 3 3\n 2 0 1\n 1 0\n")
    with pytest.raises(InputError, match="row 2 has 2 cells") as exc:
        satlink.load(p)
    assert exc.value.pos.line == 3
    p.write_text("2 3 3\n 2 0 9\n 1 0 0\n")
    with pytest.raises(InputError, match="`9` at row 1, column 3 is not an island number") as exc:
        satlink.load(p)
    assert (exc.value.pos.line, exc.value.pos.column) == (2, 6)


def test_janko_collection_unique_and_as_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Hashi.json").read_text())["data"]
    assert len(data) == 182
    for key, rec in data.items():
        inst = hashi.GENRE.from_grid_text(grid_text.split(rec["problem"], key))
        published = hashi.GENRE.solution_from_grid_text(rec["solution"], inst)
        assert hashi.verify(inst, published) == [], key
        r = engine.solve(hashi.GENRE, inst)
        assert r.verdict == "unique", key
        assert r.solutions[0] == published, key


def cllv_sample(datasets) -> list[Path]:
    """Every 40th file of each size in name order: 9 per size, 36 in all
    (benchmarks/hashi.py runs all 1,440)."""
    out = []
    for size in (100, 200, 300, 400):
        files = sorted((datasets / "hashi-cllv" / str(size)).glob("*.has"))
        assert len(files) == 360
        out += files[::40]
    return out


def test_cllv_sample_verdicts(datasets):
    for path in cllv_sample(datasets):
        item = satlink.load(path)[0]
        r = engine.solve(hashi.GENRE, item.instance, limit=2)
        assert r.verdict in ("unique", "multiple"), path.name
        for sol in r.solutions:  # the engine verified them; check again from here
            assert hashi.verify(item.instance, sol) == []
        if r.verdict == "multiple":
            assert r.solutions[0] != r.solutions[1] and r.differing
        if "_16_100_" in path.name:  # the eager encoding reaches the same verdict
            assert engine.solve(hashi.GENRE, item.instance, complete=True).verdict == r.verdict


# -- verify -----------------------------------------------------------------------------
def test_verify_names_broken_rules():
    inst = hashi.Instance(3, 3, [[2, 0, 2], [0, 0, 0], [2, 0, 2]])
    good = ((0, 0, 0, 2, 1), (0, 0, 2, 0, 1), (0, 2, 2, 2, 1), (2, 0, 2, 2, 1))
    assert hashi.verify(inst, good) == []
    two_groups = ((0, 0, 0, 2, 2), (2, 0, 2, 2, 2))
    assert any("2 separate groups" in p for p in hashi.verify(inst, two_groups))
    assert any("has 1 bridges" in p for p in hashi.verify(inst, good[:3]))
    assert any("not 1 or 2" in p for p in hashi.verify(inst, ((0, 0, 0, 2, 3),) + good[1:]))
    assert any("neither horizontal" in p for p in hashi.verify(inst, good + ((0, 0, 2, 2, 1),)))
    cross = hashi.Instance(3, 3, [[0, 1, 0], [1, 0, 1], [0, 1, 0]])
    assert any("crosses" in p for p in hashi.verify(cross, ((0, 1, 2, 1, 1), (1, 0, 1, 2, 1))))
    line = hashi.Instance(1, 3, [[1, 2, 1]])
    assert any("passes over an island" in p for p in hashi.verify(line, ((0, 0, 0, 2, 1),)))


def test_render_and_json():
    """The terminal picture is the picture's text: islands in circles, double
    bridges across and down, nothing drawn before solving; bridges between
    adjacent islands show too."""
    item = load_pzl((ROOT / "instances" / "hashi" / "tiny.pzl").read_text())
    assert hashi.GENRE.draw_text is None
    text = hashi.GENRE.render_text(item.instance, item.expected)
    assert text == to_text(hashi.picture(item.instance, item.expected))
    assert text.splitlines() == [" (4)═════(2)", "  ║", "  ║", "  ║", " (4)═════(2)"]
    bare = hashi.GENRE.render_text(item.instance).splitlines()
    assert bare[0] == " (4)     (2)" and not bare[2].strip() and "═" not in "".join(bare)
    adjacent = satlink.load(ROOT / "instances" / "hashi" / "adjacent.pzl")[0]
    picture = hashi.GENRE.render_text(adjacent.instance, adjacent.expected).splitlines()
    assert picture[1][14] == "│" and picture[2][16] == "─"  # r1c4-r2c4 and r2c4-r2c5
    assert hashi.GENRE.solution_json(item.instance, item.expected) == [
        [0, 0, 0, 2, 2], [0, 0, 2, 0, 2], [2, 0, 2, 2, 2]]


# -- DIMACS through external binaries ------------------------------------------------------
@pytest.mark.parametrize("solver", EXTERNAL)
def test_dimacs_external(solver, tmp_path, datasets):
    paths = INSTANCES + [sorted((datasets / "hashi-cllv" / "100").glob("*.has"))[0]]
    for path in paths:
        item = satlink.load(path)[0]
        d = dimacs_roundtrip(item, solver, tmp_path)
        assert d.status == "sat" and d.problems == [], path.name
        if item.expected is not None:
            assert d.solution == item.expected
    unsat = load_pzl("puzzle hashi\nsize 3 x 3\ngrid\n  1 . 1\n  . . .\n  1 . 1\n")
    assert dimacs_roundtrip(unsat, solver, tmp_path).status == "unsat"


def test_count_template_is_exactly_the_sum():
    """The island clauses accept exactly the counts (b2 -> b1 assumed) with the right sum."""
    for d in range(1, 5):
        for v in range(0, 2 * d + 1):
            clauses = bridges.count_template(d, v)
            for xs in itertools.product((0, 1, 2), repeat=d):
                def holds(lit):
                    i, t = lit
                    return xs[i] >= t if t > 0 else xs[i] < -t
                ok = all(any(holds(lit) for lit in c) for c in clauses)
                assert ok == (sum(xs) == v), (d, v, xs)


# -- regressions found by tests/test_fuzz.py -------------------------------------------

@pytest.mark.parametrize("fmt,name,text", [
    ("pzl", "h.pzl", "puzzle hashi\nsize 3 x 1\ngrid\n  1 . \u00b2\n"),
    ("hashi-has", "h.has", "1 3 2\n1 0 \u00b2\n"),
    (None, "h.txt", "2 2 1\n1 \u00b2\n0 0\n"),  # the .has sniffer read the grid with int()
])
def test_superscript_digits_are_input_errors(fmt, name, text):
    with pytest.raises(InputError):
        satlink.load_text(text, name, fmt=fmt)

"""Mejilink: brute force in every mode, verify, pzprjs's example and its
checks, the janko record, files, puz.link, errors."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.formats import puzzlink
from satlink.puzzles import mejilink as M
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, pzl_round_trips, split
from tests.puzzles.loop_checks import check_error, check_pzprjs_vector
from tests.rules.test_loops import cycles

# robx/pzprjs test/script/mejilink.js: the example URL, and its check files
# (pzprv3: per row the vertical borders left to right, then per lattice row
# the horizontal ones; 0 not dotted, 1 dotted, -1 dotted and crossed out, 2 loop).
URL = "https://puzz.link/p?mejilink/4/4/g9rm4"
CHECKS = {
    "lnBranch": "1 0 1 1 1 /2 2 1 1 1 /2 0 1 1 1 /1 0 0 0 1 /1 1 1 1 /1 0 0 0 /2 0 0 1 /"
                "1 1 0 1 /1 1 1 1 /",
    "lnCross": "1 0 1 1 1 /1 1 1 2 1 /1 0 2 2 1 /1 0 0 0 1 /1 1 1 1 /1 0 0 0 /1 0 2 2 /"
               "2 2 0 2 /1 1 1 1 /",
    "bkNoLineNe": "2 0 1 1 1 /1 2 1 1 1 /2 0 1 1 1 /2 0 0 0 1 /2 2 1 1 /2 0 0 0 /2 0 0 1 /"
                  "1 1 0 1 /2 2 2 2 /",
    "lnDeadEnd": "2 0 1 2 2 /1 2 1 2 2 /2 0 1 2 2 /2 0 0 1 2 /2 2 2 1 /2 0 0 0 /2 0 0 1 /"
                 "1 1 0 0 /2 2 2 2 /",
    "lnPlLoop": "2 2 0 2 2 /2 2 0 2 2 /1 0 0 0 1 /2 1 0 1 2 /2 1 1 2 /1 0 0 1 /2 1 1 2 /"
                "2 2 2 2 /2 2 2 2 /",
    None: "2 0 -1 1 2 /-1 2 -1 1 2 /2 0 -1 2 1 /2 0 0 0 2 /2 2 2 2 /2 0 0 0 /2 0 0 2 /"
          "-1 -1 0 2 /2 2 2 2 /",
}


def read_check(text: str, rows: int = 4) -> tuple[set, frozenset]:
    """(dotted edges, loop edges) of a pzprv3 border block."""
    lines = [row.split() for row in text.split("/") if row.strip()]
    dotted, loop = set(), set()
    for r, row in enumerate(lines[:rows]):
        for x, v in enumerate(row):
            e = ((r, x), (r + 1, x))
            dotted |= {e} if v != "0" else set()
            loop |= {e} if v == "2" else set()
    for y, row in enumerate(lines[rows:]):
        for c, v in enumerate(row):
            e = ((y, c), (y, c + 1))
            dotted |= {e} if v != "0" else set()
            loop |= {e} if v == "2" else set()
    return dotted, frozenset(loop)


def test_pzprjs_example_and_its_answer():
    inst = check_pzprjs_vector(M.GENRE, URL)
    res = engine.solve(M.GENRE, inst)
    dotted, answer = read_check(CHECKS[None])
    assert set(inst.dotted) == dotted
    assert res.verdict == "unique" and res.solutions[0] == answer


@pytest.mark.parametrize("code", [c for c in CHECKS if c])
def test_pzprjs_failing_checks_break_a_rule(code):
    inst = puzzlink.decode(URL)[1]
    _, loop = read_check(CHECKS[code])
    assert M.verify(inst, loop) and M.verify(inst, read_check(CHECKS[None])[1]) == []


def tiles_by_hand(inst) -> list[set]:
    """Flood fill across sides that are not dotted."""
    dotted, left, out = set(inst.dotted), set(inst.grid.cells), []
    while left:
        stack, tile = [left.pop()], set()
        while stack:
            r, c = stack.pop()
            tile.add((r, c))
            for nb, e in (((r, c + 1), ((r, c + 1), (r + 1, c + 1))),
                          ((r + 1, c), ((r + 1, c), (r + 1, c + 1))),
                          ((r, c - 1), ((r, c), (r + 1, c))), ((r - 1, c), ((r, c), (r, c + 1)))):
                if nb in left and e not in dotted:
                    left.discard(nb)
                    stack.append(nb)
        out.append(tile)
    return out


def oracle(inst) -> set[frozenset]:
    """Cycles of the lattice on dotted edges whose every tile leaves as many
    cell sides dotted and unused as it has cells (pzprjs checkDotLength)."""
    dotted, out = set(inst.dotted), set()
    points = Grid(inst.rows + 1, inst.cols + 1)
    tiles = tiles_by_hand(inst)
    for cyc in cycles(points):
        if not cyc <= dotted:
            continue
        ok = True
        for tile in tiles:
            sides = [e for r, c in tile for e in (((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                                                  ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1)))]
            outer = [e for e in sides if e[0][0] == e[1][0] in (0, inst.rows)
                     or e[0][1] == e[1][1] in (0, inst.cols)]
            if any(e not in dotted for e in outer):
                continue
            if sum(1 for e in sides if e in dotted and e not in cyc) != len(tile):
                ok = False
        if ok:
            out.add(cyc)
    return out


@st.composite
def boards(draw):
    """Random dotted lines, most outer sides dotted (about one board in six
    has a solution: the tile counts are strict)."""
    rows, cols = draw(st.sampled_from([(1, 2), (2, 2), (2, 3), (3, 2), (3, 3)]))
    inner, outer = draw(st.sampled_from([5, 7, 9])), draw(st.sampled_from([8, 10]))
    g = Grid(rows, cols)
    dotted = [e for e in g.lattice_edges()
              if draw(st.integers(0, 9)) < (outer if e[0][0] == e[1][0] in (0, rows)
                                            or e[0][1] == e[1][1] in (0, cols) else inner)]
    return M.Instance(rows, cols, tuple(dotted))


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=80)


def test_janko_record_reads_and_is_unique(datasets):
    """The dev slice's one record publishes no solution (and names a Mathrax
    page as its source); its cells add up their dotted sides as Grand Tour's
    do, and it has exactly one solution."""
    data = json.loads((datasets / "puzzlekit-dev" / "Mejilink.json").read_text())["data"]
    (key, entry), = data.items()
    inst = M.GENRE.from_grid_text(split(entry["problem"], key))
    assert entry["solution"] == "" and engine.solve(M.GENRE, inst).verdict == "unique"


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_and_puzzlink_round_trip(inst, with_solution):
    sols = sorted(oracle(inst), key=sorted)
    pzl_round_trips(M.GENRE.text, inst, sols[0] if with_solution and sols else None)
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst


def test_short_body_keeps_pzprjs_defaults_and_bad_digit_is_an_error():
    inst = puzzlink.decode("https://puzz.link/p?mejilink/2/1/")[1]
    assert set(inst.dotted) == set(Grid(1, 2).lattice_edges()) - {((0, 1), (1, 1))}
    with pytest.raises(Exception, match="base-32"):
        puzzlink.decode("https://puzz.link/p?mejilink/2/1/w")


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle mejilink\nsize 2 x 1\ngrid\n  15 16\n", None, 4, 6, "above 15"),
    ("puzzle mejilink\nsize 2 x 1\ngrid\n  15 q\n", None, 4, 6, "`q`"),
    ("puzzle mejilink\nsize 2 x 1\ngrid\n  15 .\n", None, 4, 6, "`.`"),
    ("puzzle mejilink\nsize 2 x 1\ngrid\n  15 11\n", None, 4, 6, "left side of r1c2"),
    ("1 2\n14 7\n", "Mejilink", 2, 4, "left side"),
    ("1 2\n14\n", "Mejilink", 2, 1, "has 1 cells"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)


@pytest.mark.parametrize("lits, k", [([1, 2, 3, 4], 3), ([1, 2, 3, 4, 5, 6], 4), ([1, 1, 2, 3], 2),
                                     ([1, 2, 2], 0), ([1, 2, 2], 3), ([1, 2], 3)])
def test_small_count_by_subsets_is_exactly_k_positions(lits, k):
    """side_counts.exactly_small's models (Mejilink's tile counts), over every
    assignment of its variables, are those where exactly k positions hold a
    true literal (one twice: twice)."""
    from itertools import product

    from satlink.formula import Formula
    from satlink.rules.side_counts import exactly_small
    f = Formula()
    n = max(lits)
    for i in range(1, n + 1):
        assert f.var("x", i) == i
    exactly_small(f, lits, k)
    for values in product((False, True), repeat=n):
        true = {i + 1 for i, v in enumerate(values) if v}
        sat = all(any((x > 0) == (abs(x) in true) for x in clause) for clause in f.clauses)
        assert sat == (sum(1 for x in lits if x in true) == k), (values, f.clauses)

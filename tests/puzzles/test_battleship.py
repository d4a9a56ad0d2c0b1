"""Battleship: parsing, errors, brute-force counts, public data sets, DIMACS."""
from __future__ import annotations

import dataclasses
import itertools
import json
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
import satlink.cli
from satlink import engine
from satlink.errors import InputError
from satlink.formats import battleship_dzn, csplib_battleship
from satlink.formats.grid_text import split
from satlink.rules import ship_narrowing
from satlink.rules.ships import halo
from satlink.lang import parse_text
from satlink.puzzles import _battleship_count as counting
from satlink.formats import battleship_board as board
from satlink.puzzles import battleship as bs

from tests.helpers import ROOT, dimacs_roundtrip, load_pzl
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        instances_match_their_solution, pzl_round_trips)

INSTANCES = sorted((ROOT / "instances" / "battleship").glob("*.pzl"))
CSPLIB = Path("battleship/csplib014")

BASE = """puzzle battleship
size 4 x 3
fleet 1x2 1x1
rows 2 0 1
cols 1 1 0 1
grid
  . . . .
  . . . .
  . . . .
"""


def blank(inst: bs.Instance) -> bs.Instance:
    """The same board without any given cell."""
    return dataclasses.replace(inst, givens=tuple(("." ,) * inst.cols for _ in range(inst.rows)))


# -- the hand-written instances -------------------------------------------------------
test_instances_unique_and_as_written = instances_match_their_solution(bs.verify, INSTANCES)


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.stem)
def test_instances_roundtrip_and_render(path):
    item = satlink.load(path)[0]
    pzl_round_trips(bs.FORMAT, item.instance, item.expected)
    if all(bs.SOME not in row for row in item.instance.givens):  # janko writes no `*`
        grid = bs.FORMAT.to_grid_text(item.instance)  # `ROWS COLS N1 N2 ...` and back
        assert bs.FORMAT.from_grid_text(split(grid, "again.txt")) == item.instance
    pic = bs.GENRE.render_text(item.instance, item.expected)  # to_text(picture())
    assert pic.count("\n") == 2 * item.instance.rows + 2  # a line per row and between rows
    assert all(g in pic for g in "◀▶") or all(g in pic for g in "▲▼")


def test_json_schema():
    item = satlink.load(ROOT / "instances" / "battleship" / "small.pzl")[0]
    js = bs.solution_json(item.instance, item.expected)
    assert sorted(tuple(s) for s in js) == sorted(item.expected)
    for r, c, length, d in js:
        assert d in ("h", "v") and length >= 1 and 0 <= r < 6 and 0 <= c < 6


# -- pzl round trip on random instances ------------------------------------------------------
@st.composite
def instances(draw, max_side=6):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    lengths = draw(st.lists(st.integers(1, max(rows, cols)), max_size=3, unique=True))
    fleet = [(ln, draw(st.integers(1, 3))) for ln in lengths]
    total = sum(a * b for a, b in fleet)
    rt = draw(st.lists(st.one_of(st.none(), st.integers(0, cols)), min_size=rows, max_size=rows))
    ct = draw(st.lists(st.one_of(st.none(), st.integers(0, rows)), min_size=cols, max_size=cols))
    if all(t is not None for t in rt) and sum(rt) != total:
        rt[0] = None
    if all(t is not None for t in ct) and sum(ct) != total:
        ct[0] = None
    glyphs = draw(st.lists(st.lists(st.sampled_from(board.GLYPHS), min_size=cols, max_size=cols),
                           min_size=rows, max_size=rows))
    return bs.make(rows, cols, fleet, rt, ct, glyphs)


@given(instances())
@settings(max_examples=150, deadline=None)
def test_pzl_roundtrip(inst):
    assert bs.from_document(parse_text(bs.to_pzl(inst), "r.pzl")) == inst


# -- brute force on tiny boards ---------------------------------------------------------------
def brute_solutions(inst: bs.Instance) -> list:
    """Every choice of ship positions per length that keeps the rules, written
    again here (not with ``verify``): ships never overlap or touch, not even
    diagonally; each tally counts its line's ship cells; a given cell is
    water, some ship part, or exactly that part."""
    per_length = []
    for length, count in inst.fleet:
        spots = [(r, c, length, d) for d in (("h", "v") if length > 1 else ("h",))
                 for r in range(inst.rows) for c in range(inst.cols)
                 if (d == "h" and c + length <= inst.cols) or (d == "v" and r + length <= inst.rows)]
        per_length.append(list(itertools.combinations(spots, count)))

    def parts(ship):  # cell -> glyph along the ship
        r, c, length, d = ship
        cells = [(r, c + k) if d == "h" else (r + k, c) for k in range(length)]
        ends = ("<", ">") if d == "h" else ("^", "v")
        return {cell: "o" if length == 1 else ends[0] if k == 0 else
                ends[1] if k == length - 1 else "+" for k, cell in enumerate(cells)}

    out = []
    for combo in itertools.product(*per_length):
        ships = tuple(sorted(s for group in combo for s in group))
        layout = [parts(ship) for ship in ships]
        if any(abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
               for i, x in enumerate(layout) for y in layout[i + 1:] for a in x for b in y):
            continue
        glyph = {cell: g for x in layout for cell, g in x.items()}
        if any(t is not None and sum((r, c) in glyph for c in range(inst.cols)) != t
               for r, t in enumerate(inst.row_tallies)):
            continue
        if any(t is not None and sum((r, c) in glyph for r in range(inst.rows)) != t
               for c, t in enumerate(inst.col_tallies)):
            continue
        if all(g == bs.UNKNOWN or (g == bs.WATER and (r, c) not in glyph)
               or (g == bs.SOME and (r, c) in glyph) or glyph.get((r, c)) == g
               for r, row in enumerate(inst.givens) for c, g in enumerate(row)):
            out.append(ships)
    return out


def brute_count(inst: bs.Instance) -> int:
    return len(brute_solutions(inst))


@st.composite
def tiny(draw):
    rows = draw(st.integers(2, 4))
    cols = draw(st.integers(2, 4))
    fleet = draw(st.sampled_from([((1, 2),), ((2, 1), (1, 1)), ((2, 2),), ((3, 1), (1, 1)),
                                  ((2, 1), (1, 2))]))
    fleet = tuple((ln, n) for ln, n in fleet if ln <= max(rows, cols))
    total = sum(a * b for a, b in fleet)
    rt = draw(st.lists(st.one_of(st.none(), st.integers(0, min(cols, 2))), min_size=rows,
                       max_size=rows))
    ct = draw(st.lists(st.one_of(st.none(), st.integers(0, min(rows, 2))), min_size=cols,
                       max_size=cols))
    if all(t is not None for t in rt) and sum(rt) != total:
        rt[-1] = None
    if all(t is not None for t in ct) and sum(ct) != total:
        ct[-1] = None
    weights = [bs.UNKNOWN] * 12 + list(board.GLYPHS)
    glyphs = draw(st.lists(st.lists(st.sampled_from(weights), min_size=cols, max_size=cols),
                           min_size=rows, max_size=rows))
    return bs.make(rows, cols, fleet, rt, ct, glyphs)


test_modes_agree_with_brute_force = brute_force_harness(
    bs.GENRE, tiny(), lambda inst: set(brute_solutions(inst)), examples=60)


@given(tiny())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_counts_match_brute_force(inst):
    result = engine.solve(bs.GENRE, inst, limit=10_000)
    assert result.complete
    assert result.count == brute_count(inst)
    assert len(set(result.solutions)) == result.count  # each fleet arrangement once
    counted = engine.count(bs.GENRE, inst, limit=10_000)  # the counting hook: no enumeration
    assert counted.complete and counted.count == result.count
    assert counted.verdict == result.verdict


def test_interchangeable_ships_counted_once():
    # 1 x 3 board, two submarines: only the two ends, a single arrangement.
    inst = bs.make(1, 3, {1: 2}, [2], [1, 0, 1])
    assert engine.solve(bs.GENRE, inst, limit=100).count == 1
    inst = bs.make(3, 3, {1: 2}, [None] * 3, [None] * 3)
    assert engine.solve(bs.GENRE, inst, limit=100).count == brute_count(inst) == 16


# -- counting without enumerating ------------------------------------------------------------
@st.composite
def solvable(draw):
    """A board built around a placement of its fleet (so it has a solution),
    with some tallies unknown and a few cells given (their true part, `*`
    or water); at most 5 x 5 so that brute force stays quick."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    fleet = draw(st.sampled_from([((1, 2),), ((2, 1), (1, 1)), ((2, 2),), ((3, 1), (1, 1)),
                                  ((2, 1), (1, 2)), ((3, 1), (2, 1)), ((4, 1),), ((1, 3),)]))
    ships, taken = [], set()  # taken: the placed ships' cells and halos
    for length, count in fleet:
        for _ in range(count):
            spots = [(r, c, length, d) for d in ("hv" if length > 1 else "h")
                     for r in range(rows) for c in range(cols)
                     if (c + length <= cols if d == "h" else r + length <= rows)
                     and not taken & set(bs.ship_cells((r, c, length, d)))]
            if spots:
                ship = spots[draw(st.integers(0, len(spots) - 1))]
                ships.append(ship)
                taken |= set(bs.ship_cells(ship)) | set(halo(ship, rows, cols))
    fleet = tuple(Counter(s[2] for s in ships).items())
    grid = bs.solution_grid(bs.make(rows, cols, fleet, [None] * rows, [None] * cols), ships)
    known_r = draw(st.lists(st.booleans(), min_size=rows, max_size=rows))
    known_c = draw(st.lists(st.booleans(), min_size=cols, max_size=cols))
    rt = [sum(g != bs.WATER for g in row) if k else None for row, k in zip(grid, known_r)]
    ct = [sum(grid[r][c] != bs.WATER for r in range(rows)) if k else None
          for c, k in enumerate(known_c)]
    givens = [[bs.UNKNOWN] * cols for _ in range(rows)]
    for r, c, vague in draw(st.lists(st.tuples(st.integers(0, rows - 1),
                                               st.integers(0, cols - 1), st.booleans()),
                                     max_size=2)):
        givens[r][c] = bs.SOME if vague and grid[r][c] != bs.WATER else grid[r][c]
    return bs.make(rows, cols, fleet, rt, ct, givens)


def placements(inst: bs.Instance) -> list:
    """The placements the givens and tallies allow, before narrowing."""
    return ship_narrowing.placements(inst.grid, [n for n, _ in inst.fleet], inst.given, inst.row_tallies,
                            inst.col_tallies)


@given(solvable())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_count_without_enumerating_matches_brute_force(inst):
    solutions = brute_solutions(inst)
    assert solutions  # built around one
    assert counting.count_extensions(inst) == len(solutions)
    counted = engine.count(bs.GENRE, inst, limit=10_000)
    assert counted.complete and counted.count == len(solutions)
    assert counted.solutions and all(s in solutions for s in counted.solutions)
    # the counter with some ships placed: the ships of length >= 2 fixed, the rest counted
    long = {length for length, _ in inst.fleet if length >= 2}
    layouts = Counter(tuple(s for s in sol if s[2] in long) for sol in solutions)
    for layout, n in layouts.items():
        assert counting.count_extensions(inst, long, layout) == n
    # a layout that no solution has extends to nothing
    for layout in layouts:
        if layout:
            r, c, length, d = layout[0]
            moved = tuple(sorted((((r + 1) % inst.rows, c, length, d), *layout[1:])))
            if moved not in layouts:
                assert counting.count_extensions(inst, long, moved) == 0
            assert counting.count_extensions(inst, long, layout[1:]) == 0  # a ship short



@given(solvable())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_narrowing_keeps_every_solution(inst):
    # ship_narrowing.narrow keeps every placement of every solution and calls ship only the cells
    # that are ship cells in all of them; the encoding built on it finds them all
    solutions = brute_solutions(inst)
    placed = placements(inst)
    given = [c for c, g in inst.given.items() if g != "water"]
    got = ship_narrowing.narrow(inst.grid, placed, given, inst.row_tallies, inst.col_tallies)
    assert got is not None  # built around a solution
    again = ship_narrowing.candidates(inst.grid, [n for n, _ in inst.fleet], inst.given,
                             inst.row_tallies, inst.col_tallies)  # what the encoding narrows to
    assert [ship_narrowing.of_placement(p) for p in again[0]] == [ship_narrowing.of_placement(p) for p in got[0]]
    assert again[1] == got[1]
    kept = {ship_narrowing.of_placement(p) for p in got[0]}
    assert all(set(sol) <= kept for sol in solutions)
    assert all(got[1] <= {c for ship in sol for c in bs.ship_cells(ship)} for sol in solutions)
    result = engine.solve(bs.GENRE, inst, limit=10_000)
    assert result.complete and sorted(result.solutions) == sorted(solutions)


def test_narrowing_fills_and_empties_lines():
    # 3 x 3, one ship of 3 and nothing else: row 2's tally 3 fills it, so every other
    # placement goes and every cell is decided before the solver starts
    inst = bs.make(3, 3, {3: 1}, [0, 3, 0], [1, 1, 1])
    placed, ship = ship_narrowing.narrow(inst.grid, placements(inst), [], inst.row_tallies,
                                inst.col_tallies)
    assert [ship_narrowing.of_placement(p) for p in placed] == [(1, 0, 3, "h")]
    assert ship == {(1, 0), (1, 1), (1, 2)}
    # a column tally 2 next to a given submarine: no room, no solution, found without search
    inst = bs.make(2, 3, {1: 2}, [1, 1], [2, 0, 0], [["o", ".", "."], [".", ".", "."]])
    assert ship_narrowing.narrow(inst.grid, placements(inst), [(0, 0)], inst.row_tallies,
                        inst.col_tallies) is None
    assert engine.solve(bs.GENRE, inst, limit=10).count == 0 == brute_count(inst)

def transposed(inst: bs.Instance) -> bs.Instance:
    swap = {board.LEFT: board.TOP, board.TOP: board.LEFT, board.RIGHT: board.BOTTOM, board.BOTTOM: board.RIGHT}
    givens = [[swap.get(inst.givens[r][c], inst.givens[r][c]) for r in range(inst.rows)]
              for c in range(inst.cols)]
    return bs.make(inst.cols, inst.rows, inst.fleet, inst.col_tallies, inst.row_tallies, givens)


def test_count_is_the_same_on_the_transposed_board():
    # 3 rows, 7 columns: the counter turns it to sweep across 3 columns; its transpose is
    # swept as it stands
    inst = bs.make(3, 7, {3: 1, 2: 1, 1: 2}, [4, None, None], [None, None, 1] + [None] * 4,
                   [[".", "*", ".", ".", ".", ".", "."], [".", ".", ".", ".", "~", ".", "."],
                    [".", ".", ".", ".", ".", ".", "."]])
    enumerated = engine.solve(bs.GENRE, inst, limit=1000)
    assert enumerated.complete and enumerated.count == 119
    assert counting.count_extensions(inst) == counting.count_extensions(transposed(inst)) == 119


def test_count_limit_and_wide_boards():
    inst = bs.make(3, 3, {1: 2}, [None] * 3, [None] * 3)
    assert engine.count(bs.GENRE, inst, limit=100).count == 16
    capped = engine.count(bs.GENRE, inst, limit=10)
    assert capped.count == 10 and not capped.complete and capped.verdict == "multiple"
    one = engine.count(bs.GENRE, inst, limit=1)
    assert one.count == 1 and not one.complete and len(one.solutions) == 1
    # both sides wider than the sweep: counted by enumerating solutions
    wide = bs.make(counting.COUNT_WIDTH + 1, counting.COUNT_WIDTH + 1, {1: 1},
                   [1] + [0] * counting.COUNT_WIDTH, [1] + [0] * counting.COUNT_WIDTH)
    assert engine.encode(bs.GENRE, wide).count_projection() is None
    assert engine.count(bs.GENRE, wide, limit=10).count == 1


def test_count_gives_up_at_the_deadline():
    inst = bs.make(8, 8, {3: 1, 2: 2, 1: 3}, [None] * 8, [None] * 8)
    assert engine.encode(bs.GENRE, inst).count_completions(None, time.perf_counter() - 1) is None
    result = engine.count(bs.GENRE, inst, limit=10 ** 9, timeout=1e-9)
    assert not result.complete and result.verdict == "unknown"


# -- public data sets -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def csplib(datasets):
    items = satlink.load(datasets / CSPLIB / "battleship_instances.pl")
    assert len(items) == 303 and all(i.error is None for i in items)
    return items


def test_csplib_boards_unique_with_hints(csplib):
    # The listing's boards are generated so that their hints make them unique.
    for item in csplib:
        result = engine.solve(bs.GENRE, item.instance, limit=2)
        assert result.verdict == "unique", item.extra["id"]


def test_csplib_published_counts(csplib):
    """`Solutions: N` is the count of the tallies alone (the listing's hints
    each remove the number of solutions printed after them, down to 1); the
    counting hook must reproduce it for every one of the 303 boards (653,890
    solutions in all; about 25 s)."""
    assert sum(i.extra["published_count"] for i in csplib) == 653_890
    for item in csplib:
        got = engine.count(bs.GENRE, blank(item.instance), limit=10 ** 6)
        assert got.complete and got.count == item.extra["published_count"], item.extra["id"]
        if item.extra["published_count"] > engine.COUNT_PROBE:
            # a few solutions listed, then one more verified and all counted in one go
            assert len(got.solutions) == 1 and got.stats.calls == engine.COUNT_PROBE + 2
        else:  # counted by listing them
            assert len(got.solutions) == got.count


def test_csplib_count_through_cli(datasets, tmp_path, capsys):
    # Board 113 (70 solutions) through `satlink count`, hints removed.
    item = next(i for i in satlink.load(datasets / CSPLIB / "battleship_instances.pl")
                if i.extra["id"] == "113")
    path = tmp_path / "b113.pzl"
    path.write_text(bs.to_pzl(blank(item.instance)))
    assert satlink.cli.main(["count", str(path), "--limit", "100000"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "70 solutions"
    assert satlink.cli.main(["count", str(path), "--limit", "10"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "at least 10 solutions (limit reached)"
    assert satlink.cli.main(["count", str(path), "--limit", "70", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["count"] == 70 and rec["complete"] is False  # the limit is reached, not passed
    assert satlink.cli.main(["count", str(path), "--limit", "71", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["count"] == 70 and rec["complete"] is True and rec["verdict"] == "multiple"
    assert bs.verify(blank(item.instance), [tuple(s) for s in rec["solution"]]) == []


def test_janko_all_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Battleship.json").read_text())["data"]
    assert len(data) == 173
    compared = 0
    for key, rec in data.items():
        item = satlink.load_text(rec["problem"], key, fmt="grid-text",
                                 puzzle_type="battleship")[0]
        result = engine.solve(bs.GENRE, item.instance, limit=2)
        assert result.verdict == "unique", key
        if rec["solution"].strip():
            assert result.solutions[0] == bs.solution_from_grid_text(rec["solution"],
                                                                     item.instance), key
            compared += 1
    assert compared == 172  # one 30 x 30 puzzle has no published solution


def test_minizinc_boards_solved(datasets):
    files = sorted((datasets / CSPLIB / "minizinc").glob("*.dzn"))
    assert len(files) == 35
    for path in files:
        item = satlink.load(path)[0]
        assert item.puzzle is bs.GENRE
        result = engine.solve(bs.GENRE, item.instance, limit=1)
        assert result.count == 1, path.name
        # the solution drawn in the file's comments obeys the rules too
        assert bs.verify(item.instance, item.extra["comment_solution"]) == [], path.name


# -- DIMACS through external solvers ----------------------------------------------------------
@pytest.mark.parametrize("solver", ["cadical", "minisat"])
def test_dimacs_external(solver, tmp_path):
    item = satlink.load(ROOT / "instances" / "battleship" / "classic.pzl")[0]
    d = dimacs_roundtrip(item, solver, tmp_path)
    assert d.status == "sat" and d.problems == []
    assert d.solution == item.expected


# -- bad input --------------------------------------------------------------------------------
def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as exc:
        load_pzl(text)
    return exc.value


def test_fleet_differs_from_tallies():
    e = error_of(BASE.replace("fleet 1x2 1x1", "fleet 2x2 1x1"))
    assert "5 ship cells" in e.message and "add up to 3" in e.message
    assert (e.pos.line, e.pos.column) == (3, 7)  # the fleet line's first entry


def test_grid_may_be_left_out():
    """The README's `grid` block is optional: without it every cell is
    unknown, the same board as an all-`.` grid (a keyword named `rows` or
    `cols` once clashed with the reader's own parameters: a TypeError)."""
    without = load_pzl(BASE.split("grid\n")[0]).instance
    assert without == load_pzl(BASE).instance
    assert satlink.outcome(load_pzl(BASE.split("grid\n")[0])).verdict == \
        satlink.outcome(load_pzl(BASE)).verdict


def test_fleet_check_skipped_when_a_tally_is_unknown():
    item = load_pzl(BASE.replace("rows 2 0 1", "rows 2 ? 1").replace("cols 1 1 0 1", "cols ? 1 0 1"))
    assert item.instance.row_tallies == (2, None, 1)


def test_tally_longer_than_grid():
    e = error_of(BASE.replace("cols 1 1 0 1", "cols 1 1 0 1 0"))
    assert "`cols` has 5 values, the board 4 columns" in e.message
    assert (e.pos.line, e.pos.column) == (5, 14)
    e = error_of(BASE.replace("rows 2 0 1", "rows 2 1"))
    assert "`rows` has 2 values, the board 3 rows" in e.message and e.pos.line == 4


def test_unknown_glyph():
    e = error_of(BASE.replace("  . . . .\n  . . . .\n", "  . . . .\n  . x . .\n", 1))
    assert "`x` at row 2, column 2 is not a ship-part glyph" in e.message
    assert (e.pos.line, e.pos.column) == (8, 5)


def test_other_bad_input():
    assert "COUNTxLENGTH" in error_of(BASE.replace("fleet 1x2 1x1", "fleet 1-2")).message
    assert "tally" in error_of(BASE.replace("rows 2 0 1", "rows 2 0 z")).message
    e = error_of(BASE.replace("rows 2 0 1", "rows 2 0 7").replace("fleet 1x2 1x1", "fleet 1x2"))
    assert "row 3 has tally 7" in e.message
    assert "row 2 has 3 cells" in error_of(BASE.replace("  . . . .\n  . . . .\n",
                                                        "  . . . .\n  . . .\n", 1)).message


GOOD = "3 4 1 1\n1 1 0 1\n2 0 1\n- - - -\n- - - -\n- - - -\n"


def test_grid_text_reads_the_fleet_counts():
    inst = satlink.load_text(GOOD, "g.txt", fmt="grid-text", puzzle_type="battleship")[0].instance
    assert inst.fleet == ((2, 1), (1, 1)) and inst.col_tallies == (1, 1, 0, 1)


test_grid_text_errors = errors_have_positions([
    (GOOD.replace("- - - -\n- - - -\n- - - -", "- - - -\n- q - -\n- - - -"), 5, 3,
     "`q` at row 2, column 2 is not a janko Battleship cell"),
    (GOOD.replace("2 0 1", "2 0 1 3"), 3, 7, "`rows` has 4 values, the board 3 rows"),
    (GOOD.replace("3 4 1 1", "3 4 1 2"), 1, 5, "the fleet has 5 ship cells"),  # at N1
    (GOOD.replace("3 4 1 1", "3 4 1 1 1"), 1, 5, "the fleet has 6 ship cells"),
    (GOOD.replace("3 4 1 1", "3 4 1 1 99999"), 1, 9, "number of ships 99999 in the first line"),
    (GOOD.replace("3 4 1 1", "3 4 0 0 0 0 1"), 1, 5, "a ship of length 5 does not fit"),
], grid_text="battleship")


def test_csplib_and_dzn_errors(tmp_path):
    pl = tmp_path / "b.pl"
    pl.write_text("% boards\nproblem(1,\n  [2:1],\n  [1,1],\n  [2,0],\n  [c@[1,1],q@[2,2]]).\n"
                  "problem(2, [2:1], [2,0], [1,1], [l@[1,1]]).\n")
    items = satlink.load(pl)
    assert items[0].error is not None and "`q` is not a hint" in items[0].error.message
    assert (items[0].error.pos.line, items[0].error.pos.column) == (6, 12)
    assert items[1].error is None and engine.solve(bs.GENRE, items[1].instance).verdict == "unique"
    dzn = tmp_path / "b.dzn"
    dzn.write_text("height = 2;\nwidth = 2;\nmaxship = 2;\nship = [0,1];\n"
                   "hint = [| 0, 9 | 0, 0 |];\nrowsum = [2,0];\ncolsum = [1,1];\n")
    with pytest.raises(InputError) as exc:
        satlink.load(dzn)
    assert "hint code 9" in exc.value.message and exc.value.pos.line == 5
    assert battleship_dzn.NAME and csplib_battleship.NAME


# -- regressions found by tests/test_fuzz.py -------------------------------------------

@pytest.mark.parametrize("fmt,text", [
    ("grid-text", "6 \u00b2 3 2 1 0 0\n1 2 1 3 0 3\n2 0 2 1 1 4\n" + "- - - - - -\n" * 6),
    ("pzl", "puzzle battleship\nsize 2\nfleet 1x\u00b9\nrows 1 0\ncols 1 0\ngrid\n  . .\n  . .\n"),
    ("pzl", "puzzle battleship\nsize 2\nfleet 1x1\nrows \u00b9 0\ncols 1 0\ngrid\n  . .\n  . .\n"),
])
def test_superscript_digits_are_input_errors(fmt, text):
    """`str.isdigit` accepts `²`, which int() refuses: a ValueError escaped."""
    with pytest.raises(InputError):
        satlink.load_text(text, "b.txt", fmt=fmt, puzzle_type="battleship")

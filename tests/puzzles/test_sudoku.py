"""Sudoku: counts against brute force, verdicts, verify, formats, published solutions."""
import itertools
import json
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.formats.grid_text import split
from satlink.puzzles import sudoku
from tests.helpers import ROOT, load_pzl
from tests.puzzles.genre_checks import brute_force_harness


def pzl(n, rows, box=None):
    head = f"puzzle sudoku\nsize {n}\n" + (f"box {box}\n" if box else "") + "grid\n"
    return head + "".join("  " + " ".join(r) + "\n" for r in rows)


def grid_text_rows(s):
    return [row.split() for row in s.strip().splitlines()]


@lru_cache(maxsize=None)
def all_4x4_grids():
    """Every 4x4 Sudoku grid, by brute force over row permutations."""
    perms = list(itertools.permutations(range(1, 5)))
    out = []
    for rows in itertools.product(perms, repeat=4):
        if all(len(set(col)) == 4 for col in zip(*rows)) and all(
                len({rows[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4
                for br in (0, 2) for bc in (0, 2)):
            out.append(rows)
    return out


def test_empty_4x4_has_288_solutions():
    assert len(all_4x4_grids()) == 288
    item = load_pzl(pzl(4, [["."] * 4] * 4))
    result = satlink.solve(item, limit=1000)
    assert result.verdict == "multiple" and result.count == 288 and result.complete
    assert len(set(result.solutions)) == 288


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 4)), max_size=7))
def test_counts_match_brute_force(givens):
    grid = [[0] * 4 for _ in range(4)]
    for r, c, v in givens:
        grid[r][c] = v
    expected = [g for g in all_4x4_grids()
                if all(not grid[r][c] or g[r][c] == grid[r][c] for r in range(4) for c in range(4))]
    item = load_pzl(pzl(4, [[str(v) if v else "." for v in row] for row in grid]))
    result = satlink.solve(item, limit=300)
    assert sorted(result.solutions) == sorted(tuple(map(tuple, g)) for g in expected)
    assert result.verdict == {0: "none", 1: "unique"}.get(len(expected), "multiple")


def _board(givens):
    grid = [[0] * 4 for _ in range(4)]
    for r, c, v in givens:
        grid[r][c] = v
    return sudoku.make(4, grid)


def oracle(inst):
    """The 4 x 4 grids (by brute force) that keep the givens."""
    return {g for g in all_4x4_grids()
            if all(not v or g[r][c] == v for r, row in enumerate(inst.givens)
                   for c, v in enumerate(row))}


test_modes_agree_with_brute_force = brute_force_harness(
    sudoku.GENRE, st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 4)),
                           max_size=7).map(_board), oracle, examples=40)


def test_contradicting_givens_are_a_valid_puzzle_with_no_solution():
    item = load_pzl(pzl(4, [["1", "1", ".", "."], ["."] * 4, ["."] * 4, ["."] * 4]))
    assert satlink.solve(item).verdict == "none"


def test_classic_instance_unique_and_equal_to_written_solution():
    item = satlink.load(ROOT / "instances" / "sudoku" / "classic.pzl")[0]
    result = satlink.solve(item)
    assert result.verdict == "unique"
    assert result.solutions[0] == item.expected


def test_six_by_six_with_3x2_boxes():
    item = satlink.load(ROOT / "instances" / "sudoku" / "six.pzl")[0]
    assert (item.instance.box_w, item.instance.box_h) == (3, 2)
    result = satlink.solve(item)
    assert result.verdict == "unique" and result.solutions[0] == item.expected


def test_multiple_solutions_report_the_cells_that_differ():
    rows = [["1", "2", "3", "4"], ["3", "4", "1", "2"], ["."] * 4, ["."] * 4]
    result = satlink.solve(load_pzl(pzl(4, rows)))
    assert result.verdict == "multiple"
    a, b = result.solutions
    assert a != b
    assert result.differing == [f"r{r + 1}c{c + 1}" for r in range(4) for c in range(4)
                                if a[r][c] != b[r][c]]


def test_verify_catches_broken_grids():
    inst = sudoku.make(4, [[1, 0, 0, 0]] + [[0] * 4] * 3)
    good = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
    assert sudoku.verify(inst, good) == []
    swapped = ((2, 1, 3, 4), (3, 4, 1, 2), (1, 2, 4, 3), (4, 3, 2, 1))
    problems = sudoku.verify(inst, swapped)
    assert any("given" in p for p in problems)
    bad_box = ((1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3))
    assert any("box" in p for p in sudoku.verify(inst, bad_box))
    assert sudoku.verify(inst, ((1, 2, 3, 4),)) == ["the grid is not 4 x 4"]


def latin_pattern(n, bw, bh):
    """A valid n x n Sudoku with bw x bh boxes (shifted-row construction)."""
    return [[(bw * (r % bh) + r // bh + c) % n + 1 for c in range(n)] for r in range(n)]


@pytest.mark.parametrize("n, bw, bh", [(16, 4, 4), (25, 5, 5), (8, 4, 2)])
def test_large_sizes_solve_and_verify(n, bw, bh):
    full = latin_pattern(n, bw, bh)
    inst0 = sudoku.make(n, full, (bw, bh))
    assert sudoku.verify(inst0, tuple(map(tuple, full))) == []
    holes = [[v if (r * 7 + c * 3) % 5 else 0 for c, v in enumerate(row)] for r, row in enumerate(full)]
    text = pzl(n, [[str(v) if v else "." for v in row] for row in holes],
               None if bw == bh else f"{bw}x{bh}")
    result = satlink.solve(load_pzl(text), limit=2)
    assert result.verdict in ("unique", "multiple") and result.solutions
    puzzle = sudoku.make(n, holes, (bw, bh))
    assert all(sudoku.verify(puzzle, s) == [] for s in result.solutions)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([(4, None), (6, (3, 2)), (6, (2, 3)), (9, None)]), st.data())
def test_to_pzl_round_trip(shape, data):
    n, box = shape
    rows = data.draw(st.lists(st.lists(st.integers(0, n), min_size=n, max_size=n),
                              min_size=n, max_size=n))
    inst = sudoku.make(n, rows, box)
    again = load_pzl(sudoku.GENRE.to_pzl(inst)).instance
    assert again == inst


def test_published_16x16_solutions(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Sudoku.json").read_text())["data"]
    assert len(data) == 25
    for key, rec in data.items():
        item = satlink.load_text(rec["problem"], key, fmt="grid-text", puzzle_type="sudoku")[0]
        result = satlink.solve(item)
        assert result.verdict == "unique", key
        published = tuple(tuple(int(x) for x in row) for row in grid_text_rows(rec["solution"])[1:])
        assert result.solutions[0] == published, key


def test_one_line_batch_shares_a_solver_and_matches_single_solves(datasets):
    path = datasets / "sudoku" / "norvig_top95.txt"
    items = satlink.load(path)
    assert len(items) == 95 and all(it.batch for it in items)
    batch = list(satlink.outcomes(items))
    assert all(o.verdict == "unique" for o in batch)
    for item, o in list(zip(items, batch))[:10]:
        single = satlink.solve(item.__class__(item.source, item.puzzle, item.instance))
        assert single.solutions == o.solutions


def test_batch_blocking_does_not_leak_between_puzzles():
    """The same puzzle twice in one batch is unique both times: blocking
    clauses of the first must not constrain the second."""
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    items = satlink.load_text(f"{line}\n{line}\n", "dup.txt")
    a, b = satlink.outcomes(items)
    assert a.verdict == b.verdict == "unique" and a.solutions == b.solutions


def test_sixteen_by_sixteen_one_line_format():
    full = latin_pattern(16, 4, 4)
    alphabet = "123456789ABCDEFG"
    line = "".join("." if (r + c) % 4 == 0 else alphabet[v - 1] for r, row in enumerate(full)
                   for c, v in enumerate(row))
    items = satlink.load_text(line + "\n", "s16.txt")
    assert items[0].instance.size == 16
    o = next(satlink.outcomes(items))
    assert o.solutions and o.solutions[0] == tuple(map(tuple, full))


def test_grid_text_errors_have_positions():
    with pytest.raises(satlink.InputError) as err:
        sudoku.GENRE.from_grid_text(split("4 4\n1 - - -\n- - x -\n- - - -\n- - - -\n", "g.txt"))
    assert (err.value.pos.line, err.value.pos.column) == (3, 5)


@pytest.mark.parametrize("size", ["9" * 5000, "\u00b2"])
def test_size_that_int_refuses_is_an_input_error(size):
    """Found by tests/test_fuzz.py: a 5000-digit size raised ValueError in int()."""
    with pytest.raises(satlink.InputError) as exc:
        satlink.load_text(f"puzzle sudoku\nsize {size}\ngrid\n  1\n", "s.pzl")
    assert exc.value.pos.line == 2


@pytest.mark.parametrize("line, message, column", [
    ("box 3y2", "`3y2` in the `box` line: expected `WxH`, for example `3x2`", 5),
    ("box 0x6", "`0x6` in the `box` line: expected `WxH`", 5),
    ("box 3 x 2", "`box` takes one word, not 3", 7),
    ("box 4x2", "boxes of 4x2 hold 8 cells, size says 6", 5),
])
def test_box_line_errors_point_at_the_word(line, message, column):
    """The `box` line is checked before the grid is read (here a row short)."""
    with pytest.raises(satlink.InputError) as exc:
        satlink.load_text(f"puzzle sudoku\nsize 6\n{line}\ngrid\n  .\n", "b.pzl")
    assert message in str(exc.value) and (exc.value.pos.line, exc.value.pos.column) == (3, column)


def test_box_line_written_only_when_not_the_squarest():
    tall = sudoku.make(6, [[0] * 6] * 6, (2, 3))
    assert "\nbox 2x3\n" in sudoku.GENRE.to_pzl(tall)
    assert "box" not in sudoku.GENRE.to_pzl(sudoku.make(6, [[0] * 6] * 6, (3, 2)))
    read = satlink.load_text("puzzle sudoku\nsize 6\nbox 3X2\ngrid\n" + "  . . . . . .\n" * 6,
                             "b.pzl")[0].instance
    assert (read.box_w, read.box_h) == (3, 2)


def test_a_solution_digit_above_the_size_is_an_error_at_its_cell():
    """A 5 in a 4 x 4 Sudoku's `solution` block is no digit of it (it was
    read, and `explain --hint` dropped it from a partial state unsaid)."""
    text = ("puzzle sudoku\nsize 4\ngrid\n  1 . . .\n  . . . .\n  . . . .\n  . . . 1\n"
            "solution\n  1 2 3 5\n  3 4 1 2\n  2 1 4 3\n  4 3 2 1\n")
    with pytest.raises(satlink.InputError) as exc:
        load_pzl(text)
    assert str(exc.value.pos) == "t.pzl:9:9" and "no digit of this 4 x 4 grid" in str(exc.value)
    assert load_pzl(text.replace("3 5\n", "3 4\n")).expected is not None

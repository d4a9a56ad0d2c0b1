"""Kakuro: brute force in both clue modes (any subset of totals), verify,
the janko slice, files and bad input."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.formula import Formula
from satlink.lang import parse_text
from satlink.puzzles import kakuro as K
from tests.puzzles.genre_checks import brute_force_harness
from tests.rules.enumerate import solutions


def segments(inst):
    """The maximal row and column blocks of white cells (the oracle's runs),
    with the total in the cell before each, if any."""
    out = []
    for dr, dc, name in ((0, 1, "right"), (1, 0, "down")):
        for r in range(inst.rows):
            for c in range(inst.cols):
                pr, pc = r - dr, c - dc
                if inst.cells[r][c] is not None or (
                        pr >= 0 and pc >= 0 and inst.cells[pr][pc] is None):
                    continue
                run, (rr, cc) = [], (r, c)
                while rr < inst.rows and cc < inst.cols and inst.cells[rr][cc] is None:
                    run.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                clue = inst.cells[pr][pc] if pr >= 0 and pc >= 0 else None
                out.append((run, getattr(clue, name) if clue else None))
    return out


def brute(inst):
    """Every filling of the white cells with 1-9 whose runs repeat no digit
    and meet their totals."""
    white = [(r, c) for r in range(inst.rows) for c in range(inst.cols)
             if inst.cells[r][c] is None]
    runs = segments(inst)
    out = set()
    for digits in itertools.product(range(1, 10), repeat=len(white)):
        v = dict(zip(white, digits))
        if all(len({v[x] for x in run}) == len(run) and (t is None or sum(v[x] for x in run) == t)
               for run, t in runs):
            out.add(tuple(tuple(v.get((r, c)) for c in range(inst.cols))
                          for r in range(inst.rows)))
    return out


def sat(inst, kept=None):
    f = Formula()
    enc = K.encode(inst, f, Options(clues="direct" if kept is None else "selectors"))
    assume = enc.assumptions(kept) if kept is not None else ()
    sq = enc.square
    var = {x: (c, v) for c in sq.numbers.cells for v, x in sq.numbers.var[c].items()}
    out = set()
    for s in solutions(f, f.answer, assumptions=assume):
        grid = dict(sq.fixed)
        grid.update(var[x] for x in s)
        out.add(tuple(tuple(grid.get((r, c)) for c in range(inst.cols))
                      for r in range(inst.rows)))
    return out


@st.composite
def tiny(draw):
    """Up to 3 x 3 boards (the top row and left column black) with at most
    four white cells and totals from 1 to 17."""
    rows, cols = draw(st.integers(2, 3)), draw(st.integers(2, 3))
    cells = [[K.BLACK] * cols for _ in range(rows)]
    inner = [(r, c) for r in range(1, rows) for c in range(1, cols)]
    white = [x for x in inner if draw(st.booleans())][:4]
    for r, c in white:
        cells[r][c] = None
    for r in range(rows):
        for c in range(cols):
            if cells[r][c] is None:
                continue
            for d, (dr, dc) in K.STEP.items():
                nr, nc = r + dr, c + dc
                if nr < rows and nc < cols and cells[nr][nc] is None and draw(st.booleans()):
                    cells[r][c] = cells[r][c]._replace(**{d: draw(st.integers(1, 17))})
    return K.make(rows, cols, cells)


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(), brute, examples=30)


@settings(max_examples=40, deadline=None)
@given(tiny(), st.data())
def test_counts_match_brute_force_in_both_modes(inst, data):
    want = brute(inst)
    assert sat(inst) == want
    assert all(K.verify(inst, g) == [] for g in list(want)[:50])
    kept = [c for c in K.clues(inst) if data.draw(st.booleans())]
    assert sat(inst, kept) == brute(K.with_clues(inst, kept))


INSTANCE = """puzzle kakuro
size 3 x 3
grid
   x 4, 3,
  ,3  .  .
  ,4  .  .
solution
  . . .
  . 1 2
  . 3 1
"""


def test_verify_names_the_broken_rule():
    doc = parse_text(INSTANCE, "k.pzl")
    inst, good = K.from_document(doc), K.expected_solution(doc)
    assert K.verify(inst, good) == []
    assert K.verify(inst, ((None,) * 3, (None, 1, 2), (None, 2, 2))) == [
        "the right run of r3c1 holds 2 twice", "the down run of r1c3 holds 2 twice",
        "the down run of r1c2 adds up to 3, not 4", "the down run of r1c3 adds up to 4, not 3"]
    assert "r1c1 is a black cell but holds 5" in K.verify(inst, ((5, None, None),) + good[1:])


# -- the janko slice -------------------------------------------------------------------------
def test_janko_slice_unique_and_published(datasets):
    data = json.loads((datasets / "puzzlekit-dev" / "Kakuro.json").read_text())["data"]
    assert len(data) == 200
    for name, entry in data.items():
        inst = K.from_grid_text(split(entry["problem"], name))
        res = engine.solve(K.GENRE, inst)
        assert res.verdict == "unique", name
        assert res.solutions[0] == K.solution_from_grid_text(split(entry["solution"]), inst), name


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text,line,col,words", [
    (INSTANCE.replace("x 4, 3,", "x 4, 50,"), 4, 9, "1..45"),
    (INSTANCE.replace(",4  .  .", ",4  .  3,"), 6, 10, "no white cell"),
    (INSTANCE.replace("x 4, 3,", "x 4, 3;"), 4, 9, "`3;`"),
])
def test_bad_pzl_has_position(text, line, col, words):
    with pytest.raises(InputError) as exc:
        K.from_document(parse_text(text, "k.pzl"))
    assert (exc.value.pos.line, exc.value.pos.column) == (line, col)
    assert words in exc.value.message


def test_bad_grid_text_exits_4(tmp_path, capsys):
    bad = tmp_path / "k.txt"
    bad.write_text("3 3\n- 4, 3,\n,3 0 0\n,4 0 ,9\n")
    assert main(["solve", "--format", "grid-text", "--type", "Kakuro", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "k.txt:4:6" in err and "no white cell" in err


# -- puzz.link ------------------------------------------------------------------------------
#: pzprjs test/script/kakuro.js: the URL and the answer of its last check.
PZPRJS_URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
PZPRJS_ANSWER = [". 5 3 . .", "3 4 1 2 .", "1 2 . 1 2", ". 1 9 3 8", ". . 8 4 ."]


def test_pzprjs_example_url_solves_to_its_answer_and_round_trips():
    from satlink.formats import puzzlink

    module, inst = puzzlink.decode(PZPRJS_URL)
    assert module is K.GENRE
    res = engine.solve(K.GENRE, inst)
    assert res.verdict == "unique"
    want = [[None] * 6] + [[None] + [None if t == "." else int(t) for t in row.split()]
                           for row in PZPRJS_ANSWER]
    assert [list(row) for row in res.solutions[0]] == want
    assert puzzlink.encode(K.GENRE, inst) == PZPRJS_URL


def test_a_bad_url_points_at_its_character():
    from satlink.formats import puzzlink

    with pytest.raises(InputError) as exc:
        puzzlink.decode("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a!")
    assert "`!`" in exc.value.message and exc.value.pos.column > 40


def test_the_engine_lists_every_filling_of_a_board_without_totals():
    """A 2 x 2 block of white cells, runs distinct, no totals: 9 * 8 * (8 +
    7 * 7) fillings (the second row's first digit equal to the first row's
    second or not), each found once (Python's hash of the blocking clauses, as a
    frozenset, collided here and stopped the count)."""
    from satlink.engine.search import search

    inst = K.with_clues(K.from_document(parse_text(INSTANCE, "k.pzl")), [])
    result = search(K.GENRE, inst, limit=5000)
    assert result.complete and len(result.solutions) == 9 * 8 * (8 + 7 * 7)
    assert len(set(result.solutions)) == len(result.solutions)

"""Numberlink: parsing, rules, counts against brute force, formats, data sets."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine, formats
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats import grid_text
from satlink.lang import parse_text
from satlink.model import Model
from satlink.puzzles import _numberlink_text as nl_text
from satlink.puzzles import numberlink as nl
from tests.helpers import EXTERNAL, ROOT, dimacs_roundtrip, load_pzl
from tests.puzzles.genre_checks import brute_force_harness
from tests.rules.test_paths import brute_force as paths_brute


# -- brute force, written from the rules (tests/rules/test_paths.py) ---------------------------
def brute_force(inst: nl.Instance) -> set:
    """Every solution under the instance's fill rule, touching allowed."""
    return paths_brute(inst.grid, inst.endpoints, inst.fill)


def brute_force_rules(inst: nl.Instance) -> set:
    """Brute force under the instance's fill and touch rules."""
    return paths_brute(inst.grid, inst.endpoints, inst.fill, inst.touch)


@st.composite
def boards(draw, max_side=4, max_labels=3):
    w = draw(st.integers(1, max_side))
    h = draw(st.integers(1, max_side))
    cells = [(r, c) for r in range(h) for c in range(w)]
    k = draw(st.integers(0, min(max_labels, len(cells) // 2)))
    pts = draw(st.permutations(cells))[:2 * k]
    grid = [[""] * w for _ in range(h)]
    for i, (r, c) in enumerate(pts):
        grid[r][c] = ("A", "B", "1", "x", "22", "Zz")[i // 2]
    return nl.make(grid, draw(st.sampled_from(nl.FILLS)))


def drawn(inst, sol=None) -> str:
    return nl.GENRE.render_text(inst, sol)


def read(text: str) -> nl.Instance:
    return nl.FORMAT.from_document(parse_text(text))


@st.composite
def touch_boards(draw, max_side=4, max_labels=3):
    inst = draw(boards(max_side, max_labels))
    return nl.apply_options(inst, {"touch": draw(st.sampled_from(nl.TOUCHES))})


#: Lazy, complete (and selectors, which Numberlink lacks: no clue is removable)
#: against brute force, and the verdict, under both fill and both touch rules.
test_modes_agree_with_brute_force = brute_force_harness(nl.GENRE, touch_boards(),
                                                        brute_force_rules, examples=150)


def expected_verdict(solutions: set) -> str:
    return {0: "none", 1: "unique"}.get(len(solutions), "multiple")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_side=5, max_labels=4))
def test_pruned_verdicts_match_brute_force(inst):
    """Verdict mode prunes solutions that a local move improves (reroutes
    under fill any, switches and transfers under fill all) and lets
    `alternative` decide between unique and multiple: the verdict and every
    reported solution must agree with brute force, and the pruned formula
    must keep a solution whenever there is one. A single solution (limit 1, searched near each
    label's endpoints first) exists exactly when brute force finds one."""
    expected = brute_force(inst)
    off = dict(switch=False, transfer=False, labels="onehot")
    on = dict(switch=True, transfer=True, focus_margin=0, labels="onehot")  # 0: widen often
    for config in (off, on, dict(labels="binary", focus_margin=0)):
        res = engine.solve(nl.GENRE, inst, limit=2, settings=config)
        assert res.verdict == expected_verdict(expected), drawn(inst)
        assert set(res.solutions) <= expected
        assert len(set(res.solutions)) == len(res.solutions)
        one = engine.solve(nl.GENRE, inst, limit=1, settings=config)  # under the focus, widened
        assert set(one.solutions) <= expected and (one.verdict == "none") == (not expected)
        pruned = engine.encode(nl.GENRE, inst, Options(prune=True, settings=config))
        with engine.Session(nl.GENRE, pruned) as session:
            kept = session.solve(inst, limit=10 ** 6)
        assert set(kept.solutions) <= expected and bool(kept.solutions) == bool(expected)


def test_verdicts_use_the_moves():
    # fill any: the straight path leaves an empty region it can go round
    inst = nl.make([["1", "", "1"], ["", "", ""], ["", "", ""]], "any")
    res = engine.solve(nl.GENRE, inst, limit=2)
    assert res.verdict == "multiple" and res.solutions[0] == (("1", ((0, 0), (0, 1), (0, 2))),)
    # fill all: 1 or 2 turns round the middle column; pruned, one remains
    inst = nl.make([["1", "", "2"], ["1", "", "2"]], "all")
    pruned = engine.encode(nl.GENRE, inst, Options(prune=True))
    with engine.Session(nl.GENRE, pruned) as session:
        assert len(session.solve(inst, limit=10).solutions) == 1
    res = engine.solve(nl.GENRE, inst, limit=2)
    assert res.verdict == "multiple" and set(res.solutions) == brute_force(inst)
    inst = nl.make([["1", "", "1"], ["", "", ""], ["", "", ""]], "all")
    assert engine.solve(nl.GENRE, inst, limit=2).verdict == "multiple"


def test_known_counts_on_open_boards():
    # one label in the corners of an empty 4 x 4 board, fill any: 184 self-avoiding
    # corner-to-corner walks (OEIS A007764: 1, 2, 12, 184, 8512); fill all: none
    # (both corners share a colour of the checkerboard and 16 cells are even)
    grid = [["1", "", "", ""], ["", "", "", ""], ["", "", "", ""], ["", "", "", "1"]]
    for complete in (False, True):
        assert engine.solve(nl.GENRE, nl.make(grid, "any"), limit=1000,
                            complete=complete).count == 184
        assert engine.solve(nl.GENRE, nl.make(grid, "all"), limit=1000,
                            complete=complete).verdict == "none"


def test_loops_are_cut_not_taken():
    # 3 x 3, fill all, one label on two neighbours: a path between cells of
    # different checkerboard colours has an even number of cells, so 9 cells
    # could only be covered with a closed loop, which the rules forbid
    inst = nl.make([["1", "1", ""], ["", "", ""], ["", "", ""]], "all")
    res = engine.solve(nl.GENRE, inst, limit=10)
    assert res.verdict == "none" and brute_force(inst) == set()
    # 4 x 4, fill any: the CNF admits 6- and 8-cell loops beside the path; the
    # lazy cuts remove them and the count stays that of brute force
    inst = nl.make([["1", "1", "", ""]] + [[""] * 4] * 3, "any")
    res = engine.solve(nl.GENRE, inst, limit=10 ** 4)
    assert res.stats.cuts > 0 and set(res.solutions) == brute_force(inst)


# -- .pzl ----------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(boards(max_side=6, max_labels=6))
def test_to_pzl_round_trip(inst):
    again = read(nl.GENRE.to_pzl(inst))
    assert again == inst


def test_instances_have_their_solutions():
    files = sorted((ROOT / "instances" / "numberlink").glob("*.pzl"))
    assert len(files) >= 3
    for path in files:
        item = satlink.load(path)[0]
        assert item.expected is not None
        out = satlink.outcome(item)
        assert out.verdict == "unique" and out.expected_ok, path
        # the printed file round-trips, solution included
        again = load_pzl(nl.GENRE.to_pzl(item.instance, item.expected))
        assert again.instance == item.instance and again.expected == item.expected


def test_solution_json_and_drawing():
    item = load_pzl("puzzle numberlink\nsize 3 x 2\ngrid\n  A . A\n  B . B\n")
    out = satlink.outcome(item)
    assert out.verdict == "unique"
    assert out.solution_json == {"A": [[0, 0], [0, 1], [0, 2]], "B": [[1, 0], [1, 1], [1, 2]]}
    text = drawn(item.instance, out.solutions[0])  # to_text(picture()): the path joins the ends
    assert "(A)─────(A)" in text and "(B)─────(B)" in text
    assert "(A)     (A)" in drawn(item.instance)


@pytest.mark.parametrize("text, message, line, column", [
    ("grid\n  1 . 2\n  . . .\n  . . 1\n", "label 2 appears only once", 4, 7),
    ("grid\n  1 1 .\n  . 1 .\n  . . .\n", "label 1 appears a third time", 5, 5),
    ("grid\n  1 . 1\n  . .\n  . . .\n", "row 2 has 2 cells, size says 3", 5, 5),
    ("grid\n  1 . 1\n  . . . .\n  . . .\n", "row 2 has 4 cells, size says 3", 5, 9),
    ("grid\n  1 . 1\n  . %zz .\n  . . .\n", "`%` starts an escape", 5, 5),
    ("fill some\ngrid\n  1 . 1\n", "`some` in the `fill` line: expected `all`", 3, 6),
    ("touch never\ngrid\n  1 . 1\n", "`never` in the `touch` line: expected `yes`", 3, 7),
    ("fill all any\ngrid\n  1 . 1\n", "`fill` takes one word, not 2", 3, 10),
])
def test_bad_pzl_input(text, message, line, column):
    with pytest.raises(InputError) as exc:
        load_pzl("puzzle numberlink\nsize 3 x 3\n" + text)
    assert message in exc.value.message
    assert (exc.value.pos.line, exc.value.pos.column) == (line, column)


def test_bad_solution_block():
    text = "puzzle numberlink\nsize 3 x 1\ngrid\n  A . A\nsolution\n  e ew e\n"
    with pytest.raises(InputError) as exc:
        load_pzl(text)
    assert "the connection e of r1c2 is not named at r1c3 (`w` there)" in exc.value.message
    assert (exc.value.pos.line, exc.value.pos.column) == (6, 5)


def test_verify_catches_broken_rules():
    inst = nl.make([["A", "", "A"], ["B", "", "B"]], "all")
    good = (("A", ((0, 0), (0, 1), (0, 2))), ("B", ((1, 0), (1, 1), (1, 2))))
    assert nl.verify(inst, good) == []
    shared = (("A", ((0, 0), (0, 1), (0, 2))), ("B", ((1, 0), (0, 1), (1, 2))))
    assert any("jumps" in p for p in nl.verify(inst, shared))
    gap = (("A", ((0, 0), (0, 1), (0, 2))), ("B", ((1, 0), (1, 2))))
    assert nl.verify(inst, gap)
    loose = nl.make([["A", "", "A"], ["", "", ""]], "all")
    only_a = (("A", ((0, 0), (0, 1), (0, 2))),)
    assert any("on no path" in p for p in nl.verify(loose, only_a))
    assert nl.verify(nl.apply_options(loose, {"fill": "any"}), only_a) == []
    loop = only_a + (("", ((1, 0), (1, 1))),)
    assert any("joins no pair" in p for p in nl.verify(loose, loop))


# -- formats --------------------------------------------------------------------------------
def test_flowfree_format_and_fill_option(tmp_path):
    p = tmp_path / "level"
    p.write_text("A.B\n...\nA.B\n")
    item = satlink.load(p)[0]
    assert item.puzzle is nl.GENRE and (item.instance.fill, item.instance.touch) == ("all", "no")
    assert satlink.outcome(item).verdict == "none"  # the middle column cannot be covered
    item = satlink.load(p, options={"fill": "any"})[0]
    assert item.instance.fill == "any"
    res = engine.solve(nl.GENRE, item.instance, limit=100)
    assert set(res.solutions) == brute_force_rules(item.instance) and res.count > 1
    # touching allowed: more solutions (A may bend round the middle and touch itself)
    item = satlink.load(p, options={"fill": "any", "touch": "yes"})[0]
    res2 = engine.solve(nl.GENRE, item.instance, limit=100)
    assert set(res2.solutions) == brute_force(item.instance) and res2.count > res.count


def test_sniffers_are_strict():
    from satlink.formats import adc, flowfree, numberlink_wh

    sudoku = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
    janko = "3 3\n1 - 2\n- - -\n1 - 2\n"
    for mod in (adc, flowfree, numberlink_wh):
        assert not mod.sniff(sudoku, "x.txt") and not mod.sniff(janko, "x.txt")
    assert not flowfree.sniff("A.B\n...\nA.A\n", "x")  # B once, A three times
    assert numberlink_wh.sniff("# c\n3 2\nA.A\n...\n", "x")
    assert adc.sniff("SIZE 3X2\nLINE_NUM 1\nLINE#1 (0,0)-(2,0)\n", "x")


def test_wh_format_several_puzzles_and_errors():
    text = "# two puzzles\n3 1\nA.A\n\n3 2\nA.A\nB.\n\n2 1\nCC\n0 0\n"
    items = formats.load_text(text, "set.txt")
    assert [i.source.line for i in items] == [2, 5, 9]
    assert items[0].instance.fill == "all" and items[1].error is not None
    err = items[1].error
    assert "row 2 has 2 cells, the header says 3" in err.message
    assert (err.pos.line, err.pos.column) == (7, 3)
    assert [satlink.outcome(i).verdict for i in items] == ["unique", "error", "unique"]


def test_adc_format_errors():
    good = "SIZE 3X2\nLINE_NUM 2\nLINE#1 (0,0)-(2,0)\nLINE#2 (0,1)-(2,1)\n"
    item = formats.load_text(good, "q.txt")[0]
    assert item.instance.fill == "any" and item.instance.cells[1] == ("2", "", "2")
    with pytest.raises(InputError) as exc:
        formats.load_text(good.replace("(2,1)", "(3,1)"), "q.txt")
    assert "outside the 3X2 board" in exc.value.message and exc.value.pos.line == 4
    with pytest.raises(InputError) as exc:
        formats.load_text(good.replace("LINE_NUM 2", "LINE_NUM 3"), "q.txt")
    assert "LINE_NUM says 3" in exc.value.message
    with pytest.raises(InputError) as exc:  # above the documented size limit
        formats.load_text(good.replace("SIZE 3X2", "SIZE 600X600"), "q.txt")
    assert f"accepts at most {nl.MAX_CELLS}" in exc.value.message and exc.value.pos.line >= 1


def test_flowfree_bad_rows(tmp_path):
    with pytest.raises(InputError) as exc:
        formats.load_text("A.B\n..\nA.B\n", "f.txt", fmt="flowfree")
    assert "row 2 has 2 cells" in exc.value.message and exc.value.pos.line == 2


# -- DIMACS through external solvers ------------------------------------------------------
@pytest.mark.parametrize("solver", EXTERNAL)
@pytest.mark.parametrize("name", ["small_5x5", "fill_any_6x6"])
def test_dimacs_external(solver, name, tmp_path):
    item = satlink.load(ROOT / "instances" / "numberlink" / f"{name}.pzl")[0]
    d = dimacs_roundtrip(item, solver, tmp_path)
    assert d.status == "sat" and d.problems == []
    assert d.solution == item.expected  # the puzzle is unique, so any model is it


@pytest.mark.parametrize("solver", EXTERNAL)
def test_dimacs_external_unsat_with_loops_only(solver, tmp_path):
    # only closed loops could fill the rest: the complete CNF must be unsatisfiable
    item = load_pzl("puzzle numberlink\nsize 3 x 3\ngrid\n  1 1 .\n  . . .\n  . . .\n")
    assert dimacs_roundtrip(item, solver, tmp_path).status == "unsat"


# -- public data sets -----------------------------------------------------------------------
def test_flowfree_collection(datasets):
    """Limit 1: a verified solution each, under the levels' own rules (touch
    no) and with touching allowed; the unsolvable level has none either way."""
    files = sorted((datasets / "numberlink" / "flowfree").glob("*.txt"))
    assert len(files) == 29
    for touch in nl.TOUCHES:
        verdicts = {}
        for f in files:
            item = satlink.load(f, options={"touch": touch})[0]
            assert item.instance.touch == touch
            res = engine.solve(nl.GENRE, item.instance, limit=1)
            verdicts[f.stem] = res.verdict
        assert verdicts.pop("unsolvable_cross") == "none"
        assert set(verdicts.values()) == {"solved"}


def test_flowfree_levels_are_unique_without_touching(datasets):
    """The levels that have several solutions when paths may touch
    themselves are unique under Flow Free's rule (touch no)."""
    folder = datasets / "numberlink" / "flowfree"
    for name in ("jumbo_13x13_26", "jumbo_14x14_01"):
        item = satlink.load(folder / f"{name}.txt")[0]
        assert engine.solve(nl.GENRE, item.instance, limit=2).verdict == "unique", name
        loose = nl.apply_options(item.instance, {"touch": "yes"})
        res = engine.solve(nl.GENRE, loose, limit=2)
        assert res.verdict == "multiple" and all(nl.verify(loose, s) == [] for s in res.solutions)


def test_adc_problems_load(datasets):
    files = sorted((datasets / "numberlink" / "adc2015" / "Q").glob("Q*.txt"))
    assert len(files) == 17
    sizes = [satlink.load(f)[0].instance for f in files]
    assert max(len(i.labels) for i in sizes) == 432
    small = satlink.load(datasets / "numberlink" / "adc2015" / "Q" / "Q08.txt")[0]
    assert engine.solve(nl.GENRE, small.instance, limit=1).verdict == "solved"


def janko(datasets) -> list:
    """(id, instance as the grid text reads it, published solution) per dev-slice board."""
    data = json.loads((datasets / "puzzlekit-dev" / "NumberLink.json").read_text())["data"]
    assert len(data) == 116
    out = []
    for key, rec in sorted(data.items()):
        inst = nl.GENRE.from_grid_text(grid_text.split(rec["problem"], key))
        out.append((key, inst, nl.GENRE.solution_from_grid_text(rec["solution"], inst)))
    return out


def is_model(enc, sol) -> bool:
    """The solution's answer literals satisfy the encoding, and no cut cuts it."""
    from pysat.solvers import Solver

    f = enc.formula
    lits = enc.paths.solution_literals(sol)
    with Solver(name="cadical195", bootstrap_with=f.clauses) as s:
        if not s.solve(assumptions=lits):
            return False
        model = Model(f, s.get_model())
    return enc.cuts(model) == [] and enc.decode(model) == sol


@pytest.mark.slow
def test_janko_published_solutions_are_models(datasets):
    """Every published janko solution obeys every rule variant (fill all,
    touch no, so the looser ones too) and is a model of the lazy encoding
    with no cut, under each: the encoding never excludes it."""
    for key, inst, sol in janko(datasets):
        assert (inst.fill, inst.touch) == ("all", "no")  # janko's rule, read from the text
        for fill in nl.FILLS:
            for touch in nl.TOUCHES:
                variant = nl.apply_options(inst, {"fill": fill, "touch": touch})
                assert nl.verify(variant, sol) == []
                assert is_model(engine.encode(nl.GENRE, variant), sol), (key, fill, touch)


@pytest.mark.slow
def test_janko_published_solutions_survive_pruning_or_move(datasets):
    """Verdict-mode pruning (fill any, touch yes: the rule that prunes most)
    only removes solutions some local move improves. So each published
    janko solution is a model of the pruned encoding, or `alternative`
    moves it to another true solution (the three boards that have two
    solutions under that rule: 388, 424 and 565)."""
    moved = []
    for key, inst, sol in janko(datasets):
        loose = nl.apply_options(inst, {"fill": "any", "touch": "yes"})
        enc = engine.encode(nl.GENRE, loose, Options(prune=True))
        if not is_model(enc, sol):
            other = enc.alternative(sol)
            assert other is not None and other != sol and nl.verify(loose, other) == [], key
            moved.append(key)
    assert set(moved) <= {"388_10x15", "424_12x12", "565_10x10"}, moved


AMBIGUOUS = ("388_10x15", "424_12x12", "565_10x10")


def test_janko_rule_makes_the_ambiguous_boards_unique(datasets):
    """Janko's rule page lets cells stay empty, but then 388, 424 and 565
    have a second solution that leaves cells empty (and never touches
    itself); with every cell used they have one that runs beside itself
    (a U-turn round a 2 x 2 block). Under fill all with touch no, the
    rule the grid text is read with, each is unique and the published one."""
    boards = {key: (inst, sol) for key, inst, sol in janko(datasets) if key in AMBIGUOUS}
    for key, (inst, sol) in boards.items():
        for fill, touch in (("any", "no"), ("all", "yes")):
            loose = nl.apply_options(inst, {"fill": fill, "touch": touch})
            res = engine.solve(nl.GENRE, loose, limit=2)
            assert res.verdict == "multiple", (key, fill, touch)
            # what the looser rule lets in, janko's does not
            assert [s for s in res.solutions if nl.verify(inst, s) == []] in ([], [sol])
        res = engine.solve(nl.GENRE, inst, limit=2)
        assert res.verdict == "unique" and res.solutions == [sol], key


@pytest.mark.slow
def test_janko_dev_slice_unique_and_published(datasets):
    """All 116 janko boards, as the grid text reads them (fill all, touch
    no): unique, and equal to the published solution."""
    for key, inst, sol in janko(datasets):
        res = engine.solve(nl.GENRE, inst, limit=2)
        assert res.verdict == "unique" and res.solutions == [sol], key


def test_janko_published_solution_text_is_read_and_checked():
    inst = nl.GENRE.from_grid_text(grid_text.split("2 3\n1 - 1\n2 - 2\n", "t"))
    sol = nl.GENRE.solution_from_grid_text("2 3\ne ew w\ne ew w\n", inst)
    assert sol == (("1", ((0, 0), (0, 1), (0, 2))), ("2", ((1, 0), (1, 1), (1, 2))))
    with pytest.raises(InputError) as exc:  # the middle cell of row 1 points nowhere
        nl.GENRE.solution_from_grid_text("2 3\ne ns w\ne ew w\n", inst)
    assert "the connection e of r1c1 is not named at r1c2" in exc.value.message
    with pytest.raises(InputError) as exc:  # fill all: the grid text's rule
        nl.GENRE.solution_from_grid_text("2 3\ne ew w\n- - -\n", inst)
    assert "breaks the rules" in exc.value.message


# -- regressions found by tests/test_fuzz.py -------------------------------------------

def test_board_above_the_cell_limit_is_refused_at_the_size_line_before_parsing_rows(tmp_path):
    """A full 1600 x 1600 grid (5 MB) took 51 s and 1.5 GB to reach an error at the
    grid; the size line is now checked before the rows are parsed."""
    import time

    rows = ["  " + " ".join(["."] * 1600)] * 1600
    path = tmp_path / "big.pzl"
    path.write_text("puzzle numberlink\nsize 1600 x 1600\ngrid\n" + "\n".join(rows) + "\n")
    t0 = time.perf_counter()
    with pytest.raises(InputError) as exc:
        satlink.load(path)
    assert time.perf_counter() - t0 < 5
    assert (exc.value.pos.line, exc.value.pos.column) == (2, 6)
    assert "2560000 cells" in exc.value.message
    with pytest.raises(InputError) as exc:  # the Document route says the same
        read("puzzle numberlink\nsize 1600 x 1600\ngrid\n  1 1\n")
    assert exc.value.pos.line == 2


def test_adc_size_is_checked_before_the_board_is_allocated():
    """`SIZE 1000000000000X1000000000000` allocated the board first: MemoryError."""
    with pytest.raises(InputError) as exc:
        satlink.load_text("SIZE 1000000000000X1000000000000\nLINE_NUM 1\nLINE#1 (0,0)-(1,0)\n",
                          "q.txt", fmt="adc")
    assert (exc.value.pos.line, exc.value.pos.column) == (1, 6)


# -- labels of any printable character (the W H sets) -----------------------------------------
def test_wh_labels_are_any_printable_character_and_round_trip_through_pzl():
    # `#` on a board row is a label; `#` on a line of its own outside a board a comment
    text = "# a comment\n4 3\n#..#\n_.._\n:..:\n\n# another\n3 1\n%.%\n0 0\n"
    items = formats.load_text(text, "set.txt", fmt="numberlink-wh")
    assert [i.error for i in items] == [None, None]
    first = items[0].instance
    assert first.labels == ("#", "_", ":") and first.fill == "all"
    assert satlink.outcome(items[0]).verdict == "unique"
    for item in items:
        pzl = nl.GENRE.to_pzl(item.instance)
        assert "%23" in pzl or "%25" in pzl
        assert read(pzl) == item.instance
    assert formats.load_text(text, "set.txt")[0].instance == first  # sniffed as W H
    bad = formats.load_text("3 1\na\tb\n", "set.txt", fmt="numberlink-wh")[0].error
    assert bad is not None and "printable label character" in bad.message


@pytest.mark.parametrize("label", ["#", "%", ".", "-", "a#%b", "?", "12"])
def test_label_tokens_read_back(label):
    token = nl_text.label_token(label)
    assert "#" not in token and token not in (".", "-") and nl_text.token_label(token) == label


# -- touch no: a path never touches itself ----------------------------------------------------
def test_touch_keyword_round_trip_verify_and_option():
    text = "puzzle numberlink\nsize 3 x 3\nfill any\ntouch no\ngrid\n  1 . 1\n  . . .\n  . . .\n"
    item = load_pzl(text)
    inst = item.instance
    assert inst.touch == "no" and read(nl.GENRE.to_pzl(inst)) == inst
    assert "touch no" in nl.GENRE.to_pzl(inst)
    assert "touch" not in nl.GENRE.to_pzl(nl.apply_options(inst, {"touch": "yes"}))
    # 1 round the bottom: (0,0) down, along row 2, up to (0,2); (1,0) touches (1,1)? no:
    # a U through row 1 touches itself where the arms meet row 0
    u_turn = (("1", ((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1), (0, 2))),)
    assert nl.verify(nl.apply_options(inst, {"touch": "yes"}), u_turn) == []
    assert any("touches itself" in p for p in nl.verify(inst, u_turn))
    assert nl.apply_options(inst, {"touch": "yes"}).touch == "yes"
    with pytest.raises(InputError):
        nl.apply_options(inst, {"touch": "maybe"})


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(touch_boards(max_side=5, max_labels=4))
def test_touch_verdicts_counts_and_first_match_brute_force(inst):
    """Both touch rules, both fill rules, with and without the canonical first
    search: the verdict (limit 2), the first solution (limit 1) and the count
    equal brute force, every solution verified."""
    expected = brute_force_rules(inst)
    for config in ({}, {"spike": False, "labels": "onehot"}, {"labels": "binary"}):
        res = engine.solve(nl.GENRE, inst, limit=2, settings=config)
        assert res.verdict == expected_verdict(expected), (config, nl.GENRE.to_pzl(inst))
        assert set(res.solutions) <= expected
        one = engine.solve(nl.GENRE, inst, limit=1, settings=config)
        assert set(one.solutions) <= expected and (one.verdict == "none") == (not expected)
    if inst.rows * inst.cols <= 16:
        for complete in (False, True):
            res = engine.solve(nl.GENRE, inst, limit=10 ** 6, complete=complete)
            assert set(res.solutions) == expected, (complete, nl.GENRE.to_pzl(inst))

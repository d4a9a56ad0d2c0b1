"""Cocktail Lamp: brute force, verify, the dev slice, files, errors, puzz.link."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.cli import main
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import cocktaillamp as C
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "cocktaillamp").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def _connected(cells, steps) -> bool:
    cells = set(cells)
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in steps:
            n = (r + dr, c + dc)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


SIDES = ((0, 1), (0, -1), (1, 0), (-1, 0))
KING = SIDES + ((1, 1), (1, -1), (-1, 1), (-1, -1))


def brute(inst) -> set[frozenset]:
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    region = {x: inst.regions[x[0]][x[1]] for x in cells}
    groups = {}
    for x in cells:
        groups.setdefault(region[x], []).append(x)
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        on = {x for x, b in zip(cells, bits) if b}
        if any(sum(x in on for x in groups[region[p]]) != k for p, k in inst.numbers):
            continue
        if any((r, c + 1) in on and region[(r, c)] != region[(r, c + 1)] or
               (r + 1, c) in on and region[(r, c)] != region[(r + 1, c)] for r, c in on):
            continue
        if any({(r + 1, c), (r, c + 1), (r + 1, c + 1)} <= on for r, c in on):
            continue
        if not all(_connected([x for x in g if x in on], SIDES) for g in groups.values()):
            continue
        if _connected(on, KING):
            out.add(frozenset(on))
    return out


@st.composite
def tiny(draw, most=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    cut = draw(st.integers(1, cols))
    tall = draw(st.integers(1, rows))
    regions = tuple(tuple(c // cut + 10 * (r // tall) for c in range(cols)) for r in range(rows))
    inst = C.Instance(rows, cols, regions, ())
    firsts = {}
    for r in range(rows):
        for c in range(cols):
            firsts.setdefault(inst.regions[r][c], (r, c))
    sizes = {k: sum(row.count(k) for row in inst.regions) for k in firsts}
    numbers = [(cell, draw(st.integers(0, sizes[k]))) for k, cell in firsts.items()
               if draw(st.booleans())]
    return C.Instance(rows, cols, regions, tuple(numbers))


test_modes_agree_with_brute_force = brute_force_harness(C.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
TWO = C.Instance(2, 3, ((0, 0, 1), (0, 0, 1)), (((0, 0), 2),))


@pytest.mark.parametrize("shaded, words", [
    ({(0, 0), (0, 1)}, None),
    ({(0, 0), (1, 1)}, "not one block"),
    ({(0, 0)}, "the 2 at r1c1 has 1 shaded cells"),
    ({(0, 0), (0, 1), (0, 2)}, "across a border"),
    ({(0, 0), (1, 0), (0, 1), (1, 1)}, "2 x 2"),
    ({(0, 0), (0, 1), (5, 5)}, "off the board"),
])
def test_verify(shaded, words):
    problems = C.verify(TWO, frozenset(shaded))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


def test_verify_corner_connectivity():
    inst = C.Instance(3, 3, ((0, 1, 2), (3, 4, 5), (6, 7, 8)), ())  # a region per cell
    assert C.verify(inst, frozenset({(0, 0), (2, 2)})) == [
        "the shaded cells are not connected through sides and corners"]
    assert C.verify(inst, frozenset({(0, 0), (1, 1), (2, 2)})) == []


# -- the dev slice -----------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(C.GENRE, datasets, "CocktailLamp") == (10, [])  # none malformed


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = C.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert C.FORMAT.from_document(doc) == inst
    assert C.FORMAT.expected_solution(doc) == sol
    assert C.FORMAT.to_pzl(C.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert C.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(C.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in C.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle cocktaillamp\nsize 3 x 2\ngrid\n  2 . 1\n  . . .\nregions\n  a a b\n  a a b\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("  2 . 1", "  2 q 1"), 4, 5, "`q`", None),
    (PZL.replace("  2 . 1", "  5 . 1"), 4, 3, "above 4", None),
    (PZL.replace("  . . .", "  . 1 ."), 5, 5, "second number", None),
    (PZL.replace("  a a b\n  a a b", "  a b a\n  a b a"), 7, 7, "not connected", None),
    ("2 3\n2 - 3\n- - -\n1 1 2\n1 1 2\n", 2, 5, "above 2", "CocktailLamp"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("1 3\n1 - -\n1 1 1\n")
    assert main(["check", "--format", "grid-text", "--type", "CocktailLamp", str(several)]) == 1
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(PZL.replace("  2 . 1", "  2 q 1"))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:4:5" in err and "Traceback" not in err


# -- puzz.link ------------------------------------------------------------------------------------
def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/cocktail.js: the URL and its accepted answer."""
    url = "https://puzz.link/p?cocktail/6/6/2aaaaauco3o043g12513"
    genre, inst = puzzlink.decode(url)
    assert genre is C.GENRE
    assert puzzlink.encode(C.GENRE, inst) == url
    answer = ("# # # # + # /+ + + + # # /+ # + # + + /+ # + + # # /# + # # + # /"
              "+ + # + # # /")
    shaded = {(r, c) for r, row in enumerate(answer.split("/")[:-1])
              for c, t in enumerate(row.split()) if t == "#"}
    res = engine.solve(C.GENRE, inst)
    assert res.verdict == "unique" and res.solutions[0] == shaded


def test_puzzlink_moves_a_number_to_its_region_first_cell():
    inst = C.Instance(1, 3, ((0, 0, 1),), (((0, 1), 1),))
    back = puzzlink.decode(puzzlink.encode(C.GENRE, inst))[1]
    assert back.numbers == (((0, 0), 1),) and back.regions == inst.regions


@settings(max_examples=25, deadline=None)
@given(tiny(most=9))
def test_verify_passes_exactly_the_brute_force_solutions(inst):
    """verify (from the rules, without networkx since shade15) finds nothing
    wrong in exactly the shadings the brute force accepts, over every
    shading of the board."""
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    want = brute(inst)
    for bits in itertools.product((0, 1), repeat=len(cells)):
        on = frozenset(x for x, b in zip(cells, bits) if b)
        assert (C.verify(inst, on) == []) == (on in want), sorted(on)

"""Kuroshuto: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.puzzles import kuroshuto as K
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, cli_exit_codes, error_at,
                                        pzl_round_trips, unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "kuroshuto").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every shading with no two shaded neighbours, the white cells one area,
    each number white with exactly one shaded cell that many steps away."""
    g = nx.grid_2d_graph(inst.rows, inst.cols)
    cells = sorted(g)
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        on = {x for x, b in zip(cells, bits) if b}
        if any(a in on and b in on for a, b in g.edges):
            continue
        white = g.subgraph(set(cells) - on)
        if white.number_of_nodes() and not nx.is_connected(white):
            continue
        if all((r, c) not in on and sum(x in on for x in {(r - n, c), (r + n, c), (r, c - n),
                                                          (r, c + n)}) == 1
               for (r, c), n in inst.numbers):
            out.add(frozenset(on))
    return out


@st.composite
def tiny(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    picked = draw(st.lists(st.sampled_from(cells), max_size=3, unique=True))
    numbers = []
    for r, c in picked:
        fits = [n for n in range(1, 4) if K.targets(K.Grid(rows, cols), (r, c), n)]
        if fits:
            numbers.append(((r, c), draw(st.sampled_from(fits))))
    return K.Instance(rows, cols, tuple(numbers))


test_modes_agree_with_brute_force = brute_force_harness(K.GENRE, tiny(), brute, examples=40)


# -- verify, from the rules -------------------------------------------------------------------
SMALL = K.Instance(3, 3, (((0, 0), 2), ((2, 0), 1)))  # . . x / . . . / . x .


@pytest.mark.parametrize("shaded, words", [
    (frozenset({(0, 2), (2, 1)}), None),
    (frozenset({(0, 2), (1, 2)}), "the shaded cells r1c3 and r2c3 touch"),
    (frozenset({(0, 1), (1, 0), (2, 1)}), "the white cells are not connected"),
    (frozenset({(0, 0), (2, 1)}), "the number at r1c1 is shaded"),
    (frozenset({(0, 2)}), "the 1 at r3c1 sees 0 shaded cells 1 away"),
    (frozenset({(0, 2), (2, 1), (5, 5)}), "off the board"),
])
def test_verify(shaded, words):
    problems = K.verify(SMALL, shaded)
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(K.GENRE, datasets, "Kuroshuto") == (42, [])  # none malformed


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    pzl_round_trips(K.FORMAT, inst, sols[0] if with_solution and sols else None)


def test_outputs_and_design_clues():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert K.verify(inst, sol) == []
    assert K.GENRE.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(K.GENRE.cells(inst, sol).values()) == len(sol)
    assert "█" in K.GENRE.render_text(inst, sol)
    assert K.verify(K.with_clues(inst, K.clues_of(inst, sol)), sol) == []


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle kuroshuto\nsize 3 x 2\ngrid\n  . . q\n  1 . .\n"


@pytest.mark.parametrize("text,line,col,words,grid_text", [
    (PZL, 4, 7, "`q`", None),
    (PZL.replace(". . q", ". . 3"), 4, 7, "no cell 3 steps away", None),
    (PZL.replace(". . q", ". . 0"), 4, 7, "0", None),
    ("2 3\n. . 9\n1 . .\n", 2, 5, "no cell 9 steps away", "Kuroshuto"),
    ("2 3\n. . w\n1 . .\n", 2, 5, "`w`", "Kuroshuto"),
])
def test_bad_input_has_position(text, line, col, words, grid_text):
    at_line, at_col, message = error_at(text, grid_text)
    assert words in message and (at_line, at_col) == (line, col), message


def test_cli_exit_codes(capsys, tmp_path):
    cli_exit_codes(capsys, tmp_path, "Kuroshuto", "2 2\n- -\n- -\n", INSTANCES[0], PZL, "4:7")


def test_design_clues_are_every_distance_a_solution_obeys():
    """A white cell may obey several distances; the design tools need them all
    (a clue left out would count as broken), and each is its own rule."""
    inst = K.Instance(2, 4)
    shaded = frozenset({(0, 1), (0, 3)})  # . x . x / . . . .
    assert ((0, 0), 1) in K.clues_of(inst, shaded) and ((0, 0), 3) in K.clues_of(inst, shaded)
    both = K.with_clues(inst, [((0, 0), 1), ((0, 0), 3)])
    assert K.verify(both, shaded) == [] and K.verify(both, frozenset({(0, 1)})) != []
    with pytest.raises(satlink.errors.InputError, match="shows one number a cell"):
        K.FORMAT.to_pzl(both)


def test_design_clues_of_a_numbered_cell_are_its_own():
    """On a numbered cell only its number counts (so a minimal set of a
    board's numbers stays one number a cell); `generate` does not apply."""
    inst = K.Instance(2, 4, (((0, 0), 3),))
    shaded = frozenset({(0, 1), (0, 3)})
    assert [n for c, n in K.clues_of(inst, shaded) if c == (0, 0)] == [3]
    assert K.GENRE.design.blank is None

"""Castle Wall: brute force in every mode, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink.formats import puzzlink
from satlink.rules.grid import edge
from satlink.puzzles import castlewall as M
from satlink.rules.grid import Grid, ray_steps
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import (check_error, check_pzl_round_trip, check_pzprjs_vector,
                                       check_selected_clues, flood_inside)
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?castle/5/5/c230021k111a210f"  # robx/pzprjs test/script/castle.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(3, 3), (3, 4), (4, 3), (4, 4), (2, 5)]))
    g, clues = Grid(rows, cols), []
    for cell in g.cells:
        if draw(st.integers(0, 5)) == 0:
            direction = draw(st.sampled_from([None, "n", "e", "s", "w"]))
            most = len(ray_steps(g, cell, direction)) if direction else 0
            count = draw(st.sampled_from([None] + list(range(most + 1)))) if direction else None
            clues.append(M.Clue(cell, draw(st.sampled_from("gox")), direction, count))
    return M.Instance(rows, cols, tuple(clues))


def oracle(inst) -> set[frozenset]:
    """Cycles avoiding the clue cells, white clues inside and black ones
    outside (flood fill), each count the loop edges along its ray."""
    out = set()
    for c in cycles(inst.grid, inst.free):
        inside = flood_inside(inst.grid, c)
        if all((k.cell in inside) == (k.shade == "o") for k in inst.clues if k.shade != "g") and all(
                sum(edge(a, b) in c for a, b in zip([k.cell] + inst.grid.ray(k.cell, k.direction),
                                                   inst.grid.ray(k.cell, k.direction))) == k.count
                for k in inst.clues if k.count is not None):
            out.add(c)
    return out


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=40)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_selectors_pose_any_subset_of_clues(inst, data):
    check_selected_clues(M.GENRE, inst,
                         [f for f in M.clue_facts(inst) if data.draw(st.booleans())], oracle)


RING = frozenset(Grid(3, 3).cell_edges()) - {((0, 1), (1, 1)), ((1, 0), (1, 1)),
                                             ((1, 1), (1, 2)), ((1, 1), (2, 1))}


@pytest.mark.parametrize("clue, words", [
    (M.Clue((1, 1), "o"), None),
    (M.Clue((1, 1), "x"), "black clue at r2c2 lies inside"),
    (M.Clue((1, 1), "g", "e", 0), None),
    (M.Clue((1, 1), "g", "e", 1), "shows 1 but 0 loop steps"),
])
def test_verify_on_the_ring(clue, words):
    problems = M.verify(M.Instance(3, 3, (clue,)), RING)
    assert (problems == []) if words is None else words in problems[0]


def test_verify_outside_and_counts_along_the_ray():
    inst = M.Instance(3, 4, (M.Clue((1, 3), "o", "w", 2),))
    ring = frozenset(Grid(3, 3).cell_edges()) - set(RING ^ frozenset(Grid(3, 3).cell_edges()))
    problems = M.verify(inst, ring)
    assert "white clue at r2c4 lies outside" in problems[0] and "shows 2 but 0" in problems[1]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "CastleWall")
    assert records == 22 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)


@settings(max_examples=30, deadline=None)
@given(boards())
def test_puzzlink_round_trip(inst):
    assert puzzlink.decode(puzzlink.encode(M.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(M.GENRE, URL)
    assert inst.clues[0] == M.Clue((0, 3), "x", "w", 0)
    with pytest.raises(Exception, match="shade"):
        puzzlink.decode("https://puzz.link/p?castle/5/5/c330021k111a210f")


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle castlewall\nsize 2 x 1\ngrid\n  2e .\n", None, 4, 3, "counts 2 loop steps but only 1 cell"),
    ("puzzle castlewall\nsize 2 x 1\ngrid\n  2 .\n", None, 4, 3, "`2`"),
    ("puzzle castlewall\nsize 2 x 1\ngrid\n  . 1q\n", None, 4, 5, "`1q`"),
    ("1 3\n1ex - q\n", "CastleWall", 2, 7, "`q`"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)


def test_picture_draws_clue_cells():
    from satlink.render import to_svg
    _, inst = puzzlink.decode(URL)
    board = M.picture(inst)
    assert len(board.arrows) == 4 and {s.tone for s in board.shades} == {"black", "gray"}
    assert to_svg(board).lstrip().startswith("<")

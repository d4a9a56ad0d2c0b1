"""Castle Wall's settled edges (encodings/inside.md, "Castle Wall: settled
edges"): the edges its faces and its 0 / full counts decide, settled by the
degree rule before the loop is written, against brute force on boards
dense with clue cells (clusters joined to the rim, counts of none or of
every step), where the settling fixes most; and the faces' decided edges
hold in every loop that keeps the colours."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.contract import Options
from satlink.engine import encode
from satlink.puzzles import castlewall as M
from satlink.rules.bitmask import set_bits
from satlink.rules.grid import Grid, ray_steps
from satlink.rules.grid_masks import east_pairs, mask_of, south_pairs
from satlink.rules.loop_faces import Faces
from tests.puzzles.genre_checks import brute_force_harness
from tests.puzzles.loop_checks import flood_inside
from tests.puzzles.test_castlewall import oracle
from tests.rules.test_loops import cycles


@st.composite
def dense_boards(draw):
    rows, cols = draw(st.sampled_from([(3, 4), (4, 4), (4, 5), (5, 4)]))
    g, clues = Grid(rows, cols), []
    for cell in g.cells:
        if draw(st.integers(0, 3)) == 0:
            direction = draw(st.sampled_from([None, "n", "e", "s", "w"]))
            most = len(ray_steps(g, cell, direction)) if direction else 0
            count = draw(st.sampled_from([None, 0, 0, most, most] + list(range(most + 1)))
                         ) if direction else None
            clues.append(M.Clue(cell, draw(st.sampled_from("gox")), direction, count))
    return M.Instance(rows, cols, tuple(clues))


test_settled_modes_agree_with_brute_force = brute_force_harness(
    M.GENRE, dense_boards(), oracle, examples=60)


def edge_of(p: int, cols: int, south: bool):
    r, c = divmod(p, cols)
    return ((r, c), (r + 1, c)) if south else ((r, c), (r, c + 1))


@settings(max_examples=80, deadline=None)
@given(dense_boards())
def test_decided_edges_hold_in_every_loop_that_keeps_the_colours(inst):
    """Every edge the faces decide (from the clue cells and their colours)
    has its value in every cycle around the clue cells that puts each
    coloured clue on its side; a contradiction only where there is none."""
    g, rows, cols = inst.grid, inst.rows, inst.cols
    faces = Faces(rows, cols)
    faces.off_cells([k.cell for k in inst.clues])
    faces.given({k.cell: k.shade == "o" for k in inst.clues if k.shade != "g"})
    board = mask_of(r * cols + c for r, c in inst.free)
    d = faces.decided(east_pairs(board, rows, cols), south_pairs(board, cols))
    on = {edge_of(p, cols, False) for p in set_bits(d.h_on)} | \
        {edge_of(p, cols, True) for p in set_bits(d.v_on)}
    off = {edge_of(p, cols, False) for p in set_bits(d.h_off)} | \
        {edge_of(p, cols, True) for p in set_bits(d.v_off)}
    keep = [c for c in cycles(g, inst.free)
            if all((k.cell in flood_inside(g, c)) == (k.shade == "o")
                   for k in inst.clues if k.shade != "g")]
    if not faces.ok:
        assert keep == []
    for c in keep:
        assert on <= c and not off & c


def test_settling_fixes_edges_and_drops_clauses():
    """A board whose corner clue counts every step of its row (two: the one
    from the clue cell is none), and a black
    clue in a corner: the loop is settled (its row's steps fixed on, the
    step from the clue cell no edge at all)."""
    inst = M.Instance(4, 4, (M.Clue((0, 0), "x", "e", 2), M.Clue((3, 3), "x")))
    enc = encode(M.GENRE, inst, Options())
    loop = enc.loop
    assert loop.fixed_on and loop.settled is not None
    assert {((0, 1), (0, 2)), ((0, 2), (0, 3))} <= {e for e, x in loop.edges.items()
                                                    if x in loop.fixed_on}
    assert ((0, 0), (0, 1)) not in loop.edges  # a step from the clue cell is none

"""Burokku with a symbol in every cell, each once per region (where the
encoding leaves out the size counters: the symbols fix the sizes), against
brute force on tiny boards, and the clauses that saves."""
from __future__ import annotations

from hypothesis import strategies as st

from satlink import engine
from satlink.contract import Options
from satlink.puzzles import burokku as B
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness
from tests.puzzles.test_burokku import brute
from tests.rules.test_regions import BOARDS


@st.composite
def full(draw):
    """Every cell holds a symbol; ``region`` symbols, each once per region;
    sometimes a given border or a join sum."""
    rows, cols = draw(st.sampled_from(BOARDS))
    g = Grid(rows, cols)
    n = rows * cols
    size = draw(st.sampled_from([k for k in range(1, min(n, 3) + 1) if n % k == 0]))
    symbols = draw(st.permutations(["_ABC"[1 + i % size] for i in range(n)]))
    borders = tuple(e for e in g.cell_edges() if draw(st.integers(0, 7)) == 0)
    join = draw(st.sampled_from([None, None, 3]))
    return B.Instance(rows, cols, tuple(zip(g.cells, symbols)), size, borders, join)


test_full_boards_agree_with_brute_force = brute_force_harness(B.GENRE, full(), brute,
                                                              examples=60)


def test_full_board_has_no_size_counter_and_partial_board_has_one():
    rows = ["ABC", "CAB", "BCA"]
    cells = tuple(((r, c), rows[r][c]) for r in range(3) for c in range(3))
    whole = B.Instance(3, 3, cells, 3)
    part = B.Instance(3, 3, cells[:-1], 3)

    def unnamed(f):
        # the size counter (rules/chosen_sizes.bound_size) is the only
        # source of unnamed auxiliaries in Burokku's formula
        return [v for v in range(1, f.num_vars + 1) if f.key(v) is None]

    for inst, sized in ((whole, False), (part, True)):
        # complete mode counts the sizes; lazy mode checks them on models (no counter)
        assert bool(unnamed(engine.encode(B.GENRE, inst, Options(complete=True)).formula)) == sized
        assert not unnamed(engine.encode(B.GENRE, inst, Options()).formula)
        assert engine.solve(B.GENRE, inst).verdict == engine.solve(
            B.GENRE, inst, complete=True).verdict

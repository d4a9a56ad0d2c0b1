"""Moon or Sun: brute force in both modes, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import engine
from satlink.contract import Options
from satlink.engine.session import VerificationError
from satlink.formats import puzzlink
from satlink.puzzles import moonsun as M
from satlink.rules import even_counts, room_kinds
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.loop_checks import (check_error, check_puzzlink_round_trip,
                                       check_pzl_round_trip, check_pzprjs_vector, stretches)
from satlink.rules.loop_checks import loop_order
from tests.rules.test_loops import cycles
from tests.puzzles.test_lits import region_maps

URL = "https://puzz.link/p?moonsun/6/6/44ccaa0c0vo0f1767932ii12"  # robx/pzprjs test/script/moonsun.js


@st.composite
def boards(draw):
    rows, cols, regions = draw(region_maps([(2, 3), (3, 3), (2, 4), (3, 4), (4, 3)], 4))
    cells = [(r, c) for r in range(rows) for c in range(cols) if regions[r][c] is not None]
    marks = [(c, draw(st.sampled_from("ox"))) for c in cells if draw(st.integers(0, 2)) == 0]
    return M.Instance(rows, cols, regions, marks=tuple(marks))


def oracle(inst) -> set[frozenset]:
    """Cycles through room cells entering each room once (networkx
    components), passing all of one kind of mark and none of the other in
    each room, the kinds differing across every crossing."""
    out = set()
    for c in cycles(inst.grid, inst.open_cells):
        on = {x for e in c for x in e}
        kinds = []
        for marks in inst.room_marks:
            passed = [k for k in "ox" if any(x in on for x in marks[k])]
            kinds.append(passed[0] if len(passed) == 1 and all(
                x in on for x in marks[passed[0]]) else None)
        if (None not in kinds and all(stretches(c, room) == 1 for room in inst.room_cells)
                and all(kinds[inst.regions[a[0]][a[1]]] != kinds[inst.regions[b[0]][b[1]]]
                        for a, b in c if inst.regions[a[0]][a[1]] != inst.regions[b[0]][b[1]])):
            out.add(c)
    return out


test_modes_agree_with_brute_force = brute_force_harness(M.GENRE, boards(), oracle, examples=60)

#: 4 x 4 boards (found by search) whose rooms the loop could enter twice but
#: for the "at most two crossings" counter, which MoonSunEncoding states over
#: all but one border edge (parity does the rest, encodings/rooms.md)
TWICE = [
    (((1, 1, 1, 1), (0, 0, 1, 1), (0, 0, 0, 1), (0, 0, 0, 1)),
     (((0, 1), "o"), ((1, 1), "x"), ((1, 3), "x"), ((2, 0), "o"), ((3, 2), "x"))),
    (((0, 0, 0, 0), (0, 0, 1, 1), (1, 1, 1, 1), (1, 1, 1, 1)),
     (((0, 1), "o"), ((0, 2), "x"), ((3, 1), "o"))),
    (((0, 0, 0, 0), (1, 0, 0, 0), (1, 1, 1, 1), (1, 1, 1, 1)),
     (((0, 1), "x"), ((0, 2), "x"), ((0, 3), "x"), ((1, 2), "x"), ((1, 3), "x"), ((2, 3), "o"),
      ((3, 1), "x"), ((3, 2), "x"))),
]


def _solutions(inst) -> set:
    enc = engine.encode(M.GENRE, inst, Options())
    with engine.Session(M.GENRE, enc) as session:
        return set(session.solve(inst, [], limit=300).solutions)


@pytest.mark.parametrize("regions, marks", TWICE)
def test_entered_once_by_parity_counter(regions, marks, monkeypatch):
    """On these boards the counter over all border edges but one gives
    exactly brute force's solutions, and dropping one more edge (or the
    counter) lets a room be entered twice (the engine's verify refuses it)."""
    inst = M.Instance(4, 4, regions, marks=marks)
    assert _solutions(inst) == oracle(inst)
    at_most_two = even_counts.at_most_two
    monkeypatch.setattr(even_counts, "at_most_two", lambda f, lits: at_most_two(f, lits[:-1]))
    with pytest.raises(VerificationError, match="2 times"):
        _solutions(inst)


#: A 4 x 4 board (found by search) whose rooms of two cells the loop could
#: enter twice but for :func:`~satlink.rules.room_kinds.twice_in_domino`'s
#: clauses (encodings/rooms.md, "Small rooms"): it has one solution
DOMINO = (((8, 8, 5, 7), (4, 9, 5, 6), (4, 3, 0, 0), (3, 3, 1, 2)),
          (((2, 3), "o"), ((3, 2), "o"), ((3, 3), "x"), ((3, 1), "x"), ((1, 0), "x"),
           ((0, 2), "x"), ((1, 3), "x"), ((0, 3), "o"), ((0, 1), "o"), ((1, 1), "o")))


def test_rooms_of_two_cells_entered_once_by_their_clauses(monkeypatch):
    regions, marks = DOMINO
    inst = M.Instance(4, 4, regions, marks=marks)
    want = oracle(inst)
    assert _solutions(inst) == want and len(want) == 1
    monkeypatch.setattr(room_kinds, "twice_in_domino", lambda *args: [])
    with pytest.raises(VerificationError, match="2 times"):
        _solutions(inst)


#: A 3 x 4 board (found by search) whose rooms the loop could enter twice,
#: crossing twice to one neighbour, but for "at most one edge between two
#: rooms" (encodings/rooms.md, "Rooms the loop crosses to"): no solution
TWO_TO_ONE = (((5, 5, 1, 2), (0, 4, 1, 2), (0, 0, 3, 6)),
              (((1, 0), "x"), ((0, 2), "x"), ((0, 3), "o"), ((2, 2), "o"), ((1, 1), "o"),
               ((0, 0), "o"), ((0, 1), "o"), ((2, 3), "x")))


def test_one_edge_between_two_rooms(monkeypatch):
    regions, marks = TWO_TO_ONE
    inst = M.Instance(3, 4, regions, marks=marks)
    assert _solutions(inst) == oracle(inst) == set()
    monkeypatch.setattr(room_kinds, "one_edge_between", lambda f, xs: None)
    with pytest.raises(VerificationError, match="2 times"):
        _solutions(inst)


def test_edges_the_givens_decide_have_no_variable():
    """Within a room a sun beside a moon, across rooms two ends of one
    decided kind (a mark's own, or a room's of one kind): no variable; the
    other edges keep theirs."""
    regions = ((0, 0, 1, 1, 2, 2), (0, 0, 1, 1, 2, 2))
    marks = (((0, 0), "o"), ((0, 1), "x"), ((1, 0), "x"), ((0, 2), "x"), ((1, 4), "x"))
    inst = M.Instance(2, 6, regions, marks=marks)
    edges = engine.encode(M.GENRE, inst, Options()).loop.edges
    off = {((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (0, 2)), ((0, 3), (0, 4)),
           ((1, 3), (1, 4))}
    assert not off & set(edges)
    assert set(edges) | off == set(Grid(2, 6).cell_edges())


def test_a_mark_on_a_black_cell_is_refused():
    from satlink.errors import InputError
    with pytest.raises(InputError, match="mark at r1c1 lies in no room"):
        M.Instance(1, 3, ((None, 0, 0),), marks=(((0, 0), "o"), ((0, 1), "x")))


@st.composite
def boards_4x4(draw):
    rows, cols, regions = draw(region_maps([(4, 4), (3, 5)], 4))
    cells = [(r, c) for r in range(rows) for c in range(cols) if regions[r][c] is not None]
    marks = [(c, draw(st.sampled_from("ox"))) for c in cells if draw(st.integers(0, 2)) == 0]
    return M.Instance(rows, cols, regions, marks=tuple(marks))


test_4x4_agree_with_brute_force = brute_force_harness(M.GENRE, boards_4x4(), oracle, examples=25)


def test_verify_names_each_broken_rule():
    g = Grid(2, 4)
    regions = ((0, 0, 1, 1), (0, 0, 1, 1))
    ring = frozenset(g.cell_edges()) - {((0, 1), (1, 1)), ((0, 2), (1, 2))}
    good = M.Instance(2, 4, regions, marks=(((0, 0), "o"), ((0, 3), "x")))
    assert M.verify(good, ring) == []
    same = M.Instance(2, 4, regions, marks=(((0, 0), "o"), ((0, 3), "o")))
    assert "from suns to suns" in M.verify(same, ring)[0]
    both = M.Instance(2, 4, regions, marks=(((0, 0), "o"), ((1, 0), "x"), ((0, 3), "x")))
    assert "both suns and moons" in M.verify(both, ring)[0]
    none = M.Instance(2, 4, regions, marks=(((0, 0), "o"),))
    assert "no mark in the room at r1c3" in M.verify(none, ring)[0]
    square = frozenset(g.cell_edges([(0, 0), (0, 1), (1, 0), (1, 1)]))
    assert "visits the room at r1c3 0 times" in M.verify(good, square)[0]


@pytest.mark.slow
def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(M.GENRE, datasets, "MoonSun")
    assert records == 40 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    check_pzl_round_trip(M.GENRE, inst, with_solution)


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(M.GENRE, URL)
    assert inst.marks[:2] == (((0, 0), "o"), ((0, 1), "x"))


@settings(max_examples=30, deadline=None)
@given(boards())
def test_puzzlink_round_trip(inst):
    check_puzzlink_round_trip(M.GENRE, inst)


@pytest.mark.parametrize("text,line,col,words", [
    ("puzzle moonsun\nsize 2 x 1\ngrid\n  o q\nregions\n  a a\n", 4, 5, "`q`"),
    ("puzzle moonsun\nsize 3 x 1\ngrid\n  o . x\nregions\n  a b a\n", 6, 7, "not connected"),
])
def test_bad_pzl_has_position(text, line, col, words):
    check_error(text, None, line, col, words)


def test_bad_grid_text_has_position():
    line, col, message = error_at("1 2\no q\na a\n", "MoonSun")
    assert (line, col) == (2, 3) and "`q`" in message


def test_picture_draws_marks_rooms_and_loop():
    from satlink.render import to_svg
    _, inst = puzzlink.decode(URL)
    board = M.picture(inst)
    assert len(board.circles) == len(inst.marks) and board.edges and not board.lines
    assert to_svg(board).lstrip().startswith("<")


def solvable(rng, rows: int, cols: int):
    """A board built around a random cycle of the grid: the cycle cut into
    an even number of stretches (rooms, of alternating kinds), the other
    cells joined to a neighbouring room, marks of the room's kind on the
    cycle (one at least a room) and of the other kind off it; the cycle
    is then a solution (others may be too)."""
    cyc = rng.choice(sorted(cycles(Grid(rows, cols)), key=sorted))
    order = loop_order(cyc)
    n = rng.choice([k for k in (2, 4, 6) if k <= len(order)])
    start, cuts = rng.randrange(len(order)), sorted(rng.sample(range(1, len(order)), n - 1))
    room = {order[(start + t) % len(order)]: s
            for s, (a, b) in enumerate(zip([0, *cuts], [*cuts, len(order)])) for t in range(a, b)}
    rest = [c for c in Grid(rows, cols).cells if c not in room]
    while rest:
        c = rest.pop(0)
        near = [room[d] for d in Grid(rows, cols).neighbours(c) if d in room]
        if near:
            room[c] = rng.choice(near)
        else:
            rest.append(c)
    on = {c for e in cyc for c in e}
    marks = {}
    for s in range(n):
        cells = sorted(c for c in room if room[c] == s)
        mine = "ox"[s % 2]
        for c in cells:
            if c in on and rng.random() < 0.5:
                marks[c] = mine
            elif c not in on and rng.random() < 0.3:
                marks[c] = "ox"[1 - s % 2]
        if not any(marks.get(c) == mine for c in cells):
            marks[rng.choice([c for c in cells if c in on])] = mine
    regions = tuple(tuple(room[r, c] for c in range(cols)) for r in range(rows))
    return M.Instance(rows, cols, regions, marks=tuple(marks.items())), cyc


@pytest.mark.parametrize("seed", range(6))
def test_boards_built_around_a_loop_agree_with_brute_force(seed):
    """Random boards with a solution (``solvable``), lazy and complete,
    every solution and no other (brute force's, ``oracle``)."""
    import random
    rng = random.Random(seed)
    for _ in range(8):
        inst, cyc = solvable(rng, *rng.choice([(3, 3), (3, 4), (4, 4)]))
        want = oracle(inst)
        assert cyc in want
        for complete in (False, True):
            enc = engine.encode(M.GENRE, inst, Options(complete=complete))
            with engine.Session(M.GENRE, enc) as session:
                assert set(session.solve(inst, [], limit=300).solutions) == want

"""Checks that the loop genres' tests share: the loops an encoding admits
(solve, cut, block) against an oracle (the rules written again over every
simple cycle of a small board, with networkx and walks along the cycle,
never the genre's ``verify``), and the facts those oracles measure:
stretches of a loop in a room, arms of a cell, the cells inside."""
from __future__ import annotations

import networkx as nx

from satlink.contract import Options
from satlink.formula import Formula
from satlink.formats import puzzlink
from satlink.lang import parse_text
from tests.puzzles.genre_checks import error_at
from tests.rules.enumerate import solutions
from tests.rules.test_loops import cycles


def sat_loops(genre, inst, options=Options(), clues=None) -> set[frozenset]:
    """The loops (edge sets) the encoding admits; ``clues``: the selected
    clues in selector mode."""
    f = Formula()
    enc = genre.encode(inst, f, options)
    name = {x: e for e, x in enc.loop.edges.items()}
    assume = enc.assumptions(clues) if clues is not None else ()
    got = solutions(f, list(name), None if options.complete else enc.cuts, assumptions=assume)
    return {frozenset(name[x] for x in s) for s in got}


def check_selected_clues(genre, inst, kept, oracle) -> None:
    """Selector mode with only the clues ``kept`` assumed admits exactly the
    loops ``oracle`` finds on the board that shows only those clues."""
    fewer = genre.design.with_clues(inst, kept)
    assert sat_loops(genre, inst, Options(clues="selectors"), kept) == oracle(fewer)


def stretches(loop, room) -> int:
    """The loop's separate pieces inside ``room``: components of the loop
    graph on its cells there."""
    g = nx.Graph(loop)
    return nx.number_connected_components(g.subgraph([c for c in room if c in g]))


def walk_arms(loop, cell) -> list[int]:
    """The lengths of the two straight stretches leaving ``cell``: walk the
    cycle from ``cell`` each way until the step changes direction."""
    g = nx.Graph(loop)
    out = []
    for nxt in sorted(g[cell]):
        step, prev, here, k = (nxt[0] - cell[0], nxt[1] - cell[1]), cell, nxt, 1
        ahead = next(c for c in g[here] if c != prev)
        while (ahead[0] - here[0], ahead[1] - here[1]) == step:
            prev, here, k = here, ahead, k + 1
            ahead = next(c for c in g[here] if c != prev)
        out.append(k)
    return out


def goes_straight(loop, cell) -> bool:
    """The loop's two neighbours of ``cell`` lie on opposite sides of it."""
    a, b = nx.Graph(loop)[cell]
    return a[0] + b[0] == 2 * cell[0] and a[1] + b[1] == 2 * cell[1]


def flood_inside(grid, loop) -> set:
    """Cells off the loop not reachable from beyond the board: points of a
    doubled lattice (cell centres at even coordinates, the board framed by
    one more ring), joined unless a loop edge runs through one of them."""
    blocked = {(a[0] + b[0] + 2, a[1] + b[1] + 2) for a, b in loop}
    blocked |= {(2 * r + 2, 2 * c + 2) for e in loop for r, c in e}
    pts = [(y, x) for y in range(2 * grid.rows + 3) for x in range(2 * grid.cols + 3)]
    g = nx.Graph()
    g.add_nodes_from(p for p in pts if p not in blocked)
    g.add_edges_from((p, q) for p in g for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)) if q in g)
    outside = nx.node_connected_component(g, (0, 0))
    return {(r, c) for r, c in grid.cells if (2 * r + 2, 2 * c + 2) in g
            and (2 * r + 2, 2 * c + 2) not in outside}


def check_pzl_round_trip(genre, inst, with_solution: bool) -> None:
    """`.pzl` text of ``inst`` (with one of its board's cycles as the
    solution when asked) reads back as the same instance and solution."""
    loops = sorted(cycles(inst.grid), key=sorted)
    sol = loops[len(loops) // 2] if with_solution and loops else None
    doc = parse_text(genre.to_pzl(inst, sol), "rt.pzl")
    assert genre.from_document(doc) == inst
    assert genre.expected_solution(doc) == sol


def check_puzzlink_round_trip(genre, inst) -> None:
    """``inst`` -> puz.link URL -> ``inst`` (boards with black cells have no URL)."""
    if all(None not in row for row in inst.regions):
        assert puzzlink.decode(puzzlink.encode(genre, inst))[1] == inst


def check_error(text: str, puzzle_type, line: int, col: int, words: str) -> None:
    """Reading ``text`` fails at ``line``, ``col`` with ``words`` in the message."""
    got = error_at(text, puzzle_type)
    assert got[:2] == (line, col) and words in got[2], got


def check_pzprjs_vector(genre, url: str):
    """The instance of one of pzprjs's own example URLs, which reads as
    ``genre`` and is written back unchanged."""
    got, inst = puzzlink.decode(url)
    assert got is genre and puzzlink.encode(genre, inst) == url
    return inst

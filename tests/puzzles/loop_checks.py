"""Checks that the loop genres' tests share: the loops an encoding admits
(solve, cut, block), and the loops the rules admit by brute force (every
simple cycle of the board that the genre's ``verify`` accepts)."""
from __future__ import annotations

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


def brute_loops(genre, inst, cells=None) -> set[frozenset]:
    """Every simple cycle through ``cells`` (default: all) that ``verify`` accepts."""
    return {c for c in cycles(inst.grid, cells) if not genre.verify(inst, c)}


def check_modes(genre, inst, kept=None, cells=None) -> None:
    """Lazy, complete and selector modes (with the clues ``kept``; none
    when the genre has no design clues) against brute force."""
    want = brute_loops(genre, inst, cells)
    assert sat_loops(genre, inst) == want
    assert sat_loops(genre, inst, Options(complete=True)) == want
    if kept is None:
        return
    fewer = genre.design.with_clues(inst, kept)
    assert sat_loops(genre, inst, Options(clues="selectors"), kept) == brute_loops(
        genre, fewer, cells)


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

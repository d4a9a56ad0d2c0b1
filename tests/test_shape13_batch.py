"""Batches of one shape for Slitherlink and Masyu (issue 22, item 5): any
clue of the board gets its selector on first use, so one solver serves every
board of a size. On tiny boards every solution set, in a batch and one by
one, equals brute force (every simple cycle the rules accept, by the genre's
own ``verify``), for boards with one solution, several and none; the cuts the
batch kept from all of them still admit every loop of the board; the
renewal of the solver keeps retired activation literals apart from the
selectors made after it was built."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from satlink import engine
from satlink.cli import main
from satlink.contract import Options
from satlink.puzzles import masyu as M
from satlink.puzzles import slitherlink as S
from satlink.rules.grid import Grid
from tests.rules.test_loops import cycles

ALL = 10 ** 6  # a limit no tiny board reaches: every solution


class Renewing(engine.BatchSolver):
    """A batch whose solver is rebuilt after every two boards."""

    RENEW = 2


def loops(inst, lattice: bool) -> set[frozenset]:
    """Every simple cycle of the board: through cell centres (Masyu) or
    along the grid lines, a cycle of the lattice points (Slitherlink)."""
    g = Grid(inst.rows + 1, inst.cols + 1) if lattice else Grid(inst.rows, inst.cols)
    return cycles(g)


def brute(genre, inst, lattice: bool) -> set[frozenset]:
    return {c for c in loops(inst, lattice) if not genre.verify(inst, c)}


def boards(genre, rows: int, cols: int, lattice: bool, rng, n: int, mutate):
    """``n`` boards of one size: each the clues a random loop obeys, thinned
    at random; every third with one clue changed (``mutate``)."""
    blank = genre.design.blank(rows, cols, {})
    every = sorted(loops(blank, lattice), key=sorted)
    out = []
    for k in range(n):
        clues = genre.design.clues_of(blank, rng.choice(every))
        kept = rng.sample(clues, min(len(clues), max(1, int(len(clues) * rng.uniform(0.2, 0.8)))))
        if k % 3 == 2 and kept:
            i = rng.randrange(len(kept))
            kept[i] = mutate(kept[i])
        out.append(genre.design.with_clues(blank, kept))
    return out


def slither_mutate(clue):
    cell, v = clue
    return cell, (v + 1) % 4


def pearl_mutate(pearl):
    return M.Pearl(pearl.cell, M.BLACK if pearl.colour == M.WHITE else M.WHITE)


#: (genre as batched, lattice loop, mutation, sizes): Slitherlink declares no
#: batch_shape (it does not pay: benchmarks/shape13_batch.py), so it is given one here.
CASES = {
    "slitherlink": (dataclasses.replace(S.GENRE, batch_shape=lambda i: (i.rows, i.cols)), True,
                    slither_mutate, [(3, 3), (2, 4)]),
    "masyu": (M.GENRE, False, pearl_mutate, [(4, 4), (3, 5)]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_batch_and_one_by_one_give_every_solution_brute_force_gives(name):
    genre, lattice, mutate, sizes = CASES[name]
    rng = random.Random(13)
    puzzles = [b for rows, cols in sizes
               for b in boards(genre, rows, cols, lattice, rng, 9, mutate)]
    rng.shuffle(puzzles)  # the two sizes interleaved: two sessions, each renewed
    counts = set()
    with Renewing(genre) as batch:
        for inst in puzzles + puzzles[:4]:  # and again, after others
            want = brute(genre, inst, lattice)
            counts.add(min(len(want), 2))
            fresh = engine.search(genre, inst, limit=ALL)
            got = batch.solve(inst, limit=ALL)
            assert set(got.solutions) == set(fresh.solutions) == want
            assert len(got.solutions) == len(want)
            pair, fresh_pair = batch.solve(inst, limit=2), engine.search(genre, inst, limit=2)
            assert pair.verdict == fresh_pair.verdict
            if pair.verdict == "unique":
                assert pair.solutions == fresh_pair.solutions
        assert all(s.retired <= Renewing.RENEW for s in batch._sessions.values())
        # the cuts every board left behind admit every loop: a board without clues
        for rows, cols in sizes:
            blank = genre.design.blank(rows, cols, {})
            assert set(batch.solve(blank, limit=ALL).solutions) == loops(blank, lattice)
    assert counts == {0, 1, 2}, "the collection must hold boards with none, one and several"


def test_renewal_numbers_activation_literals_above_selectors_made_later():
    """A selector made for a later board's clue lies above the variables the
    session was built with; after the renewal the next activation literal
    must lie above it, never on it."""
    genre = CASES["slitherlink"][0]
    with Renewing(genre) as batch:
        batch.solve(S.Instance(2, 2, [[1, None], [None, None]]))
        batch.solve(S.Instance(2, 2, [[None, None], [None, 3]]))  # a new selector, then renewal
        (session,) = batch._sessions.values()
        newest = session.encoding.selectors[((1, 1), 3)]
        batch.solve(S.Instance(2, 2, [[None, 2], [None, None]]))
        (renewed,) = batch._sessions.values()
        assert renewed is not session and renewed.base_top >= newest
        assert session.encoding.formula.new_aux() > newest


def test_a_board_is_posed_with_exactly_its_clues():
    """Every selector a batch made for other boards is assumed false, so the
    solver never poses another board's clue by deciding its free guard."""
    enc = engine.encode(M.GENRE, M.Instance(3, 3, ()), Options(clues="selectors"))
    white, black = M.Pearl((1, 1), M.WHITE), M.Pearl((0, 0), M.BLACK)
    first = enc.assumptions([white, black])
    assert enc.assumptions([white]) == [first[0], -first[1]]
    assert enc.assumptions([]) == [-first[0], -first[1]]


def test_a_clue_off_the_board_is_named():
    enc = engine.encode(S.GENRE, S.Instance(2, 2, [[None] * 2] * 2),
                        Options(clues="selectors"))
    with pytest.raises(KeyError, match=r"\(2, 0\)"):
        enc.assumptions([((2, 0), 1)])
    menc = engine.encode(M.GENRE, M.Instance(2, 2, ()), Options(clues="selectors"))
    with pytest.raises(KeyError, match="no selector"):
        menc.assumptions([M.Pearl((0, 2), M.WHITE)])


def test_masyu_batches_small_boards_and_solves_larger_ones_alone():
    assert M.GENRE.batch_shape(M.Instance(10, 10, ())) == (10, 10)
    assert M.GENRE.batch_shape(M.Instance(10, 18, ())) is None
    assert M.GENRE.batch_shape(M.Instance(13, 14, ())) is None
    big = M.Instance(13, 14, (M.Pearl((0, 0), M.BLACK), M.Pearl((12, 13), M.BLACK)))
    with engine.BatchSolver(M.GENRE) as batch:
        got = batch.solve(big, limit=2)
        assert not batch._sessions  # no shared solver for it
    assert got.verdict == engine.search(M.GENRE, big, limit=2).verdict == "multiple"


def test_check_batches_a_masyu_collection(tmp_path, capsys):
    """``satlink check`` on a puzzlekit collection of 4 x 4 boards (shared
    solver) gives the verdicts of one-by-one searches."""
    rng = random.Random(11)
    insts = boards(M.GENRE, 4, 4, False, rng, 9, pearl_mutate)
    pearls = [{p.cell: p.colour for p in inst.pearls} for inst in insts]
    data = {str(k): {"problem": "4 4\n" + "\n".join(
        " ".join(ps.get((r, c), "-") for c in range(4)) for r in range(4)), "solution": ""}
        for k, ps in enumerate(pearls)}
    path = tmp_path / "Masyu.json"
    path.write_text(json.dumps({"name": "Masyu", "data": data}))
    main(["check", str(path), "--json"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["verdict"] for r in records] == [engine.search(M.GENRE, i).verdict for i in insts]
    assert {r["verdict"] for r in records} == {"unique", "multiple", "none"}
    # one shared formula, growing with the selectors each board's new pearls make
    sizes = [r["stats"]["variables"] for r in records]
    assert sizes == sorted(sizes) and len(set(sizes)) > len(sizes) // 2

"""The design tools against brute force over every clue subset, on tiny
boards of every genre whose clues can be removed.

The oracle's answers are checked from outside: every solution of the
clue-less board is listed once, and which candidate clues each obeys is
read from the genre's ``verify`` on one-clue puzzles (not from the
``clues_of`` hook the tools use). A clue set is unique exactly when every
other solution breaks one of its clues.
"""
from __future__ import annotations

import itertools
import random

import pytest

from satlink import puzzles
from satlink.design.analyze import backbone, completion, conflict, redundant
from satlink.design.clue_sets import minimal, minimum
from satlink.design.oracle import Oracle
from satlink.design.tasks import generate_one
from satlink.engine.search import search
from satlink.errors import InputError

#: A tiny board per genre with ``blank``: (width, height, params). A new
#: designable genre must add one (test_every_designable_genre_has_a_board).
TINY = {"sudoku": (4, 4, {}), "slitherlink": (3, 3, {}), "masyu": (4, 4, {}),
        "battleship": (4, 4, {"fleet": [2, 1, 1]}), "circuitboard": (4, 4, {}),
        "kuromasu": (4, 4, {}), "norinori": (4, 4, {}), "fillomino": (3, 3, {}),
        "cave": (3, 3, {})}
#: The Gattai Sudokus differ only in where their 9 x 9 grids lie: each is
#: tried on three 3 x 3 grids of 3 x 1 boxes that share cells (288 solutions).
TINY.update({name: (6, 5, {"box": (3, 1), "grids": ((0, 0), (1, 1), (2, 0))})
             for name in ("samuraisudoku", "butterflysudoku", "gattai8sudoku", "windmillsudoku",
                          "soheisudoku", "shogunsudoku", "sumosudoku", "clueless1sudoku",
                          "clueless2sudoku")})
#: Genres without ``blank``: an instance file whose clues are the candidates.
FILES = {"zebra": "instances/zebra/three-houses.pzl", "akari": "instances/akari/hand-6x6.pzl",
         "kakuro": "instances/kakuro/tiny-3x3.pzl",
         "killersudoku": "instances/killersudoku/small-4x4.pzl",
         "jigsawsudoku": "instances/jigsawsudoku/small-5x5.pzl",
         "evenoddsudoku": "instances/evenoddsudoku/small-4x4.pzl",
         "consecutivesudoku": "instances/consecutivesudoku/small-4x4.pzl",
         "countryroad": "instances/countryroad/pzprjs-5x5.pzl",
         "castlewall": "instances/castlewall/pzprjs-5x5.pzl",
         "geradeweg": "instances/geradeweg/small-4x4.pzl",
         "balanceloop": "instances/balanceloop/pzprjs-5x5.pzl",
         "grandtour": "instances/grandtour/small-5x4.pzl",
         "heyawake": "instances/heyawake/hand-5x5.pzl",
         "juosan": "instances/juosan/tiny-3x3.pzl",
         "tent": "instances/tent/small-4x4.pzl"}
# the genres of the four waves, one line each (helpers append here)
TINY["gokigen"] = (3, 2, {})
TINY.update({"yinyang": (3, 3, {}), "creek": (3, 3, {})})
TINY.update({"canalview": (3, 3, {}), "fobidoshi": (3, 3, {})})
TINY.update({"skyscraper": (4, 4, {}), "abcendview": (4, 4, {"k": 3})})
TINY["nonogram"] = (3, 3, {})
TINY["mosaic"] = (3, 3, {})
TINY["kakurasu"] = (3, 3, {})
TINY["linesweeper"] = (3, 3, {})
TINY["doors"] = (3, 2, {})
TINY["pfeilzahlen"] = (5, 4, {})
TINY["binairo"] = (4, 4, {})
FILES["shakashaka"] = "instances/shakashaka/tiny-4x4.pzl"
FILES["aqre"] = "instances/aqre/hand-4x4.pzl"
FILES["nurimisaki"] = "instances/nurimisaki/hand-5x5.pzl"
FILES["shimaguni"] = "instances/shimaguni/hand-4x4.pzl"
FILES["chocona"] = "tests/design/boards/chocona-4x3.pzl"
FILES["yajikabe"] = "instances/yajikabe/hand-5x5.pzl"
FILES["kenken"] = "instances/kenken/small-4x4.pzl"
FILES["kakkuru"] = "instances/kakkuru/small-4x4.pzl"
FILES["mathrax"] = "instances/mathrax/small-4x4.pzl"
FILES["tennergrid"] = "instances/tennergrid/small-5x3.pzl"
FILES["factors"] = "instances/factors/small-4x4.pzl"
FILES["suguru"] = "instances/suguru/small-4x4.pzl"
FILES["hakyuu"] = "instances/hakyuu/pzprjs-4x4.pzl"
FILES["patchwork"] = "instances/patchwork/small-4x4.pzl"
FILES["cojun"] = "instances/cojun/pzprjs-4x4.pzl"
FILES["renban"] = "instances/renban/small-4x4.pzl"
FILES["makaro"] = "instances/makaro/pzprjs-5x5.pzl"
FILES["hanare"] = "instances/hanare/pzprjs-4x4.pzl"
TINY["trinairo"] = (3, 3, {})
TINY["doppelblock"] = (4, 4, {})
FILES["koburin"] = "instances/koburin/pzprjs-5x5.pzl"
FILES["pipeline"] = "instances/pipeline/small-4x4.pzl"
FILES["regionalyajilin"] = "instances/regionalyajilin/pzprjs-5x5.pzl"
FILES["shingoki"] = "instances/shingoki/hand-5x5.pzl"
FILES["detour"] = "instances/detour/pzprjs-6x5.pzl"
FILES["numbercross"] = "instances/numbercross/tiny-3x3.pzl"
TINY["midloop"] = (3, 3, {})
FILES["pipelink"] = "instances/pipelink/small-4x4.pzl"
TINY["eulero"] = (3, 3, {})
TINY["skyscrapersudoku"] = (4, 4, {})
TINY["marginsudoku"] = (4, 4, {})
FILES["str8t"] = "instances/str8t/small-6x6.pzl"
TINY["gappy"] = (9, 9, {})
FILES["thermometer"] = "instances/thermometer/hand-4x4.pzl"
FILES["cocktaillamp"] = "instances/cocktaillamp/small-4x4.pzl"
TINY["minesweeper"] = (3, 3, {"mines": 2})
TINY["bricks"] = (4, 4, {})
FILES["magnetic"] = "instances/magnetic/small-4x4.pzl"
FILES["pills"] = "instances/pills/small-5x5.pzl"
FILES["digitalbattleship"] = "tests/design/boards/digitalbattleship-4x4.pzl"
TINY["sukoro"] = (3, 3, {})
FILES["nanro"] = "instances/nanro/pzprjs-4x4.pzl"
FILES["fuzuli"] = "tests/design/boards/fuzuli-4x4.pzl"
FILES["onetox"] = "instances/onetox/small-4x4.pzl"
FILES["diffneighbors"] = "instances/diffneighbors/small-4x4.pzl"
FILES["snake"] = "instances/snake/small-4x4.pzl"
FILES["hidoku"] = "instances/hidoku/tiny-3x3.pzl"
FILES["hakoiri"] = "tests/design/boards/hakoiri-4x3.pzl"
FILES["stitches"] = "instances/stitches/hand-4x4.pzl"
FILES["squareo"] = "instances/squareo/small-3x2.pzl"
FILES["putteria"] = "instances/putteria/hand-4x4.pzl"
FILES["sternenhimmel"] = "instances/sternenhimmel/small-4x4.pzl"
FILES["terrax"] = "instances/terrax/tiny-2x2.pzl"
FILES["tilepaint"] = "instances/tilepaint/small.pzl"
FILES["paintarea"] = "instances/paintarea/pzprjs-5x5.pzl"
TINY["nanbaboru"] = (3, 3, {"k": 2})
FILES["shugaku"] = "instances/shugaku/small.pzl"
FILES["kuroshuto"] = "instances/kuroshuto/tiny-3x3.pzl"
FILES["tripletts"] = "instances/tripletts/hand-4x3.pzl"
FILES["bosanowa"] = "instances/bosanowa/small-3x2.pzl"
TINY["foseruzu"] = (4, 4, {"cells": 4})
MAX_CANDIDATES = 11


def designable():
    return [m for m in puzzles.types() if m.designable]


def test_every_designable_genre_has_a_board():
    missing = [m.name for m in designable() if m.name not in TINY and m.name not in FILES]
    assert not missing, f"add a tiny board for {missing} to TINY or FILES"
    assert {"sudoku", "slitherlink"} <= {m.name for m in designable()}


class Board:
    """A clue-less board: every solution of it, listed once, and for each
    candidate clue asked about, which of them obey it (by ``verify`` on the
    one-clue puzzle), kept so that the worlds of one board (the seeds, both
    fixtures) list and verify once."""

    def __init__(self, puzzle, shape, target=None, pool=None):
        self.puzzle, self.shape, self.target, self.pool = puzzle, shape, target, pool
        result = search(puzzle, puzzle.design.with_clues(shape, []), limit=50_000)
        assert result.complete, "the tiny board has too many solutions to list"
        self.solutions = result.solutions
        self._obeyed = {}  # clue -> one bool per solution

    def obeyed(self, clue) -> list[bool]:
        if clue not in self._obeyed:
            probe = self.puzzle.design.with_clues(self.shape, [clue])
            self._obeyed[clue] = [not self.puzzle.verify(probe, s) for s in self.solutions]
        return self._obeyed[clue]


def tiny_board(puzzle) -> Board:
    """The genre's board from TINY, or from FILES with the file's solution as
    the target and its clues as the pool."""
    if puzzle.name in FILES:
        from satlink import load

        [item] = load(FILES[puzzle.name])
        target = search(puzzle, item.instance).solutions[0]
        # the file's clues are the clue space; subsets are chosen by with_clues
        return Board(puzzle, item.instance, target, list(puzzle.clues(item.instance)))
    w, h, params = TINY[puzzle.name]
    return Board(puzzle, puzzle.design.blank(h, w, params))


class World:
    """Every solution of a clue-less board and, for each, the candidate
    clues it obeys (by ``verify`` on one-clue puzzles), as bit masks."""

    def __init__(self, puzzle, shape, target, candidates, board=None):
        self.puzzle, self.shape, self.target = puzzle, shape, target
        self.cands = list(candidates)
        board = board or Board(puzzle, shape)
        self.solutions = board.solutions
        assert target in self.solutions
        columns = [board.obeyed(c) for c in self.cands]
        self.obeys = [sum(1 << i for i, col in enumerate(columns) if col[j])
                      for j in range(len(self.solutions))]
        full = (1 << len(self.cands)) - 1
        assert self.mask(target) == full, "the target breaks a candidate clue"
        #: for each other solution, the candidates it breaks
        self.breaks = [full & ~m for s, m in zip(self.solutions, self.obeys) if s != target]

    def mask(self, sol) -> int:
        return sum(1 << i for i, c in enumerate(self.cands)
                   if not self.puzzle.verify(self.puzzle.design.with_clues(self.shape, [c]), sol))

    def bits(self, clues) -> int:
        return sum(1 << self.cands.index(c) for c in clues)

    def unique(self, mask: int) -> bool:
        return all(mask & b for b in self.breaks)

    def minimal(self, mask: int) -> bool:
        return self.unique(mask) and not any(
            self.unique(mask & ~(1 << i)) for i in range(len(self.cands)) if mask >> i & 1)

    def minimum_size(self, within: int, keep: int = 0) -> int:
        sizes = [bin(m).count("1") for m in range(1 << len(self.cands))
                 if m & within == m and m & keep == keep and self.unique(m)]
        return min(sizes)


def world_for(puzzle, seed: int = 0, board: Board | None = None) -> World:
    """A target on the tiny board and at most MAX_CANDIDATES candidate clues
    it obeys that make it unique (a minimal set, topped up at random)."""
    board = board or tiny_board(puzzle)
    shape = board.shape
    rng = random.Random(seed)
    if board.target is not None:
        target, pool = board.target, list(board.pool)
    else:
        target = generate_one(puzzle, shape, rng).solution
        pool = list(puzzle.design.clues_of(shape, target))
    with Oracle(puzzle, shape, target, pool) as oracle:
        core = minimal(oracle, pool, order=rng.sample(pool, len(pool)))
    rest = [c for c in pool if c not in core]
    extra = rng.sample(rest, min(len(rest), max(0, MAX_CANDIDATES - len(core))))
    cands = [c for c in pool if c in set(core) | set(extra)]
    assert len(cands) <= 16
    world = World(puzzle, shape, target, cands, board)
    assert not world.unique(0), "the board without clues is unique: take a larger one"
    return world


@pytest.fixture(scope="module")
def boards():
    """Each genre's Board, made at its first use in this module."""
    return {}


def _world(boards, name, seed) -> World:
    puzzle = puzzles.get(name)
    if name not in boards:
        boards[name] = tiny_board(puzzle)
    return world_for(puzzle, seed, boards[name])


@pytest.fixture(scope="module", params=[(m.name, seed) for m in designable()
                                        for seed in range(3)], ids=lambda p: f"{p[0]}-{p[1]}")
def world(request, boards):
    name, seed = request.param
    return _world(boards, name, seed)


def test_minimal_sets_are_unique_and_minimal(world):
    rng = random.Random(1)
    with Oracle(world.puzzle, world.shape, world.target, world.cands) as oracle:
        for _ in range(4):
            order = rng.sample(world.cands, len(world.cands))
            found = world.bits(minimal(oracle, world.cands, order=order))
            assert world.minimal(found)


def test_minimum_is_the_true_minimum(world):
    every = (1 << len(world.cands)) - 1
    with Oracle(world.puzzle, world.shape, world.target, world.cands) as oracle:
        found = minimum(oracle, world.cands)
        assert found.optimal and found.lower == len(found.clues)
        assert world.unique(world.bits(found.clues))
        assert len(found.clues) == world.minimum_size(every)
        keep = world.cands[-1:]
        kept = minimum(oracle, world.cands, keep=keep)
        assert set(keep) <= set(kept.clues) and world.unique(world.bits(kept.clues))
        assert len(kept.clues) == world.minimum_size(every, world.bits(keep))


def test_redundant_clues_are_those_that_can_each_go(world):
    every = (1 << len(world.cands)) - 1
    with Oracle(world.puzzle, world.shape, world.target, world.cands) as oracle:
        found = set(redundant(oracle, world.cands))
    expected = {c for i, c in enumerate(world.cands) if world.unique(every & ~(1 << i))}
    assert found == expected


def _ambiguous(world, rng):
    """A clue subset with several solutions (clues dropped from a minimal set)."""
    with Oracle(world.puzzle, world.shape, world.target, world.cands) as oracle:
        core = minimal(oracle, world.cands)
    for k in range(len(core) - 1, -1, -1):
        for subset in itertools.combinations(core, k):
            if not world.unique(world.bits(subset)):
                return list(subset)
    raise AssertionError("every subset is unique")


def test_backbone_is_what_every_solution_shares(world):
    subset = _ambiguous(world, random.Random(2))
    puzzle = world.puzzle
    inst = puzzle.design.with_clues(world.shape, subset)
    mask = world.bits(subset)
    sols = [s for s, m in zip(world.solutions, world.obeys) if m & mask == mask]
    assert len(sols) >= 2
    maps = [puzzle.cells(inst, s) for s in sols]
    expected = {k for k in maps[0] if all(m[k] == maps[0][k] for m in maps)}
    found = backbone(puzzle, inst)
    assert found.complete
    assert set(found.forced) == expected
    assert set(found.free) == set(maps[0]) - expected


def test_completion_adds_the_fewest_clues(world):
    subset = _ambiguous(world, random.Random(3))
    puzzle = world.puzzle
    inst = puzzle.design.with_clues(world.shape, subset)
    added, record = completion(puzzle, inst, world.target)
    assert record.optimal
    together = [*subset, *added]
    # brute force over the candidates (the completion may choose among all
    # of the target's clues; a smaller set among these would disprove it)
    extra = world.bits(world.cands) & ~world.bits(subset)
    best = min(bin(m).count("1") for m in range(1 << len(world.cands))
               if m & extra == m and world.unique(m | world.bits(subset)))
    assert len(added) <= best
    check = search(puzzle, puzzle.design.with_clues(world.shape, together))
    assert check.verdict == "unique" and check.solutions[0] == world.target


@pytest.fixture(scope="module", params=[(m.name, seed) for m in designable()
                                        if m.name in TINY for seed in range(3)],
                ids=lambda p: f"{p[0]}-{p[1]}")
def tiny_world(request, boards):
    name, seed = request.param
    return _world(boards, name, seed)


def test_conflict_is_a_minimal_set_no_solution_obeys(tiny_world):
    """A unique clue set plus one clue of another solution that the target
    breaks: no solution obeys them all. (Only boards from TINY: a genre in
    FILES offers its puzzle's own clues, which the target all obeys.)"""
    world = tiny_world
    puzzle = world.puzzle
    with Oracle(puzzle, world.shape, world.target, world.cands) as oracle:
        core = minimal(oracle, world.cands)
    theirs = set(puzzle.design.clues_of(world.shape, world.target))
    clash = None
    def places_apart(clues) -> bool:  # no two clues at one place
        try:
            return set(puzzle.clues(puzzle.design.with_clues(world.shape, clues))) == set(clues)
        except InputError:  # a genre that refuses two clues at one place
            return False

    for other in world.solutions:
        for c in puzzle.design.clues_of(world.shape, other):
            if c not in theirs and places_apart([*core, c]):
                clash = c
                break
        if clash is not None:
            break
    assert clash is not None
    inst = puzzle.design.with_clues(world.shape, [*core, clash])
    assert search(puzzle, inst).verdict == "none"
    found = conflict(puzzle, inst)
    assert found and set(found) <= {*core, clash}

    def obeyed_by_some(clues) -> bool:
        probe = puzzle.design.with_clues(world.shape, clues)
        return any(not puzzle.verify(probe, s) for s in world.solutions)

    assert not obeyed_by_some(found)
    for c in found:
        assert obeyed_by_some([d for d in found if d != c])

"""Factors: brute force over the 4 x 4 Latin squares (every mode, any clue
subset), the pzprjs example, the janko slice and bad input (the rules are
KenKen's with products only: tests/puzzles/test_kenken.py covers the rest)."""
from __future__ import annotations

import math
import random

from hypothesis import strategies as st

from satlink import engine
from satlink.cli import main
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import factors as F
from tests.puzzles.genre_checks import brute_force_harness, error_at, unique_and_published
from tests.puzzles.test_jigsawsudoku import SQUARES
from tests.puzzles.test_kenken import brute, tiny as kenken_tiny


@st.composite
def tiny(draw):
    """KenKen's tiny boards with every clue turned into its cage's product
    (from a random Latin square, or off by one, or left out)."""
    inst = draw(kenken_tiny())
    rng = random.Random(draw(st.integers(0, 10**9)))
    g = rng.choice(sorted(SQUARES[4]))
    chosen = []
    for cells, clue in inst.cage_list():
        if clue is not None:
            product = math.prod(g[r][c] for r, c in cells)
            chosen.append((*cells[0], product + draw(st.sampled_from([0, 0, 1])), "*"))
    return F.kenken.with_clues(inst, chosen)


test_modes_agree_with_brute_force = brute_force_harness(F.GENRE, tiny(), brute, examples=30)

INSTANCE = open("instances/factors/small-4x4.pzl").read()


def test_verify_and_design_hooks():
    doc = parse_text(INSTANCE, "f.pzl")
    inst, good = F.GENRE.from_document(doc), F.GENRE.expected_solution(doc)
    assert F.GENRE.verify(inst, good) == []
    assert F.GENRE.verify(inst, good[1:2] + good[0:1] + good[2:])[0] == (
        "the cage at r2c1 does not make 4*")
    assert F.clues_of(inst, good) == F.GENRE.clues(inst)
    assert "12" in F.GENRE.render_text(inst) and "×" not in F.GENRE.render_text(inst)


def test_puzzlink_pzprjs_vector():
    """robx/pzprjs test/script/factors.js: the URL and its accepted answer
    (the last failcheck's digits)."""
    url = "https://puzz.link/p?factors/5/5/rvvcm9jf54653-28ca2833-14"
    genre, inst = puzzlink.decode(url)
    assert genre is F.GENRE
    assert [c[2:] for c in F.GENRE.clues(inst)][:5] == [(5, "*"), (4, "*"), (6, "*"), (5, "*"),
                                                        (3, "*")]
    assert puzzlink.encode(F.GENRE, inst) == url
    res = engine.solve(F.GENRE, inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == ((5, 4, 3, 2, 1), (3, 1, 2, 4, 5), (1, 5, 4, 3, 2),
                                (4, 2, 5, 1, 3), (2, 3, 1, 5, 4))


def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(F.GENRE, datasets, "Factors") == (30, [])  # none malformed


def test_bad_input_has_position(tmp_path, capsys):
    got = error_at(INSTANCE.replace("   2  .  .  4", "   2  .  .  4x").split("solution")[0])
    assert got[:2] == (8, 13) and "`4x`" in got[2]
    got = error_at(INSTANCE.replace("  8 8 7 9", "  8 9 7 8").split("solution")[0])
    assert got[:2] == (13, 3) and "cage `8` is not connected" in got[2]
    bad = tmp_path / "f.txt"
    bad.write_text("2 2\n2 .\n2 .\n1 2\n2 1\n")
    assert main(["solve", "--format", "grid-text", "--type", "Factors", str(bad)]) == 4
    assert "f.txt:4:1: error: cage `1` is not connected" in capsys.readouterr().err

"""Regional Yajilin: brute force in every mode, verify, the dev slice, files,
puz.link, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.lang import parse_text
from satlink.puzzles import regionalyajilin as R
from satlink.puzzles._shaded_loop import Solution
from satlink.rules.grid import Grid
from tests.puzzles.genre_checks import brute_force_harness, unique_and_published
from tests.puzzles.loop_checks import check_error, check_pzprjs_vector
from tests.rules.test_loops import cycles

URL = "https://puzz.link/p?yajilin-regions/5/5/49j60s3020g1g"  # pzprjs test/script/yajilin-regions.js


@st.composite
def boards(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 4)]))
    cut = draw(st.integers(1, cols - 1))  # two regions: the columns left of `cut`, the rest
    regions = tuple(tuple(int(c >= cut) for c in range(cols)) for _ in range(rows))
    numbers = []
    for k, first in enumerate(((0, 0), (0, cut))):
        size = rows * (cut if k == 0 else cols - cut)
        n = draw(st.one_of(st.none(), st.integers(0, min(size, 3))))
        if n is not None:
            numbers.append((first, n))
    return R.Instance(rows, cols, regions, tuple(numbers))


def brute(inst) -> set[Solution]:
    """Every cycle with the other cells shaded, kept when no shaded cells
    touch and each number counts its region's shaded cells."""
    g = inst.grid
    out = set()
    for loop in cycles(g, inst.free):
        on = {c for e in loop for c in e}
        shaded = {c for c in inst.free if c not in on}
        if any(b in shaded for a in shaded for b in g.neighbours(a)):
            continue
        if all(sum(1 for c in g.cells if inst.regions[c[0]][c[1]] == inst.regions[p[0]][p[1]]
                   and c in shaded) == n for p, n in inst.numbers):
            out.add(Solution(frozenset(shaded), loop))
    return out


test_modes_agree_with_brute_force = brute_force_harness(R.GENRE, boards(), brute, examples=40)

TWO = ((0, 0, 1), (0, 0, 1), (0, 0, 1))
RING = frozenset(e for e in Grid(3, 3).cell_edges() if (1, 1) not in e)


def test_verify_names_broken_rules():
    one = R.Instance(3, 3, TWO, (((0, 0), 1),))
    assert R.verify(one, Solution(frozenset({(1, 1)}), RING)) == []
    zero = R.Instance(3, 3, TWO, (((0, 0), 0),))
    assert "shows 0 but 1 of its cells" in R.verify(zero, Solution(frozenset({(1, 1)}), RING))[0]
    assert "does not pass through r2c2" in R.verify(zero, Solution(frozenset(), RING))[0]


def test_dev_slice_unique_and_published(datasets):
    records, malformed = unique_and_published(R.GENRE, datasets, "RegionalYajilin")
    assert records == 14 and malformed == []


@settings(max_examples=30, deadline=None)
@given(boards())
def test_pzl_and_puzzlink_round_trip(inst):
    sols = sorted(brute(inst), key=lambda s: sorted(s.loop))
    sol = sols[0] if sols else None
    doc = parse_text(R.GENRE.to_pzl(inst, sol), "rt.pzl")
    assert R.GENRE.from_document(doc) == inst and R.GENRE.expected_solution(doc) == sol
    assert puzzlink.decode(puzzlink.encode(R.GENRE, inst))[1] == inst


def test_puzzlink_pzprjs_vector():
    inst = check_pzprjs_vector(R.GENRE, URL)
    assert inst.numbers == (((0, 0), 2), ((0, 3), 0), ((2, 2), 1))
    with pytest.raises(InputError, match="unknown option `o`"):
        puzzlink.decode(URL.replace("regions/", "regions/o/"))


@pytest.mark.parametrize("text, kind, line, col, words", [
    ("puzzle regionalyajilin\nsize 2 x 1\ngrid\n  . q\nregions\n  a a\n", None, 4, 5, "`q`"),
    ("puzzle regionalyajilin\nsize 2 x 1\ngrid\n  3 .\nregions\n  a a\n", None, 4, 3,
     "more than the 2 cells"),
    ("puzzle regionalyajilin\nsize 3 x 1\ngrid\n  . . .\nregions\n  a b a\n", None, 6, 7,
     "not connected"),
    ("1 2\n1 1\na a\n", "RegionalYajilin", 2, 3, "two numbers"),
])
def test_bad_input_has_position(text, kind, line, col, words):
    check_error(text, kind, line, col, words)

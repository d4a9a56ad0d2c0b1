"""Thermometer: brute force, verify, the dev slice, files, errors."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink.cli import main
from satlink.formats.grid_text import split
from satlink.lang import parse_text
from satlink.puzzles import thermometer as T
from satlink.rules import unary_parts
from satlink.rules.unary_parts import count_segments
from tests.helpers import ROOT
from tests.puzzles.genre_checks import (brute_force_harness, errors_have_positions,
                                        unique_and_published)

INSTANCES = sorted((ROOT / "instances" / "thermometer").glob("*.pzl"))


# -- the rules again, over brute force ------------------------------------------------------
def brute(inst) -> set[frozenset]:
    """Every choice of a fill level per thermometer whose rows and columns
    hold their counts."""
    out = set()
    for levels in itertools.product(*(range(len(t) + 1) for t in inst.thermos)):
        filled = {c for t, k in zip(inst.thermos, levels) for c in t[:k]}
        if all(k is None or sum((r, c) in filled for c in range(inst.cols)) == k
               for r, k in enumerate(inst.row_counts)) and \
           all(k is None or sum((r, c) in filled for r in range(inst.rows)) == k
               for c, k in enumerate(inst.col_counts)):
            out.add(frozenset(filled))
    return out


@st.composite
def tiny(draw, most=12):
    """Thermometers grown as random paths until the board is covered (some
    cells may stay outside), counts drawn or hidden."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, min(4, most // rows)))
    free = {(r, c) for r in range(rows) for c in range(cols)}
    thermos = []
    for cell in sorted(free):
        if cell not in free or draw(st.integers(0, 7)) == 0:
            continue
        path = [cell]
        free.discard(cell)
        while draw(st.booleans()):
            r, c = path[-1]
            nxt = [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in free]
            if not nxt:
                break
            path.append(draw(st.sampled_from(nxt)))
            free.discard(path[-1])
        thermos.append(tuple(path))
    def tallies(n, side):
        return tuple(draw(st.one_of(st.none(), st.integers(0, side))) for _ in range(n))
    return T.Instance(rows, cols, tuple(thermos), tallies(rows, cols), tallies(cols, rows))


test_modes_agree_with_brute_force = brute_force_harness(T.GENRE, tiny(), brute, examples=40)


def _sizes(most: int):
    """Every list of segment sizes (each 1..3) adding up to at most ``most``."""
    yield []
    for m in (1, 2, 3):
        if m <= most:
            yield from ([m, *rest] for rest in _sizes(most - m))


@pytest.mark.parametrize("limit", [0, unary_parts.PRODUCT_LIMIT])  # the merges, and the splits
def test_count_segments_against_every_filling(limit, monkeypatch):
    """Segments of up to 6 cells in all (each filled from its first literal
    on, as a thermometer): every filling of the segments extends to a model
    exactly when it fills k cells, for every k (by splits and by merges)."""
    from pysat.solvers import Solver
    from satlink.formula import Formula
    monkeypatch.setattr(unary_parts, "PRODUCT_LIMIT", limit)
    for sizes in _sizes(6):
        for k in range(sum(sizes) + 2):
            f = Formula()
            segments = [[f.var("x", p, i) for i in range(m)] for p, m in enumerate(sizes)]
            for seg in segments:
                f.extend([-b, a] for a, b in zip(seg, seg[1:]))
            count_segments(f, segments, k)
            with Solver(bootstrap_with=f.clauses) as s:
                for levels in itertools.product(*(range(m + 1) for m in sizes)):
                    fill = [x if i < level else -x for seg, level in zip(segments, levels)
                            for i, x in enumerate(seg)]
                    assert s.solve(assumptions=fill) == (sum(levels) == k), (sizes, k, levels)


# -- verify, from the rules -------------------------------------------------------------------
SMALL = T.Instance(2, 2, (((0, 0), (0, 1), (1, 1)), ((1, 0),)), (2, 0), (1, 1))


@pytest.mark.parametrize("filled, words", [
    ({(0, 0), (0, 1)}, None),
    ({(0, 1), (1, 0)}, "not filled from its bulb"),
    ({(0, 0), (0, 1), (1, 1)}, "row 2 has 1 filled cells, its count is 0"),
    ({(0, 0), (0, 1), (5, 5)}, "lies in no thermometer"),
])
def test_verify(filled, words):
    problems = T.verify(SMALL, frozenset(filled))
    assert (problems == []) if words is None else any(words in p for p in problems), problems


# -- the dev slice -----------------------------------------------------------------------------
def test_dev_slice_unique_and_published(datasets):
    assert unique_and_published(T.GENRE, datasets, "Thermometer") == (50, [])  # none malformed


def test_grid_text_column_counts_first():
    text = "2 2\n1 1\n2 0\n1.1 1.2\n2.1 1.3\n"
    inst = T.GENRE.from_grid_text(split(text, "t.txt"))
    assert inst == SMALL and T.FORMAT.to_grid_text(inst) == text


# -- files and outputs -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(tiny(), st.booleans())
def test_pzl_round_trip(inst, with_solution):
    sols = sorted(brute(inst), key=sorted)
    sol = sols[0] if with_solution and sols else None
    text = T.FORMAT.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert T.FORMAT.from_document(doc) == inst
    assert T.FORMAT.expected_solution(doc) == sol
    assert T.FORMAT.to_pzl(T.FORMAT.from_document(doc), sol) == text


def test_outputs():
    item = satlink.load(INSTANCES[0])[0]
    inst, sol = item.instance, item.expected
    assert T.solution_json(inst, sol) == [list(c) for c in sorted(sol)]
    assert sum(T.cells(inst, sol).values()) == len(sol)
    assert "░" in T.GENRE.render_text(inst, sol)


# -- bad input ---------------------------------------------------------------------------------------
PZL = "puzzle thermometer\nsize 2 x 2\nrows 2 0\ncols 1 1\ngrid\n  1.1 1.2\n  2.1 1.3\n"


test_bad_input_has_position = errors_have_positions([
    (PZL.replace("2.1 1.3", "2.1 q"), 7, 7, "`q`", None),
    (PZL.replace("2.1 1.3", "2.1 1.4"), 7, 7, "no cell 3", None),
    (PZL.replace("2.1 1.3", "1.3 2.1"), 7, 3, "does not touch", None),
    (PZL.replace("2.1 1.3", "2.1 1.2"), 7, 7, "two cells 2", None),
    (PZL.replace("rows 2 0", "rows 2 3"), 3, 8, "above 2", None),
    ("2 2\n1 1\n2 0\n1.1 1.2\n2.1 1.x\n", 5, 5, "`1.x`", "Thermometer"),
    ("2 2\n1 1\n2 0\n1.1 1.2\n", 4, 5, "the grid has 1 rows", "Thermometer"),
])


def test_cli_exit_codes(capsys, tmp_path):
    several = tmp_path / "g.txt"
    several.write_text("1 2\n- -\n1\n1.1 2.1\n")  # one of two bulbs filled
    assert main(["check", "--format", "grid-text", "--type", "Thermometer", str(several)]) == 1
    assert main(["solve", str(INSTANCES[0])]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(PZL.replace("2.1 1.3", "2.1 q"))
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert "b.pzl:7:7" in err and "Traceback" not in err

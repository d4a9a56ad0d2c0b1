"""Foseruzu (WIP): brute force over divisions of tiny boards, the dev slice."""
from __future__ import annotations

import json

import networkx as nx
import pytest
from hypothesis import strategies as st

from satlink import engine
from satlink.formats.grid_text import split
from satlink.puzzles import foseruzu as F
from tests.puzzles.genre_checks import brute_force_harness


@st.composite
def tiny(draw):
    """Boards of 2 to 8 cells, region size 2 or 4 (or both), some numbers."""
    rows, cols = draw(st.sampled_from([(1, 2), (1, 4), (2, 2), (2, 3), (2, 4), (1, 6)]))
    sizes = draw(st.sampled_from([(2,), (4,), (2, 4), (3,)]))
    if not any(rows * cols % k == 0 for k in sizes):
        sizes = (2,)
    numbers = [((r, c), draw(st.integers(0, 4))) for r in range(rows) for c in range(cols)
               if draw(st.integers(0, 2)) == 0]
    return F.Instance(rows, cols, tuple(numbers), sizes)


def brute(inst) -> set:
    """Every set of borders whose regions all have one allowed size, with no
    border inside a region, and every number its count of closed sides."""
    edges = inst.grid.cell_edges()
    out = set()
    for mask in range(1 << len(edges)):
        borders = frozenset(e for i, e in enumerate(edges) if mask >> i & 1)
        g = nx.Graph([e for e in edges if e not in borders])
        g.add_nodes_from(inst.grid.cells)
        comp = {c: i for i, p in enumerate(nx.connected_components(g)) for c in p}
        sizes = {len(p) for p in nx.connected_components(g)}
        if len(sizes) != 1 or sizes.pop() not in inst.sizes:
            continue
        if any(comp[a] == comp[b] for a, b in borders):
            continue
        r_, c_ = inst.rows, inst.cols
        if all((r == 0) + (r == r_ - 1) + (c == 0) + (c == c_ - 1)
               + sum((r, c) in e for e in borders) == n for (r, c), n in inst.numbers):
            out.add(borders)
    return out


test_modes_agree_with_brute_force = brute_force_harness(F.GENRE, tiny(), brute, examples=30)


@pytest.mark.slow
def test_dev_slice_with_the_published_region_size(datasets):
    """Each board, told its region size (the one of its published solution),
    is unique and equal to it; read as janko writes it (`cells 4 5`), two
    boards are ambiguous across the sizes."""
    data = json.loads((datasets / "puzzlekit-dev" / "Foseruzu.json").read_text())["data"]
    ambiguous = []
    for key, entry in sorted(data.items()):
        inst = F.GENRE.from_grid_text(split(entry["problem"], key))
        published = F.GENRE.solution_from_grid_text(split(entry["solution"], key), inst)
        k = len(inst.grid.regions(published)[0])
        told = F.Instance(inst.rows, inst.cols, inst.numbers, (k,))
        res = engine.solve(F.GENRE, told)
        assert res.verdict == "unique" and res.solutions[0] == published, key
        if engine.solve(F.GENRE, inst).verdict != "unique":
            ambiguous.append(key)
    assert ambiguous == ["242_10x10", "26_10x10"]

"""satlink.rules.ships: ships read back from their cells, parts and halos
checked against their definitions (networkx for the groups)."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink.rules.ships import Bent, cells, halo, part, ships_of, straight


@st.composite
def fleets(draw):
    """Ships on a board of at most 6 x 6 that do not share or touch a cell
    orthogonally (diagonal touching is allowed: it keeps the groups apart)."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    placed, taken = [], set()
    for _ in range(draw(st.integers(0, 5))):
        d = draw(st.sampled_from("hv"))
        length = draw(st.integers(1, cols if d == "h" else rows))
        r = draw(st.integers(0, rows - (1 if d == "h" else length)))
        c = draw(st.integers(0, cols - (length if d == "h" else 1)))
        ship = (r, c, length, "h" if length == 1 else d)
        own = set(cells(ship))
        near = {(y + dy, x + dx) for y, x in own for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        if not (own | near) & taken:
            placed.append(ship)
            taken |= own
    return rows, cols, sorted(placed)


@given(fleets())
@settings(max_examples=60, deadline=None)
def test_ships_read_back_from_their_cells(fleet):
    rows, cols, placed = fleet
    filled = {c for s in placed for c in cells(s)}
    assert ships_of(filled, rows, cols) == tuple(placed)
    for s in placed:
        own = cells(s)
        assert straight(own) == s and len(own) == s[2]
        parts = [part(s, k) for k in range(s[2])]
        ends = {"h": ("left", "right"), "v": ("top", "bottom")}[s[3]]
        assert parts == (["sub"] if s[2] == 1 else [ends[0], *["middle"] * (s[2] - 2), ends[1]])
        want = {(r + dr, c + dc) for r, c in own for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if 0 <= r + dr < rows and 0 <= c + dc < cols} - set(own)
        assert halo(s, rows, cols) == sorted(want)


@given(st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1))
@settings(max_examples=60, deadline=None)
def test_a_group_that_is_no_line_is_bent(filled):
    groups = list(nx.connected_components(nx.grid_2d_graph(4, 4).subgraph(filled)))
    lines = all(len({r for r, _ in g}) == 1 or len({c for _, c in g}) == 1 for g in groups)
    if lines:
        assert {c for s in ships_of(filled, 4, 4) for c in cells(s)} == filled
    else:
        with pytest.raises(Bent):
            ships_of(filled, 4, 4)

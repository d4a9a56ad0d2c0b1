"""What the tests of the edge-clue genres (Skyscrapers, Easy as ABC) share:
tiny boards, the rules again over brute force (every Latin square with
blanks of the board listed directly, each clue read by walking its line),
and the `.pzl` round trip."""
from __future__ import annotations

from hypothesis import strategies as st

from satlink.lang import parse_text
from satlink.rules.edge_views import SIDES
from tests.rules.test_edge_views import squares, walk


def brute(inst, read) -> set:
    """Every grid (0 blank) of ``inst``'s board obeying its givens and its
    clues, each clue compared with ``read(line as seen from its side)``;
    written without the genre's ``verify``."""
    return {g for g in squares(inst.size, inst.k, inst.diagonal)
            if all(g[r][c] == v for r, row in enumerate(inst.givens)
                   for c, v in enumerate(row) if v is not None)
            and all(read(walk(g, s, i)) == v for s in SIDES
                    for i, v in enumerate(inst.side(s)) if v is not None)}


@st.composite
def tiny(draw, make, fewest_blanks: int = 1):
    """Boards up to 4 x 4 with k >= n - ``fewest_blanks`` values, some edge
    clues and givens, diagonals sometimes."""
    n = draw(st.integers(1, 4))
    k = draw(st.integers(max(1, n - fewest_blanks), n))
    diagonal = n >= 3 and k >= n - 1 and draw(st.booleans())
    sides = {s: tuple(draw(st.integers(1, k)) if draw(st.integers(0, 2)) == 0 else None
                      for _ in range(n)) for s in SIDES}
    givens = tuple(tuple(draw(st.integers(0, k)) if draw(st.integers(0, 7)) == 0 else None
                         for _ in range(n)) for _ in range(n))
    return make(n, k, givens, diagonal=diagonal, **sides)


def round_trip(genre, inst, sol) -> None:
    """to_pzl -> parse -> read gives the instance and solution back, and the
    same text again."""
    text = genre.to_pzl(inst, sol)
    doc = parse_text(text, "rt.pzl")
    assert genre.from_document(doc) == inst
    assert genre.expected_solution(doc) == sol
    assert genre.to_pzl(genre.from_document(doc), sol) == text


def exit_codes(capsys, tmp_path, good, bad_text: str, where: str) -> None:
    """`satlink solve` exits 0 on ``good``, 4 on ``bad_text`` with the
    error at ``where`` (`line:col`) and no traceback."""
    from satlink.cli import main

    assert main(["solve", str(good)]) == 0
    bad = tmp_path / "b.pzl"
    bad.write_text(bad_text)
    assert main(["solve", str(bad)]) == 4
    err = capsys.readouterr().err
    assert f"b.pzl:{where}" in err and "Traceback" not in err


def sudoku_boxes_hold(grid) -> bool:
    """Every box (the squarest split of n, box height the largest divisor
    of n up to its root) holds each digit once."""
    n = len(grid)
    h = max(d for d in range(1, n + 1) if n % d == 0 and d * d <= n)
    w = n // h
    return all(sorted(grid[r][c] for r in range(br, br + h) for c in range(bc, bc + w))
               == list(range(1, n + 1)) for br in range(0, n, h) for bc in range(0, n, w))

"""satlink.puzzles._tallies.NamedTallies: several named tallies per line in one field."""
from __future__ import annotations

from dataclasses import dataclass

from satlink.formats.cellgrid import Tokens
from satlink.puzzles._tallies import NamedTallies
from satlink.rules.grid import Grid

T = NamedTallies({"a_cols": ("a", "col"), "b_cols": ("b", "col"),
                  "a_rows": ("a", "row"), "b_rows": ("b", "row")})


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    tallies: tuple
    givens: tuple = ()

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


# 2 rows x 3 columns; sorted by name as an instance keeps them
B = Board(2, 3, (("a_cols", (1, None, 0)), ("a_rows", (None, 2)), ("b_cols", (None,) * 3),
                 ("b_rows", (1, None))))
AT = {(1, 0): "a", (1, 2): "a", (0, 1): "b"}  # row 2 holds two a, row 1 one b


def test_shown_tallies_their_lines_and_what_they_count():
    assert [(n, i, t, what, line) for n, i, t, what, line in T.shown(B)] == [
        ("a_cols", 0, 1, "a", [(0, 0), (1, 0)]), ("a_cols", 2, 0, "a", [(0, 2), (1, 2)]),
        ("a_rows", 1, 2, "a", [(1, 0), (1, 1), (1, 2)]),
        ("b_rows", 0, 1, "b", [(0, 0), (0, 1), (0, 2)])]
    assert T.clues(B) == [("a_cols", 0, 1), ("a_cols", 2, 0), ("a_rows", 1, 2), ("b_rows", 0, 1)]


def test_counted_in_file_order_and_broken():
    full = T.counted(B, AT)
    assert full[:3] == [("a_cols", 0, 1), ("a_cols", 1, 0), ("a_cols", 2, 1)]
    assert [c for c in full if c[0] == "b_rows"] == [("b_rows", 0, 1), ("b_rows", 1, 0)]
    assert T.broken(B, AT, lambda what, n: f"holds {n} {what}") == ["col 3 holds 1 a, not 0"]
    assert T.broken(B, {}, lambda what, n: f"has {n}") == [
        "col 1 has 0, not 1", "row 2 has 0, not 2", "row 1 has 0, not 1"]


def test_with_clues_keeps_exactly_the_chosen_tallies():
    chosen = [("b_rows", 1, 0), ((0, 0), "x"), ("a_cols", 2, 1)]
    out = T.with_clues(B, chosen, givens=(((0, 0), "x"),))
    assert dict(out.tallies) == {"a_cols": (None, None, 1), "b_cols": (None,) * 3,
                                 "a_rows": (None, None), "b_rows": (None, 0)}
    assert out.givens == (((0, 0), "x"),) and T.holds(chosen[0]) and not T.holds(chosen[1])
    assert T.clue_name(chosen[0]) == "b_rows 2"


def test_keywords_and_labels():
    kws = T.keywords(Tokens(expect="a number", numbers=(0, 9)))
    assert list(kws) == list(T.names) and kws["a_rows"].count == "rows"
    assert kws["b_cols"].count == "cols"
    labels = [(lab.cell, lab.text) for lab in T.labels(B)]
    # rows first (a right of the board, b one further out), then columns
    assert labels == [((1, 3), "2"), ((0, 4), "1"), ((2, 0), "1"), ((2, 2), "0")]

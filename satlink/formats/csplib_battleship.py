"""CSPLib problem 14 (Solitaire Battleship) boards in Prolog form.

``battleship_instances.pl`` holds terms
``problem(Id, [Len:Count, ...], RowSums, ColSums, [Hint@[Row,Col], ...]).``
with 1-based coordinates and hints ``w`` water, ``c`` circle (submarine),
``l``/``r``/``t``/``b`` left/right/top/bottom end, ``m`` middle. Every term
becomes one Item, with its source line. When the original listing
``unsolvable_for_csplib.txt`` lies next to the file, each Item carries its
published solution count in ``item.extra["published_count"]`` (and the
board id in ``item.extra["id"]`` either way).
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import InputError
from ..numerals import is_natural, natural
from . import Item, located
from .battleship_board import make

NAME = "csplib-battleship"
TYPES = ("battleship",)
DESCRIPTION = "CSPLib problem 14 Prolog board list: problem(Id, Fleet, Rows, Cols, Hints)."
#: The published listing whose `Solutions: N` lines give each board's count.
COUNTS_FILE = "unsolvable_for_csplib.txt"

HINTS = {"w": "~", "c": "o", "l": "<", "r": ">", "t": "^", "b": "v", "m": "+"}
_TERM = re.compile(r"problem\s*\(")
_INTS = r"\[\s*(?:\d+\s*(?:,\s*\d+\s*)*)?\]"
_BODY = re.compile(
    r"problem\s*\(\s*(?P<id>\w+)\s*,\s*(?P<fleet>\[[^\]]*\])\s*,\s*(?P<rows>" + _INTS
    + r")\s*,\s*(?P<cols>" + _INTS + r")\s*,\s*(?P<hints>\[(?:[^\[\]]|\[[^\[\]]*\])*\])\s*\)\s*\.",
    re.S)
_HINT = re.compile(r"(\w)\s*@\s*\[\s*(\d+)\s*,\s*(\d+)\s*\]")
_COUNT = re.compile(r"Board ID:\s*(\d+)\s*\n\s*Nodes:\s*\d+\s*\n\s*Solutions:\s*(\d+)")


def sniff(text: str, path: str) -> bool:
    return path.endswith(".pl") and _TERM.search(text) is not None


def published_counts(path: str | Path) -> dict[str, int]:
    """Board id -> `Solutions:` count from an ``unsolvable_for_csplib.txt`` listing."""
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    return {m.group(1): int(m.group(2)) for m in _COUNT.finditer(text)}


def _ints(s: str) -> list[int]:
    return [natural(v) for v in re.findall(r"\d+", s)]


def parse_term(m: re.Match, at):
    """A battleship Instance from one matched ``problem(...)`` term;
    ``at(offset, message)`` makes an InputError at a text offset."""
    spots = {"fleet": m.start("fleet"), "rows": m.start("rows"), "cols": m.start("cols"),
             "size": m.start("rows"), "cell": m.start("hints")}

    def where(msg, what, offset=None):
        if offset is None:
            offset = spots[what if isinstance(what, str) else what[0]]
        return at(offset, f"board {m.group('id')}: {msg}")

    fleet = []
    for entry in re.split(r",", m.group("fleet").strip("[] \n\t")):
        if not entry.strip():
            continue
        parts = entry.split(":")
        if len(parts) != 2 or not all(is_natural(p.strip()) for p in parts):
            raise where(f"`{entry.strip()}` is not Length:Count in the fleet", "fleet")
        fleet.append((natural(parts[0].strip()), natural(parts[1].strip())))
    rows, cols = _ints(m.group("rows")), _ints(m.group("cols"))
    givens = [["."] * len(cols) for _ in rows]
    hints_text = m.group("hints")
    base = m.start("hints")
    for h in _HINT.finditer(hints_text):
        kind, r, c = h.group(1), natural(h.group(2)), natural(h.group(3))
        if kind not in HINTS:
            raise where(f"`{kind}` is not a hint (w c l r t b m)", "cell", base + h.start())
        if not (1 <= r <= len(rows) and 1 <= c <= len(cols)):
            raise where(f"hint {kind}@[{r},{c}] lies outside the {len(cols)} x {len(rows)}"
                        " board", "cell", base + h.start())
        givens[r - 1][c - 1] = HINTS[kind]
    if _HINT.sub("", hints_text).strip("[] ,\n\t"):
        raise where("hints must be Type@[Row,Col] items", "cell")
    if not rows or not cols:
        raise where("the row and column sums must not be empty", "size")
    return make(len(rows), len(cols), fleet, rows, cols, givens, where)


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    from ..puzzles import battleship as bs
    clean, pos_of, at = located(text, file)
    counts = {}
    sibling = Path(file).with_name(COUNTS_FILE)
    if sibling.is_file():
        counts = published_counts(sibling)

    items = []
    for start in _TERM.finditer(clean):
        pos = pos_of(start.start())
        m = _BODY.match(clean, start.start())
        if m is None:
            err = at(start.start(), "not a problem(Id, Fleet, RowSums, ColSums, Hints). term")
            items.append(Item(pos, bs.GENRE, error=err))
            continue
        extra = {"id": m.group("id")}
        if m.group("id") in counts:
            extra["published_count"] = counts[m.group("id")]
        try:
            items.append(Item(pos, bs.GENRE, parse_term(m, at), extra=extra))
        except InputError as exc:
            items.append(Item(pos, bs.GENRE, error=exc, extra=extra))
    return items

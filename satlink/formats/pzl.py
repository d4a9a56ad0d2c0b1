"""The satlink `.pzl` language (grammars/pzl.lark)."""
from __future__ import annotations

from ..errors import InputError, Pos
from ..lang import parse_header, parse_text
from ..puzzles import get as get_puzzle
from . import Item

NAME = "pzl"
TYPES = ()
DESCRIPTION = "satlink's own language: `puzzle TYPE`, parameter lines, indented grids"


def sniff(text: str, path: str) -> bool:
    for line in text.splitlines():
        s = line.strip()
        if s and not s.startswith("#"):
            return s.split()[0] == "puzzle"
    return False


def read(text: str, file: str, puzzle_type=None, options=None) -> list[Item]:
    head = parse_header(text, file)
    if head is not None:  # sizes first: a huge board is refused before its rows are parsed
        try:
            genre = get_puzzle(head.type)
        except InputError:  # an unknown type: reported below, with the full parse
            genre = None
        if genre is not None:
            genre.check_header(head)
    doc = parse_text(text, file)
    puzzle = get_puzzle(doc.type, doc.type_pos, doc.lines[doc.type_pos.line - 1])
    instance = puzzle.from_document(doc)
    expected = puzzle.expected_solution(doc)
    return [Item(Pos(file), puzzle, instance, expected=expected, extra={"document": doc})]

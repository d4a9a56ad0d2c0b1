"""A partly solved state written in a `.pzl` file's `solution` block: a cell
not known yet is written ``?`` (``explain --hint``).

No genre's reader is changed: the block is read by the genre twice, with
every ``?`` written as one answer token and then as another (tokens the
block itself uses, the most common first); the facts both readings share
are the state (a fact that a ``?`` decides differs between them). Without
the block the file is the puzzle as before, at the same line numbers.

>>> text = "puzzle sudoku\\nsize 4\\ngrid\\n  1 . . .\\n  . . . .\\n  . . . .\\n  . . . 1\\n"
>>> p = partial_solution(text + "solution\\n  1 2 ? 4\\n  3 4 1 2\\n  2 1 4 3\\n  4 3 2 1\\n", "f.pzl")
>>> [str(pos) for pos in p.unknown]
['f.pzl:9:7']
>>> p.filled("3").splitlines()[8], p.puzzle_text.splitlines()[7:9]
('  1 2 3 4', ['', ''])
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import InputError, Pos
from ..lang import parse_text

#: how a cell not known yet is written in a partial `solution` block
UNKNOWN = "?"


@dataclass
class Partial:
    """A `.pzl` text whose `solution` block has unknown cells."""

    text: str
    file: str
    #: the text with the block's lines blank: the puzzle alone
    puzzle_text: str
    #: where each ``?`` is
    unknown: list[Pos]
    #: the block's other tokens, the most common first
    tokens: list[str]

    def filled(self, token: str) -> str:
        """The text with every ``?`` written as ``token``."""
        lines = self.text.split("\n")
        for pos in sorted(self.unknown, key=lambda p: (p.line, -p.column)):
            line = lines[pos.line - 1]
            at = pos.column - 1
            lines[pos.line - 1] = line[:at] + token + line[at + len(UNKNOWN):]
        return "\n".join(lines)


def partial_solution(text: str, file: str) -> Partial | None:
    """The partial `solution` block of `.pzl` text, None when the text is
    not `.pzl`, has no such block, or the block has no ``?``."""
    try:
        doc = parse_text(text, file)
    except (InputError, Exception):  # not .pzl text: its own reader says what is wrong
        return None
    entry = doc.entry("solution") if _single_entry(doc) else None
    if entry is None:
        return None
    tokens = [t for row in entry.rows for t in row]
    unknown = [t.pos for t in tokens if t.text == UNKNOWN]
    if not unknown:
        return None
    lines = text.split("\n")
    last = max([entry.pos.line, *(t.pos.line for t in tokens)])
    for i in range(entry.pos.line - 1, last):
        lines[i] = ""
    common = [t for t, _ in Counter(t.text for t in tokens if t.text != UNKNOWN).most_common()]
    # then the other blocks' tokens (a Sudoku's givens are digits too)
    others = Counter(t.text for e in doc.entries if e is not entry for row in e.rows for t in row)
    common += [t for t, _ in others.most_common() if t not in common and t != UNKNOWN]
    return Partial(text, file, "\n".join(lines), unknown, common)


def answer_tokens(layout) -> list[str]:
    """The tokens a genre's `solution` block reads (its declared glyphs, then
    its numbers, at most 16 of them), so that a block with nothing known yet
    still has two values to stand in its ``?`` cells; [] for a genre
    without a declared grid answer."""
    tokens = getattr(getattr(layout, "solution", None), "tokens", None)
    if tokens is None:
        return []
    out = [*tokens.values, *tokens.aliases, *tokens.empty]
    if tokens.numbers is not None:
        lo, hi = tokens.numbers
        out += [str(v) for v in range(lo, min(hi, lo + 15) + 1)]
    return out


def _single_entry(doc) -> bool:
    return sum(e.keyword == "solution" for e in doc.entries) == 1


def states(partial: Partial, read) -> list:
    """Two readings of the block (solutions) whose ``?`` cells differ:
    ``read(text)`` reads a filled text's solution. The first two tokens
    that both read and read differently; the reader's error when it is not
    at a ``?`` (the block is wrong elsewhere) or when every token fails
    alike (the block is wrong as a whole), else an InputError at the first
    ``?``."""
    got = []
    at = {(p.line, p.column) for p in partial.unknown}
    failed: list[InputError] = []
    for token in partial.tokens:
        try:
            solution = read(partial.filled(token))
        except InputError as exc:
            failed.append(exc)
            pos = getattr(exc, "pos", None)
            if pos is not None and pos.line and (pos.line, pos.column) not in at:
                # shown on the line as written (`?` and all), not as filled
                lines = partial.text.split("\n")
                if (exc.source_line is not None and 0 < pos.line <= len(lines)
                        and exc.source_line.strip() != lines[pos.line - 1].strip()):
                    exc.source_line = lines[pos.line - 1]
                raise
            continue
        if not got or solution != got[0]:  # two readings that read alike tell nothing
            got.append(solution)
        if len(got) == 2:
            return got
    if failed and not got and len({str(exc) for exc in failed}) == 1:
        raise failed[0]  # every token fails alike: the block is wrong, not a token
    pos = partial.unknown[0]
    line = partial.text.split("\n")[pos.line - 1]
    raise InputError(f"`{UNKNOWN}` marks a cell not known yet, but no two answer values"
                     " written in this file may stand in every unknown cell of the block",
                     pos, line)

"""The first lines of a text, without splitting all of it: what a format's
``sniff`` reads first, so that a large file of another format (49,158 Sudoku
lines) is turned down after a few lines instead of after splitting and
scanning every one (the three sniffers that did: 48 ms of each `check` of
the 17-clue file)."""
from __future__ import annotations

#: Characters read before a sniffer must decide or look at the whole text.
HEAD = 4096


def head_lines(text: str, size: int = HEAD) -> tuple[list[str], bool]:
    """The lines (as ``str.splitlines`` makes them) of ``text``'s first
    ``size`` characters that are whole lines of ``text``, and whether they
    are all its lines. The last line of a cut prefix may be cut (or its
    ``\\r\\n`` split), so it is left out; every line before it ends inside
    the prefix, as it does in the text.

    >>> head_lines("ab\\ncd\\nef", 5)
    (['ab'], False)
    >>> head_lines("ab\\ncd", 5)
    (['ab', 'cd'], True)
    """
    if len(text) <= size:
        return text.splitlines(), True
    return text[:size].splitlines()[:-1], False

"""Errors that satlink reports to users: each carries a source position and an exit code.

No user-facing failure should surface as a traceback; the CLI catches
:class:`SatlinkError` and prints :meth:`SatlinkError.render`.
"""
from __future__ import annotations

from .records import frozen



@frozen
class Pos:
    """A position in a source file: 1-based line and column."""

    file: str = "<input>"
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return self.file


class SatlinkError(Exception):
    """Base class of every error satlink reports to a user."""

    exit_code = 4

    def render(self) -> str:
        return f"error: {self}"


class InputError(SatlinkError):
    """The input is malformed or breaks a puzzle's rules of construction.

    >>> e = InputError("row 3 has 6 cells, size says 7", Pos("a.pzl", 5, 3), "  1 2 3 4 5 6")
    >>> print(e.render())
    a.pzl:5:3: error: row 3 has 6 cells, size says 7
      1 2 3 4 5 6
      ^
    """

    exit_code = 4

    def __init__(self, message: str, pos: Pos | None = None, source_line: str | None = None):
        super().__init__(message)
        self.message = message
        self.pos = pos or Pos()
        self.source_line = source_line

    def render(self) -> str:
        head = f"{self.pos}: error: {self.message}"
        if self.source_line is None or not self.pos.line:
            return head
        line = self.source_line.rstrip("\r\n").expandtabs(1)
        caret = " " * max(self.pos.column - 1, 0) + "^"
        return f"{head}\n{line}\n{caret}"

    def __str__(self) -> str:
        return f"{self.pos}: {self.message}"


class SearchError(SatlinkError):
    """The search process ended without an answer (killed, for instance
    for lack of memory): reported, exit code 6 (internal)."""

    exit_code = 6


class UsageError(SatlinkError):
    """A command-line option is wrong (unknown solver, bad --format, ...)."""

    exit_code = 2

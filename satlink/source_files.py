"""Reading a puzzle file (or standard input) as text, refusing directories,
binary, huge and undecodable files with a clear message (:func:`read_source`).
"""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from .errors import InputError, Pos

if TYPE_CHECKING:
    from pathlib import Path

#: Largest input file satlink reads, in bytes (documented in the README).
MAX_FILE_BYTES = 16 * 1024 * 1024


def read_source(path: str | Path) -> str:
    """Read a puzzle file (``-``: standard input) as text, refusing binary, huge
    and undecodable files."""
    if str(path) == "-":  # standard input
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise InputError(f"standard input holds more than {MAX_FILE_BYTES} bytes; satlink"
                             f" reads at most {MAX_FILE_BYTES}", Pos("<stdin>"))
        return decode_bytes(data, "<stdin>")
    # os, not pathlib: importing pathlib costs every start 4 ms (urllib.parse)
    name = str(path)
    target = os.fspath(path) or "."  # as Path("") names the current folder
    try:
        size = os.stat(target).st_size
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", Pos(name)) from None
    if os.path.isdir(target):
        raise InputError("is a directory, not a puzzle file", Pos(name))
    if size > MAX_FILE_BYTES:
        raise InputError(
            f"file is {size} bytes; satlink reads at most {MAX_FILE_BYTES} bytes", Pos(name)
        )
    try:
        with open(target, "rb") as fh:  # a pipe or a device has no size to check first
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", Pos(name)) from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"holds more than {MAX_FILE_BYTES} bytes; satlink reads at most"
                         f" {MAX_FILE_BYTES} bytes", Pos(name))
    return decode_bytes(data, name)


def decode_bytes(data: bytes, name: str) -> str:
    if b"\x00" in data[:65536]:
        raise InputError("this is a binary file, not a puzzle", Pos(name))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("this file is not UTF-8 text (binary file?)", Pos(name, line, 1)) from None

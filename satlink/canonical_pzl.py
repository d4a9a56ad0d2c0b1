"""The canonical text of a .pzl :class:`~satlink.document.Document`
(``satlink fmt``): one space between values, grid rows aligned in columns,
comments kept where they were (:func:`format_document`); aligned rows for any
writer of .pzl text (:func:`format_rows`).
"""
from __future__ import annotations

from .document import Document


def format_document(doc: Document, type_name: str | None = None) -> str:
    """Canonical text of a Document: one space between values, rows indented two
    spaces and aligned in columns, at most one blank line in a row.

    Comments are kept where they were: a trailing comment stays on its line
    (after two spaces), a comment line stays before the line that followed
    it, indented like a row when it sits inside a grid block. ``type_name``
    replaces the type on the header line (an alias by its canonical name).
    """
    lines = [(doc.type_pos.line, f"puzzle {type_name or doc.type}", False)]
    for e in doc.entries:
        lines.append((e.pos.line, " ".join([e.keyword, *(v.text for v in e.values)]), False))
        texts = format_rows([[t.text for t in r] for r in e.rows])
        lines.extend((r[0].pos.line, t, True) for r, t in zip(e.rows, texts))
    if not doc.lines:  # built in code, not parsed: no comments to keep
        return "\n".join(t for _, t, _ in lines) + "\n"
    out: list[str] = []
    done = 0  # source lines already accounted for

    def between(upto: int, indent: str) -> None:
        blank = False
        for src in doc.lines[done:upto - 1]:
            s = src.strip()
            if not s:
                blank = bool(out)
            elif s.startswith("#"):
                if blank:
                    out.append("")
                out.append(indent + s)
                blank = False
        if blank:
            out.append("")

    for line_no, text, in_block in lines:
        between(line_no, "  " if in_block else "")
        src = doc.lines[line_no - 1]
        hash_at = src.find("#")  # values never contain `#`, so this starts the comment
        out.append(text + ("  " + src[hash_at:].rstrip() if hash_at >= 0 else ""))
        done = line_no
    between(len(doc.lines) + 1, "")
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def format_rows(rows: list[list[str]], indent: str = "  ") -> list[str]:
    """Rows of cell texts, right-aligned per column so grids read as grids."""
    if not rows:
        return []
    width = max((len(c) for r in rows for c in r), default=1)
    return [indent + " ".join(c.rjust(width) for c in r).rstrip() for r in rows]

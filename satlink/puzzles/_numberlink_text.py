"""Numberlink's boards as text: the label tokens of `.pzl` and grid text
(with their `%` escapes), the connections of a solution, and puzz.link's
`numlin` and `arukone` codecs (the genre: :mod:`.numberlink`)."""
from __future__ import annotations

import re

from ..formats.cellgrid import Tokens
from ..formats.pzprjs import PzBoard
from ..formats.exits import exits_tokens
from ..formats.pzprjs import Choice, Codec
from ..formats.pzprjs_cells import Dict, Map
from ..formats.pzprjs_numbers import Number16
from ..formats.pzprjs_parts import Cells
from ..formats.pzprjs_stream import Unfit

#: A label: printable characters without spaces (a number such as `12`, `A`,
#: `x7`, or a sign such as `_` or `#` in the W H sets); `.` and `-` are empty
#: cells. In .pzl a character that cannot stand in a token (`#`, `%`, and a
#: label that is just `.` or `-`) is written `%` and two hex digits: `%23`.
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


def is_label(text: str) -> bool:
    """Printable, no white space, not an empty cell's `.` or `-`."""
    return bool(text) and text.isprintable() and not any(ch.isspace() for ch in text) \
        and text not in (".", "-")


def label_token(label: str) -> str:
    """A label as a .pzl token that reads back as the same label."""
    if label in (".", "-"):
        return f"%{ord(label):02X}"
    return "".join(f"%{ord(ch):02X}" if ch in "#%" else ch for ch in label)


def token_label(text: str) -> str:
    """The label a .pzl token names (``label_token`` read back); "" for `.`/`-`."""
    if text in (".", "-"):
        return ""
    if "%" in text and text.count("%") != len(_ESCAPE.findall(text)):
        raise ValueError("`%` starts an escape of two hex digits, such as `%23` for `#`")
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


LABELS = Tokens(what="a label", expect="a label (printable, no spaces; `%23` for `#`) or `.`",
                parse=token_label, show=label_token, fold=False)
CONNECTIONS = exits_tokens("a cell's connections", "`ns`, `ew`, `ne`, `nw`, `se`, `sw`, an end's"
                           " `n`, `s`, `e` or `w`, or `.` (empty)", sizes=(1, 2),
                           empty=(".", "-", "x"))

# `numlin` lets cells stay empty (fill any) and labels are numbers; `arukone`
# shows labels 1-52 as A-Z, a-z, fills every cell, and its flag `e` lets cells
# stay empty. An instance with other labels is written as arukone, its labels
# renamed (numbers 1-52 by value, others in order of first appearance).
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def numlin_label(label: str) -> int:
    if not (label.isdigit() and label == str(int(label)) and int(label) >= 1):
        raise Unfit(f"numlin labels are numbers 1, 2, ..., not `{label}`")
    return int(label)


def numlin_split(inst) -> PzBoard:
    if inst.fill != "any":
        raise Unfit("numlin lets cells stay empty (fill any)")
    return PzBoard(inst.rows, inst.cols, inst.cells)


def arukone_split(inst) -> PzBoard:
    labels = inst.labels
    if len(labels) > len(LETTERS):
        raise Unfit(f"arukone has {len(LETTERS)} labels, this puzzle {len(labels)}")
    if all(lab in LETTERS for lab in labels):
        names = {lab: lab for lab in labels}
    elif all(lab.isdigit() and 1 <= int(lab) <= len(LETTERS) for lab in labels):
        names = {lab: LETTERS[int(lab) - 1] for lab in labels}
    else:
        names = dict(zip(labels, LETTERS))
    cells = tuple(tuple(names.get(x, "") for x in row) for row in inst.cells)
    return PzBoard(inst.rows, inst.cols, cells, "e" if inst.fill == "any" else "")


def puzzlink_codec(make) -> Choice:
    """The codecs of `numlin` and `arukone`; ``make(grid, fill, where=...)``
    builds the board (numberlink.make)."""
    return Choice(
        Codec(names=("numlin", "numberlink"),
              body=Cells(Dict(Map(Number16(low=1, question=False, what="label"), str,
                                  numlin_label), {None: ""})),
              build=lambda b: make(b.value, "any", where=b.where), split=numlin_split),
        Codec(names=("arukone",),
              body=Cells(Dict(Number16(low=1, high=52, question=False, what="label"),
                              {None: "", **dict(enumerate(LETTERS, 1))})),
              build=lambda b: make(b.value, "any" if "e" in b.flags else "all", where=b.where),
              split=arukone_split, flags="e"),
    )

"""``satlink draw`` and ``satlink fmt``: a puzzle drawn (SVG or text), and
printed in canonical `.pzl` form or as its puzz.link URL."""
from __future__ import annotations

import sys

from . import api
from .cli_args import common, load_one, single
from .errors import InputError, UsageError
from .canonical_pzl import format_document
from .writing import write_file


def add_parsers(sub) -> None:
    """The `draw`, `fmt` commands."""
    p = sub.add_parser("draw", help="draw a puzzle (or the solution written in its file) as SVG")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", metavar="OUT.svg", help="output file (default: stdout)")
    p.add_argument("--solution", action="store_true",
                   help="draw the solution written in the file (its `solution` block)")
    p.add_argument("--text", action="store_true",
                   help="box-drawing text instead of SVG")
    common(p, solving=False)

    p = sub.add_parser("fmt", help="print puzzles in canonical .pzl form")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--url", action="store_true",
                   help="print each puzzle's puzz.link URL instead, one a line")
    common(p, solving=False)


def cmd_draw(args) -> int:
    item = single(args, args.file)
    solution = None
    if args.solution:
        if item.expected is None:
            raise InputError("this file holds no solution to draw (a `solution` block)",
                             item.source)
        solution = item.expected
    write_picture(args.output, picture(item, solution), args.text)
    return 0


def cmd_fmt(args) -> int:
    """One puzzle in canonical `.pzl`; a batch file as one `.pzl` document
    per puzzle, separated by blank lines (a puzzle that cannot be read is
    reported and skipped, exit 4). With ``--url``, a puzzle that has no
    puzz.link URL (its genre has none, or this board cannot be written as
    one) is reported and skipped, exit 2: the input is good, the request
    cannot be met for it (a genre without one is said once, not per puzzle);
    a puzzle that cannot be read still makes it exit 4."""
    items = load_one(args, args.file)
    failed = refused = False
    said: set[str] = set()  # genres without a puzz.link form, already reported
    for n, item in enumerate(items):
        if item.error is not None:
            print(item.error.render(), file=sys.stderr)
            failed = True
            continue
        if args.url:  # the puzz.link URL
            try:
                print(puzzlink_url(item.puzzle, item.instance))
            except UsageError as exc:
                refused = True
                if item.puzzle.puzzlink is None:
                    if item.puzzle.name in said:
                        continue
                    said.add(item.puzzle.name)
                print(InputError(exc.args[0], item.source).render(), file=sys.stderr)
            continue
        if n:
            sys.stdout.write("\n")
        doc = item.extra.get("document")
        if doc is not None:  # a .pzl file: lay it out again, keeping comments and blocks
            sys.stdout.write(format_document(doc, item.puzzle.name))
        else:  # another format: convert to .pzl
            sys.stdout.write(item.puzzle.to_pzl(item.instance))
    return api.EXIT["input"] if failed else api.EXIT["usage"] if refused else 0


def puzzlink_url(puzzle, instance) -> str:
    """The puzz.link URL of an instance; a :class:`UsageError` (exit 2) when
    the genre has no puzz.link form or this instance cannot be written as
    one: nothing is wrong with the input, the request cannot be met."""
    from .formats import puzzlink

    try:
        return puzzlink.encode(puzzle, instance)
    except InputError as exc:  # encode's refusal carries no position: there is none
        raise UsageError(exc.message) from None


def picture(item, solution):
    """The Board of an item (its puzzle's ``picture``)."""
    return item.puzzle.picture(item.instance, solution)


def write_picture(path: str | None, board, as_text: bool = False) -> None:
    from . import render  # only where a picture is asked for

    text = render.to_text(board) + "\n" if as_text else render.to_svg(board)
    if path is None:
        sys.stdout.write(text)
        return
    write_file(path, text)


COMMANDS = {"draw": cmd_draw, "fmt": cmd_fmt}

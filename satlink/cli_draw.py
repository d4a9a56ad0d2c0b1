"""``satlink draw`` and ``satlink fmt``: a puzzle drawn (SVG or text), and
printed in canonical `.pzl` form or as its puzz.link URL."""
from __future__ import annotations

import sys

from . import api
from .cli_args import common, load_one, single
from .errors import InputError
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
    reported and skipped, exit 4)."""
    items = load_one(args, args.file)
    failed = False
    for n, item in enumerate(items):
        if item.error is not None:
            print(item.error.render(), file=sys.stderr)
            failed = True
            continue
        if args.url:  # the puzz.link URL
            from .formats import puzzlink
            try:
                print(puzzlink.encode(item.puzzle, item.instance))
            except InputError as exc:
                print(InputError(exc.message, item.source).render(), file=sys.stderr)
                failed = True
            continue
        if n:
            sys.stdout.write("\n")
        doc = item.extra.get("document")
        if doc is not None:  # a .pzl file: lay it out again, keeping comments and blocks
            sys.stdout.write(format_document(doc, item.puzzle.name))
        else:  # another format: convert to .pzl
            sys.stdout.write(item.puzzle.to_pzl(item.instance))
    return api.EXIT["input"] if failed else 0


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

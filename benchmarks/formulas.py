"""Does a change keep every dev board's formula? Two checkouts, board by board.

    python benchmarks/formulas.py Nonogram Doors --base main [--head REV] [--every K] [--sorted]
    python benchmarks/formulas.py --all --base c5a352e --every 4 [--json OUT]

``--base`` and ``--head`` are each a git revision of this repository (checked
out into a temporary worktree for the run) or a directory holding a checkout;
``--head`` defaults to this checkout. Each runs in a fresh process of its own
(its satlink imported, this checkout's benchmark code) over the dev slice
(``../shared/datasets/puzzlekit-dev/<Genre>.json``, sorted ids, every K-th board).

Per board, hashed: the DIMACS (``Formula.to_dimacs``: variable names, answer
variables and clauses) with the decision phases of the verdict-mode encoding
(the options ``engine.search`` gives for a uniqueness verdict: pruned unless
the genre optimises), of the lazy mode (the default options: counting, lazy
rules as cuts) and of the complete mode (what ``satlink dimacs`` exports),
each also with every clause's literals sorted (names, answer, clause order and
phases kept); where the genre has a puzz.link
codec, the board's URL (``formats.puzzlink.encode``) with the instance read
back from it; where the record has a published solution, that solution as the
genre's ``--json`` (``solution_json``) and named ``cells`` give it.

A table, a row per genre: boards, read (not malformed), identical (every hash
equal), differing, and what differs (verdict / lazy / complete formula, URL,
solution JSON); with ``--sorted``, the boards identical once each clause's literals are
sorted (a change that only reorders literals); the median variables and
clauses of the verdict-mode formula before and after; the first differing
board. Then every board whose encoding raised (a bug, not a malformed record).
Exit status 1 when any board differs, else 0.

It replaces ``overhead_reading.py``, whose DIMACS hashes it extends to three modes,
the puzz.link round trip and the published solution's JSON.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from _common import checkout, dev_genres, median, run_under, table, two_checkouts_parser

#: The child: this module's :func:`worker` under the tree SATLINK_BENCH_TREE names.
CHILD = "import sys, formulas; formulas.worker(sys.argv[1:])"
MODES = ("verdict", "lazy", "complete")
PARTS = (*MODES, "url", "json")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def formula_of(puzzle, instance, mode: str):
    """The formula of ``mode``: "verdict" as ``engine.search`` encodes for a
    uniqueness verdict (pruned unless the genre optimises), "lazy" with the
    default options (counting, more than two solutions: lazy rules as cuts,
    nothing pruned), "complete" as the DIMACS export does (every rule eager)."""
    from satlink.contract import Options, objective_of
    from satlink.engine import encode
    if mode != "verdict":
        return encode(puzzle, instance, Options(complete=mode == "complete")).formula
    return encode(puzzle, instance, Options(prune=objective_of(puzzle, instance) is None)).formula


def board(genre: str, key: str, record: dict) -> dict:
    """The hashes of one board (see the module docstring), or ``{"error": message}``
    for a record the genre's reader rejects."""
    from satlink import formats
    from satlink.errors import InputError
    try:
        item = formats.load_text(record["problem"], key, "grid-text", genre)[0]
        if item.error is not None:
            raise item.error
    except InputError as exc:
        return {"error": str(exc)}
    try:
        return _hashes(item.puzzle, item.instance, record)
    except Exception as exc:  # noqa: BLE001 - a bug: listed with the board, the run goes on
        return {"error": f"crash: {type(exc).__name__}: {exc}"}


def _hashes(puz, inst, record: dict) -> dict:
    import peer
    from satlink.errors import InputError
    from satlink.formats import puzzlink
    out = {}
    for mode in MODES:
        f = formula_of(puz, inst, mode)
        phases = repr(getattr(f, "phases", None))  # the solver's first polarities
        out[mode] = [f.num_vars, len(f.clauses), _digest(f.to_dimacs() + phases),
                     _digest(repr(([(v, f.name(v)) for v in sorted(f.pool.id2obj)],
                                   f.num_vars, list(f.answer), [sorted(c) for c in f.clauses],
                                   phases)))]
    try:
        url = puzzlink.encode(puz, inst)
        out["url"] = _digest(url + repr(puzzlink.decode(url)[1]))
    except InputError as exc:  # no codec, or an instance puzz.link cannot hold
        out["url"] = "no url: " + str(exc)
    try:
        sol = peer.published(puz, record.get("solution", ""), inst)
    except (InputError, LookupError, ValueError, IndexError) as exc:
        out["json"] = "unreadable: " + str(exc)
    else:
        shown = None if sol is None else [puz.solution_json(inst, sol),
                                          puz.cells(inst, sol) if puz.cells else None]
        out["json"] = _digest(json.dumps(shown, default=repr))
    return out


def worker(argv: list[str]) -> None:
    """In the child: ``every genre...`` -> JSON {"satlink": its file, genre: {key: board}}."""
    import peer
    import satlink
    every, genres = int(argv[0]), argv[1:]
    out = {"satlink": satlink.__file__}
    for genre in genres:
        out[genre] = {key: board(genre, key, rec) for key, rec in peer.load(genre, every).items()}
    print(json.dumps(out))


def _same(a: dict, b: dict, sort: bool) -> bool:
    """Two boards' hashes agree (``sort``: the clause-sorted formula hashes stand
    for the DIMACS)."""
    if "error" in a or "error" in b:
        return a == b
    if sort:
        return all(a[m][3] == b[m][3] for m in MODES) and \
            all(a[p] == b[p] for p in ("url", "json"))
    return a == b


def compare(genre: str, base: dict, head: dict, sort: bool) -> list:
    """The table row of one genre (see the module docstring)."""
    keys = sorted(set(base) | set(head))
    missing = {"error": "absent"}
    pairs = [(k, base.get(k, missing), head.get(k, missing)) for k in keys]
    differ = [k for k, b, h in pairs if not _same(b, h, False)]
    what = {p: sum("error" not in b and "error" not in h and
                   (b[p][2] != h[p][2] if p in MODES else b[p] != h[p])
                   for _, b, h in pairs) for p in PARTS}
    what["read"] = sum(("error" in b) != ("error" in h) or b.get("error") != h.get("error")
                       for _, b, h in pairs)

    def counts(side: dict, i: int) -> str:
        got = [b["verdict"][i] for b in side.values() if "error" not in b]
        return f"{median(got):.0f}" if got else "-"

    row = [genre, len(keys), sum("error" not in h for _, _, h in pairs), len(keys) - len(differ),
           len(differ), " / ".join(f"{what[p]}" for p in ("read", *PARTS))]
    if sort:
        row.append(sum(_same(b, h, True) for _, b, h in pairs))
    return row + [counts(base, 0), counts(head, 0), counts(base, 1), counts(head, 1),
                  differ[0] if differ else ""]


def headers(sort: bool) -> list[str]:
    return ["genre", "boards", "read", "identical", "differing",
            "read/verdict/lazy/complete/url/json differ", *(["identical sorted"] if sort else []),
            "vars before", "after", "clauses before", "after", "first differing"]


def main(argv=None) -> int:
    ap = two_checkouts_parser(__doc__)
    ap.add_argument("--sorted", action="store_true",
                    help="also count boards identical with each clause's literals sorted")
    ap.add_argument("--json", help="write both sides' per-board hashes to this file")
    args = ap.parse_args(argv)
    genres = dev_genres(ap, args)
    with checkout(args.base) as base_tree, checkout(args.head) as head_tree:
        got = {side: run_under(tree, CHILD, str(args.every), *genres)
               for side, tree in (("base", base_tree), ("head", head_tree))}
    rows = [compare(g, got["base"][g], got["head"][g], args.sorted) for g in genres]
    print(f"dev slice, every {args.every}. board; base {args.base}, head {args.head or 'this checkout'}")
    print(table(headers(args.sorted), rows))
    for side in ("base", "head"):
        for g in genres:
            for key, b in got[side][g].items():
                if b.get("error", "").startswith("crash: "):
                    print(f"{side} {g} {key}: {b['error']}")
    differing = sum(r[4] > 0 for r in rows)
    print(f"{len(genres) - differing} of {len(genres)} genres identical board by board")
    if args.json:
        Path(args.json).write_text(json.dumps(got, indent=0, sort_keys=True) + "\n")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())

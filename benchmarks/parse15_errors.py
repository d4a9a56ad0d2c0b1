"""Grid text read by two checkouts, board by board and mutant by mutant: the
same instances and the same errors (message, file, line, column, source line)?

    python benchmarks/parse15_errors.py --base 7cb551c [--all | GENRE...] [--every K] [--seed S]

Per genre, every K-th dev board (``../shared/datasets/puzzlekit-dev``) and
mutants of it, seeded: a token deleted, doubled or replaced (by `x`, `-1`,
`99`, `@`, a letter, an empty-cell glyph, `²`), a line deleted, doubled or
cut in two, the header's numbers changed, words added to the header, the
text cut short. Each text is read by ``formats.load_text(text, "b.txt",
"grid-text", genre)`` under each checkout (a fresh interpreter each); the
result is the instance's ``repr`` (hashed) or the error as rendered (with
its caret line). Prints the genres and texts whose results differ, then a
count; exits 1 when any differs.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys

from _common import DATASETS, checkout

DEV = DATASETS / "puzzlekit-dev"
REPLACEMENTS = ("x", "-1", "99", "@", "q", "-", ".", "\u00b2", "0", "1x", "10", "A")


def mutants(text: str, rng: random.Random, count: int) -> list[str]:
    """``count`` mutants of ``text`` (the text itself first)."""
    out = [text]
    lines = text.splitlines()
    for _ in range(count):
        ls = [line.split() for line in lines]
        kind = rng.randrange(9)
        r = rng.randrange(len(ls))
        if kind <= 2 and ls[r]:  # a token deleted, doubled or replaced
            c = rng.randrange(len(ls[r]))
            if kind == 0:
                del ls[r][c]
            elif kind == 1:
                ls[r].insert(c, ls[r][c])
            else:
                ls[r][c] = rng.choice(REPLACEMENTS)
        elif kind == 3:
            del ls[r]
        elif kind == 4:
            ls.insert(r, list(ls[r]))
        elif kind == 5 and len(ls[r]) > 1:
            c = rng.randrange(1, len(ls[r]))
            ls[r:r + 1] = [ls[r][:c], ls[r][c:]]
        elif kind == 6 and ls and ls[0]:
            ls[0][rng.randrange(min(2, len(ls[0])))] = str(rng.choice((0, 1, 2, 3, 5, 31, 1000)))
        elif kind == 7 and ls:
            ls[0] += rng.choice((["3"], ["x"], ["1", "2"]))
        else:
            ls = ls[:rng.randrange(1, len(ls) + 1)]
        out.append("\n".join("  ".join(words) if rng.random() < 0.1 else " ".join(words)
                             for words in ls) + "\n")
    return out


def texts_of(genre: str, every: int, seed: int, count: int) -> list[str]:
    data = json.loads((DEV / f"{genre}.json").read_text())["data"]
    rng = random.Random(f"{seed}:{genre}")
    return [m for key in sorted(data)[::every] for m in mutants(data[key]["problem"], rng, count)]


def child(genres: list[str], every: int, seed: int, count: int) -> None:
    import satlink
    from satlink import formats
    from satlink.errors import SatlinkError
    got = {"satlink": satlink.__file__}  # which checkout answered: the parent checks
    for genre in genres:
        results = []
        for text in texts_of(genre, every, seed, count):
            try:
                items = formats.load_text(text, "b.txt", "grid-text", genre)
                results.append("ok " + hashlib.sha1(repr([i.instance for i in items]).encode())
                               .hexdigest())
            except SatlinkError as exc:
                results.append(f"{type(exc).__name__}: {exc.render()}")
            except Exception as exc:  # a traceback: a bug, compared as well
                results.append(f"TRACEBACK {type(exc).__name__}: {exc}")
        got[genre] = results
    print(json.dumps(got))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("genres", nargs="*")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--base", required=True)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--mutants", type=int, default=12, help="mutants per board")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    genres = sorted(p.stem for p in DEV.glob("*.json")) if args.all else args.genres
    if args.child:
        child(genres, args.every, args.seed, args.mutants)
        return
    head = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sides = {}
    with checkout(args.base) as base_dir:
        for side, tree in (("base", str(base_dir)), ("head", head)):
            out = subprocess.run([sys.executable, __file__, *genres, "--base", args.base,
                                  "--every", str(args.every), "--seed", str(args.seed),
                                  "--mutants", str(args.mutants), "--child"],
                                 env=dict(os.environ, PYTHONPATH=tree, SATLINK_BENCH_TREE=tree),
                                 capture_output=True,
                                 text=True, check=True).stdout
            sides[side] = json.loads(out)
            if not os.path.realpath(sides[side]["satlink"]).startswith(os.path.realpath(tree)):
                sys.exit(f"the {side} side imported {sides[side]['satlink']}, not {tree}")
    differ = texts = errors = 0
    for genre in genres:
        cases = texts_of(genre, args.every, args.seed, args.mutants)
        for text, a, b in zip(cases, sides["base"][genre], sides["head"][genre]):
            texts += 1
            errors += not a.startswith("ok ")
            if a != b:
                differ += 1
                print(f"--- {genre}\n{text}base: {a}\nhead: {b}\n")
    print(f"{texts} texts of {len(genres)} genres ({errors} refused): {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

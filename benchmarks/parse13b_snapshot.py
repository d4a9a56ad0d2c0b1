"""Every dev board of every genre through the grid-text reader: the Instance's
repr, or the error's message and position, one line per board (and per
mutated board: rows dropped, a cell doubled, a token replaced), to diff two
checkouts' readers (parse13b).

    python benchmarks/parse13b_snapshot.py OUT
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

DEV = Path(__file__).resolve().parents[1] / ".." / "shared" / "datasets" / "puzzlekit-dev"


def mutants(text: str, rng: random.Random) -> list[str]:
    lines = text.splitlines()
    out = []
    if len(lines) > 2:
        out.append("\n".join(lines[:-1]))          # a row short
        out.append(text + "\n" + lines[-1])        # a row too many
        i = rng.randrange(1, len(lines))
        out.append("\n".join(lines[:i] + [lines[i] + " 7"] + lines[i + 1:]))  # a cell too many
        words = lines[i].split()
        if words:
            j = rng.randrange(len(words))
            for w in ("x", "?", "99", "-1", "a"):
                ws = words[:j] + [w] + words[j + 1:]
                out.append("\n".join(lines[:i] + ["  ".join(ws)] + lines[i + 1:]))
    out.append("3 x\n" + "\n".join(lines[1:]))
    return out


def outcome(formats, text: str, key: str, genre: str) -> str:
    try:
        item = formats.load_text(text, key, "grid-text", genre)[0]
        if item.error is not None:
            raise item.error
        return "OK " + hashlib.sha1(repr(item.instance).encode()).hexdigest()
    except Exception as exc:  # the message and its position are what is compared
        pos = getattr(exc, "pos", None)
        line = getattr(exc, "line", None)
        return f"{type(exc).__name__} {exc} @{pos!r} {line!r}"


def main(out: str) -> None:
    from satlink import formats
    rng = random.Random(13)
    with open(out, "w") as f:
        for path in sorted(DEV.glob("*.json")):
            genre = path.stem
            data = json.loads(path.read_text())["data"]
            for key in sorted(data):
                text = data[key]["problem"]
                f.write(f"{genre} {key} {outcome(formats, text, key, genre)}\n")
                for n, m in enumerate(mutants(text, rng)):
                    f.write(f"{genre} {key}#{n} {outcome(formats, m, key, genre)}\n")


if __name__ == "__main__":
    main(sys.argv[1])

"""Does the .pzl parser read every file as another checkout does? Two trees, file by file.

    python benchmarks/split13_parse_compare.py BASE_DIR [HEAD_DIR] [--variants K]

Each tree runs in a fresh process of its own (``PYTHONPATH`` = the tree) over
every ``instances/**/*.pzl``, every file of ``tests/fuzz_corpus`` and, per
instance, ``K`` damaged copies (seeded: a row unindented, a carriage return,
a stray character, a line cut, a keyword doubled) so that the error paths are
read too. Per text it prints the document (type, every entry's keyword, values
and rows with line and column, the keyword line) and its canonical text
(``satlink fmt``), or the error as the user sees it (file:line:column, message,
the source line and its caret). Exit status 1 when any text reads differently.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys
from satlink.errors import InputError
from satlink.lang import parse_text
try:
    from satlink.canonical_pzl import format_document
except ImportError:
    from satlink.lang import format_document
out = {}
for name, text in json.load(sys.stdin):
    try:
        doc = parse_text(text, name)
    except InputError as exc:
        out[name] = ["error", exc.render()]
        continue
    def tok(t):
        return [t.text, t.pos.file, t.pos.line, t.pos.column]
    entries = [[e.keyword, [e.pos.file, e.pos.line, e.pos.column], e.text,
                [tok(v) for v in e.values], [[tok(t) for t in r] for r in e.rows]]
               for e in doc.entries]
    try:
        canonical = format_document(doc)
    except Exception as exc:  # a bug either way; compared like the rest
        canonical = f"raised {type(exc).__name__}: {exc}"
    out[name] = ["doc", doc.type, [doc.type_pos.line, doc.type_pos.column], entries, canonical]
json.dump(out, sys.stdout)
"""


def damaged(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    how = rng.randrange(5)
    if how == 0:  # a row unindented
        lines[i] = lines[i].lstrip()
    elif how == 1:  # a carriage return (lark's turn)
        lines[i] += "\r"
    elif how == 2:  # a stray character
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice("@{}\"'\u00a0\u2028\x0c") + lines[i][at:]
    elif how == 3:  # a line cut
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    else:  # a line doubled
        lines.insert(i, lines[i])
    return "\n".join(lines)


def texts(variants: int) -> list[tuple[str, str]]:
    rng = random.Random(13)
    out = []
    for path in sorted(ROOT.glob("instances/**/*.pzl")):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(ROOT))
        out.append((name, text))
        out.extend((f"{name}~{k}", damaged(text, rng)) for k in range(variants))
    for path in sorted(p for p in (ROOT / "tests" / "fuzz_corpus").rglob("*") if p.is_file()):
        out.append((str(path.relative_to(ROOT)), path.read_bytes().decode("utf-8", "replace")))
    return out


def read_with(tree: str, cases: list[tuple[str, str]]) -> dict:
    env = {**os.environ, "PYTHONPATH": tree}
    proc = subprocess.run([sys.executable, "-c", CHILD], input=json.dumps(cases), env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def main(argv: list[str]) -> int:
    variants = 8
    if "--variants" in argv:
        k = argv.index("--variants")
        variants = int(argv[k + 1])
        del argv[k:k + 2]
    base, head = argv[0], argv[1] if len(argv) > 1 else str(ROOT)
    cases = texts(variants)
    a, b = read_with(base, cases), read_with(head, cases)
    errors = sum(1 for v in b.values() if v[0] == "error")
    differ = [name for name, _ in cases if a[name] != b[name]]
    print(f"{len(cases)} texts ({errors} read as errors, {len(cases) - errors} as documents):"
          f" {len(cases) - len(differ)} identical, {len(differ)} differ")
    for name in differ[:10]:
        print(f"  {name}:\n    base {a[name]!r:.300}\n    head {b[name]!r:.300}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Fuzzing helpers shared by ``tests/test_fuzz.py`` and ``benchmarks/fuzz.py``.

Seeds are every file in ``instances/`` plus a small sample of each other
input format, cut from the public data sets (read in place, never copied).
A case is one seed, mutated by :func:`mutate`, run in-process through
``satlink.cli.main`` with one format configuration (every format the
registry lists, with ``--type T`` for every puzzle type where the format
needs one) and one command. :func:`problems` says what is wrong with the
outcome: an exception escaping ``main``, a traceback on stderr, an
undocumented exit code, or a stdout line of ``--json`` that is not JSON.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import traceback
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from satlink import formats, puzzles
from satlink.cli import main
from satlink.errors import UsageError

ROOT = Path(__file__).resolve().parent.parent
DATASETS = Path(os.environ.get("SATLINK_DATASETS", ROOT.parent / "shared" / "datasets"))
CORPUS = Path(__file__).resolve().parent / "fuzz_corpus"

#: The exit codes the README documents (7: a solution block that differs from the solution).
DOCUMENTED = {0, 1, 2, 3, 4, 5, 6, 7, 130}

#: The commands fuzzed, without the file; the file goes right after the command name.
COMMANDS = {
    "solve": ["solve", "--json", "--timeout", "2"],
    "check": ["check", "--json", "--timeout", "2"],
    "fmt": ["fmt"],
    "dimacs": ["dimacs"],
    "count": ["count", "--limit", "3", "--timeout", "2"],
}
JSON_COMMANDS = {"solve", "check"}
#: Commands fuzzed only on request (`benchmarks/fuzz.py --commands`): slower per case.
MORE_COMMANDS = {
    "explain": ["explain", "--timeout", "2"],
    "minimize": ["minimize", "--timeout", "2"],
    "analyze": ["analyze", "--timeout", "2"],
    "draw": ["draw", "--solution"],
}


# -- format configurations -------------------------------------------------------------

def needs_type(mod) -> bool:
    """Does this format refuse to read without ``--type``? (Asked of the format itself,
    so a format added later is classified without a change here.)"""
    try:
        mod.read("", "<probe>", puzzle_type=None, options={})
    except UsageError:
        return True
    except Exception:  # an input error of the empty text: it reads without a type
        return False
    return False


@lru_cache(maxsize=None)
def format_configs() -> tuple[tuple[str | None, str | None], ...]:
    """(format, type) pairs: detection (None, None), then every registered format,
    with each puzzle type for the formats that need one."""
    out: list[tuple[str | None, str | None]] = [(None, None)]
    for name, mod in sorted(formats.registry().items()):
        if needs_type(mod):
            out.extend((name, t.name) for t in puzzles.types())
        else:
            out.append((name, None))
    return tuple(out)


def config_id(cfg) -> str:
    fmt, ptype = cfg
    return (fmt or "detect") + (f"+{ptype}" if ptype else "")


def config_args(cfg) -> list[str]:
    fmt, ptype = cfg
    args = []
    if fmt:
        args += ["--format", fmt]
    if ptype:
        args += ["--type", ptype]
    return args


# -- seeds --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seed:
    name: str
    text: str
    suffix: str  # file name ending, which format detection reads
    formats: tuple[str, ...]  # formats it is written in ("pzl", "grid-text+hashi", ...)


def _first_lines(path: Path, n: int, keep=lambda s: True) -> str:
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if keep(line):
                out.append(line)
            if len(out) >= n:
                break
    return "".join(out)


@lru_cache(maxsize=None)
def seeds() -> tuple[Seed, ...]:
    found = []
    for p in sorted((ROOT / "instances").rglob("*")):
        if p.is_file():
            found.append(Seed(f"instances/{p.relative_to(ROOT / 'instances')}", p.read_text(),
                              p.suffix or ".txt", ("pzl",)))
    d = DATASETS
    nl = d / "numberlink"
    found.append(Seed("flowfree/regular_5x5_01", (nl / "flowfree" / "regular_5x5_01.txt").read_text(),
                      ".txt", ("flowfree",)))
    found.append(Seed("adc2015/Q08", (nl / "adc2015" / "Q" / "Q08.txt").read_text(), ".txt", ("adc",)))
    wh = (nl / "generated" / "inputs1.txt").read_text().split("\n\n")
    found.append(Seed("generated/inputs1", "\n\n".join(wh[:3]) + "\n", ".txt", ("numberlink-wh",)))
    has = sorted((d / "hashi-cllv" / "100").glob("*.has"))[0]
    found.append(Seed(f"hashi-cllv/{has.name}", has.read_text(), ".has", ("hashi-has",)))
    found.append(Seed("sudoku/norvig_hardest", _first_lines(d / "sudoku" / "norvig_hardest.txt", 3),
                      ".txt", ("sudoku-lines",)))
    pl = (d / "battleship" / "csplib014" / "battleship_instances.pl").read_text()
    terms = [m.start() for m in re.finditer(r"^problem\(", pl, re.M)]
    found.append(Seed("csplib014/first-two", pl[:terms[2]], ".pl", ("csplib-battleship",)))
    dzn = sorted((d / "battleship" / "csplib014" / "minizinc").glob("sb_12_12_5_*.dzn"))[0]
    found.append(Seed(f"minizinc/{dzn.name}", dzn.read_text(), ".dzn", ("battleship-dzn",)))
    # puzz.link URLs, one a line: the examples of pzprjs's test scripts (robx/pzprjs test/script)
    found.append(Seed("puzzlink/pzprjs-tests", "".join(
        f"https://puzz.link/p?{u}\n" for u in ("slither/5/5/cbcbcddad", "sudoku/4/4/g1k23k3g",
                                                "hashi/5/5/4g2i3h23k3g1g3g4g3",
                                                "numlin/5/5/1j2h3m1h2j3", "mashu/6/6/1063000i3000",
                                                "yajilin/5/5/m32j10", "lightup/6/6/nekcakbl",
                                                "kurodoko/5/5/i7g5l2l2g4i",
                                                "kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3")),
        ".txt", ("puzzlink",)))
    # the smallest board of each dev slice whose genre satlink reads as grid text
    for path in sorted((d / "puzzlekit-dev").glob("*.json")):
        genre = puzzles.registry().get(path.stem.lower())
        if genre is None or not genre.reads_grid_text:
            continue
        data = json.loads(path.read_text())["data"]
        key = min(data, key=lambda k: (len(data[k]["problem"]), k))
        found.append(Seed(f"puzzlekit/{path.stem}/{key}", data[key]["problem"], ".txt",
                          (f"grid-text+{genre.name}",)))
    # a collection: the first three records of the Masyu slice, as the file holds them
    masyu = json.loads((d / "puzzlekit-dev" / "Masyu.json").read_text())
    three = dict(list(masyu["data"].items())[:3])
    found.append(Seed("puzzlekit-json/Masyu-3", json.dumps({**masyu, "data": three}, indent=0),
                      ".json", ("puzzlekit",)))
    return tuple(found)


def seeds_for(cfg) -> tuple[Seed, ...]:
    """The seeds written in this configuration's format (all of them for detection, and
    for a format with no sample: the .pzl instances)."""
    if cfg == (None, None):
        return seeds()
    mine = tuple(s for s in seeds() if config_id(cfg) in s.formats)
    return mine or tuple(s for s in seeds() if "pzl" in s.formats)


# -- mutations ----------------------------------------------------------------------------

NUMBERS = ["0", "-1", "1", "2", "3", "4", "8", "9", "10", "16", "25", "63", "64", "65", "100",
           "101", "199", "200", "201", "250001", "1600", "99999999999", "-99999999999",
           str(10 ** 30), "9" * 5000, "1e9", "1.5", "nan", "inf", "-0", "007", "0x10", "²", "٣", "①", "½"]
WORDS = ["puzzle", "size", "grid", "solution", "fill", "all", "any", "box", "x", "X", "houses",
         "attribute", "clue", "ask", "fleet", "rows", "cols", "at", "not-at", "next-to",
         "right-of", "either", "or", "one-of", "distance", "first", "last", "middle", ".", "?",
         "-", "~", "o", "<", ">", "^", "v", "+", "*", "x", "=", "!=", "(", ")", ":", ";", ",",
         "[", "]", "|", "@", "%", "#", "SIZE", "LINE_NUM", "LINE#1", "(0,0)-(1,1)", "problem(",
         "hint", "height", "width", "ship", "rowsum", "colsum", "A", "z", "é", "🐍", "\u200b",
         "sudoku", "hashi", "numberlink", "slitherlink", "battleship", "zebra", "a.b", "3x2",
         "1x4", "0x0", "1:1", "w@[1,1]"]
INSERTS = ["\t", "\r\n", "\r", "\x00", "\ufeff", "\u2028", "\x0c", "\x0b", "\x85", "é",
           "\U0001f40d", " ", "  ", "\n", "\n\n", "#", "%", "\\", "\"", "'", "\x1b[31m"]
_TOKEN = re.compile(r"[^\s]+")
_NUMBER = re.compile(r"\d+")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _line_op(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    if not lines:
        return text
    i = rng.randrange(len(lines))
    j = rng.randrange(len(lines))
    op = rng.randrange(6)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[j])
    elif op == 2:
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        lines.insert(j, lines.pop(i))
    elif op == 4:  # indent or dedent
        lines[i] = lines[i].lstrip() if lines[i][:1].isspace() else "  " + lines[i]
    else:  # duplicate a run of lines (a block, a batch entry)
        k = rng.randrange(1, 6)
        lines[i:i] = lines[i:i + k]
    return "\n".join(lines)


def _token_op(rng: random.Random, text: str) -> str:
    toks = list(_TOKEN.finditer(text))
    if not toks:
        return text
    m = rng.choice(toks)
    op = rng.randrange(4)
    if op == 0:
        new = rng.choice(toks).group(0)  # another token of the file
    elif op == 1:
        new = rng.choice(NUMBERS)
    elif op == 2:
        new = rng.choice(WORDS)
    else:  # a random token
        alphabet = "0123456789.-x?~<>^v+*#%abcXYZ()[],:;@é\t"
        new = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 6)))
    return text[:m.start()] + new + text[m.end():]


def _number_op(rng: random.Random, text: str) -> str:
    """Change a number: a size, a count, a clue (off by one, zero, huge, negative)."""
    nums = list(_NUMBER.finditer(text))
    if not nums:
        return text
    m = rng.choice(nums)
    v = int(m.group(0)[:18])
    new = rng.choice([v + 1, v - 1, v * 2, v + 10, 0, -v, 10 ** rng.randrange(1, 20),
                      rng.randrange(-5, 300)])
    return text[:m.start()] + str(new) + text[m.end():]


def _size_op(rng: random.Random, text: str) -> str:
    """Change the numbers on the first line that looks like a size header."""
    lines = _lines(text)
    for i, line in enumerate(lines):
        if re.match(r"\s*(size|SIZE|height|width|houses|\d+\s+\d+)", line):
            lines[i] = _NUMBER.sub(lambda m: str(rng.choice(
                [int(m.group(0)[:18]) + rng.randrange(-2, 3), 1, 0, 64, 65, 200, 201, 1600, 10 ** 12])),
                line)
            break
    return "\n".join(lines)


def _insert_op(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(INSERTS) + text[at:]


def _char_op(rng: random.Random, text: str) -> str:
    if not text:
        return text
    at = rng.randrange(len(text))
    op = rng.randrange(3)
    if op == 0:
        return text[:at] + text[at + 1:]
    if op == 1:
        return text[:at] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x3000)])) \
            + text[at + 1:]
    return text[:at] + text[at] * rng.randrange(2, 50) + text[at + 1:]


def _cut_op(rng: random.Random, text: str) -> str:
    return text[:rng.randrange(len(text) + 1)]


def _line_endings_op(rng: random.Random, text: str) -> str:
    return rng.choice([text.replace("\n", "\r\n"), text.replace("\n", "\r"),
                       text.replace("  ", "\t"), text.replace(" ", "\t"), "\ufeff" + text,
                       text.rstrip("\n"), text + "\n\n\n", text.replace("\n", "\u2028")])


OPS = [_line_op, _line_op, _token_op, _token_op, _token_op, _number_op, _number_op, _size_op,
       _insert_op, _char_op, _cut_op, _line_endings_op]


def mutate(rng: random.Random, text: str) -> bytes:
    """1 to 4 structured mutations of ``text``; sometimes a byte-level one on top."""
    for _ in range(rng.randrange(1, 5)):
        text = rng.choice(OPS)(rng, text)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.05:  # invalid UTF-8, a stray NUL
        at = rng.randrange(len(data) + 1)
        data = data[:at] + rng.choice([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80"]) + data[at:]
    return data


def random_bytes(rng: random.Random) -> bytes:
    n = rng.choice([0, 1, 2, 8, 64, 512])
    kind = rng.randrange(3)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(n))
    if kind == 1:  # printable noise, which reaches the parsers
        return "".join(rng.choice("0123456789 .\n-x#%()[],puzzlesizegrid") for _ in range(n)).encode()
    return "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(n)).encode("utf-8", "surrogatepass")


# -- running and judging ------------------------------------------------------------------

@dataclass
class Outcome:
    argv: list[str]
    code: object = None
    out: str = ""
    err: str = ""
    exc: str | None = None  # the traceback of an exception that escaped main
    problems: list[str] = field(default_factory=list)


def run_cli(argv: list[str]) -> Outcome:
    """``satlink.cli.main(argv)`` in-process with stdout and stderr captured."""
    out, err = io.StringIO(), io.StringIO()
    res = Outcome(list(argv))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            res.code = main(argv)
        except SystemExit as exc:  # argparse: a usage error
            res.code = exc.code
        except BaseException:  # noqa: BLE001 - the point is to catch anything that escapes
            res.exc = traceback.format_exc()
    res.out, res.err = out.getvalue(), err.getvalue()
    return res


def problems(res: Outcome, command: str) -> list[str]:
    found = []
    if res.exc is not None:
        found.append("exception escaped main:\n" + res.exc)
    if "Traceback (most recent call last)" in res.err:
        found.append("traceback on stderr:\n" + res.err[-3000:])
    if res.exc is None and res.code not in DOCUMENTED:
        found.append(f"undocumented exit code {res.code!r}")
    if command in JSON_COMMANDS:
        for line in res.out.splitlines():
            try:
                json.loads(line)
            except ValueError:
                found.append(f"stdout line is not JSON: {line[:200]!r}")
                break
    return found


def run_case(path: Path, command: str, cfg) -> Outcome:
    words = COMMANDS.get(command) or MORE_COMMANDS[command]
    argv = words[:1] + [str(path)] + words[1:] + config_args(cfg)
    res = run_cli(argv)
    res.problems = problems(res, command)
    return res


def describe(res: Outcome, data: bytes) -> str:
    return (f"satlink {' '.join(res.argv)} -> {res.code!r}\ninput: {data[:2000]!r}\n"
            + "\n".join(res.problems))

"""Shared helpers for benchmark scripts: data set paths, table printing, and
the two checkouts a side-by-side script compares.

The project put first on ``sys.path`` is this checkout, or the one named by
the environment variable ``SATLINK_BENCH_TREE``: a script's child process
(:func:`run_under`) imports the other checkout's satlink with this checkout's
benchmark code.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREE = Path(os.environ.get("SATLINK_BENCH_TREE", ROOT))
sys.path.insert(0, str(TREE))
DATASETS = Path(os.environ.get("SATLINK_DATASETS", ROOT.parent / "shared" / "datasets"))
DEV = DATASETS / "puzzlekit-dev"


def table(headers: list[str], rows: list[list]) -> str:
    """A plain aligned text table."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _fmt(x) -> str:
    if isinstance(x, float):
        return f"{x:.4f}" if x < 10 else f"{x:.1f}"
    return str(x)


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def loadavg() -> str:
    """The machine's load (1, 5, 15 minutes), for the record of a timed run."""
    path = Path("/proc/loadavg")
    return " ".join(path.read_text().split()[:3]) if path.exists() else "unknown"


def two_checkouts_parser(doc: str):
    """The command line the side-by-side scripts share: genres or ``--all``,
    ``--every K``, ``--base`` and ``--head`` (a directory or a git revision);
    read it with :func:`dev_genres`."""
    import argparse
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("genres", nargs="*", help="dev-slice genre names (puzzlekit-dev/<Genre>.json)")
    ap.add_argument("--all", action="store_true", help="every genre of the dev slice")
    ap.add_argument("--every", type=int, default=1, help="every K-th board (sorted ids)")
    ap.add_argument("--base", required=True, help="a checkout directory or a git revision")
    ap.add_argument("--head", help="a checkout directory or a git revision (default: this one)")
    return ap


def dev_genres(ap, args) -> list[str]:
    """The dev-slice genres named (or all of them, ``args.all``); a name without
    a file, or ``--every`` under 1, is the parser's error, never a traceback."""
    if args.every < 1:
        ap.error("--every must be 1 or more")
    genres = sorted(p.stem for p in DEV.glob("*.json")) if args.all else args.genres
    missing = [g for g in genres if not (DEV / f"{g}.json").is_file()]
    if missing:
        ap.error(f"no dev-slice file {DEV}/<Genre>.json for {', '.join(missing)}")
    if not genres:
        ap.error("name genres or --all")
    return genres


@contextmanager
def checkout(spec: str | None):
    """The source tree of ``spec``: this checkout when None, the directory
    when it is one, else a git revision of this repository checked out into
    a temporary worktree (removed afterwards)."""
    if spec is None:
        yield ROOT
        return
    if Path(spec).is_dir():
        where = Path(spec).resolve()
        if not (where / "satlink" / "__init__.py").is_file():
            raise SystemExit(f"{spec}: no satlink package in that directory")
        yield where
        return
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp) / "tree"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where),
                               spec], capture_output=True, text=True)
        if made.returncode:
            why = (made.stderr.strip().splitlines() or ["git worktree add failed"])[-1]
            raise SystemExit(f"{spec}: neither a directory nor a git revision ({why})")
        try:
            yield where
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(where)],
                           capture_output=True)


def run_under(tree: Path, code: str, *args: str):
    """``python -c code args`` with ``tree``'s satlink and this checkout's
    benchmark modules importable; its stdout is one JSON value, returned.
    The child must report ``satlink.__file__`` as ``"satlink"``: a child that
    imported another tree's package is an error, not a measurement."""
    env = dict(os.environ, SATLINK_BENCH_TREE=str(tree), PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=Path(__file__).parent, env=env)
    if done.returncode:
        raise SystemExit(f"{tree}: the child failed (exit {done.returncode})\n"
                         f"{done.stderr[-3000:]}")
    out = json.loads(done.stdout)
    if not Path(out["satlink"]).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"{tree}: the child imported {out['satlink']}, not this tree's satlink")
    return out

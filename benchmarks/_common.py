"""Shared helpers for benchmark scripts: data set paths and table printing."""
from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATASETS = Path(os.environ.get("SATLINK_DATASETS", ROOT.parent / "shared" / "datasets"))


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

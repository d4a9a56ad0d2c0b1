"""benchmarks/verdict_fixed_cost.py (issue 22's per-part account of a verdict)
on a few boards, so that it does not rot: its parts add up to the session's
search, its verdicts are the engine's, and what it restores it restores."""
from __future__ import annotations

import json

from tests.helpers import load_benchmark


def test_parts_of_a_board_cover_the_search_and_leave_the_engine_as_it_was():
    bench = load_benchmark("verdict_fixed_cost")
    from satlink.engine import session as session_module
    kept = session_module.new_solver, session_module.clause_loader
    data = json.loads((bench.DEV / "Koburin.json").read_text())["data"]
    key = sorted(data)[0]
    acc, verdict, item = bench.parts_of("Koburin", key, data[key]["problem"])
    assert (session_module.new_solver, session_module.clause_loader) == kept
    assert verdict == "unique" and set(acc) == set(bench.PARTS)
    # every part timed, the solver built, loaded, called and deleted once at least
    assert all(acc[p] > 0 for p in ("parse", "encode", "ctor", "load", "calls", "verify",
                                    "delete", "release"))
    assert all(v >= 0 for v in acc.values())
    took, lists, copies, tuples, n = bench.bare(item)
    assert min(took, lists, copies, tuples) > 0 and n > 100


def test_table_of_a_genre(capsys):
    bench = load_benchmark("verdict_fixed_cost")
    assert bench.main(["Koburin", "--every", "40", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    row = next(ln.split() for ln in out.splitlines() if ln.strip().startswith("Koburin"))
    assert len(row) == len(bench.HEADERS) and int(row[1]) >= 1 and int(row[2]) > 100


def test_a_genre_without_a_dev_slice_is_a_message(capsys):
    bench = load_benchmark("verdict_fixed_cost")
    try:
        bench.main(["NoSuchGenre"])
    except SystemExit as exc:
        assert exc.code == 2
    assert "no dev-slice file for NoSuchGenre" in capsys.readouterr().err

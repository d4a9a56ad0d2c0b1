"""`satlink check --dask`: the same records as a run here, through a real
two-worker Dask cluster (worker processes that fork the solving child)."""
import json
import socket
import time

import distributed
import pytest

from satlink import checking
from satlink.cli import main
from satlink.runners import DaskRunner
from tests.helpers import ROOT

INSTANCES = str(ROOT / "instances")


@pytest.fixture(scope="module")
def address():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def sudoku_lines(datasets, tmp_path_factory):
    """250 lines, 17-clue puzzles (unique) alternating with Serg's (several
    solutions): three units of ``checking.CHUNK`` lines."""
    def puzzles(name):
        text = (datasets / "sudoku" / name).read_text()
        return [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]

    mixed = [p for pair in zip(puzzles("puzzles2_17_clue.txt"),
                               puzzles("puzzles7_serg_benchmark.txt")[:125]) for p in pair]
    path = tmp_path_factory.mktemp("dask") / "mixed250.txt"
    path.write_text("# a comment line\n" + "\n".join(mixed) + "\n")
    return str(path)


def run(capsys, *argv):
    code = main(["check", "--json", "--no-progress", *argv])
    out, err = capsys.readouterr()
    return code, [_strip(json.loads(line)) for line in out.splitlines()], err


def _strip(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "stats"}


@pytest.mark.slow
@pytest.mark.parametrize("which", ["instances", "sudoku"])
def test_dask_gives_the_records_of_a_plain_run(capsys, address, sudoku_lines, which):
    path = INSTANCES if which == "instances" else sudoku_lines
    code, plain, _ = run(capsys, path)
    dask_code, dask, err = run(capsys, "--dask", address, path)
    assert dask_code == code
    assert list(map(_key, dask)) == list(map(_key, plain))  # same order
    if which == "instances":  # one puzzle per unit: exactly the same
        assert dask == plain
    expected = len(list((ROOT / "instances").rglob("*.pzl"))) if which == "instances" else 250
    assert len(plain) == expected
    if which == "sudoku":
        assert {r["verdict"] for r in plain} == {"unique", "multiple"}


def test_dask_output_and_resume(capsys, address, sudoku_lines, tmp_path):
    _, plain, _ = run(capsys, sudoku_lines)
    out = tmp_path / "results.jsonl"
    run(capsys, "--dask", address, "--output", str(out), sudoku_lines)
    full = out.read_text().splitlines()
    assert sorted(_key(_strip(json.loads(line))) for line in full) == sorted(map(_key, plain))
    # a run stopped part way: 130 whole lines (any order) and a torn one
    out.write_text("\n".join(full[:130]) + "\n" + full[130][:40])
    code, resumed, err = run(capsys, "--dask", address, "--output", str(out), "--resume",
                             sudoku_lines)
    assert "130 puzzles already in" in err
    assert len(resumed) == 120
    records = [_strip(json.loads(line)) for line in out.read_text().splitlines()]
    keys = [checking.source_key(r) for r in records]
    assert len(keys) == len(set(keys)) == 250  # nothing twice, nothing missing
    assert sorted(map(_key, records)) == sorted(map(_key, plain))


def _key(record: dict) -> str:
    """A record, less the solution of a puzzle with several: which comes
    first depends on the puzzles solved before it in its unit (a Dask unit
    holds ``DaskRunner.chunk`` lines, a local one ``checking.CHUNK``; a resumed
    unit skips some)."""
    if record["verdict"] == "multiple":
        record = {k: v for k, v in record.items() if k not in ("solution", "differing")}
    return json.dumps(record, sort_keys=True)


def test_dask_unreachable_address_is_a_usage_error(capsys):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    for address in (f"tcp://127.0.0.1:{port}", "no-port-here"):
        t0 = time.perf_counter()
        code = main(["check", "--dask", address, INSTANCES])
        _, err = capsys.readouterr()
        # refused at once, not after the 10 s connect timeout (a loaded
        # machine took 3.3 s, so the bound is loose)
        assert code == 2 and time.perf_counter() - t0 < 8
        assert err.startswith("error: --dask: ") and len(err.strip().splitlines()) == 1, err


def test_dask_interrupted_cancels_and_closes_promptly(address, sudoku_lines):
    runner = DaskRunner(address)
    events = checking.check_events([sudoku_lines] * 8, checking.CheckJob(), runner=runner)
    next(events)
    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        events.throw(KeyboardInterrupt)  # Ctrl-C while waiting for units
    assert time.perf_counter() - t0 < 2
    assert runner.client is None
    with distributed.Client(address, set_as_default=False) as client:
        deadline = time.monotonic() + 10
        while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
            assert time.monotonic() < deadline, "the cancelled units stayed on the scheduler"
            time.sleep(0.1)

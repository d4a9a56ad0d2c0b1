"""The long-lived child of ``check`` (issue 22, item 3): it holds the same
limits as a child per item, keeps no memory of an earlier item against a
later one, and is replaced after a limit strikes."""
from __future__ import annotations

import io
import os
import time
from pathlib import Path
from contextlib import redirect_stdout

import pytest

from satlink import child, children, cli
from satlink.child_memory import Allocated, mapped
from satlink.children import Worker
from satlink.limits import Limits

pytestmark = pytest.mark.skipif(not children.can_fork(), reason="limits need fork")


def resident(block):
    """``block`` with every page written: resident, not only reserved."""
    block[::4096] = b"x" * len(block[::4096])
    return block


def hold(block, strike: bool):
    """Hold ``block`` while the watch reads the child's memory several times
    (0.3 s), 3 s where the limit must ``strike``: the child is killed at the
    first reading, so a passing run waits no longer, and a parent starved
    on a loaded machine still gets its readings."""
    time.sleep(3 if strike else 0.3)
    return block


def first_then_alloc(item, first, limit: int) -> tuple:
    """The outcomes of ``item(first)`` and then ``item("alloc")``, one child
    under a memory ``limit``."""
    with Worker(item, Limits(timeout=30, max_memory=limit)) as w:
        return w.call(first), w.call("alloc")


def pid_or_sleep(x):
    if x == "sleep":
        time.sleep(30)
    if x == "fail":
        raise ValueError("no")
    return os.getpid()


@pytest.fixture
def started(monkeypatch) -> list:
    """One entry for each child a Worker forks (in this process)."""
    forks = []
    fork = Worker._start

    def counted(self):
        if not self.pid:
            forks.append(1)
        fork(self)

    monkeypatch.setattr(Worker, "_start", counted)
    return forks


def test_one_child_answers_item_after_item():
    with Worker(pid_or_sleep, Limits(timeout=5)) as w:
        pids = [value for kind, value in w.map([1, 2, 3])] + [w.call(4)[1]]
    assert len(set(pids)) == 1 and os.getpid() not in pids


def test_a_limit_strikes_and_the_next_item_gets_a_fresh_child():
    with Worker(pid_or_sleep, Limits(timeout=0.3)) as w:
        first = w.call(1)[1]
        t0 = time.monotonic()
        kind, reason = w.call("sleep")
        assert kind == "time" and "time limit of 0.3 s" in reason
        assert time.monotonic() - t0 < 3
        after = w.call(2)[1]
        assert w.call("fail")[0] == "error"
        assert w.call(3)[1] == after  # an exception is an answer, not a death
    assert first != after
    with pytest.raises(ProcessLookupError):
        os.kill(after, 0)  # closed: the child is gone


def test_memory_an_item_keeps_sends_the_next_one_to_a_fresh_child():
    kept = []

    def hoard(mib):
        kept.append(resident(bytearray(mib << 20)))  # kept by the child's closure
        return os.getpid()

    # a child may keep an eighth of the limit (counted from the fork)
    limit = Limits(max_memory=1 << 30)
    keep = limit.memory // 8 >> 20  # MiB
    with Worker(hoard, limit) as w:
        small = [w.call(1)[1] for _ in range(3)]
        big = w.call(keep + 64)[1]
        after = w.call(1)[1]
    assert len(set(small)) == 1 and big == small[0]
    assert after != big


def test_memory_this_process_holds_is_not_the_puzzles():
    """The limit counts what a child adds to the memory it shares with this
    process at the fork: a caller holding more than the limit (a pytest
    worker late in the suite, a notebook, a Dask worker) does not make every
    item ``memory``; an item that adds more than the limit still is."""
    limit = 128 << 20
    kept = resident(bytearray(limit + (64 << 20)))

    def item(mib):
        hold(resident(bytearray(mib << 20)), strike=mib << 20 > limit)
        return os.getpid()

    assert mapped(os.getpid())[1] > limit
    with Worker(item, Limits(timeout=30, max_memory=limit)) as w:
        small = w.call(32)
        big = w.call(200)
    assert small[0] == "ok", small
    assert big[0] == "memory" and "memory limit of 128 MiB" in big[1], big
    del kept


def test_file_pages_a_child_reads_are_not_what_it_allocates(tmp_path):
    """The watch counts the pages no file backs: a child that maps and reads
    a file larger than the limit (its pages in the page cache, resident in
    the child while mapped) is ``ok``; allocating as much is ``memory``.
    With resident memory counted whole, the read strikes too."""
    import mmap

    limit = 64 << 20
    data = tmp_path / "pages"
    with open(data, "wb") as fh:
        fh.write(os.urandom(1 << 20) * 96)  # 96 MiB on disk

    def item(kind):
        if kind == "file":
            with open(data, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as m:
                sum(m[i] for i in range(0, len(m), 4096))  # every page resident
                time.sleep(0.3)  # the watch reads the child's memory several times
        else:
            hold(resident(bytearray(96 << 20)), strike=True)
        return os.getpid()

    read, allocated = first_then_alloc(item, "file", limit)
    assert read[0] == "ok", read
    assert allocated[0] == "memory", allocated


def _buffer_at(block: bytearray) -> int:
    import ctypes

    return ctypes.addressof((ctypes.c_char * 1).from_buffer(block))


@pytest.mark.skipif(__import__("platform").libc_ver()[0] != "glibc",
                    reason="the heap this test lays out is glibc's")
def test_free_heap_this_process_kept_does_not_hide_what_an_item_adds():
    """A caller that freed much of its C heap still holds it (glibc trims
    only past a threshold); the fork copies it as resident. A child's first
    free beside it trims it all at once, and an item then added as much more
    than its limit unseen (200 MiB was ``ok`` under 128 MiB): the child now
    gives that memory back before its base is read."""
    limit = 128 << 20
    blocks = [bytearray(100_000) for _ in range(1500)]  # the heap's, not mmap's
    pinned = [bytearray(100_000)]
    for _ in range(100):
        if _buffer_at(pinned[-1]) > max(map(_buffer_at, blocks)):
            break
        blocks.append(pinned.pop())  # below the others: freed with them
        pinned.append(bytearray(100_000))
    else:  # a thread's heaps are mapped downwards: no block lands above
        pytest.skip("the test's heap layout needs the main thread's heap")
    before = mapped(os.getpid())[1]
    del blocks  # 150 MB free below the pinned block: not trimmed
    assert mapped(os.getpid())[1] > before - (64 << 20), "glibc gave the heap back: nothing to test"

    def item(mib):
        pinned.clear()  # beside the free heap: glibc trims it now
        hold(resident(bytearray(mib << 20)), strike=True)
        return os.getpid()

    with Worker(item, Limits(timeout=30, max_memory=limit)) as w:
        big = w.call(200)
    assert big[0] == "memory", big


def test_shared_memory_a_child_maps_counts():
    """Anonymous shared memory (``mmap(-1, n)``, what Python's mmap gives by
    default; /dev/shm) is what the child allocated too: 200 MiB of it under
    a 128 MiB limit strikes (it was not counted: ``ok``)."""
    import mmap

    limit = 128 << 20

    def item(mib):
        hold(resident(mmap.mmap(-1, mib << 20)), strike=mib << 20 > limit)
        return os.getpid()

    with Worker(item, Limits(timeout=30, max_memory=limit)) as w:
        small = w.call(16)
        big = w.call(200)
    assert small[0] == "ok", small
    assert big[0] == "memory", big


def test_the_least_held_moves_only_by_more_than_a_readings_error():
    """Linux from 6.2 (until a 2025 fix) shows a process's memory up to Allocated.SLACK off; a
    dip within that is not taken as the child's low point (its error would
    count as growth after it), a real fall is (within the error)."""
    class Readings:
        fd = 3

        def __init__(self, values):
            self.values = iter(values)

        def read(self):
            return next(self.values)

    class Published:
        def base(self):
            return 100 << 20

    slack = Allocated.SLACK
    w = Worker(pid_or_sleep, Limits(max_memory=1 << 30))
    w.progress = Published()
    w.allocated = Readings([(100 << 20) - slack // 2, 100 << 20, 40 << 20, 90 << 20])
    assert w._added() == -(slack // 2)  # a dip within the error: the base stays
    assert w._added() == 0
    assert w._added() == -slack  # a fall of 60 MiB: the base follows it
    assert w._added() == (50 << 20) - slack  # and growth counts from there
    w.progress = w.allocated = None


def test_memory_a_child_drops_is_not_room_for_more():
    """Pages a child shares with this process and drops free nothing (this
    process holds them): what it allocates after counts whole, from the
    least it has held."""
    limit = 128 << 20
    shared = [resident(bytearray(160 << 20))]

    def item(what):
        if what == "drop":
            shared.clear()
            return os.getpid()
        hold(resident(bytearray(200 << 20)), strike=True)
        return os.getpid()

    dropped, allocated = first_then_alloc(item, "drop", limit)
    assert dropped[0] == "ok", dropped
    assert allocated[0] == "memory", allocated


def spin_or_sleep(x):
    """Work long enough that the answer goes before the next item (child.FLUSH
    seconds of CPU), or sleep."""
    if x == "sleep":
        time.sleep(30)
    else:
        end = time.process_time() + 2 * child.FLUSH
        while time.process_time() < end:
            pass
    return os.getpid()


def test_closing_the_answers_early_stops_the_child():
    w = Worker(spin_or_sleep, Limits(timeout=60))
    answers = w.map(["spin", "sleep"])
    t0 = time.monotonic()
    pid = next(answers)[1]
    assert time.monotonic() - t0 < 20  # answered before the sleep ended
    time.sleep(0.1)  # the child now sleeps on the second item
    answers.close()
    assert w.pid == 0
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_check_over_a_folder_forks_one_child_not_two_a_file(tmp_path, started):
    for n in range(4):
        (tmp_path / f"s{n}.pzl").write_text(
            "puzzle sudoku\nsize 4\ngrid\n  1 . . .\n  . . 1 .\n  . 1 . .\n  . . . 1\n")
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(["check", str(tmp_path), "--json"])
    assert out.getvalue().count('"verdict"') == 4, out.getvalue()
    assert code in (0, 1) and len(started) == 1


def test_a_file_of_one_puzzle_is_read_and_solved_in_one_call(tmp_path, monkeypatch):
    """Its Item never travels (a Hashi Item pickles to ~16 KB, its Outcome
    to ~2.7 KB: four trips of the Item cost the 40 Hashi dev files a quarter
    of their CPU); a file of two puzzles still sends each puzzle on its own,
    under its own limit."""
    one = "puzzle sudoku\nsize 4\ngrid\n  1 . . .\n  . . 1 .\n  . 1 . .\n  . . . 1\n"
    for n in range(3):
        (tmp_path / f"s{n}.pzl").write_text(one)
    (tmp_path / "two.txt").write_text("https://puzz.link/p?sudoku/4/4/g1k23k3g\n" * 2)
    tasks = []
    put = Worker.put

    def counted(self, items):
        items = list(items)
        tasks.append([item[0] for item in items])
        return put(self, items)

    monkeypatch.setattr(Worker, "put", counted)
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(["check", str(tmp_path), "--json"])
    assert out.getvalue().count('"verdict"') == 5, out.getvalue()
    assert code == 1 and tasks == [["file"]] * 4 + [["solve"]] * 2


def test_check_gives_the_same_verdicts_with_the_child_as_without(tmp_path):
    """Every instance file of the project, checked in one long-lived child
    and in this process: the same verdicts and solutions, file by file."""
    from satlink.checking import CheckJob, check_events
    from tests.trusting import INSTANCES

    files = sorted(str(p) for p in INSTANCES.glob("*/*.pzl"))[:40]

    def records(max_memory):
        job = CheckJob(timeout=60, max_memory=max_memory) if max_memory else CheckJob()
        out = [rec for _, recs in check_events(files, job) for rec, _ in recs]
        return [(r["source"]["file"], r["verdict"], r.get("solutions")) for r in out]

    assert records(1 << 32) == records(None)


def test_line_chunks_with_jobs_go_to_the_long_lived_children(tmp_path, started, datasets):
    """A one-puzzle-per-line file under --jobs 2: two children for all its
    chunks (not a fork per chunk), each puzzle under its own limit, and the
    verdicts and solutions of the run without limits."""
    from satlink.checking import CheckJob, check_events

    lines = [line for line in (datasets / "sudoku" / "puzzles2_17_clue.txt").read_text()
             .splitlines()[:20] if not line.startswith("#")]
    path = tmp_path / "ten.txt"
    path.write_text("\n".join(lines[:9] + ["# a comment", "1" * 80]) + "\n")

    def records(job):
        got = dict(check_events([str(path)], job, jobs=2, chunk=3))
        return [(r["source"], r["verdict"], r.get("solution")) for i in sorted(got)
                for r, _ in got[i]]

    bounded = records(CheckJob(timeout=60, max_memory=1 << 32))
    assert len(started) == 2
    assert bounded == records(CheckJob())
    assert [v for _, v, _ in bounded] == ["unique"] * 9 + ["error"]


@pytest.mark.slow

def test_certify_redundant_and_difficulty_with_jobs_stay_in_the_children(tmp_path, started):
    """--certify, --redundant and --difficulty under --jobs 2: two children
    for the verdicts and all three additions (no child per chunk or per
    proof), and the records of the same run without --jobs."""
    from satlink.checking import CheckJob, check_events
    from tests.trusting import INSTANCES

    for name in ("sudoku/six.pzl", "hashi/adjacent.pzl", "hashi/classic7.pzl"):
        (tmp_path / Path(name).name).write_bytes((INSTANCES / name).read_bytes())
    (tmp_path / "bad.pzl").write_text("puzzle sudoku\nsize 4\ngrid\n  1 1 . .\n")
    job = CheckJob(timeout=60, max_memory=1 << 32, certify=True, redundant=True,
                   difficulty=True)

    def records(jobs):
        got = dict(check_events([str(tmp_path)], job, jobs=jobs))
        return sorted((r["source"]["file"], r["verdict"], r.get("certificate", {}).get("certified"),
                       r.get("redundant"), r.get("difficulty")) for recs in got.values()
                      for r, _ in recs)

    alone = records(1)
    started.clear()
    assert records(2) == alone and len(started) == 3  # the reader and two solvers
    assert [(r[1], r[2], r[4] is not None) for r in alone] == [
        ("unique", True, True), ("error", None, False), ("unique", True, True),
        ("unique", True, True)], alone
    assert alone[1][3] is None and isinstance(alone[3][3], int)  # six.pzl's clues counted


def test_additions_without_jobs_are_made_in_the_one_child_under_its_limit(
        tmp_path, started, monkeypatch):
    """Without --jobs the certificates, redundant counts and ratings are
    made by the one long-lived child that solves (no fork per proof, nothing
    unbounded in this process): an addition that passes the memory limit
    is missing (None), its verdict stays, and the next puzzle goes on."""
    from satlink import check_children
    from satlink.checking import CheckJob, check_events
    from tests.trusting import INSTANCES

    for name in ("sudoku/six.pzl", "hashi/adjacent.pzl"):
        (tmp_path / Path(name).name).write_bytes((INSTANCES / name).read_bytes())

    def redundant(item, o, *args):  # runs where check_children's names are read
        if "six" in item.source.file:
            bytearray(1 << 33)  # far past the limit: a MemoryError or a kill
        o.redundant = os.getpid()
        return o

    def difficulty(item, o, *args):
        o.difficulty = {"pid": os.getpid()}
        return o

    monkeypatch.setattr(check_children, "with_redundant", redundant)
    monkeypatch.setattr(check_children, "with_difficulty", difficulty)
    job = CheckJob(timeout=60, max_memory=256 << 20, certify=True, redundant=True,
                   difficulty=True)
    recs = [r for _, got in check_events([str(tmp_path)], job) for r, _ in got]
    assert [(Path(r["source"]["file"]).name, r["verdict"], r["certified"]) for r in recs] == [
        ("adjacent.pzl", "unique", True), ("six.pzl", "unique", True)]
    pids = {recs[0]["redundant"], recs[0]["difficulty"]["pid"], recs[1]["difficulty"]["pid"]}
    assert len(pids) == 1 and os.getpid() not in pids
    assert recs[1]["redundant"] is None
    assert len(started) == 1  # one child for both files: no fork per proof

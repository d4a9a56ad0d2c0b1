"""Answers in batches (issue 22, the 17-clue batch): a child of
:class:`satlink.children.Worker` sends its answers a batch at a time and
says through shared memory which item it runs since when. Each item keeps
its own time and memory limit; when one strikes, only the item the child
was on is ``unknown``: the items it had solved but not yet answered are
solved again by the next child, and every outcome comes in input order."""
from __future__ import annotations

import os
import time

import pytest

from satlink import child, children, limited
from satlink.checking import CheckJob, check_events
from satlink.child import Pipe
from satlink.children import Worker
from satlink.limits import Limits

pytestmark = pytest.mark.skipif(not children.can_fork(), reason="limits need fork")

_PAGE = os.sysconf("SC_PAGE_SIZE")


@pytest.fixture
def messages(monkeypatch) -> list:
    """The answer messages this process reads (the child's own reads of its
    tasks count in its copy of the list, not here)."""
    seen: list = []
    recv = Pipe.recv

    def counted(self):
        msg = recv(self)
        seen.append(msg)
        return msg

    monkeypatch.setattr(Pipe, "recv", counted)
    return seen


@pytest.fixture
def held(monkeypatch):
    """Answers are sent only at the end of a task: at a kill, everything
    solved before the struck item is still unanswered."""
    monkeypatch.setattr(child, "FLUSH", 3600.0)
    monkeypatch.setattr(child, "FLUSH_WALL", 3600.0)


def work(marker):
    """Items: a number comes back with the child's pid; "sleep" and "hog"
    write the child's pid and the time they start to ``marker``, then hang
    (hog after filling ``marker``'s memory)."""
    def run(x):
        if x in ("sleep", "hog"):
            size = int(marker.read_text()) if x == "hog" else 0
            marker.write_text(f"{os.getpid()} {time.monotonic()}")
            if size:
                hog = bytearray(size)
                hog[::_PAGE] = b"x" * len(hog[::_PAGE])  # resident, not only reserved
            time.sleep(30)
        return x, os.getpid()
    return run


def test_quick_answers_come_many_to_a_message(messages):
    with Worker(work(None), Limits(timeout=30)) as w:
        outs = list(w.map(range(2000)))
    assert [x for _, (x, _) in outs] == list(range(2000))
    assert {kind for kind, _ in outs} == {"ok"} and len({pid for _, (_, pid) in outs}) == 1
    done = [m for m in messages if m[0] == "done"]
    assert sum(len(m[1]) for m in done) == 2000
    assert len(done) <= 20, len(done)  # one an item before


@pytest.mark.parametrize("clock", ["work", "wall"])
def test_slow_answers_do_not_wait_for_the_end_of_the_task(messages, monkeypatch, clock):
    """Answers go once the child has worked FLUSH seconds (CPU), or waited
    FLUSH_WALL seconds (an item that sleeps), since its last batch."""
    def slowly(x):
        if clock == "wall":
            time.sleep(0.02)
        else:
            t = time.process_time()
            while time.process_time() - t < 0.02:
                pass
        return x

    monkeypatch.setattr(child, "FLUSH" if clock == "work" else "FLUSH_WALL", 0.05)
    with Worker(slowly, Limits(timeout=30)) as w:
        outs = list(w.map(range(30)))
    assert outs == [("ok", x) for x in range(30)]
    done = [m for m in messages if m[0] == "done"]
    assert 3 <= len(done) < 30, [len(m[1]) for m in done]


def outcomes_around(stuck: str, limits: Limits, marker) -> tuple[list, int, float, float]:
    """The outcomes of 10 numbers, ``stuck``, 10 more; the stuck child's pid,
    when its item started and when its outcome came."""
    items = [*range(10), stuck, *range(11, 21)]
    got, came = [], None
    with Worker(work(marker), limits) as w:
        for out in w.map(items):
            got.append(out)
            if len(got) == 11:
                came = time.monotonic()
    pid, start = marker.read_text().split()
    return got, int(pid), float(start), came


def test_a_stuck_item_in_a_task_is_the_only_unknown(tmp_path, held):
    marker = tmp_path / "stuck"
    got, pid, start, came = outcomes_around("sleep", Limits(timeout=0.5), marker)
    assert [kind for kind, _ in got] == ["ok"] * 10 + ["time"] + ["ok"] * 10
    assert "time limit of 0.5 s reached" in got[10][1]
    assert [value[0] for kind, value in got if kind == "ok"] == [*range(10), *range(11, 21)]
    # solved, not answered at the kill: solved again, by the next child
    pids = {value[1] for kind, value in got if kind == "ok"}
    assert len(pids) == 1 and pid not in pids
    assert came - start < 0.5 + 1, f"the limit struck {came - start:.2f} s after the start"


def test_a_memory_kill_in_a_task_blames_only_that_item(tmp_path, held):
    # the watch must kill it: what the child adds past the limit, its address
    # space (capped at what the fork gave it plus BACKSTOP times the limit)
    # far from full
    limit = 512 << 20
    marker = tmp_path / "hog"
    marker.write_text(str(limit + (256 << 20)))
    got, pid, _, _ = outcomes_around("hog", Limits(timeout=60, max_memory=limit), marker)
    assert [kind for kind, _ in got] == ["ok"] * 10 + ["memory"] + ["ok"] * 10, got[10]
    assert "memory limit of" in got[10][1]
    pids = {value[1] for kind, value in got if kind == "ok"}
    assert len(pids) == 1 and pid not in pids  # killed by the watch, the rest redone


# -- the same through check, on Sudoku lines ---------------------------------------------
@pytest.fixture
def sudoku_file(tmp_path, datasets):
    lines = [line for line in (datasets / "sudoku" / "puzzles2_17_clue.txt").read_text()
             .splitlines()[:40] if not line.startswith("#")][:30]
    path = tmp_path / "set.txt"
    path.write_text("\n".join(lines[:14] + ["# a comment"] + lines[14:]) + "\n")
    return path


def records(path, job, jobs):
    got = dict(check_events([str(path)], job, jobs=jobs, chunk=10))
    return [(r["source"]["line"], r["verdict"], r.get("solution"), r.get("reason"))
            for i in sorted(got) for r, _ in got[i]]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("limit", ["time", "memory"])
def test_check_blames_only_the_line_that_hit_a_limit(sudoku_file, monkeypatch, held, jobs,
                                                     limit):
    """Line 16 (the middle of the second chunk) hangs, or fills memory and
    hangs: it alone is ``unknown`` with the reason, every other line has
    the verdict and solution of a run without limits, in input order."""
    free = records(sudoku_file, CheckJob(), 1)
    assert [v for _, v, _, _ in free] == ["unique"] * 30
    real = limited._outcome_here
    memory = 512 << 20  # counted from the fork: see children.py

    def stuck(item, *args, **kw):
        if item.source.line == 16:
            if limit == "memory":
                hog = bytearray(memory + (128 << 20))
                hog[::_PAGE] = b"x" * len(hog[::_PAGE])
            time.sleep(30)
        return real(item, *args, **kw)

    monkeypatch.setattr(limited, "_outcome_here", stuck)
    job = (CheckJob(timeout=1, max_memory=1 << 32) if limit == "time"
           else CheckJob(timeout=60, max_memory=memory))
    t0 = time.monotonic()
    got = records(sudoku_file, job, jobs)
    assert time.monotonic() - t0 < 20
    assert [r[:3] for r in got if r[0] != 16] == [r[:3] for r in free if r[0] != 16]
    [(_, verdict, _, reason)] = [r for r in got if r[0] == 16]
    assert verdict == "unknown"
    assert ("time limit of 1 s" if limit == "time" else "memory limit of") in reason, reason


def dies_answering(folder, times: int):
    """Items: a number comes back with the child's pid; after "die-NAME" (the
    first ``times`` children to reach it, counted in ``folder``/NAME) the
    child is killed while it sends the task's answers, on no item, with
    every item made."""
    def run(x):
        if str(x).startswith("die"):
            marker = folder / x
            deaths = int(marker.read_text()) if marker.exists() else 0
            if deaths < times:
                marker.write_text(str(deaths + 1))

                def killed(conn, batch):
                    os.kill(os.getpid(), 9)
                child._answer = killed  # this child's copy: the next sends again
        return x, os.getpid()
    return run


@pytest.mark.parametrize("limits", [Limits(timeout=60), Limits(timeout=60, max_memory=1 << 30)])
def test_a_death_on_no_item_makes_the_items_again_not_a_limit(tmp_path, held, limits):
    """A child that dies while it runs no item (here: sending its answers)
    blames none of them: a fresh child makes them again, every answer is
    the item's own (not "memory ... most likely at the memory limit" for
    the first unanswered, already made); so again for a later task."""
    with Worker(dies_answering(tmp_path, 1), limits) as w:
        for items in ([*range(5), "die-a", *range(6, 10)], [10, "die-b", 12]):
            got = list(w.map(items))
            assert [kind for kind, _ in got] == ["ok"] * len(items), got
            assert [x for _, (x, _) in got] == items
            assert len({pid for _, (_, pid) in got}) == 1  # all made by the next child
    assert [(tmp_path / f"die-{n}").read_text() for n in "ab"] == ["1", "1"]


def test_a_second_death_on_no_item_strikes_the_first_not_for_ever(tmp_path, held):
    """Two children in a row die on no item before answering: the first
    unanswered item ends with the death (said as such), the rest are made
    by a third child; nothing is sent for ever."""
    items = [*range(3), "die-a", *range(4, 6)]
    with Worker(dies_answering(tmp_path, 2), Limits(timeout=60)) as w:
        got = list(w.map(items))
    assert [kind for kind, _ in got] == ["error"] + ["ok"] * 5, got
    assert "died without an answer (signal 9, SIGKILL)" in str(got[0][1])
    assert [x for _, (x, _) in got[1:]] == items[1:]

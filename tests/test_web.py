"""The JSON API of ``satlink serve`` through Starlette's TestClient (no
browser): records by verdict, Minimize, bad input as a 4xx with the
reader's position, limits, and a fuzz of bad inputs that never gets a 500."""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import time

import pytest

pytest.importorskip("starlette", reason="the `web` extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx (the `test` extra)")
from starlette.testclient import TestClient  # noqa: E402

from satlink import api  # noqa: E402
from satlink.cli import main  # noqa: E402
from satlink.limits import Limits  # noqa: E402
from satlink.web.app import Settings, answer, create_app  # noqa: E402
from satlink.web.overlay import places  # noqa: E402
from satlink.web.pool import Pool  # noqa: E402

from tests.fuzzing import CORPUS, config_id, format_configs, mutate, seeds_for  # noqa: E402

SLITHER = "https://puzz.link/p?slither/5/5/cbcbcddad"
FOUR = "puzzle sudoku\nsize 4\ngrid\n"
OPEN_SUDOKU = FOUR + "  1 2 3 4\n  . . . .\n  . . . .\n  . . . .\n"  # several solutions
CLASH = FOUR + "  1 . . .\n  . 1 . .\n  . . . .\n  . . . .\n"  # two 1s in one box


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(timeout=20))) as c:
        yield c


def test_page_and_static_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and 'id="source"' in page.text
    assert "fetch" in client.get("/static/app.js").text
    assert client.get("/static/../records.py").status_code == 404
    types = client.get("/api/types").json()
    assert "slitherlink" in {t["name"] for t in types["types"]}
    assert "puzzlink" in {f["name"] for f in types["formats"]}


def test_the_page_works_behind_a_proxy_under_a_path(client):
    """Behind a reverse proxy that serves the page at /satlink/ (and strips
    that prefix), every file and API path the page names stays under it."""
    from urllib.parse import urljoin

    page = "http://example.org/satlink/"
    html = client.get("/").text
    js = client.get("/static/app.js").text
    named = re.findall(r'(?:src|href)="([^"]+)"', html)
    called = re.findall(r'(?:post|fetch)\("([^"]+)"', js)
    assert {"static/app.js", "static/style.css"} <= set(named) and "api/solve" in called
    for path in named + called:
        url = urljoin(page, path)
        assert url.startswith(page), f"{path} leaves /satlink/"
        local = "/" + url[len(page):]
        r = client.post(local, json={}) if path in called and "types" not in path else client.get(local)
        assert r.status_code in (200, 400), (path, r.status_code)


def test_unique_url_gives_the_cli_record_pictures_and_redundant_clues(client):
    r = client.post("/api/solve", json={"url": SLITHER})
    assert r.status_code == 200
    rec = r.json()
    cli = api.outcome(api.load_text(SLITHER, "<url>", "puzzlink")[0]).as_json()
    assert rec["verdict"] == cli["verdict"] == "unique"
    assert rec["solution"] == cli["solution"]
    assert rec["url"] == SLITHER
    assert rec["puzzle_svg"].startswith("<svg") and rec["solution_svg"].startswith("<svg")
    assert rec["puzzle_svg"] != rec["solution_svg"]
    assert "redundant" not in rec  # the analysis is its own request, so the verdict comes first
    rec = client.post("/api/analyze", json={"url": SLITHER}).json()
    assert rec["verdict"] == "unique" and rec["analysis"] == "ok"
    # every clue named redundant can go on its own: the rest stays unique
    assert rec["redundant"], "this board has a redundant clue (minimize drops one)"
    assert rec["redundant_svg"].count('class="hl-redundant"') == len(rec["redundant"])
    for name in rec["redundant"]:
        (r0, c0), = places(name)[0]
        cut = api.load_text(SLITHER, "<url>", "puzzlink")[0]
        p = cut.puzzle
        keep = [c for c in p.clues(cut.instance) if p.design.clue_name(c) != name]
        cut.instance = p.design.with_clues(cut.instance, keep)
        assert api.solve(cut).verdict == "unique"
    assert rec["seconds"] > 0


def test_several_solutions_show_forced_facts_and_where_two_differ(client):
    rec = client.post("/api/analyze", json={"text": OPEN_SUDOKU}).json()
    assert rec["verdict"] == "multiple"
    free = set(rec["free"])
    # row 1 is given; each other cell takes at least two values over all solutions
    assert not any(n.startswith("r1") for n in free)
    assert free == {f"r{r}c{c}" for r in range(2, 5) for c in range(1, 5)}
    assert rec["forced_svg"].count('class="hl-free"') == len(free)
    assert len(rec["differ_svgs"]) == 2 and rec["differ_svgs"][0] != rec["differ_svgs"][1]


def test_no_solution_names_the_clues_that_cannot_all_hold(client):
    rec = client.post("/api/analyze", json={"text": CLASH, "type": "sudoku"}).json()
    assert rec["verdict"] == "none"
    assert sorted(rec["conflict"]) == ["r1c1", "r2c2"]
    assert rec["conflict_svg"].count('class="hl-conflict"') == 2


def test_minimize_draws_a_smaller_unique_puzzle_with_its_url(client):
    rec = client.post("/api/minimize", json={"url": SLITHER}).json()
    assert rec["minimal"] and rec["count"] < rec["before"]
    assert rec["svg"].startswith("<svg")
    again = client.post("/api/solve", json={"url": rec["url"]}).json()
    assert again["verdict"] == "unique"
    assert again["solution"] == client.post("/api/solve", json={"url": SLITHER}).json()["solution"]
    assert client.post("/api/analyze", json={"url": rec["url"]}).json()["redundant"] == []


def test_minimize_of_a_puzzle_with_several_solutions_is_a_422(client):
    r = client.post("/api/minimize", json={"text": OPEN_SUDOKU})
    assert r.status_code == 422 and "several solutions" in r.json()["error"]


@pytest.mark.parametrize("body, status, says", [
    ({"url": "https://puzz.link/p?slither/5/5/zzz"}, 400, "<url>:1:34: error:"),
    ({"text": FOUR + "  1 2 3\n"}, 400, "<input>:4:3: error:"),
    ({"text": "puzzle nosuchgenre\n"}, 400, "nosuchgenre"),
    ({"text": "1 2\n3 4\n", "format": "grid-text"}, 400, "type"),
    ({"text": "x", "format": "nosuchformat"}, 400, "unknown format"),
    ({"text": OPEN_SUDOKU, "format": "hashi-has"}, 400, "error"),
    ({"text": "   "}, 400, "empty"),
    ({"url": 5}, 400, "string"),
    ({}, 400, "give `url`"),
    ([1, 2], 400, "JSON object"),
    ({"text": "https://puzz.link/p?slither/1/1/0\nhttps://puzz.link/p?slither/1/1/0\n"},
     400, "2 puzzles"),    ({"text": FOUR + "  1 2 3\n", "name": "drafts/four.pzl"}, 400, "four.pzl:4:3: error:"),
    ({"text": OPEN_SUDOKU, "name": 7}, 400, "`name` must be a string"),
    ({"text": OPEN_SUDOKU, "name": "a\nb"}, 400, "`name` must be a file name"),
])
@pytest.mark.parametrize("path", ["solve", "analyze", "minimize", "hint", "difficulty"])
def test_bad_input_is_a_4xx_with_the_message(client, body, status, says, path):
    r = client.post(f"/api/{path}", json=body)
    assert r.status_code == status, r.text[:300]
    assert says in r.json()["error"]


def test_a_dropped_files_name_tells_its_format(client, datasets):
    """A MiniZinc Battleship file is told by its `.dzn` name: without the name
    the page's text is no format satlink knows; only the name's last part is
    kept, and it is never opened."""
    text = (datasets / "battleship/csplib014/minizinc/sb_12_12_6_2.dzn").read_text()
    assert client.post("/api/solve", json={"text": text}).status_code == 400
    r = client.post("/api/solve", json={"text": text, "name": "/etc/sb_12_12_6_2.dzn"})
    assert r.status_code == 200 and r.json()["type"] == "battleship", r.text[:300]
    r = client.post("/api/solve", json={"text": text.replace("rowsum", "rowsun", 1),
                                         "name": "/etc/sb.dzn"})
    assert r.status_code == 400 and "sb.dzn" in r.json()["error"] and "/etc" not in r.json()["error"]


def test_a_body_that_is_not_json_or_too_large_is_refused(client):
    assert client.post("/api/solve", content=b"{not json").status_code == 400
    big = json.dumps({"text": "#" * (2 << 20)})
    r = client.post("/api/solve", content=big)
    assert r.status_code == 413 and "over" in r.json()["error"]
    assert client.get("/api/solve").status_code == 405


@pytest.mark.parametrize("endpoint", ["solve", "analyze", "minimize", "hint", "difficulty"])
@pytest.mark.parametrize("content, says", [
    # a lone surrogate is JSON but not text: the answer repeating it was a 500
    (b'{"text": "\\ud800"}', "lone surrogate ('\\ud800')"),
    (b'{"text": "puzzle sudoku\\n", "name": "\\udfff.pzl"}', "lone surrogate ('\\udfff')"),
    (b'{"text": "puzzle sudoku\\n", "state": ["\\ud83d"]}', "lone surrogate"),
    (b'{"\\ud800": 1}', "lone surrogate"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"text": 1' + b"0" * 5000 + b"}", "not JSON"),
    (b"\xff\xfe{}", "not JSON"),
    (b"", "not JSON"),
])
def test_json_that_is_not_text_or_too_deep_is_a_400_on_every_endpoint(client, endpoint, content,
                                                                       says):
    for ctype in ("application/json", "text/plain", "application/x-www-form-urlencoded"):
        r = client.post(f"/api/{endpoint}", content=content, headers={"content-type": ctype})
        assert r.status_code == 400, (r.status_code, r.text[:300])
        assert says in r.json()["error"]


def test_a_body_is_refused_by_its_length_before_it_is_read(client):
    """A Content-Length over the limit is a 413 at once; a body that says
    nothing of its length is read only up to the limit."""
    from satlink.web.records import MAX_INPUT

    r = client.post("/api/solve", content=b"{}", headers={"content-length": str(1 << 40)})
    assert r.status_code == 413
    # no length said: read in chunks, no further than the limit
    from starlette.requests import Request

    from satlink.web.app import _body

    received = []

    async def receive():
        received.append(1)
        return {"type": "http.request", "body": b" " * (1 << 16), "more_body": len(received) < 64}
    request = Request({"type": "http", "method": "POST", "headers": []}, receive)
    assert asyncio.run(_body(request, MAX_INPUT)) is None
    assert len(received) == MAX_INPUT // (1 << 16) + 1


def _pooled(work: dict, limits: Limits, bodies: list, **kw) -> list[tuple[int, dict, float]]:
    """``bodies`` sent to a Pool of ``work`` ({"name": ..., ...}; one every
    0.1 s): each one's (status, record, seconds it took)."""
    async def one(pool, k, body):
        await asyncio.sleep(0.1 * k)
        t0 = time.perf_counter()
        status, rec = answer(body["name"], await pool.run(body["name"], body))
        return status, rec, time.perf_counter() - t0

    async def run():
        pool = Pool(work, limits, limits.timeout, **kw)
        try:
            return await asyncio.gather(*(one(pool, k, b) for k, b in enumerate(bodies)))
        finally:
            pool.close()
    return asyncio.run(run())


def test_the_time_limit_holds_around_the_work():
    def slow(body, timeout):
        time.sleep(30)
    t0 = time.perf_counter()
    [(status, rec, _)] = _pooled({"hint": slow}, Limits(timeout=0.5), [{"name": "hint"}])
    assert status == 422 and "time" in rec["error"]
    [(status, rec, _)] = _pooled({"solve": slow}, Limits(timeout=0.5), [{"name": "solve"}])
    assert status == 200 and rec["verdict"] == "unknown" and "time limit" in rec["reason"]
    assert time.perf_counter() - t0 < 8


def test_the_memory_limit_holds_around_the_work():
    def hog(body, timeout):
        block = bytearray(1 << 30)  # 1 GiB, touched page by page
        for i in range(0, len(block), 4096):
            block[i] = 1
        return 200, {}
    [(status, rec, _)] = _pooled({"minimize": hog}, Limits(timeout=30, max_memory=256 << 20),
                                 [{"name": "minimize"}])
    assert status == 422 and "memory" in rec["error"]


def test_a_slow_request_does_not_hold_up_the_quick_ones():
    """One place (jobs=1): a request that runs past ``slow_after`` is niced
    and gives its place up, so quick requests sent after it are answered
    while it runs; the children are kept from request to request."""
    def slow(body, timeout):
        time.sleep(2.5)
        return 200, {"nice": os.getpriority(os.PRIO_PROCESS, 0)}

    def quick(body, timeout):
        return 200, {"nice": os.getpriority(os.PRIO_PROCESS, 0), "pid": os.getpid()}
    got = _pooled({"slow": slow, "quick": quick}, Limits(timeout=10),
                  [{"name": "slow"}] + [{"name": "quick"}] * 3, jobs=1, slow_after=0.3)
    (_, slow_rec, slow_s), *quick = got
    base = os.getpriority(os.PRIO_PROCESS, 0)
    assert slow_rec["nice"] == 19 and slow_s > 2.4
    assert all(s == 200 and rec["nice"] == base and t < 1.5 for s, rec, t in quick), quick
    assert len({rec["pid"] for _, rec, _ in quick}) == 1  # one warm child answered them all


def test_a_child_killed_while_idle_is_replaced():
    import signal

    def pid(body, timeout):
        return 200, {"pid": os.getpid()}

    async def run():
        pool = Pool({"pid": pid}, Limits(timeout=10), 10, jobs=1)
        try:
            pool.start()
            first = answer("pid", await pool.run("pid", {}))[1]["pid"]
            os.kill(first, signal.SIGKILL)
            time.sleep(0.1)
            return first, answer("pid", await pool.run("pid", {}))
        finally:
            pool.close()
    first, (status, rec) = asyncio.run(run())
    assert status == 200 and rec["pid"] != first


def test_a_refused_fork_is_a_503_and_the_next_request_is_answered(monkeypatch):
    from satlink import children

    real, refused = children.os.fork, [True]

    def fork():
        if refused.pop() if refused else False:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        return real()
    monkeypatch.setattr(children.os, "fork", fork)
    (status, rec, _), (again, rec2, _) = _pooled(
        {"hint": lambda body, timeout: (200, {"ok": True})}, Limits(timeout=10),
        [{"name": "hint"}, {"name": "hint"}], jobs=1)
    assert status == 503 and "cannot start a solving process" in rec["error"]
    assert again == 200 and rec2 == {"ok": True}


def test_a_bug_in_the_server_is_said_as_json_not_a_traceback(monkeypatch):
    import satlink.web.app as web_app

    def broken(*args):
        raise KeyError("a bug")
    monkeypatch.setattr(web_app, "answer", broken)
    with TestClient(create_app(Settings(jobs=1)), raise_server_exceptions=False) as c:
        r = c.post("/api/solve", json={"url": SLITHER})
    assert r.status_code == 500 and r.json() == {"error": "internal error: KeyError: 'a bug'"}


def test_without_fork_the_work_runs_in_the_server(monkeypatch):
    import satlink.web.pool as pool

    monkeypatch.setattr(pool, "can_fork", lambda: False)
    [(status, rec, _)] = _pooled({"hint": lambda body, timeout: (200, {"pid": os.getpid()})},
                                 Limits(timeout=10), [{"name": "hint"}])
    assert status == 200 and rec["pid"] == os.getpid()


def test_a_full_queue_answers_503():
    settings = Settings(jobs=1, queue=0)
    with TestClient(create_app(settings)) as c:
        settings.busy[0] = 1  # one request running, none may wait
        r = c.post("/api/solve", json={"url": SLITHER})
        assert r.status_code == 503 and "busy" in r.json()["error"]
        settings.busy[0] = 0
        assert c.post("/api/solve", json={"url": SLITHER}).status_code == 200


def test_serve_without_the_extra_is_a_usage_error(monkeypatch, capsys):
    import builtins

    real = builtins.__import__

    def no_uvicorn(name, *args, **kwargs):
        if name == "uvicorn":
            raise ImportError("No module named 'uvicorn'", name="uvicorn")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    assert main(["serve", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "satlink[web]" in err and "uvicorn" in err and "Traceback" not in err


def test_serve_on_an_address_in_use_is_a_usage_error(monkeypatch, capsys):
    """A port in use was uvicorn's exit 3, the README's "no solution"."""
    import socket

    import uvicorn

    started = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: started.append(1))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--no-browser", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    assert not started


def test_serve_that_uvicorn_cannot_start_is_a_usage_error(monkeypatch, capsys):
    import socket

    import uvicorn

    def fails(*args, **kwargs):
        raise SystemExit(3)  # uvicorn's STARTUP_FAILURE, after it logged why
    monkeypatch.setattr(uvicorn, "run", fails)
    with socket.socket() as probe:  # a port free a moment ago
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["serve", "--no-browser", "--port", str(port)]) == 2
    assert "could not start" in capsys.readouterr().err


@pytest.mark.slow
def test_fuzzed_inputs_never_get_a_500(client):
    """Mutated seeds of every format configuration: a 200 record or a 4xx
    error with a message, never a server error."""
    rng = random.Random(28)
    configs = format_configs()
    seen = {200: 0, 400: 0}
    for i in range(150):
        fmt, ptype = configs[i % len(configs)] if i % 3 else (None, None)
        seed = rng.choice(seeds_for((fmt, ptype)))
        text = mutate(rng, seed.text).decode("utf-8", "replace")
        body = {"text": text}
        if fmt:
            body["format"] = fmt
        if ptype:
            body["type"] = ptype
        r = client.post("/api/solve", json=body)
        assert r.status_code in (200, 400, 413, 422), (body, r.status_code, r.text[:500])
        rec = r.json()
        if r.status_code != 200:
            assert rec["error"] and "Traceback" not in rec["error"], body
        else:
            assert rec["verdict"] in ("unique", "multiple", "none", "unknown", "solved")
        seen[min(r.status_code, 400)] = seen.get(min(r.status_code, 400), 0) + 1
    assert seen[200] and seen[400], seen  # both kinds were reached
    for url in ["https://puzz.link/p?", "https://puzz.link/p?slither", "http://x/p?hashi/9/9/",
                "https://puzz.link/p?sudoku/4/4/" + "9" * 40, "puzz.link/p?mashu/99999/99999/",
                "https://puzz.link/p?nurikabe/3/3/\x00", "https://example.com/"]:
        r = client.post("/api/solve", json={"url": url})
        assert r.status_code in (400, 422), (url, r.status_code, r.text[:300])


@pytest.mark.parametrize("path", sorted(p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*")
                                         if p.is_file() and p.parent.name != "decode"))
def test_the_fuzz_corpus_never_gets_a_500(client, path):
    """Every input that once failed the readers (tests/fuzz_corpus/, the
    command-line fuzz's finds), posted with its format configuration and
    file name: a record or a 4xx with the message, on every endpoint."""
    file = CORPUS / path
    fmt, ptype = next(c for c in format_configs() if config_id(c) == file.parent.name)
    body = {"text": file.read_bytes().decode("utf-8", "replace"), "name": file.name}
    body.update({k: v for k, v in (("format", fmt), ("type", ptype)) if v})
    for endpoint in ("solve", "analyze", "minimize", "hint", "difficulty"):
        r = client.post(f"/api/{endpoint}", json=body)
        assert r.status_code in (200, 400, 413, 422), (endpoint, r.status_code, r.text[:300])
        rec = r.json()
        assert "Traceback" not in r.text
        if r.status_code != 200:
            assert rec["error"], (endpoint, rec)


NEARLY = FOUR + "  1 2 3 4\n  3 4 1 2\n  2 1 4 3\n  4 3 . .\n"


def test_hints_step_from_the_state_to_the_end(client):
    state, lines = [], []
    for _ in range(5):
        rec = client.post("/api/hint", json={"text": NEARLY, "state": state}).json()
        if not rec["lines"]:
            break
        assert rec["svg"].count('class="hl-hint"') >= 1  # the reason's clues, on the board
        assert rec["state"][:len(state)] == state
        state, lines = rec["state"], lines + rec["lines"]
    assert state == ["r4c4 = 1", "r4c3 = 2"]
    assert lines[0].startswith("step 1 (direct): r4c4 = 1: clues")


def test_a_hint_from_a_wrong_or_unknown_state_is_a_400(client):
    r = client.post("/api/hint", json={"text": NEARLY, "state": ["r4c4 = 2"]})
    assert r.status_code == 400 and "wrong" in r.json()["error"]
    r = client.post("/api/hint", json={"text": NEARLY, "state": ["r9c9 = 1"]})
    assert r.status_code == 400 and "<state>:1:1: error:" in r.json()["error"]
    r = client.post("/api/hint", json={"text": NEARLY, "state": "r4c4 = 1"})
    assert r.status_code == 400 and "list" in r.json()["error"]


def test_difficulty_is_the_explain_rating(client):
    from satlink.explain import explain, rate

    rec = client.post("/api/difficulty", json={"url": SLITHER}).json()
    item = api.load_text(SLITHER, "<url>", "puzzlink")[0]
    assert rec["difficulty"] == rate(explain(item.puzzle, item.instance)).as_json()
    assert 1 <= rec["difficulty"]["rating"] <= 5
    r = client.post("/api/difficulty", json={"text": OPEN_SUDOKU})
    assert r.status_code == 422 and "unique" in r.json()["error"]

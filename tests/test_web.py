"""The JSON API of ``satlink serve`` through Starlette's TestClient (no
browser): records by verdict, Minimize, bad input as a 4xx with the
reader's position, limits, and a fuzz of bad inputs that never gets a 500."""
from __future__ import annotations

import json
import random
import re
import time

import pytest

pytest.importorskip("starlette", reason="the `web` extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx (the `test` extra)")
from starlette.testclient import TestClient  # noqa: E402

from satlink import api, puzzles  # noqa: E402
from satlink.cli import main  # noqa: E402
from satlink.limits import Limits  # noqa: E402
from satlink.web.app import Settings, _run, create_app  # noqa: E402
from satlink.web.overlay import places  # noqa: E402

from tests.fuzzing import format_configs, mutate, seeds_for  # noqa: E402

SLITHER = "https://puzz.link/p?slither/5/5/cbcbcddad"
FOUR = "puzzle sudoku\nsize 4\ngrid\n"
OPEN_SUDOKU = FOUR + "  1 2 3 4\n  . . . .\n  . . . .\n  . . . .\n"  # several solutions
CLASH = FOUR + "  1 . . .\n  . 1 . .\n  . . . .\n  . . . .\n"  # two 1s in one box


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(timeout=20))) as c:
        yield c


def _shaded_cells(svg: str) -> int:
    return len(re.findall(r'<rect [^>]*fill="#202020"', svg))


def test_page_and_static_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and 'id="source"' in page.text
    assert "fetch" in client.get("/static/app.js").text
    assert client.get("/static/../records.py").status_code == 404
    types = client.get("/api/types").json()
    assert "slitherlink" in {t["name"] for t in types["types"]}
    assert "puzzlink" in {f["name"] for f in types["formats"]}


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


def test_the_time_limit_holds_around_the_work():
    def slow(body, timeout):
        time.sleep(30)
    t0 = time.perf_counter()
    status, rec = _run(slow, {}, Settings(timeout=0.5), Limits(timeout=0.5))
    assert status == 422 and "time" in rec["error"]
    assert time.perf_counter() - t0 < 5


def test_the_memory_limit_holds_around_the_work():
    def hog(body, timeout):
        block = bytearray(1 << 30)  # 1 GiB, touched page by page
        for i in range(0, len(block), 4096):
            block[i] = 1
        return 200, {}
    status, rec = _run(hog, {}, Settings(), Limits(timeout=30, max_memory=256 << 20))
    assert status == 422 and "memory" in rec["error"]


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

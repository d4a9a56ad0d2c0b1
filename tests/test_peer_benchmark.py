"""benchmarks/peer.py on a few boards, so that the side-by-side benchmark does not rot."""
import json

import pytest

from tests.helpers import load_benchmark


@pytest.fixture(scope="module")
def peer():
    return load_benchmark("peer")


@pytest.fixture(scope="module")
def masyu(datasets):
    return json.loads((datasets / "puzzlekit-dev" / "Masyu.json").read_text())["data"]


def test_two_boards_both_sides(peer, masyu):
    boards = {k: masyu[k] for k in ("02_6x6", "72_5x5")}
    rows = peer.run_genre("Masyu", boards, timeout=10)
    assert [r["key"] for r in rows] == ["02_6x6", "72_5x5"]
    for r in rows:
        s, c = r["satlink"], r["cpsat"]
        assert (s["verdict"], s["equal"], s["error"]) == ("unique", True, None)
        assert 0 < s["cpu"] < 10 and 0 < s["wall"] < 10
        assert c["status"] in ("Optimal", "Feasible") and c["equal"] is True
        assert 0 < c["cpu"] and 0 < c["wall"] < 10
    row = dict(zip(peer.HEADERS, peer.summary("Masyu", rows)))
    assert (row["boards"], row["well-formed"], row["unique=pub"], row["sat >1s"]) == (2, 2, 2, 0)
    assert float(row["cp/sat"]) > 0 and row["cp solved/=pub"] == "2/2"
    # the verdict's parts: each timed, together no more than the verdict
    parts = [float(x) for x in row["parse/enc/load/solve"].split(" / ")]
    assert len(parts) == 4 and all(x >= 0 for x in parts) and parts[1] > 0
    for r in rows:
        s = r["satlink"]
        assert s["parse"] + s["encode"] + s["load"] + s["solve"] <= s["wall"]
    assert peer.failures(rows) == []


def test_malformed_and_wrong_published_boards_are_counted_and_listed(peer, masyu):
    tens = sorted(k for k in masyu if k.endswith("_10x10"))[:2]
    boards = {"bad": {"problem": "2 2\n- w\n", "solution": ""},
              "swapped": dict(masyu[tens[0]], solution=masyu[tens[1]]["solution"]),
              "unpublished": dict(masyu[tens[0]], solution="")}
    rows = peer.run_genre("Masyu", boards, timeout=10, sides=("satlink",))
    bad, swapped, unpublished = (r["satlink"] for r in rows)
    assert bad["verdict"] == "input" and "row" in bad["error"]
    assert swapped["verdict"] == "unique" and swapped["equal"] is False
    assert unpublished["equal"] is None and unpublished["error"] == "no published solution"
    assert all("cpsat" not in r for r in rows)
    row = dict(zip(peer.HEADERS, peer.summary("Masyu", rows)))
    assert (row["boards"], row["well-formed"], row["unique=pub"]) == (3, 2, 0)
    listed = peer.failures(rows)
    assert len(listed) == 3 and listed[0].startswith("Masyu bad: satlink input")


def test_genre_names(peer, masyu):
    assert peer.puzzlekit_type("ABCEndView") == "abc_end_view"
    assert peer.puzzlekit_type("Clueless1Sudoku") == "clueless_1_sudoku"
    assert peer.puzzlekit_type("LITS") == "lits"
    assert peer.puzzlekit_type("Hashi") is None and peer.puzzlekit_type("NumberLink") is None
    rows = peer.run_genre("NoSuchGenre", {"02_6x6": masyu["02_6x6"]}, timeout=10)
    assert rows[0]["satlink"] is None and rows[0]["cpsat"] is None
    row = dict(zip(peer.HEADERS, peer.summary("NoSuchGenre", rows)))
    assert row["well-formed"] == "no satlink genre" and row["cp med ms"] == "no solver"
    # the dataset name is the satlink type, case aside
    nl = json.loads((peer.DEV / "NumberLink.json").read_text())["data"]
    first = sorted(nl)[0]
    rows = peer.run_genre("NumberLink", {first: nl[first]}, timeout=10)
    assert rows[0]["satlink"]["verdict"] == "unique" and rows[0]["cpsat"] is None

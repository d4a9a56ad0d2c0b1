"""`fmt --url` and `minimize --url` where there is no puzz.link URL to print:
the input is good, the request cannot be met, so exit 2 (the README's usage
code), a message that says why, and no traceback; a puzzle that cannot be
read still makes it exit 4."""
from __future__ import annotations

import json
import os
from pathlib import Path

from satlink.cli import main

ROOT = Path(__file__).resolve().parent.parent
DEV = Path(os.environ.get("SATLINK_DATASETS", ROOT.parent / "shared" / "datasets")) / "puzzlekit-dev"

#: A nonogram whose third row's clue is not shown (`?`): satlink reads it,
#: puzz.link has no form for it.
HIDDEN_CLUE = "puzzle nonogram\nsize 5 x 4\nrows\n  1\n  5\n  ?\n  1\ncols\n  1\n  2\n  4\n  1\n  1\n"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_fmt_url_of_a_genre_without_one_is_exit_2_with_the_genres_that_have_one(capsys):
    path = str(sorted((ROOT / "instances" / "gattai8sudoku").glob("*.pzl"))[0])
    code, out, err = run(capsys, "fmt", "--url", path)
    assert (code, out) == (2, "")
    assert err.startswith(f"{path}: error: puzz.link has no gattai8sudoku genre that satlink"
                          " writes (satlink writes ")
    assert "sudoku" in err.split("satlink writes ")[-1] and "Traceback" not in err


def test_fmt_url_of_a_board_puzzlink_cannot_write_is_exit_2(capsys, tmp_path):
    path = tmp_path / "hidden.pzl"
    path.write_text(HIDDEN_CLUE)
    code, _, _ = run(capsys, "solve", str(path))  # good input: it reads and solves
    capsys.readouterr()
    assert code in (0, 1)
    code, out, err = run(capsys, "fmt", "--url", str(path))
    assert (code, out) == (2, "")
    assert err.strip() == (f"{path}: error: this nonogram has no puzz.link form: puzz.link has"
                           " no form for row 3's clue not shown")


def test_a_collection_says_it_once_and_an_unreadable_record_still_makes_it_4(capsys, tmp_path):
    source = json.loads((DEV / "Kakurasu.json").read_text())
    ids = sorted(source["data"])[:3]
    records = {i: source["data"][i] for i in ids}
    path = tmp_path / "Kakurasu.json"
    path.write_text(json.dumps({"name": "Kakurasu", "data": records}))
    code, out, err = run(capsys, "fmt", "--url", str(path))
    assert (code, out) == (2, "")
    assert err.count("puzz.link has no kakurasu genre") == 1, err
    records["broken"] = {"problem": "5 5\n1 2", "solution": ""}
    path.write_text(json.dumps({"name": "Kakurasu", "data": records}))
    code, out, err = run(capsys, "fmt", "--url", str(path))
    assert code == 4 and out == "" and "broken" in err


def test_minimize_url_refuses_before_the_search(capsys):
    path = str(sorted((ROOT / "instances" / "gattai8sudoku").glob("*.pzl"))[0])
    code, out, err = run(capsys, "minimize", "--url", path)
    assert (code, out) == (2, "")
    assert err.startswith("error: --url: puzz.link has no gattai8sudoku genre")
    assert "clues kept" not in err  # nothing was minimized first

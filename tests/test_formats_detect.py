"""Format sniffing from the index (issue 22): ``formats.detect`` imports only
the formats that may be a file's, and finds what the scan of every format
(``formats.scan_detect``, what detect did before) finds, on every file of
instances/, of the tests' fixtures and a sample of the public data sets,
each also under other names."""
from __future__ import annotations

import subprocess
import sys

import pytest

from satlink import formats
from satlink.errors import InputError, UsageError
from tests.helpers import ROOT

#: name endings each text is also tried under: the formats that look at names
SUFFIXES = ("", ".txt", ".dzn", ".pl", ".has", ".json")
#: texts that are no format's, or nearly one (a first line, a stray `?`)
ODD = ("", "\n\n# only a comment\n", "hello\n", "? what\n", "{not json\n",
       "SIZE 3X3\n", "3 3 1\n0 0 0\n0 1 0\n0 0 0\n", "AB\nBA\n", "A.A\n.B.\nB..\n",
       "5 5\n..A..\n", "puzz.link/p?slither/5/5/cbcbcddad\n",
       "  {\"data\": {}, \"problem\": 1}", "." * 81 + "\n", "x" * 81 + "\n")


def _sample(data) -> dict[str, str]:
    """Path -> text (its first 256 KB) of every file of instances/ and of the
    tests' fixtures, and of the first three files of each data set folder."""
    paths = [p for p in sorted((ROOT / "instances").rglob("*")) if p.is_file()]
    paths += [p for p in sorted((ROOT / "tests").rglob("*")) if p.is_file()
              and p.suffix not in (".py", ".pyc")]
    folders: dict = {}
    for p in sorted(data.rglob("*")):
        if p.is_file() and len(folders.setdefault(p.parent, [])) < 3:
            folders[p.parent].append(p)
    paths += [p for found in folders.values() for p in found]
    out = {}
    for p in paths:
        with open(p, encoding="utf-8", errors="replace") as fh:
            out[str(p)] = fh.read(1 << 18)
    return out


@pytest.fixture(scope="module")
def sample(datasets):
    found = _sample(datasets)
    assert len(found) > 250 and any("/shared/datasets/" in p for p in found)
    return found


def _cases(sample):
    for path, text in sample.items():
        yield text, path
        stem = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
        for suffix in SUFFIXES:
            yield text, stem + suffix
    for i, text in enumerate(ODD):
        for suffix in SUFFIXES:
            yield text, f"odd{i}{suffix}"


def test_the_index_lists_todays_sniffing_formats():
    """`python -m satlink.puzzles._index --write` after adding a format."""
    from satlink.puzzles import _index

    assert (_index.SNIFFERS, _index.FORMAT_MODULES) == _index.build_formats()
    assert list(_index.SNIFFERS)[:2] == ["adc", "battleship-dzn"] and "sudoku-lines" in _index.SNIFFERS


def test_detect_finds_what_the_scan_of_every_format_finds(sample):
    seen = set()
    for text, path in _cases(sample):
        new, old = formats.detect(text, path), formats.scan_detect(text, path)
        assert new is old, (path, new.NAME, old.NAME)
        seen.add(new.NAME)
    # the comparison covers most formats, the path-named ones included
    assert {"pzl", "sudoku-lines", "puzzlekit", "hashi-has", "battleship-dzn",
            "csplib-battleship", "numberlink-wh", "puzzlink"} <= seen, seen


def test_what_a_format_needs_at_least_never_refuses_its_own_files(sample):
    """Each cheap test of ``_AT_LEAST`` accepts every file its format's sniff
    accepts (so skipping the import never changes the answer)."""
    accepted = dict.fromkeys(formats._AT_LEAST, 0)
    for text, path in _cases(sample):
        for name, at_least in formats._AT_LEAST.items():
            if formats.get(name).sniff(text, path):
                accepted[name] += 1
                assert at_least(text, path), (name, path)
    assert all(accepted.values()), accepted


def test_a_stale_index_falls_back_to_the_scan(monkeypatch):
    from satlink.puzzles import _index

    text = "." * 81 + "\n"
    assert formats._sniffers() is _index.SNIFFERS
    monkeypatch.setattr(_index, "FORMAT_MODULES", _index.FORMAT_MODULES[1:])
    assert formats._sniffers() is None
    monkeypatch.setattr(formats, "scan_detect", lambda text, path: "scanned")
    assert formats.detect(text, "a.txt") == "scanned"


def test_detect_imports_only_the_formats_that_may_be_the_files():
    code = ("import sys\nfrom satlink import formats\nbefore = set(sys.modules)\n"
            "print(formats.detect('.' * 81 + '\\n', 'a.txt').NAME)\n"
            "print(' '.join(sorted(set(sys.modules) - before)))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    name, mods = proc.stdout.splitlines()
    assert name == "sudoku-lines" and "satlink.formats.sudoku_lines" in mods.split()
    assert not {m for m in mods.split() if m.startswith("satlink.puzzles.") and m != "satlink.puzzles._index"}
    assert not {"networkx", "lark", "satlink.formats.battleship_dzn", "satlink.formats.csplib_battleship",
                "satlink.formats.puzzlekit", "satlink.formats.pzprjs", "pkgutil"} & set(mods.split())


@pytest.mark.parametrize("text", ODD[:6])
def test_a_file_no_format_reads_errs_as_before(monkeypatch, text):
    """What no sniff accepts is read as .pzl, with the same error."""
    def error(**_):
        with pytest.raises(InputError) as exc:
            formats.load_text(text, "odd.txt")
        return exc.value.message, exc.value.pos

    new = error()
    monkeypatch.setattr(formats, "detect", formats.scan_detect)
    assert error() == new


def test_an_unknown_format_keeps_its_message_and_exit_code(tmp_path):
    with pytest.raises(UsageError, match=r"unknown format `nope`; known formats: adc, "):
        formats.get("nope")
    puzzle = tmp_path / "a.txt"
    puzzle.write_text("." * 81 + "\n")
    proc = subprocess.run([sys.executable, "-m", "satlink", "check", "--format", "nope", str(puzzle)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "unknown format `nope`" in proc.stderr

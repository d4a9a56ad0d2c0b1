"""The sniffers that read a text's first lines (formats/text_head.py) decide
as they did when they split the whole text: the old sniffers, kept here as
the oracle, against the new ones on every stored example, on long texts
built from them (past the head) and on random texts whose line breaks fall
anywhere, the head cut small so that it cuts them."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from satlink.formats import adc, flowfree, hashi_has, numberlink_wh, sudoku_lines, text_head
from satlink.numerals import is_natural, natural

ROOT = Path(__file__).resolve().parent.parent


def old_adc(text, path):
    lines = [(i, ln.rstrip()) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    return (len(lines) >= 2 and bool(adc.SIZE.match(lines[0][1].strip()))
            and bool(adc.COUNT.match(lines[1][1].strip())))


def old_hashi(text, path):
    if path.endswith(".has"):
        return True
    lines = [ln.split() for ln in text.splitlines() if ln.strip()]
    if not lines or len(lines[0]) != 3 or not all(is_natural(t) for t in lines[0]):
        return False
    rows, cols, islands = map(natural, lines[0])
    body = lines[1:]
    if len(body) != rows or any(len(r) != cols for r in body):
        return False
    if not all(is_natural(t) and natural(t) <= 8 for r in body for t in r):
        return False
    return sum(t != "0" for r in body for t in r) == islands


def old_flowfree(text, path):
    rows = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(rows) < 2 or len({len(r) for r in rows}) != 1 or not all(flowfree.ROW.match(r) for r in rows):
        return False
    counts = Counter(ch for r in rows for ch in r if ch != ".")
    return bool(counts) and "." in "".join(rows) and set(counts.values()) == {2}


def old_sudoku(text, path):
    first = None
    for line in text.splitlines():
        s = line.strip()
        if s and not s.startswith("#"):
            first = s.split()[0]
            break
    return first is not None and len(first) in sudoku_lines.SIZES and all(
        ch == "." or ch == "0" or ch.upper() in sudoku_lines.ALPHABET for ch in first)


def old_wh(text, path):
    for _lineno, head, body in numberlink_wh._chunks(text):
        if not body:
            return False
        m = numberlink_wh.HEADER.match(head.strip())
        row = body[0][1].strip()
        return (natural(m.group(1)) == len(row) and all(map(numberlink_wh._is_row_char, row))
                and "." in row)
    return False


PAIRS = [(adc, old_adc), (hashi_has, old_hashi), (flowfree, old_flowfree),
         (sudoku_lines, old_sudoku), (numberlink_wh, old_wh)]


def examples() -> list[str]:
    """Texts of every format: the repository's instances and fuzz corpus."""
    out = []
    for folder in ("instances", "tests/fuzz_corpus"):
        for p in sorted((ROOT / folder).rglob("*")):
            if p.is_file() and p.stat().st_size < 200_000:
                out.append(p.read_text(encoding="utf-8", errors="replace"))
    return out


def variants(rng: random.Random, text: str) -> list[str]:
    """The text, repeated past any head, and cut or spliced at random places."""
    lines = text.splitlines(keepends=True) or [text]
    out = [text, text * 3, "\n" * rng.randint(0, 3) + text]
    for _ in range(3):
        i = rng.randrange(len(text) + 1)
        out.append(text[:i] + rng.choice(["\r\n", "\r", "\n", "\x0c", " ", "#x\n"]) + text[i:])
    out.append("".join(rng.choice(lines) for _ in range(rng.randint(1, 12))))
    return out


@pytest.mark.parametrize("size", [7, 64, text_head.HEAD])
def test_sniffers_decide_as_over_the_whole_text(monkeypatch, size):
    monkeypatch.setattr(text_head, "HEAD", size)
    monkeypatch.setattr(text_head.head_lines, "__defaults__", (size,))
    rng = random.Random(size)
    texts = [v for t in examples() for v in variants(rng, t)]
    alphabet = "0123456789.AB#x \n\r\n"
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80))) for _ in range(3000)]
    texts += ["3 3 2\n1 0 0\n0 0 0\n0 0 1\n", "5 5\n" + "A...B\n" * 5, "SIZE 3X3\nLINE_NUM 1\n"]
    assert len(texts) > 3000
    for mod, old in PAIRS:
        for text in texts:
            for path in ("x.txt", "x.has"):
                assert mod.sniff(text, path) == old(text, path), (mod.__name__, size, text[:200])


def test_head_lines_are_the_texts_first_lines():
    rng = random.Random(3)
    for _ in range(2000):
        text = "".join(rng.choice("ab\r\n\x0b\u2028") for _ in range(rng.randint(0, 40)))
        size = rng.randint(0, 45)
        head, whole = text_head.head_lines(text, size)
        full = text.splitlines()
        assert full[:len(head)] == head
        assert whole == (len(text) <= size)
        if whole:
            assert head == full


def test_a_large_file_of_another_format_is_turned_down_from_its_head():
    """A sudoku-lines file of 40,000 lines: each sniffer's answer as before,
    and the ones that turn it down do so without splitting all of it."""
    line = "0" * 80 + "1\n"
    text = line * 40_000
    calls = []

    class Counted(str):
        def splitlines(self, *a):
            calls.append(len(self))
            return str.splitlines(self, *a)

    for mod, old in PAIRS:
        calls.clear()
        assert mod.sniff(Counted(text), "big.txt") == old(text, "big.txt")
        assert not calls, mod.__name__  # only the head (a plain str slice) was split

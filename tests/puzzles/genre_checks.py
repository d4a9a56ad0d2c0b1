"""Checks that a genre's tests share: the brute-force harness (every mode of
the genre's encoding against the genre's rules written again over brute
force), the dev slice (every record of ``puzzlekit-dev/<Genre>.json`` read
from its grid text, proven unique by the engine and equal to its published
solution; the records the reader refuses are returned, never patched), and
where a bad input is reported."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats.grid_text import split
from satlink.genre import Genre


#: The encodings every genre offers: lazy cuts, complete, clues behind selectors (all assumed).
MODES = (Options(), Options(complete=True), Options(clues="selectors"))


def brute_force_harness(genre: Genre, boards: st.SearchStrategy, oracle: Callable[[object], set],
                        examples: int = 30, limit: int = 300, key: Callable | None = None):
    """The test every genre's test module declares (``test_modes_agree_with_brute_force
    = brute_force_harness(...)``; the contract test requires it): on boards drawn
    from ``boards``, the solutions the engine finds in each of :data:`MODES`
    (lazy cuts, complete, selectors with every clue assumed; each verified by
    the engine as always) are exactly ``oracle(instance)``, the genre's rules
    written again over brute force without its ``verify``; and the verdict of
    ``engine.solve`` (pruning and all) follows from their number. ``key`` maps
    a decoded solution to the oracle's form when the two differ. Boards whose
    oracle finds ``limit`` or more solutions compare that the engine finds at
    least ``limit`` too."""
    form = key or (lambda sol: sol)

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(boards)
    def test_modes_agree_with_brute_force(inst):
        want = oracle(inst)
        clues = genre.clues(inst)
        for options in MODES:
            if options.clues == "selectors" and not clues:
                continue
            enc = engine.encode(genre, inst, options)
            assumptions = enc.assumptions(clues) if options.clues == "selectors" else []
            with engine.Session(genre, enc) as session:
                res = session.solve(inst, assumptions, limit=limit)
            got = {form(s) for s in res.solutions}
            assert len(got) == len(res.solutions), options
            if len(want) < limit:
                assert got == want, options
            else:
                assert len(got) == limit and got <= want, options
        verdict = engine.solve(genre, inst).verdict
        assert verdict == {0: "none", 1: "unique"}.get(len(want), "multiple")

    return test_modes_agree_with_brute_force


def unique_and_published(genre: Genre, datasets: Path, name: str) -> tuple[int, list[str]]:
    """(records, malformed ids) of the slice ``name``; asserts the rest."""
    data = json.loads((datasets / "puzzlekit-dev" / f"{name}.json").read_text())["data"]
    malformed = []
    for key, entry in sorted(data.items()):
        try:
            inst = genre.from_grid_text(split(entry["problem"], key))
        except InputError:
            malformed.append(key)
            continue
        res = engine.solve(genre, inst)
        assert res.verdict == "unique", key
        assert res.solutions[0] == genre.solution_from_grid_text(
            split(entry["solution"], key), inst), key
    return len(data), malformed


def error_at(text: str, puzzle_type: str | None = None) -> tuple[int, int, str]:
    """(line, column, message) of the InputError that reading ``text`` raises:
    `.pzl` text, or grid text of ``puzzle_type`` when given.

    >>> error_at("puzzle akari\\nsize 2 x 1\\ngrid\\n  . q\\n")[:2]
    (4, 5)
    """
    kw = {"fmt": "grid-text", "puzzle_type": puzzle_type} if puzzle_type else {}
    try:
        satlink.load_text(text, "bad.txt" if puzzle_type else "bad.pzl", **kw)
    except InputError as exc:
        return exc.pos.line, exc.pos.column, str(exc)
    raise AssertionError("no InputError")


def pzl_round_trips(layout, inst, solution=None) -> None:
    """``layout.to_pzl`` of ``inst`` (with ``solution``) reads back as both,
    and printing again gives the same text (the canonical `fmt`)."""
    from satlink.lang import parse_text

    text = layout.to_pzl(inst, solution)
    doc = parse_text(text, "rt.pzl")
    assert layout.from_document(doc) == inst
    assert layout.expected_solution(doc) == solution
    assert layout.to_pzl(layout.from_document(doc), solution) == text


def cli_exit_codes(capsys, tmp_path, dataset_name: str, ambiguous: str, good: Path, bad: str,
                   where: str) -> None:
    """`satlink check` of ``ambiguous`` grid text (of type ``dataset_name``)
    fails, `solve` of the instance file ``good`` exits 0, and `solve` of the
    `.pzl` text ``bad`` exits 4 with ``b.pzl:<where>`` and no traceback."""
    from satlink.cli import main

    amb = tmp_path / "g.txt"
    amb.write_text(ambiguous)
    assert main(["check", "--format", "grid-text", "--type", dataset_name, str(amb)]) != 0
    assert main(["solve", str(good)]) == 0
    wrong = tmp_path / "b.pzl"
    wrong.write_text(bad)
    assert main(["solve", str(wrong)]) == 4
    err = capsys.readouterr().err
    assert f"b.pzl:{where}" in err and "Traceback" not in err


def grid_pzl(name: str, rows, block: str = "grid") -> str:
    """The `.pzl` text of a ``name`` board whose one block (``block``) is
    ``rows``, each a string of space-separated cells.

    >>> grid_pzl("akari", [". 1", ". ."])
    'puzzle akari\\nsize 2 x 2\\ngrid\\n  . 1\\n  . .\\n'
    """
    size = f"{len(rows[0].split())} x {len(rows)}"
    return f"puzzle {name}\nsize {size}\n{block}\n" + "".join(f"  {r}\n" for r in rows)


def errors_have_positions(cases, grid_text: str | None = None):
    """A test over ``cases`` of (text, line, column, words, grid-text type
    or None; ``grid_text`` where a case leaves it out): reading each text
    (`.pzl`, or grid text read as that type) fails at that line and column
    with a message that holds ``words``."""
    cases = [case if len(case) == 5 else (*case, grid_text) for case in cases]

    @pytest.mark.parametrize("text,line,col,words,grid_text", cases)
    def test(text, line, col, words, grid_text):
        at_line, at_col, message = error_at(text, grid_text)
        assert words in message and (at_line, at_col) == (line, col), message
    return test


def instances_match_their_solution(verify, paths):
    """A test over the instance files ``paths``: each writes a solution,
    the genre's only one, which ``verify`` (the genre's) passes."""

    @pytest.mark.parametrize("path", paths, ids=lambda p: p.name)
    def test(path):
        item = satlink.load(path)[0]
        assert item.expected is not None
        out = satlink.outcome(item)
        assert out.verdict == "unique" and out.expected_ok
        assert verify(item.instance, item.expected) == []
    return test

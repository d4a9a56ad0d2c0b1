"""Fuzz tests: mutated puzzle files and random bytes through every input format and command.

Seeds are every file in instances/ plus a sample of each other format from
the public data sets (tests/fuzzing.py). Every registered format is fuzzed
(with ``--type T`` for each puzzle type where the format needs one), through
`solve --json`, `check --json`, `fmt`, `dimacs` and `count --limit 3`, run
in-process by ``satlink.cli.main``. Whatever the input: no exception escapes
``main``, no traceback is printed, the exit code is a documented one, and
every stdout line of ``--json`` is JSON.

tests/fuzz_corpus/ keeps the inputs that once failed, one directory per
format configuration (``detect`` = no --format; ``grid-text+hashi`` =
``--format grid-text --type hashi``); each file runs through every command.
``benchmarks/fuzz.py`` runs many more fresh cases (not in CI).
"""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink import formats, puzzles
from tests.fuzzing import (COMMANDS, CORPUS, DOCUMENTED, config_id, format_configs, describe,
                           mutate, random_bytes, run_case, run_cli, problems, seeds_for)
from tests.helpers import load_benchmark

CONFIGS = format_configs()
#: Examples per format configuration (15 of them today); the file takes about 40 s.
EXAMPLES = 30
FUZZ = settings(deadline=None, derandomize=True, max_examples=EXAMPLES, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def test_every_format_and_type_is_fuzzed(datasets):
    """The configurations come from the registries: each format, and --type T for
    every puzzle type where the format refuses to read without one."""
    names = {fmt for fmt, _ in CONFIGS}
    assert names == {None, *formats.registry()}
    typed = {t for fmt, t in CONFIGS if fmt == "grid-text"}
    assert typed == {m.name for m in puzzles.types()}
    assert all(t is None for fmt, t in CONFIGS if fmt not in ("grid-text",)), \
        "only grid-text needs --type today; a new format that does is fuzzed per type"
    # every format with a sample of its own is fed that sample, not only .pzl text
    for cfg in CONFIGS:
        no_reader = cfg[0] == "grid-text" and not puzzles.get(cfg[1]).reads_grid_text
        if cfg[0] not in (None, "pzl") and not no_reader:  # grid-text refuses those types
            assert all(config_id(cfg) in s.formats for s in seeds_for(cfg)), config_id(cfg)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
@FUZZ
@given(data=st.data())
def test_mutated_files(cfg, data, workdir, datasets):
    seed = data.draw(st.sampled_from(seeds_for(cfg)), label="seed")
    command = data.draw(st.sampled_from(sorted(COMMANDS)), label="command")
    rng = data.draw(st.randoms(use_true_random=False), label="rng")
    text = mutate(rng, seed.text)
    path = workdir / f"case{seed.suffix}"
    path.write_bytes(text)
    res = run_case(path, command, cfg)
    assert not res.problems, describe(res, text)


@settings(deadline=None, derandomize=True, max_examples=100, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(cfg=st.sampled_from(CONFIGS), command=st.sampled_from(sorted(COMMANDS)),
       suffix=st.sampled_from([".pzl", ".txt", ".has", ".dzn", ".pl"]),
       rng=st.randoms(use_true_random=False))
def test_random_bytes(cfg, command, suffix, rng, workdir):
    data = random_bytes(rng)
    path = workdir / f"bytes{suffix}"
    path.write_bytes(data)
    res = run_case(path, command, cfg)
    assert not res.problems, describe(res, data)


# -- the corpus of inputs that once failed -----------------------------------------------

def _config_of(directory: str):
    for cfg in CONFIGS:
        if config_id(cfg) == directory:
            return cfg
    raise AssertionError(f"tests/fuzz_corpus/{directory}: no such format configuration")


CORPUS_FILES = sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.parent.name != "decode")
#: What the corpus files that reproduce known defects must do, beyond the general
#: checks: (exit code, text that stderr must contain) for every command.
EXPECTED = {
    "pzl/numberlink_size_1600.pzl": (4, "numberlink_size_1600.pzl:2:6: error: size 1600 x 1600"),
    "adc/size_huge_allocates_board.txt": (4, "size_huge_allocates_board.txt:1:6: error: SIZE"),
    "grid-text+battleship/superscript_digit_in_header.txt":
        (4, "superscript_digit_in_header.txt:1:1: error: the first line must be"),
    "pzl/sudoku_size_5000_digits.pzl": (4, "sudoku_size_5000_digits.pzl:2:6: error: size"),
    "pzl/zebra_distance_5000_digits.pzl": (4, "zebra_distance_5000_digits.pzl:4:17: error:"),
    # JSON that the json module refuses with ValueError and RecursionError (tracebacks once)
    "puzzlekit/number_of_5001_digits.json":
        (4, "number_of_5001_digits.json:1:25: error: record a has no"),
    "puzzlekit/arrays_nested_5000_deep.json":
        (4, "arrays_nested_5000_deep.json:1:1: error: not a JSON collection: nested too deeply"),
    # 26 blank lines and no `puzzle` header: the regular expression that looked for the
    # header backtracked exponentially (30 s here; 40 lines, days): `check` and `solve` hung
    "detect/blank_lines_then_no_header.txt":
        (4, "blank_lines_then_no_header.txt:27:1: error: the first line must be"),
    # a .json file is read as a collection (it was read as .pzl: "cannot start a line")
    "detect/empty_collection.json":
        (4, "empty_collection.json:1:1: error: no puzzle found in this puzzlekit file"),
}
#: Corpus files that are valid puzzles without a solution (a clue asks for a
#: straight arm longer than the board; it once recursed once per step):
#: command -> (exit code, text the output must contain).
UNSOLVABLE = {"solve": (3, '"verdict": "none"'), "check": (3, '"verdict": "none"'),
              "fmt": (0, "puzzle "), "dimacs": (0, "p cnf"), "count": (0, "0 solutions")}
for _genre in ("shingoki", "balanceloop"):
    EXPECTED[f"grid-text+{_genre}/clue_longer_than_board_recursed.txt"] = UNSOLVABLE


def test_corpus_is_not_empty():
    assert len(CORPUS_FILES) >= 10
    assert set(EXPECTED) <= {p.relative_to(CORPUS).as_posix() for p in CORPUS_FILES}


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.relative_to(CORPUS).as_posix())
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_corpus(path, command):
    cfg = _config_of(path.parent.name)
    t0 = time.perf_counter()
    res = run_case(path, command, cfg)
    secs = time.perf_counter() - t0
    assert not res.problems, describe(res, path.read_bytes())
    # an input that broke a parser stays an input error, reported with its position
    key = path.relative_to(CORPUS).as_posix()
    expected = EXPECTED.get(key, (4, f"{path.name}:"))
    code, message = expected[command] if isinstance(expected, dict) else expected
    assert res.code == code, describe(res, path.read_bytes())
    assert message in res.err + res.out, res.err + res.out
    assert secs < 5, f"{key}: {secs:.1f} s"


def test_corpus_decode_huge_literal():
    """An answer naming variable 99999999999: an input error at the answer's
    line, not a MemoryError (the literal must not size an array)."""
    pzl = CORPUS / "decode" / "huge_literal.pzl"
    answer = CORPUS / "decode" / "huge_literal.answer"
    for extra in ([], ["--json"]):
        res = run_cli(["decode", str(pzl), str(answer), *extra])
        assert not problems(res, "decode"), describe(res, answer.read_bytes())
        assert res.code == 4, describe(res, answer.read_bytes())
        assert "huge_literal.answer:2:" in res.err, res.err
        assert "MemoryError" not in res.err


def test_documented_codes_match_the_readme():
    """DOCUMENTED is the README's exit code table (plus 7, added with the solution check)."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    table = {int(line.split("|")[1]) for line in readme.splitlines()
             if line.startswith("| ") and line.split("|")[1].strip().isdigit()}
    assert table <= DOCUMENTED and DOCUMENTED - table <= {7}


def test_puzzlekit_collections_mutated_in_their_structure(tmp_path):
    """benchmarks/fuzz.py's JSON mutations (values of the wrong type, escaped
    ids, nested and repeated "problem" keys, lone surrogates, a 5001-digit
    number, deep nesting: the last two were tracebacks), each through a
    command, with standard output that encodes as a terminal's."""
    fuzz = load_benchmark("fuzz")
    [seed] = [s for s in seeds_for(("puzzlekit", None)) if s.suffix == ".json"]
    codes = set()
    for case in range(45):
        rng = random.Random(case)
        data = fuzz.mutate_json(rng, seed.text)
        path = tmp_path / "case.json"
        path.write_bytes(data)
        command = sorted(COMMANDS)[case % len(COMMANDS)]
        res = fuzz.run_terminal(path, command, (None, None) if case % 2 else ("puzzlekit", None))
        assert not res.problems, describe(res, data)
        codes.add(res.code)
    assert {0, 4} <= codes, codes  # readable collections and refused ones were both reached

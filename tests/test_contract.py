"""The contract test over the whole registry: every genre gets these checks
by being registered and having files in ``instances/<genre>/``.

- each instance file round-trips through ``fmt`` (to_pzl, parsed again);
- its expected solution passes ``verify`` and is what the engine finds;
- lazy, complete and selector-mode encodings agree on the solutions of
  small instances (selector mode: every clue's selector assumed);
- the complete DIMACS export is solved by the external ``cadical`` and ``minisat`` binaries,
  decoded and verified;
- the picture renders to SVG that cairosvg rasterises;
- a puzz.link URL round-trips where the genre has a codec;
- the genre's own tests declare the brute-force harness
  (``tests/puzzles/genre_checks.brute_force_harness``): every mode against
  the rules written again over brute force on small boards.
"""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import satlink
from satlink import contract, engine
from satlink.contract import Options
from satlink.errors import InputError
from satlink.formats import puzzlink
from satlink.puzzles import types
from tests.helpers import EXTERNAL, ROOT, dimacs_roundtrip, load_pzl

GENRES = types()
CASES = [(mod, path) for mod in GENRES
         for path in sorted((ROOT / "instances" / mod.name).glob("*.pzl"))]
IDS = [f"{mod.name}/{path.name}" for mod, path in CASES]
#: Lazy/complete/selector counts are enumerated up to this many solutions.
COUNT_LIMIT = 50


def test_every_genre_has_instances_and_the_whole_contract():
    for mod in GENRES:
        assert (ROOT / "instances" / mod.name).is_dir(), mod.name
        assert any(m is mod for m, _ in CASES), f"{mod.name} has no instances"
        params = list(inspect.signature(mod.encode).parameters)
        assert params[:3] == ["inst", "f", "options"], mod.name


def test_no_module_keeps_state_between_calls():
    """No genre or engine module holds a mutable module-level cache or
    settings dict (constant tables and memoised pure functions are fine)."""
    import sys

    import satlink.rules.end_paths as nls
    import satlink.rules.graph
    import satlink.rules.path_moves
    import satlink.rules.paths

    modules = [sys.modules[g.encode.__module__] for g in GENRES]
    for mod in [*modules, nls, satlink.rules.paths, satlink.rules.path_moves, satlink.rules.graph]:
        for name, value in vars(mod).items():
            if name.isupper() or name.startswith("__"):
                continue
            assert not isinstance(value, (dict, list, set)) or not value or name == "__all__", \
                f"{mod.__name__}.{name}"
    assert not hasattr(nls, "SETTINGS") and not hasattr(nls, "_LAYOUTS")


def load(path: Path):
    items = satlink.load(path)
    assert len(items) == 1 and items[0].error is None, path
    return items[0]


@pytest.mark.parametrize("mod,path", CASES, ids=IDS)
def test_fmt_round_trip_and_expected_solution(mod, path):
    item = load(path)
    text = mod.to_pzl(item.instance)
    again = load_pzl(text, path.name)
    assert again.instance == item.instance
    assert mod.to_pzl(again.instance) == text  # canonical: printing is stable
    assert item.expected is not None, f"{path} has no solution block"
    assert mod.verify(item.instance, item.expected) == []
    with_solution = load_pzl(mod.to_pzl(item.instance, item.expected), path.name)
    assert with_solution.expected == item.expected
    result = engine.solve(mod, item.instance, limit=2)
    assert result.verdict == "unique" and result.solutions == [item.expected]


def solutions(mod, instance, options: Options) -> tuple[set, bool]:
    enc = engine.encode(mod, instance, options)
    assumptions = enc.assumptions(mod.clues(instance)) if options.clues == "selectors" else []
    with engine.Session(mod, enc) as session:
        result = session.solve(instance, assumptions, limit=COUNT_LIMIT)
    assert len(set(result.solutions)) == len(result.solutions)
    return set(result.solutions), result.complete


@pytest.mark.parametrize("mod,path", CASES, ids=IDS)
def test_lazy_complete_and_selector_encodings_agree(mod, path):
    item = load(path)
    lazy, done = solutions(mod, item.instance, Options())
    complete, done2 = solutions(mod, item.instance, Options(complete=True))
    assert lazy == complete and done == done2
    if mod.clues(item.instance):
        selected, done3 = solutions(mod, item.instance, Options(clues="selectors"))
        assert selected == lazy and done3 == done


def clued(case) -> bool:
    mod, path = case
    return bool(mod.clues(load(path).instance))


CLUED = [c for c in CASES if clued(c)]


def test_genres_without_removable_clues_are_the_known_ones():
    assert {m.name for m, _ in CASES} - {m.name for m, _ in CLUED} <= {
        "numberlink", "lits", "shikaku", "moonsun", "simpleloop", "doubleback", "nurikabe",
        "hitori", "galaxies", "tatamibari", "nawabari", "starbattle",
        "kurotto", "nondango", "munraito", "yonmasu", "dominos",
        "dotchiloop", "entryexit", "shirokuro",
        "numbersnake", "mejilink",
        "araf", "rekuto",
        "usoone"}


@pytest.mark.parametrize("mod,path", CLUED, ids=[f"{m.name}/{p.name}" for m, p in CLUED])
def test_selector_mode_holds_for_any_subset_of_clues(mod, path):
    """With only some clues selected (the first half), the rules and cuts
    must keep every solution of the full puzzle (it obeys those clues too),
    and a solution of the smaller puzzle passes the full puzzle's ``verify``
    exactly when it is the full puzzle's solution. The engine would verify
    every model against the full instance, so this runs a raw solver."""
    from pysat.solvers import Solver

    from satlink.model import Model

    item = load(path)
    clues = mod.clues(item.instance)
    enc = engine.encode(mod, item.instance, Options(clues="selectors"))
    f = enc.formula
    half = enc.assumptions(clues[:len(clues) // 2])
    found, seen = 0, []
    with Solver(name=engine.DEFAULT_SOLVER, bootstrap_with=f.clauses) as s:
        while found < COUNT_LIMIT and s.solve(assumptions=half):
            model = Model(f, s.get_model(), dense=True)
            cuts = enc.cuts(model)
            if cuts:
                s.append_formula(cuts)
                continue
            sol = enc.decode(model)
            assert (mod.verify(item.instance, sol) == []) == (sol == item.expected)
            seen.append(sol)
            found += 1
            s.add_clause([-v if model.value(v) else v for v in f.answer])
    assert found >= 1
    if found < COUNT_LIMIT:  # all listed: the full puzzle's solution is one of them
        assert item.expected in seen


@pytest.mark.parametrize("solver", EXTERNAL)
@pytest.mark.parametrize("mod,path", CASES, ids=IDS)
def test_dimacs_through_external_solvers(mod, path, solver, tmp_path):
    """The complete DIMACS, solved by Debian's cadical and minisat, decodes
    to a verified solution: the one written in the file."""
    item = load(path)
    decoded = dimacs_roundtrip(item, solver, tmp_path)
    assert decoded.status == "sat" and decoded.problems == []
    assert mod.verify(item.instance, decoded.solution) == []
    if item.expected is not None:
        assert decoded.solution == item.expected


@pytest.mark.parametrize("mod,path", CASES, ids=IDS)
def test_picture_renders_to_svg(mod, path):
    import cairosvg

    from satlink.render.svg import to_svg

    item = load(path)
    for sol in (None, item.expected):
        png = cairosvg.svg2png(bytestring=to_svg(mod.picture(item.instance, sol)).encode())
        assert png.startswith(b"\x89PNG")


def has_puzzlink_form(case) -> bool:
    """The genre has a codec and this instance has a form in it (a codec
    refuses with Unfit what puzz.link cannot say: LITS's black cells)."""
    mod, path = case
    if not puzzlink.codec_of(mod):
        return False
    try:
        puzzlink.encode(mod, load(path).instance)
    except InputError as exc:
        assert "has no puzz.link form" in exc.message, exc.message
        return False
    return True


LINKED = [c for c in CASES if has_puzzlink_form(c)]


def test_every_codec_round_trips_some_instance():
    assert {m.name for m, _ in LINKED} == {m.name for m, _ in CASES if puzzlink.codec_of(m)}


@pytest.mark.parametrize("mod,path", LINKED, ids=[f"{m.name}/{p.name}" for m, p in LINKED])
def test_puzzlink_round_trip(mod, path):
    item = load(path)
    url = puzzlink.encode(mod, item.instance)
    back_mod, back = puzzlink.decode(url)
    assert back_mod is mod and back == item.instance
    assert puzzlink.encode(mod, back) == url


def test_selectors_are_literals_of_the_formula():
    for mod, path in CASES:
        item = load(path)
        enc = engine.encode(mod, item.instance, Options(clues="selectors"))
        assert isinstance(enc, contract.Encoding)
        for lit in enc.assumptions(mod.clues(item.instance)):
            assert 0 < abs(lit) <= enc.formula.num_vars


#: Genres whose tests do not declare the brute-force harness yet, and why.
WITHOUT_HARNESS: dict[str, str] = {}


def declares_harness(path: Path) -> bool:
    """Does the test module assign ``brute_force_harness(...)`` to a test name?"""
    tree = ast.parse(path.read_text())
    return any(isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
               and getattr(node.value.func, "id", None) == "brute_force_harness"
               and any(getattr(t, "id", "").startswith("test_") for t in node.targets)
               for node in tree.body)


def test_every_genre_declares_the_brute_force_harness():
    tests = ROOT / "tests" / "puzzles"
    # a module that declares several genres (GENRES) has one test module, named after it
    files = {g.name: [tests / f"test_{g.name}.py",
                      tests / f"test_{g.encode.__module__.rsplit('.', 1)[-1]}.py"] for g in GENRES}
    have = {name for name, paths in files.items()
            if any(p.is_file() and declares_harness(p) for p in paths)}
    assert {g.name for g in GENRES} - have == set(WITHOUT_HARNESS)

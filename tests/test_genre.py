"""The declared genre object and the registry that reads it."""
from __future__ import annotations

import itertools
import pkgutil
import types as pytypes
from dataclasses import replace

import pytest

import satlink.puzzles as registry_package
from satlink import engine
from satlink.contract import Options
from satlink.genre import Design, Genre, Written, of
from satlink.puzzles import TEMPLATE, get, registry, types


def test_every_module_in_puzzles_is_a_registered_genre():
    """No module is skipped: every public module of satlink/puzzles declares
    the genre it is named after."""
    from satlink.puzzles import load_module, module_names

    modules = {i.name for i in pkgutil.iter_modules(registry_package.__path__)
               if not i.name.startswith("_") and i.name != "TEMPLATE"}
    assert modules == set(module_names())
    declared = [g for m in module_names() for g in load_module(m)]
    assert sorted(g.name for g in declared) == [g.name for g in types()]


def test_a_module_without_a_genre_is_an_error_naming_it():
    bare = pytypes.ModuleType("satlink.puzzles.nothing")
    with pytest.raises(RuntimeError, match="satlink.puzzles.nothing declares no GENRE"):
        of(bare)
    bare.GENRE = {"name": "nothing"}
    with pytest.raises(RuntimeError, match="GENRE is a dict"):
        of(bare)
    bare.GENRES = (TEMPLATE.GENRE,)
    with pytest.raises(RuntimeError, match="declares both GENRE and GENRES"):
        of(bare)
    del bare.GENRE
    assert of(bare) == (TEMPLATE.GENRE,)


def test_the_index_is_current():
    """satlink/puzzles/_index.py lists every name, alias and puzz.link id of
    today's modules: `python -m satlink.puzzles._index --write` after adding one."""
    from satlink.puzzles import _index

    assert (_index.NAMES, _index.PUZZLINK) == _index.build()


def test_one_genre_is_found_without_importing_the_others():
    import subprocess
    import sys

    code = ("import sys; from satlink.puzzles import get; get('MASHU');"
            " print(sorted(m for m in sys.modules if m.startswith('satlink.puzzles.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "satlink.puzzles.masyu" in out and "satlink.puzzles.sudoku" not in out


def test_a_malformed_genre_is_refused_with_what_is_wrong():
    good = TEMPLATE.GENRE
    with pytest.raises(TypeError, match="name must be a non-empty lower-case string"):
        replace(good, name="Template")
    with pytest.raises(TypeError, match="encode must be callable"):
        replace(good, encode=None)
    with pytest.raises(TypeError, match="text must offer from_document and to_pzl"):
        replace(good, text=object())
    with pytest.raises(TypeError, match="aliases must be a tuple"):
        replace(good, aliases="tpl")


def test_names_and_aliases_are_unique_and_found_in_any_case():
    seen = {}
    for genre in types():
        for key in (genre.name, *genre.aliases):
            assert seen.setdefault(key.lower(), genre) is genre, key
            assert get(key.upper()) is genre
    assert set(seen) == set(registry())


def test_genres_travel_by_name():
    import pickle

    for genre in types():
        assert pickle.loads(pickle.dumps(genre)) is genre


def test_text_pictures_come_from_the_picture_unless_declared():
    from satlink.render import to_text

    inst = TEMPLATE.blank(1, 2, {})
    assert TEMPLATE.GENRE.draw_text is None
    assert TEMPLATE.GENRE.render_text(inst, frozenset({(0, 1)})) == to_text(
        TEMPLATE.picture(inst, frozenset({(0, 1)})))


def test_written_text_offers_only_what_it_declares():
    text = Written(from_document=lambda doc: None, to_pzl=lambda inst, sol=None: "")
    genre = replace(TEMPLATE.GENRE, text=text)
    assert not genre.reads_grid_text and not genre.reads_published_solutions
    assert genre.expected_solution(None) is None
    assert TEMPLATE.GENRE.reads_grid_text and TEMPLATE.GENRE.reads_published_solutions


def _brute(inst) -> set:
    cells = inst.grid.cells
    out = set()
    for bits in itertools.product((False, True), repeat=len(cells)):
        shaded = frozenset(c for c, b in zip(cells, bits) if b)
        if not TEMPLATE.verify(inst, shaded):
            out.add(shaded)
    return out


@pytest.mark.parametrize("numbers", [
    (((0, 1), 3), ((1, 2), 0)),
    (((0, 0), 1),),
    (((0, 0), 2), ((1, 1), 1)),
    (((1, 1), 4),),  # no solution
])
def test_the_template_is_a_complete_genre(numbers):
    """The template genre solves: its counts equal brute force in every mode."""
    inst = TEMPLATE.Instance(2, 3, numbers)
    want = _brute(inst)
    for options in (Options(), Options(complete=True), Options(clues="selectors")):
        enc = engine.encode(TEMPLATE.GENRE, inst, options)
        assumptions = enc.assumptions(TEMPLATE.clues(inst)) if options.clues == "selectors" else []
        with engine.Session(TEMPLATE.GENRE, enc) as session:
            result = session.solve(inst, assumptions, limit=100)
        assert set(result.solutions) == want
    text = TEMPLATE.GENRE.to_pzl(inst, min(want, key=sorted) if want else None)
    from satlink.lang import parse_text

    doc = parse_text(text, "t.pzl")
    assert TEMPLATE.GENRE.from_document(doc) == inst
    design = TEMPLATE.GENRE.design
    assert isinstance(design, Design) and design.removable
    for sol in want:
        assert TEMPLATE.verify(design.with_clues(inst, design.clues_of(inst, sol)), sol) == []


def test_the_registry_builds_genres_only():
    assert all(isinstance(g, Genre) for g in registry().values())

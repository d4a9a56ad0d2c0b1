"""The per-board lookups of the load path: a genre by name or alias
(``Genre.lookup_names``), a genre passed to ``formats.load_text`` in place of
its name, a format named again, and the hook protocols' methods
(``contract.HOOK_METHODS``)."""
from __future__ import annotations

import pytest

from satlink import contract, formats, puzzles
from satlink.errors import UsageError


def test_every_name_and_alias_in_any_case_finds_its_genre():
    for genre in puzzles.types():
        assert genre.lookup_names == {genre.name, *(a.lower() for a in genre.aliases)}
        for key in genre.lookup_names:
            assert puzzles.get(key) is genre
            assert puzzles.get(key.upper()) is genre


def test_no_genre_answers_to_another_genres_name():
    seen = {}
    for genre in puzzles.types():
        for key in genre.lookup_names:
            assert seen.setdefault(key, genre) is genre, key


@pytest.mark.parametrize("fmt, kind, text", [
    ("grid-text", "koburin", "3 3\n- 1 -\n- - -\n2 - -\n"),
    (None, "akari", "puzzle akari\nsize 2 x 2\ngrid\n  . 1\n  . .\n"),
])
def test_a_genre_given_reads_as_its_name(fmt, kind, text):
    genre = puzzles.get(kind)
    by_name = formats.load_text(text, "a.txt", fmt, kind)
    by_genre = formats.load_text(text, "a.txt", fmt, genre)
    assert [(i.puzzle, i.instance, i.source) for i in by_genre] == \
        [(i.puzzle, i.instance, i.source) for i in by_name]
    assert by_genre[0].puzzle is genre


def test_a_genre_given_is_checked_against_the_format_as_its_name():
    genre = puzzles.get("koburin")
    with pytest.raises(UsageError) as by_genre:
        formats.load_text("x", "a", "sudoku-lines", genre)
    with pytest.raises(UsageError) as by_name:
        formats.load_text("x", "a", "sudoku-lines", "koburin")
    assert str(by_genre.value) == str(by_name.value)


def test_a_format_is_found_by_name_and_a_library_module_is_no_format():
    assert formats.get("grid-text").NAME == "grid-text"
    assert formats.get("grid-text") is formats.get("grid-text")
    for name in ("cellgrid", "pzprjs", "grid_text"):
        with pytest.raises(UsageError):
            formats.get(name)


def test_the_hook_methods_are_the_protocols_own():
    for protocol, names in contract.HOOK_METHODS.items():
        assert names == contract.methods(protocol) and names
        assert all(callable(vars(protocol)[n]) for n in names)

    class Other:  # a protocol not gathered beforehand is read as it stands
        def focus(self, failed): ...

    class Has:
        focus = lambda self, failed: []  # noqa: E731

    assert contract.implements(Has(), Other) and not contract.implements(object(), Other)

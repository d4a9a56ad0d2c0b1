"""The design hooks a genre declares as data (satlink.genre.SolvedBlank,
GrownLayout) and the rule behind them: no genre module imports the engine
or the design tools; satlink.design.genre_hooks calls the solver for them."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import satlink.puzzles as P
from satlink.errors import InputError
from satlink.genre import GrownLayout, SolvedBlank
from satlink.puzzles import battleship as B
from satlink.puzzles import yajilin as Y


#: An import of the engine or the design tools, relative from satlink/puzzles or absolute.
FORBIDDEN = re.compile(r"^\s*(from\s+(\.\.|satlink\.)(engine|design)\b"
                       r"|import\s+satlink\.(engine|design)\b)", re.M)


def test_the_forbidden_imports_are_recognised():
    for line in ("from ..engine.search import search", "    from ..design.tasks import x",
                 "import satlink.design.tasks", "from satlink.engine import search"):
        assert FORBIDDEN.search(line), line
    for line in ("from ..genre import Design", "from .design_helpers import x",
                 "# from ..engine import search is what a genre must not do"):
        assert not FORBIDDEN.search(line), line


def test_no_genre_module_imports_the_engine_or_the_design_tools():
    modules = sorted(Path(P.__file__).parent.glob("*.py"))
    assert len(modules) > 100
    for path in modules:
        found = FORBIDDEN.search(path.read_text())
        assert found is None, f"{path.name} imports {found.group(0).strip()}"


def test_the_declared_hooks_are_data_the_design_side_runs():
    assert isinstance(B.GENRE.design.blank, SolvedBlank)
    assert isinstance(Y.GENRE.design.layout, GrownLayout)
    # the genre's own part refuses what it sees without a solver ...
    with pytest.raises(InputError, match="fleet 1 1 1 1 1 cannot be placed"):
        B.blank(3, 3, {"fleet": [1] * 5})
    # ... the design side refuses what only the solver sees, in the genre's words
    assert B.blank(6, 6, {"fleet": [5, 5, 5, 5]}).fleet == ((5, 4),)
    with pytest.raises(InputError, match="fleet 5 5 5 5 cannot be placed on a 6 x 6"):
        B.GENRE.design.blank(6, 6, {"fleet": [5, 5, 5, 5]})
    with pytest.raises(InputError, match="no Yajilin loop fits a board of 5 x 1"):
        Y.GENRE.design.layout(1, 5, random.Random(0), {})
    # a layout grows until its goal: a quarter of the cells by default
    assert len(Y.GENRE.design.layout(8, 8, random.Random(4), {}).arrows) == 16

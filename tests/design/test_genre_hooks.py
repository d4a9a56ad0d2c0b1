"""The design hooks a genre declares as data (satlink.genre.SolvedBlank,
GrownLayout) and the rule behind them: no genre module imports the engine
or the design tools; satlink.design.genre_hooks calls the solver for them."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import satlink.puzzles as P
from satlink.errors import InputError
from satlink.genre import GrownLayout, SolvedBlank
from satlink.puzzles import battleship as B
from satlink.puzzles import yajilin as Y


def imported(path: Path) -> set[str]:
    """Every module a file imports, relative ones as written (`..engine.search`)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_no_genre_module_imports_the_engine_or_the_design_tools():
    modules = sorted(Path(P.__file__).parent.glob("*.py"))
    assert len(modules) > 100
    for path in modules:
        bad = {m for m in imported(path) if m.lstrip(".").split(".")[0] in ("engine", "design")
               and m.startswith("..") or m.startswith(("satlink.engine", "satlink.design"))}
        assert not bad, f"{path.name} imports {sorted(bad)}"


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
        Y.GENRE.design.layout(5, 1, random.Random(0), {})
    # a layout grows until its goal: a quarter of the cells by default
    assert len(Y.GENRE.design.layout(8, 8, random.Random(4), {}).arrows) == 16

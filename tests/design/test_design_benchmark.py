"""benchmarks/design.py on two grids and one loop, so that the design tools'
benchmark does not rot (its subcommands had failed on a renamed hook)."""
import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def design():
    sys.path.insert(0, str(BENCH))  # design.py imports _common beside it
    spec = importlib.util.spec_from_file_location("design_bench", BENCH / "design.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_minimal_sudoku_two_grids(design, capsys):
    design.minimal_sudoku(argparse.Namespace(count=2))  # quantiles need two grids
    out = capsys.readouterr().out
    assert "fresh oracle" in out and "shared bench" in out


def test_slitherlink_from_one_loop(design, capsys):
    design.slither_from_solution(argparse.Namespace(count=1, timeout=0.5))
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert len(rows) == 1 and int(rows[0][1]) >= int(rows[0][3])  # minimal >= minimum

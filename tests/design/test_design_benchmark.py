"""benchmarks/design.py on two grids and one loop, so that the design tools'
benchmark does not rot (its subcommands had failed on a renamed hook)."""
import argparse

import pytest

from tests.helpers import load_benchmark


@pytest.fixture(scope="module")
def design():
    return load_benchmark("design")


def test_minimal_sudoku_two_grids(design, capsys):
    design.minimal_sudoku(argparse.Namespace(count=2))  # quantiles need two grids
    out = capsys.readouterr().out
    assert "fresh oracle" in out and "shared bench" in out


def test_slitherlink_from_one_loop(design, capsys):
    design.slither_from_solution(argparse.Namespace(count=1, timeout=0.5))
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert len(rows) == 1 and int(rows[0][1]) >= int(rows[0][3])  # minimal >= minimum

"""The cell-grid text kit (satlink.formats.cellgrid and the modules it
gathers) loads the loop rules only when a loop is read: a grid genre
without a loop (Sudoku) never pays for rules.loops and the graph encodings."""
import subprocess
import sys

from satlink.formats import cellgrid


def _loaded_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_the_kit_does_not_import_the_loop_rules():
    loaded = _loaded_after("import satlink.formats.cellgrid")
    assert "satlink.formats.cellgrid_loops" in loaded
    assert not {"satlink.rules.loops", "satlink.rules.graph"} & loaded


def test_reading_a_loop_imports_them():
    loaded = _loaded_after("from satlink.formats.cellgrid import loop_edges\n"
                           "assert loop_edges(((\"se\", \"sw\"), (\"ne\", \"nw\")))")
    assert "satlink.rules.loops" in loaded


def test_the_kit_names_are_those_of_its_modules():
    from satlink.formats import cellgrid_layout, cellgrid_tokens

    assert cellgrid.Layout is cellgrid_layout.Layout and cellgrid.Tokens is cellgrid_tokens.Tokens
    assert set(cellgrid.__all__) <= set(vars(cellgrid))

"""Every module of the package imports: a name moved to another module
without a textual merge conflict (an importer left pointing at the old
home) fails here, not in the one command that happens to import it."""
import importlib
import pkgutil

import pytest

import satlink

MODULES = sorted(m.name for m in pkgutil.walk_packages(satlink.__path__, "satlink.")
                 if not m.name.endswith("__main__"))


def test_the_walk_finds_the_package_layers():
    assert {"satlink.api", "satlink.rules.graph_cuts", "satlink.formats.pzprjs_parts",
            "satlink.explain.hitting", "satlink.design.oracle"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_module_imports(name):
    importlib.import_module(name)

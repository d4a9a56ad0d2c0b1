import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATASETS = Path(os.environ.get("SATLINK_DATASETS", ROOT.parent / "shared" / "datasets"))


@pytest.fixture(scope="session")
def datasets() -> Path:
    """../shared/datasets; its absence is a failure, never a skip."""
    assert DATASETS.is_dir(), f"public data sets not found at {DATASETS} (set SATLINK_DATASETS)"
    return DATASETS

"""pytest collects the benchmark files of this folder (``bench_*.py``, not ``test_*.py``), so that
``python -m pytest bench --benchmark-only`` (bench/README.md) runs them."""
from __future__ import annotations

import pytest


def pytest_collect_file(file_path, parent):
    """A ``bench_*.py`` file is a test module (an explicitly named one is collected anyway)."""
    if file_path.suffix == ".py" and file_path.name.startswith("bench_") and \
            not parent.session.isinitpath(file_path):
        return pytest.Module.from_parent(parent, path=file_path)
    return None

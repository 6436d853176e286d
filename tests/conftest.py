"""Every test runs offscreen and against a temporary data directory, never the player's.

Hypothesis runs with its "frightmare" profile: no deadline (a busy machine must not fail a
property: speed lives in ``make bench``), and derandomised when the ``CI`` environment
variable is set, so a CI run is the same every time. ``--hypothesis-profile`` picks another.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

os.environ["QT_QPA_PLATFORM"] = "offscreen"

settings.register_profile("frightmare", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("frightmare")


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    root = tmp_path / "data"
    monkeypatch.setenv("FRIGHTMARE_DATA_DIR", str(root))
    yield root

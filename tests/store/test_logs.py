"""The app's log (issue 12, item 5): a rotating file, opened when the first record comes."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from frightmare.store import logs
from frightmare.store.logs import RotatingOnFirstRecord, setup_logging


@pytest.fixture
def frightmare_log() -> Iterator[logging.Logger]:
    log = logging.getLogger("frightmare")
    before = list(log.handlers)
    yield log
    for handler in list(log.handlers):
        if handler not in before:
            log.removeHandler(handler)
            handler.close()


def _ours(log: logging.Logger) -> RotatingOnFirstRecord:
    (handler,) = [h for h in log.handlers if isinstance(h, RotatingOnFirstRecord)]
    return handler


def test_no_file_is_opened_until_something_is_logged(
    tmp_path: Path, frightmare_log: logging.Logger
) -> None:
    path = setup_logging(tmp_path / "logs")
    assert path == tmp_path / "logs" / "frightmare.log"
    assert (tmp_path / "logs").is_dir() and not path.exists()
    assert _ours(frightmare_log).file is None
    frightmare_log.error("the first record")
    _ours(frightmare_log).flush()
    assert "ERROR frightmare: the first record" in path.read_text()


def test_the_log_rotates_and_keeps_three_old_files(
    tmp_path: Path, frightmare_log: logging.Logger, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(logs, "MAX_LOG_BYTES", 200)
    path = setup_logging(tmp_path / "logs")
    assert path is not None
    for n in range(40):
        frightmare_log.warning("line %d %s", n, "x" * 60)
    _ours(frightmare_log).flush()
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["frightmare.log", "frightmare.log.1", "frightmare.log.2", "frightmare.log.3"]
    assert "line 39" in path.read_text()
    assert all(p.stat().st_size <= 200 for p in path.parent.iterdir())


def test_setting_up_again_replaces_the_handler(
    tmp_path: Path, frightmare_log: logging.Logger
) -> None:
    setup_logging(tmp_path / "one")
    setup_logging(tmp_path / "two")
    assert _ours(frightmare_log).path == tmp_path / "two" / "frightmare.log"


def test_a_folder_that_cannot_be_made_gives_no_log(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    assert setup_logging(blocker / "logs") is None

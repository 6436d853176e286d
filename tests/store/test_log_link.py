"""Issue 32, also noticed: a symlinked ``frightmare.log`` printed a "Logging error" traceback
for every record (nothing was written through it). Decided: one line on the terminal saying
why the log is not written, then nothing; the link's target is never written."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

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


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")
def test_a_linked_log_says_one_line_and_writes_nothing(
    tmp_path: Path, frightmare_log: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    target = tmp_path / "elsewhere.txt"
    target.write_text("not the app's\n")
    (folder / "frightmare.log").symlink_to(target)
    setup_logging(folder)
    for n in range(5):
        frightmare_log.warning("record %d", n)
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Logging error" not in err
    assert len(err.strip().splitlines()) == 1 and "frightmare.log" in err
    assert target.read_text() == "not the app's\n"
    assert [h for h in frightmare_log.handlers if isinstance(h, RotatingOnFirstRecord)]

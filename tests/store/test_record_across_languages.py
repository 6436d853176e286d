"""A game logged in one language reads back the same in any other (issue 30: "A finished game
logged in Polish and read in English, and the reverse, shows the same record"): the play log
keeps the app's own English names and values, never the words on screen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import pytest

from frightmare import i18n
from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.record.digest import statistics
from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog.playlog import PlayLog

STARTED = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
SESSION = "0123456789abcdef0123456789abcdef"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.ENGLISH)


def finished(result: str = "win") -> History:
    """A game against Dr. Fright on Maple Lane: she falls Asleep, slides once, and it ends."""
    history = History(new_game(GameSetup(setup_card="Revenge", epic=True), seed=4))
    history.do(FallAsleep())
    history.do(Slide(direction="up"))
    history.do(EndGame(result=result))  # type: ignore[arg-type]
    return history


def logged(root: Path, language: str, result: str = "win") -> PlayLog:
    i18n.set_language(language)
    log = PlayLog(root)
    history = finished(result)
    log.record(SESSION, history.state, history=history, started=STARTED)
    return log


def timeless(entries: list[LogEntry]) -> list[LogEntry]:
    """The entries without the moment they were written (the two logs are written apart)."""
    return [msgspec.structs.replace(e, ended=None, date="") for e in entries]


@pytest.mark.parametrize(
    ("written", "read"), [("pl", "en"), ("en", "pl"), ("de", "fr"), ("es", "de")]
)
@pytest.mark.parametrize("result", ["win", "loss"])
def test_a_game_logged_in_one_language_reads_the_same_in_another(
    tmp_path: Path, written: str, read: str, result: str
) -> None:
    english = logged(tmp_path / "english", i18n.ENGLISH, result)
    theirs = logged(tmp_path / "theirs", written, result)
    i18n.set_language(read)
    read_back = theirs.entries()
    i18n.set_language(i18n.ENGLISH)
    kept = english.entries()
    assert len(read_back) == len(kept) == 1
    assert timeless(read_back) == timeless(kept)
    assert statistics(read_back) == statistics(kept)
    # Nothing of the language it was played in is in the file.
    assert theirs.path.read_bytes().replace(b" ", b"").isascii()

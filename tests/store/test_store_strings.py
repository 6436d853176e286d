"""Issue 32 brief, item 4: the store's messages a player reads are marked for translation and
made from data, never by matching the model's English: a corrected cards or board file with
a wrong entry is said through the error's own ``where`` and ``problem``, in any language."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from frightmare.i18n import _, set_language
from frightmare.model import GameSetup
from frightmare.store import SessionStore
from frightmare.store.overrides import board_for, cards_for
from frightmare.store.safe_io import kind_of


@pytest.fixture
def pseudo() -> Iterator[None]:
    set_language("pseudo")
    yield
    set_language("en")


def test_a_wrong_cards_entry_is_said_from_data_in_any_language(
    tmp_path: Path, pseudo: None
) -> None:
    (tmp_path / "cards.json").write_text(json.dumps({"cards": [{"bogus": 1}]}))
    _cards, problem = cards_for(tmp_path)
    assert problem is not None
    assert "cards.0" in problem
    assert "The cards file is wrong at" not in problem  # the model's sentence, not matched
    assert "[" in problem  # the store's own sentence went through the catalogue (pseudo)


def test_a_wrong_board_entry_is_said_from_data(tmp_path: Path) -> None:
    (tmp_path / "maple-lane.json").write_text(json.dumps({"spaces": [{"id": "x"}]}))
    _board, problem = board_for(tmp_path)
    assert problem is not None
    assert "an entry is wrong at" in problem and "spaces" in problem
    assert "The board file is wrong at" not in problem


def test_what_a_file_that_is_no_regular_file_is_is_said_in_any_language(
    tmp_path: Path, pseudo: None
) -> None:
    """Issue 30: ``kind_of`` (a folder, a pipe, a broken link...) filled the store's messages
    with English words in every language."""
    folder = tmp_path / "folder.json"
    folder.mkdir()
    broken = tmp_path / "broken.json"
    broken.symlink_to(tmp_path / "nowhere")
    kinds = [kind_of(folder), kind_of(broken, follow=True)]
    if hasattr(os, "mkfifo"):
        pipe = tmp_path / "pipe.json"
        os.mkfifo(pipe)
        kinds.append(kind_of(pipe))
    for kind in kinds:
        assert kind.startswith("[") and kind.endswith("]"), kind  # through the catalogue


def test_a_lone_backup_that_says_it_was_left_alone_is_not_told_it_twice_in_any_language(
    tmp_path: Path, pseudo: None
) -> None:
    """Issue 30: whether the reason already says the file was left alone was read from the
    English word "left" in it; in another language the sentence came twice. A backup saved by
    a newer app says so itself; a damaged one is told it was left where it is."""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Lone")
    session.close()
    path = session.path
    backup = path.with_name(path.name.removesuffix(".json") + ".json.bak")
    document = json.loads(path.read_bytes())
    document["schema_version"] = 999
    backup.write_text(json.dumps(document), "utf-8")
    path.unlink()
    again = _(" It was left where it is.")
    problems: list[str] = []
    assert not store.upkeep.restore_lone_backup(session.id, problems)
    (newer,) = problems
    assert again not in newer  # the newer app's reason says it itself
    backup.write_text("{not json", "utf-8")
    problems = []
    assert not store.upkeep.restore_lone_backup(session.id, problems)
    (damaged,) = problems
    assert again in damaged

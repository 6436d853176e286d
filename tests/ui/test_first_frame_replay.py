"""Attack on the first frame (found by the helper attacking the launch): launched as ``run``
launches (build_window(first_frame=True), its paint, finish_opening), the journal of a game
opened from its snapshot is never replayed after the first paint. The History panel stays
empty, a snapshot the journal disagrees with stays on screen unsaid (JOURNAL_WINS never
comes), and notes typed over the snapshot's notes replace the journal's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from screen_helpers import first_frame_painted, left_in_progress

from frightmare.model import Action, EditNotes, Rename
from frightmare.model.actions.lane import AddVictims, Move
from frightmare.store import SessionStore
from frightmare.store.games.snapshot import snapshot_path
from frightmare.ui.game_opening import JOURNAL_WINS
from frightmare.ui.main_window import MainWindow


def _game_in_progress(root: Path, *, notes: str | None = None) -> str:
    steps: list[Action] = [
        Rename(name="True name"),
        Move(to="street-w", steps=1),
        AddVictims(space="intersection", count=1),
    ]
    return left_in_progress(root, *steps, *([EditNotes(notes=notes)] if notes else []))


def _tamper(root: Path, game: str, **state: object) -> None:
    cache = snapshot_path(SessionStore(root).path_for(game))
    raw = json.loads(cache.read_text())
    raw["state"].update(state)
    cache.write_text(json.dumps(raw))


def _launched(qtbot: QtBot, root: Path) -> MainWindow:
    """As ``application.run`` launches: the first frame painted, then ``finish_opening``."""
    window = first_frame_painted(qtbot, root)
    assert window.opening
    window.finish_opening()
    return window


def test_history_is_filled_in_after_a_first_frame_launch(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    _game_in_progress(private_data_dir)
    window = _launched(qtbot, private_data_dir)
    session = window.session
    assert session is not None
    # The journal is loaded (History showed only "New game" until the first action).
    qtbot.waitUntil(lambda: session.history_loaded)
    qtbot.waitUntil(lambda: window.game.history.model.rowCount() > 1)
    assert window.undo_action.text().startswith("&Undo “")


def test_a_disagreeing_snapshot_gives_way_after_a_first_frame_launch(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _game_in_progress(private_data_dir)
    _tamper(private_data_dir, game, name="Made-up name")
    window = _launched(qtbot, private_data_dir)
    session = window.session
    assert session is not None
    # The journal's name (the snapshot's stayed in the title, and nothing was said).
    qtbot.waitUntil(lambda: session.history_loaded)
    assert "True name" in window.windowTitle()
    assert window.game._shown == session.history.state
    assert window.statusBar().currentMessage() == JOURNAL_WINS


def test_notes_typed_after_a_first_frame_launch_keep_the_journal_s_notes(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    """The journal's last step is a notes edit; the snapshot disagrees about the notes. What
    the player types must not replace the journal's notes with the snapshot's."""
    game = _game_in_progress(private_data_dir, notes="Killer at 3 health")
    _tamper(private_data_dir, game, notes="Stale notes")
    window = _launched(qtbot, private_data_dir)
    editor = window.game.notes
    editor.edit.setPlainText(editor.edit.toPlainText() + "; Knife found")
    editor.flush()
    saved = json.loads(SessionStore(private_data_dir).path_for(game).read_text())
    notes = [a["notes"] for a in saved["journal"] if a["kind"] == "notes"]
    # The journal keeps its own notes (it held only "Stale notes; Knife found": the step
    # replaced the journal's own notes edit, so no undo brought "Killer at 3 health" back).
    assert any("Killer at 3 health" in n for n in notes), notes


def test_a_step_that_no_longer_replays_is_said_after_a_first_frame_launch(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A journal whose last step no longer replays (as after a rules change in a build of
    the same version), with a snapshot that matches its file: opened as always, the player is
    told the step was left out. Launched with its first frame, nothing is said; the first
    action saves the journal without that step."""
    from frightmare.store.games.snapshot import digest
    from frightmare.ui.widgets import dialogs

    told: list[str] = []
    monkeypatch.setattr(
        dialogs.Inform,
        "show",
        classmethod(lambda cls, parent, title, text, warning=False: told.append(text)),
    )
    game = _game_in_progress(private_data_dir)
    path = SessionStore(private_data_dir).path_for(game)
    document = json.loads(path.read_text())
    document["journal"].append(
        {"kind": "move", "to": "nowhere", "steps": 1, "followers": 0, "specials": []}
    )
    document["cursor"] = len(document["journal"])
    data = json.dumps(document, indent=1).encode()
    path.write_bytes(data)
    cache = snapshot_path(path)
    raw = json.loads(cache.read_text())
    raw["game"] = digest(data)  # the snapshot matches the file exactly
    raw["journal"] = raw["cursor"] = len(document["journal"])
    cache.write_text(json.dumps(raw))

    _launched(qtbot, private_data_dir)
    # "Opened with a problem" comes (it never did).
    qtbot.waitUntil(lambda: any("could not be replayed" in text for text in told))


# The game screen is ready for play on the snapshot's state; its journal is validated and
# replayed at the loop's next turn, or first by a play, an undo or a jump made before it.


def test_the_game_screen_is_shown_before_the_journal_is_replayed(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    _game_in_progress(private_data_dir)
    window = _launched(qtbot, private_data_dir)
    session = window.session
    assert session is not None and window.pages.currentWidget() is window.game
    assert not session.history_loaded  # ready for play on the snapshot's state
    assert window.undo_action.isEnabled()
    qtbot.waitUntil(lambda: session.history_loaded)  # the loop's next turn
    assert not session.replay_differed


def test_a_play_before_the_replay_is_played_on_the_journal(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    game = _game_in_progress(private_data_dir)
    window = _launched(qtbot, private_data_dir)
    session = window.session
    assert session is not None and not session.history_loaded
    assert window.act(Move(to="intersection", steps=1))  # replays the journal first
    assert session.history_loaded and len(session.history) == 4
    saved = json.loads(SessionStore(private_data_dir).path_for(game).read_text())
    assert [a["kind"] for a in saved["journal"]] == ["rename", "move", "add-victims", "move"]


def test_an_undo_before_the_replay_takes_back_the_journal_s_last_step(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    _game_in_progress(private_data_dir)
    window = _launched(qtbot, private_data_dir)
    session = window.session
    assert session is not None and not session.history_loaded
    window.undo_action.trigger()
    assert session.steps == (3, 2)
    assert window.game._shown == session.history.state_at(2)


def test_a_play_aimed_at_a_snapshot_the_journal_disagrees_with_is_not_taken(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    """The snapshot matches its file but not its journal (its notes edited by hand): a play
    made before the replay was aimed at a table the journal does not have. It is not taken,
    the screen shows the journal's game, and the player is told; the file is as it was."""
    game = _game_in_progress(private_data_dir, notes="Killer at 3 health")
    path = SessionStore(private_data_dir).path_for(game)
    before = path.read_bytes()
    _tamper(private_data_dir, game, notes="Stale notes")
    window = _launched(qtbot, private_data_dir)
    session = window.session
    assert session is not None and session.state.notes == "Stale notes"
    assert not window.act(Move(to="intersection", steps=1))
    assert session.replay_differed and session.state.notes == "Killer at 3 health"
    assert window.game._shown == session.history.state
    assert window.statusBar().currentMessage().startswith(JOURNAL_WINS)
    assert path.read_bytes() == before
    assert window.act(Move(to="intersection", steps=1))  # the next play is taken

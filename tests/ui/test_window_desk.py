"""Issue 29: the window's record desk. The end of a game is heard once (the session announces
it) and recorded once; an undo of it withdraws it once, a redo records it once more; and the
window has one play log, whatever it does with it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup
from frightmare.model.actions.game import EndGame, Rename
from frightmare.store import PlayLog, SessionStore, load_settings
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog


class Spy:
    """Counts the calls of the play log's methods named, each still doing its work."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
        self.calls: dict[str, int] = dict.fromkeys(names, 0)
        for name in names:
            real = getattr(PlayLog, name)

            def counted(
                log: PlayLog, *args: Any, _name: str = name, _real: Any = real, **kwargs: Any
            ) -> Any:
                self.calls[_name] += 1
                return _real(log, *args, **kwargs)

            monkeypatch.setattr(PlayLog, name, counted)


@pytest.fixture
def summaries(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The game-over summaries the window would show, kept instead."""
    shown: list[object] = []
    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: shown.append(a)))
    return shown


def results(root: Path) -> list[str | None]:
    return [e.result for e in PlayLog(root).entries()]


def test_a_finish_is_heard_and_recorded_once_and_so_are_its_undo_and_redo(
    open_game: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
    summaries: list[object],
) -> None:
    window = open_game()
    spy = Spy(monkeypatch, "mark_result", "record", "withdraw")
    window.act(Rename(name="Before the end"))  # no result changes: nothing heard
    assert spy.calls == {"mark_result": 0, "record": 0, "withdraw": 0}
    window.act(EndGame(result="win"))
    assert spy.calls == {"mark_result": 1, "record": 1, "withdraw": 0}
    assert len(summaries) == 1  # the play that ended it shows its summary
    assert results(private_data_dir) == ["win"]
    window.undo_action.trigger()
    assert spy.calls == {"mark_result": 2, "record": 1, "withdraw": 1}
    assert results(private_data_dir) == []
    window.redo_action.trigger()
    assert spy.calls == {"mark_result": 3, "record": 2, "withdraw": 1}
    assert results(private_data_dir) == ["win"]
    assert len(summaries) == 1  # a redo shows none
    window.act(Rename(name="After the end"))  # a rename of a finished game: nothing heard
    assert spy.calls == {"mark_result": 3, "record": 2, "withdraw": 1}


def test_a_jump_past_the_end_and_back_is_heard_once_each_way(
    open_game: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
    summaries: list[object],
) -> None:
    window = open_game()
    window.act(EndGame(result="loss"))
    spy = Spy(monkeypatch, "record", "withdraw")
    assert window.session is not None
    window.jump(0)  # History's first row: the game before its end
    assert spy.calls == {"record": 0, "withdraw": 1}
    window.jump(1)
    assert spy.calls == {"record": 1, "withdraw": 1}
    assert results(private_data_dir) == ["loss"]


@pytest.mark.parametrize("choice", ["copy", "reload"])
def test_a_game_ended_as_its_file_changed_elsewhere_is_the_window_s_game_now(
    open_game: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
    summaries: list[object],
    choice: str,
) -> None:
    """The play that ends the game finds its file changed by another window: the copy the
    player keeps is the game recorded; the game reloaded from its file (not over there) is
    not."""
    from frightmare.ui.widgets.dialogs import ChangedOnDisk

    window = open_game()
    assert window.session is not None
    game = window.session.id
    other = SessionStore(private_data_dir).open(game)  # another window of this process
    other.do(Rename(name="Theirs"))
    monkeypatch.setattr(ChangedOnDisk, "ask", classmethod(lambda cls, *a: choice))
    window.act(EndGame(result="win"))
    assert window.session is not None
    logged = [e.session for e in PlayLog(private_data_dir).entries()]
    if choice == "copy":
        assert window.session.id != game and window.session.state.over
        assert logged == [window.session.id] and len(summaries) == 1
    else:
        assert window.session.name == "Theirs" and not window.session.state.over
        assert logged == [] and summaries == []
    other.close()


def test_one_window_has_one_play_log(
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
    tmp_path: Path,
    summaries: list[object],
) -> None:
    """Every use the window makes of the play log (the waiting games at start, a finish, the
    summary's record and answers, statistics, export, import, the quit) goes through one."""
    from frightmare.ui.record import achievements
    from frightmare.ui.record.stats.stats_dialog import StatsDialog
    from frightmare.ui.widgets.dialogs import ChooseFile

    made: list[PlayLog] = []
    real_init = PlayLog.__init__

    def counted(log: PlayLog, root: Path) -> None:
        made.append(log)
        real_init(log, root)

    store = SessionStore(private_data_dir)
    game = store.create(GameSetup(), "Counted", seed=1)
    game.close()
    monkeypatch.setattr(PlayLog, "__init__", counted)
    window = MainWindow(store, load_settings(private_data_dir))
    qtbot.addWidget(window)
    window.show()
    window.open_session(game.id)
    window.act(EndGame(result="win"))
    record = window.game_record()
    assert record is not None
    window.keep_record(record[0])
    window.logged_games()
    monkeypatch.setattr(StatsDialog, "show_for", classmethod(lambda cls, p, e: None))
    window.stats_action.trigger()
    exported = tmp_path / "plays.csv"
    monkeypatch.setattr(ChooseFile, "ask_save", classmethod(lambda cls, *a: exported))
    window.playlog_action.trigger()
    assert exported.exists()
    asked: list[Path] = []
    monkeypatch.setattr(achievements, "ask_import", lambda parent, path: asked.append(path))
    window.import_log_action.trigger()
    window.undo_action.trigger()
    window.sessions_action.trigger()
    window.close()
    assert asked == [private_data_dir / "playlog.jsonl"]
    assert len(made) == 1 and made[0] is window.desk.log

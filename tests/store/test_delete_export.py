"""Issue 21, Build 7: delete and export that leave nothing behind.

“Deleting a game that another window is playing is not refused. Renaming it is. A kill during
an export leaves hidden .tmp files in the player's export folder: 52 files after 100 kills. A
kill between the two moves of a delete brings the deleted game back from its .bak.” Each test
failed first.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from store_helpers import held_elsewhere, kill_at_each_step

from frightmare.model import GameSetup, Rename
from frightmare.store import SessionLocked, SessionStore, load_settings
from frightmare.store.playlog.playlog import PlayLog

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork, SIGKILL, flock")


def _litter(folder: Path, keep: str) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name != keep)


def _staged(root: Path) -> list[str]:
    """What exports left in the data folder's staging folder."""
    folder = root / ".exporting"
    return sorted(os.listdir(folder)) if folder.exists() else []


def test_deleting_a_game_another_window_holds_is_refused(tmp_path: Path) -> None:
    """“Deleting a game that another window is playing is not refused. Renaming it is.”"""
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Playing elsewhere")
    game.do(Rename(name="Playing elsewhere, saved"))
    game.close()
    with held_elsewhere(tmp_path, game.id):
        with pytest.raises(SessionLocked, match="open in another window"):
            store.rename(game.id, "Renamed")
        with pytest.raises(SessionLocked, match="open in another window"):
            store.delete(game.id)
        assert game.path.exists() and game.backup_path.exists()
    store.delete(game.id)  # once that window has let go
    assert store.scan().sessions == []


def test_the_window_refuses_at_once_to_delete_a_game_open_elsewhere(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from frightmare.ui.main_window import MainWindow
    from frightmare.ui.widgets.dialogs import Confirm, Inform

    asked: list[str] = []
    told: list[str] = []
    monkeypatch.setattr(Confirm, "ask", classmethod(lambda cls, *a, **k: asked.append("?")))
    monkeypatch.setattr(
        Inform, "show", classmethod(lambda cls, parent, title, text, **kw: told.append(text))
    )
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Theirs")
    game.close()
    window = MainWindow(store, load_settings(tmp_path))
    qtbot.addWidget(window)
    window.show_picker()
    with held_elsewhere(tmp_path, game.id):
        window.delete_session(game.id)
    assert asked == []  # not asked to confirm what cannot be done
    assert len(told) == 1 and "open in another window" in told[0] and "Theirs" in told[0]
    assert game.path.exists()
    assert window.picker.shown_names() == ["Theirs"]


def test_a_kill_at_each_step_of_a_delete_never_brings_the_game_back(tmp_path: Path) -> None:
    """“A kill between the two moves of a delete brings the deleted game back from its .bak.”
    After a kill at any moment, the game is either listed as it was, with its backup, or gone
    with both files in deleted/; never back from its backup alone."""
    template = SessionStore(tmp_path / "template")
    game = template.create(GameSetup(), "Doomed")
    game.do(Rename(name="Doomed, saved twice"))
    game.close()
    files = {p.name: p.read_bytes() for p in (game.path, game.backup_path)}
    roots: list[Path] = []

    def fresh() -> Path:
        root = tmp_path / f"run-{len(roots)}"
        (root / "sessions").mkdir(parents=True)
        for name, data in files.items():
            (root / "sessions" / name).write_bytes(data)
        roots.append(root)
        return root

    root = fresh()

    def work() -> None:
        SessionStore(root).delete(game.id)

    outcomes: set[str] = set()

    def check(step: int, killed: bool) -> None:
        nonlocal root
        store = SessionStore(root)
        scan = store.scan()
        assert not any("backup" in p for p in scan.problems), (step, scan.problems)
        names = [s.name for s in scan.sessions]
        deleted = sorted(p.name for p in store.deleted_dir.glob("*")) if names == [] else []
        if names:
            assert names == ["Doomed, saved twice"], step
            assert store.open(game.id).name == "Doomed, saved twice"
            assert game.backup_path.name in os.listdir(store.sessions_dir), step
            outcomes.add("kept")
        else:
            assert deleted == sorted(files), (step, deleted)
            outcomes.add("deleted")
        root = fresh()

    steps = kill_at_each_step(work, check)
    assert steps > 2 and outcomes == {"kept", "deleted"}


@pytest.mark.parametrize("existing", [False, True], ids=["new file", "over an old export"])
def test_a_kill_at_each_step_of_an_export_leaves_no_litter(existing: bool, tmp_path: Path) -> None:
    """“A kill during an export leaves hidden .tmp files in the player's export folder: 52
    files after 100 kills.” A kill at any moment leaves the old export or the new one, whole,
    and nothing else in the player's folder, over an old export too (the build: “An export
    writes its temporary file so that a kill leaves no litter in the player's folder”): on
    the data folder's drive, the file is made in the data folder and moved in whole."""
    store = SessionStore(tmp_path / "data")
    game = store.create(GameSetup(), "Exported")
    game.do(Rename(name="Exported, " + "long name " * 5))
    exports = tmp_path / "exports"
    exports.mkdir()
    target = exports / "my game.json"
    new = game.to_bytes()
    old = b'{"an": "older export"}\n'

    def check(step: int, killed: bool) -> None:
        if not killed:
            assert target.read_bytes() == new
        if target.exists():
            assert target.read_bytes() in ((old, new) if existing else (new,)), step
        litter = _litter(exports, target.name)
        assert litter == [], (step, litter)
        if existing:
            store.export(game, target)  # and the data folder's own leftovers go
            assert _staged(tmp_path / "data") == [], step
            target.write_bytes(old)
        else:
            target.unlink(missing_ok=True)

    if existing:
        target.write_bytes(old)
    steps = kill_at_each_step(lambda: store.export(game, target), check)
    assert steps > 2


@pytest.mark.parametrize("existing", [False, True], ids=["new file", "over an old export"])
def test_a_play_log_export_killed_leaves_no_litter(existing: bool, tmp_path: Path) -> None:
    """The play log's CSV export writes the same way."""
    from frightmare.model import History, new_game
    from frightmare.model.actions.game import EndGame

    log = PlayLog(tmp_path / "data")
    history = History(new_game(GameSetup(), seed=1))
    history.do(EndGame(result="win"))
    log.record("a" * 32, history.state)
    exports = tmp_path / "exports"
    exports.mkdir()
    target = exports / "plays.csv"

    def check(step: int, killed: bool) -> None:
        assert _litter(exports, target.name) == [], step
        assert killed or target.read_text().startswith("date,")
        if existing:
            assert target.read_bytes() in (b"old", log.to_csv().encode()), step
            target.write_text("old")
        else:
            target.unlink(missing_ok=True)

    if existing:
        target.write_text("old")
    root = tmp_path / "data"
    assert kill_at_each_step(lambda: log.export_csv(target, staging=root), check) > 2


def test_across_drives_an_export_killed_leaves_at_most_one_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the player's folder is on another drive than the data folder, no file can be
    moved in whole from the data folder (a rename never crosses drives: EXDEV) and an unnamed
    file cannot take the name of one that exists: over an old export, the finished file takes
    one hidden name beside it for the moment of the rename. A kill at that moment leaves that
    one file, which the next export removes."""
    import errno

    real = os.rename

    def across(src: object, dst: object, *args: object, **kwargs: object) -> None:
        # ``os.replace``'s stand-in takes its paths as it is handed them (str or bytes).
        if ".exporting" in os.fsdecode(src):  # type: ignore[arg-type]
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        # ... and hands them on as they came.
        real(src, dst, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rename", across)
    monkeypatch.setattr(os, "replace", across)
    store = SessionStore(tmp_path / "data")
    game = store.create(GameSetup(), "Exported")
    exports = tmp_path / "exports"
    exports.mkdir()
    target = exports / "my game.json"
    target.write_bytes(b"old")

    def check(step: int, killed: bool) -> None:
        assert len(_litter(exports, target.name)) <= 1, step
        assert target.read_bytes() in (b"old", game.to_bytes()), step
        store.export(game, target)
        assert _litter(exports, target.name) == [] and target.read_bytes() == game.to_bytes()
        assert _staged(tmp_path / "data") == [], step
        target.write_bytes(b"old")

    assert kill_at_each_step(lambda: store.export(game, target), check) > 2


def test_without_unnamed_files_an_export_killed_leaves_at_most_one_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the system has no unnamed files (macOS, Windows, some file systems), a kill
    leaves at most the one hidden file of that export, which the next export removes."""
    monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    store = SessionStore(tmp_path / "data")
    game = store.create(GameSetup(), "Exported")
    exports = tmp_path / "exports"
    exports.mkdir()
    target = exports / "my game.json"

    def check(step: int, killed: bool) -> None:
        assert len(_litter(exports, target.name)) <= 1, step
        store.export(game, target)
        assert _litter(exports, target.name) == [] and target.read_bytes() == game.to_bytes()
        target.unlink()

    assert kill_at_each_step(lambda: store.export(game, target), check) > 2

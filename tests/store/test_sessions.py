"""Sessions on disk: round trips, backups, quarantine, versions, export and import."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest

from frightmare.model import EditNotes, GameSetup, Rename
from frightmare.store import (
    SCHEMA_VERSION,
    BrokenSessionFile,
    NewerSessionFile,
    SessionStore,
    data_dir,
    parse_document,
)
from frightmare.store.games.document import JsonDict, migrate

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "store")


def test_data_dir_override_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRIGHTMARE_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(tmp_path / "flag") == tmp_path / "flag"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv("FRIGHTMARE_DATA_DIR")
    assert data_dir().name == "frightmare"


def test_save_load_round_trip_replays_to_the_same_state(store: SessionStore) -> None:
    session = store.create(GameSetup(final_girl="Sheila", setup_card="Revenge", epic=True))
    session.do(Rename(name="Round trip"))
    session.do(EditNotes(notes="line one\nline two ✓"))
    session.do(Rename(name="Round trip, named again"))
    session.do(EditNotes(notes="undone later"))
    session.undo()
    reopened = store.open(session.id)
    assert reopened.state == session.state
    assert reopened.history.cursor == 3
    assert reopened.history.actions == session.history.actions  # the redo tail survives
    assert reopened.redo().notes == "undone later"
    assert reopened.history.start == session.history.start


def test_every_save_keeps_the_previous_good_file_as_a_backup(store: SessionStore) -> None:
    session = store.create(GameSetup())
    session.do(Rename(name="First"))
    session.do(Rename(name="Second"))
    backup = json.loads(session.backup_path.read_text())
    assert backup["name"] == "First"
    assert json.loads(session.path.read_text())["name"] == "Second"


def test_a_damaged_file_is_restored_from_its_backup(store: SessionStore) -> None:
    session = store.create(GameSetup())
    session.do(Rename(name="Kept"))
    session.do(EditNotes(notes="lost in the crash"))
    session.path.write_bytes(session.path.read_bytes()[:40])
    scan = store.scan()
    assert [s.name for s in scan.sessions] == ["Kept"]
    assert "restored from its backup" in scan.problems[0]
    assert len(list(store.quarantine_dir.iterdir())) == 1
    assert store.open(session.id).state.notes == ""


def test_a_broken_file_goes_to_quarantine_and_the_others_still_open(store: SessionStore) -> None:
    good = store.create(GameSetup(final_girl="Nancy"))
    bad = store.create(GameSetup(final_girl="Sheila"))
    bad.path.write_text("{ not json")
    bad.backup_path.unlink(missing_ok=True)
    scan = store.scan()
    assert [s.id for s in scan.sessions] == [good.id]
    assert "could not be opened" in scan.problems[0]
    assert "not readable JSON" in scan.problems[0]
    quarantined = list(store.quarantine_dir.iterdir())
    assert len(quarantined) == 1 and quarantined[0].read_text() == "{ not json"
    assert store.open(good.id).state.setup.final_girl == "Nancy"


def test_a_file_from_a_newer_version_is_listed_refused_and_left_alone(
    store: SessionStore,
) -> None:
    session = store.create(GameSetup())
    raw = json.loads(session.path.read_text())
    raw["schema_version"] = SCHEMA_VERSION + 1
    session.path.write_text(json.dumps(raw))
    before = session.path.read_bytes()
    scan = store.scan()
    assert scan.sessions[0].problem and "newer version" in scan.sessions[0].problem
    assert not scan.sessions[0].can_open
    with pytest.raises(NewerSessionFile, match="Update the app"):
        store.open(session.id)
    assert session.path.read_bytes() == before
    assert not store.quarantine_dir.exists()


@pytest.mark.parametrize("fixture", sorted(FIXTURES.glob("session-v*.json")), ids=lambda p: p.name)
def test_every_past_schema_version_still_opens(fixture: Path, store: SessionStore) -> None:
    document = parse_document(fixture.read_bytes())
    assert document.schema_version == SCHEMA_VERSION
    target = store.path_for(document.id)
    target.write_bytes(fixture.read_bytes())
    session = store.open(document.id)
    assert session.history.cursor == document.cursor
    assert session.name == document.name


def test_there_is_a_fixture_for_every_schema_version() -> None:
    versions = {int(p.stem.split("-v")[1]) for p in FIXTURES.glob("session-v*.json")}
    assert versions == set(range(1, SCHEMA_VERSION + 1))


def test_the_migration_ladder_climbs_one_step_at_a_time() -> None:
    seen: list[int] = []

    def step(n: int) -> Callable[[JsonDict], JsonDict]:
        def upgrade(raw: JsonDict) -> JsonDict:
            assert raw["schema_version"] == n  # each step sees its own version
            seen.append(n)
            return {**raw, f"added_by_{n}": True}

        return upgrade

    ladder = {1: step(1), 2: step(2), 3: step(3)}
    out = migrate({"schema_version": 1}, ladder, target=4)
    assert seen == [1, 2, 3]
    assert out == {"schema_version": 4, "added_by_1": True, "added_by_2": True, "added_by_3": True}
    seen.clear()
    assert migrate({"schema_version": 3}, ladder, target=4)["schema_version"] == 4
    assert seen == [3]
    with pytest.raises(BrokenSessionFile, match="no way is known"):
        migrate({"schema_version": 1}, {1: step(1)}, target=3)
    with pytest.raises(NewerSessionFile):
        migrate({"schema_version": 5}, ladder, target=4)
    with pytest.raises(BrokenSessionFile, match="no valid schema version"):
        migrate({"schema_version": "1"}, ladder, target=4)


def test_rename_duplicate_delete(store: SessionStore) -> None:
    session = store.create(GameSetup(), "Original")
    session.do(EditNotes(notes="history to copy"))
    store.rename(session.id, "Renamed")
    copy = store.duplicate(session.id)
    names = sorted(s.name for s in store.scan().sessions)
    assert names == ["Renamed", "Renamed (copy)"]
    assert store.open(copy.id).state.notes == "history to copy"
    store.delete(session.id)
    assert [s.id for s in store.scan().sessions] == [copy.id]
    assert (store.deleted_dir / f"{session.id}.json").exists()  # never erased


def test_a_copy_of_a_copy_is_numbered(store: SessionStore) -> None:
    """Walkthrough: duplicating five times in a row gave "… (copy) (copy) (copy) (copy)
    (copy)". Each copy now takes the first free number."""
    original = store.create(GameSetup(), "Friday")
    first = store.duplicate(original.id)
    second = store.duplicate(original.id)
    third = store.duplicate(first.id)
    names = [store.open(c.id, read_only=True).name for c in (first, second, third)]
    assert names == ["Friday (copy)", "Friday (copy 2)", "Friday (copy 3)"]
    long = store.create(GameSetup(), "N" * 120)
    assert store.open(store.duplicate(long.id).id, read_only=True).name == "N" * 113 + " (copy)"


def test_names_are_free_text_and_never_file_names(store: SessionStore) -> None:
    session = store.create(GameSetup(), '../../etc/passwd: <Nancy\'s "night"> \\ ☠')
    assert session.path.parent == store.sessions_dir
    assert session.path.name == f"{session.id}.json"
    assert store.find('../../etc/passwd: <Nancy\'s "night"> \\ ☠') is not None


def test_export_and_import_validate_the_file(store: SessionStore, tmp_path: Path) -> None:
    session = store.create(GameSetup(final_girl="Sheila"))
    session.do(EditNotes(notes="exported"))
    target = tmp_path / "out.json"
    store.export(session, target)
    imported = store.import_file(target)
    assert imported.id != session.id
    assert imported.state == session.state
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "frightmare-session", "schema_version": 1, "id": 3}')
    with pytest.raises(BrokenSessionFile, match="a value is wrong"):
        store.import_file(bad)
    assert len(store.scan().sessions) == 2


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX file permissions")
def test_a_read_only_folder_keeps_the_game_in_memory_and_retries(store: SessionStore) -> None:
    if os.geteuid() != 0:
        _check_read_only_recovery(store)
        return
    # Root ignores file permissions (CI runs as root): the check runs in a child process that
    # gives them up for an ordinary user's, in a folder of that user's own.
    nobody = pwd.getpwnam("nobody")
    # What the check imports and reads, loaded first (the user may not read Python's folders).
    warm = store.create(GameSetup())
    warm.do(Rename(name="Saved"))
    warm.do(EditNotes(notes="saved"))
    warm.close()
    SessionStore(store.root).open(warm.id).close()
    folder = Path(tempfile.mkdtemp(prefix="frightmare-read-only-"))
    try:
        os.chown(folder, nobody.pw_uid, nobody.pw_gid)
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.setgroups([])
                os.setgid(nobody.pw_gid)
                os.setuid(nobody.pw_uid)
                _check_read_only_recovery(SessionStore(folder / "store"))
                code = 0
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "the check failed (above)"
    finally:
        shutil.rmtree(folder)


def test_a_failing_disk_keeps_the_game_in_memory_and_retries(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = store.create(GameSetup())
    import frightmare.store.games.game_file as sessions
    from frightmare.store.atomic import atomic_write as real

    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sessions, "atomic_write", disk_full)
    session.do(Rename(name="Unsaved"))
    assert session.save_error and "No space left on device" in session.save_error
    assert session.state.name == "Unsaved"  # still playing
    session.do(EditNotes(notes="still playing"))
    monkeypatch.setattr(sessions, "atomic_write", real)
    session.do(EditNotes(notes="disk is back"))
    assert session.save_error is None
    assert store.open(session.id).history.actions == session.history.actions


def _check_read_only_recovery(store: SessionStore) -> None:
    session = store.create(GameSetup())
    store.sessions_dir.chmod(0o500)
    try:
        session.do(Rename(name="Unsaved"))
        assert session.save_error
    finally:
        store.sessions_dir.chmod(0o700)
    session.do(EditNotes(notes="saved now"))
    assert session.save_error is None
    assert store.open(session.id).state.name == "Unsaved"


def test_a_corrected_board_in_the_data_dir_is_used(tmp_path: Path) -> None:
    from frightmare.model.box.board import packaged_board_text

    root = tmp_path / "store"
    root.mkdir()
    data = json.loads(packaged_board_text())
    data["spaces"][0]["name"] = "North Gate"
    (root / "maple-lane.json").write_text(json.dumps(data))
    store = SessionStore(root)
    session = store.create(GameSetup(setup_card="A Quiet Place"))
    assert session.state.board.name("exit-n") == "North Gate"
    assert store.open(session.id).state.board.name("exit-n") == "North Gate"


def test_a_broken_board_correction_is_reported_and_the_packaged_one_used(tmp_path: Path) -> None:
    root = tmp_path / "store"
    root.mkdir()
    (root / "maple-lane.json").write_text('{"spaces": []}')
    store = SessionStore(root)
    assert store.board_problem and "was not used" in store.board_problem
    assert store.scan().problems == [store.board_problem]
    assert store.create(GameSetup()).state.board.name("exit-n") == "North Exit"


def test_the_listing_reparses_only_files_that_changed(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up (issue 12, item 10): unchanged files are listed from the index of the last
    listing; a file whose inode, size or time moved is read again; a bad index is ignored."""
    import frightmare.store.games.game_file as sessions

    first = store.create(GameSetup(), "First")
    second = store.create(GameSetup(), "Second")
    assert sorted(s.name for s in store.scan().sessions) == ["First", "Second"]
    real = sessions.read_header
    read: list[str] = []

    def counting(path: Path) -> object:
        read.append(path.name)
        return real(path)

    monkeypatch.setattr(sessions, "read_header", counting)
    assert sorted(s.name for s in store.scan().sessions) == ["First", "Second"]
    assert read == []
    second.do(Rename(name="Second, renamed"))
    assert sorted(s.name for s in store.scan().sessions) == ["First", "Second, renamed"]
    assert read == [second.path.name]
    (store.sessions_dir / ".index.json").write_text('{"version": 1, "files": {"x": 3}}')
    read.clear()
    assert sorted(s.name for s in store.scan().sessions) == ["First", "Second, renamed"]
    assert sorted(read) == sorted([first.path.name, second.path.name])


def test_the_listing_carries_each_games_result_and_round(store: SessionStore) -> None:
    # Issue 13 item 2: "The saved-games list shows the result (won, lost, in progress), the
    # round"; read from each file's header, so listing never replays a journal.
    from frightmare.model.actions.game import EndGame
    from frightmare.model.actions.round import KillerAction, NextPhase

    playing = store.create(GameSetup(), "Playing", seed=1)
    for _ in range(5):
        if playing.state.phase == "killer":  # his Killer Action first (rules notes §1)
            playing.do(KillerAction(move_icon=False))
        playing.do(NextPhase())
    won = store.create(GameSetup(), "Won", seed=2)
    won.do(EndGame(result="win"))
    listed = {s.name: (s.result, s.round) for s in store.scan().sessions}
    assert listed["Playing"] == (None, playing.state.round) and playing.state.round == 2
    assert listed["Won"] == ("win", 1)
    # A second listing comes from the index and says the same.
    assert {s.name: (s.result, s.round) for s in store.scan().sessions} == listed

"""Issue 11, second round: the data-folder attack's findings, each reproduced first.

Each test quotes the reviewer's finding it reproduces (each failed on the code before the fix).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import frightmare.store.games.full_document as full_document
from frightmare.model import GameSetup, Rename
from frightmare.store import SessionFileError, SessionLocked, SessionStore
from frightmare.store.atomic import atomic_write
from frightmare.store.games.lock import lock_path
from frightmare.store.playlog.playlog import PlayLog
from frightmare.store.safe_io import NotARegularFile, read_capped

unix_only = pytest.mark.skipif(sys.platform == "win32", reason="sockets, flock, two processes")

# 1. A lock that cannot be taken never means "no lock needed" -------------------------------

PLAYER = """
import sys
from pathlib import Path
from frightmare.model import Rename
from frightmare.store import SessionFileError, SessionStore
root, session_id, who, actions = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
store = SessionStore(root)
try:
    session = store.open(session_id)
except SessionFileError as error:
    print("refused", str(error).replace(chr(10), " "), flush=True)
    sys.exit()
for n in range(1, actions + 1):
    session.do(Rename(name=f"{who}-{n}"))
    if session.save_error is None:
        print(f"{who}-{n}", flush=True)
    elif session.conflict:
        break
"""


@unix_only
def test_a_lock_that_is_a_folder_does_not_let_two_processes_write_one_game(
    tmp_path: Path,
) -> None:
    """Finding 1: “with sessions/.<id>.json.lock replaced by a directory, two processes open
    the same game … A's next save overwrites B's confirmed actions (30 of 30 lost).”"""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Contested")
    session.close()
    lock = lock_path(session.path)
    lock.unlink()
    lock.mkdir()
    players = [
        subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(tmp_path), session.id, who, "30"],
            stdout=subprocess.PIPE,
            text=True,
        )
        for who in ("a", "b")
    ]
    outputs = [player.communicate(timeout=60)[0] for player in players]
    confirmed = {word for out in outputs for word in out.split() if word[:2] in ("a-", "b-")}
    after = store.open(session.id, read_only=True)
    journal = {a.name for a in after.history.actions if isinstance(a, Rename)}
    assert confirmed <= journal, f"lost: {sorted(confirmed - journal)[:5]}"
    # Neither may write unlocked: each is told, and can open it read-only.
    assert all(out.startswith("refused") for out in outputs), outputs
    assert "read-only" in outputs[0]
    viewer = store.open(session.id, read_only=True)
    assert viewer.name == "Contested" and viewer.read_only


def test_a_lock_file_that_cannot_be_made_in_a_writable_folder_opens_read_only_only(
    tmp_path: Path,
) -> None:
    """Finding 1: “GameLock.acquire treats any OSError as ‘no lock needed’ and opens it
    writable without a lock.”"""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Folder lock")
    session.close()
    lock_path(session.path).unlink()
    lock_path(session.path).mkdir()
    with pytest.raises(SessionLocked, match="read-only"):
        store.open(session.id)
    assert store.open(session.id, read_only=True).name == "Folder lock"


def test_the_on_disk_stamp_describes_the_bytes_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 1: “open() stamps the file (mark_on_disk) AFTER reading and replaying, so A's
    stamp matches B's later write while A's memory holds older content.” Here another writer
    saves while the file is being parsed: the window must see a conflict, not overwrite it."""
    store = SessionStore(tmp_path)
    session = store.create(GameSetup(), "Before")
    session.close()
    theirs = store.open(session.id, read_only=True)
    theirs.history.do(Rename(name="Their confirmed step"))
    their_bytes = theirs.to_bytes()
    real = full_document.parse_document
    written: list[bool] = []

    def parse_while_they_write(data: bytes) -> full_document.SessionDocument:
        document = real(data)
        if not written:
            written.append(True)
            atomic_write(session.path, their_bytes)  # they save meanwhile
        return document

    monkeypatch.setattr(full_document, "parse_document", parse_while_they_write)
    ours = store.open(session.id)
    monkeypatch.setattr(full_document, "parse_document", real)
    assert ours.name == "Before"  # what was read
    ours.do(Rename(name="Ours"))
    assert ours.conflict and ours.save_error
    ours.close()
    assert store.open(session.id).name == "Their confirmed step"


# 2. A deeply nested play-log line costs only itself ----------------------------------------


def test_a_deeply_nested_play_log_line_costs_only_itself(tmp_path: Path) -> None:
    """Finding 2: “A deeply nested line in playlog.jsonl raises RecursionError from
    PlayLog.entries / to_csv (and so game_over and export crash with the error box).”"""
    good = {
        "session": "a" * 32,
        "date": "2026-11-01",
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "result": "win",
    }
    deep = '{"x": ' + "[" * 9_000 + "]" * 9_000 + "}"
    (tmp_path / "playlog.jsonl").write_text(json.dumps(good) + "\n" + deep + "\n")
    log = PlayLog(tmp_path)
    entries = log.entries()
    assert [e.final_girl for e in entries] == ["Nancy"]
    assert len(log.damaged) == 1 and "line 2" in log.damaged[0]
    assert "Nancy" in PlayLog(tmp_path).to_csv()


def test_a_deeply_nested_imported_line_costs_only_itself(tmp_path: Path) -> None:
    """Finding 2, for imports (the same parser, playlog.lines)."""
    from frightmare.store.playlog.importing import import_log

    source = tmp_path / "theirs.jsonl"
    good = {"date": "2026-11-02", "final_girl": "Sheila", "killer": "Dr. Fright"}
    good |= {"location": "Maple Lane", "result": "loss"}
    source.write_text(json.dumps(good) + "\n" + "[" * 9_000 + "]" * 9_000 + "\n")
    report = import_log(tmp_path / "playlog.jsonl", source)
    assert report.added == 1 and len(report.damaged) == 1


# 3. A socket is named as a socket --------------------------------------------------------


@contextmanager
def socket_at(path: Path) -> Iterator[None]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = Path.cwd()
    os.chdir(path.parent)  # a socket's path is limited to about 100 characters
    try:
        sock.bind(path.name)
        yield
    finally:
        os.chdir(old)
        sock.close()


@unix_only
def test_a_socket_is_reported_as_a_socket_not_no_such_device(tmp_path: Path) -> None:
    """Finding 3: “A socket at sessions/x.json, x.json.bak or maple-lane.json is reported as
    ‘No such device or address’ (open fails with ENXIO before the fstat type check).”"""
    store = SessionStore(tmp_path)
    store.create(GameSetup(), "Keeper").close()
    sessions = tmp_path / "sessions"
    places = [sessions / "x.json", sessions / "y.json.bak", tmp_path / "maple-lane.json"]
    with socket_at(places[0]), socket_at(places[1]), socket_at(places[2]):
        with pytest.raises(NotARegularFile):
            read_capped(places[0], 100)
        scan = SessionStore(tmp_path).scan()
        text = "\n".join(scan.problems)
        assert "No such device" not in text
        assert "x.json" in text and "y.json.bak" in text and "corrected board" in text
        assert text.count("a socket, not a regular file") == 3, text
        with pytest.raises(SessionFileError, match="a socket"):
            store.open("x")
        assert all(os.path.lexists(p) for p in places)  # left alone
    assert [s.name for s in scan.sessions] == ["Keeper"]


# 4. The player's words, not the programmer's -------------------------------------------


def test_bytes_that_are_not_text_are_said_in_the_players_words(tmp_path: Path) -> None:
    """Finding 4: “random bytes as maple-lane.json give ‘'utf-8' codec can't decode byte
    0xff…’; a lone .bak starting with \\xff\\xfe gives ‘not readable JSON ('utf-16-le'
    codec…)’.”"""
    (tmp_path / "maple-lane.json").write_bytes(b"\xff\x00\x81garbage" * 40)
    store = SessionStore(tmp_path)
    (store.sessions_dir / "lone.json.bak").write_bytes(b"\xff\xfe\x00\xd8rubbish")
    (store.sessions_dir / "plain.json").write_bytes(b"\x00\xff{]")
    text = "\n".join(store.scan().problems)
    for jargon in ("codec", "decode", "byte 0x", "utf-16", "utf-8", "Expecting"):
        assert jargon not in text, text
    assert "corrected board" in text and "lone.json.bak" in text


def test_a_saved_game_placed_as_the_board_is_said_in_the_players_words(tmp_path: Path) -> None:
    """Finding 4: “a session file placed as the board gives ‘The board file is wrong at
    spaces: Field required’.”"""
    store = SessionStore(tmp_path / "games")
    game = store.create(GameSetup(), "Not a board")
    game.close()
    (tmp_path / "maple-lane.json").write_bytes(game.path.read_bytes())
    problem = SessionStore(tmp_path).board_problem
    assert problem and "saved game" in problem and "not a board" in problem
    assert "Field required" not in problem


# 5. Lone-backup messages say things once --------------------------------------------------


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"{ damaged", "not readable"),
        (json.dumps({"format": "frightmare-session", "schema_version": 99}).encode(), "newer"),
    ],
)
def test_a_lone_backup_message_says_each_thing_once(
    content: bytes, said: str, tmp_path: Path
) -> None:
    """Finding 5: “Repeated wording in lone-backup messages (‘…it was left alone. It was left
    where it is.’; ‘…left as it is.. It was left where it is.’).”"""
    store = SessionStore(tmp_path)
    (store.sessions_dir / "lone.json.bak").write_bytes(content)
    (problem,) = store.scan().problems
    assert said in problem and "lone.json.bak" in problem
    assert problem.lower().count("left") == 1, problem
    assert ".." not in problem


@unix_only
def test_a_lone_backup_that_is_a_pipe_says_it_once(tmp_path: Path) -> None:
    """Finding 5: “…it was left alone. It was left where it is.”"""
    store = SessionStore(tmp_path)
    os.mkfifo(store.sessions_dir / "lone.json.bak")
    (problem,) = store.scan().problems
    assert "a pipe" in problem and problem.lower().count("left") == 1, problem


# 6. A copy of nothing is a game of its own ------------------------------------------------


def test_a_file_whose_inner_id_names_no_file_is_a_game_of_its_own(tmp_path: Path) -> None:
    """Finding 6: “A file whose inner id matches no file is listed as a copy of a game that
    does not exist (copy_of = an id no file has).”"""
    store = SessionStore(tmp_path)
    game = store.create(GameSetup(), "Renamed by hand")
    game.close()
    os.replace(game.path, store.sessions_dir / "my game.json")
    (listed,) = store.scan().sessions
    assert listed.id == "my game" and not listed.is_copy
    # Two such files: one is the game, the other its copy (of a file that is listed).
    (store.sessions_dir / "my game 2.json").write_bytes(
        (store.sessions_dir / "my game.json").read_bytes()
    )
    listed_ids = {s.id: s for s in store.scan().sessions}
    assert listed_ids["my game"].copy_of is None
    assert listed_ids["my game 2"].copy_of == "my game"

"""Issue 11, second round: the data-folder attack's findings, each reproduced first.

Each test quotes the reviewer's finding it reproduces (each failed on the code before the fix).
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from frightmare.model import GameSetup
from frightmare.store import SessionFileError, SessionStore
from frightmare.store.safe_io import NotARegularFile, read_capped

unix_only = pytest.mark.skipif(sys.platform == "win32", reason="sockets, flock, two processes")

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

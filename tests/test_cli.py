"""The command line: --version, --data-dir and its variable, --session, --smoke."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from frightmare import __version__
from frightmare.model import GameSetup
from frightmare.store import SessionStore


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "frightmare", *args],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=60,
    )


def test_version() -> None:
    result = _run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"Frightmare Companion {__version__}"


def test_smoke_with_an_empty_data_dir(tmp_path: Path) -> None:
    launched = time.clock_gettime(time.CLOCK_MONOTONIC)
    result = _run("--smoke", "--data-dir", str(tmp_path / "empty"))
    ended = time.clock_gettime(time.CLOCK_MONOTONIC)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("smoke: ok, first paint after ")
    # `make bench` times the launch to this moment, on the clock every process shares.
    painted = float(result.stdout.split("painted at ", 1)[1].split()[0])
    assert launched < painted < ended
    assert "session picker" in result.stdout
    assert (tmp_path / "empty" / "sessions").is_dir()


def test_smoke_opens_a_session_by_name_from_the_environment_variable(tmp_path: Path) -> None:
    root = tmp_path / "from-env"
    SessionStore(root).create(GameSetup(final_girl="Sheila"), "Tuesday's game")
    result = _run("--smoke", "--session", "Tuesday's game", env={"FRIGHTMARE_DATA_DIR": str(root)})
    assert result.returncode == 0, result.stderr
    assert "(Tuesday's game;" in result.stdout
    assert str(root) in result.stdout


def test_an_unusable_data_dir_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = _run("--smoke", "--data-dir", str(blocker))
    assert result.returncode == 2
    assert "cannot use the data directory" in result.stderr


def test_smoke_never_blocks_on_a_game_that_opens_with_a_warning(tmp_path: Path) -> None:
    """Issue 11: “--smoke --session on a game that opens with a warning blocks on the modal
    box, never painting.” The warning goes to stderr instead."""
    import json

    from frightmare.model import Rename

    root = tmp_path / "data"
    session = SessionStore(root).create(GameSetup(), "Warned")
    session.do(Rename(name="Warned"))
    session.close()
    raw = json.loads(session.path.read_text())
    raw["journal"].append({"kind": "slide", "direction": "up"})  # refused while Awake
    raw["cursor"] = len(raw["journal"])
    session.path.write_text(json.dumps(raw))
    result = _run("--smoke", "--data-dir", str(root), "--session", "Warned")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("smoke: ok")
    assert "Opened with a problem" in result.stderr and "could not be replayed" in result.stderr


def test_the_log_goes_beside_a_chosen_data_dir(tmp_path: Path) -> None:
    """Issue 12, item 5: the log folder is overridable like the data directory."""
    result = _run("--smoke", "--data-dir", str(tmp_path / "data"), "--log-dir", str(tmp_path / "l"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "l").is_dir()


def test_smoke_prints_the_problems_the_listing_found(tmp_path: Path) -> None:
    """Finding 7 of the data-folder attack: “Problems found during a --smoke run (e.g. a
    truncated file quarantined) never reach the player.” They go to stderr."""
    root = tmp_path / "data"
    store = SessionStore(root)
    store.create(GameSetup(), "Whole").close()
    cut = store.create(GameSetup(), "Cut short")
    cut.close()
    cut.path.write_bytes(cut.path.read_bytes()[:40])
    cut.backup_path.unlink(missing_ok=True)
    result = _run("--smoke", "--data-dir", str(root))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("smoke: ok")
    assert "could not be opened" in result.stderr and "quarantine" in result.stderr


def test_an_incomplete_installation_is_said_at_start_not_when_a_game_ends(tmp_path: Path) -> None:
    # A walkthrough's app lacked msgspec (an install older than the dependency): it played a
    # whole game and failed at the win. Start-up now says so, before any game.
    code = (
        "import sys\n"
        "sys.modules['msgspec'] = None  # as if it were not installed\n"
        "from frightmare.app import main\n"
        "sys.exit(main(['--smoke', '--data-dir', sys.argv[1]]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "data")],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=60,
    )
    assert result.returncode == 2
    assert "not installed whole: msgspec cannot be found" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "data").exists()  # nothing written before it said so

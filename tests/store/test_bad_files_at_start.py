"""Issue 21, Build 1: one bad file is that file's problem, and the app always starts.

Each test quotes the defect it reproduces; each failed on the code before its fix.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import frightmare.store.games.game_file as sessions_module
from frightmare.model import GameSetup
from frightmare.store import SessionStore
from frightmare.store.listing import INDEX_FILE

FIXTURES = Path(__file__).parent / "fixtures"
OTHER_KILLER = FIXTURES / "halves" / "session-v4-other-killer.json"


def keeper(root: Path) -> SessionStore:
    store = SessionStore(root)
    store.create(GameSetup(), "Keeper").close()
    return store


def a_game(store: SessionStore, name: str, **changes: object) -> dict[str, object]:
    """A valid current-format game's raw JSON, with ``changes``."""
    game = store.create(GameSetup(), name)
    game.close()
    raw: dict[str, object] = json.loads(game.path.read_bytes())
    store.delete(game.id)
    raw.update(changes)
    return raw


def put(store: SessionStore, name: str | bytes, raw: dict[str, object]) -> Path:
    """Write ``raw`` as ``sessions/<name>``; a bytes name is used as the file system's bytes."""
    folder = os.fsencode(store.sessions_dir)
    path = Path(os.fsdecode(folder + b"/" + (name if isinstance(name, bytes) else name.encode())))
    path.write_text(json.dumps(raw), "utf-8")
    return path


@pytest.fixture
def python_default_stack() -> Iterator[None]:
    """Python's own recursion limit (1000), as the app runs: a library used by other tests in
    the same worker (Hypothesis) may have left it higher, where 600 levels copy fine."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    yield
    sys.setrecursionlimit(before)


def deep_format_4(depth: int) -> dict[str, object]:
    """A format-4 game from the halves fixtures with one step nested ``depth`` deep."""
    raw: dict[str, object] = json.loads(OTHER_KILLER.read_text("utf-8"))
    nested: dict[str, object] = {}
    inner = nested
    for _ in range(depth):
        inner["x"] = {}
        # A value of the nested dict is typed ``object``; each one made here is a dict.
        inner = inner["x"]  # type: ignore[assignment]
    raw["journal"] = [{"kind": "notes", "notes": nested}]
    raw["cursor"] = 0
    return raw


# File names ------------------------------------------------------------------------------


def test_a_file_name_that_is_not_utf8_survives_the_index(tmp_path: Path) -> None:
    """“A valid game whose file name is not UTF-8 (partie-\\xe9t\\xe9.json) crashes with
    UnicodeEncodeError while the saved-games index is written.”"""
    store = keeper(tmp_path)
    put(store, b"partie-\xe9t\xe9.json", a_game(store, "Partie", id="1" * 32))
    first = store.scan()
    assert sorted(s.name for s in first.sessions) == ["Keeper", "Partie"]
    assert first.problems == []
    assert (store.sessions_dir / INDEX_FILE).exists()
    # Listed again from the index (its names round trip), and it opens.
    again = SessionStore(tmp_path).scan()
    assert [(s.id, s.name) for s in again.sessions] == [(s.id, s.name) for s in first.sessions]
    (partie,) = (s for s in again.sessions if s.name == "Partie")
    assert os.fsencode(partie.id) == b"partie-\xe9t\xe9"
    assert store.open(partie.id).name == "Partie"


@pytest.mark.skipif(sys.platform == "win32", reason="the C locale is a Unix thing")
def test_non_ascii_file_names_start_under_the_c_locale(tmp_path: Path) -> None:
    """“Any non-ASCII name does the same under LC_ALL=C PYTHONUTF8=0.”"""
    root = tmp_path / "data"
    store = keeper(root)
    put(store, "partie-été.json", a_game(store, "Partie", id="1" * 32))
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0", "QT_QPA_PLATFORM": "offscreen"}
    env.pop("LANG", None)
    result = subprocess.run(
        [sys.executable, "-m", "frightmare", "--smoke", "--data-dir", str(root)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("smoke: ok")
    assert "Traceback" not in result.stderr
    assert sorted(s.name for s in SessionStore(root).scan().sessions) == ["Keeper", "Partie"]


# Dates -----------------------------------------------------------------------------------


def test_a_date_without_a_time_zone_is_read_as_utc(tmp_path: Path) -> None:
    """“A game whose updated has no time zone (2026-11-30T10:00:00) crashes the listing's sort
    (TypeError: naive and aware dates).”"""
    store = keeper(tmp_path)
    put(store, "naive.json", a_game(store, "Naive", id="2" * 32, updated="2026-11-30T10:00:00"))
    listed = {s.name: s for s in store.scan().sessions}
    assert listed["Naive"].updated == datetime(2026, 11, 30, 10, 0, tzinfo=UTC)
    assert [s.name for s in store.scan().sessions] == ["Keeper", "Naive"]  # newest first
    assert store.open("naive").created.tzinfo is not None


def test_a_date_out_of_range_is_listed_as_unknown(tmp_path: Path) -> None:
    """“A game dated 0001-01-01T00:00:00+14:00 crashes the picker (OverflowError).”"""
    store = keeper(tmp_path)
    raw = a_game(store, "Ancient", id="3" * 32, updated="0001-01-01T00:00:00+14:00")
    raw["created"] = "9999-12-31T23:59:59-14:00"
    put(store, "ancient.json", raw)
    listed = store.scan().sessions
    assert [s.name for s in listed] == ["Keeper", "Ancient"]  # an unknown date sorts last
    assert listed[1].updated is None
    from frightmare.ui.setup.picker import when

    assert when(None) == "unknown"
    for moment in (datetime.min.replace(tzinfo=UTC), datetime.max.replace(tzinfo=UTC)):
        assert isinstance(when(moment), str)
    assert SessionStore(tmp_path).scan().sessions[1].updated is None  # from the index too
    assert store.open("ancient").name == "Ancient"


# Old files with hostile content ------------------------------------------------------------


def test_a_format_4_step_whose_kind_is_a_list_costs_only_its_file(tmp_path: Path) -> None:
    """“Old format-4 files with hostile content crash the migration: a list as a step's kind
    (TypeError).”"""
    store = keeper(tmp_path)
    raw = json.loads(OTHER_KILLER.read_text("utf-8"))
    raw["journal"] = [{"kind": ["convince"]}]
    raw["cursor"] = 0
    hostile = put(store, "listkind.json", raw)
    scan = store.scan()
    assert [s.name for s in scan.sessions] == ["Keeper"]
    (problem,) = scan.problems
    assert "listkind.json" in problem and "format 4" in problem, problem
    assert not hostile.exists() and len(list(store.quarantine_dir.iterdir())) == 1


@pytest.mark.usefixtures("python_default_stack")
def test_a_format_4_file_nested_600_deep_costs_only_its_file(tmp_path: Path) -> None:
    """“… and nesting 600 deep (RecursionError in deepcopy).”"""
    store = keeper(tmp_path)
    hostile = put(store, "deep.json", deep_format_4(600))
    scan = store.scan()
    assert [s.name for s in scan.sessions] == ["Keeper"]
    (problem,) = scan.problems
    assert "deep.json" in problem, problem
    assert not hostile.exists() and len(list(store.quarantine_dir.iterdir())) == 1


def test_any_error_reading_one_file_costs_only_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Build 1: “Any error reading, dating, migrating or listing one file is reported by name,
    and the app starts with the rest. That covers … anything else.” An error nobody foresaw
    (here a ZeroDivisionError) leaves the file where it is, listed as not openable."""
    store = keeper(tmp_path)
    odd = put(store, "odd.json", a_game(store, "Odd", id="5" * 32))
    real = sessions_module.read_header

    def header(path: Path) -> object:
        if path.name == "odd.json":
            raise ZeroDivisionError("something nobody foresaw")
        return real(path)

    monkeypatch.setattr(sessions_module, "read_header", header)
    scan = store.scan()
    listed = {s.id: s for s in scan.sessions}
    assert listed["odd"].problem and not listed["odd"].can_open
    assert any("odd.json" in p for p in scan.problems), scan.problems
    assert [s.name for s in scan.sessions if s.can_open] == ["Keeper"]
    assert odd.exists()  # an error of the app's own is no reason to move the player's file


# Start-up ---------------------------------------------------------------------------------


def test_without_a_home_folder_the_player_is_told_about_the_data_folder_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """“With HOME unset and no passwd entry, the app prints a platformdirs traceback instead of
    a message.”"""
    import pwd

    from frightmare import app

    for name in ("HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "FRIGHTMARE_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)

    def no_entry(uid: int) -> pwd.struct_passwd:
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    assert app.main(["--smoke"]) == 2
    err = capsys.readouterr().err
    assert "--data-dir" in err and "FRIGHTMARE_DATA_DIR" in err, err
    assert "Traceback" not in err and "RuntimeError" not in err
    # Started from a desktop (no terminal to read), the player gets it in a box.
    from frightmare.ui import application

    shown: list[str] = []
    monkeypatch.setattr(application, "show_start_up_error", shown.append)
    assert app.main([]) == 2
    assert len(shown) == 1 and "--data-dir" in shown[0]
    # Start-up holds the cycle collector off until the window is up; a start that fails
    # gives it back (a process that goes on, as a test run, is otherwise left without it).
    import gc

    assert gc.isenabled()


Case = Callable[[SessionStore], str]


def _non_utf8(store: SessionStore) -> str:
    put(store, b"partie-\xe9t\xe9.json", a_game(store, "Partie", id="1" * 32))
    return ""


def _naive(store: SessionStore) -> str:
    put(store, "naive.json", a_game(store, "Naive", id="2" * 32, updated="2026-11-30T10:00:00"))
    return ""


def _ancient(store: SessionStore) -> str:
    put(store, "ancient.json", a_game(store, "Ancient", updated="0001-01-01T00:00:00+14:00"))
    return ""


def _list_kind(store: SessionStore) -> str:
    raw = json.loads(OTHER_KILLER.read_text("utf-8"))
    raw["journal"], raw["cursor"] = [{"kind": ["convince"]}], 0
    put(store, "listkind.json", raw)
    return "listkind.json"


def _deep(store: SessionStore) -> str:
    put(store, "deep.json", deep_format_4(600))
    return "deep.json"


START_UP_CASES: dict[str, tuple[Case, set[str]]] = {
    "a file name not in UTF-8": (_non_utf8, {"Keeper", "Partie"}),
    "a date without a time zone": (_naive, {"Keeper", "Naive"}),
    "a date out of range": (_ancient, {"Keeper", "Ancient"}),
    "a format-4 step whose kind is a list": (_list_kind, {"Keeper"}),
    "a format-4 file nested 600 deep": (_deep, {"Keeper"}),
}


@pytest.mark.usefixtures("python_default_stack")
@pytest.mark.parametrize("case", sorted(START_UP_CASES))
def test_each_start_up_case_starts_lists_the_others_and_names_the_bad_file(
    case: str, qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 21, tests that must exist: “Each start-up case: the app starts, lists the others
    and names the bad file.”"""
    from frightmare.ui.application import build_window

    store = keeper(tmp_path)
    make, listed = START_UP_CASES[case]
    bad = make(store)
    window = build_window(SessionStore(tmp_path), headless=True)
    qtbot.addWidget(window)
    window.show()
    assert set(window.picker.shown_names()) == listed
    problems = window.picker.problems.text()
    if bad:
        assert bad in problems, problems
    else:
        assert not window.picker.problems.isVisible(), problems

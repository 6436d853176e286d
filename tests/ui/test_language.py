"""Issue 30 item 4: choosing the language. The system's by default; ``--lang`` and
``FRIGHTMARE_LANG`` on the command line; remembered in the settings (View -> Language);
``--lang`` > ``FRIGHTMARE_LANG`` > settings > system. An unknown code or a damaged catalogue
falls back to English with one line saying so, never a stopped start-up."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare import i18n
from frightmare.app import parse_args
from frightmare.model.box import names
from frightmare.store import SessionStore, load_settings
from frightmare.store.settings import Settings
from frightmare.ui import language
from frightmare.ui.application import build_window
from frightmare.ui.widgets.dialogs import RestartNow


@pytest.fixture(autouse=True)
def _english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(i18n.ENV_LANG, raising=False)
    monkeypatch.setattr(language, "system_languages", lambda: ["pt-BR", "en-US"])
    yield
    i18n.set_language("en")
    names._in_use.clear()


def test_lang_is_an_option() -> None:
    assert parse_args(["--lang", "de"]).lang == "de"
    assert parse_args([]).lang is None


@pytest.mark.parametrize(
    ("flag", "env", "saved", "system", "expected"),
    [
        ("pl", "de", "fr", ["es"], ("pl", "flag")),
        (None, "de", "fr", ["es"], ("de", "env")),
        (None, "", "fr", ["es"], ("fr", "settings")),
        (None, None, "", ["pt-BR", "es-ES"], ("es", "system")),
        (None, None, "", ["pt-BR"], ("en", "system")),
        ("pseudo", None, "", [], ("pseudo", "flag")),
    ],
)
def test_precedence_flag_env_settings_system(
    flag: str | None, env: str | None, saved: str, system: list[str], expected: tuple[str, str]
) -> None:
    assert i18n.wanted(flag, env, saved, system) == expected


def test_the_system_language_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(language, "system_languages", lambda: ["fr-CA", "en-US"])
    assert language.start_language(None, "") == []
    assert i18n.language() == "fr"


def test_the_environment_wins_over_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(i18n.ENV_LANG, "pl")
    language.start_language(None, "de")
    assert i18n.language() == "pl"
    language.start_language("es", "de")
    assert i18n.language() == "es"


def test_an_unknown_code_is_english_with_one_line(caplog: pytest.LogCaptureFixture) -> None:
    notices = language.start_language("xx", "")
    assert i18n.language() == "en"
    assert notices == ["No translation for language “xx”: the app is in English."]


def test_a_damaged_catalogue_is_english_with_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bad = tmp_path / "frightmare.mo"
    bad.write_bytes(b"not a catalogue at all")
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: bad)
    notices = language.start_language("de", "")
    assert i18n.language() == "en"
    assert len(notices) == 1 and "Deutsch" in notices[0] and "English" in notices[0]


def test_the_players_names_file_is_used_and_a_bad_one_said(tmp_path: Path) -> None:
    (tmp_path / "names-de.json").write_text(
        json.dumps({"killer": {"Dr. Fright": "Doktor Schreck"}}), "utf-8"
    )
    assert language.start_language("de", "", tmp_path) == []
    assert names.shown("killer", "Dr. Fright") == "Doktor Schreck"
    (tmp_path / "names-pl.json").write_text("{oops", "utf-8")
    notices = language.start_language("pl", "", tmp_path)
    assert len(notices) == 1 and "names-pl.json" in notices[0]


def test_a_bad_language_in_the_settings_is_ignored_not_the_file(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": 3, "zoom": 1.5}), "utf-8")
    with caplog.at_level("WARNING", logger="frightmare"):
        settings = load_settings(tmp_path)
    assert settings.language == "" and settings.zoom == 1.5
    assert [r.message for r in caplog.records if "language" in r.message] == [
        "settings.json: language is not a short text, so it is ignored (its default is used)"
    ]


def test_qt_translations_installed_for_a_language(qapp: QApplication) -> None:
    assert not language.install_qt_translations(qapp, "en")
    assert not language.install_qt_translations(qapp, "pseudo")
    assert language.install_qt_translations(qapp, "de")  # qtbase_de.qm ships with PySide6
    for translator in language._qt_translators:
        qapp.removeTranslator(translator)
    language._qt_translators.clear()


def test_the_relaunch_drops_lang() -> None:
    command = language.relaunch_command(["-m", "frightmare", "--lang", "de", "--lang=pl", "-x"])
    assert command == [sys.executable, "-m", "frightmare", "-x"]


def test_view_language_lists_each_in_its_own_name_checked_for_the_one_in_force(
    qtbot: QtBot, private_data_dir: Path
) -> None:
    i18n.set_language("fr")
    window = build_window(SessionStore(private_data_dir), headless=True)
    qtbot.addWidget(window)
    texts = [a.text() for a in window.language_menu.actions()]
    assert texts == list(i18n.LANGUAGES.values())
    checked = [a.text() for a in window.language_menu.actions() if a.isChecked()]
    assert checked == ["Français"]


def test_choosing_a_language_saves_it_and_offers_a_restart(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = build_window(SessionStore(private_data_dir), headless=True)
    qtbot.addWidget(window)
    asked: list[str] = []
    restarted: list[bool] = []

    def ask(parent: object, title: str, text: str) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(RestartNow, "ask", ask)
    monkeypatch.setattr(type(window), "restart", lambda self: restarted.append(True))
    window.language_actions["pl"].trigger()
    assert load_settings(private_data_dir).language == "pl"
    assert asked == ["The app will speak Polski after a restart."]
    assert restarted == [True]
    assert i18n.language() == "en"  # in force only after the restart


def test_choosing_the_language_in_force_asks_nothing(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = build_window(SessionStore(private_data_dir), headless=True)
    qtbot.addWidget(window)
    monkeypatch.setattr(RestartNow, "ask", lambda *a: pytest.fail("asked"))
    window.language_actions["en"].trigger()
    assert load_settings(private_data_dir).language == "en"


def test_settings_keep_the_language(tmp_path: Path) -> None:
    from frightmare.store import save_settings

    save_settings(tmp_path, Settings(language="es"))
    assert load_settings(tmp_path).language == "es"


def _smoke(root: Path, *args: str, env: dict[str, str] | None = None) -> str:
    import os
    import subprocess

    environment = {
        **{k: v for k, v in os.environ.items() if k != i18n.ENV_LANG},
        "QT_QPA_PLATFORM": "offscreen",
        **(env or {}),
    }
    result = subprocess.run(
        [sys.executable, "-m", "frightmare", "--smoke", "--data-dir", str(root), *args],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stderr


def test_an_unknown_lang_starts_in_english_saying_so_once(tmp_path: Path) -> None:
    said = _smoke(tmp_path / "data", "--lang", "xx")
    assert said.count("No translation for language “xx”: the app is in English.") == 1


def test_a_bad_language_kept_in_the_settings_never_stops_start_up(tmp_path: Path) -> None:
    root = tmp_path / "data"
    root.mkdir()
    (root / "settings.json").write_text(json.dumps({"language": "klingon"}), "utf-8")
    said = _smoke(root)
    assert said.count("No translation for language “klingon”") == 1
    # FRIGHTMARE_LANG wins over the settings: nothing to say.
    assert "No translation" not in _smoke(root, env={i18n.ENV_LANG: "pseudo"})


def test_new_game_offers_the_editions_names_and_keeps_the_english(qtbot: QtBot) -> None:
    """Names are shown as the player's edition prints them; the game keeps them in English."""
    from frightmare.ui.setup.wizard import NewGameDialog

    names.use_corrections(
        names.load_names('{"killer": {"Dr. Fright": "Doktor Schreck"}}', code="de", yours=True)
    )
    i18n.set_language("de")
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert [dialog.killer.itemText(n) for n in range(dialog.killer.count())] == ["Doktor Schreck"]
    dialog.killer.setCurrentText("Doktor Schreck")
    assert dialog.setup().killer == "Dr. Fright"
    assert dialog.has_dr_fright
    dialog.killer.setCurrentText("Someone else entirely")  # typed: kept as typed
    assert dialog.setup().killer == "Someone else entirely"

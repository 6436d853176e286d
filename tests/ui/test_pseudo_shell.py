"""Issue 30 item 6, the shell's part: under the pseudo-locale no visible text of the setup
wizard, the saved games, the statistics (every tab), the collection, the achievements, the
game summary, the help and About boxes, and every menu of the window escapes the catalogue.
The collector and its allowances are ``pseudo_helpers``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from pseudo_helpers import escaped, escapes
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import games

from frightmare import i18n
from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.game.boiler_room import Direction
from frightmare.model.record.collection import DEFAULT_OWNED, Collection
from frightmare.model.record.coverage import coverage
from frightmare.model.record.figures import entry_for, game_figures, with_figures
from frightmare.store import SessionStore
from frightmare.ui.application import build_window
from frightmare.ui.help import HelpDialog
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.achievements import GameRecordBox
from frightmare.ui.record.collection_page import CollectionDialog
from frightmare.ui.record.film_roll import RollDialog
from frightmare.ui.record.stats.stats_view import StatsView
from frightmare.ui.record.summary import GameOverDialog
from frightmare.ui.setup.face_up_items import FaceUpItemsDialog
from frightmare.ui.setup.picker import HEADERS, ROUND, STEPS
from frightmare.ui.setup.wizard import NewGameDialog
from frightmare.ui.widgets.dialogs import Inform

WHOLE_DECK: tuple[Direction, ...] = ("up", "up", "left", "down")


@pytest.fixture(autouse=True)
def pseudo() -> Iterator[None]:
    i18n.set_language("pseudo")
    yield
    i18n.set_language("en")


def shown(qtbot: QtBot, widget: QWidget) -> QWidget:
    qtbot.addWidget(widget)
    widget.show()
    QApplication.processEvents()
    return widget


def finished_history() -> History:
    history = History(new_game(GameSetup(), seed=1))
    history.do(FallAsleep())
    for direction in WHOLE_DECK:
        history.do(Slide(direction=direction))
    history.do(EndGame(result="win"))
    return history


def test_the_helper_catches_english_and_lets_allowed_texts_through() -> None:
    assert escapes("Start the game")
    assert not escapes(i18n._("Start the game"))
    assert not escapes("[Ŕöûñđ [3 ·] · Ṕļåññíñĝ ···]")
    assert not escapes(f"★ {i18n._('{name} wins').format(name='Nancy')}")
    assert not escapes("Dr. Fright")  # a name of the box
    assert not escapes("Ctrl+Shift+Z, Ctrl+Y")  # keys, named by Qt
    assert not escapes("42 — 7 / 9 …")
    assert escapes("My game", ()) and not escapes("My game", ("My game",))
    # English filled into a translated message's placeholder escapes (issue 30: a quadrant's
    # "NW", a deck's "top"); the player's own data there does not.
    assert escapes(i18n._("{quadrant} House").format(quadrant="NW"))
    assert not escapes(i18n._("{name} wins").format(name="My game"), ("My game",))


def test_every_menu_of_the_window_without_a_game(qtbot: QtBot, private_data_dir: Path) -> None:
    window = build_window(SessionStore(private_data_dir), headless=True)
    shown(qtbot, window)
    assert escaped(window.menuBar()) == []
    assert escapes(window.windowTitle()) is False


def test_every_menu_of_the_window_with_a_game_open(qtbot: QtBot, private_data_dir: Path) -> None:
    store = SessionStore(private_data_dir)
    game = store.create(GameSetup(), "My own game", seed=1)
    game.close()
    window = build_window(store, headless=True)
    shown(qtbot, window)
    assert isinstance(window, MainWindow)
    window.open_session(game.id)
    QApplication.processEvents()
    menus = {m.title(): m for m in window.menuBar().findChildren(type(window.view_menu))}
    # The game screen's own View entries (its docks, Keep awake) are the game screen's to
    # mark: the window's own entries are checked here.
    game_entries = {a.text() for a in window.view_menu.actions()} - {
        a.text() for a in window.actions()
    }
    found = [
        (where, text)
        for where, text in escaped(window.menuBar(), ["My own game"])
        if not any(entry and entry in where for entry in game_entries) and text not in game_entries
    ]
    assert found == [], menus.keys()
    assert not escapes(window.undo_action.text())


def test_the_saved_games(qtbot: QtBot, private_data_dir: Path) -> None:
    store = SessionStore(private_data_dir)
    store.create(GameSetup(), "My own game", seed=1).close()
    done = store.create(GameSetup(), "Won one", seed=2)
    done.do(EndGame(result="win"))
    done.close()
    window = build_window(store, headless=True)
    shown(qtbot, window)
    window.show_picker()
    QApplication.processEvents()
    assert escaped(window.saved.picker, ["My own game", "Won one"]) == []


def test_the_setup_wizard_and_its_face_up_items(qtbot: QtBot) -> None:
    dialog = shown(qtbot, NewGameDialog())
    assert escaped(dialog) == []
    assert isinstance(dialog, NewGameDialog)
    dialog.killer.setCurrentText("Hans")  # another Killer's notes
    dialog.location.setCurrentText("Camp Happy Trails")
    QApplication.processEvents()
    assert escaped(dialog) == []
    assert escaped(shown(qtbot, FaceUpItemsDialog(("Knife", None, None, None)))) == []


def test_statistics_every_tab(qtbot: QtBot) -> None:
    view = shown(qtbot, StatsView(games(30)))
    assert isinstance(view, StatsView)
    for tab in range(view.tabs.count()):
        view.tabs.setCurrentIndex(tab)
        QApplication.processEvents()
        assert escaped(view) == [], view.tabs.tabText(tab)
    for chart in (view.rates_chart, view.time_chart, view.boiler_chart):
        texts = [chart.chart().title(), chart.accessibleName(), chart.accessibleDescription()]
        texts += [axis.titleText() for axis in chart.chart().axes()]
        texts += [s.name() for s in chart.chart().series()]
        assert [t for t in texts if escapes(t)] == []


def test_the_collection_and_the_film_roll(qtbot: QtBot) -> None:
    collection = shown(qtbot, CollectionDialog(Collection()))
    assert escaped(collection) == []
    # The series' headings of the boxes' tree ("Core", "Series 1"), which the collector, reading
    # a tree's header only, did not see.
    assert isinstance(collection, CollectionDialog)
    tree = collection.tree
    groups = [tree.topLevelItem(n) for n in range(tree.topLevelItemCount())]
    headings = [group.text(0) for group in groups if group is not None]
    assert len(headings) >= 5
    assert [h for h in headings if escapes(h)] == []
    owned = Collection(DEFAULT_OWNED)
    roll = shown(qtbot, RollDialog(owned, coverage([], owned), rng=random.Random(7)))
    assert escaped(roll) == []


def test_the_game_summary_and_its_achievements(qtbot: QtBot) -> None:
    history = finished_history()
    entry = with_figures(entry_for("g1", history.state), game_figures(history))
    assert escaped(shown(qtbot, GameRecordBox(entry, []))) == []
    dialog = shown(qtbot, GameOverDialog(history.state, None, record=(entry, [])))
    assert escaped(dialog) == []


def test_the_help_and_about(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = build_window(SessionStore(private_data_dir), headless=True)
    shown(qtbot, window)
    assert escaped(shown(qtbot, HelpDialog(window.actions(), None, None))) == []
    told: list[str] = []
    monkeypatch.setattr(
        Inform,
        "show",
        classmethod(lambda cls, parent, title, text, **kw: told.extend([title, text])),
    )
    window.about()
    assert told and [t for t in told if escapes(t)] == []


@pytest.mark.parametrize("code", ["de", "fr", "pseudo"])
def test_the_saved_games_narrow_columns_fit_their_own_translated_titles(
    qtbot: QtBot, private_data_dir: Path, code: str
) -> None:
    """Issue 30: Round and Steps were both sized from the English-sized "Round" title's
    translation; French "Étapes" is wider than its "Tour" and was cut."""
    i18n.set_language(code)
    store = SessionStore(private_data_dir)
    store.create(GameSetup(), "My own game", seed=1).close()
    window = build_window(store, headless=True)
    shown(qtbot, window)
    window.show_picker()
    QApplication.processEvents()
    view = window.saved.picker.list
    header = view.header()
    model = view.model()
    assert model is not None
    metrics = header.fontMetrics()
    for column in (ROUND, STEPS):
        title = model.headerData(column, Qt.Orientation.Horizontal)
        assert isinstance(title, str) and title == i18n._(HEADERS[column])
        assert header.sectionSize(column) >= metrics.horizontalAdvance(title), title

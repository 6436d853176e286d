"""Findings of the new-user walkthrough about the window and its dialogs (9, 10, 12, 6): the
window fits the screen, the saved-games list gives the names the room, F1 lists only the
shortcuts of this game, the Location panel's counts stand apart, and the dialogs keep still.

These are layout checks, not rules: each names the walkthrough finding it reproduces."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QFont, QPalette, QScreen
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions import Action
from frightmare.model.errors import RuleViolation
from frightmare.store import SessionStore, load_settings, save_settings
from frightmare.ui.edit_table import EditTableDialog
from frightmare.ui.location_panel import LocationPanel
from frightmare.ui.main_window import DEFAULT_SIZE, MainWindow
from frightmare.ui.picker import NAME, ROUND, STEPS
from frightmare.ui.summary import HelpDialog
from frightmare.ui.theme import apply_theme
from frightmare.ui.wizard import NewGameDialog

CAMP = "Camp Happy Trails"


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[Callable[[float], None]]:
    """``themed(zoom)`` applies the zoom; the application's look is restored after."""
    font, palette, sheet = QFont(qapp.font()), QPalette(qapp.palette()), qapp.styleSheet()
    yield lambda zoom: apply_theme(qapp, dark=True, zoom=zoom)
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)
    qapp.setFont(font)


@pytest.fixture
def screen_of(monkeypatch: pytest.MonkeyPatch) -> Callable[[int, int], QRect]:
    """``screen_of(w, h)``: the screen offers the window only ``w`` x ``h`` pixels."""

    def make(width: int, height: int) -> QRect:
        area = QRect(0, 0, width, height)
        monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(area))
        return area

    return make


def window_in(qtbot: QtBot, data_dir: Path) -> MainWindow:
    window = MainWindow(SessionStore(data_dir), load_settings(data_dir))
    qtbot.addWidget(window)
    return window


# 9. First launch fits the screen ------------------------------------------------------------


def test_the_first_window_fits_a_720_pixel_screen(
    qtbot: QtBot, private_data_dir: Path, screen_of: Callable[[int, int], QRect]
) -> None:
    """Walkthrough 9: "On first launch the window was 1200x800 on a 720-pixel screen: New
    game etc. off-screen"."""
    area = screen_of(1280, 720)
    window = window_in(qtbot, private_data_dir)
    assert window.width() <= 1200 and window.height() <= 720
    assert area.contains(window.geometry())


def test_the_first_window_is_1200_by_800_where_it_fits(
    qtbot: QtBot, private_data_dir: Path, screen_of: Callable[[int, int], QRect]
) -> None:
    screen_of(1920, 1080)
    window = window_in(qtbot, private_data_dir)
    assert (window.width(), window.height()) == (1200, 800)


def test_a_remembered_size_too_big_for_this_screen_is_fitted(
    qtbot: QtBot, private_data_dir: Path, screen_of: Callable[[int, int], QRect]
) -> None:
    """Walkthrough 9: "a restored geometry that no longer fits is fitted too"."""
    screen_of(1920, 1200)
    big = window_in(qtbot, private_data_dir)
    big.setGeometry(300, 200, 1600, 1000)
    big.close()  # remembers its geometry
    area = screen_of(1280, 720)
    window = window_in(qtbot, private_data_dir)
    assert window.width() <= 1280 and window.height() <= 720
    assert area.contains(window.geometry())


def test_a_geometry_qt_refuses_opens_the_window_at_the_first_launchs_size(
    qtbot: QtBot, private_data_dir: Path, screen_of: Callable[[int, int], QRect]
) -> None:
    """Walkthrough: after a change of screen size the window opened at its minimum, 720x480:
    Qt refuses a geometry saved on a screen of another size, and the refusal was ignored. (A
    damaged geometry takes the same path here.)"""
    screen_of(1920, 1080)
    settings = load_settings(private_data_dir)
    settings.geometry = "bm90IGEgZ2VvbWV0cnk="  # "not a geometry"
    save_settings(private_data_dir, settings)
    window = window_in(qtbot, private_data_dir)
    assert (window.width(), window.height()) == (DEFAULT_SIZE.width(), DEFAULT_SIZE.height())


def test_the_saved_games_list_gives_the_names_the_room_at_200_percent(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[float], None],
    screen_of: Callable[[int, int], QRect],
) -> None:
    """Walkthrough 9: "At 1280x720 200% names are cut to 'Nancy vs D…' while Round gets a
    wide column"."""
    screen_of(1280, 720)
    themed(2.0)
    store = SessionStore(private_data_dir)
    name = "Nancy vs Dr. Fright, 30 Nov"
    store.create(GameSetup(setup_card="Revenge"), name, seed=1).close()
    window = window_in(qtbot, private_data_dir)
    window.resize(1280, 720)
    window.show()
    QApplication.processEvents()
    assert window.width() >= 1270
    tree = window.picker.list
    header = tree.header()
    metrics = tree.fontMetrics()
    room = header.sectionSize(NAME)
    assert room >= metrics.horizontalAdvance(name), "the default name is cut"
    for narrow in (ROUND, STEPS):
        assert header.sectionSize(narrow) <= 2 * metrics.horizontalAdvance("Round")
        assert header.sectionSize(narrow) < room / 2
    item = tree.topLevelItem(0)
    assert item is not None and item.toolTip(NAME) == name  # a cut name is there in full


def test_zooming_with_the_list_on_screen_fits_its_columns_again(
    qtbot: QtBot,
    private_data_dir: Path,
    themed: Callable[[float], None],
    screen_of: Callable[[int, int], QRect],
) -> None:
    """The columns are fitted whenever Qt lays the list out again, a new font included: a
    zoom from 100% to 200% with the list showing gives the name its room at the new size."""
    screen_of(1280, 720)
    themed(1.0)
    store = SessionStore(private_data_dir)
    name = "Nancy vs Dr. Fright, 30 Nov"
    store.create(GameSetup(setup_card="Revenge"), name, seed=1).close()
    window = window_in(qtbot, private_data_dir)
    window.resize(1280, 720)
    window.show()
    QApplication.processEvents()
    header = window.picker.list.header()
    themed(2.0)
    QApplication.processEvents()
    metrics = window.picker.list.fontMetrics()
    assert header.sectionSize(NAME) >= metrics.horizontalAdvance(name), "the name is cut"
    for narrow in (ROUND, STEPS):
        # As wide as its title at the new size: not left at its 100% width.
        assert metrics.horizontalAdvance("Round") <= header.sectionSize(narrow)
        assert header.sectionSize(narrow) <= 2 * metrics.horizontalAdvance("Round")


# 10. F1 lists only what exists in this game ---------------------------------------------------


def help_text(window: MainWindow) -> str:
    state = window.session.state if window.session is not None else None
    dialog = HelpDialog(window.actions(), None, state)
    return dialog.text.toPlainText()


def test_help_lists_no_boiler_room_against_another_killer(
    open_game: Callable[..., MainWindow],
) -> None:
    """Walkthrough 10: against Hans "F1 still lists 'Ctrl+B Boiler Room (arrow keys slide)'
    and 'Ctrl+H Show the best slide'". The rulebook's Boiler Room is Dr. Fright's."""
    text = help_text(open_game(killer="Hans", killer_health=8, location=CAMP))
    assert "Ctrl+B" not in text and "Boiler Room" not in text
    assert "Ctrl+H" not in text and "best slide" not in text
    assert "Ctrl+L" not in text and "Maple Lane board" not in text
    assert "Ctrl+Z" in text and "F1" in text


def test_help_on_maple_lane_with_dr_fright_lists_both_halves(
    open_game: Callable[..., MainWindow],
) -> None:
    text = help_text(open_game())
    assert "Ctrl+B" in text and "Ctrl+H" in text and "Ctrl+L" in text


# 12. The Location panel's counts -----------------------------------------------------------


def test_the_location_panels_counts_do_not_run_together(qtbot: QtBot) -> None:
    """Walkthrough 12: the Camp Happy Trails panel read "Saved: 0 / 5Killed: 0"."""
    panel = LocationPanel()
    qtbot.addWidget(panel)
    panel.show_state(new_game(GameSetup(killer="Hans", killer_health=8, location=CAMP), seed=1))
    panel.resize(panel.minimumSizeHint())
    panel.show()
    QApplication.processEvents()
    saved, killed = panel.saved.geometry(), panel.killed.geometry()
    gap = panel.saved.fontMetrics().horizontalAdvance("MM")
    assert saved.right() + gap <= killed.left() or saved.bottom() < killed.top()
    for label in (panel.saved, panel.killed):
        assert label.width() >= label.sizeHint().width()  # never cut


# 6. Dialogs that keep still -----------------------------------------------------------------


def edit_dialog(qtbot: QtBot) -> EditTableDialog:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=2))

    def act(action: Action) -> bool:
        try:
            history.do(action)
        except RuleViolation:
            return False
        return True

    dialog = EditTableDialog.show_for(None, history.state, act)
    qtbot.addWidget(dialog)
    QApplication.processEvents()
    return dialog


def whole_text(button: QWidget) -> bool:
    return button.width() >= button.sizeHint().width() and (
        button.height() >= button.sizeHint().height()
    )


def test_the_edit_dialog_keeps_its_size_and_whole_buttons_after_an_edit(qtbot: QtBot) -> None:
    """Walkthrough 6: "after 'Move the piece' the Edit-the-table dialog squeezes and clips
    button text"."""
    dialog = edit_dialog(qtbot)
    size = dialog.size()
    dialog.target.setCurrentIndex(dialog.target.findData("street-n"))
    dialog.apply_piece.click()
    QApplication.processEvents()
    assert dialog.message.text().startswith("Done:")
    assert dialog.size() == size
    for button in (dialog.apply_piece, dialog.apply_counter, dialog.apply_deck):
        assert whole_text(button), button.text()
    # A long refusal does not squeeze it either.
    dialog.message.setText("A long message. " * 20)
    QApplication.processEvents()
    assert dialog.size() == size
    assert whole_text(dialog.apply_piece)


def field_tops(d: NewGameDialog) -> list[int]:
    return [w.mapTo(d, w.rect().topLeft()).y() for w in (d.final_girl, d.killer, d.name)]


def test_the_new_game_fields_do_not_jump_when_the_setup_card_changes(qtbot: QtBot) -> None:
    """Walkthrough 6: "New game dialog fields jump when Setup card or Killer changes"."""
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    QApplication.processEvents()
    before, size = field_tops(d), d.size()
    for index in range(d.setup_card.count()):
        d.setup_card.setCurrentIndex(index)
        QApplication.processEvents()
        assert field_tops(d) == before, d.setup_card.currentText()
        assert d.size() == size


def test_the_new_game_fields_do_not_jump_when_the_killer_changes(qtbot: QtBot) -> None:
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    QApplication.processEvents()
    before, size = field_tops(d), d.size()
    for killer in ("Hans", "Dr. Fright", "Hans"):
        d.killer.setCurrentText(killer)
        QApplication.processEvents()
        assert field_tops(d) == before, killer
        assert d.size() == size
    d.location.setCurrentText(CAMP)
    QApplication.processEvents()
    assert field_tops(d) == before


def test_the_new_game_labels_are_whole_at_200_percent(
    qtbot: QtBot, themed: Callable[[float], None]
) -> None:
    """At 200% the dialog's fixed 520-pixel minimum let Qt squeeze the labels to a letter;
    it is now as wide as its rows need."""
    themed(2.0)
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    QApplication.processEvents()
    for field in (d.setup_card, d.deck, d.final_girl, d.name):
        label = d.form.labelForField(field) or d.final_girl.parentWidget()
        assert field.width() >= field.minimumSizeHint().width(), field.accessibleName()
        if isinstance(label, QLabel) and label.isVisible():
            assert label.width() >= label.sizeHint().width(), label.text()


def top(d: NewGameDialog, widget: QWidget) -> int:
    return widget.mapTo(d, widget.rect().topLeft()).y()


def test_the_optional_rows_keep_their_places(qtbot: QtBot) -> None:
    """Left over from walkthrough 6: the Setup card row moved down a row when the Killer
    changed from Dr. Fright to another. Now the Setup card keeps its row whatever the Killer,
    and the Killer's own rows (the Boiler Room deck, or his Health) keep theirs whatever the
    Location."""
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    d.location.setCurrentText("Maple Lane")
    QApplication.processEvents()
    setup_row = top(d, d.setup_card)
    for killer in ("Hans", "Dr. Fright", "Hans"):
        d.killer.setCurrentText(killer)
        QApplication.processEvents()
        assert top(d, d.setup_card) == setup_row, killer
    for killer, field in (("Dr. Fright", d.deck), ("Hans", d.killer_health)):
        d.killer.setCurrentText(killer)
        rows = set()
        for location in ("Maple Lane", CAMP, "Maple Lane"):
            d.location.setCurrentText(location)
            QApplication.processEvents()
            rows.add(top(d, field))
        assert len(rows) == 1, (killer, rows)
    assert top(d, d.deck) == top(d, d.killer_health) > setup_row  # one place, either Killer

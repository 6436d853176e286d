"""The Killer panel and the Location panel (issue 14, items 1, 2 and 4): another Killer's and
another Location's plain panels, which ask the model what is legal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import RevealDarkPower, RevealFinale
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.game import NotedPlay
from frightmare.model.actions.location import (
    AddLocationVictims,
    LocationNotes,
    LocationVictimsKilled,
    LocationVictimsSaved,
    NameLocationTopCard,
    PutBackLocationItem,
    SetLocationDeck,
    SetLocationVictims,
    TakeLocationItem,
)
from frightmare.model.actions.round import AdjustCounter
from frightmare.model.box.cards import TypedName
from frightmare.model.halves import ANY_KILLER_REMINDERS
from frightmare.model.query.verdict import refusal
from frightmare.ui.game.killer_panel import KillerPanel
from frightmare.ui.game.location_panel import LocationPanel
from frightmare.ui.main_window import MainWindow
from frightmare.ui.widgets.refusals import is_refused

CAMP = "Camp Happy Trails"


def texts(root: QWidget) -> str:
    """Every word a player can see or hear on ``root``: texts, titles, tooltips, names."""
    parts: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        parts += [widget.toolTip(), widget.accessibleName()]
        if isinstance(widget, QLabel | QAbstractButton):
            parts.append(widget.text())
        if isinstance(widget, QLineEdit):
            parts += [widget.text(), widget.placeholderText()]
        if isinstance(widget, QPlainTextEdit):
            parts += [widget.toPlainText(), widget.placeholderText()]
        if isinstance(widget, QGroupBox):
            parts.append(widget.title())
    return "\n".join(parts)


class Table:
    """A game and a panel wired as the window wires them: act, then show the new state."""

    def __init__(self, qtbot: QtBot, panel: Any, setup: GameSetup) -> None:
        self.history = History(new_game(setup, seed=4))
        self.panel = panel
        self.emitted: list[Any] = []
        qtbot.addWidget(panel)
        panel.act_requested.connect(self._act)
        panel.show_state(self.history.state)
        panel.show()

    def _act(self, action: Any) -> None:
        self.emitted.append(action)
        self.panel.show_state(self.history.do(action))


def hans(qtbot: QtBot, **setup: Any) -> Table:
    options = {"killer": "Hans", "killer_health": 8, **setup}
    return Table(qtbot, KillerPanel(), GameSetup(**options))


def test_the_killer_panel_names_him_and_keeps_his_health(qtbot: QtBot) -> None:
    table = hans(qtbot)
    panel: KillerPanel = table.panel
    assert panel.name.text() == "Hans"
    assert panel.health.text() == "8 / 8"
    panel.health_down.click()
    panel.health_down.click()
    assert table.emitted == [AdjustCounter(counter="killer health", delta=-1)] * 2
    assert panel.health.text() == "6 / 8"
    # His full Health, entered at setup, is correctable (the box value, undoable).
    assert not panel.correct_health.isEnabled()
    panel.full_health.setValue(10)
    assert panel.correct_health.isEnabled()
    panel.correct_health.click()
    assert table.emitted[-1] == SetBoxValue(name="killer_health", value=10)
    assert panel.health.text() == "6 / 10"
    panel.health_up.click()
    assert panel.health.text() == "7 / 10"


def test_the_killer_panel_keeps_bloodlust(qtbot: QtBot) -> None:
    table = hans(qtbot)
    panel: KillerPanel = table.panel
    lower = refusal(table.history.state, AdjustCounter(counter="bloodlust", delta=-1))
    assert panel.bloodlust_down.isEnabled() == (lower is None or lower.overridable)
    assert is_refused(panel.bloodlust_down) == (lower is not None)
    panel.bloodlust_up.click()
    assert table.emitted == [AdjustCounter(counter="bloodlust", delta=1)]
    assert panel.bloodlust.text() == "1 / 10"
    panel.bloodlust_down.click()
    assert panel.bloodlust.text() == "0 / 10"


def test_dark_power_and_finale_are_named_as_the_player_types_them(qtbot: QtBot) -> None:
    table = hans(qtbot)
    panel: KillerPanel = table.panel
    assert not panel.reveal_power.isEnabled()  # nothing typed yet
    panel.dark_power.setText("  Blood   Frenzy ")
    wanted = RevealDarkPower(name="Blood Frenzy")
    # The button follows the model's answer, with the model's reason in its tooltip.
    refused = refusal(table.history.state, wanted)
    assert panel.reveal_power.isEnabled() == (refused is None or refused.overridable)
    if refused is not None:
        assert panel.reveal_power.toolTip() == str(refused)
    else:
        panel.reveal_power.click()
        assert table.emitted[-1] == wanted
    panel.finale.setText("Last Stand")
    assert panel.reveal_finale.isEnabled() == (
        refusal(table.history.state, RevealFinale(name="Last Stand")) is None
    )
    # Once revealed, the names are shown large instead of the fields.
    panel.show_state(
        replace(
            table.history.state,
            dark_power=TypedName("Blood Frenzy"),
            finale=TypedName("Last Stand"),
        )
    )
    assert panel.power_shown.text() == "Blood Frenzy" and not panel.dark_power.isVisibleTo(panel)
    assert panel.finale_shown.text() == "Last Stand" and not panel.finale.isVisibleTo(panel)


def test_the_killer_panel_says_nothing_of_dr_fright(qtbot: QtBot) -> None:
    table = hans(qtbot, location=CAMP)
    words = texts(table.panel)
    for absent in ("Fright", "Boiler", "Asleep", "Awake", "Maple Lane"):
        assert absent not in words
    for reminder in ANY_KILLER_REMINDERS:
        assert reminder in words
    assert "No move icon, no move" in words


def test_a_play_can_be_noted_in_history_from_the_killer_panel(qtbot: QtBot) -> None:
    table = hans(qtbot)
    panel: KillerPanel = table.panel
    assert not panel.note.button.isEnabled()
    panel.note.edit.setText("Hans used his Trap token")
    panel.note.button.click()
    assert table.emitted[-1] == NotedPlay(text="Hans used his Trap token")
    assert panel.note.edit.text() == ""


def test_every_control_has_an_accessible_name(qtbot: QtBot) -> None:
    for panel in (hans(qtbot).panel, camp(qtbot).panel):
        for button in panel.findChildren(QAbstractButton):
            assert button.accessibleName(), button.text()


# The Location panel --------------------------------------------------------------------------


def camp(qtbot: QtBot, killer: str = "Hans") -> Table:
    return Table(qtbot, LocationPanel(), GameSetup(killer=killer, location=CAMP))


def test_the_location_panel_counts_victims_placed_saved_and_killed(qtbot: QtBot) -> None:
    table = camp(qtbot)
    panel: LocationPanel = table.panel
    assert panel.name.text() == CAMP
    # The model refuses a death with no Victim on the board: the button says why, and stays
    # clickable unless the model calls the play impossible.
    refused = refusal(table.history.state, LocationVictimsKilled(count=1))
    assert refused is not None and panel.kill_victim.toolTip() == str(refused)
    assert "Only 0 Victims on the board" in panel.kill_victim.toolTip()
    assert is_refused(panel.kill_victim)
    assert panel.kill_victim.isEnabled() == refused.overridable
    for _ in range(3):
        panel.add_victim.click()
    panel.save_victim.click()
    panel.kill_victim.click()
    assert table.emitted == [
        AddLocationVictims(count=1),
        AddLocationVictims(count=1),
        AddLocationVictims(count=1),
        LocationVictimsSaved(count=1),
        LocationVictimsKilled(count=1),
    ]
    assert panel.victims.text() == "1"
    assert panel.saved.text() == "Saved: 1 / 5" and panel.killed.text() == "Killed: 1"
    panel.victims_count.setValue(6)
    panel.set_victims.click()
    assert table.emitted[-1] == SetLocationVictims(count=6)
    assert panel.victims.text() == "6"


def test_the_location_panel_keeps_the_one_item_deck(qtbot: QtBot) -> None:
    table = camp(qtbot)
    panel: LocationPanel = table.panel
    refused = refusal(table.history.state, TakeLocationItem())
    assert refused is not None and panel.take.toolTip() == str(refused)
    assert "Item deck is empty" in panel.take.toolTip() and is_refused(panel.take)
    assert panel.take.isEnabled() == refused.overridable
    panel.deck_count.setValue(3)
    panel.set_deck.click()
    panel.top_card.setText("Flare gun")
    panel.name_top.click()
    assert panel.deck.text() == "3 cards left, top card: Flare gun"
    panel.take.click()
    assert table.emitted[-3:] == [
        SetLocationDeck(cards=3),
        NameLocationTopCard(name="Flare gun"),
        TakeLocationItem(),
    ]
    assert panel.deck.text() == "2 cards left"
    assert panel.held.count() == 1 and panel.held.item(0).text() == "Flare gun"
    assert not panel.put_top.isEnabled()  # no item picked yet
    panel.held.setCurrentRow(0)
    panel.put_top.click()
    assert table.emitted[-1] == PutBackLocationItem(index=0, position="top")
    assert panel.deck.text() == "3 cards left, top card: Flare gun"
    assert panel.held.count() == 0


def test_notes_of_where_things_are_are_saved_before_any_other_play(qtbot: QtBot) -> None:
    table = camp(qtbot)
    panel: LocationPanel = table.panel
    panel.notes.setPlainText("Hans: boathouse")
    panel.add_victim.click()  # acting commits what was typed first: nothing is lost
    assert table.emitted == [LocationNotes(notes="Hans: boathouse"), AddLocationVictims(count=1)]
    state = table.history.state
    assert state.location is not None and state.location.notes == "Hans: boathouse"
    # Undo shows the notes as they were.
    panel.show_state(table.history.jump(0))
    assert panel.notes.toPlainText() == ""


def test_typing_in_progress_survives_another_panels_play(qtbot: QtBot) -> None:
    table = camp(qtbot)
    panel: LocationPanel = table.panel
    qtbot.keyClicks(panel.notes, "Hans at the dock")
    # Another panel acts (the window shows every panel the new state): the typing stays.
    panel.show_state(table.history.do(AddLocationVictims(count=2)))
    assert panel.notes.toPlainText() == "Hans at the dock"
    qtbot.waitUntil(lambda: bool(table.emitted), timeout=3000)  # committed after a pause
    assert table.emitted == [LocationNotes(notes="Hans at the dock")]


def test_the_location_panel_says_nothing_of_maple_lane(qtbot: QtBot) -> None:
    for killer in ("Hans", "Dr. Fright"):
        words = texts(camp(qtbot, killer).panel)
        for absent in ("Maple Lane", "House", "quadrant", "Setup card", "Convince"):
            assert absent not in words
        assert ("Fright" in words) is False


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_another_location_has_one_clean_correct_row_each(
    open_game: Callable[..., MainWindow], qtbot: QtBot, size: tuple[int, int]
) -> None:
    # Finding I: two "Correct to:" rows, one with a stretched box. Each row is the same
    # compact "Correct to: [n] [Correct]", the boxes in one column and of one width.
    window = open_game(final_girl="Nancy", killer="Hans", location="Camp Happy Trails")
    window.resize(*size)
    for _ in range(5):
        QApplication.processEvents()
    panel = window.game.location_panel
    boxes = (panel.victims_count, panel.deck_count)
    lefts = [box.mapTo(panel, box.rect().topLeft()).x() for box in boxes]
    assert lefts[0] == lefts[1]
    assert boxes[0].width() == boxes[1].width()
    digits = boxes[0].fontMetrics().horizontalAdvance("0000")
    assert boxes[0].width() < 4 * digits, "the box is stretched"
    buttons = (panel.set_victims, panel.set_deck)
    assert buttons[0].x() - boxes[0].x() == buttons[1].x() - boxes[1].x()


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

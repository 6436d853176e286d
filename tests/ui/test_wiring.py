"""The game screen wired to the model (issues 9, 12 and 14).

Issue 14 item 3, "The screen takes the shape of the game": each of the four combinations of
the box's halves, on the rendered window. Issue 12 item 1, "Every control asks the model":
the lists, the dice, the labels and the tooltips come from the model, and the GUI holds no
rule text of its own. Issue 9 item 13, "Record it anyway": a refused control stays clickable
so the click reaches the model.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDockWidget,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

import frightmare
from frightmare.model import Action, GameSetup, History, new_game
from frightmare.model.actions.dream import (
    AttackDrFright,
    BoilerEffect,
    BoilerRoomEffect,
    DrFrightAttacks,
    FallAsleep,
    RevealDarkPower,
    RevealFinale,
    VictimsPanic,
)
from frightmare.model.actions.edit import SetBoxValue
from frightmare.model.actions.lane import EVENTS, Convince, Place, RevealEvent
from frightmare.model.actions.location import LocationNotes, LocationVictimsKilled
from frightmare.model.actions.round import AdjustCounter, KillerAction, NextPhase, UseUltimate
from frightmare.model.box.cards import DR_FRIGHT, MAPLE_LANE
from frightmare.model.box.numbers import BOX_FIELDS, SWITCHES
from frightmare.model.counters import box_label, counter_title
from frightmare.model.dream.powers import dark_power_choices, finale_choices
from frightmare.model.game.state import PHASES, Event, GameState, Phase
from frightmare.model.lane.events import event_needs
from frightmare.model.lane.houses import convince_modifiers
from frightmare.model.lane.movement import RIDE_NOTE
from frightmare.model.lane.victims import DEATH_NOTE
from frightmare.model.query.notes import (
    CONVINCE_NOTE,
    KILLER_MOVES_NOTE,
    KILLER_STAYS_NOTE,
    MOVE_FOLLOWERS,
    MOVE_STEPS,
    SAVE_NOTE,
    SEARCH_DRAWN,
    SEARCH_KEEP_SECOND,
    SEARCH_NOTE,
    SEARCH_OTHER_BOTTOM,
    SEARCH_OTHER_NOTE,
    VICTIM_DIES_NOTE,
    bloodlust_note,
    counter_note,
    killer_action_offered,
    search_choices_open,
    search_keep,
    terror_offered,
)
from frightmare.model.query.space_plays import space_plays
from frightmare.model.query.verdict import refusal
from frightmare.model.round.endings import ULTIMATE_NOTE, ultimate_offered
from frightmare.model.rules import apply, record_anyway
from frightmare.store import SessionStore, load_settings
from frightmare.ui.game.board.board_panel import BoardPanel
from frightmare.ui.game.board.questions import Choose, ConvinceDialog, SearchDialog
from frightmare.ui.game.box_values import BoxValuesDialog
from frightmare.ui.game.dream.awake_banner import AwakeBanner
from frightmare.ui.game.dream.boiler_dialogs import BoilerEffectDialog
from frightmare.ui.game.dream.boiler_room import BoilerRoomPanel
from frightmare.ui.game.dream.fright_panel import FrightPanel
from frightmare.ui.game.game_page import GamePage
from frightmare.ui.game.history_panel import step_text
from frightmare.ui.game.killer_panel import KillerPanel
from frightmare.ui.game.location_panel import LocationPanel
from frightmare.ui.game.round_bar import COUNTERS, RoundBar
from frightmare.ui.help import HelpDialog
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog
from frightmare.ui.widgets.refusals import is_refused

CAMP = "Camp Happy Trails"
SHAPES = [(DR_FRIGHT, MAPLE_LANE), (DR_FRIGHT, CAMP), ("Hans", MAPLE_LANE), ("Hans", CAMP)]
FRIGHT_WORDS = ("Fright", "Awake", "Asleep", "Boiler")
MAPLE_WORDS = ("Maple Lane", "Setup card", "Event")


def on_screen(root: QWidget) -> str:
    """Every word a player can see or hear on the shown part of ``root``: texts, titles,
    tooltips, accessible names, list entries, dock and tab titles, the scenes' texts."""
    parts: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root):
            continue
        parts += [widget.toolTip(), widget.accessibleName(), widget.windowTitle()]
        if isinstance(widget, QLabel | QAbstractButton):
            parts.append(widget.text())
        if isinstance(widget, QLineEdit):
            parts += [widget.text(), widget.placeholderText()]
        if isinstance(widget, QPlainTextEdit):
            parts += [widget.toPlainText(), widget.placeholderText()]
        if isinstance(widget, QGroupBox):
            parts.append(widget.title())
        if isinstance(widget, QComboBox):
            parts += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QTabBar):
            parts += [widget.tabText(i) for i in range(widget.count())]
        if isinstance(widget, QDockWidget):
            parts.append(widget.windowTitle())
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                parts.append(item.toolTip())
                if isinstance(item, QGraphicsSimpleTextItem):
                    parts.append(item.text())
                elif isinstance(item, QGraphicsTextItem):
                    parts.append(item.toPlainText())
    return "\n".join(part for part in parts if part)


def open_shape(open_game: Callable[..., MainWindow], killer: str, location: str) -> MainWindow:
    health = None if killer == DR_FRIGHT else 8
    window = open_game(final_girl="Nancy", killer=killer, location=location, killer_health=health)
    window.resize(1366, 768)
    QApplication.processEvents()
    return window


def main_page(game: GamePage, fright: bool, maple: bool) -> QWidget:
    """What the main region shows (issue 14 item 3): the board when there is one, else the
    Boiler Room deck (Dr. Fright elsewhere), else the Location panel."""
    if maple:
        return game.board_tab
    return game.dream_tab if fright else game.location_region


@pytest.mark.parametrize(("killer", "location"), SHAPES)
def test_the_screen_takes_each_shape_of_the_game(
    open_game: Callable[..., MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    killer: str,
    location: str,
) -> None:
    """Issue 14: "With any other Killer, none of that appears" (Awake/Asleep, the Boiler Room,
    his Dark Powers); "On any other Location there is no Maple Lane board, no Setup card choice
    and no Maple Lane Event"; "The banner, checklist, reminders, F1 help, History wording ...
    name the real Killer and Location"."""
    window = open_shape(open_game, killer, location)
    game = window.game
    assert window.session is not None
    fright, maple = killer == DR_FRIGHT, location == MAPLE_LANE
    assert game.tabs.currentWidget() is main_page(game, fright, maple)
    assert game.killer_panel.isVisibleTo(window) == (not fright)
    assert game.location_panel.isVisibleTo(window) == (not maple and not fright)
    if fright and not maple:  # his Boiler Room first; the Location one click away
        assert game.show_board_button.text() == location
        game.show_board_button.click()
        assert game.location_panel.isVisibleTo(window)
        game.show_boiler_button.click()
        assert game.tabs.currentWidget() is game.dream_tab
    assert game.fright.isVisibleTo(window) == fright
    assert game.board_view.isVisibleTo(window) == maple
    assert game.board_panel.event_card.isVisibleTo(window) == maple
    assert game.setup_card.values["Setup card"].isVisibleTo(window) == maple

    # A round of play, through the window as the player plays it.
    # Awake, his Health − is refused against Dr. Fright (issue 20): recorded anyway here.
    hurt: Action = AdjustCounter(counter="killer health", delta=-1)
    for action in (
        NextPhase(),
        NextPhase(),
        record_anyway(hurt) if fright else hurt,
        AdjustCounter(counter="bloodlust", delta=1),
    ):
        assert window.act(action), action
    if maple:
        assert window.act(Place(piece="dr fright", space=window.session.state.board.exits[0]))
    QApplication.processEvents()

    words = on_screen(game)
    for dock in game.docks.values():  # every dock the game offers, each brought to the front
        if dock.toggleViewAction().isVisible():
            dock.raise_()
            QApplication.processEvents()
            words += "\n" + on_screen(game)
    if maple:  # the Legend dock was read too, and names the real Killer
        assert f"{killer}: drag him" in words
    if not fright:
        for absent in FRIGHT_WORDS:
            assert absent not in words, (absent, [w for w in words.split("\n") if absent in w])
        assert killer in game.killer_panel.name.text()
    if not maple:
        for absent in MAPLE_WORDS:
            assert absent not in words, (absent, [w for w in words.split("\n") if absent in w])
        assert location in game.location_panel.name.text()
    rows = game.history.rows()
    assert location in rows[0] and killer in rows[0]
    assert any(killer in row for row in rows[1:]), rows
    if not fright:
        assert not any("Fright" in row for row in rows), rows

    # Saved after every action: reopened in a new window, the game has the same shape.
    session_id = window.session.id
    window.close()
    again = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    qtbot.addWidget(again)
    again.show()
    assert again.open_session(session_id)
    assert again.game.history.rows() == rows
    assert again.game.tabs.currentWidget() is main_page(again.game, fright, maple)
    assert again.game.killer_panel.isVisibleTo(again) == (not fright)
    if not fright:
        assert "Fright" not in on_screen(again.game)


def test_the_killer_and_location_panels_act_through_the_page(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_shape(open_game, "Hans", CAMP)
    game = window.game
    assert window.session is not None
    game.killer_panel.health_down.click()
    game.location_panel.add_victim.click()
    state = window.session.state
    assert state.counters.killer_health == 7
    assert state.location is not None and state.location.victims == 1


def test_flush_typing_commits_both_notes(qtbot: QtBot) -> None:
    """Nothing typed is lost: the lead calls ``flush_typing`` before any other action."""
    page = GamePage()
    qtbot.addWidget(page)
    state = new_game(GameSetup(killer="Hans", killer_health=8, location=CAMP), seed=2)
    page.show_state(state)
    emitted: list[object] = []
    page.act_requested.connect(emitted.append)
    notes: list[str] = []
    page.notes.notes_edited.connect(notes.append)
    page.notes.edit.setPlainText("House rule: no Ultimate")
    page.location_panel.notes.setPlainText("Hans in the boathouse")
    page.flush_typing()
    assert notes == ["House rule: no Ultimate"]
    assert emitted == [LocationNotes(notes="Hans in the boathouse")]
    page.flush_typing()  # nothing new: nothing sent twice
    assert len(emitted) == 1 and len(notes) == 1


def test_history_lines_are_the_models_sentences() -> None:
    history = History(new_game(GameSetup(killer="Hans", killer_health=8), seed=1))
    history.do(Place(piece="dr fright", space=history.state.board.exits[0]))
    history.do(NextPhase())
    for index in range(len(history)):
        assert step_text(history, index) == history.describe_step(index)
    assert "Hans" in step_text(history, 0) and "Fright" not in step_text(history, 0)


def test_the_banner_reacts_to_the_attack_event_kind_never_its_wording(qtbot: QtBot) -> None:
    """Issue 12 item 2: "The banner, animations, tab switches and tests use the kind, never
    the wording"."""
    banner = AwakeBanner()
    qtbot.addWidget(banner)
    state = new_game(GameSetup(), seed=1)
    worded = replace(state, log=("Dr. Fright attacks!",), events=())
    banner.show_state(worded)
    assert banner.news.label.property("tone") == ""
    typed = replace(state, log=("He strikes.",), events=(Event("attack", "He strikes."),))
    banner.show_state(typed)
    assert banner.news.label.property("tone") == "attack"


def on_maple_lane(seed: int = 3, **setup: object) -> GameState:
    return new_game(GameSetup.from_json(setup), seed=seed)


def test_the_convince_dialog_asks_the_model(qtbot: QtBot) -> None:
    """Rulebook, "Convince Action cards and entering occupied houses": line 1 "You may take the
    top Item. If you do, mark the House with an X token" (an X only stops a search, issue 9
    item 3); the extra dice in force are the model's ``convince_modifiers``."""
    state = on_maple_lane()
    board = state.board
    house = board.houses[0]
    table = state.table
    state = replace(
        state,
        table=replace(
            table,
            final_girl=board.adjacent_street(house),
            victims=table.victims.add(house, 1),
            x_tokens=table.x_tokens | {house},
            events=(*table.events, "Friendly Neighbors"),
        ),
    )
    modifiers = convince_modifiers(state)
    assert modifiers
    dialog = ConvinceDialog(state, house)
    qtbot.addWidget(dialog)
    for source, dice in modifiers:
        assert f"{source} {dice:+d}" in dialog.intro.text()
    dialog.group.buttons()[0].setChecked(True)
    take = Convince(house=house, result=dialog._result(), take_item=True)
    refused = refusal(state, take)
    assert dialog.take.isEnabled() == (refused is None or refused.overridable)
    dialog.take.setChecked(True)
    dialog.item_name.setCurrentText("Lucky  Charm")
    action = dialog.action()
    assert action.take_item and action.item_name == "Lucky Charm"
    after = apply(state, action)
    assert [item.name for item in after.table.held] == ["Lucky Charm"]
    # Another line never takes the Item.
    dialog.group.buttons()[-1].setChecked(True)
    assert not dialog.action().take_item


def test_events_ask_for_what_the_model_says_they_need(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12 item 1: "which Events need a die, an Exit or a House" is the model's
    ``event_needs``; issue 9 item 12: an Event the list lacks can be typed."""
    asked: list[str] = []

    def number(cls: object, *args: object) -> int:
        asked.append("die")
        return 2

    monkeypatch.setattr(Choose, "number", classmethod(number))

    def pick(
        cls: object, parent: object, title: str, label: str, options: Sequence[tuple[str, str]]
    ) -> str:
        asked.append("exit" if "Exit" in label else "house")
        return options[0][0]

    monkeypatch.setattr(Choose, "pick", classmethod(pick))
    panel = BoardPanel()
    qtbot.addWidget(panel)
    state = on_maple_lane()
    board = state.board
    state = replace(
        state, table=replace(state.table, victims=state.table.victims.add(board.houses[0], 1))
    )
    emitted: list[RevealEvent] = []
    panel.act_requested.connect(emitted.append)
    panel.show_state(state, None)
    for name in EVENTS:
        asked.clear()
        panel.event_card.setCurrentIndex(panel.event_card.findData(name))
        panel.reveal_event.click()
        need = event_needs(name)
        assert asked == ([need] if need else []), name
        assert emitted[-1].name == name
    panel.event_card.setCurrentText("  Block   Party ")
    asked.clear()
    panel.reveal_event.click()
    assert emitted[-1] == RevealEvent(name="Block Party") and asked == []
    after = apply(state, emitted[-1])
    assert "Block Party" in after.table.events


@pytest.mark.parametrize("epic", [False, True])
def test_dr_frights_cards_are_the_models_lists_and_any_name(qtbot: QtBot, epic: bool) -> None:
    """Issue 12 item 1 ("which Dark Powers a game can reveal") and issue 9 item 12 ("Let the
    player name a Dark Power, Finale ... the lists lack")."""
    panel = FrightPanel()
    qtbot.addWidget(panel)
    emitted: list[object] = []
    panel.act_requested.connect(emitted.append)
    state = on_maple_lane(epic=epic)
    panel.show_state(state)
    listed = tuple(
        panel.cards.dark_power.itemData(i) for i in range(panel.cards.dark_power.count())
    )
    assert listed == dark_power_choices(state)
    listed = tuple(panel.cards.finale.itemData(i) for i in range(panel.cards.finale.count()))
    assert listed == finale_choices(state)
    panel.cards.finale.setCurrentText("Dream Warfare")
    panel.cards.reveal_finale.click()
    panel.cards.dark_power.setCurrentIndex(panel.cards.dark_power.count() - 1)
    panel.cards.reveal_power.click()
    assert emitted == [
        RevealFinale(name="Dream Warfare"),
        RevealDarkPower(name=dark_power_choices(state)[-1]),
    ]


def test_refused_controls_show_the_models_refusal_and_stay_clickable(qtbot: QtBot) -> None:
    """Issue 9 item 13: "Every refusal in the GUI offers ... a way to record the play anyway":
    the button keeps the model's message as its tooltip and the click reaches the model."""
    panel = FrightPanel()
    qtbot.addWidget(panel)
    emitted: list[object] = []
    panel.act_requested.connect(emitted.append)
    state = on_maple_lane()  # Awake: he cannot attack her, she cannot attack him
    panel.show_state(state)
    for button, action in (
        # His attack: the damage she takes after her defence (his Attack value proposed);
        # hers: the damage it deals (issue 20).
        (panel.attacks_you, DrFrightAttacks(target="final girl", damage=1)),
        (panel.attacks_victim, DrFrightAttacks(target="victim")),
        (panel.you_attack, AttackDrFright(damage=1)),
        (panel.panic, VictimsPanic(count=1)),
    ):
        refused = refusal(state, action)
        assert is_refused(button) == (refused is not None)
        if refused is not None:
            assert button.toolTip() == str(refused)
            assert button.isEnabled() == refused.overridable
        if button.isEnabled():
            button.click()
            assert emitted[-1] == action


def test_the_round_bar_asks_the_model(qtbot: QtBot) -> None:
    bar = RoundBar()
    qtbot.addWidget(bar)
    state = on_maple_lane(killer="Hans", killer_health=8)
    for saved in (0, state.box.save_slots):
        shown = replace(state, counters=replace(state.counters, victims_saved=saved))
        bar.show_state(shown)
        assert (not bar.ultimate.isHidden()) == ultimate_offered(shown)
    for key, _title, _ in COUNTERS:
        box = bar.counters[key]
        assert box.value.accessibleName() == counter_title(state, key)
        assert box.minus.accessibleName() == f"{counter_title(state, key)} minus one"
    assert bar.counters["killer health"].title.text() == "Hans"
    over = replace(state, result="loss")
    bar.show_state(over)
    refused = refusal(over, AdjustCounter(counter="time", delta=1))
    assert bar.counters["time"].plus.isEnabled() == (refused is None or refused.overridable)


def test_box_values_are_labelled_by_the_model_and_switches_are_checkboxes(qtbot: QtBot) -> None:
    state = on_maple_lane(killer="Hans", killer_health=8)
    dialog = BoxValuesDialog(state)
    qtbot.addWidget(dialog)
    for name in BOX_FIELDS:
        assert dialog.spins[name].accessibleName() == box_label(state, name)
    assert dialog.spins["killer_health"].accessibleName() == "Hans's Health"
    # Against Hans, Dr. Fright's own switch (Bloodlust's maximum) is not offered.
    assert set(dialog.switches) == set(SWITCHES) - {"bloodlust_max_sleep"}
    for name in dialog.switches:
        assert dialog.switches[name].text() == box_label(state, name)
    switch = SWITCHES[0]
    dialog.switches[switch].setChecked(not getattr(state.box, switch))
    changes = dialog.changes()
    assert changes == [(switch, int(not getattr(state.box, switch)))]
    after = apply(state, SetBoxValue(name=switch, value=changes[0][1]))
    assert getattr(after.box, switch) == changes[0][1]


def test_a_card_that_changes_the_boiler_room_is_recorded_from_the_panel(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Boiler Room: "exactly one BR card (unless a game effect changes this)" (issue 9
    item 6): extra card, skip, the rest at once, each with the card named."""
    panel = BoilerRoomPanel()
    qtbot.addWidget(panel)
    emitted: list[object] = []
    panel.act_requested.connect(emitted.append)
    state = on_maple_lane()
    panel.show_state(state)
    assert not panel.card_effect.isVisibleTo(panel)  # Awake: no Boiler Room to change
    asleep = apply(state, FallAsleep(cause="effect"))
    panel.show_state(asleep)
    assert panel.card_effect.isVisibleTo(panel) and panel.card_effect.isEnabled()
    for effect in get_args(BoilerEffect):
        wanted = BoilerRoomEffect(effect=effect, card="Nightmare Fuel")
        monkeypatch.setattr(BoilerEffectDialog, "ask", classmethod(lambda cls, p, w=wanted: w))
        panel.card_effect.click()
        assert emitted[-1] == wanted
        apply(asleep, wanted)  # the model takes it

    dialog = BoilerEffectDialog()
    qtbot.addWidget(dialog)
    assert dialog.action() is None  # a card must be named
    dialog.card.setText("  Nightmare   Fuel ")
    dialog.effect.setCurrentIndex(dialog.effect.findData("skip card"))
    assert dialog.action() == BoilerRoomEffect(effect="skip card", card="Nightmare Fuel")


# The GUI holds no rule text of its own ------------------------------------------------------


def _strings(package: Path) -> dict[str, str]:
    """Every string literal of ``package`` that is not a docstring, with where it is."""
    found: dict[str, str] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                found.setdefault(node.value, f"{path.name}:{node.lineno}")
    return found


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?])\s+", text)
    return [p.strip() for p in parts if len(p.strip()) >= 25 and len(p.split()) >= 5]


# Names of things and steps that the GUI and the model both say: UI words, not rule text.
SHARED_NAMES = (
    "asleep in the boiler room",
    "cards in the item deck",
    "correct the number of victims on",
    "epic dark power shock factor",
    "notes of where things are",
    "turn over your final health",
)
RUN = 5  # words in a row: a shorter run is a name ("the top Item"), a longer one a sentence


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+']+", text.lower())


def _runs(text: str, length: int = RUN) -> set[str]:
    """Every run of ``length`` words of ``text``, lower-cased, punctuation dropped."""
    words = _words(text)
    return {" ".join(words[n : n + length]) for n in range(len(words) - length + 1)}


def copied_runs(model: dict[str, str], gui: dict[str, str]) -> list[tuple[str, str, str]]:
    """Each run of ``RUN`` words a GUI string shares with a model string (the run, where in
    the GUI, where in the model), but the ``SHARED_NAMES``."""
    in_model: dict[str, str] = {}
    for text, where in model.items():
        for run in _runs(text):
            in_model.setdefault(run, where)
    return sorted(
        (run, gui_where, in_model[run])
        for text, gui_where in gui.items()
        for run in _runs(text)
        if run in in_model and not any(run in name for name in SHARED_NAMES)
    )


def test_the_gui_copies_no_sentence_of_the_models() -> None:
    """Issue 12 item 1: "The GUI holds no rule and no rule text of its own; a test greps
    ``frightmare/ui`` for rule words copied from the model": no sentence of the model, and no
    run of five words a model string says, is written again in the GUI (it imports the
    model's text instead)."""
    root = Path(frightmare.__file__).parent
    model = _strings(root / "model")
    gui = _strings(root / "ui")
    copied = [
        (sentence, where, gui_where)
        for text, where in model.items()
        for sentence in _sentences(text)
        for gui_text, gui_where in gui.items()
        if sentence in gui_text
    ]
    assert copied == []
    assert copied_runs(model, gui) == []


def test_the_copy_check_catches_rule_prose_written_in_the_gui() -> None:
    """The check above can fail: the Bicycle's rule and the Boiler Room's due card, as they
    were once written in the GUI, are caught; a shared name alone is not."""
    model = {
        "The Bicycle takes you to any other Street space.": "maple_lane.py",
        "record his Killer Action and the Terror card first.": "dream.py",
        "Asleep in the Boiler Room.": "dream.py",
    }
    gui = {
        "Ride the Bicycle: to any other Street space, once per turn": "board_panel.py",
        " A card is due after his Killer Action and the Terror card.": "boiler_room.py",
        "Asleep in the Boiler Room. Card 3 of 10 is next": "boiler_room.py",
    }
    caught = {(run, where) for run, where, _model in copied_runs(model, gui)}
    assert ("to any other street space", "board_panel.py") in caught
    assert ("his killer action and the", "boiler_room.py") in caught
    assert all(where != "boiler_room.py" or "asleep" not in run for run, where in caught)


def _model_tip(state: GameState, action: Action, note: str) -> str:
    """What a rule-bearing control's tooltip must read: the model's refusal of its action, or
    else the model's note for it."""
    refused = refusal(state, action)
    return note if refused is None else str(refused)


@pytest.mark.parametrize("phase", PHASES)
def test_each_rule_bearing_control_shows_the_models_own_words(qtbot: QtBot, phase: Phase) -> None:
    """Issue 12 item 1: "checks each control's tooltip comes from the model". Each control
    that states a rule shows, word for word, a string the model produced for this state (its
    note in ``frightmare.model.query.notes``, or its refusal), and is shown when the model offers
    it.
    Unlike the copy check above, prose written in the GUI fails here even if the model never
    said it."""
    maple = replace(on_maple_lane(), phase=phase)
    camp = replace(on_maple_lane(killer="Hans", killer_health=8, location=CAMP), phase=phase)
    for state in (maple, camp, replace(maple, finale="Time to Die"), replace(camp, result="win")):
        bar = RoundBar()
        qtbot.addWidget(bar)
        bar.show_state(state)
        for key, _title, _short in COUNTERS:
            assert bar.counters[key].toolTip() == counter_note(state, key)
        assert bar.killer_moves.isHidden() is not killer_action_offered(state)
        assert bar.killer_stays.isHidden() is not killer_action_offered(state)
        assert bar.terror.isHidden() is not terror_offered(state)
        for button, action, note in (
            (bar.killer_moves, KillerAction(move_icon=True), KILLER_MOVES_NOTE),
            (bar.killer_stays, KillerAction(move_icon=False), KILLER_STAYS_NOTE),
            (bar.ultimate, UseUltimate(), ULTIMATE_NOTE),
        ):
            assert button.toolTip() == _model_tip(state, action, note)
        killer = KillerPanel()
        qtbot.addWidget(killer)
        killer.show_state(state)
        assert killer.bloodlust.toolTip() == bloodlust_note(state)
    location = LocationPanel()
    qtbot.addWidget(location)
    location.show_state(camp)
    died = LocationVictimsKilled(count=1)
    assert location.kill_victim.toolTip() == _model_tip(camp, died, VICTIM_DIES_NOTE)

    panel = BoardPanel()
    qtbot.addWidget(panel)
    board = maple.board
    assert (panel.steps.minimum(), panel.steps.maximum()) == MOVE_STEPS
    assert (panel.followers.minimum(), panel.followers.maximum()) == MOVE_FOLLOWERS
    notes = {
        "ride": RIDE_NOTE,
        "convince": CONVINCE_NOTE,
        "search": SEARCH_NOTE,
        "kill": DEATH_NOTE,
        "save": SAVE_NOTE,
    }
    seen = set()
    # On a board with pieces (Block Party), on every space: each play shown is the model's.
    party = replace(on_maple_lane(setup_card="Block Party"), phase=phase)
    for space in board.spaces:
        panel.show_state(party, space)
        here = space_plays(party, space)
        verdicts = {
            "ride": here.ride.verdict,
            "convince": here.convince.verdict,
            "search": here.search.verdict,
            "kill": here.victim_dies.verdict,
            "save": here.save.verdict,
        }
        for entry, button in panel.buttons.items():
            label = entry.split(":")[0]
            if label not in notes:
                continue
            seen.add(label)
            answer = verdicts[label]
            expected = notes[label] if answer.allowed else str(answer)
            assert button.toolTip() == expected, entry
    assert "kill" in seen


def test_the_search_dialog_asks_the_model_for_its_counts(qtbot: QtBot) -> None:
    """``Search``: one or two cards are drawn; "with two, ``keep`` picks one": the dialog's
    range is the action's, and the second card's rows open only when the model says so."""
    state = on_maple_lane()
    dialog = SearchDialog(state, state.board.houses[0])
    qtbot.addWidget(dialog)
    assert (dialog.count.minimum(), dialog.count.maximum()) == SEARCH_DRAWN
    assert dialog.keep_second.text() == SEARCH_KEEP_SECOND
    assert dialog.to_bottom.text() == SEARCH_OTHER_BOTTOM
    assert dialog.keep_second.toolTip() == dialog.to_bottom.toolTip() == SEARCH_OTHER_NOTE
    for drawn in range(SEARCH_DRAWN[0], SEARCH_DRAWN[1] + 1):
        dialog.count.setValue(drawn)
        dialog.keep_second.setChecked(True)
        assert dialog.second.isEnabled() == search_choices_open(drawn)
        action = dialog.action()
        assert len(action.names) == drawn
        assert action.keep == search_keep(drawn, keep_second=True)


def test_the_action_phase_checklist_says_nothing_of_sleep_against_another_killer(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_shape(open_game, "Hans", MAPLE_LANE)
    assert "Asleep" not in on_screen(window.game)


def test_help_and_the_summary_name_only_the_halves_in_the_game(qtbot: QtBot) -> None:
    """Issue 14 item 3: "F1 help ... name the real Killer and Location"."""
    state = new_game(GameSetup(killer="Hans", killer_health=8, location=CAMP), seed=1)
    help_dialog = HelpDialog([], None, state)
    qtbot.addWidget(help_dialog)
    text = help_dialog.text.toPlainText()
    assert "Boiler Room" not in text and "board" not in text
    full = HelpDialog([], None)
    qtbot.addWidget(full)
    assert "Boiler Room" in full.text.toPlainText()
    won = replace(state, result="win", ended_round=3)
    summary = GameOverDialog(won)
    qtbot.addWidget(summary)
    assert "Win: Hans is dead" in on_screen(summary)
    assert "Fright" not in on_screen(summary)


def test_the_convince_dialog_keeps_its_lines_in_place(qtbot: QtBot) -> None:
    """Final walkthrough: choosing the fail line hid the take-Item rows, the dialog shrank and
    the result lines slid about 92 px under the pointer."""
    state = on_maple_lane()
    house = state.board.houses[0]
    dialog = ConvinceDialog(state, house)
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    buttons = dialog.group.buttons()
    tops = [b.geometry().top() for b in buttons]
    size = dialog.size()
    for button in buttons:
        button.setChecked(True)
        QApplication.processEvents()
        assert [b.geometry().top() for b in buttons] == tops, button.text()
        assert dialog.size() == size

"""Each control's state and tooltip come from the model (issue 12 item 1): "Each
enabled/disabled state and its tooltip comes from one model query (refusal(state, action) or a
sibling that lists what is possible ...). The GUI holds no rule and no rule text of its own."
A refused control stays clickable, is marked, says why, and offers Record anyway (issue 9
item 13); only an impossible one is disabled."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, new_game
from frightmare.model.actions.dream import FallAsleep, RevealFinale, SleepCause
from frightmare.model.actions.edit import SetCounter
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    DiscardItem,
    KillVictim,
    RecordTopCard,
    ReturnItem,
    RevealEvent,
    ToggleHand,
)
from frightmare.model.actions.round import (
    AdjustCounter,
    DiscardActionCard,
    DrawTerror,
    KillerAction,
    NextPhase,
)
from frightmare.model.box.board import QUADRANT_NAMES, known_items
from frightmare.model.dream.deck import AWAKE_NOTE, DUE_LATER, boiler_card_note
from frightmare.model.dream.dream import fall_asleep_note
from frightmare.model.game.state import GameState
from frightmare.model.game.table import HeldItem
from frightmare.model.lane.events import event_sample, event_targets
from frightmare.model.lane.houses import (
    CLOSEST_OPEN,
    TAKE_ITEM,
    closest_open_quadrants,
    convince_caption,
    search_progress,
)
from frightmare.model.lane.victims import DEATH_NOTE
from frightmare.model.query.notes import FINAL_HEALTH_TOKEN
from frightmare.model.query.verdict import refusal
from frightmare.model.round.endings import ULTIMATE_NOTE, ultimate_offered
from frightmare.model.rules import apply
from frightmare.ui.game.board.board_panel import BoardPanel
from frightmare.ui.game.board.questions import (
    UNKNOWN,
    Choose,
    ConvinceDialog,
    SearchDialog,
    _item_combo,
    _name_of,
)
from frightmare.ui.game.dream.boiler_room import BoilerRoomPanel
from frightmare.ui.game.round_bar import RoundBar
from frightmare.ui.game.steps.final_health import TokenDialog
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.summary import GameOverDialog
from frightmare.ui.widgets.refusals import is_refused

PARTY = "Party in the Burbs!"


def maple(seed: int = 3, **setup: object) -> GameState:
    return new_game(GameSetup.from_json(setup), seed=seed)


def shows_refusal(widget: QWidget, state: GameState, action: Action) -> None:
    """``widget`` says the model's refusal of ``action``; disabled only if it is impossible."""
    refused = refusal(state, action)
    assert refused is not None
    assert is_refused(widget)
    assert widget.toolTip() == str(refused)
    assert widget.isEnabled() == refused.overridable


def with_victim(state: GameState, space: str) -> GameState:
    return replace(state, table=replace(state.table, victims=state.table.victims.add(space, 1)))


def panel_with(qtbot: QtBot, state: GameState) -> BoardPanel:
    panel = BoardPanel()
    qtbot.addWidget(panel)
    panel.show_state(state, None)
    return panel


def picks(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Replace ``Choose.pick``: record the ids offered, answer the first."""
    offered: list[list[str]] = []

    def pick(
        cls: object, parent: object, title: str, label: str, options: Sequence[tuple[str, str]]
    ) -> str:
        offered.append([key for key, _text in options])
        return options[0][0]

    monkeypatch.setattr(Choose, "pick", classmethod(pick))
    return offered


def test_a_deck_button_asks_the_model_whether_its_top_card_can_be_named(qtbot: QtBot) -> None:
    """An empty deck has no top card: the model's refusal (impossible) disables the button
    and is its tooltip; the others are offered. "searched n/3" counts the board's Houses."""
    state = maple()
    state = replace(state, table=state.table.with_deck("NW", ()))
    panel = panel_with(qtbot, state)
    shows_refusal(panel.deck_buttons["NW"], state, RecordTopCard(quadrant="NW", name=None))
    for q in QUADRANT_NAMES[1:]:
        assert panel.deck_buttons[q].isEnabled() and not is_refused(panel.deck_buttons[q])
    for q in QUADRANT_NAMES:
        searched, houses = search_progress(state, q)
        assert f"searched {searched}/{houses}" in panel.deck_labels[q].text()


def test_the_held_item_buttons_ask_the_model(qtbot: QtBot) -> None:
    """No Item held: each button shows the model's reason; with one, each is offered."""
    state = maple()
    panel = panel_with(qtbot, state)
    first = QUADRANT_NAMES[0]
    back = ReturnItem(
        index=0, quadrant=first, other_quadrant=closest_open_quadrants(state, first)[0]
    )
    pairs = (
        (panel.hand_button, ToggleHand(index=0)),
        (panel.discard_button, DiscardItem(index=0)),
        (panel.return_button, back),
    )
    for button, action in pairs:
        shows_refusal(button, state, action)
    held = replace(state, table=replace(state.table, held=(HeldItem("Rifle", True),)))
    panel.show_state(held, None)
    for button, action in pairs:
        assert refusal(held, action) is None
        assert button.isEnabled() and not is_refused(button)
        assert button.toolTip() == panel.held_tips[button]
    emitted: list[object] = []
    panel.act_requested.connect(emitted.append)
    panel.held.setCurrentRow(0)
    panel.discard_button.click()
    assert emitted == [DiscardItem(index=0)]


def test_the_party_is_offered_the_houses_the_model_lists(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules notes §5, "Party in the Burbs!: 4 new Victims in a House that holds Victims, else
    on the Intersection": the Houses offered are the model's ``event_targets``."""
    offered = picks(monkeypatch)
    state = maple()
    board = state.board
    for house in (board.houses[2], board.houses[7]):
        state = with_victim(state, house)
    panel = panel_with(qtbot, state)
    emitted: list[RevealEvent] = []
    panel.act_requested.connect(emitted.append)
    panel.event_card.setCurrentIndex(panel.event_card.findData(PARTY))
    assert panel.reveal_event.toolTip() == f"Reveal {PARTY}"
    panel.reveal_event.click()
    assert offered == [list(event_targets(state, PARTY))]
    assert emitted == [RevealEvent(name=PARTY, space=board.houses[2])]
    apply(state, emitted[-1])  # the model takes it


@pytest.mark.parametrize("name", ["Officer Kopp", "Friendly Neighbors"])
def test_an_event_in_play_is_refused_by_the_model_and_recorded_anyway(
    open_game: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """An Event that needs an Exit (or nothing) asks ``refusal`` too: once in play
    ("is already in play") the Reveal button is marked, says the model's refusal, stays
    clickable, and the click offers Record anyway, which records it."""
    picks(monkeypatch)
    monkeypatch.setattr(Choose, "number", classmethod(lambda cls, *a: 4))
    window = open_game(setup_card="Maple Lane")
    assert window.session is not None
    panel = window.game.board_panel
    assert window.act(event_sample(window.session.state, name))
    state = window.session.state
    panel.event_card.setCurrentIndex(panel.event_card.findData(name))
    QApplication.processEvents()
    shows_refusal(panel.reveal_event, state, event_sample(state, name))
    panel.reveal_event.click()
    banner = window.game.banner
    assert banner.record_anyway.isVisibleTo(window)
    banner.record_anyway.click()
    last = window.session.history.actions[-1]
    assert isinstance(last, RevealEvent) and last.name == name and last.anyway


def test_the_board_panels_rule_texts_are_the_models(qtbot: QtBot) -> None:
    state = maple()
    panel = panel_with(qtbot, state)
    space = state.board.streets[0]
    state = with_victim(state, space)
    panel.show_state(state, space)
    assert refusal(state, KillVictim(space=space, who=state.table.kinds_at(space)[0])) is None
    assert panel.buttons["kill"].toolTip() == DEATH_NOTE


def test_the_convince_and_search_dialogs_say_the_models_words(qtbot: QtBot) -> None:
    state = maple()
    board = state.board
    house = board.houses[0]
    state = replace(
        state,
        table=replace(
            state.table,
            final_girl=board.adjacent_street(house),
            victims=state.table.victims.add(house, 1),
        ),
    )
    dialog = ConvinceDialog(state, house)
    qtbot.addWidget(dialog)
    captions = [b.text().split(" — ", 1)[1] for b in dialog.group.buttons()]
    assert captions == [convince_caption(line) for line in board.data.convince]
    assert dialog.take.text() == TAKE_ITEM
    search = SearchDialog(state, house)
    qtbot.addWidget(search)
    assert search.quadrant.toolTip() == CLOSEST_OPEN


def test_the_boiler_rooms_notes_are_the_models(qtbot: QtBot) -> None:
    """Rulebook, "Awake and Asleep" (a Rest puts you to sleep whatever the roll) and "When you
    are Asleep" (the Killer phase's card): the panel says the model's sentences."""
    panel = BoilerRoomPanel()
    qtbot.addWidget(panel)
    state = maple()
    panel.show_state(state)
    assert panel.status.label.text().startswith(AWAKE_NOTE)
    rests: tuple[tuple[QAbstractButton, SleepCause], ...] = (
        (panel.short_rest, "short rest"),
        (panel.long_rest, "long rest"),
        (panel.fall_asleep, "effect"),
    )
    for button, cause in rests:
        if refusal(state, FallAsleep(cause=cause)) is None:
            assert button.toolTip() == fall_asleep_note(cause)
    asleep = apply(state, FallAsleep(cause="effect"))
    while asleep.phase != "killer":
        asleep = apply(asleep, NextPhase())
    panel.show_state(asleep)
    assert boiler_card_note(asleep) == DUE_LATER
    assert DUE_LATER in panel.status.label.text()
    done = apply(asleep, KillerAction(move_icon=False))
    panel.show_state(done)
    note = boiler_card_note(done)
    assert note and note in panel.status.label.text()


def test_the_ultimates_tooltip_is_the_models(qtbot: QtBot) -> None:
    bar = RoundBar()
    qtbot.addWidget(bar)
    state = maple(killer="Hans", killer_health=8)
    full = replace(state, counters=replace(state.counters, victims_saved=state.box.save_slots))
    bar.show_state(full)
    assert ultimate_offered(full)
    assert bar.ultimate.toolTip() == ULTIMATE_NOTE


def _possible(state: GameState, action: Action) -> bool:
    refused = refusal(state, action)
    return refused is None or refused.overridable


def test_the_play_menus_follow_the_models_refusals(
    open_game: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "The table is the truth": a play the rules refuse stays on (the click says why and
    offers Record anyway); an impossible one is off. Rules notes §1, Killer: "then one
    Terror card is drawn and resolved (none after the Finale)": refused after the Finale,
    impossible with the Terror deck empty."""
    monkeypatch.setattr(GameOverDialog, "show_for", classmethod(lambda cls, *a: None))
    window = open_game()
    assert window.session is not None
    state = window.session.state
    assert window.next_phase_action.isEnabled() == _possible(state, NextPhase())
    for action, counter, delta in window.counter_menu_items:
        wanted = AdjustCounter(counter=counter, delta=delta)
        assert action.isEnabled() == _possible(state, wanted)
    assert window.discard_card_action.isEnabled()
    terror = DrawTerror(name="A Terror card")
    assert window.act(SetCounter(counter="terror", value=0))
    assert not _possible(window.session.state, terror)
    assert not window.terror_action.isEnabled()
    assert window.act(SetCounter(counter="terror", value=1))
    assert window.act(RevealFinale(name="Time to Die"))
    refused = refusal(window.session.state, terror)
    assert refused is not None and refused.overridable
    assert window.terror_action.isEnabled()
    assert window.act(EndGame(result="win"))
    assert window.session.state.over
    assert not window.next_phase_action.isEnabled()
    assert not window.edit_table_action.isEnabled()
    assert not any(action.isEnabled() for action in window.counter_actions)
    assert not _possible(window.session.state, DiscardActionCard())
    assert not window.discard_card_action.isEnabled()
    assert window.undo_action.isEnabled()


def test_unknown_is_carried_as_none_not_read_back_from_its_text(qtbot: QtBot) -> None:
    """Issue 12 item 8: "choices carried as ids (``userData``), never mapped back from display
    text": the "(unknown)" entry's data is ``None``; a listed card's data is its name; a
    typed name is taken as typed."""
    combo = _item_combo(None)
    qtbot.addWidget(combo)
    assert combo.currentText() == UNKNOWN and combo.currentData() is None
    assert _name_of(combo) is None
    name = known_items()[0]
    combo.setCurrentIndex(combo.findData(name))
    assert _name_of(combo) == name
    combo.setEditText("  A   card  the list lacks ")
    assert _name_of(combo) == "A card the list lacks"
    combo.setEditText("")
    assert _name_of(combo) is None
    named = _item_combo(name)
    qtbot.addWidget(named)
    assert named.currentIndex() == named.findData(name) and _name_of(named) == name
    typed = _item_combo("Grandma's quilt")
    qtbot.addWidget(typed)
    assert typed.currentData() is None and _name_of(typed) == "Grandma's quilt"


@pytest.mark.parametrize(("answer", "recorded"), [("", None), ("Rifle", "Rifle")])
def test_naming_a_decks_top_card_records_none_for_the_unknown_card(
    open_game: Callable[..., MainWindow],
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    recorded: str | None,
) -> None:
    """``Choose.item`` answers "" for the card not named (never the "(unknown)" text)."""
    window = open_game()
    panel: BoardPanel = window.game.board_panel
    monkeypatch.setattr(Choose, "item", classmethod(lambda cls, *a, **k: answer))
    panel.deck_buttons["NW"].click()
    assert window.session is not None
    deck = window.session.state.table.deck("NW")
    assert deck[0].name == recorded


def test_the_final_health_token_takes_the_models_range(qtbot: QtBot) -> None:
    """The token's number is ``RevealFinalHealth.value``'s range: the dialog offers no number
    the model would reject."""
    dialog = TokenDialog("Your")
    qtbot.addWidget(dialog)
    assert (dialog.value.minimum(), dialog.value.maximum()) == FINAL_HEALTH_TOKEN

"""Menus and card-name choices ask the model (issue 12 items 1 and 8): a menu entry is on
unless the model finds its action impossible now, and "(unknown)" travels as ``None``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from frightmare.model import Action
from frightmare.model.actions import (
    AdjustCounter,
    DiscardActionCard,
    DrawTerror,
    EndGame,
    NextPhase,
    RevealFinale,
    SetCounter,
)
from frightmare.model.board import known_items
from frightmare.model.notes import FINAL_HEALTH_TOKEN
from frightmare.model.rules import refusal
from frightmare.model.state import GameState
from frightmare.ui.board_panel import UNKNOWN, BoardPanel, Choose, _item_combo, _name_of
from frightmare.ui.main_window import MainWindow
from frightmare.ui.round_bar import TokenDialog
from frightmare.ui.summary import GameOverDialog


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

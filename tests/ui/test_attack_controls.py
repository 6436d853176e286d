"""The attack controls on screen: her attack offered with its damage, Awake or Asleep, on Dr.
Fright or a Minor Dark Power in play."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot
from screen_helpers import state_of

from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.actions.steps import MinorPowerStep
from frightmare.model.box.cards import INFERNAL_SEARCH
from frightmare.ui.main_window import MainWindow


def test_awake_her_attack_on_a_minor_dark_power_is_offered_with_its_damage(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §10: whether a Minor Dark Power may be damaged while she is Awake no source
    # says (the Awake side speaks of Dr. Fright): the app lets her aim at it, damage and all.
    window = open_game(setup_card="Maple Lane")
    window.act(NextPhase())
    window.act(NextPhase())
    window.act(KillerAction(move_icon=False))  # first, then the Terror card (rules notes §1)
    window.act(DrawTerror(name=INFERNAL_SEARCH, steps=(MinorPowerStep(health=2),)))
    fright = window.game.fright
    assert state_of(window).dream.awake
    assert fright.target.isVisibleTo(window) and fright.his_row.isVisibleTo(window)
    fright.target.setCurrentIndex(fright.target.findData(INFERNAL_SEARCH))  # input 1
    assert fright.you_attack.property("refused") is False
    fright.you_attack.click()  # input 2 (1 damage, as proposed)
    state = state_of(window)
    assert [(p.card, p.health) for p in state.minor_powers] == [(INFERNAL_SEARCH, 1)]
    # Aimed at Dr. Fright again, it is refused (recordable anyway).
    fright.target.setCurrentIndex(fright.target.findData(""))
    assert fright.you_attack.property("refused") is True
    assert "Awake" in fright.you_attack.toolTip()


def test_asleep_the_attack_may_be_aimed_at_a_minor_dark_power_in_play(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    # Rules notes §10: "her attack may be aimed at it instead of him" (a Minor Dark Power in
    # play, one source): the list of whom the attack hits shows once one is in play.
    from frightmare.model.actions.dream import FallAsleep

    window = open_game(setup_card="Maple Lane")
    window.act(FallAsleep())
    window.act(NextPhase())
    window.act(NextPhase())
    fright = window.game.fright
    assert not fright.target.isVisibleTo(window)  # only Dr. Fright to hit
    window.act(KillerAction(move_icon=False))  # first, then the Terror card (rules notes §1)
    window.act(DrawTerror(name=INFERNAL_SEARCH, steps=(MinorPowerStep(health=2),)))
    assert fright.target.isVisibleTo(window)
    fright.target.setCurrentIndex(fright.target.findData(INFERNAL_SEARCH))
    fright.his_damage.setValue(2)
    fright.you_attack.click()
    state = state_of(window)
    assert state.minor_powers == () and state.counters.killer_health == 9

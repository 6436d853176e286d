"""Issue 14 item 1, the rules half: Dr. Fright's own rules apply only when he is the Killer.

Rulebook, "Awake and Asleep": "When playing against Dr. Fright there are two important game
states to understand: being Awake and being Asleep." Against another Killer there is no
Awake/Asleep card and no Boiler Room; the counters, Bloodlust, the Dark Power and the Finale
(named by the player, no effect in the app) work the same.
"""

from __future__ import annotations

import json

import pytest
from game_helpers import go_to

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import (
    AttackDrFright,
    DrFrightAttacks,
    FallAsleep,
    ResetBoilerRoom,
    RevealDarkPower,
    RevealFinale,
    Slide,
)
from frightmare.model.actions.lane import Place
from frightmare.model.actions.round import AdjustCounter, KillerAction, NextPhase
from frightmare.model.box.board import load_board, packaged_board_text
from frightmare.model.counters import box_label, counter_title
from frightmare.model.dream.deck import boiler_card_due
from frightmare.model.dream.dream import rules_in_force
from frightmare.model.errors import RuleViolation
from frightmare.model.round.checklist import checklist


def hans() -> History:
    return History(new_game(GameSetup(killer="Hans", setup_card="Maple Lane"), seed=3))


def test_no_awake_asleep_or_boiler_room_against_another_killer() -> None:
    history = hans()
    for action in (FallAsleep(), Slide(direction="up"), ResetBoilerRoom()):
        with pytest.raises(RuleViolation, match=r"This game has no Boiler Room") as refused:
            history.do(action)
        assert not refused.value.overridable
    assert not any("Dr. Fright" in line for line in rules_in_force(history.state))
    assert any("no move icon, no move" in line for line in rules_in_force(history.state))


def test_he_attacks_her_and_she_attacks_him_with_no_dream_rules() -> None:
    history = hans()
    history.do(DrFrightAttacks(target="final girl"))  # no "You are Awake" refusal
    history.do(Place(piece="final girl", space="exit-n"))
    attack = history.do(AttackDrFright()).events[0]
    assert (attack.kind, attack.name) == ("your-attack", "Hans")
    # Wording kept: that the player's sentence names the real Killer is what this checks.
    assert "Hans" in attack.text
    state = history.do(AdjustCounter(counter="killer health", delta=-2))
    assert state.counters.killer_health == state.box.killer_health - 2


def test_bloodlust_at_its_maximum_does_not_put_her_to_sleep() -> None:
    # Rules notes §4: the Bloodlust maximum's sleep/reset is Dr. Fright's.
    history = hans()
    state = history.do(AdjustCounter(counter="bloodlust", delta=10))
    assert state.counters.bloodlust == state.box.bloodlust_max
    assert state.dream.awake and state.dream.shuffles == 0
    # More at the maximum changes nothing against him, so it is no step at all.
    with pytest.raises(RuleViolation) as refused:
        history.do(AdjustCounter(counter="bloodlust", delta=5))
    assert not refused.value.overridable
    assert history.state.dream.awake and history.state.dream.shuffles == 0


def test_his_dark_power_and_finale_are_named_and_have_no_effect() -> None:
    history = hans()
    assert history.do(RevealDarkPower(name="Pitchfork Assault")).dark_power == "Pitchfork Assault"
    state = history.do(RevealFinale(name="Face Your Fright"))
    assert state.finale == "Face Your Fright" and state.dream.awake
    # Time to Die ("if you are Awake at Upkeep you lose 2 Health") is Dr. Fright's.
    other = hans()
    other.do(RevealFinale(name="Time to Die"))
    health = other.state.counters.health
    go_to(other, "upkeep")
    assert other.state.counters.health == health and other.state.dream.awake
    # Never Really Dead too: Hans dies for good.
    other = hans()
    other.do(RevealDarkPower(name="Never Really Dead"))
    state = other.do(AdjustCounter(counter="killer health", delta=-10))
    assert state.result == "win" and state.counters.killer_health == 0
    # No Never Really Dead for him: only his own token offered (rules notes §11).
    assert [e.kind for e in state.events] == ["game-over", "killer-token-offer"]


def test_texts_name_the_real_killer() -> None:
    history = hans()
    state = history.state
    assert counter_title(state, "killer health") == "Hans's Health"
    assert box_label(state, "killer_health") == "Hans's Health"
    history.do(KillerAction(move_icon=False))
    still = history.state.events[0]
    assert (still.kind, still.name) == ("no-move-icon", "Hans")
    # Wording kept: the sentence naming the real Killer is what this test checks.
    assert still.text == "No move icon, no move: Hans stays where he is."
    history.do(DrFrightAttacks(target="victim"))
    assert history.describe_step(1) == "Hans attacked a Victim"
    while history.state.phase != "killer":
        history.do(NextPhase())
    assert not boiler_card_due(history.state)
    assert not any("Boiler Room" in label for label, _ in checklist(history.state))


def test_history_sentences_use_the_games_own_board_and_say_what_followed() -> None:
    history = History(new_game(GameSetup(setup_card="Maple Lane"), seed=3))
    history.do(NextPhase())
    assert history.describe_step(0) == "Next phase: Planning"
    history.do(NextPhase())
    history.do(Place(piece="dr fright", space="exit-n"))
    assert history.describe_step(2) == "Placed Dr. Fright: North Exit"
    # A corrected board's names (issue 12 item 4).
    data = json.loads(packaged_board_text())
    next(s for s in data["spaces"] if s["id"] == "exit-n")["name"] = "Maple Gate"
    board = load_board(json.dumps(data))
    history = History(
        new_game(GameSetup(), seed=3, board=board), [Place(piece="final girl", space="exit-n")]
    )
    assert history.describe_step(0) == "Placed the Final Girl: Maple Gate"


def test_history_says_when_a_slide_brought_an_attack() -> None:
    history = History(new_game(GameSetup(), seed=3))
    history.do(FallAsleep())
    texts = []
    for direction in ("up", "up", "left", "down"):
        history.do(Slide(direction=direction))
        texts.append(history.describe_step(len(history) - 1))
        attacked = any(e.kind == "attack" for e in history.state.events)
        assert texts[-1].endswith(": Dr. Fright attacks") == attacked
    assert texts[0].startswith("Slid the Boiler Room UP")
    assert any(text.endswith("attacks") for text in texts)  # seed 3: the second slide

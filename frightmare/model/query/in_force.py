"""The effects in force now, each with its card, what it does in plain words, until when, and
whether the app applies it or only reminds it (issue 31: no screen read the game's lasting
effects but when they began and when they ended).

Read from the state alone (pure): the lasting parts of the cards drawn (``state.lasting``),
her Items whose effect lasts while she holds them (the cards file's ``while_held``), the
Finale Face Your Fright while it keeps her Asleep, and the choice "If this is a dream, then I
can…" leaves open while she is Asleep in the Killer phase it was drawn in.

Sources: rules notes §9 and §10 (a card's lasting part holds until the moment its step names;
what rests on one source reminds or prefills, and never refuses a play); §4 (Face Your
Fright, public); §7 (the Items, one source).

>>> from frightmare.model.game.setup import GameSetup
>>> from frightmare.model.game.state import new_game
>>> in_force(new_game(GameSetup(), seed=1))
()
"""

from __future__ import annotations

from typing import Literal

from frightmare.i18n import N_, _
from frightmare.model.box.card_data import Confidence, LastingEffect
from frightmare.model.box.cards import FACE_YOUR_FRIGHT, IF_THIS_IS_A_DREAM
from frightmare.model.box.names import shown
from frightmare.model.game.lasting import (
    HELD_NAMES,
    LASTING_NAMES,
    UNTIL_NAMES,
    WHILE_HELD,
)
from frightmare.model.game.state import GameState
from frightmare.model.values import frozen

# How the app takes an effect: it applies it, its default follows it (the player may change
# it), or it only reminds it (one source).
Handling = Literal["applied", "default", "reminded"]
HANDLING_NAMES: dict[Handling, str] = {
    "applied": N_("The app applies it."),
    "default": N_("The app's default follows it (one source): change it if your table differs."),
    "reminded": N_("One source: the app reminds you of it and never refuses a play."),
}
_LASTING_HANDLING: dict[LastingEffect, Handling] = {
    "awake-attacks": "applied",
    "no-occupied-house": "reminded",
    "one-die-fewer": "reminded",
    "panic-when-she-enters": "reminded",
    "asleep-while-in-play": "applied",
    "extra-boiler-card": "applied",
}
FRIGHT_FOR_GOOD = N_("you stay Asleep; the Boiler Room resets each time you finish it")
DREAM_CHOICE = N_(
    "you may take +1 Bloodlust for the top Item of any Item deck, a move to any space, or +4 Time"
)
THIS_KILLER_PHASE = N_("until the end of this Killer phase")


@frozen
class InForce:
    """One effect in force: ``key`` stays the same while it lasts; ``card`` the card's English
    name; ``effect`` and ``until`` in the player's words; ``confidence`` the card's."""

    key: str
    card: str
    effect: str
    until: str
    confidence: Confidence
    handling: Handling

    @property
    def card_shown(self) -> str:
        return shown("card", self.card)

    @property
    def text(self) -> str:
        """The card, what it does, for how long, and how the app takes it."""
        # Translators: a lasting effect: the card, what it does, for how long.
        said = _("{card}: {effect}, {until}.").format(
            card=self.card_shown, effect=self.effect, until=self.until
        )
        return f"{said} {_(HANDLING_NAMES[self.handling])}"


def in_force(state: GameState) -> tuple[InForce, ...]:
    """The effects in force in ``state``, in the order they came (the cards' lasting parts,
    the Finale), then her Items', then a choice open this Killer phase."""
    cards = state.cards
    out: list[InForce] = []

    def confidence(kind: Literal["terror", "finale", "item"], name: str) -> Confidence:
        card = cards.find(kind, name)
        return card.confidence if card is not None else "ONE"

    for lasting in state.lasting:
        out.append(
            InForce(
                key=f"lasting:{lasting.card}:{lasting.effect}",
                card=lasting.card,
                effect=_(LASTING_NAMES[lasting.effect]),
                until=_(UNTIL_NAMES[lasting.until]),
                confidence=confidence("terror", lasting.card),
                handling=_LASTING_HANDLING[lasting.effect],
            )
        )
    if state.finale == FACE_YOUR_FRIGHT and state.dream.asleep_for_good:
        out.append(
            InForce(
                key=f"finale:{FACE_YOUR_FRIGHT}",
                card=FACE_YOUR_FRIGHT,
                effect=_(FRIGHT_FOR_GOOD),
                until=_(UNTIL_NAMES["game-end"]),
                confidence=confidence("finale", FACE_YOUR_FRIGHT),
                handling="applied",
            )
        )
    for item in state.table.held:
        card = cards.find("item", item.name)
        for effect in card.while_held if card is not None else ():
            out.append(
                InForce(
                    key=f"held:{card.id}:{effect}" if card is not None else "",
                    card=str(item.name),
                    effect=_(HELD_NAMES[effect]),
                    until=_(WHILE_HELD),
                    confidence=card.confidence if card is not None else "ONE",
                    handling="default" if effect == "no-followers" else "reminded",
                )
            )
    if dream_choice_open(state):
        out.append(
            InForce(
                key=f"choice:{IF_THIS_IS_A_DREAM}",
                card=IF_THIS_IS_A_DREAM,
                effect=_(DREAM_CHOICE),
                until=_(THIS_KILLER_PHASE),
                confidence=confidence("terror", IF_THIS_IS_A_DREAM),
                handling="reminded",
            )
        )
    return tuple(out)


def dream_choice_open(state: GameState) -> bool:
    """ "If this is a dream, then I can…" drawn this Killer phase while she is Asleep: its
    choice (+1 Bloodlust for an Item, a move or Time; one source) stays open until the phase
    ends. Drawn Awake it is discarded and another drawn, so it is not the last card then."""
    return (
        state.phase == "killer"
        and state.terror_this_round
        and state.asleep
        and bool(state.terror_drawn)
        and state.terror_drawn[-1] == IF_THIS_IS_A_DREAM
    )

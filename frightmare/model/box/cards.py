"""The box's card names as types the checker sees, and the name a player typed.

Each kind of card the rules act on has a ``Literal`` of the names the app knows, and the rules
compare a name only with a named constant of that type (``TIME_TO_DIE``), so a misspelt
constant, or a constant of the wrong kind, is a type error. "The table is the truth": any
printed card may be named, so a state or action field holds the known names or a
``TypedName``, the text the player typed (a plain ``str`` at run time, and in the files).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal, NewType, TypeVar, get_args

from frightmare.model.box.card_data import CardBook, default_cards
from frightmare.model.box.names import Name, names

TypedName = NewType("TypedName", str)
"""A card's name as the player typed it, for a card the app does not know (resolved as
printed)."""

# Dr. Fright's cards (his Dark Powers, the Epic one, his Finales).
DarkPowerName = Literal["The Frightmare is Inevitable", "Pitchfork Assault", "Never Really Dead"]
EpicDarkPowerName = Literal["Shock Factor"]
FinaleName = Literal["Everyone Must Die", "Face Your Fright", "Time to Die"]
# Maple Lane's Event cards (rules notes §5), Terror cards and Item cards: each Literal lists
# the ids of resources/cards.json (rules notes §9; a test checks they agree).
EventName = Literal[
    "The Smalleys",
    "Boyfriend",
    "Fire!",
    "It's Raining",
    "It's the 4th of July!",
    "Officer Kopp",
    "Party in the Burbs!",
    "Under Construction",
    "What is going on over there?",
    "Friendly Neighbors",
]
# Dr. Fright's 16 Terror cards (the two Minor Dark Powers among them), then Maple Lane's 8.
TerrorName = Literal[
    "Stab Her",
    "You can't be here… but you're dead!",
    "Grab Your Crucifix",
    "OMG… he's cutting off his own fingers!",
    "Better Close the Door",
    "Didn't you know they were already dead?",
    "Better Stay Awake",
    "I'm so sleepy…!",
    "Blurred Reality",
    "Ewwww! That's disgusting!",
    "Marked for Death",
    "If this is a dream, then I can…",
    "Franky's coming for you",
    "Never Sleep Again",
    "Endless Sleep",
    "Infernal Search",
    "I said don't look back!",
    "Road Closed for Construction",
    "We're all going to die!",
    "He just came in through the backyard",
    "They just got hit by a car!",
    "Did you hear what happened on Maple Lane?",
    "He's so sneaky…!",
    "They told us to hide",
]
ItemCardName = Literal[
    "Bicycle",
    "Rifle",
    "Knife",
    "Pitchfork",
    "Crucifix",
    "Trash-Can Lid",
    "Lucky Dice",
    "Bow",
    "Machete",
    "Bible",
    "Energy Drink",
    "Megaphone",
    "Fireworks",
    "Odds and Ends",
]
# The box's Final Girls, Killer, Location (box.json) and Maple Lane's Setup cards (the board).
FinalGirlName = Literal["Nancy", "Sheila"]
KillerName = Literal["Dr. Fright"]
LocationName = Literal["Maple Lane"]
SetupCardName = Literal["A Quiet Place", "Playtime", "Block Party", "Revenge", "Maple Lane"]

# A card named in a game: one the app knows, or one the player typed.
AnyDarkPower = DarkPowerName | EpicDarkPowerName | TypedName
AnyFinale = FinaleName | TypedName
AnyEvent = EventName | TypedName
AnyTerror = TerrorName | TypedName
AnyItem = ItemCardName | TypedName

DARK_POWER_NAMES: tuple[DarkPowerName, ...] = get_args(DarkPowerName)
FINALE_NAMES: tuple[FinaleName, ...] = get_args(FinaleName)
EVENT_NAMES: tuple[EventName, ...] = get_args(EventName)
TERROR_NAMES: tuple[TerrorName, ...] = get_args(TerrorName)
ITEM_CARD_NAMES: tuple[ItemCardName, ...] = get_args(ItemCardName)
FINAL_GIRL_NAMES: tuple[FinalGirlName, ...] = get_args(FinalGirlName)
KILLER_NAMES: tuple[KillerName, ...] = get_args(KillerName)
LOCATION_NAMES: tuple[LocationName, ...] = get_args(LocationName)
SETUP_CARD_NAMES: tuple[SetupCardName, ...] = get_args(SetupCardName)

# The names the rules compare with: each typed as a member of its card's Literal.
INEVITABLE: Final[DarkPowerName] = "The Frightmare is Inevitable"
PITCHFORK_ASSAULT: Final[DarkPowerName] = "Pitchfork Assault"
NEVER_REALLY_DEAD: Final[DarkPowerName] = "Never Really Dead"
SHOCK_FACTOR: Final[EpicDarkPowerName] = "Shock Factor"
EVERYONE_MUST_DIE: Final[FinaleName] = "Everyone Must Die"
FACE_YOUR_FRIGHT: Final[FinaleName] = "Face Your Fright"
TIME_TO_DIE: Final[FinaleName] = "Time to Die"
THE_SMALLEYS: Final[EventName] = "The Smalleys"
BOYFRIEND: Final[EventName] = "Boyfriend"
FIRE: Final[EventName] = "Fire!"
ITS_RAINING: Final[EventName] = "It's Raining"
FOURTH_OF_JULY: Final[EventName] = "It's the 4th of July!"
OFFICER_KOPP: Final[EventName] = "Officer Kopp"
PARTY_IN_THE_BURBS: Final[EventName] = "Party in the Burbs!"
UNDER_CONSTRUCTION: Final[EventName] = "Under Construction"
OVER_THERE: Final[EventName] = "What is going on over there?"
FRIENDLY_NEIGHBORS: Final[EventName] = "Friendly Neighbors"
HIT_BY_A_CAR: Final[TerrorName] = "They just got hit by a car!"
FRANKYS_COMING: Final[TerrorName] = "Franky's coming for you"
ENDLESS_SLEEP: Final[TerrorName] = "Endless Sleep"
BETTER_CLOSE_THE_DOOR: Final[TerrorName] = "Better Close the Door"
INFERNAL_SEARCH: Final[TerrorName] = "Infernal Search"
MARKED_FOR_DEATH: Final[TerrorName] = "Marked for Death"
IF_THIS_IS_A_DREAM: Final[TerrorName] = "If this is a dream, then I can…"
BLURRED_REALITY: Final[TerrorName] = "Blurred Reality"
BICYCLE: Final[ItemCardName] = "Bicycle"
BIBLE: Final[ItemCardName] = "Bible"
CRUCIFIX: Final[ItemCardName] = "Crucifix"
RIFLE: Final[ItemCardName] = "Rifle"
BOW: Final[ItemCardName] = "Bow"
TRASH_CAN_LID: Final[ItemCardName] = "Trash-Can Lid"
LUCKY_DICE: Final[ItemCardName] = "Lucky Dice"
ENERGY_DRINK: Final[ItemCardName] = "Energy Drink"
PITCHFORK: Final[ItemCardName] = "Pitchfork"
ODDS_AND_ENDS: Final[ItemCardName] = "Odds and Ends"
MEGAPHONE: Final[ItemCardName] = "Megaphone"
MACHETE: Final[ItemCardName] = "Machete"
# Nancy's bonus Item, which no Item deck holds (a name of the cards file, not a Literal's).
NANCYS_MACHETES: Final = TypedName("Nancy's Machetes")
FIREWORKS: Final[ItemCardName] = "Fireworks"
DR_FRIGHT: Final[KillerName] = "Dr. Fright"
MAPLE_LANE: Final[LocationName] = "Maple Lane"

Card = TypeVar("Card", bound=str)


def _key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def typed_name(text: str) -> TypedName:
    """The player's text as a card's name: its spacing tidied, nothing else changed."""
    return TypedName(" ".join(text.split()))


def card_name(name: str, known: Iterable[Card], book: CardBook | None = None) -> Card | TypedName:
    """``name`` as a known card is spelt, whatever its case, spacing and punctuation (the
    rulebook itself prints "Everyone must die" and "the Smalleys"), or by any other name the
    cards file gives it (``book``, by default the packaged one: its corrected English name,
    another reading, the Spanish edition's), or by its name in the language in force
    (``names``); an unknown name is kept as typed, its spacing tidied.

    >>> card_name("the  frightmare is INEVITABLE", DARK_POWER_NAMES)
    'The Frightmare is Inevitable'
    >>> card_name("Junk", ITEM_CARD_NAMES), card_name("Sueño interminable", TERROR_NAMES)
    ('Odds and Ends', 'Endless Sleep')
    >>> card_name(" Dream  Warfare", FINALE_NAMES)
    'Dream Warfare'
    """
    key = _key(name)
    ids = tuple(known)
    found = next((card for card in ids if _key(card) == key), None)
    if found is not None:
        return found
    cards = (book or default_cards()).data.cards
    shown = names().names.get("card", {})
    return next(
        (
            card
            for card in ids
            for data in cards
            if data.id == card and key in _keys((*data.names, *_in_force(shown.get(data.id))))
        ),
        typed_name(name),
    )


def _in_force(name: Name | None) -> tuple[str, ...]:
    """The card's name in the language in force, if its names table has one."""
    return () if name is None else (name.text,)


def _keys(texts: Iterable[str]) -> set[str]:
    return {_key(n) for n in texts}


def known_card(name: str | None, known: Iterable[Card]) -> Card | None:
    """The card of ``known`` that ``name`` is exactly (``None`` for any other name), typed as
    that card's name: what the rules look a card up by.

    >>> known_card("Time to Die", FINALE_NAMES), known_card("time to die", FINALE_NAMES)
    ('Time to Die', None)
    """
    return next((card for card in known if card == name), None)


def item_name(text: str) -> AnyItem:
    """An Item card's name as the player read it: a known Item as the box spells it, any
    other as typed.

    >>> item_name("bible"), item_name("Lucky  Charm")
    ('Bible', 'Lucky Charm')
    """
    return card_name(text, ITEM_CARD_NAMES)

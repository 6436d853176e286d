"""Maple Lane's plays: moving her and the Victims, saving them, the Houses (Convince,
Search), her Items and the Item decks, the Bicycle, the Events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.base import BaseAction, Between, Length
from frightmare.model.actions.names import (
    ItemName,
    SpaceId,
    TypedCardName,
    card_shown,
    fright,
    space_name,
)
from frightmare.model.box.board import QuadrantName, quadrant_label
from frightmare.model.box.cards import EVENT_NAMES, HIT_BY_A_CAR, EventName

Piece = Literal["final girl", "dr fright", "bicycle"]
SpecialVictim = Literal["victim", "smalley", "boyfriend"]
Special = Literal["smalley", "boyfriend"]

EVENTS: tuple[EventName, ...] = EVENT_NAMES


class Move(BaseAction):
    """Walk or Sprint: the Final Girl moves up to ``steps`` spaces; up to 2 Victims follow
    (``followers`` plain ones, and the Special Victims named in ``specials``)."""

    kind: Literal["move"] = "move"
    to: SpaceId
    steps: Annotated[int, Between(1, 12)] = 1
    followers: Annotated[int, Between(0, 2)] = 0
    specials: Annotated[tuple[Special, ...], Length(0, 2)] = ()

    def describe(self) -> str:
        text = _("Moved to {space}").format(space=space_name(self.to))
        if self.followers:
            # Translators: {move} is "Moved to <space>", and maybe "with ..." already.
            text = ngettext(
                "{move} with {count} Victim", "{move} with {count} Victims", self.followers
            ).format(move=text, count=self.followers)
        for who in dict.fromkeys(self.specials):
            count = self.specials.count(who)
            if who == "smalley":
                text = ngettext(
                    "{move} with {count} Smalley", "{move} with {count} Smalleys", count
                ).format(move=text, count=count)
            else:
                text = _("{move} with the Boyfriend").format(move=text)
        return text


class Place(BaseAction):
    """A free edit to match the table: put a piece anywhere (or off the board)."""

    kind: Literal["place"] = "place"
    piece: Piece
    space: SpaceId | None

    def describe(self) -> str:
        space = space_name(self.space)
        if self.piece == "final girl":
            return _("Placed the Final Girl: {space}").format(space=space)
        if self.piece == "dr fright":
            return _("Placed {killer}: {space}").format(killer=fright(), space=space)
        return _("Placed the Bicycle: {space}").format(space=space)


class SetVictims(BaseAction):
    kind: Literal["set-victims"] = "set-victims"
    space: SpaceId
    count: Annotated[int, Between(0, 40)]

    def describe(self) -> str:
        return _("Set Victims on {space} to {count}").format(
            space=space_name(self.space), count=self.count
        )


class AddVictims(BaseAction):
    kind: Literal["add-victims"] = "add-victims"
    space: SpaceId
    count: Annotated[int, Between(1, 12)] = 1

    def describe(self) -> str:
        return ngettext(
            "Added {count} Victim to {space}", "Added {count} Victims to {space}", self.count
        ).format(count=self.count, space=space_name(self.space))


class MoveVictims(BaseAction):
    kind: Literal["move-victims"] = "move-victims"
    source: SpaceId
    target: SpaceId
    count: Annotated[int, Between(1, 12)] = 1
    panic: bool = False
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        n = self.count
        if self.who == "boyfriend":
            text = (
                _("the Boyfriend panicked: {source} → {target}")
                if self.panic
                else _("the Boyfriend moved: {source} → {target}")
            )
        elif self.who == "smalley":
            text = (
                ngettext(
                    "{count} Smalley panicked: {source} → {target}",
                    "{count} Smalleys panicked: {source} → {target}",
                    n,
                )
                if self.panic
                else ngettext(
                    "{count} Smalley moved: {source} → {target}",
                    "{count} Smalleys moved: {source} → {target}",
                    n,
                )
            )
        else:
            text = (
                ngettext(
                    "{count} Victim panicked: {source} → {target}",
                    "{count} Victims panicked: {source} → {target}",
                    n,
                )
                if self.panic
                else ngettext(
                    "{count} Victim moved: {source} → {target}",
                    "{count} Victims moved: {source} → {target}",
                    n,
                )
            )
        return text.format(count=n, source=space_name(self.source), target=space_name(self.target))


class KillVictim(BaseAction):
    kind: Literal["kill-victim"] = "kill-victim"
    space: SpaceId
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        lines = {
            "victim": _("A Victim died on {space}"),
            "smalley": _("A Smalley died on {space}"),
            "boyfriend": _("The Boyfriend died on {space}"),
        }
        return lines[self.who].format(space=space_name(self.space))


class SaveVictims(BaseAction):
    kind: Literal["save-victims"] = "save-victims"
    space: SpaceId
    count: Annotated[int, Between(1, 12)] = 1
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        n = self.count
        if self.who == "boyfriend":
            text = _("Saved the Boyfriend at {space}")
        elif self.who == "smalley":
            text = ngettext(
                "Saved {count} Smalley at {space}", "Saved {count} Smalleys at {space}", n
            )
        else:
            text = ngettext(
                "Saved {count} Victim at {space}", "Saved {count} Victims at {space}", n
            )
        return text.format(count=n, space=space_name(self.space))


# The id of one of the board file's Convince lines. Not a closed Literal: the file's own note
# says "Add or drop lines freely", so a corrected board may have ids no release knows.
ConvinceLineId = Annotated[str, Length(1, 30)]


class Convince(BaseAction):
    """The Convince Action card, resolved with the result the player rolled.

    ``result`` is the id of one of the board file's Convince lines (a corrected file may add
    or drop lines); ``item_name`` names the top Item taken on the 3+ line (unnamed allowed).
    """

    kind: Literal["convince"] = "convince"
    house: SpaceId
    result: ConvinceLineId
    take_item: bool = False
    item_name: ItemName | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            house: str,
            result: str,
            take_item: bool = ...,
            item_name: str | None = ...,
            kind: Literal["convince"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        result = CONVINCE_RESULTS.get(self.result)
        text = _("Convince at {house}: {result}").format(
            house=space_name(self.house), result=_(result) if result else self.result
        )
        if self.take_item:
            item = card_shown(self.item_name) if self.item_name else _("the top Item")
            # Translators: {convince} is "Convince at <House>: <result>".
            text = _("{convince}, took {item}").format(convince=text, item=item)
        return text


# The Convince results as History names them, by the board file's line ids: shown with ``_``.
CONVINCE_RESULTS: dict[str, str] = {
    "3+": N_("3+ successes"),
    "2": N_("2 successes"),
    "1": N_("1 success"),
    "fail": N_("failed, card returned"),
    "fail-return": N_("failed, card returned"),
}


class Search(BaseAction):
    """A successful search of a House: draw its quadrant's top card(s), keep one.

    ``names`` are the drawn cards as the player reads them (``None`` keeps a card unnamed);
    with two, ``keep`` picks one and the other goes back on ``other_to`` of the deck (or of the
    closest quadrant not fully searched; ``other_quadrant`` settles a tie).
    """

    kind: Literal["search"] = "search"
    house: SpaceId
    names: Annotated[tuple[ItemName | None, ...], Length(1, 2)] = (None,)
    keep: Annotated[int, Between(0, 1)] = 0
    other_to: Literal["top", "bottom"] = "top"
    other_quadrant: QuadrantName | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            house: str,
            names: tuple[str | None, ...] = ...,
            keep: int = ...,
            other_to: Literal["top", "bottom"] = ...,
            other_quadrant: QuadrantName | None = ...,
            kind: Literal["search"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        drawn = len(self.names)
        kept = self.names[self.keep] if self.keep < drawn else None
        text = _("Searched {house}").format(house=space_name(self.house))
        if kept:
            # Translators: {search} is "Searched <House>", maybe with what was taken.
            text = _("{search}: took {item}").format(search=text, item=card_shown(kept))
        if drawn == 2:
            text = (
                _("{search}, other card to the top")
                if self.other_to == "top"
                else _("{search}, other card to the bottom")
            ).format(search=text)
        return text


class RecordTopCard(BaseAction):
    kind: Literal["top-card"] = "top-card"
    quadrant: QuadrantName
    name: ItemName | None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            quadrant: QuadrantName,
            name: str | None,
            kind: Literal["top-card"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        card = card_shown(self.name) if self.name else _("unknown")
        return _("{quadrant} deck's top card: {card}").format(
            quadrant=quadrant_label(self.quadrant), card=card
        )


class DiscardItem(BaseAction):
    kind: Literal["discard-item"] = "discard-item"
    index: Annotated[int, Between(0, 30)]

    def describe(self) -> str:
        return _("Discarded an item")


class ToggleHand(BaseAction):
    kind: Literal["toggle-hand"] = "toggle-hand"
    index: Annotated[int, Between(0, 30)]

    def describe(self) -> str:
        return _("Rearranged items (in hand / not in hand)")


class ReturnItem(BaseAction):
    kind: Literal["return-item"] = "return-item"
    index: Annotated[int, Between(0, 30)]
    quadrant: QuadrantName
    position: Literal["top", "bottom"] = "bottom"
    other_quadrant: QuadrantName | None = None

    def describe(self) -> str:
        return self.returned(None, self.quadrant)

    def returned(self, item: str | None, quadrant: QuadrantName) -> str:
        """The line with the item named and the deck it actually went to (History knows
        them; ``describe`` says "an item" and the deck asked for). Not marked ⚑."""
        deck = quadrant_label(quadrant)
        if item is None:
            text = (
                _("Returned an item to the {quadrant} deck (top)")
                if self.position == "top"
                else _("Returned an item to the {quadrant} deck (bottom)")
            )
            return text.format(quadrant=deck)
        text = (
            _("Returned {item} to the {quadrant} deck (top)")
            if self.position == "top"
            else _("Returned {item} to the {quadrant} deck (bottom)")
        )
        return text.format(item=card_shown(item), quadrant=deck)


class RideBicycle(BaseAction):
    kind: Literal["ride"] = "ride"
    to: SpaceId

    def describe(self) -> str:
        return _("Rode the Bicycle to {space}").format(space=space_name(self.to))


class RevealEvent(BaseAction):
    kind: Literal["event"] = "event"
    name: EventName | TypedCardName
    space: SpaceId | None = None
    die: Annotated[int, Between(1, 6)] | None = None

    if TYPE_CHECKING:

        def __init__(
            self,
            *,
            name: str,
            space: str | None = ...,
            die: int | None = ...,
            kind: Literal["event"] = ...,
            anyway: bool = ...,
        ) -> None: ...

    def describe(self) -> str:
        text = _("Event: {card}").format(card=card_shown(self.name))
        if self.die is not None:
            # Translators: {event} is "Event: <card>".
            text = _("{event} (rolled {die})").format(event=text, die=self.die)
        elif self.space is not None:
            text = _("{event} ({space})").format(event=text, space=space_name(self.space))
        return text


class HitByCar(BaseAction):
    """Terror card "They just got hit by a car!": the Victim the player chooses (a plain one, a
    Smalley or the Boyfriend) on the chosen Street space dies."""

    kind: Literal["hit-by-car"] = "hit-by-car"
    space: SpaceId
    who: SpecialVictim = "victim"

    def describe(self) -> str:
        lines = {
            # Translators: {card} is the Terror card "They just got hit by a car!".
            "victim": _("{card} A Victim died on {space}"),
            "smalley": _("{card} A Smalley died on {space}"),
            "boyfriend": _("{card} The Boyfriend died on {space}"),
        }
        return lines[self.who].format(card=card_shown(HIT_BY_A_CAR), space=space_name(self.space))

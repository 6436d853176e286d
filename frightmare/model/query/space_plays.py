"""A space's plays on Maple Lane: what each entry of a space's menu would do now (move
there, ride, Convince, Search, save or move its Victims, place the pieces), each with its
verdict and, when it needs no further choice, the very action to apply. Her own space offers
the Convince into each adjacent occupied House too (``convince_into``): the card is played
from where she stands."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property

from frightmare.i18n import _
from frightmare.model.actions.base import BaseAction
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    AddVictims,
    Convince,
    HitByCar,
    KillVictim,
    Move,
    MoveVictims,
    Place,
    RideBicycle,
    SaveVictims,
    Search,
    Special,
)
from frightmare.model.box.board import ConvinceLine, QuadrantName
from frightmare.model.game.lasting import held_with
from frightmare.model.game.state import GameState
from frightmare.model.game.table import VictimKind
from frightmare.model.lane.houses import (
    check_convince_house,
    check_convince_take,
    check_search_house,
    closest_open_quadrants,
    convince_caption,
    convince_modifiers,
    convince_targets,
    searched,
)
from frightmare.model.lane.movement import FOLLOWERS_AT_MOST, follower_choices, reachable
from frightmare.model.lane.victims import (
    check_a_victim_on,
    check_hit_by_car_on,
    check_save_here,
    check_victims_enter,
)
from frightmare.model.query.notes import MOVE_STEPS
from frightmare.model.query.verdict import Verdict, of_kind, verdict
from frightmare.model.values import frozen

# Who follows her on a move: how many plain Victims, and which Special Victims.
Followers = tuple[int, tuple[Special, ...]]
NOBODY: Followers = (0, ())


def convince_short(line: ConvinceLine) -> str:
    """A Convince line's label cut to its head: the successes' count when it starts with one
    ("3+ successes" reads "3+"), else what stands before its colon ("Fail: return the card"
    reads "Fail"). The label as shown, in the player's language.

    >>> from frightmare.model.box.board import ConvinceLine
    >>> line = ConvinceLine(id="f", label="Fail: return the card", enter=False, item=False,
    ...     time=0, health=0, end_action_phase=False, returns_card=True)
    >>> from dataclasses import replace
    >>> convince_short(line), convince_short(replace(line, label="3+ successes"))
    ('Fail', '3+')
    """
    label = _(line.label).strip()
    head = label.partition(":")[0].strip() or label
    first = head.split()[0] if head.split() else head
    return first if first[:1].isdigit() else head


def _convince_take(state: GameState, house: str, line: ConvinceLine) -> Verdict:
    return of_kind(state, Convince, lambda s: check_convince_take(s, house, line))


def _victims_enter(state: GameState, target: str) -> Verdict:
    return of_kind(state, MoveVictims, lambda s: check_victims_enter(s, target))


@frozen
class Play:
    """One play on a space: its verdict; ``action``, the play to apply when it needs no
    further choice (``None``: the control asks first); ``offered``, whether the play belongs
    in the space's menu now (a refused play may still be offered, with its rule)."""

    verdict: Verdict
    action: Action | None = None
    offered: bool = True


@frozen
class MovePlay:
    """Move here (Walk or Sprint). ``action`` moves her with ``followers``: by default the
    most Victims that may follow (``most``, "up to 2"; none while Asleep or into his space,
    nor while she holds an Item whose Victims do not follow: one source, a default only),
    plain Victims first. ``choices`` are the mixes of ``most`` Victims on her space (plain,
    Smalleys, the Boyfriend); the player is asked who follows only when ``choose``.
    ``distance`` is how far she walks there by the rules' paths (``None``: out of reach)."""

    verdict: Verdict
    action: Move
    steps: int
    followers: Followers
    most: int
    choices: tuple[Followers, ...]
    distance: int | None
    offered: bool

    @property
    def choose(self) -> bool:
        return len(self.choices) > 1


@frozen
class ConvinceOption:
    """One line of the board file's Convince card: what it does (the board file's own data,
    ``line``), the play resolving it without the Item, and whether the top Item can be taken
    on it (``None``: the line offers no Item)."""

    line: ConvinceLine
    caption: str
    action: Convince
    take_item: Verdict | None

    @property
    def short(self) -> str:
        """The line in a word or two, for a row of small buttons (``convince_short``)."""
        return convince_short(self.line)


@frozen
class ConvincePlay:
    """Convince: whether a Convince card can be played on this House now, whatever line is
    rolled, and the lines the player chooses from, in the board file's order."""

    verdict: Verdict
    lines: tuple[ConvinceOption, ...]
    modifiers: tuple[tuple[str, int], ...]
    offered: bool


@frozen
class SearchPlay:
    """Search: whether this House can be searched now, and what the dialog asks: the names
    known of the top cards of its quadrant's deck (``cards``, up to two can be drawn; ``None``
    unknown), and the decks the other card may go to when two are drawn."""

    verdict: Verdict
    quadrant: QuadrantName | None
    cards: tuple[str | None, ...]
    other_decks: tuple[QuadrantName, ...]
    offered: bool


@frozen
class VictimPlay:
    """A play with one of the Victims on a space (saved, killed, hit by a car): its verdict
    whoever it is; ``action`` when only one kind of Victim stands there, else the player is
    asked which of ``kinds``."""

    verdict: Verdict
    action: Action | None
    kinds: tuple[VictimKind, ...]
    offered: bool

    @property
    def choose(self) -> bool:
        return len(self.kinds) > 1


@frozen
class MoveVictimsPlay:
    """Victims move (or panic) from this space: whether any can, and each neighbouring space
    they may go to with its verdict; who, how many and why are asked."""

    verdict: Verdict
    kinds: tuple[VictimKind, ...]
    targets: tuple[tuple[str, Verdict], ...]
    offered: bool


class SpacePlays:
    """Every play on one space of Maple Lane (``space_plays``). Each answer is computed when
    first read."""

    def __init__(
        self,
        state: GameState,
        space: str,
        *,
        steps: int | None = None,
        followers: Followers | None = None,
        reach: Mapping[str, int] | None = None,
    ) -> None:
        self.state = state
        self.space = space
        self._steps = steps
        self._followers = followers
        self._reach = reach

    @cached_property
    def _distances(self) -> Mapping[str, int]:
        if self._reach is not None:
            return self._reach
        return reachable(self.state, MOVE_STEPS[1])

    @cached_property
    def _known(self) -> bool:
        return self.space in self.state.board.spaces

    @cached_property
    def move(self) -> MovePlay:
        state, space = self.state, self.space
        table = state.table
        start = table.final_girl
        distance = self._distances.get(space)
        steps = self._steps or distance or MOVE_STEPS[0]
        most = 0
        if start is not None and not state.asleep and space != table.killer:
            most = min(FOLLOWERS_AT_MOST, table.victims_at(start))
        if held_with((str(i.name) for i in table.held), state.cards, "no-followers"):
            most = 0  # the Machete (one source): none follow by default; Followers may say more
        choices = follower_choices(state, most)
        followers = self._followers or (choices[0] if choices else NOBODY)
        plain, specials = followers
        action = Move(to=space, steps=steps, followers=plain, specials=specials)
        return MovePlay(
            verdict=verdict(state, action),
            action=action,
            steps=steps,
            followers=followers,
            most=most,
            choices=choices,
            distance=distance,
            offered=start is not None and start != space,
        )

    @cached_property
    def ride(self) -> Play:
        table = self.state.table
        action = RideBicycle(to=self.space)
        offered = table.bicycle is not None and table.final_girl == table.bicycle
        return Play(verdict(self.state, action), action, offered)

    @cached_property
    def convince(self) -> ConvincePlay:
        state, space = self.state, self.space
        board = state.board
        house = self._known and board.is_house(space)
        options: list[ConvinceOption] = []
        if house:
            for line in board.data.convince:
                take = _convince_take(state, space, line) if line.item else None
                action = Convince(house=space, result=line.id)
                options.append(ConvinceOption(line, convince_caption(line), action, take))
        return ConvincePlay(
            verdict=of_kind(state, Convince, lambda s: check_convince_house(s, space)),
            lines=tuple(options),
            modifiers=convince_modifiers(state),
            offered=space in convince_targets(state),
        )

    @cached_property
    def convince_into(self) -> tuple[tuple[str, ConvincePlay], ...]:
        """From her own space: each adjacent occupied House a Convince card may enter, with
        the very plays that House's own menu offers (``convince`` there: the same actions and
        verdicts). Elsewhere, none."""
        state = self.state
        if not self._known or state.table.final_girl != self.space:
            return ()
        return tuple(
            (house, SpacePlays(state, house, reach=self._distances).convince)
            for house in convince_targets(state)
        )

    @cached_property
    def search(self) -> SearchPlay:
        state, space = self.state, self.space
        board = state.board
        quadrant = board.quadrant(space) if self._known and board.is_house(space) else None
        cards: tuple[str | None, ...] = ()
        other: tuple[QuadrantName, ...] = ()
        if quadrant is not None:
            cards = tuple(card.name for card in state.table.deck(quadrant)[:2])
            other = closest_open_quadrants(searched(state, space), quadrant)
        return SearchPlay(
            verdict=of_kind(state, Search, lambda s: check_search_house(s, space)),
            quadrant=quadrant,
            cards=cards,
            other_decks=other,
            offered=quadrant is not None and state.table.final_girl == space,
        )

    def _kinds(self) -> tuple[VictimKind, ...]:
        return self.state.table.kinds_at(self.space) if self._known else ()

    def _victim_play(
        self,
        kind: type[BaseAction],
        predicate: Callable[[GameState], None],
        make: Callable[[VictimKind], Action],
        offered: bool,
    ) -> VictimPlay:
        kinds = self._kinds()
        action = make(kinds[0] if kinds else "victim") if len(kinds) <= 1 else None
        return VictimPlay(of_kind(self.state, kind, predicate), action, kinds, offered)

    @cached_property
    def save(self) -> VictimPlay:
        space = self.space

        def predicate(state: GameState) -> None:
            check_save_here(state, space)
            check_a_victim_on(state, space)

        # An Exit with nobody on it offers no Save: its refusal ("no Victim") has no way
        # through, and the menu lists only plays that may be made there.
        offered = (
            self._known and self.state.board.is_exit(space) and self.state.table.occupied(space)
        )
        return self._victim_play(
            SaveVictims, predicate, lambda who: SaveVictims(space=space, who=who), offered
        )

    @cached_property
    def victim_dies(self) -> VictimPlay:
        """− Victim: a Victim here dies (Bloodlust follows)."""
        space = self.space
        return self._victim_play(
            KillVictim,
            lambda s: check_a_victim_on(s, space),
            lambda who: KillVictim(space=space, who=who),
            bool(self._kinds()),
        )

    @cached_property
    def hit_by_car(self) -> VictimPlay:
        space = self.space
        offered = self._known and self.state.board.is_street(space) and bool(self._kinds())
        return self._victim_play(
            HitByCar,
            lambda s: check_hit_by_car_on(s, space),
            lambda who: HitByCar(space=space, who=who),
            offered,
        )

    @cached_property
    def add_victim(self) -> Play:
        """+ Victim: one more Victim here."""
        action = AddVictims(space=self.space)
        return Play(verdict(self.state, action), action)

    @cached_property
    def move_victims(self) -> MoveVictimsPlay:
        state, space = self.state, self.space
        neighbours = state.board.neighbours(space) if self._known else ()
        targets = tuple((target, _victims_enter(state, target)) for target in neighbours)
        return MoveVictimsPlay(
            verdict=of_kind(state, MoveVictims, lambda s: check_a_victim_on(s, space)),
            kinds=self._kinds(),
            targets=targets,
            offered=bool(self._kinds()) and bool(neighbours),
        )

    @cached_property
    def put_him(self) -> Play:
        """Put him here: the Killer's piece placed here (a free edit)."""
        action = Place(piece="dr fright", space=self.space)
        return Play(verdict(self.state, action), action, self.state.table.killer != self.space)

    @cached_property
    def take_him_off(self) -> Play:
        """Take him off: the Killer's piece off the board (a free edit); offered on his own
        space only (elsewhere there is nothing of his to take off)."""
        action = Place(piece="dr fright", space=None)
        return Play(verdict(self.state, action), action, self.state.table.killer == self.space)

    @cached_property
    def put_her(self) -> Play:
        """Put her here: the Final Girl's piece placed here (a free edit); offered when she is
        off the board (on it, she moves)."""
        action = Place(piece="final girl", space=self.space)
        offered = self.state.table.final_girl is None
        return Play(verdict(self.state, action), action, offered)


def space_plays(
    state: GameState,
    space: str,
    *,
    steps: int | None = None,
    followers: Followers | None = None,
    reach: Mapping[str, int] | None = None,
) -> SpacePlays:
    """The plays on ``space`` now, each with its verdict and, when it needs no further choice,
    the action. ``steps``: the spaces her movement card allows (by default, how far she walks
    there); ``followers``: who follows her (by default the most that may); ``reach``: how far
    she walks to each space (``reachable`` with the most steps), when the caller
    asks of many spaces.

    >>> from frightmare.model.game.setup import GameSetup
    >>> from frightmare.model.game.state import new_game
    >>> state = new_game(GameSetup(setup_card="Block Party"), seed=1)
    >>> move = space_plays(state, "street-w").move
    >>> move.verdict.allowed, move.most, move.action.followers
    (True, 0, 0)
    >>> space_plays(state, "exit-w").save.verdict.message
    'West Exit has no Victim.'
    """
    return SpacePlays(state, space, steps=steps, followers=followers, reach=reach)


def moves(state: GameState, steps: int) -> dict[str, MovePlay]:
    """Move here for every space she can reach with ``steps`` spaces of movement (the board's
    highlights), with the default followers."""
    reach = reachable(state, MOVE_STEPS[1])
    return {
        space: space_plays(state, space, steps=steps, reach=reach).move
        for space in reachable(state, steps)
    }

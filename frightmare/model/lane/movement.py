"""Her movement on Maple Lane: Walk or Sprint with the Victims who follow (rules notes §1),
the occupied-House rule ("House spaces and quadrants"), placing the pieces, and the Bicycle
(Item: Bicycle).

A refusal made with ``refuse`` can be recorded anyway; ``impossible`` ones describe what the
table cannot show.
"""

from __future__ import annotations

from dataclasses import replace

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.lane import Move, Place, RideBicycle, Special
from frightmare.model.actions.names import card_shown
from frightmare.model.box.board import breadth_first
from frightmare.model.box.cards import BICYCLE, FIRE
from frightmare.model.counters import killer_shown
from frightmare.model.errors import impossible, refuse
from frightmare.model.game.state import GameState
from frightmare.model.game.table import VictimKind
from frightmare.model.lane.entering import entered
from frightmare.model.lane.spaces import HOUSE_RULE, event_rule, layout_warning, required_space
from frightmare.model.lane.victims import into_the_fire

# The rules' words, shown with ``_``.
OCCUPIED = N_(
    "You cannot enter an occupied House (one or more Victims in it) using Walk, Sprint, or any "
    "other cards that allow movement: a Convince card lets you in from the adjacent Street space."
)

MOVE_RULE = N_("Movement (rules notes §1)")
FOLLOWERS_AT_MOST = 2  # "up to 2 Victims in her space may follow her" (rules notes §1)

RIDE_NOTE = N_("Ride the Bicycle: it takes you to any other Street space, once per turn")


def reachable(state: GameState, steps: int) -> dict[str, int]:
    """Where the Final Girl can move with ``steps`` spaces of movement, and how far each is.

    Houses are dead ends, so a path never passes through one; an occupied House or one closed
    by Fire is never a destination.
    """
    table, board = state.table, state.board
    start = table.final_girl
    if start is None:
        return {}

    def expand(here: str, distance: int) -> bool:
        return distance < steps and (here == start or not board.is_house(here))

    def enter(space: str) -> bool:
        return not (board.is_house(space) and (table.occupied(space) or space in table.closed))

    distances, _previous = breadth_first(start, board.neighbours, expand=expand, enter=enter)
    del distances[start]
    return distances


def check_move(state: GameState, action: Move) -> None:
    table, board = state.table, state.board
    to = required_space(state, action.to)
    start = table.final_girl
    if start is None:
        raise impossible(_("Place the Final Girl on the board first."))
    if to == start:
        raise impossible(_("She is already on {space}.").format(space=state.board.label(to)))
    if board.is_house(to) and to in table.closed:
        refuse(
            _("{space} burnt down: it is closed for good.").format(space=state.board.label(to)),
            rule=event_rule(FIRE),
        )
    if board.is_house(to) and table.occupied(to):
        refuse(_(OCCUPIED), rule=_(HOUSE_RULE))
    followers = action.followers
    specials = action.specials
    if followers or specials:
        if followers + len(specials) > FOLLOWERS_AT_MOST:
            refuse(
                _("Up to {count} Victims may follow you when you move.").format(
                    count=FOLLOWERS_AT_MOST
                ),
                rule=_(MOVE_RULE),
            )
        if state.asleep:
            refuse(
                _("You are Asleep: Victims will NOT follow you during movement."),
                rule=_("When you are Asleep"),
            )
        if to == table.killer:
            refuse(
                _("Victims never follow you into {killer}'s space.").format(
                    killer=killer_shown(state)
                ),
                rule=_(MOVE_RULE),
            )
    for who, count in _follower_groups(action):
        here = table.count_of(start, who)
        if count > here:
            raise impossible(_too_few(who, here).format(count=here, space=state.board.label(start)))


def _too_few(who: VictimKind, here: int) -> str:
    """Fewer of them on her space than the move takes along (the English keeps one form)."""
    if who == "smalley":
        return ngettext(
            "Only {count} smalley on {space} to follow you.",
            "Only {count} smalley on {space} to follow you.",
            here,
        )
    if who == "boyfriend":
        return ngettext(
            "Only {count} boyfriend on {space} to follow you.",
            "Only {count} boyfriend on {space} to follow you.",
            here,
        )
    return ngettext(
        "Only {count} victim on {space} to follow you.",
        "Only {count} victim on {space} to follow you.",
        here,
    )


def _follower_groups(action: Move) -> tuple[tuple[VictimKind, int], ...]:
    return (
        ("victim", action.followers),
        ("smalley", action.specials.count("smalley")),
        ("boyfriend", action.specials.count("boyfriend")),
    )


def move(state: GameState, action: Move) -> GameState:
    before, table, board = state, state.table, state.board
    to, start = action.to, table.final_girl
    assert start is not None  # check_move
    distance = reachable(state, action.steps).get(to)
    if distance is None:
        far = board.distances_from(start).get(to)
        moved = ngettext(
            "you moved {count} space", "you moved {count} spaces", action.steps
        ).format(count=action.steps)
        label = state.board.label(to)
        if far is None:
            # Translators: {moved} is "you moved <n> spaces".
            text = _("By the app's board, {space} is out of her reach and {moved}").format(
                space=label, moved=moved
            )
        else:
            text = ngettext(
                "By the app's board, {space} is {count} space from her and {moved}",
                "By the app's board, {space} is {count} spaces from her and {moved}",
                far,
            ).format(space=label, count=far, moved=moved)
        state = layout_warning(state, text)
    followers = action.followers
    table = replace(table, final_girl=to)
    if followers:
        table = table.without_victims(start, "victim", followers).with_victims(
            to, "victim", followers
        )
    for who in action.specials:
        table = table.without_victims(start, who).with_victims(to, who)
    state = replace(state, table=table)
    # Into a House Fire! burnt (recorded anyway): her followers die there (rules notes §5).
    for kind, count in _follower_groups(action):
        state = into_the_fire(state, to, kind, count)
    return entered(before, state, to, followers + len(action.specials))


def follower_choices(state: GameState, count: int) -> tuple[tuple[int, tuple[Special, ...]], ...]:
    """The ways ``count`` Victims on the Final Girl's space can follow her, as the ``followers``
    and ``specials`` of a Move: plain Victims first, then Smalleys, then the Boyfriend.

    The Smalleys and the Boyfriend are Victims like any other ("Event: The Smalleys", "Event:
    Boyfriend"), so they follow too; whether this move lets them (his space, up to 2) is
    ``move``'s to say. Empty when fewer than ``count`` Victims stand with her, and while she
    is Asleep (rulebook, "When you are Asleep": "Victims will NOT follow you"), so a count of
    followers starts from none then.
    """
    table, start = state.table, state.table.final_girl
    if start is None or state.asleep:
        return ((0, ()),) if count == 0 else ()
    plain_here = table.count_of(start, "victim")
    smalleys_here = table.count_of(start, "smalley")
    boyfriend_here = table.count_of(start, "boyfriend")
    choices: list[tuple[int, tuple[Special, ...]]] = []
    for plain in range(min(count, plain_here), -1, -1):
        for smalleys in range(min(count - plain, smalleys_here), -1, -1):
            boyfriend = count - plain - smalleys
            if boyfriend <= boyfriend_here:
                kinds: list[Special] = []
                kinds += ["smalley"] * smalleys
                kinds += ["boyfriend"] * boyfriend
                choices.append((plain, tuple(kinds)))
    return tuple(choices)


def check_place(state: GameState, action: Place) -> None:
    space = None if action.space is None else required_space(state, action.space)
    if action.piece == "bicycle" and space is not None and not state.board.is_street(space):
        refuse(_("The Bicycle token stays on Street spaces."), rule=bicycle_rule())


def bicycle_rule() -> str:
    """The rule the Bicycle's refusals cite ("Item: Bicycle")."""
    return _("Item: {card}").format(card=card_shown(BICYCLE))


BICYCLE_QUESTION = N_("On which Street space next to you does the Bicycle go?")


def bicycle_spaces(state: GameState) -> tuple[str, ...]:
    """Where the Bicycle token goes when she takes the card: "the Street space adjacent to
    you" (Item: Bicycle): the House's street, or a Street space next to hers."""
    here, board = state.table.final_girl, state.board
    if here is None or here not in board.spaces:
        return ()
    if board.is_house(here):
        return (board.adjacent_street(here),)
    return tuple(n for n in board.neighbours(here) if board.is_street(n))


def place(state: GameState, action: Place) -> GameState:
    space, table = action.space, state.table
    if action.piece == "final girl":
        return replace(state, table=replace(table, final_girl=space))
    if action.piece == "dr fright":
        return replace(state, table=replace(table, killer=space))
    return replace(state, table=replace(table, bicycle=space))


# The Bicycle --------------------------------------------------------------------------------


def check_ride_bicycle(state: GameState, action: RideBicycle) -> None:
    to = required_space(state, action.to)
    table, board = state.table, state.board
    rule = bicycle_rule()
    if table.bicycle is None:
        raise impossible(_("The Bicycle is not on the board."), rule=rule)
    if table.final_girl != table.bicycle:
        refuse(_("You must be with the Bicycle to ride it."), rule=rule)
    if any(item.in_hand for item in table.held):
        refuse(_("Your hands must be free of items to ride the Bicycle."), rule=rule)
    if not board.is_street(to) or to == table.final_girl:
        refuse(_("The Bicycle takes you to any other Street space."), rule=rule)
    if table.bicycle_ridden_round == state.round:
        refuse(_("The Bicycle can be ridden once per turn."), rule=rule)


def ride_bicycle(state: GameState, action: RideBicycle) -> GameState:
    to, table = action.to, state.table
    return replace(
        state, table=replace(table, final_girl=to, bicycle=to, bicycle_ridden_round=state.round)
    )

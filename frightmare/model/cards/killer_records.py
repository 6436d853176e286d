"""His Killer Action and a panic as the steps to record on this table: where he stops, whom
each attack hits (the Boyfriend takes hers), her damage after her defence, the tokens his move
springs, and where each panicking Victim runs, with the choices they leave to the player.
"""

from __future__ import annotations

from collections.abc import Iterable

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.steps import (
    CardStep,
    HurtHerStep,
    HurtHimStep,
    KillerToStep,
    KillStep,
    NoteStep,
    PanicStep,
    TokenStep,
)
from frightmare.model.box.card_data import KillerActionData, KillerTarget
from frightmare.model.box.cards import ODDS_AND_ENDS
from frightmare.model.cards.choices import Choice, Choices, answer, which_victim
from frightmare.model.game.state import GameState
from frightmare.model.game.table import Table
from frightmare.model.lane.killer import (
    HER_DAMAGE,
    attack_blocked,
    killer_distances,
    plan_killer_action,
)

# Whom his Killer Action goes for, shown with ``_``.
TARGET_TEXT: dict[KillerTarget, str] = {
    "closest": N_("the closest target"),
    "closest-victim": N_("the closest Victim"),
    "final-girl": N_("you"),
}


def printed_text(action: KillerActionData) -> str:
    """A Killer Action as printed, short: "Closest target: attack, no move."."""
    who = _(TARGET_TEXT[action.target])
    attacks = (
        ngettext("{count} attack", "{count} attacks", action.attacks).format(count=action.attacks)
        if action.attacks
        else _("no attack")
    )
    moves = (
        ngettext("{count} move", "{count} moves", action.moves).format(count=action.moves)
        if action.moves
        else _("no move")
    )
    # Translators: whom he goes for, his attacks and his moves: "you, 1 attack, no move.".
    return _("{target}, {attacks}, {moves}.").format(target=who, attacks=attacks, moves=moves)


def killer_action_text(target: KillerTarget, moves: int, attacks: int) -> str:
    """A Killer Action in words: "He goes for the closest target: moves, attacks"."""
    # Translators: one word for each of his move icons, then each of his attack icons.
    parts = [_("moves")] * moves + [_("attacks")] * attacks
    return _("He goes for {target}: {icons}").format(
        target=_(TARGET_TEXT[target]), icons=", ".join(parts) or _("nothing")
    )


def killer_records(
    state: GameState, action: KillerActionData, index: int, chosen: Choices
) -> tuple[tuple[CardStep, ...], tuple[Choice, ...]]:
    """His Killer Action as steps to record, and the choices it leaves: where he ends (his
    path's end proposed), whom each attack hits, her damage after her defence."""
    first = plan_killer_action(state, action)
    start = state.table.killer
    if start is None:
        return (), ()
    ends: tuple[str, ...] = ()
    if action.moves:
        distances, _previous = killer_distances(state, start)
        reachable = sorted(state.board.spaces, key=lambda s: (distances.get(s, 99), s))
        proposed = first.end or start
        ends = tuple(dict.fromkeys((proposed, *reachable)))
    choices: list[Choice] = []
    end = start
    if ends:
        # The rules decide where he stops on his way to the closest target; the player says
        # only between targets still tied once the one with more Victims goes first (one
        # source).
        where = Choice("end", "space", _("Where does he stop?"), ends[0], ends, open=first.tied > 1)
        choices.append(where)
        end = str(answer(chosen, index, where))
    plan = plan_killer_action(state, action, end=end) if action.moves else first
    records: list[CardStep] = []
    if end != start:
        records.append(KillerToStep(space=end))
        records.extend(tokens_sprung(state, end))
    table = state.table
    for n, attacked in enumerate(plan.attacks_on):
        if attacked == "victim":
            who, asked = which_victim(table, end, index, chosen, key=f"who{n}")
            choices.extend(asked)
            records.append(KillStep(space=end, who=who))
            table = table.without_victims(end, who)
        elif attacked == "final girl" and _boyfriend_takes_it(table, index, chosen, n, choices):
            assert table.boyfriend is not None
            records.append(KillStep(space=table.boyfriend, who="boyfriend"))
            table = table.without_victims(table.boyfriend, "boyfriend")
        elif attacked == "final girl":
            hurt = Choice(
                f"damage{n}",
                "number",
                _(HER_DAMAGE),
                plan.damage,
                low=0,
                high=10,
            )
            choices.append(hurt)
            damage = answer(chosen, index, hurt)
            records.append(HurtHerStep(damage=damage if isinstance(damage, int) else plan.damage))
    return tuple(records), tuple(choices)


# A step the journal keeps (in English), shown with ``_``.
TRAP_AWAKE_NOTE = N_(
    "The booby trap goes off, but you are Awake: nothing of yours may hurt Dr. Fright (record "
    "his Health anyway if your table says otherwise)."
)


def tokens_sprung(state: GameState, space: str) -> tuple[CardStep, ...]:
    """What her Items' tokens do when he moves into ``space`` (cards, one source): the
    Fireworks token goes ("the token goes when he enters its space"); a booby trap there
    (Odds and Ends) deals its damage to him ("it takes 2 damage and the token goes"), unless
    she is Awake: then nothing of hers may hurt Dr. Fright (rulebook, Awake side), the trap
    only goes off, and the player records the damage anyway if the table says otherwise."""
    table = state.table
    steps: list[CardStep] = []
    if table.fireworks == space:
        steps.append(TokenStep(token="fireworks", space=space, gone=True))
    if space in table.booby_traps:
        card = state.cards.find("item", ODDS_AND_ENDS)
        damage = card.value("damage", 2) if card is not None else 2
        if attack_blocked(state, by_her=True):
            steps.append(NoteStep(text=TRAP_AWAKE_NOTE))
        else:
            steps.append(HurtHimStep(damage=damage))
        steps.append(TokenStep(token="booby trap", space=space, gone=True))
    return tuple(steps)


BOYFRIEND_TAKES = N_("Who takes his attack?")


def _boyfriend_takes_it(
    table: Table, index: int, chosen: Choices, n: int, choices: list[Choice]
) -> bool:
    """Event: Boyfriend: "attacks aimed at you go to him instead" (two public sources, rules
    notes §5): while he is in play, the rule proposes him; the player may say it hit her."""
    if table.boyfriend is None:
        return False
    takes = Choice(
        f"takes{n}",
        "option",
        _(BOYFRIEND_TAKES),
        "boyfriend",
        ("boyfriend", "you"),
        open=False,
        labels=(_("The Boyfriend"), _("You")),
    )
    choices.append(takes)
    return answer(chosen, index, takes) == "boyfriend"


def panic_records(
    state: GameState, sources: Iterable[str], index: int, chosen: Choices
) -> tuple[tuple[CardStep, ...], tuple[Choice, ...]]:
    """Victims panicking from ``sources``: where each one goes (a neighbour of its space, the
    one farthest from him proposed; the player picks). Shock Factor, when in play, kills them
    instead (the step's effect applies it, up to its limit)."""
    table, board = state.table, state.board
    records: list[CardStep] = []
    choices: list[Choice] = []
    him = table.killer
    away = board.distances_from(him) if him is not None else {}
    for source in sources:
        targets = tuple(
            # A House Fire! burnt comes last (a panic into it kills: rules notes §5); the
            # English names break ties: the same proposal in every language.
            sorted(
                board.neighbours(source),
                key=lambda s: (s in table.closed, -away.get(s, 0), board.name(s)),
            )
        )
        if not targets:
            continue
        number = 0
        for who in table.kinds_at(source):
            for _victim in range(table.count_of(source, who)):
                number += 1
                panics = {
                    "victim": _("Victim {number} on {space} panics to"),
                    "smalley": _("Smalley {number} on {space} panics to"),
                    "boyfriend": _("Boyfriend {number} on {space} panics to"),
                }
                pick = Choice(
                    f"{source}:{number}",
                    "space",
                    panics[who].format(number=number, space=board.label(source)),
                    targets[0],
                    targets,
                    open=len(targets) > 1,
                )
                choices.append(pick)
                target = str(answer(chosen, index, pick))
                records.append(PanicStep(source=source, target=target, who=who))
    return tuple(records), tuple(choices)

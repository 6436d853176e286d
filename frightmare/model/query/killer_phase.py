"""The Killer phase's steps as the screen offers them: his Killer Action in one step (where he
goes, whom he kills, what she takes), Everyone Must Die's kills, and Panic.

Each ``plan_*`` proposes the steps to record and the choices the player may change (keyed as
``plan.plan_card``'s are: by step index and choice key); the action the GUI plays carries the
steps, so one input accepts the whole step.

Sources: rules notes §1 (the Killer Action, Panic: "the Victims in the Killer's space panic and
move"), the rulebook's "When you are Awake", Finale: "Everyone must die" and Epic Dark Power:
Shock Factor, rules notes §9 (his printed Killer Action and Bloodlust rows: one source,
proposals only).
"""

from __future__ import annotations

from dataclasses import field, replace

from frightmare.i18n import N_, _, ngettext
from frightmare.model.actions.dream import VictimsPanic
from frightmare.model.actions.journal import Action
from frightmare.model.actions.names import card_shown
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.actions.steps import (
    CardStep,
    CounterStep,
    HurtHerStep,
    HurtHimStep,
    KillerToStep,
    KillStep,
    PanicStep,
    TokenStep,
)
from frightmare.model.box.card_data import Confidence, KillerActionData
from frightmare.model.box.cards import EVERYONE_MUST_DIE, SHOCK_FACTOR
from frightmare.model.cards.choices import Choice, Choices, answer
from frightmare.model.cards.killer_records import killer_records, panic_records
from frightmare.model.counters import shock_factor_on
from frightmare.model.errors import RuleViolation
from frightmare.model.game.state import GameState
from frightmare.model.game.table import VictimKind
from frightmare.model.lane.killer import (
    attack_blocked,
    describe_path,
    everyone_must_die_now,
    plan_killer_action,
    printed_killer_action,
)
from frightmare.model.query.verdict import Verdict, verdict
from frightmare.model.round.duties import done_by_next
from frightmare.model.round.phases import next_phase_to
from frightmare.model.rules import apply, check
from frightmare.model.values import frozen

EMD_RULE = N_("Finale: “Everyone must die”")


@frozen
class StepPlan:
    """A step as the screen offers it: what it does in words, how sure we are, the steps to
    record and the choices left open."""

    title: str
    text: str
    confidence: Confidence
    records: tuple[CardStep, ...]
    choices: tuple[Choice, ...]
    # The model's answer for the play that records it (its steps' own checks).
    verdict: Verdict = field(default_factory=Verdict)


def killer_step_offered(state: GameState) -> bool:
    """His Killer Action is still to record this Killer phase, on a board the app draws."""
    return (
        state.phase == "killer"
        and not state.killer_action_done
        and state.setup.on_maple_lane
        and state.result is None
    )


def plan_killer_step(
    state: GameState, action: KillerActionData | None = None, chosen: Choices | None = None
) -> StepPlan:
    """His Killer Action on the board: ``action`` as printed (by default the Finale's, else the
    back of the Finale cards, one source), where he stops (his path's end proposed), whom he
    attacks there. After Everyone Must Die, its two kills instead."""
    if everyone_must_die_now(state):
        return plan_everyone_must_die(state, chosen)
    printed = action or printed_killer_action(state)
    records, choices = killer_records(state, printed, 0, chosen or {})
    plan = plan_killer_action(state, printed)
    # What it does here, in one or two short lines (the printed action is in the controls).
    lines: list[str] = []
    moved = next((r for r in records if isinstance(r, KillerToStep)), None)
    if moved is not None:
        path = plan_killer_action(state, printed, end=moved.space).path
        lines.append(
            # Translators: how far he moves of how far he may, and his path.
            _("Moves {moved} of {reach}: {path}.").format(
                moved=max(0, len(path) - 1), reach=plan.reach, path=describe_path(state, path)
            )
        )
    elif printed.moves:
        lines.append(
            ngettext(
                "He may move {count} space: he stays.",
                "He may move {count} spaces: he stays.",
                plan.reach,
            ).format(count=plan.reach)
        )
    end = moved.space if moved is not None else state.table.killer
    if moved is not None and moved.space == state.table.fireworks:
        lines.append(_("He goes for the Fireworks: their token goes."))
    trap = next((r for r in records if isinstance(r, HurtHimStep)), None)
    if trap is not None:
        lines.append(
            _("The booby trap there deals him {damage} damage and goes.").format(damage=trap.damage)
        )
    elif any(isinstance(r, TokenStep) and r.token == "booby trap" for r in records):
        lines.append(_("The booby trap there goes off; Awake, it cannot hurt him."))
    kills = sum(isinstance(r, KillStep) and r.space == end for r in records)
    # Event: Boyfriend: his attack on her goes to the Boyfriend, wherever he stands.
    instead = any(isinstance(r, KillStep) and r.space != end for r in records)
    if kills:
        lines.append(
            ngettext("{count} Victim killed there.", "{count} Victims killed there.", kills).format(
                count=kills
            )
        )
    if instead:
        lines.append(_("The Boyfriend takes his attack on you."))
    elif any(isinstance(r, HurtHerStep) for r in records):
        lines.append(_("He attacks you there."))
    elif printed.attacks and not kills and not attack_blocked(state, by_her=False):
        # His attack on her is offered (the table is the truth: the board may be behind), so
        # the line must not say that nobody is there to hit.
        lines.append(_("If he reaches you, he attacks you."))
    elif printed.attacks and not kills:
        lines.append(_("Nobody there."))
    step = StepPlan(_("His Killer Action"), " ".join(lines), printed.confidence, records, choices)
    return _judged(state, step, killer_action_of(step, printed))


def hits_her_offered(state: GameState, plan: StepPlan, printed: KillerActionData) -> bool:
    """Whether his Killer Action's step offers the damage she takes, one click each: he may
    attack her now (Asleep, or an effect allows it: rulebook, When you are Asleep, "Dr.
    Fright can now attack you! He will resolve all Killer Actions as normal"), his action has
    an attack icon, and it kills no Victim. Where the board has nobody in his space, the
    table is the truth: the click records that his attack reached her, with a reminder."""
    return (
        not everyone_must_die_now(state)
        and printed.attacks > 0
        and not attack_blocked(state, by_her=False)
        and not any(isinstance(r, KillStep) for r in plan.records)
    )


def hit_her_plan(
    state: GameState, plan: StepPlan, printed: KillerActionData, damage: int
) -> StepPlan:
    """``plan`` with his attack landing on her for ``damage`` (what she takes after her
    defence), judged by the model."""
    kept = tuple(r for r in plan.records if not isinstance(r, HurtHerStep))
    step = replace(plan, records=(*kept, HurtHerStep(damage=damage)))
    return _judged(state, step, killer_action_of(step, printed))


def her_damage_choices(state: GameState) -> tuple[int, ...]:
    """The damage she may take from his attack, one button each: none up to his Attack value
    (his Bloodlust row, one source), and at least up to 3; more is one list away."""
    attack = state.cards.bloodlust_row(state.counters.bloodlust).attack
    return tuple(range(0, max(3, attack) + 1))


def weapon_in_hand(state: GameState) -> tuple[str, int] | None:
    """The weapon in her hands that adds the most damage to her attack, with its bonus (its
    card's value, one source), or ``None``: the player adds it to her hits."""
    best: tuple[str, int] | None = None
    for held in state.table.held:
        card = state.cards.find("item", str(held.name))
        if held.in_hand and card is not None:
            bonus = card.value("damage", 0)
            if bonus > 0 and (best is None or bonus > best[1]):
                best = (card.name, bonus)
    return best


def his_damage_choices(state: GameState) -> tuple[int, ...]:
    """The damage her attack may deal, one button each: 1 up to 4, further with a weapon in
    her hands that adds damage (``weapon_in_hand``); any other number is one list away."""
    weapon = weapon_in_hand(state)
    bonus = weapon[1] if weapon is not None else 0
    return tuple(range(1, max(4, min(6, 3 + bonus)) + 1))


def killer_action_of(plan: StepPlan, printed: KillerActionData) -> KillerAction:
    """The action that records ``plan`` in one step."""
    return KillerAction(move_icon=printed.moves > 0, steps=plan.records)


def _judged(state: GameState, plan: StepPlan, action: Action | None) -> StepPlan:
    if action is None:
        return replace(plan, verdict=Verdict("impossible", _("Nothing to record.")))
    return replace(plan, verdict=verdict(state, action))


def plan_everyone_must_die(state: GameState, chosen: Choices | None = None) -> StepPlan:
    """Finale "Everyone must die": "Kill 2 Victims automatically (you may choose which). If
    none remain, you lose [icon]": which Victims die (the player picks), and with none left
    what she loses (the card's editable value, one source: 4 Health), never the game itself."""
    card = state.cards.find("finale", EVERYONE_MUST_DIE)
    kills = card.value("kills", 2) if card is not None else 2
    lose = card.value("lose_health", 4) if card is not None else 4
    table = state.table
    spaces = tuple(s for s in state.board.spaces if table.occupied(s))
    records: list[CardStep] = []
    choices: list[Choice] = []
    left = {s: sum(table.count_of(s, w) for w in table.kinds_at(s)) for s in spaces}
    for n in range(kills):
        open_spaces = tuple(s for s in spaces if left[s] > 0)
        if not open_spaces:
            break
        pick = Choice(
            f"kill{n}",
            "space",
            _("Victim {number} dies on").format(number=n + 1),
            open_spaces[0],
            open_spaces,
        )
        choices.append(pick)
        space = str(answer(chosen or {}, 0, pick))
        kinds = table.kinds_at(space)
        who: VictimKind = kinds[0] if kinds else "victim"
        records.append(KillStep(space=space, who=who))
        left[space] -= 1
        table = table.without_victims(space, who)
    text = ngettext(
        "{count} Victim of your choice die.", "{count} Victims of your choice die.", kills
    ).format(count=kills)
    confidence: Confidence = "RB"
    if not records:
        confidence = "ONE"
        # The card's editable value (one source) prefilled: the player corrects it if the
        # icon says otherwise.
        loss = Choice(
            "lose",
            "number",
            _("No Victim remains: Health you lose"),
            lose,
            low=0,
            high=9,
            open=False,
        )
        choices.append(loss)
        value = answer(chosen or {}, 0, loss)
        amount = value if isinstance(value, int) else lose
        if amount:
            records.append(CounterStep(counter="health", delta=-min(10, amount)))
        text = _(
            "No Victim remains: you lose what the card's icon shows (the rulebook prints only "
            "the icon; one source reads it as {health} Health: change it here)."
        ).format(health=lose)
    plan = StepPlan(card_shown(EVERYONE_MUST_DIE), text, confidence, tuple(records), tuple(choices))
    nothing = KillerActionData(target="closest", moves=0, attacks=0)
    return _judged(state, plan, killer_action_of(plan, nothing))


def panic_sources(state: GameState) -> tuple[str, ...]:
    """Where Victims panic now: in the Panic phase, the Victims in his space (rules notes §1:
    "only when a Victim died this round: the Victims in the Killer's space panic and move")."""
    if state.phase != "panic" or not state.setup.on_maple_lane or state.result is not None:
        return ()
    him = state.table.killer
    if him is None or not state.table.occupied(him):
        return ()
    return (him,)


def panic_ahead(state: GameState) -> GameState | None:
    """The Panic phase as Next phase would open it, while the Killer phase owes nothing more
    (his Killer Action and the Terror card recorded, no Boiler Room card due, nothing left
    open) and Victims stand in his space: where they run may be picked now, and the pick
    records Next phase first (a panic is the Panic phase's: rules notes §1). ``None`` else."""
    if (
        state.phase != "killer"
        or state.result is not None
        or not state.setup.on_maple_lane
        or not state.killer_action_done
        or not (state.terror_this_round or state.finale is not None)
        or next_phase_to(state) != "panic"
    ):
        return None
    try:
        check(state, NextPhase())
    except RuleViolation:
        return None
    after = apply(state, NextPhase())
    return after if panic_sources(after) else None


def next_phase_verdict(state: GameState) -> Verdict:
    """Next phase as the round bar's button plays it: what the phase owes and the app knows
    exactly recorded first (``duties.done_by_next``), then Next phase's own answer."""
    scratch = state
    for owed in done_by_next(state):
        try:
            scratch = apply(scratch, owed)
        except RuleViolation:
            return verdict(state, NextPhase())
    return verdict(scratch, NextPhase())


def plan_panic(
    state: GameState, sources: tuple[str, ...] | None = None, chosen: Choices | None = None
) -> StepPlan:
    """Panic: where each Victim goes (the player picks among its space's neighbours); under
    Shock Factor they die instead, up to 3 a turn (its effect applies it)."""
    sources = panic_sources(state) if sources is None else sources
    records, choices = panic_records(state, sources, 0, chosen or {})
    count = len(records)
    text = ngettext(
        "{count} Victim panics: it moves to a space next to theirs.",
        "{count} Victims panic: each moves to a space next to theirs.",
        count,
    ).format(count=count)
    if shock_factor_on(state):
        text = ngettext(
            "{card}: {count} Victim that would panic die instead (at most 3 a turn); the others "
            "move.",
            "{card}: {count} Victims that would panic die instead (at most 3 a turn); the others "
            "move.",
            count,
        ).format(card=card_shown(SHOCK_FACTOR), count=count)
    plan = StepPlan(_("Panic"), text, "PUB", records, choices)
    return _judged(state, plan, panic_action(state, plan))


def panic_action(state: GameState, plan: StepPlan) -> VictimsPanic | None:
    moves = tuple(r for r in plan.records if isinstance(r, PanicStep))
    if not moves:
        return None
    return VictimsPanic(count=len(moves), space=moves[0].source, moves=moves)

"""The box's 21 published achievements (issue 22 item 1): for each, one game that earns it and
one that just misses, detected from the journal's typed actions and events, from the game's
result, from several games, or from the player's answer. The achievements' requirements are
the published lists' (resources/achievements.json, source ACH in docs/rules-notes.md §9)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from game_helpers import his_turn

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import AttackDrFright, DrFrightAttacks, FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.journal import Action
from frightmare.model.actions.lane import (
    AddVictims,
    Convince,
    KillVictim,
    Place,
    RecordTopCard,
    RevealEvent,
    Search,
)
from frightmare.model.actions.round import AdjustCounter, DrawTerror, KillerAction, NextPhase
from frightmare.model.box.cards import DR_FRIGHT, MAPLE_LANE
from frightmare.model.game.boiler_room import Direction
from frightmare.model.record.achievements import (
    answered,
    default_achievements,
    earned_in,
    game_marks,
    questions,
    standings,
)
from frightmare.model.record.collection import default_catalogue
from frightmare.model.record.figures import entry_for, game_figures, with_figures
from frightmare.model.record.log_entry import LogEntry

BOOK = {a.id: a for a in default_achievements()}
WHOLE_DECK: tuple[Direction, ...] = (
    "up",
    "up",
    "left",
    "down",
)  # four slides on screen: a whole dream


def game(*steps: Action, **setup: Any) -> History:
    history = History(new_game(GameSetup(**setup), seed=1))
    for step in steps:
        history.do(step)
    return history


def logged(history: History, result: str = "loss", n: int = 1) -> LogEntry:
    if history.state.result is None:
        history.do(EndGame(result="win" if result == "win" else "loss"))
    when = datetime(2026, 11, 1, 20, tzinfo=UTC) + timedelta(days=n)
    return with_figures(entry_for(f"s{n}", history.state, when), game_figures(history, when, when))


def earns(entry: LogEntry) -> set[str]:
    """What this game earns on its own."""
    marks = game_marks(entry)
    return {a.id for a in BOOK.values() if marks.get(a.id, 0) >= a.need}


def row(n: int, result: str, **columns: str) -> LogEntry:
    base = {
        "session": f"r{n}",
        "date": f"2026-11-{1 + n:02d}",
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "result": result,
    }
    return LogEntry.from_row(base | columns)


def test_the_file_lists_all_21_and_the_app_detects_each() -> None:
    assert len(BOOK) == 21
    assert sum(a.box == "Maple Lane" for a in BOOK.values()) == 11


# Dr. Fright -------------------------------------------------------------------------------


def test_beat_dr_fright_on_maple_lane() -> None:
    """ "Beat Dr. Fright on Maple Lane": win, Dr. Fright, Maple Lane."""
    assert "fright-beat-on-maple-lane" in earns(row(1, "win"))
    assert "fright-beat-on-maple-lane" not in earns(row(1, "win", location="Creech Manor"))
    assert "fright-beat-on-maple-lane" not in earns(row(1, "loss"))


def test_beat_dr_fright_on_five_locations_counts_over_games() -> None:
    places = ["Maple Lane", "Hellscape", "Creech Manor", "Camp Happy Trail", "Utopia"]
    four = [row(n, "win", location=p) for n, p in enumerate(places[:4])]
    # the fifth is a loss, and a repeated Location counts once: a near miss
    near = [*four, row(5, "loss", location="Utopia"), row(6, "win", location="Hellscape")]
    (standing,) = [
        s for s in standings(near) if s.achievement.id == "fright-beat-on-five-locations"
    ]
    assert not standing.earned
    assert standing.progress == "Dr. Fright defeated at 4 of 5 different Locations"
    done = [*near, row(7, "win", location="utopia")]
    (standing,) = [
        s for s in standings(done) if s.achievement.id == "fright-beat-on-five-locations"
    ]
    assert standing.earned and standing.day == "2026-11-08" and "Utopia" in standing.collected


def test_beat_dr_fright_on_extreme_horror() -> None:
    assert "fright-beat-extreme" in earns(logged(game(extreme_horror=True), "win"))
    assert "fright-beat-extreme" not in earns(logged(game(extreme_horror=True), "loss"))
    assert "fright-beat-extreme" not in earns(logged(game(), "win"))


def test_out_of_the_boiler_room_unhurt() -> None:
    """Come out of the Boiler Room (all four cards, she wakes) without taking damage then."""
    slides = [Slide(direction=d) for d in WHOLE_DECK]
    clean = game(FallAsleep(), *slides)
    assert clean.state.dream.awake
    assert "fright-boiler-room-unhurt" in earns(logged(clean))
    hurt = game(FallAsleep(), *slides[:2], AdjustCounter(counter="health", delta=-1), *slides[2:])
    assert "fright-boiler-room-unhurt" not in earns(logged(hurt))
    still_asleep = game(FallAsleep(), *slides[:3])
    assert "fright-boiler-room-unhurt" not in earns(logged(still_asleep))


def a_boiler_room_attack() -> History:
    """Asleep, slides on screen until a card shows Dr. Fright (seed 1 deals the deck)."""
    history = game(FallAsleep())
    for direction in WHOLE_DECK:
        history.do(Slide(direction=direction))
        if any(e.kind == "attack" for e in history.state.events):
            return history
    raise AssertionError("no Boiler Room attack in a whole deck")


def test_hit_back_at_a_boiler_room_attack_is_the_players_answer() -> None:
    """Only the player can say a reaction card hit back: asked when the game had a Boiler Room
    attack, never otherwise."""
    entry = logged(a_boiler_room_attack())
    assert [q.id for q in questions(entry)] == ["fright-boiler-room-hit-back"]
    assert "fright-boiler-room-hit-back" in earns(
        answered(entry, "fright-boiler-room-hit-back", True)
    )
    no = answered(entry, "fright-boiler-room-hit-back", False)
    assert "fright-boiler-room-hit-back" not in earns(no) and questions(no) == []
    assert questions(logged(game(FallAsleep()))) == []  # no attack: nothing to ask


def test_damage_dr_fright_while_awake() -> None:
    """Awake she cannot attack him (the Awake card) unless an effect allows it: the attack is
    recorded anyway, and counts."""
    awake = game(
        AttackDrFright(anyway=True), AdjustCounter(counter="killer health", delta=-1, anyway=True)
    )
    assert "fright-damage-while-awake" in earns(logged(awake))
    asleep = game(FallAsleep(), AttackDrFright(), AdjustCounter(counter="killer health", delta=-1))
    assert "fright-damage-while-awake" not in earns(logged(asleep))
    hit = game(AttackDrFright(damage=2, anyway=True))  # the attack with its damage, one step
    assert "fright-damage-while-awake" in earns(logged(hit))
    missed = game(AttackDrFright(damage=0, anyway=True))  # an attack that did no damage
    assert "fright-damage-while-awake" not in earns(logged(missed))


def test_beat_dr_fright_after_he_came_back() -> None:
    assert "fright-beat-after-revive" in earns(row(1, "win", final_health_revive="him"))
    assert "fright-beat-after-revive" in earns(row(1, "win", final_health_revive="both"))
    assert "fright-beat-after-revive" not in earns(row(1, "win", final_health_revive="her"))
    assert "fright-beat-after-revive" not in earns(row(1, "loss", final_health_revive="him"))


def test_three_boiler_room_cards_in_one_round() -> None:
    """ "You can choose to resolve as many as you wish during the Action phase"."""
    slides = [Slide(direction=d) for d in WHOLE_DECK[:3]]
    assert "fright-three-boiler-cards-one-round" in earns(logged(game(FallAsleep(), *slides)))
    # three cards over two rounds: two in the first (one at the end of its Killer phase)
    second = Slide(direction=WHOLE_DECK[1], anyway=True)  # before his Killer Action
    split = game(FallAsleep(), slides[0])
    for step in (NextPhase(), NextPhase(), second):
        if split.state.dream.attack_open:  # a card showed him: his attack first (issue 31)
            split.do(DrFrightAttacks(target="final girl", damage=0))
        split.do(step)
    while split.state.round == 1:
        if split.state.dream.attack_open:  # a card showed him: his attack first (issue 31)
            split.do(DrFrightAttacks(target="final girl", damage=0))
        his_turn(split)
        split.do(NextPhase())
    split.do(slides[2])
    assert "fright-three-boiler-cards-one-round" not in earns(logged(split))


def test_fall_asleep_on_purpose_with_a_rest() -> None:
    assert "fright-rest-to-sleep" in earns(logged(game(FallAsleep(cause="short rest"))))
    assert "fright-rest-to-sleep" in earns(logged(game(FallAsleep(cause="long rest"))))
    assert "fright-rest-to-sleep" not in earns(logged(game(FallAsleep())))


def test_beat_dr_fright_before_his_finale() -> None:
    assert "fright-beat-before-finale" in earns(row(1, "win"))
    assert "fright-beat-before-finale" in earns(row(1, "win", finale="Unrevealed"))
    assert "fright-beat-before-finale" not in earns(row(1, "win", finale="Time to Die"))


# Maple Lane -------------------------------------------------------------------------------


def test_win_on_maple_lane() -> None:
    assert "maple-win" in earns(row(1, "win", killer="Hans"))
    assert "maple-win" not in earns(row(1, "win", location="Hellscape"))


def test_beat_five_killers_on_maple_lane() -> None:
    killers = ["Dr. Fright", "Hans", "Evomorph", "The Evomorph", "Geppetto", "Krampus"]
    near = [row(n, "win", killer=k) for n, k in enumerate(killers[:5])]  # Evomorph twice
    (s,) = [s for s in standings(near) if s.achievement.id == "maple-beat-five-killers"]
    assert not s.earned and s.progress == "4 of 5 different Killers beaten on Maple Lane"
    (s,) = [
        s
        for s in standings([*near, row(9, "win", killer="Krampus")])
        if s.achievement.id == "maple-beat-five-killers"
    ]
    assert s.earned


def test_a_victim_saved_by_officer_kopps_cop_car() -> None:
    # Rules notes §5: the Cop Car drives each Upkeep; Victims aboard are saved on arrival.
    # Five rounds (no Victim dies: no Panic phase), each Killer phase played (rules notes §1).
    turn: list[Action] = [
        KillerAction(move_icon=False),
        DrawTerror(name="Ewwww! That's disgusting!"),
    ]
    drive = [NextPhase(), NextPhase(), *turn, NextPhase(), NextPhase()] * 5
    carried = game(
        AddVictims(space="exit-n", count=2),
        RevealEvent(name="Officer Kopp", space="exit-n"),
        *drive,
    )
    assert "maple-saved-by-cop-car" in earns(logged(carried))
    empty = game(RevealEvent(name="Officer Kopp", space="exit-n"), *drive)
    assert "maple-saved-by-cop-car" not in earns(logged(empty))


def search(*houses: str, names: Iterable[tuple[str | None, ...]] = ()) -> list[Action]:
    named = list(names)
    steps: list[Action] = []
    for n, house in enumerate(houses):
        steps.append(Place(piece="final girl", space=house))
        steps.append(Search(house=house, names=named[n] if n < len(named) else (None,)))
    return steps


def test_a_house_searched_in_each_quadrant() -> None:
    # "House spaces and quadrants": 12 Houses, three in each of four quadrants.
    four = search("house-nw-street", "smalleys-house", "house-ne-street", "house-se-street")
    assert "maple-search-each-quadrant" in earns(logged(game(*four)))
    three = search("house-nw-street", "smalleys-house", "house-ne-street", "house-ne-exit-e")
    entry = logged(game(*three))
    assert "maple-search-each-quadrant" not in earns(entry)
    (s,) = [s for s in standings([entry]) if s.achievement.id == "maple-search-each-quadrant"]
    assert s.progress == "not yet: your best game 3 of 4"


def test_an_item_taken_with_convince() -> None:
    def convince(result: str) -> History:
        history = game(setup_card="Revenge")  # Victims in the NW street House
        history.do(Place(piece="final girl", space="street-w"))
        state = history.state
        target = next(h for h in state.board.houses_by("street-w") if state.table.occupied(h))
        history.do(RecordTopCard(quadrant=state.board.quadrant(target), name="Knife"))
        history.do(Convince(house=target, result=result, take_item=result == "3+"))
        return history

    assert "maple-item-by-convince" in earns(logged(convince("3+")))
    assert "maple-item-by-convince" not in earns(logged(convince("2")))


def test_all_three_houses_of_one_quadrant() -> None:
    board = new_game(GameSetup(), seed=1).board
    north_west = board.houses_in("NW")
    assert len(north_west) == 3
    assert "maple-search-whole-quadrant" in earns(logged(game(*search(*north_west))))
    assert "maple-search-whole-quadrant" not in earns(logged(game(*search(*north_west[:2]))))


def test_two_crucifixes_found() -> None:
    houses = ("house-nw-street", "smalleys-house")
    two = search(*houses, names=[("Crucifix",), ("Knife", "Crucifix")])
    assert "maple-two-crucifixes" in earns(logged(game(*two)))
    one = search(*houses, names=[("Crucifix",), ("Knife",)])
    assert "maple-two-crucifixes" not in earns(logged(game(*one)))


def test_win_with_three_events_revealed() -> None:
    events = [
        RevealEvent(name="Friendly Neighbors"),
        RevealEvent(name="It's the 4th of July!"),
        RevealEvent(name="What is going on over there?"),
    ]
    assert "maple-three-events-win" in earns(logged(game(*events), "win"))
    assert "maple-three-events-win" not in earns(logged(game(*events[:2]), "win"))
    assert "maple-three-events-win" not in earns(logged(game(*events), "loss"))


def kills(count: int) -> History:
    history = game(setup_card="Block Party")  # 12 Victims, 6 on the Intersection
    for _ in range(count):
        space = next(s for s, n in history.state.table.victims.items() if n)
        history.do(KillVictim(space=space))
    return history


def test_win_with_half_the_victims_killed() -> None:
    assert "maple-half-victims-killed-win" in earns(logged(kills(6), "win"))
    assert "maple-half-victims-killed-win" not in earns(logged(kills(5), "win"))
    assert "maple-half-victims-killed-win" not in earns(logged(kills(6), "loss"))


def test_win_with_road_blocks_on_two_exits() -> None:
    west = RevealEvent(name="Under Construction", space="exit-w")
    east = RevealEvent(name="Under Construction", space="exit-e")
    assert "maple-two-road-blocks-win" in earns(logged(game(west, east), "win"))
    assert "maple-two-road-blocks-win" not in earns(logged(game(west), "win"))


def test_an_enemy_killed_by_an_odds_and_ends_trap_is_the_players_answer() -> None:
    """Asked when she may have held an Odds and Ends (the box's Item list says Junk)."""
    entry = logged(game(*search("house-nw-street", names=[("Junk",)])))
    assert [q.id for q in questions(entry)] == ["maple-booby-trap-kill"]
    assert "maple-booby-trap-kill" in earns(answered(entry, "maple-booby-trap-kill", True))
    assert "maple-booby-trap-kill" not in earns(answered(entry, "maple-booby-trap-kill", False))
    knife = logged(game(*search("house-nw-street", names=[("Knife",)])))
    assert questions(knife) == []


def test_another_killer_on_another_location_earns_none_of_the_boxs_own() -> None:
    entry = logged(game(killer="Hans", location="Camp Happy Trails"), "win")
    assert earns(entry) == set()


def test_each_earned_achievement_is_dated_by_the_first_game_that_earned_it() -> None:
    rest = logged(game(FallAsleep(cause="short rest")), n=3)
    again = logged(game(FallAsleep(cause="long rest")), n=5)
    (s,) = [s for s in standings([again, rest]) if s.achievement.id == "fright-rest-to-sleep"]
    assert s.earned and s.day == "2026-11-04" and s.session == "s3"
    assert s.game == "Nancy vs Dr. Fright, Maple Lane"


def test_what_a_game_earns_first_is_read_in_one_pass_as_in_two() -> None:
    """Issue 33: the summary's "earned for the first time" read the log twice, sorted (seconds
    over 100,000 games); one pass gives the same, game for game, whatever the log's order."""
    import random

    boxes = default_catalogue().boxes
    killers = [k.name for b in boxes for k in b.killers]
    locations = [loc.name for b in boxes for loc in b.locations]
    marks = [a.id for a in BOOK.values() if a.needs in ("log", "player")]
    dice = random.Random(7)
    five_killers = [DR_FRIGHT, *[k for k in killers if k != DR_FRIGHT][:4]]
    five_locations = [MAPLE_LANE, *[loc for loc in locations if loc != MAPLE_LANE][:4]]

    def two_passes(entry: LogEntry, log: list[LogEntry]) -> list[str]:
        others = [e for e in log if e.session != entry.session]
        before = {s.achievement.id for s in standings(others) if s.earned}
        after = {s.achievement.id for s in standings([*others, entry]) if s.earned}
        own = earns(entry)
        return [a for a in BOOK if a in (after - before) or (a in own and a not in before)]

    completed = 0
    for trial in range(300):
        # Few games from five Killers (or five Locations): the game may complete a collection.
        few = trial % 2 == 0
        log = [
            row(
                dice.randrange(28),
                dice.choice(("win", "win", "loss")),
                session=f"g{trial}-{n}",
                killer=dice.choice(five_killers) if few else DR_FRIGHT,
                location=MAPLE_LANE if few else dice.choice(five_locations),
                achievements=" ".join(
                    f"{m}={dice.randint(1, 3)}" for m in marks if dice.random() < 0.05
                )
                or "-",
            )
            for n in range(dice.randrange(1, 9))
        ]
        dice.shuffle(log)
        entry = dice.choice(log)
        got = [a.id for a in earned_in(entry, log)]
        assert got == two_passes(entry, log)
        completed += any(BOOK[a].needs == "history" for a in got)
    assert completed  # some game did complete a collection

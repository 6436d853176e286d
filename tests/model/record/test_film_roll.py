"""Roll the film (issue 22 item 4): a randomiser over the boxes owned. Restricted to them it
never offers an unowned Killer, Location or Final Girl; "prefer unplayed" picks an unplayed
combination while one exists; each part can be locked."""

from __future__ import annotations

import random

import pytest

from frightmare.model.record.collection import DEFAULT_OWNED, Collection, default_catalogue
from frightmare.model.record.coverage import coverage
from frightmare.model.record.film_roll import Film, NothingToRoll, roll
from frightmare.model.record.log_entry import LogEntry

BOOK = default_catalogue()
OWNED = Collection.of(
    {*DEFAULT_OWNED, "the-happy-trails-horror", "into-the-void", "terror-from-above"}
)


def game(n: int, killer: str, location: str, result: str = "win") -> LogEntry:
    return LogEntry.from_row(
        {
            "session": f"g{n}",
            "date": "2026-11-01",
            "final_girl": "Nancy",
            "killer": killer,
            "location": location,
            "result": result,
        }
    )


def owned_names(owned: Collection) -> tuple[set[str], set[str], set[str]]:
    return (
        {g for _, g in owned.final_girls(BOOK)},
        {k.name for _, k in owned.killers(BOOK)},
        {loc.name for _, loc in owned.locations(BOOK)},
    )


@pytest.mark.parametrize("seed", range(5))
def test_a_roll_never_offers_what_is_not_owned(seed: int) -> None:
    rng = random.Random(seed)
    # games with boxes not owned (a friend's copy) are in the grid, never in the roll
    log = [game(1, "Krampus", "Santa's Village"), game(2, "Mort", "Mega BGCon")]
    grid = coverage(log, OWNED)
    girls, killers, places = owned_names(OWNED)
    for _ in range(300):
        film = roll(OWNED, grid, rng, prefer_unplayed=rng.random() < 0.5)
        assert film.final_girl in girls and film.killer in killers and film.location in places


def test_prefer_unplayed_picks_an_unplayed_combination_while_one_exists() -> None:
    rng = random.Random(1)
    _girls, killers, places = owned_names(OWNED)
    pairs = {(k, loc) for k in killers for loc in places}
    log: list[LogEntry] = []
    played: set[tuple[str, str]] = set()
    while played != pairs:
        grid = coverage(log, OWNED)
        film = roll(OWNED, grid, rng, prefer_unplayed=True)
        pair = (film.killer, film.location)
        assert pair not in played, (pair, sorted(pairs - played))
        played.add(pair)
        log.append(game(len(log), *pair, "loss"))
    # everything played: any combination again
    film = roll(OWNED, coverage(log, OWNED), rng, prefer_unplayed=True)
    assert (film.killer, film.location) in pairs


def test_prefer_unwon_picks_a_combination_not_won_yet() -> None:
    rng = random.Random(2)
    _girls, killers, places = owned_names(OWNED)
    won = [(k, loc) for k in killers for loc in places if (k, loc) != ("Hans", "Maple Lane")]
    log = [game(n, k, loc) for n, (k, loc) in enumerate(won)]
    log.append(game(99, "Hans", "Maple Lane", "loss"))  # played, not won
    grid = coverage(log, OWNED)
    for _ in range(20):
        film = roll(OWNED, grid, rng, prefer_unplayed=True, prefer_unwon=True)
        assert (film.killer, film.location) == ("Hans", "Maple Lane")


def test_a_locked_part_stays_and_the_rest_rolls() -> None:
    rng = random.Random(4)
    grid = coverage([], OWNED)
    locked = Film("Laurie", "The Evomorph", "Maple Lane", "Playtime", False)
    seen = set()
    for _ in range(50):
        film = roll(OWNED, grid, rng, locked=locked, locks=frozenset({"final_girl", "location"}))
        assert film.final_girl == "Laurie" and film.location == "Maple Lane"
        seen.add(film.killer)
    assert len(seen) > 1
    film = roll(OWNED, grid, rng, locked=locked, locks=frozenset({"killer", "setup_card"}))
    assert film.killer == "The Evomorph"
    if film.location == "Maple Lane":
        assert film.setup_card == "Playtime"


def test_only_the_halves_in_play_get_their_parts() -> None:
    rng = random.Random(5)
    grid = coverage([], OWNED)
    for _ in range(100):
        film = roll(OWNED, grid, rng)
        assert (film.setup_card is not None) == (film.location == "Maple Lane")
        if film.killer != "Dr. Fright":
            assert film.epic is False
        setup = film.setup()
        assert setup.killer == film.killer and setup.setup_card == film.setup_card


def test_nothing_owned_to_roll_is_said() -> None:
    with pytest.raises(NothingToRoll, match="Your collection"):
        roll(Collection.of({"final-girl-core-box"}), coverage([], Collection()), random.Random())

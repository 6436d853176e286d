"""Coverage (issue 22 item 5): a Killer × Location grid of the games played and won over the
boxes owned, the combinations not played yet, and the Final Girls played."""

from __future__ import annotations

from frightmare.model.record.collection import DEFAULT_OWNED, Collection
from frightmare.model.record.coverage import Tally, coverage
from frightmare.model.record.log_entry import LogEntry


def game(n: int, killer: str, location: str, result: str, girl: str = "Nancy") -> LogEntry:
    return LogEntry.from_row(
        {
            "session": f"g{n}",
            "date": "2026-11-01",
            "final_girl": girl,
            "killer": killer,
            "location": location,
            "result": result,
        }
    )


OWNED = Collection.of({*DEFAULT_OWNED, "the-happy-trails-horror", "terror-from-above"})


def test_the_grid_is_the_owned_killers_by_the_owned_locations() -> None:
    grid = coverage([], OWNED)
    assert grid.killers == ("Hans", "Dr. Fright", "Terror from Above")
    assert grid.locations == ("Camp Happy Trails", "Maple Lane")
    assert grid.size == 6 and len(grid.unplayed()) == 6
    assert [g for g, _ in grid.final_girls] == ["Laurie", "Reiko", "Nancy", "Sheila", "Melanie"]


def test_games_played_and_won_fill_their_cells_whatever_their_spelling() -> None:
    log = [
        game(1, "Dr. Fright", "Maple Lane", "win"),
        game(2, "dr. fright", "maple lane", "loss", "Sheila"),
        game(3, "Hans", "Camp Happy Trail", "win", "Laurie"),  # the community form's spelling
    ]
    grid = coverage(log, OWNED)
    assert grid.cell("Dr. Fright", "Maple Lane") == Tally(played=2, won=1)
    assert grid.cell("Hans", "Camp Happy Trails") == Tally(1, 1)
    assert grid.played_pairs == 2
    assert ("Dr. Fright", "Camp Happy Trails") in grid.unplayed()
    assert ("Dr. Fright", "Maple Lane") not in grid.unplayed()
    assert ("Dr. Fright", "Camp Happy Trails") in grid.unwon()
    assert ("Dr. Fright", "Maple Lane") not in grid.unwon()
    girls = dict(grid.final_girls)
    assert girls["Nancy"] == Tally(1, 1) and girls["Sheila"] == Tally(1, 0)
    assert girls["Reiko"] == Tally()


def test_a_game_outside_the_collection_still_shows() -> None:
    """A box sold or a Killer typed by hand: its games are listed beside the grid (issue 32:
    the grid itself is the boxes owned, see ``test_coverage_sparse``)."""
    grid = coverage([game(1, "Jason", "Crystal Lake", "loss")], Collection())
    assert grid.others == ((("Jason", "Crystal Lake"), Tally(1, 0)),)
    assert grid.cell("Jason", "Crystal Lake") == Tally(1, 0)


def test_each_cell_has_the_communitys_rate_where_their_figures_have_it() -> None:
    grid = coverage([], Collection.of({*DEFAULT_OWNED, "hell-to-pay", "shriek"}))
    hellscape = grid.community[("Dr. Fright", "Hellscape")]
    assert (hellscape.rate, hellscape.games) == (0.94, 67)
    assert grid.community[("Razorface", "Hellscape")].games == 127  # the box as it comes
    assert ("Mort the Teenage Dirtbag", "Maple Lane") not in grid.community

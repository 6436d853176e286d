"""Issue 32, failure 7: the coverage grid made a cell per Killer × Location, so a community
CSV with free-typed names (thousands of each) made millions of cells. The grid is the boxes
owned (bounded by the catalogue); a pair played outside it is listed on its own (only pairs
played: sparse), most played first, and past ``OTHERS_SHOWN`` the rest is grouped."""

from __future__ import annotations

from frightmare.model.record.collection import DEFAULT_OWNED, Collection, catalogue
from frightmare.model.record.coverage import OTHERS_SHOWN, Tally, coverage
from frightmare.model.record.log_entry import LogEntry


def game(n: int, killer: str, location: str, result: str = "loss") -> LogEntry:
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


EVERYTHING = Collection.of({box.id for box in catalogue().boxes})


def test_thousands_of_free_typed_names_make_no_more_cells_than_the_catalogue() -> None:
    games = [game(n, f"Killer {n % 2000}", f"Place {n * 7 % 2000}") for n in range(5000)]
    grid = coverage(games, EVERYTHING)
    owned_cells = len(list(EVERYTHING.killers(catalogue()))) * len(
        list(EVERYTHING.locations(catalogue()))
    )
    assert grid.size == owned_cells <= 30 * 30
    assert len(grid.unplayed()) == owned_cells  # none of the free-typed games is in the grid
    played = {(e.killer, e.location) for e in games}
    assert len(grid.others) == min(len(played), OTHERS_SHOWN)
    more = grid.others_grouped
    assert more.pairs == len(played) - OTHERS_SHOWN
    assert more.tally.played == 5000 - sum(t.played for _pair, t in grid.others)


def test_a_game_outside_the_collection_is_listed_with_its_tally() -> None:
    grid = coverage(
        [game(1, "Jason", "Crystal Lake"), game(2, "Jason", "Crystal Lake", "win")], Collection()
    )
    assert "Jason" not in grid.killers  # the grid is the boxes owned
    assert grid.others == ((("Jason", "Crystal Lake"), Tally(2, 1)),)
    assert grid.cell("Jason", "Crystal Lake") == Tally(2, 1)
    assert grid.others_grouped.pairs == 0


def test_the_others_list_is_most_played_first() -> None:
    games = [game(1, "A", "X"), game(2, "B", "Y"), game(3, "B", "Y"), game(4, "C", "Z")]
    grid = coverage(games, Collection.of(DEFAULT_OWNED))
    assert [pair for pair, _tally in grid.others] == [("B", "Y"), ("A", "X"), ("C", "Z")]

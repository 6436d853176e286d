"""Your collection (issue 22 item 3): the catalogue of Final Girl's boxes as editable data with
its sources and date, the boxes owned, and names matched whatever their spelling so results
group by Killer and Location and find the community's figures."""

from __future__ import annotations

import json

import pytest

from frightmare.model.record.collection import (
    DEFAULT_OWNED,
    THIS_BOX,
    CatalogueError,
    Collection,
    default_catalogue,
    load_catalogue,
)
from frightmare.model.record.community import community
from frightmare.model.record.digest import statistics
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.statistics import Filters


def test_the_catalogue_ships_with_its_sources_and_date() -> None:
    book = default_catalogue()
    assert book.date == "2026-10-02"
    assert {s.key for s in book.sources} >= {"LJ", "CS"}
    ids = [b.id for b in book.boxes]
    assert len(ids) == len(set(ids)) and len(ids) >= 27
    this = book.by_id[THIS_BOX]
    assert [k.name for k in this.killers] == ["Dr. Fright"]
    assert [loc.name for loc in this.locations] == ["Maple Lane"]
    assert set(this.final_girls) == {"Nancy", "Sheila"}
    # a vignette brings a Killer and no Location
    assert book.by_id["terror-from-above"].locations == ()


@pytest.mark.parametrize(
    ("typed", "killer"),
    [("evomorph", "The Evomorph"), ("Hunter", "The H.U.N.T.E.R."), ("billy", "Billy the Bear")],
)
def test_a_killer_is_known_by_the_spellings_players_use(typed: str, killer: str) -> None:
    entry = default_catalogue().killer(typed)
    assert entry is not None and entry.name == killer


def test_the_community_forms_spellings_are_the_same_locations() -> None:
    """The community form drops the final "s": "Camp Happy Trail"."""
    book = default_catalogue()
    assert book.location_name("Camp Happy Trail") == "Camp Happy Trails"
    assert book.location_name("USS Konrad") == "U.S.S. Konrad"
    assert book.location_name("Nowhere  Special") == "Nowhere Special"  # typed: kept


def test_only_a_killer_with_a_sourced_health_brings_one() -> None:
    book = default_catalogue()
    fright = book.killer("Dr. Fright")
    assert fright is not None and fright.health == 9
    hans = book.killer("Hans")
    assert hans is not None and hans.health is None  # no source gives it: his board does


def test_a_new_player_owns_the_core_box_and_this_one() -> None:
    owned = Collection()
    assert owned.owned == DEFAULT_OWNED
    book = default_catalogue()
    assert [k.name for _, k in owned.killers(book)] == ["Dr. Fright"]
    assert [girl for _, girl in owned.final_girls(book)] == ["Nancy", "Sheila"]


def test_the_collection_offers_only_what_the_owned_boxes_bring() -> None:
    book = default_catalogue()
    owned = Collection.of({"the-happy-trails-horror", "terror-from-above"})
    assert [(b.name, k.name) for b, k in owned.killers(book)] == [
        ("The Happy Trails Horror", "Hans"),
        ("Terror from Above", "Terror from Above"),
    ]
    assert [loc.name for _, loc in owned.locations(book)] == ["Camp Happy Trails"]
    assert owned.with_box("shriek", True).with_box("terror-from-above", False).owned == {
        "the-happy-trails-horror",
        "shriek",
    }


def test_the_settings_text_round_trips_and_bad_text_gives_the_default() -> None:
    owned = Collection.of({"shriek", "into-the-void"})
    assert Collection.from_text(owned.text()) == owned
    for bad in ("", "{", '{"a": 1}', "[1, 2]", "[" * 5000):
        assert Collection.from_text(bad) == Collection()


def test_a_wrong_catalogue_is_refused_naming_the_entry() -> None:
    text = default_catalogue_text()
    data = json.loads(text)
    data["boxes"][3]["killers"][0]["health"] = "lots"
    with pytest.raises(CatalogueError, match=r"boxes\.3\.killers\.0\.health"):
        load_catalogue(json.dumps(data))
    data = json.loads(text)
    data["boxes"].append(data["boxes"][0])
    with pytest.raises(CatalogueError, match="twice"):
        load_catalogue(json.dumps(data))


def default_catalogue_text() -> str:
    from importlib import resources

    return resources.files("frightmare.resources").joinpath("catalogue.json").read_text()


def logged(killer: str, location: str, result: str, n: int) -> LogEntry:
    return LogEntry.from_row(
        {
            "session": f"s{n}",
            "date": "2026-11-01",
            "final_girl": "Laurie",
            "killer": killer,
            "location": location,
            "result": result,
        }
    )


def test_results_group_by_the_catalogues_names_beside_the_communitys() -> None:
    games = [
        logged("Evomorph", "USS Konrad", "win", 1),
        logged("The Evomorph", "U.S.S. Konrad", "loss", 2),
        logged("Dr. Fright", "Camp Happy Trail", "win", 3),
    ]
    stats = statistics(games)
    killers = {r.label: r for r in stats.breakdowns["Killer"]}
    assert killers["The Evomorph"].games == 2
    assert killers["The Evomorph"].community is not None
    assert killers["The Evomorph"].community.rate == pytest.approx(0.754)
    evo = statistics(games, Filters(killer="The Evomorph", location="U.S.S. Konrad"))
    # the community's rate for the same Killer on the same Location (the box as it comes)
    assert evo.overall.community is not None and evo.overall.community.games == 202
    fright = statistics(games, Filters(killer="Dr. Fright"))
    assert fright.overall.community is not None
    assert fright.overall.community.scope == "Dr. Fright on Camp Happy Trails"
    assert fright.overall.community.rate == pytest.approx(0.780)


def test_every_dr_fright_location_in_the_community_file_is_a_known_location() -> None:
    book = default_catalogue()
    places = community().killer_on_location["Dr. Fright"]
    assert len(places) == 12
    assert all(book.location(place) is not None for place in places)

"""Every card of the box, by name, in the editable cards file (issue 20, Build 1).

Source of the card list: the rulebook's Components (16 + 8 Terror cards, 3 Finales, 3 Dark
Powers and 1 Epic, 10 Events, 16 Items, 5 Setup cards) and docs/rules-notes.md §9.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, get_args

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import RevealDarkPower
from frightmare.model.actions.edit import HeldItemData, SetItems
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.box import cards
from frightmare.model.box.board import default_board, setup_card_names
from frightmare.model.box.card_data import (
    CARD_KINDS,
    CardDataError,
    CardKind,
    default_cards,
    handling,
    load_cards,
    packaged_cards_text,
)
from frightmare.model.cards.terror import card_note, find_terror, terror_cards


def _values(literal: Any) -> tuple[str, ...]:
    args = get_args(literal)
    return tuple(v for arg in args for v in (_values(arg) if get_args(arg) else (arg,)))


def _ids(*kinds: CardKind) -> tuple[str, ...]:
    return tuple(c.id for c in default_cards().of_kind(*kinds) if c.in_box)


def test_the_box_counts_match_the_rulebook_components() -> None:
    # Rulebook, Components: "10 Event cards", "5 Setup cards", "8 Terror cards", "16 Item
    # cards" (Maple Lane); "3 Finale cards", "3 Dark Power cards", "1 Epic Dark Power card",
    # "16 Terror cards" (Dr. Fright).
    book = default_cards()
    count = {kind: sum(c.copies for c in book.of_kind(kind) if c.in_box) for kind in CARD_KINDS}
    assert len(book.of_kind("terror", box="Dr. Fright")) == 16
    assert len(book.of_kind("terror", box="Maple Lane")) == 8
    assert count["event"] == 10 and count["setup"] == 5 and count["item"] == 16
    assert len(book.of_kind("item")) == 14  # 14 names: Crucifix has 3 copies (rules notes §9)
    assert count["finale"] == 3 and count["dark-power"] == 3 and count["epic-dark-power"] == 1
    # The two Minor Dark Powers come from his Terror deck (rules notes §9).
    minors = [c.id for c in book.of_kind("terror") if c.minor_dark_power]
    assert minors == [cards.ENDLESS_SLEEP, cards.INFERNAL_SEARCH]
    # Dream Warfare: a name players log, with no effect (rules notes §4).
    dream = book.find("finale", "dream warfare")
    assert dream is not None and not dream.in_box and handling(dream) == "as printed"


def test_every_card_literal_lists_the_cards_file_ids() -> None:
    assert _values(cards.TerrorName) == _ids("terror")
    assert _values(cards.ItemCardName) == _ids("item") == tuple(default_board().data.items)
    assert _values(cards.EventName) == tuple(sorted(_ids("event"), key=cards.EVENT_NAMES.index))
    assert set(_values(cards.FinaleName)) == set(_ids("finale"))
    assert _values(cards.DarkPowerName) == tuple(
        sorted(_ids("dark-power"), key=cards.DARK_POWER_NAMES.index)
    )
    assert _values(cards.EpicDarkPowerName) == _ids("epic-dark-power")
    assert _ids("setup") == setup_card_names() == cards.SETUP_CARD_NAMES


def test_every_card_has_a_summary_a_confidence_and_its_translation_mark() -> None:
    # rules notes §9: all Dr. Fright Terror names but Franky's, 7 of Maple Lane's 8, and the
    # Items other than the Bicycle, the Crucifix and Odds and Ends are translations.
    book = default_cards()
    for card in book.data.cards:
        assert card.summary and card.confidence in ("RB", "PUB", "ONE"), card.id
    translated = {c.id for c in book.data.cards if c.translated}
    fright = {c.id for c in book.of_kind("terror", box="Dr. Fright")}
    assert fright - translated == {cards.FRANKYS_COMING}
    maple = {c.id for c in book.of_kind("terror", box="Maple Lane")}
    assert maple - translated == {cards.HIT_BY_A_CAR}
    items = {c.id for c in book.of_kind("item")}
    assert items - translated == {cards.BICYCLE, "Crucifix", "Odds and Ends"}
    # The two Terror cards the rulebook prints carry its mark.
    for name in (cards.HIT_BY_A_CAR, cards.FRANKYS_COMING):
        assert book.by_id[name].confidence == "RB"


@pytest.mark.parametrize(
    ("kind", "typed", "card"),
    [
        ("terror", "they just got hit by a CAR", cards.HIT_BY_A_CAR),
        ("terror", "Acuchíllala", "Stab Her"),
        ("terror", "Frankie's coming for you", cards.FRANKYS_COMING),
        ("terror", "better lock the door", "Better Close the Door"),
        ("item", "Junk", "Odds and Ends"),
        ("item", "Trash Can Lid", "Trash-Can Lid"),
        ("item", "Machetes", "Nancy's Machetes"),
        ("dark-power", "shock factor", cards.SHOCK_FACTOR),
        ("finale", "Deben morir todos", cards.EVERYONE_MUST_DIE),
    ],
)
def test_a_typed_name_finds_its_card_by_any_of_its_names(
    kind: CardKind, typed: str, card: str
) -> None:
    found = default_cards().find(kind, typed)
    assert found is not None and found.id == card


def test_a_name_the_data_lacks_stays_as_typed() -> None:
    assert default_cards().find("terror", "Lights flicker") is None
    assert cards.card_name("Lights  flicker", cards.TERROR_NAMES) == "Lights flicker"
    # Held Items typed by another name are the box's card.
    state = History(new_game(GameSetup(), seed=2)).do(SetItems(items=(HeldItemData(name="junk"),)))
    assert state.table.held[0].name == "Odds and Ends"


def test_the_game_offers_the_terror_cards_of_its_halves() -> None:
    both = new_game(GameSetup(), seed=1)
    assert len(terror_cards(both)) == 24
    other_killer = new_game(GameSetup(killer="Hans"), seed=1)
    assert [c.box for c in terror_cards(other_killer)] == ["Maple Lane"] * 8
    other_place = new_game(GameSetup(location="Camp Happy Trails"), seed=1)
    assert [c.box for c in terror_cards(other_place)] == ["Dr. Fright"] * 16
    assert find_terror(other_killer, "Stab Her") is None


def test_a_drawn_card_known_by_another_name_is_recorded_by_its_id() -> None:
    state = new_game(GameSetup(), seed=3)
    history = History(state)
    for _ in range(2):
        history.do(NextPhase())
    history.do(KillerAction(move_icon=False))
    drawn = history.do(DrawTerror(name="Realidad borrosa"))
    assert drawn.terror_drawn == ("Blurred Reality",)


def test_a_card_note_says_what_it_does_how_sure_we_are_and_the_translation() -> None:
    book = default_cards()
    note = card_note(book.by_id["Stab Her"])
    assert "Source: one unofficial source." in note and "translated" in note
    assert "translated" not in card_note(book.by_id[cards.HIT_BY_A_CAR])
    assert "Source: the rulebook." in card_note(book.by_id[cards.HIT_BY_A_CAR])


def test_a_corrected_copy_changes_names_and_values_and_keeps_ids() -> None:
    raw = json.loads(packaged_cards_text())
    for card in raw["cards"]:
        if card["id"] == "Stab Her":
            card["name"] = "Stab Her Twice"
        if card["id"] == cards.EVERYONE_MUST_DIE:
            card["values"]["lose_health"] = 3
    book = load_cards(json.dumps(raw))
    found = book.find("terror", "stab her twice")
    assert (
        found is not None
        and found.id == "Stab Her"
        and book.name_of("Stab Her") == ("Stab Her Twice")
    )
    assert book.find("terror", "Stab Her") is found  # the id still answers
    assert book.by_id[cards.EVERYONE_MUST_DIE].value("lose_health", 4) == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda raw: raw["cards"][0].update(confidence="MAYBE"), "card “Stab Her”"),
        (lambda raw: raw["cards"][0].update(steps=[{"do": "killer-action"}]), "missing"),
        (lambda raw: raw["cards"].append(dict(raw["cards"][0])), "used twice"),
        (lambda raw: raw.pop("killer"), "killer"),
    ],
)
def test_a_bad_cards_file_is_refused_naming_the_entry(change: Any, message: str) -> None:
    raw = json.loads(packaged_cards_text())
    change(raw)
    with pytest.raises(CardDataError, match=message):
        load_cards(json.dumps(raw))
    with pytest.raises(CardDataError, match="not readable JSON"):
        load_cards("{")


def test_the_bloodlust_rows_give_his_attack_and_move_and_end_at_the_last_row() -> None:
    # Bloodlust track, one source (rules notes §9): row 3 (Bloodlust 2) moves him 2.
    book = default_cards()
    assert (book.bloodlust_row(0).attack, book.bloodlust_row(0).move) == (1, 1)
    assert book.bloodlust_row(2).move == 2
    assert book.bloodlust_row(99) == book.killer.bloodlust[-1]
    assert sum(r.dark_power for r in book.killer.bloodlust) == 1


def test_the_published_achievements_are_listed_with_a_requirement_each() -> None:
    # rules notes §9 (source ACH): 10 for Dr. Fright, 11 for Maple Lane.
    text = resources.files("frightmare.resources").joinpath("achievements.json").read_text()
    data = json.loads(text)
    entries = data["achievements"]
    assert [e["box"] for e in entries].count("Dr. Fright") == 10
    assert [e["box"] for e in entries].count("Maple Lane") == 11
    assert len({e["id"] for e in entries}) == 21
    for entry in entries:
        assert entry["name"] and entry["requirement"]
        assert entry["needs"] in ("result", "history", "log", "player")
    assert data["confidence"] == "ONE"


def test_a_dark_power_named_in_spanish_is_applied() -> None:
    # The Frightmare is Inevitable (rulebook): "Dr. Fright may attack you even if you are
    # Awake"; typed by its Spanish name, it is the same card.
    state = History(new_game(GameSetup(), seed=1)).do(
        RevealDarkPower(name="La Frightsadilla es inevitable")
    )
    assert state.dark_power == cards.INEVITABLE

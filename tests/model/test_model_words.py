"""The model's words in another language: every sentence it makes goes through the catalogue
(random games under the pseudo-locale), and nothing translated is stored or compared (a game
logged under a Polish catalogue reads the same under English, and the reverse)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from functools import cache
from itertools import islice
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from game_helpers import terror_time
from strategies import WEIGHTS, group

from frightmare import i18n
from frightmare.i18n import in_english
from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.base import tag_of
from frightmare.model.actions.game import EndGame
from frightmare.model.actions.journal import JOURNAL_ADAPTER, Action
from frightmare.model.actions.lane import Move
from frightmare.model.actions.round import DrawTerror
from frightmare.model.box import names
from frightmare.model.box.card_data import default_cards
from frightmare.model.box.cards import (
    DARK_POWER_NAMES,
    EVENT_NAMES,
    FINALE_NAMES,
    TIME_TO_DIE,
    card_name,
)
from frightmare.model.box.names import Name, NameTable
from frightmare.model.cards.plan import plan_card
from frightmare.model.cards.terror import terror_cards
from frightmare.model.dream.deck import boiler_card_note
from frightmare.model.dream.dream import rules_in_force
from frightmare.model.game.state import GameState
from frightmare.model.halves import as_note
from frightmare.model.query.controls import COUNTERS
from frightmare.model.query.killer_phase import killer_step_offered, plan_killer_step
from frightmare.model.query.legal import candidates, legal_actions
from frightmare.model.query.notes import counter_note
from frightmare.model.record.achievements import standings
from frightmare.model.record.digest import statistics
from frightmare.model.record.figures import entry_for, game_figures, with_figures
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.own_achievements import achievements
from frightmare.model.round.checklist import checklist, reminders
from frightmare.model.round.phases import next_phase_label, next_phase_note
from scripts import translations

# Random games, cheap: a few setups (both halves of the box, and the others), a few seeds.
SETUPS = (
    GameSetup(setup_card="Block Party"),
    GameSetup(setup_card="Playtime", epic=True, boiler_deck="physical"),
    GameSetup(killer="Hans", location="Camp Happy Trails", killer_health=8),
)
PLAYS = 45
REFUSALS_EACH_STEP = 40


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(names, "_in_use", {})
    yield
    i18n.set_language("en")


def _played(setup: GameSetup, seed: int) -> tuple[Action, ...]:
    """A game of legal plays, chosen as ``strategies.legal_play`` weighs them."""
    rng = random.Random(seed)
    history = History(new_game(setup, seed=seed))
    for _step in range(PLAYS):
        groups: dict[str, list[Action]] = {}
        for action in legal_actions(history.state):
            groups.setdefault(group(action), []).append(action)
        if not groups:
            break
        kinds = [kind for kind in sorted(groups) for _w in range(WEIGHTS.get(kind, 1))]
        history.do(rng.choice(groups[rng.choice(kinds)]))
    return tuple(history.actions)


def _notes(state: GameState) -> Iterator[tuple[str, str]]:
    """What the screen reads of the model on this table: the checklist, the reminders, the
    banner, the controls' notes, the cards' planned steps, and every refusal with its rule."""
    yield from (("checklist", text) for text, _done in checklist(state))
    yield from (("reminder", text) for _key, text, _blocking in reminders(state))
    yield from (("rules in force", text) for text in rules_in_force(state))
    yield ("note", next_phase_note(state))
    yield ("note", next_phase_label(state))
    if note := boiler_card_note(state):
        yield ("note", note)
    yield from (("note", counter_note(state, counter)) for counter in COUNTERS)
    if state.phase == "killer":
        for card in terror_cards(state)[:4]:
            for step in plan_card(state, card).steps:
                yield ("card step", step.text)
                yield from (("question", choice.question) for choice in step.choices)
        if killer_step_offered(state):
            plan = plan_killer_step(state)
            yield ("killer step", plan.text)
    refused = ((a, v) for a, v in candidates(state) if not v.allowed)
    for _action, verdict in islice(refused, REFUSALS_EACH_STEP):
        yield ("refusal", verdict.message)
        yield ("rule", verdict.rule)
        yield ("refusal with its rule", str(verdict))


def _said(setup: GameSetup, seed: int, actions: tuple[Action, ...]) -> list[tuple[str, str]]:
    """Every text of the game, in the order the game makes them, in the language in force."""
    history = History(new_game(setup, seed=seed))
    said: list[tuple[str, str]] = []
    for index, action in enumerate(actions):
        said += _notes(history.state)
        history.do(action)
        said += (("event", event.text) for event in history.state.events)
        said.append(("History", history.describe_step(index)))
    said += _notes(history.state)
    return [(what, text) for what, text in said if text]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("setup", SETUPS, ids=["maple-lane", "epic-physical", "other-halves"])
def test_no_model_string_escapes_the_catalogue(setup: GameSetup, seed: int) -> None:
    actions = _played(setup, seed)
    english = _said(setup, seed, actions)
    i18n.set_language("pseudo")
    pseudo = _said(setup, seed, actions)
    assert [what for what, _text in pseudo] == [what for what, _text in english]
    escaped = [(what, en) for (what, en), (_, ps) in zip(english, pseudo, strict=True) if ps == en]
    assert escaped == []
    unfilled = [(what, text) for what, text in pseudo if "{" in text or "}" in text]
    assert unfilled == []


# Nothing translated is stored or compared ------------------------------------------------------

POLISH_NAMES = NameTable(
    "pl",
    {
        "card": {TIME_TO_DIE: Name("Czas umrzeć", "PUB"), "Stab Her": Name("Dźgnij ją", "PUB")},
        "killer": {"Dr. Fright": Name("Doktor Strach", "PUB")},
        "location": {"Maple Lane": Name("Ulica Klonowa", "PUB")},
        "final_girl": {"Nancy": Name("Nancy", "PUB")},
    },
)


@cache
def _polish_catalogue() -> bytes:
    """A compiled Polish catalogue with every message the sources mark altered, each count in
    Polish's three forms (built once: extracting the messages takes a second or two)."""
    catalog = Catalog(locale="pl", domain="frightmare")
    for message in translations.template():
        if not message.id:
            continue
        ident = message.id
        if isinstance(ident, str):
            catalog.add(ident, i18n.pseudo(ident), context=message.context)
        else:  # a count's two English forms: Polish has three
            forms = (i18n.pseudo(ident[0]), *(i18n.pseudo(ident[1]),) * 2)
            catalog.add(ident, forms, context=message.context)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


@pytest.fixture
def polish(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The Polish catalogue and a Polish names table: what the record is made under, then read
    under English (or the reverse)."""
    path = tmp_path / "frightmare.mo"
    path.write_bytes(_polish_catalogue())
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: path)
    names.use_corrections(POLISH_NAMES)


def _game(language: str) -> History:
    i18n.set_language(language)
    setup = GameSetup(final_girl="Nancy", setup_card="Block Party")
    history = History(new_game(setup, seed=5), _played(setup, 5))
    if not history.state.over:
        history.do(EndGame(result="win"))
    return history


def _record(history: History) -> tuple[object, ...]:
    """What the record keeps of a game, as the language in force makes it."""
    entry = with_figures(
        entry_for("session-1", history.state, when=None).with_values(date="2026-11-01"),
        game_figures(history, "2026-11-01T19:00:00+01:00", "2026-11-01T20:00:00+01:00"),
    )
    stats = statistics([entry])
    return (
        entry,
        entry.row(),
        stats.overall,
        stats.breakdowns,
        list(stats.over_time),
        stats.boiler,
        stats.community_overall,
        stats.community_gaps,
        standings([entry]),
        achievements([entry]),
        JOURNAL_ADAPTER.dump_python(list(history.actions), mode="json"),
    )


def test_a_game_logged_in_polish_reads_the_same_in_english(polish: None) -> None:
    in_polish = _record(_game("pl"))
    assert i18n.language() == "pl"
    shown_in_polish = _game("pl").describe_step(0)
    in_english_now = _record(_game("en"))
    assert in_polish == in_english_now
    # The catalogue was in force: the same step reads otherwise in Polish.
    assert shown_in_polish != _game("en").describe_step(0)


def test_a_game_logged_in_english_reads_the_same_in_polish(polish: None) -> None:
    logged = _record(_game("en"))
    entry = logged[0]
    assert isinstance(entry, LogEntry)
    i18n.set_language("pl")
    assert LogEntry.from_row(entry.row()) == entry
    assert statistics([entry]).breakdowns == logged[3]
    assert standings([entry]) == logged[8]
    assert _record(_game("pl")) == logged


def test_what_the_journal_keeps_is_english_in_any_language(polish: None) -> None:
    i18n.set_language("pl")
    # A name typed in the language in force is the card's English id.
    assert card_name("czas  UMRZEĆ", FINALE_NAMES) == TIME_TO_DIE
    found = default_cards().find("terror", "Dźgnij ją")
    assert found is not None and found.id == "Stab Her"
    # A card's step resolved by hand is kept in English (and shown in Polish).
    history = History(new_game(GameSetup(setup_card="Block Party"), seed=1))
    card = default_cards().by_id["I'm so sleepy…!"]
    planned = plan_card(history.state, card)
    with in_english():
        english = plan_card(history.state, card)
    assert planned.records() == english.records()
    assert [s.text for s in planned.steps] != [s.text for s in english.steps]
    # The names of the language in force are shown, and English inside ``in_english``.
    assert names.shown("killer", "Dr. Fright") == "Doktor Strach"
    with in_english():
        assert names.shown("killer", "Dr. Fright") == "Dr. Fright"
    # A step kept as a note keeps its History line in English.
    move = Move(to="exit-n")
    with in_english():
        line = move.describe()
    assert as_note(move).text == line != move.describe()
    # A Terror card drawn by its Polish name is the table's by its English id.
    drawn = terror_time().do(DrawTerror(name="Dźgnij ją"))
    assert drawn.terror_drawn == ("Stab Her",)


def test_the_controls_actions_are_what_the_journal_reads_back() -> None:
    """``query.controls`` holds the very actions its controls apply: each is written to the
    journal and read back as itself, equal and of the same hash."""
    from frightmare.model.actions.base import BaseAction
    from frightmare.model.actions.journal import ACTION_ADAPTER
    from frightmare.model.query import controls

    made: list[Action] = []
    for value in vars(controls).values():
        for one in value.values() if isinstance(value, dict) else (value,):
            if isinstance(one, BaseAction):
                made.append(one)  # type: ignore[arg-type]
    assert len(made) >= 30
    for action in made:
        read = ACTION_ADAPTER.validate_python(ACTION_ADAPTER.dump_python(action))
        assert read == action and hash(read) == hash(action), action


def test_a_card_revealed_by_any_name_reads_back_and_a_name_too_long_is_refused() -> None:
    """A reveal names one of the box's cards or any other the player typed: either is written
    to the journal and read back as itself; a name longer than a card's is refused when the
    action is made, as the journal would refuse it."""
    from pydantic import ValidationError

    from frightmare.model.actions.dream import RevealDarkPower, RevealFinale
    from frightmare.model.actions.journal import ACTION_ADAPTER
    from frightmare.model.actions.lane import RevealEvent

    for kind, box in (
        (RevealDarkPower, DARK_POWER_NAMES),
        (RevealFinale, FINALE_NAMES),
        (RevealEvent, EVENT_NAMES),
    ):
        for name in (*box, "A card of another box"):
            made = kind(name=name)
            read = ACTION_ADAPTER.validate_python(ACTION_ADAPTER.dump_python(made))
            assert read == made and hash(read) == hash(made), name
        with pytest.raises(ValueError, match="name cannot be"):
            kind(name="x" * 61)
        with pytest.raises(ValidationError):
            ACTION_ADAPTER.validate_python({"kind": tag_of(kind), "name": "x" * 61})

"""Games saved before the halves were kept apart (issue 14, item 5): ``upgrade_setup_v4``.

The fixtures were written by the app as it was before this change (schema 4): Hans on Maple
Lane, played with Dr. Fright's Boiler Room; Dr. Fright at Camp Happy Trails, played on the
Maple Lane board. Rulebook, "Special Setup": each half's changes apply "when playing with"
that half only.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from frightmare.model import GameSetup, History, ReplayError, new_game
from frightmare.model.actions.journal import JOURNAL_ADAPTER
from frightmare.model.game.state import GameState
from frightmare.model.halves import DR_FRIGHT_KINDS, MAPLE_LANE_KINDS, upgrade_setup_v4

FIXTURES = Path(__file__).parents[1] / "store" / "fixtures"
OTHER_KILLER = FIXTURES / "halves" / "session-v4-other-killer.json"
OTHER_LOCATION = FIXTURES / "halves" / "session-v4-other-location.json"


def load(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return document


def replay(document: dict[str, Any]) -> History:
    setup = GameSetup.from_json(document["setup"])
    start = new_game(setup, document["seed"], document["start_name"])
    actions = JOURNAL_ADAPTER.validate_python(document["journal"])
    return History(start, actions, document["cursor"])


TYPED_FIELDS = ("notes", "name", "names")


def typed_words(journal: list[dict[str, Any]]) -> set[str]:
    """What the player typed into the journal's steps (notes, names of cards and items)."""
    words: set[str] = set()
    for step in journal:
        for field in TYPED_FIELDS:
            value = step.get(field)
            values = value if isinstance(value, list) else [value]
            words |= {v for v in values if isinstance(v, str)}
    return words


@pytest.mark.parametrize("path", [OTHER_KILLER, OTHER_LOCATION], ids=lambda p: p.stem)
def test_the_saved_game_no_longer_replays_as_it_was(path: Path) -> None:
    # The defect reproduced: its journal holds plays of the half that is not in the game.
    document = load(path)
    assert document["schema_version"] == 4
    with pytest.raises(ReplayError):
        replay(document)


@pytest.mark.parametrize("path", [OTHER_KILLER, OTHER_LOCATION], ids=lambda p: p.stem)
def test_the_upgraded_game_replays_with_its_cursor_and_loses_nothing_typed(path: Path) -> None:
    document = load(path)
    original = copy.deepcopy(document)
    upgraded = upgrade_setup_v4(document)
    assert document == original  # a pure function: the input is left as it was
    history = replay(upgraded)
    assert history.cursor == document["cursor"]
    assert len(upgraded["journal"]) == len(document["journal"])
    # Every word the player typed (notes, names of cards and items) is still in the file,
    # and every noted step keeps the step as it was saved.
    text = json.dumps(upgraded, ensure_ascii=False)
    typed = typed_words(document["journal"])
    assert typed
    assert all(json.dumps(word, ensure_ascii=False)[1:-1] in text for word in typed)
    for before, after in zip(document["journal"], upgraded["journal"], strict=True):
        if after["kind"] == "noted":
            assert json.loads(after["was"]) == before
            assert after["text"]


def test_hans_on_maple_lane_keeps_the_board_and_loses_the_boiler_room() -> None:
    document = load(OTHER_KILLER)
    upgraded = upgrade_setup_v4(document)
    setup = upgraded["setup"]
    assert (setup["setup_card"], setup["epic"], setup["boiler_deck"]) == (
        "Playtime",
        False,
        "screen",
    )
    kinds = [step["kind"] for step in upgraded["journal"]]
    assert not set(kinds) & set(DR_FRIGHT_KINDS)
    assert "move" in kinds and "kill-victim" in kinds  # Maple Lane is still the Location
    state: GameState = replay(upgraded).state
    assert state.dream.awake
    assert state.table.final_girl == "street-e"
    assert state.counters.killer_health == 9 - 1 - 2  # his Health, hit three times
    assert state.counters.victims_killed == 1
    assert state.notes.startswith("Hans from the Camp Happy Trails box")
    noted = [a.describe() for a in replay(upgraded).actions if a.kind == "noted"]
    assert noted[0] == "Noted: Fell Asleep: into the Boiler Room"


def test_dr_fright_at_the_camp_keeps_his_boiler_room_and_loses_the_board() -> None:
    document = load(OTHER_LOCATION)
    upgraded = upgrade_setup_v4(document)
    assert upgraded["setup"]["setup_card"] is None
    kinds = [step["kind"] for step in upgraded["journal"]]
    assert not set(kinds) & set(MAPLE_LANE_KINDS)
    assert kinds.count("slide") == 2 and "fall-asleep" in kinds
    state = replay(upgraded).state
    assert state.location is not None and state.table.final_girl is None
    assert state.asleep and len(state.dream.reveals) == 2
    # Deaths on the board are kept on the counters, with their Bloodlust.
    assert state.counters.victims_killed == 2 and state.counters.bloodlust == 2
    assert state.table.held == ()  # the item found in a Maple Lane House went with it
    assert state.notes == "Cabins 1-3 hold the Victims"


def test_dr_fright_on_maple_lane_is_left_as_it_was() -> None:
    document = load(FIXTURES / "session-v4.json")
    assert upgrade_setup_v4(document) == document
    assert upgrade_setup_v4({"schema_version": 4}) == {"schema_version": 4}

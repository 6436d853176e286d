"""The player's corrected cards file in the data directory wins over the packaged one, the way
their corrected board does; a broken copy is reported and the packaged cards are used."""

from __future__ import annotations

import json
from pathlib import Path

from frightmare.model import GameSetup
from frightmare.model.actions.round import DrawTerror, KillerAction, NextPhase
from frightmare.model.box.card_data import default_cards, packaged_cards_text
from frightmare.store import SessionStore


def _corrected(tmp_path: Path) -> None:
    raw = json.loads(packaged_cards_text())
    for card in raw["cards"]:
        if card["id"] == "Ewwww! That's disgusting!":
            card["name"] = "Eww, Gross!"
            card["steps"] = [{"do": "horror", "amount": 3}]
    (tmp_path / "cards.json").write_text(json.dumps(raw), encoding="utf-8")


def test_a_corrected_copy_is_used_by_new_and_reopened_games(tmp_path: Path) -> None:
    _corrected(tmp_path)
    store = SessionStore(tmp_path)
    assert store.cards_problem is None
    session = store.create(GameSetup())
    state = session.state
    assert state.cards.name_of("Ewwww! That's disgusting!") == "Eww, Gross!"
    for _ in range(2):
        session.do(NextPhase())
    session.do(KillerAction(move_icon=False))  # "then one Terror card is drawn" (§1)
    session.do(DrawTerror(name="Eww, Gross!"))
    assert session.state.terror_drawn == ("Ewwww! That's disgusting!",)
    session.close()
    again = SessionStore(tmp_path).open(session.id)
    assert again.state.cards.name_of("Ewwww! That's disgusting!") == "Eww, Gross!"
    again.close()


def test_a_broken_copy_is_reported_and_the_packaged_cards_used(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text('{"cards": [{"id": "x"}], "killer": {}}', "utf-8")
    store = SessionStore(tmp_path)
    assert store.cards is default_cards()
    problem = store.cards_problem or ""
    assert "were not used" in problem and "card “x”" in problem
    assert problem in store.scan().problems
    (tmp_path / "cards.json").write_bytes(b"\xff\x00garbage")
    assert "not used" in (SessionStore(tmp_path).cards_problem or "")
    (tmp_path / "cards.json").write_text("[]", "utf-8")
    assert "not a cards file" in (SessionStore(tmp_path).cards_problem or "")

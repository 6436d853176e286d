"""The packaged board and cards are built without pydantic (the first paint of a game in
progress reads them before it is imported): what is built is exactly what pydantic checks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from frightmare.model.box.board import (
    BoardDataError,
    default_board,
    load_board,
    packaged_board_text,
)
from frightmare.model.box.card_data import (
    CardDataError,
    default_cards,
    load_cards,
    packaged_cards_text,
)
from frightmare.model.game.setup import GameSetup, SetupError


def test_the_packaged_board_is_built_as_checked() -> None:
    assert default_board().data == load_board(packaged_board_text()).data


def test_the_packaged_cards_are_built_as_checked() -> None:
    assert default_cards().data == load_cards(packaged_cards_text()).data


def test_the_game_s_state_and_its_data_import_no_pydantic() -> None:
    code = (
        "import sys\n"
        "from frightmare.model.box.board import default_board\n"
        "from frightmare.model.box.card_data import default_cards\n"
        "import frightmare.model.game.state, frightmare.store.games.snapshot\n"
        "default_board(), default_cards()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'PySide6')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_corrected_board_file_is_still_checked_field_by_field() -> None:
    raw = json.loads(packaged_board_text())
    raw["spaces"][0]["colour"] = "red"
    with pytest.raises(BoardDataError, match=r"“exit-n”.*no such field"):
        load_board(json.dumps(raw))
    raw = json.loads(packaged_board_text())
    raw["spaces"][2]["name"] = ""
    with pytest.raises(BoardDataError, match="its name must be 1 to 60 characters"):
        load_board(json.dumps(raw))
    raw = json.loads(packaged_board_text())
    raw["spaces"][2]["grid"] = [1, "two"]
    with pytest.raises(BoardDataError, match=r"spaces\.2\.grid\.1"):
        load_board(json.dumps(raw))


def test_a_corrected_cards_file_is_still_checked_field_by_field() -> None:
    raw = json.loads(packaged_cards_text())
    raw["cards"][0]["copies"] = 12
    with pytest.raises(CardDataError, match="its copies must be from 1 to 9, not 12"):
        load_cards(json.dumps(raw))
    raw = json.loads(packaged_cards_text())
    raw["killer"]["bloodlust"] = []
    with pytest.raises(CardDataError, match="at least one row"):
        load_cards(json.dumps(raw))


def test_a_setup_is_checked_when_made_and_when_read() -> None:
    with pytest.raises(SetupError, match="final girl: must not be empty") as made:
        GameSetup(final_girl="  ")
    assert made.value.field == "final_girl"
    with pytest.raises(SetupError, match="at most 60"):
        GameSetup(killer="x" * 61)
    with pytest.raises(ValueError, match="Unexpected keyword argument"):
        GameSetup.from_json({"final_girl": "Nancy", "weapon": "Knife"})
    read = GameSetup.from_json({"final_girl": " Laurie ", "killer": "dr. fright"})
    assert (read.final_girl, read.killer) == ("Laurie", "Dr. Fright")
    assert GameSetup.from_json(read.as_json()) == read

"""Card names the type checker sees, and names that say what they do (issue 12 items 3, 4)."""

from __future__ import annotations

import ast
import importlib
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any, get_args

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.base import Record, field_types
from frightmare.model.actions.dream import (
    DARK_POWERS,
    EPIC_DARK_POWER,
    FINALES,
    RevealDarkPower,
    RevealFinale,
)
from frightmare.model.actions.edit import HeldItemData, SetItems
from frightmare.model.actions.journal import ACTION_ADAPTER
from frightmare.model.actions.lane import EVENTS, Place, RecordTopCard, RevealEvent
from frightmare.model.actions.names import on_board
from frightmare.model.actions.round import KNOWN_TERROR, DrawTerror
from frightmare.model.box import cards
from frightmare.model.box.board import (
    default_board,
    load_board,
    packaged_board_text,
    setup_card_names,
)
from frightmare.model.dream import powers
from frightmare.model.game.setup import KNOWN_FINAL_GIRLS, KNOWN_KILLERS, KNOWN_LOCATIONS
from frightmare.model.lane.houses import convince_modifiers

# The actions that name a card.
NamedCardAction = RevealDarkPower | RevealFinale | RevealEvent | DrawTerror | RecordTopCard


def test_a_space_is_labelled_by_its_name_off_the_board_or_by_its_id() -> None:
    board = default_board()
    assert board.label("exit-n") == board.name("exit-n")
    assert board.label(None) == "off the board"
    # A space a corrected board dropped (an old step names it) is shown by its id, not lost.
    assert board.label("no-such-space") == "no-such-space"


def test_actions_describe_spaces_with_the_board_they_are_given() -> None:
    text = packaged_board_text().replace('"North Exit"', '"Top Exit"')
    board = load_board(text)
    action = Place(piece="final girl", space="exit-n")
    assert action.describe() == "Placed the Final Girl: North Exit"
    with on_board(board):
        assert action.describe() == "Placed the Final Girl: Top Exit"
    assert Place(piece="bicycle", space=None).describe() == "Placed the Bicycle: off the board"


# Card names the type checker sees (issue 12 item 3) ------------------------------------------

MODEL = Path(cards.__file__).parents[1]
FIXTURES = Path(__file__).parents[2] / "store" / "fixtures"


def _literal_values(literal: Any) -> tuple[str, ...]:
    args = get_args(literal)
    return tuple(v for arg in args for v in (_literal_values(arg) if get_args(arg) else (arg,)))


def _constants() -> list[tuple[str, str]]:
    """Each ``NAME: Final[SomeName]`` of the cards module, with its Literal's name."""
    tree = ast.parse((MODEL / "box" / "cards.py").read_text("utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            ann = ast.unparse(node.annotation)
            if ann.startswith("Final["):
                found.append((node.target.id, ann.removeprefix("Final[").removesuffix("]")))
    return found


def test_every_card_constant_is_a_member_of_its_literal() -> None:
    constants = _constants()
    assert len(constants) >= 20
    for name, literal in constants:
        assert getattr(cards, name) in _literal_values(getattr(cards, literal)), name


def test_every_card_literal_is_listed_where_the_data_files_list_its_cards() -> None:
    board = default_board()
    assert tuple(board.data.items) == cards.ITEM_CARD_NAMES
    assert setup_card_names(board) == cards.SETUP_CARD_NAMES
    box = json.loads(resources.files("frightmare.resources").joinpath("box.json").read_text())
    assert tuple(box["final_girls"]) == cards.FINAL_GIRL_NAMES
    assert tuple(box["killers"]) == cards.KILLER_NAMES
    assert (board.data.about.split("'")[0],) == cards.LOCATION_NAMES


def test_the_lists_the_gui_offers_are_the_literals() -> None:
    assert (*DARK_POWERS, EPIC_DARK_POWER) == (
        *_literal_values(cards.DarkPowerName),
        *_literal_values(cards.EpicDarkPowerName),
    )
    assert _literal_values(cards.FinaleName) == FINALES
    assert _literal_values(cards.EventName) == EVENTS
    assert _literal_values(cards.TerrorName) == KNOWN_TERROR
    assert (*KNOWN_FINAL_GIRLS, *KNOWN_KILLERS, *KNOWN_LOCATIONS) == (
        *cards.FINAL_GIRL_NAMES,
        cards.DR_FRIGHT,
        cards.MAPLE_LANE,
    )


def _card_names(casefold: bool = True) -> set[str]:
    literals = (
        cards.DarkPowerName,
        cards.EpicDarkPowerName,
        cards.FinaleName,
        cards.EventName,
        cards.TerrorName,
        cards.ItemCardName,
        cards.SetupCardName,
        cards.FinalGirlName,
        cards.KillerName,
        cards.LocationName,
    )
    names = {v for literal in literals for v in _literal_values(literal)}
    return {v.casefold() for v in names} if casefold else names


def test_the_model_compares_card_names_only_through_the_named_constants() -> None:
    # A bare "Time To Die" in a comparison would type-check (a typed name is a str): the rules
    # compare with TIME_TO_DIE and its kin, whose text mypy checks against the Literal.
    names = _card_names()
    bare = []
    for path in sorted(MODEL.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            checked: list[ast.AST] = []
            if isinstance(node, ast.Compare):
                checked = [node.left, *node.comparators]
            elif isinstance(node, ast.Dict):
                checked = [k for k in node.keys if k is not None]
            elif isinstance(node, ast.match_case):
                checked = [node.pattern]
            for part in checked:
                for leaf in ast.walk(part):
                    if not isinstance(leaf, ast.Constant) or not isinstance(leaf.value, str):
                        continue
                    value = leaf.value
                    # Capitalised: "boyfriend" and "bicycle" are the pieces' kind tags.
                    if value[:1].isupper() and value.casefold() in names:
                        bare.append(f"{path.name}:{leaf.lineno} {value!r}")
    assert bare == []


def test_a_misspelt_card_constant_or_use_is_a_type_error(tmp_path: Path) -> None:
    mypy_api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "misspelt.py"
    snippet.write_text(
        "from typing import Final\n"
        "from frightmare.model.box.cards import TIME_TO_DIE, AnyFinale, FinaleName\n"
        'MISSPELT: Final[FinaleName] = "Time To Die"\n'
        "def due(finale: AnyFinale | None) -> bool:\n"
        "    return finale == TIME_TO_DYE\n"
        "def fine(finale: AnyFinale | None) -> bool:\n"
        "    return finale == TIME_TO_DIE\n",
        encoding="utf-8",
    )
    limit = sys.getrecursionlimit()
    try:
        out, _, status = mypy_api.run(
            ["--strict", "--cache-dir", str(tmp_path / "cache"), str(snippet)]
        )
    finally:
        # mypy raises the interpreter's recursion limit to 16384 for good: the tests after
        # this one in the same worker (a store test counts on RecursionError) must not inherit it.
        sys.setrecursionlimit(limit)
    assert status == 1
    assert "misspelt.py:3: error: Incompatible types in assignment" in out
    assert 'misspelt.py:5: error: Name "TIME_TO_DYE" is not defined' in out
    assert "misspelt.py:7" not in out


def _action_classes() -> dict[str, type[Record]]:
    """Every record class of the actions' modules, by name."""
    found: dict[str, type[Record]] = {}
    for path in sorted((MODEL / "actions").glob("*.py")):
        module = importlib.import_module(f"frightmare.model.actions.{path.stem}")
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, Record) and value is not Record:
                found.setdefault(name, value)
    return found


def _init_stubs() -> dict[str, set[str]]:
    """The keyword parameters of each action's type-checking ``__init__`` (the records'
    only: the bounds' classes have an ``__init__`` of their own)."""
    records = _action_classes()
    stubs = {}
    for path in sorted((MODEL / "actions").glob("*.py")):
        for node in ast.parse(path.read_text("utf-8")).body:
            if isinstance(node, ast.ClassDef) and node.name in records:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.FunctionDef) and inner.name == "__init__":
                        stubs[node.name] = {a.arg for a in inner.args.kwonlyargs}
    return stubs


def test_each_card_action_init_for_the_type_checker_takes_exactly_its_fields() -> None:
    stubs = _init_stubs()
    assert set(stubs) == {
        *("RevealDarkPower", "RevealFinale", "RevealEvent", "DrawTerror"),
        *("Convince", "Search", "RecordTopCard", "SetDeck", "HeldItemData"),
    }
    for name, params in stubs.items():
        assert params == set(field_types(_action_classes()[name])), name


@pytest.mark.parametrize(
    ("action", "typed"),
    [
        (RevealFinale(name="Time to Die"), False),
        (RevealFinale(name="Lights Out"), True),
        (RevealDarkPower(name="Shock Factor"), False),
        (RevealDarkPower(name="the frightmare is inevitable"), True),
        (RevealEvent(name="Fire!", die=2), False),
        (RevealEvent(name="Block Party Crashers"), True),
        (DrawTerror(name="They just got hit by a car!"), False),
        (DrawTerror(name="Lights flicker"), True),
        (RecordTopCard(quadrant="NE", name="Bible"), False),
        (RecordTopCard(quadrant="NE", name="Lucky Charm"), True),
    ],
)
def test_any_printed_card_may_be_named_and_round_trips_as_plain_text(
    action: NamedCardAction, typed: bool
) -> None:
    name = action.name
    assert type(name) is str  # a TypedName is a str at run time, and in the file
    text = ACTION_ADAPTER.dump_json(action).decode()
    assert json.loads(text)["name"] == name
    assert ACTION_ADAPTER.validate_json(text) == action
    assert (name not in _card_names(casefold=False)) == typed


def test_a_card_name_may_be_neither_empty_nor_longer_than_a_card() -> None:
    for bad in ("", "x" * 61):
        with pytest.raises(ValueError, match="RevealFinale: name"):
            RevealFinale(name=bad)


def test_every_saved_card_name_in_the_fixtures_still_reads() -> None:
    kinds = {"dark-power", "finale", "event", "terror"}
    seen = 0
    for path in sorted(FIXTURES.rglob("session-v*.json")):
        for raw in json.loads(path.read_text("utf-8"))["journal"]:
            if raw.get("kind") in kinds:
                action = ACTION_ADAPTER.validate_python(raw)
                assert isinstance(action, RevealDarkPower | RevealFinale | RevealEvent | DrawTerror)
                assert action.name == raw["name"]
                seen += 1
    assert seen


def test_a_typed_name_is_resolved_as_printed_and_a_known_one_applies() -> None:
    # Finale: "Time to Die" (rules notes §4): "If you are Awake at Upkeep, you lose 2 Health
    # and fall Asleep"; any other name is tracked as out and resolved as printed.
    history = History(new_game(GameSetup(), seed=4))
    state = history.do(RevealFinale(name="time to DIE"))
    assert state.finale == cards.TIME_TO_DIE
    other = History(new_game(GameSetup(), seed=4)).do(RevealFinale(name="Lights  Out"))
    assert other.finale == "Lights Out"
    assert [e.kind for e in other.events][-1] == "finale"
    assert "resolve it as printed" in other.events[-1].text


def test_a_finale_added_to_the_list_without_an_effect_is_resolved_as_printed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 12: a newcomer adds a Finale to the list; until the model gives it an effect it
    # is resolved as printed (not as the last Finale in the code, Time to Die).
    monkeypatch.setattr(powers, "FINALES", (*FINALES, "Lights Out"))
    state = History(new_game(GameSetup(), seed=4)).do(RevealFinale(name="Lights Out"))
    assert state.finale == "Lights Out"
    assert not any("Time to Die" in line for line in state.log)
    assert "resolve it as printed" in state.events[-1].text


def test_an_item_is_named_as_the_box_spells_it() -> None:
    # Item card: Bible (rules notes §7): +2 dice on a Convince, whatever case it was typed in.
    assert cards.item_name(" bible ") == cards.BIBLE
    assert cards.item_name("Lucky  Charm") == "Lucky Charm"


def test_a_bible_named_in_any_case_adds_its_convince_dice() -> None:
    # Item card: Bible, +2 dice on each Convince (rules notes §7): the player may type the
    # name as it comes; the rule compares with the box's spelling.
    history = History(new_game(GameSetup(), seed=4))
    state = history.do(SetItems(items=(HeldItemData(name="bible"),)))
    assert state.table.held[0].name == cards.BIBLE
    assert ("Bible", 2) in convince_modifiers(state)

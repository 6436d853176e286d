"""Card names the type checker sees, and names that say what they do (issue 12 items 3, 4)."""

from __future__ import annotations

from frightmare.model.actions import Place, on_board
from frightmare.model.board import default_board, load_board, packaged_board_text


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

"""Issue 35: the board to assistive technology. It was named "Maple Lane board" and exposed
one unnamed child: none of the 21 spaces, tokens or Victim counts."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot
from screen_helpers import active, state_of

from frightmare.ui.main_window import MainWindow


def test_the_accessible_tree_has_the_21_spaces_with_names_and_contents(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    view = window.game.board_view
    state = state_of(window)
    board = QAccessible.queryAccessibleInterface(view)
    assert board is not None and board.text(QAccessible.Text.Name) == "Maple Lane board"
    # The board's children, walked through its viewport as a screen reader does.
    spaces: list[tuple[str, str]] = []
    stack = [board]
    while stack:
        node = stack.pop(0)
        for n in range(node.childCount()):
            child = node.child(n)
            if child is None:
                continue
            obj = child.object()
            if obj is not None and obj.objectName().startswith("space-"):
                spaces.append(
                    (child.text(QAccessible.Text.Name), child.text(QAccessible.Text.Description))
                )
            else:
                stack.append(child)
    assert len(spaces) == 21
    names = [name for name, _contents in spaces]
    assert len(set(names)) == 21 and all(names)
    assert names == sorted(
        names,
        key=lambda name: next(
            (s.grid[1], s.grid[0])
            for s in state.board.data.spaces
            if state.board.label(s.id) == name
        ),
    )
    said = dict(spaces)
    her = state.table.final_girl
    him = state.table.killer
    assert her is not None and him is not None
    assert "Nancy" in said[state.board.label(her)]
    assert "Dr. Fright" in said[state.board.label(him)]
    for space, count in state.table.victims.items():
        if count:
            assert f"{count} Victim" in said[state.board.label(space)]
    # The keyboard cursor's space is the board's description.
    assert state.board.label(her) in view.accessibleDescription()


def test_each_recorded_play_is_announced(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    window.next_phase()
    assert window.last_announcement == "Recorded: Next phase: Planning"
    window.undo()
    window.adjust("time", 1)
    assert window.last_announcement.startswith("Recorded: ")
    assert "Time" in window.last_announcement

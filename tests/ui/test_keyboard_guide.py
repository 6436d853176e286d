"""Issue 35: the user guide's shortcut table says what is true, key for key, against the
window's own actions (what Help lists too)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence

from frightmare.ui.main_window import MainWindow

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "user-guide.md"

# Keys the table names that are no window action's: the saved games' list's own Delete, and
# Quit, the platform's standard key (Ctrl+Q on the desktops; none under the offscreen tests).
NOT_ACTIONS = {"Delete", "Ctrl+Q"}


def table_keys() -> dict[str, str]:
    """Each key of the guide's table (``Ctrl+1``…``Ctrl+5`` spelled out) and its row's words."""
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("| Keys | What they do |")
    rows: dict[str, str] = {}
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        keys, words = (cell.strip() for cell in line.strip("|").split("|", 1))
        spans = re.findall(r"`([^`]+)`…`([^`]+)`", keys)
        for first, last in spans:
            head, low = first[:-1], int(first[-1])
            for n in range(low, int(last[-1]) + 1):
                rows[f"{head}{n}"] = words
        keys = re.sub(r"`[^`]+`…`[^`]+`", "", keys)
        for key in re.findall(r"`([^`]+)`", keys):
            rows[key] = words
    return rows


def action_keys(window: MainWindow) -> dict[str, QAction]:
    keys: dict[str, QAction] = {}
    for action in window.findChildren(QAction):
        for sequence in action.shortcuts():
            if not sequence.isEmpty():
                keys[sequence.toString(QKeySequence.SequenceFormat.PortableText)] = action
    return keys


def test_the_guides_shortcut_table_is_the_windows_shortcuts(
    open_board: Callable[[], MainWindow],
) -> None:
    window = open_board()
    table, actions = table_keys(), action_keys(window)
    assert len(table) >= 30
    assert sorted(set(actions) - set(table)) == []  # every shortcut is in the table
    assert sorted(set(table) - set(actions) - NOT_ACTIONS) == []  # and nothing else


def test_help_says_what_return_and_space_do_on_the_board(
    open_board: Callable[[], MainWindow],
) -> None:
    """F1 said Return on the board moves her: it opens the space's plays; Space moves her (as
    a double-click does)."""
    from frightmare.ui.help import HelpDialog

    window = open_board()
    state = window.session.state if window.session is not None else None
    dialog = HelpDialog(window.actions(), None, state)
    text = dialog.text.toPlainText()
    # Each key's cell, then what it does.
    cells = [line for line in text.splitlines() if line.strip()]
    said = dict(zip(cells[::2], cells[1::2], strict=False))
    assert "plays" in said.get("Return (board)", ""), said
    assert "Move her" in said.get("Space (board)", ""), said

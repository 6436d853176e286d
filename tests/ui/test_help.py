"""F1, the shortcuts of this game only: no Boiler Room against another Killer, both halves on
Maple Lane with Dr. Fright."""

from __future__ import annotations

from collections.abc import Callable

from screen_helpers import CAMP

from frightmare.ui.help import HelpDialog
from frightmare.ui.main_window import MainWindow


def help_text(window: MainWindow) -> str:
    state = window.session.state if window.session is not None else None
    dialog = HelpDialog(window.actions(), None, state)
    return dialog.text.toPlainText()


def test_help_lists_no_boiler_room_against_another_killer(
    open_game: Callable[..., MainWindow],
) -> None:
    """Walkthrough 10: against Hans "F1 still lists 'Ctrl+B Boiler Room (arrow keys slide)'
    and 'Ctrl+H Show the best slide'". The rulebook's Boiler Room is Dr. Fright's."""
    text = help_text(open_game(killer="Hans", killer_health=8, location=CAMP))
    assert "Ctrl+B" not in text and "Boiler Room" not in text
    assert "Ctrl+H" not in text and "best slide" not in text
    assert "Ctrl+L" not in text and "Maple Lane board" not in text
    assert "Ctrl+Z" in text and "F1" in text


def test_help_on_maple_lane_with_dr_fright_lists_both_halves(
    open_game: Callable[..., MainWindow],
) -> None:
    text = help_text(open_game())
    assert "Ctrl+B" in text and "Ctrl+H" in text and "Ctrl+L" in text

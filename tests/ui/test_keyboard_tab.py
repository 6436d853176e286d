"""Issue 35: Tab visits only what is on screen, and each stop shows its focus.

Found: 30 Tabs from the board showed no focus anywhere, the chain passing through the controls
of docks tabbed away, the scroll areas themselves and a tab bar; the Notes kept the Tab."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QScrollArea, QTabBar, QWidget
from pytestqt.qtbot import QtBot
from screen_helpers import active

from frightmare.ui.main_window import MainWindow
from frightmare.ui.widgets.focus_chain import OnScreenDialog, on_screen


def tab_round(window: MainWindow, qtbot: QtBot, *, back: bool = False) -> list[QWidget]:
    """The stops from the board, Tab by Tab, until the board again."""
    board = window.game.board_view
    stops: list[QWidget] = []
    for _ in range(80):
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, Qt.Key.Key_Backtab if back else Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        assert now is not None
        if now is board:
            return stops
        stops.append(now)
    raise AssertionError(f"Tab never came back to the board: {stops[-5:]}")


def killer_phase(window: MainWindow, qtbot: QtBot) -> None:
    active(window, qtbot)
    for _ in range(2):
        window.next_phase()
    window.game.board_view.setFocus()


def test_tab_stops_only_at_controls_on_screen_and_reaches_accept(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    killer_phase(window, qtbot)
    stops = tab_round(window, qtbot)
    inside = window.rect()
    for stop in stops:
        name = stop.accessibleName() or type(stop).__name__
        assert on_screen(stop), name
        assert not isinstance(stop, QScrollArea | QTabBar), name
        corner = stop.mapTo(window, stop.rect().topLeft())
        assert inside.intersects(QRect(corner, stop.size())), name
    assert window.game.killer_steps.accept in stops
    assert len(stops) <= 30, [s.accessibleName() for s in stops]
    # Shift+Tab walks the same stops back.
    assert tab_round(window, qtbot, back=True) == stops[::-1]


@pytest.mark.parametrize("dark", [True, False])
def test_each_tab_stop_shows_its_focus(
    open_game: Callable[..., MainWindow],
    qtbot: QtBot,
    themed: Callable[[bool, float], None],
    dark: bool,
) -> None:
    """The focused control is drawn otherwise than unfocused, in both themes."""
    themed(dark, 1.0)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    killer_phase(window, qtbot)
    for stop in tab_round(window, qtbot):
        stop.setFocus(Qt.FocusReason.TabFocusReason)
        assert stop.hasFocus()
        focused = stop.grab().toImage()
        window.game.board_view.setFocus()
        plain = stop.grab().toImage()
        assert focused != plain, stop.accessibleName() or type(stop).__name__


def test_tab_leaves_the_notes(open_game: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    window.game.docks["game"].raise_()  # the Game panel in front: its notes are there
    notes = next(
        w
        for w in window.game.findChildren(QWidget)
        if w.accessibleName() == "Notes" and w.focusPolicy() & Qt.FocusPolicy.TabFocus
    )
    notes.setFocus()
    qtbot.keyClick(notes, Qt.Key.Key_Tab)
    assert not notes.hasFocus()


def test_ctrl_l_shows_the_space_cursor_at_once(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """The cursor is on her space as the board takes the focus, before any arrow key; and the
    Killer phase's stop is not changed by it."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    window.game.board.selected_space = None
    window.game.board_view.item.selected = None
    button = window.game.round_bar.next_phase
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.game.board_view.hasFocus()
    her = window.session.state.table.final_girl if window.session else None
    assert her is not None
    assert window.game.board_view.item.selected == her


def test_after_move_here_down_walks_the_plays_still_open(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """The user guide: "The Up and Down keys walk the list"; after *Move here* the plays stay
    open where she now stands, and Down went to the board's cursor and closed them."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    game = window.game
    view = game.board_view
    start = window.session.state.table.final_girl if window.session else None
    qtbot.keyClick(view, Qt.Key.Key_Right)
    target = view.item.selected
    assert target is not None and target != start
    qtbot.keyClick(view, Qt.Key.Key_Return)
    focused = QApplication.focusWidget()
    assert focused is not None and game.popover.isAncestorOf(focused)
    qtbot.keyClick(focused, Qt.Key.Key_Return)  # the first play: Move here
    assert window.session is not None and window.session.state.table.final_girl == target
    assert game.popover.isVisible()
    now = QApplication.focusWidget()
    assert now is not None
    qtbot.keyClick(now, Qt.Key.Key_Down)
    assert game.popover.isVisible()
    walked = QApplication.focusWidget()
    assert walked is not None and game.popover.isAncestorOf(walked), walked


def test_tab_in_a_dialog_skips_its_scroll_area(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """The Terror card's dialog holds its steps in a scroll area: Tab goes from a control to
    the next, never to the area itself (in the app's dialogs, as in the main window)."""
    from PySide6.QtWidgets import QPushButton, QVBoxLayout

    window = open_game(final_girl="Nancy", setup_card="Block Party")
    dialog = OnScreenDialog(window)
    first, second = QPushButton("First"), QPushButton("Second")
    area = QScrollArea()
    inner = QWidget()
    QVBoxLayout(inner).addWidget(second)
    area.setWidget(inner)
    column = QVBoxLayout(dialog)
    column.addWidget(first)
    column.addWidget(area)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is second
    qtbot.keyClick(second, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is first
    dialog.close()


def test_every_dialog_of_the_app_tabs_only_on_screen() -> None:
    """Each dialog class of the app is an ``OnScreenDialog``: the rule is the window's
    (``focusNextPrevChild``), not an application event filter's, which PySide handed every
    event of the app. Qt's own boxes (a question, a file chooser) hold nothing off screen."""
    import importlib
    import pkgutil

    from PySide6.QtWidgets import QDialog

    import frightmare.ui

    for module in pkgutil.walk_packages(frightmare.ui.__path__, "frightmare.ui."):
        importlib.import_module(module.name)

    def subclasses(cls: type) -> list[type]:
        found: list[type] = []
        subs: list[type] = cls.__subclasses__()
        for sub in subs:
            found += [sub, *subclasses(sub)]
        return found

    ours = [c for c in subclasses(QDialog) if c.__module__.startswith("frightmare.")]
    assert len(ours) >= 19
    assert [c for c in ours if not issubclass(c, OnScreenDialog)] == []


def counter_stops(window: MainWindow, qtbot: QtBot) -> list[QWidget]:
    """The counters' − and + that Tab stops at, in Tab's order from the board."""
    from frightmare.ui.game.round_pieces import StepButton

    window.game.board_view.setFocus()
    return [s for s in tab_round(window, qtbot) if isinstance(s, StepButton)]


def reading_order(window: MainWindow, widgets: list[QWidget]) -> list[QWidget]:
    """Row by row from the top, left to right in a row."""

    def where(widget: QWidget) -> tuple[int, int]:
        corner = widget.mapTo(window, widget.rect().topLeft())
        return corner.y(), corner.x()

    return sorted(widgets, key=where)


@pytest.mark.parametrize("zoom", [1.0, 1.3])
def test_the_counters_tab_order_is_the_reading_order_and_stays_so_as_buttons_go_off(
    open_game: Callable[..., MainWindow],
    qtbot: QtBot,
    themed: Callable[[bool, float], None],
    zoom: float,
) -> None:
    """Issue 35: the counters' Tab order was not the reading order and changed as buttons
    were disabled. Four counters a row at 100%, three from 125%: − then + of each counter, row
    by row; a button turned off (Time at 0) leaves the others in the same order."""
    themed(True, zoom)
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    window.game.round_bar.lay_out_counters()
    assert window.game.round_bar._counter_columns == (4 if zoom < 1.25 else 3)
    every = counter_stops(window, qtbot)
    assert len(every) >= 8
    assert every == reading_order(window, every), [s.accessibleName() for s in every]
    time = window.game.round_bar.counters["time"]
    assert time.minus in every
    for _ in range(window.session.state.counters.time if window.session else 0):
        window.adjust("time", -1)
    assert not time.minus.isEnabled()  # Time at 0: no minus
    fewer = counter_stops(window, qtbot)
    assert fewer == [s for s in every if s.isEnabled()], [s.accessibleName() for s in fewer]
    assert time.minus not in fewer and time.plus in fewer


def test_after_a_searchs_one_success_the_first_card_has_the_focus(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Issue 35: after a Search's "1 success" the card grid had no focused button until a
    Tab. Return on the line: the grid's first card takes the focus, shown."""
    from frightmare.model.actions.lane import Place

    window = open_game(final_girl="Nancy", setup_card="Block Party")
    window.act(Place(piece="final girl", space="house-sw-exit-w"))
    active(window, qtbot)
    game = window.game
    game.open_plays("house-sw-exit-w", focus=True)
    menu = game.board_panel.space_menu
    line = menu.buttons["search:1"]
    line.setFocus()
    qtbot.keyClick(line, Qt.Key.Key_Return)
    step = menu.name_step if menu.name_step.isVisible() else menu.search_step
    first = next(iter(step.picker.buttons.values()))
    assert QApplication.focusWidget() is first
    assert on_screen(first)


def test_space_on_the_board_moves_her_and_focuses_the_spaces_next_play(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Space on the cursor's space moves her there (a double-click's play, one key); at an
    Exit with Victims following, *Save* is focused next, then the Convince into the House
    beside it (``test_only_corrections_left_keep_the_focus_on_the_board``: the board keeps it
    where only corrections of the table are left)."""
    from frightmare.model.actions.lane import Place, SetVictims

    window = open_game(final_girl="Nancy", setup_card="Block Party")
    assert window.act(Place(piece="final girl", space="street-w"))
    assert window.act(SetVictims(space="street-w", count=2))
    active(window, qtbot)
    view = window.game.board_view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.item.selected == "exit-w"
    qtbot.keyClick(view, Qt.Key.Key_Space)
    state = window.session.state if window.session else None
    assert state is not None and state.table.final_girl == "exit-w"
    focused = QApplication.focusWidget()
    menu = window.game.board_panel.space_menu
    assert state.table.victims_at("exit-w") == 2  # they followed her
    assert focused is menu.next_play() and focused is not None
    assert menu.entry_keys()[0].startswith("save")
    qtbot.keyClick(focused, Qt.Key.Key_Return)  # Save
    state = window.session.state if window.session else None
    assert state is not None and state.counters.victims_saved == 2
    # Issue 31: her next play there is the Convince into the occupied House beside the Exit
    # (played from where she stands): its first line has the focus, not + Victim.
    assert QApplication.focusWidget() is menu.buttons["convince:3+:take@house-sw-exit-w"]


def test_only_corrections_left_keep_the_focus_on_the_board(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """The House beside West Exit emptied: after the Save only corrections of the table are
    left at the Exit (no Convince: "If a House is unoccupied, normal movement rules apply"),
    and the focus goes back to the board, not to + Victim."""
    from frightmare.model.actions.lane import Place, SetVictims

    window = open_game(final_girl="Nancy", setup_card="Block Party")
    assert window.act(SetVictims(space="house-sw-exit-w", count=0))
    assert window.act(Place(piece="final girl", space="street-w"))
    assert window.act(SetVictims(space="street-w", count=2))
    active(window, qtbot)
    view = window.game.board_view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    focused = QApplication.focusWidget()
    assert focused is window.game.board_panel.space_menu.next_play() and focused is not None
    qtbot.keyClick(focused, Qt.Key.Key_Return)  # Save
    assert QApplication.focusWidget() is view


def test_tab_reaches_both_view_buttons_whichever_had_the_focus(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """The view switch's buttons are two stops, the table's and the Boiler Room's: Qt's
    exclusive button group let Tab reach only the one focused last (a radio group's rule),
    so with her Asleep a player tabbing from *Maple Lane* never reached *Boiler Room*."""
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    table, boiler = window.game.show_board_button, window.game.show_boiler_button
    for first, then in ((table, boiler), (boiler, table)):
        first.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.keyClick(first, Qt.Key.Key_Tab if first is table else Qt.Key.Key_Backtab)
        assert QApplication.focusWidget() is then, then.text()


def test_a_click_on_the_view_shown_leaves_its_button_checked(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = open_game(final_girl="Nancy", setup_card="Block Party")
    active(window, qtbot)
    table, boiler = window.game.show_board_button, window.game.show_boiler_button
    for _ in range(2):
        qtbot.mouseClick(table, Qt.MouseButton.LeftButton)
        assert table.isChecked() and not boiler.isChecked()
    for _ in range(2):
        qtbot.mouseClick(boiler, Qt.MouseButton.LeftButton)
        assert boiler.isChecked() and not table.isChecked()
        assert window.game.tabs.currentWidget() is window.game.dream_tab

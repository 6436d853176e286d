"""The board on screen: set up from a Setup card, walk, refusals, Convince, search, undo."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare import i18n
from frightmare.i18n import pgettext
from frightmare.model.actions.edit import EditTable
from frightmare.model.actions.game import Rename
from frightmare.model.actions.lane import Convince, Move, Place
from frightmare.model.actions.round import KillerAction, NextPhase
from frightmare.model.box.board import default_board
from frightmare.model.query.verdict import refusal
from frightmare.ui.game.board.geometry import NARROWEST, BoardGeometry
from frightmare.ui.game.board.questions import Choose, ConvinceDialog
from frightmare.ui.main_window import MainWindow


@pytest.fixture
def open_board(open_game: Callable[..., MainWindow]) -> Callable[[], MainWindow]:
    return lambda: open_game(final_girl="Nancy", setup_card="Maple Lane")


def walk(window: MainWindow, space: str, steps: int = 1) -> None:
    window.game.select_space(space)
    window.game.board_panel.steps.setValue(steps)
    window.game.board_panel.buttons["move"].click()


def test_walk_refusal_convince_search_and_undo_it_all(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    start = window.session.state
    assert start.table.final_girl == "street-s" and start.table.total_victims() == 12

    walk(window, "intersection")
    walk(window, "street-n")
    assert window.session.state.table.final_girl == "street-n"

    # The occupied House is not a legal move: the button is marked refused (still clickable, so
    # the player can record the play anyway) and says why; a double-click is refused.
    game.select_space("house-nw-street")
    assert panel.buttons["move"].property("refused") is True
    assert panel.buttons["move"].isEnabled()
    assert "Convince" in panel.buttons["move"].toolTip()
    game.board_view.move_requested.emit("house-nw-street")
    assert "cannot enter an occupied House" in game.banner.news.text()
    assert window.session.state.table.final_girl == "street-n"
    assert "house-nw-street" in game.board_view.item.convincible

    # Name the NW deck's face-up card, then Convince with 3+ successes, taking it.
    monkeypatch.setattr(Choose, "item", classmethod(lambda cls, *a, **k: "Rifle"))
    panel.deck_buttons["NW"].click()
    assert "top: Rifle" in panel.deck_labels["NW"].text()

    # The popover offers the board file's lines, each one click: 3+ successes, taking the
    # top Item (named: its name comes with it).
    assert panel.buttons["convince:3+:take"].isEnabled()
    panel.buttons["convince:3+:take"].click()
    state = window.session.state
    assert state.table.final_girl == "house-nw-street"
    assert [i.name for i in state.table.held] == ["Rifle"]
    assert "house-nw-street" in state.table.x_tokens

    # Sprint 4 spaces to an empty House and search it, drawing two cards.
    walk(window, "house-ne-street", steps=4)
    assert window.session.state.table.final_girl == "house-ne-street"

    # Two cards: the face-up top card was never named, so it is asked, then the second,
    # then which she keeps and where the other goes, in one click.
    game.open_plays("house-ne-street")
    assert panel.buttons["search:2"].isEnabled()
    panel.buttons["search:2"].click()
    step = panel.space_menu.search_step
    assert step.isVisible()
    step.picker.buttons["Bible"].click()
    step.picker.buttons["Bow"].click()
    step.ends[1, "bottom"].click()
    state = window.session.state
    assert [i.name for i in state.table.held] == ["Rifle", "Bow"]
    assert state.table.deck("NE")[-1].name == "Bible"
    assert state.table.item_cards() == 12
    assert panel.held.count() == 2

    while window.undo_action.isEnabled():
        window.undo_action.trigger()
    assert window.session.state == start
    assert game.board_view.item.state == start


def test_board_keyboard_picks_a_space_and_return_opens_its_plays(
    open_board: Callable[[], MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    """Issue 19 item 2: Return on a space opens its plays beside it; Return on Move here
    moves her; Escape closes the plays and gives the board its keys back."""
    from PySide6.QtCore import Qt

    window = open_board()
    view = window.game.board_view
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    window.board_focus_action.trigger()
    qtbot.keyClick(view, Qt.Key.Key_Up)  # from her space (South Street) to the Intersection
    assert window.game.selected_space == "intersection"
    qtbot.keyClick(view, Qt.Key.Key_Return)
    popover = window.game.popover
    assert popover.isVisible() and popover.space == "intersection"
    move = window.game.board_panel.buttons["move"]
    assert move.isVisible() and move.hasFocus(), QApplication.focusWidget()
    qtbot.keyClick(move, Qt.Key.Key_Return)
    assert window.session is not None
    assert window.session.state.table.final_girl == "intersection"
    qtbot.keyClick(QApplication.focusWidget() or popover, Qt.Key.Key_Escape)
    assert not popover.isVisible() and view.hasFocus()


def test_revealing_events_from_the_panel(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_board()
    panel = window.game.board_panel
    panel.event_card.setCurrentText("Under Construction")
    # The choice comes back as the space's id, never mapped back from its name.
    asked: list[Sequence[tuple[str, str]]] = []

    def pick(
        cls: type[Choose],
        parent: object,
        title: str,
        label: str,
        options: Sequence[tuple[str, str]],
    ) -> str:
        asked.append(options)
        return "exit-w"

    monkeypatch.setattr(Choose, "pick", classmethod(pick))
    panel.reveal_event.click()
    assert window.session is not None
    assert window.session.state.table.roadblocks == {"exit-w"}
    assert ("exit-w", "West Exit") in asked[0]
    assert "Roadblocks: West Exit" in panel.events_shown.text()


def drag(qtbot: QtBot, window: MainWindow, start: QPointF, end: QPointF) -> None:
    view = window.game.board_view
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=a)
    middle = a + (b - a) / 2
    qtbot.mouseMove(view.viewport(), pos=middle)
    follows = view.item.drag
    qtbot.mouseMove(view.viewport(), pos=b)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=b)
    assert follows is not None, "the dragged token follows the pointer"
    assert (follows[1] - view.mapToScene(middle)).manhattanLength() < 3


def test_dr_fright_and_the_final_girl_can_be_dragged(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    assert window.session is not None
    assert window.act(Place(piece="dr fright", space="street-e"))
    item = window.game.board_view.item
    drag(qtbot, window, item.piece_rect("street-e", 1).center(), item.centre("exit-e"))
    assert window.session.state.table.killer == "exit-e"  # recorded as a Place action
    assert window.session.history.actions[-1].kind == "place"
    drag(qtbot, window, item.piece_rect("street-s", 0).center(), item.centre("intersection"))
    assert window.session.state.table.final_girl == "intersection"
    assert item.drag is None


def test_tokens_and_badges_never_cover_a_name(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    item = window.game.board_view.item
    for space in item.board.spaces:
        name = item.name_band(space)
        assert not item.badge_band(space).intersects(name), space
        for slot in (0, 1):
            assert not item.piece_rect(space, slot).intersects(name), space
            assert not item.piece_rect(space, slot).intersects(item.badge_band(space)), space
    legend = window.game.legend
    assert any("Victims" in label.text() for label, _ in legend.texts)


def test_reachable_outlines_only_while_she_can_move(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    assert window.session is not None
    item = window.game.board_view.item
    assert item.highlighted  # Action phase: she can move
    assert all(refusal(window.session.state, Move(to=s, steps=1)) is None for s in item.highlighted)
    # Past the Action phase no outline (issue 31: they stayed on in the Killer and Panic
    # phases, where a move of hers is a correction of the table, not a play).
    window.game.round_bar.next_phase.click()  # through Planning into the Killer phase
    assert window.session.state.phase == "killer"
    assert not item.highlighted


def test_a_click_leaves_focus_and_the_side_column_where_they_were(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    window.resize(1024, 600)  # small enough for the side column to scroll
    QApplication.processEvents()
    game = window.game
    side = game.side.verticalScrollBar()
    side.setValue(side.maximum() // 2)
    value = side.value()
    steps = game.board_panel.steps
    window.activateWindow()
    steps.setFocus()
    qtbot.waitUntil(steps.hasFocus, timeout=1000)
    game.select_space("street-e")
    game.round_bar.counters["time"].plus.click()  # counter buttons never take the focus
    assert steps.hasFocus() and side.value() == value
    game.open_plays("street-e")
    add = game.board_panel.buttons["add"]
    value = side.value()
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)  # + Victim: the whole panel redraws
    assert window.session is not None and window.session.state.table.victims["street-e"] >= 1
    assert side.value() == value
    assert add.hasFocus()  # the focus stays on what was clicked


def test_history_keeps_the_current_step_in_view(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    window.resize(1280, 720)
    for _ in range(40):
        window.game.round_bar.counters["time"].plus.click()
        window.game.round_bar.counters["time"].minus.click()
    QApplication.processEvents()
    view = window.game.history.list
    assert window.session is not None
    current = view.model().index(window.session.history.cursor, 0)
    assert view.viewport().rect().intersects(view.visualRect(current))
    window.undo_action.trigger()
    QApplication.processEvents()
    assert view.currentIndex().row() == window.session.history.cursor
    assert view.viewport().rect().intersects(view.visualRect(view.currentIndex()))


def test_history_keeps_the_current_step_in_view_after_a_zoom_and_a_resize(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    """Walkthrough: with 15 steps at 1280x720, a zoom (or a narrower window) re-wrapped the
    rows taller and left the current step below the fold."""
    window = open_board()
    window.resize(1280, 720)
    for _ in range(8):
        window.game.round_bar.counters["time"].plus.click()
        window.game.round_bar.counters["time"].minus.click()
    QApplication.processEvents()
    view = window.game.history.list
    session = window.session
    assert session is not None

    def current_in_view() -> bool:
        current = view.model().index(session.history.cursor, 0)
        return view.viewport().rect().contains(view.visualRect(current))

    assert current_in_view()
    try:
        window.zoom(+1)
        window.zoom(+1)
        qtbot.waitUntil(current_in_view)
        window.resize(1000, 720)
        qtbot.waitUntil(current_in_view)
    finally:
        window.zoom(0)  # the zoom is the whole application's


def test_the_terror_cards_kill_is_its_own_step_not_the_spaces(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
) -> None:
    # Terror "They just got hit by a car!": "1 Victim in a Street space of your choice is
    # killed". The Terror card's own steps record the kill (the Terror card's ▾ menu or
    # its dialog), so a space's plays never offer it beside them: it would be a second kill.
    window = open_board()
    assert window.act(EditTable(piece="smalley", target="street-w"))
    assert window.act(EditTable(piece="victim", target="street-w"))
    for _ in range(2):
        assert window.act(NextPhase())
    assert window.session is not None and window.session.state.phase == "killer"
    window.game.open_plays("street-w")
    assert not any(key.startswith("car") for key in window.game.board_panel.buttons)


def settle() -> None:
    # Message areas take their height one pass after their width: let the layout settle.
    for _ in range(6):
        QApplication.processEvents()


def test_a_smalley_follows_her_to_an_exit_and_is_saved_there(
    open_board: Callable[[], MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rules notes §1: up to 2 Victims in her space may follow her; "the Smalleys and the
    # Boyfriend are Victims, so they follow like any other". Rulebook, "Event: The Smalleys":
    # "Place 2 Special Victims in the Smalley's House."
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    panel.event_card.setCurrentText("The Smalleys")
    panel.reveal_event.click()
    assert window.session.state.table.smalleys == ("smalleys-house", "smalleys-house")
    assert window.act(Place(piece="final girl", space="street-w"))

    # Convince her way in with 3+ (the first line), taking no Item: one entry of the House's
    # plays.
    game.open_plays("smalleys-house")
    panel.buttons["convince:3+"].click()
    assert window.session.state.table.final_girl == "smalleys-house"

    # Her space shows both Smalleys; Move Victims… is offered for them.
    assert "Victims: 2" in panel.space_menu.info.text()
    assert panel.buttons["panic"].isEnabled()

    # Followers 2, then 1: a Smalley is the one who follows (the only kind here, so there is
    # no choice to ask).
    panel.steps.setValue(2)
    panel.followers.setValue(2)
    game.open_plays("exit-w")
    assert panel.buttons["move"].text() == "Move here · with 2 Smalleys"
    panel.followers.setValue(1)
    assert panel.buttons["move"].text() == "Move here · with 1 Smalley"
    assert not any(key.startswith("move:") for key in panel.buttons)
    game.board_view.move_requested.emit("exit-w")
    state = window.session.state
    assert state.table.final_girl == "exit-w"
    assert state.table.smalleys == ("exit-w", "smalleys-house")

    # Saved at the West Exit, with the Save entry.
    game.open_plays("exit-w")
    save = panel.buttons["save:smalley"]
    assert save.text() == "Save 1 Smalley"
    assert save.isEnabled() and not save.property("refused")
    save.click()
    state = window.session.state
    assert state.table.smalleys == ("smalleys-house",)
    assert state.counters.victims_saved == 1


def test_move_victims_asks_which_kind_and_moves_a_smalley(
    open_board: Callable[[], MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Panicking Victims and Enemies are not restricted": Smalleys move like any Victim.
    window = open_board()
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    panel.event_card.setCurrentText("The Smalleys")
    panel.reveal_event.click()
    asked: list[object] = []

    def pick(cls: type[Choose], parent: object, title: str, label: str, options: object) -> str:
        asked.append(label)
        return {"Move to:": "street-w", "Why do they move?": "effect"}[label]

    monkeypatch.setattr(Choose, "pick", classmethod(pick))
    monkeypatch.setattr(Choose, "number", classmethod(lambda cls, *a: 1))
    game.select_space("smalleys-house")
    panel.buttons["panic"].click()
    assert window.session.state.table.smalleys == ("smalleys-house", "street-w")


def test_convince_lines_never_repeat_and_taking_the_item_is_her_choice(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    # Rulebook, "Convince Action cards and entering occupied houses": "Enter an adjacent House.
    # You may take the top Item." The fail line returns the card, said once.
    window = open_board()
    assert window.session is not None
    dialog = ConvinceDialog(window.session.state, "house-nw-street")
    qtbot.addWidget(dialog)
    texts = [button.text() for button in dialog.group.buttons()]
    fail = texts[-1]
    assert fail.count("return the card") == 1, fail
    assert "Tableau" in fail
    dialog.show()
    dialog.group.buttons()[0].setChecked(True)  # 3+ successes
    assert dialog.take.isVisible() and not dialog.take.isChecked()
    assert dialog.take_note.isVisible() and "may take" in dialog.take_note.text().lower()
    dialog.group.buttons()[-1].setChecked(True)
    assert not dialog.take.isVisible() and not dialog.take_note.isVisible()


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_spaces_plays_say_what_is_there_whole(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    light_themed: Callable[[float], None],
    zoom: float,
) -> None:
    light_themed(zoom)
    window = open_board()
    window.resize(1280, 720)
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    # A long description: a House with Victims, the Final Girl and the Killer in it.
    assert window.act(Place(piece="final girl", space="house-nw-street"))
    assert window.act(Place(piece="dr fright", space="house-nw-street"))
    game.open_plays("house-nw-street")
    settle()
    shown = panel.space_menu.info
    assert shown.text().startswith("NW House") and "Dr. Fright is here" in shown.text()
    assert shown.heightForWidth(shown.width()) <= shown.height()
    # The plays beside the space lie whole inside the board's view.
    popover = game.popover
    assert popover.isVisible()
    assert game.board_view.viewport().rect().contains(popover.geometry())


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_houses_plays_stay_open_after_a_convince(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    light_themed: Callable[[float], None],
    zoom: float,
) -> None:
    """A Convince with 2 successes is one click once the House's plays are open, and they
    stay open where they were, now with the House's Search: the next play is one click too."""
    light_themed(zoom)
    window = open_board()
    window.resize(1280, 720)
    game, panel = window.game, window.game.board_panel
    assert window.session is not None
    assert window.act(Place(piece="final girl", space="street-n"))
    game.open_plays("house-nw-street")
    settle()
    before = game.popover.pos()
    panel.buttons["convince:2"].click()
    assert window.session.state.table.final_girl == "house-nw-street"
    settle()
    assert game.popover.isVisible() and game.popover.space == "house-nw-street"
    if zoom == 1.0:  # room enough: it stays where it was (taller, it may move up)
        assert game.popover.pos() == before
    assert "search:1" in panel.buttons


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_phase_pills_keep_their_widths_whatever_the_phase(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    light_themed: Callable[[float], None],
    zoom: float,
) -> None:
    light_themed(zoom)
    window = open_board()
    window.resize(1280, 720)
    assert window.session is not None
    pills = window.game.round_bar.pills
    seen = set()
    for _ in range(len(pills)):
        settle()
        seen.add(tuple((pill.x(), pill.width()) for pill in pills.values()))
        assert window.session is not None
        if window.session.state.phase == "killer":  # his Killer Action first (rules notes §1)
            assert window.act(KillerAction(move_icon=False))
        assert window.act(NextPhase())
    assert len(seen) == 1, seen


def test_your_items_never_scroll_sideways_at_200_percent(
    open_board: Callable[[], MainWindow], qtbot: QtBot, light_themed: Callable[[float], None]
) -> None:
    light_themed(2.0)
    window = open_board()
    window.resize(1280, 720)
    assert window.session is not None
    # Two Items taken by a Convince on 3+, left unnamed ("Unknown item (…)").
    for house, street in (("house-nw-street", "street-n"), ("house-se-street", "street-s")):
        assert window.act(Place(piece="final girl", space=street))
        assert window.act(Convince(house=house, result="3+", take_item=True))
    window.game.docks["items"].raise_()
    held = window.game.board_panel.held
    assert held.count() == 2
    held.window().show()
    settle()
    for row in range(held.count()):
        entry = held.item(row)
        assert entry is not None
        assert held.visualItemRect(entry).right() <= held.viewport().width()
        assert entry.text() in entry.toolTip()
    assert not held.horizontalScrollBar().isVisible()


@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_every_space_name_is_drawn_at_one_size_and_never_clipped(
    open_board: Callable[[], MainWindow],
    qtbot: QtBot,
    light_themed: Callable[[float], None],
    zoom: float,
) -> None:
    light_themed(zoom)
    window = open_board()
    window.resize(1280, 720)
    settle()
    item = window.game.board_view.item
    font = item.name_font()
    # At 100% every name has the size names aim for; at every zoom one size, readable.
    if zoom == 1.0:
        assert font.pixelSize() == round(item.name_px())
    assert font.pixelSize() * window.game.board_view.transform().m11() >= 12
    metrics = QFontMetricsF(font)
    smalleys = item.label("smalleys-house")
    assert "Smalleys'" in smalleys
    for space in item.board.spaces:
        band = item.name_rect(space)
        text = item.label(space)
        # A word wider than the space is drawn condensed (never below NARROWEST), never cut.
        stretch = item.name_stretch(space)
        assert NARROWEST <= stretch <= 1.0
        wide = band.width() / stretch
        assert all(metrics.horizontalAdvance(word) <= wide for word in text.split()), text
        box = metrics.boundingRect(QRectF(0, 0, wide, 10_000), int(Qt.TextFlag.TextWordWrap), text)
        assert box.height() <= band.height(), text
        assert box.height() <= 2 * metrics.lineSpacing() + 1, text


@pytest.mark.parametrize("code", ["de", "es", "fr", "pl", i18n.PSEUDO])
def test_a_house_is_drawn_by_where_it_stands_in_every_language(code: str) -> None:
    """Issue 30: the roof shows a House's quadrant, so its name on the board drops it in every
    language, as in English (the whole translated name, a third longer, filled two lines at
    100% and kept every name from growing at 150%); a House named otherwise keeps its whole
    name, and the tooltip and the Space panel keep every House's whole name."""
    geometry = BoardGeometry(default_board())
    i18n.set_language(code)
    try:
        board = geometry.board
        for space in board.spaces:
            drawn, whole = geometry.label(space), board.label(space)
            if board.is_house(space) and board.name(space)[3:9] == "House ":
                assert drawn != whole and len(drawn) < len(whole), (space, drawn)
                assert drawn == pgettext("house on the board", board.name(space)[9:])
            elif space == "smalleys-house":
                # Without its article where the language has one (La Maison des Smalley).
                assert drawn == pgettext("house on the board", "Smalleys' House")
                assert len(drawn) <= len(whole)
            else:
                assert drawn == whole, space
    finally:
        i18n.set_language(i18n.ENGLISH)
    assert geometry.label("house-nw-exit-n") == "by the North Exit"
    assert geometry.label("smalleys-house") == "Smalleys' House"
    assert geometry.label("boyfriends-house") == "Boyfriend's House"


def test_the_names_drawn_kept_follow_the_language_and_the_zoom(qtbot: QtBot) -> None:
    """Where each name is drawn is kept (a resize asks for every one): after another language
    or zoom it is where a new board's geometry draws it."""
    kept = BoardGeometry(default_board())
    try:
        for code, zoom in [("en", 1.0), ("de", 1.0), ("de", 1.5), ("pl", 1.5), ("en", 1.0)]:
            i18n.set_language(code)
            kept.zoom = zoom
            fresh = BoardGeometry(default_board())
            fresh.zoom = zoom
            for space in kept.board.spaces:
                assert kept.name_drawn(space) == fresh.name_drawn(space), (code, zoom, space)
            assert kept.marks() == fresh.marks(), (code, zoom)
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_the_legend_is_made_when_its_tab_is_first_shown_naming_the_games_killer(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """The Legend dock, behind History at the opening, makes its words and pictures when its
    tab is first shown (not with every window), for the game's Killer, and fills its dock."""
    window = open_game(final_girl="Nancy", setup_card="Maple Lane", killer="Hans")
    game = window.game
    area = game.legend_area
    assert not area.built
    game.docks["legend"].raise_()
    qtbot.waitUntil(lambda: area.built)
    legend = area.legend
    assert area.widget() is legend and legend.isVisible()
    assert legend.width() > 0 and legend.height() > 0
    shown = " ".join(label.text() for label, _ in legend.texts)
    assert "Hans" in shown and "Dr. Fright" not in shown


def test_the_game_panel_is_made_when_its_tab_is_first_shown_showing_the_game(
    open_game: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    """Issue 33: the Game dock, behind History at the opening, makes its card and its notes
    when its tab is first shown, with the game as it is by then; notes typed there are the
    game's, as before."""
    window = open_game(final_girl="Nancy", setup_card="Maple Lane", killer="Hans")
    game = window.game
    assert not game.overview.built
    window.act(Rename(name="Renamed before the panel was seen"))
    game.docks["game"].raise_()
    qtbot.waitUntil(lambda: game.overview.built)
    card, notes = game.overview.setup_card, game.overview.notes
    assert card.isVisible() and notes.isVisible()
    assert card.values["Final Girl"].text() == "Nancy" and card.values["Killer"].text() == "Hans"
    notes.edit.setPlainText("The boyfriend hides upstairs")
    notes.flush()
    assert window.session is not None and window.session.state.notes == (
        "The boyfriend hides upstairs"
    )

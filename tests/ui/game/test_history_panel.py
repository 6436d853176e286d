"""History's list (issue 33, item 2): a step changes only its rows, whatever the game's
length, and the rows are always what the journal says."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from frightmare.model import GameSetup, History, Rename, new_game
from frightmare.ui.game import history_panel
from frightmare.ui.game.history_panel import HistoryPanel, WrappingDelegate, step_text
from frightmare.ui.theme import current_zoom


def journal(steps: int) -> History:
    history = History(new_game(GameSetup(final_girl="Nancy"), seed=3))
    for n in range(steps):
        history.do(Rename(name=f"step {n}"))
    return history


def rows_of(history: History) -> list[str]:
    return ["start"] + [f"{i + 1}. {step_text(history, i)}" for i in range(len(history))]


def test_the_rows_follow_steps_undos_a_new_tail_and_another_game(qtbot: QtBot) -> None:
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    history = journal(30)
    panel.show_history(history, "start")
    assert panel.rows() == rows_of(history)
    history.do(Rename(name="one more"))
    panel.show_history(history, "start")
    assert panel.rows() == rows_of(history)
    history.jump(10)
    panel.show_history(history, "start")
    assert panel.rows() == rows_of(history)  # the redo tail stays listed, dimmed
    assert panel.model.cursor == 10
    history.do(Rename(name="a new tail"))
    panel.show_history(history, "start")
    assert panel.rows() == rows_of(history)
    other = journal(5)  # the game reloaded from its file, or another game
    panel.show_history(other, "start")
    assert panel.rows() == rows_of(other)


def test_a_step_asks_only_its_own_line(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    history = journal(2000)
    panel.show_history(history, "start")
    asked: list[int] = []

    def counted(history: History, index: int) -> str:
        asked.append(index)
        return step_text(history, index)

    monkeypatch.setattr(history_panel, "step_text", counted)
    history.do(Rename(name="one more"))
    panel.show_history(history, "start")
    history.undo()
    panel.show_history(history, "start")
    assert asked == [2000]


def test_a_step_lays_out_the_rows_shown_not_every_row(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list view wrapped every row of the journal again at each step (a 10,000-step game:
    10,000 rows per click); the list asks the height of the rows it shows."""
    sized: list[int] = []
    original = WrappingDelegate.sizeHint

    def counted(self: WrappingDelegate, option: object, index: object) -> object:
        sized.append(1)
        return original(self, option, index)  # type: ignore[arg-type]

    monkeypatch.setattr(WrappingDelegate, "sizeHint", counted)
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 500)
    panel.show()
    history = journal(2000)
    panel.show_history(history, "start")
    QApplication.processEvents()
    assert sized  # the rows are the delegate's
    sized.clear()
    history.do(Rename(name="one more"))
    panel.show_history(history, "start")
    QApplication.processEvents()
    panel.list.viewport().repaint()
    assert 0 < len(sized) < 200


def test_the_rows_are_painted_by_the_panel_the_current_one_selected(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33: the rows are drawn by the list's own delegate (the style sheet's item drawing
    cost 2 ms per step); each row shown is painted once, the current step's selected, the rows
    past the cursor too (dimmed), with their wrapped text in full."""
    painted: dict[int, bool] = {}
    original = WrappingDelegate.paint_row

    def counted(
        self: WrappingDelegate, painter: object, rect: object, index: object, **how: bool
    ) -> None:
        painted[index.row()] = how["selected"]  # type: ignore[attr-defined]
        original(self, painter, rect, index, **how)  # type: ignore[arg-type]

    monkeypatch.setattr(WrappingDelegate, "paint_row", counted)
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 600)
    history = journal(5)
    history.jump(3)
    panel.show_history(history, "start")
    panel.show()
    panel.grab()
    assert sorted(painted) == [0, 1, 2, 3, 4, 5]
    assert [row for row, selected in painted.items() if selected] == [3]


def on_screen(panel: HistoryPanel) -> QImage:
    """What the window shows (its backing store), not a fresh drawing of the panel."""
    QApplication.processEvents()
    screen = panel.screen()
    return screen.grabWindow(panel.winId()).toImage()


def drawn_whole(panel: HistoryPanel) -> QImage:
    """Every part drawn again (the list's rows are opaque: the panel's repaint leaves them)."""
    panel.repaint()
    panel.list.viewport().repaint()
    return on_screen(panel)


def test_a_step_repaints_only_its_rows_and_the_list_shows_what_a_whole_repaint_shows(
    qtbot: QtBot,
) -> None:
    """Issue 33: each step laid the whole list out and repainted it (35 rows and the dock
    under them at 1920x1080); a step appended now repaints its row and the cursor's, and a
    scroll moves the rest. What shows is what a whole repaint shows, after a step (the list
    scrolled or not), an undo, a jump, a new tail, a resize and another theme."""
    from frightmare.ui.theme import apply_theme

    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(320, 420)
    panel.show()
    qtbot.waitExposed(panel)
    history = journal(3)
    panel.show_history(history, "start")
    painted: list[int] = []
    original = WrappingDelegate.paint_row

    def counted(
        self: WrappingDelegate, painter: QPainter, rect: QRect, index: object, **how: bool
    ) -> None:
        painted.append(index.row())  # type: ignore[attr-defined]
        original(self, painter, rect, index, **how)  # type: ignore[arg-type]

    def step(change: Callable[[], object]) -> None:
        change()
        painted.clear()
        panel.show_history(history, "start")
        assert on_screen(panel) == drawn_whole(panel)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WrappingDelegate, "paint_row", counted)
        for n in range(40):  # past the list's height: from a point on, each step scrolls
            step(lambda n=n: history.do(Rename(name=f"more {n}")))  # type: ignore[misc]
        step(lambda: history.do(Rename(name="one more")))
    scrolled = panel.list.verticalScrollBar().value()
    assert scrolled > 0
    painted.clear()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WrappingDelegate, "paint_row", counted)
        history.do(Rename(name="and one more"))
        panel.show_history(history, "start")
        QApplication.processEvents()
    assert panel.list.verticalScrollBar().value() == scrolled + 1
    assert 0 < len(painted) <= 4, painted  # its row and the cursor's, not the list
    assert on_screen(panel) == drawn_whole(panel)
    step(history.undo)
    step(lambda: history.jump(5))
    step(lambda: history.do(Rename(name="a new tail")))
    step(lambda: panel.resize(280, 400))
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    step(lambda: apply_theme(app, dark=False, zoom=1.0))
    step(lambda: history.do(Rename(name="in the light")))
    history.jump(2)  # few rows shown: the list's ground, below them, is a list's ground
    panel.show_history(history, "start")
    port = panel.list.viewport()
    ground = port.mapTo(panel, port.rect().bottomLeft()) + QPoint(port.width() // 2, -3)
    assert on_screen(panel).pixelColor(ground) == panel.list.palette().base().color()
    apply_theme(app, dark=True, zoom=1.0)


def test_a_word_wider_than_the_list_breaks_inside_the_row_never_past_its_edge(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Walkthrough under Xvfb, German at 150% on 1280x720: History read "Killeraktion (kein
    Bewegungssymbo", the last word wider than the list, cut at the row's edge. A word that
    does not fit is broken inside the row (words that fit still wrap between words): the text
    as Qt lays it out in the row's rectangle fits it, and the row is as tall as its lines."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QTextOption

    panel = HistoryPanel()
    qtbot.addWidget(panel)
    long_word = "Bewegungssymbolsammlungsübersicht"
    history = History(new_game(GameSetup(final_girl="Nancy"), seed=3))
    history.do(Rename(name=f"kein {long_word}"))
    panel.show_history(history, "start")
    panel.resize(150, 300)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.list
    assert view.fontMetrics().horizontalAdvance(long_word) > view.viewport().width()
    index = view.model().index(1, 0)
    row = view.visualRect(index)
    drawn: list[tuple[QRectF, str, QTextOption]] = []
    real = QPainter.drawText

    def spy(painter: QPainter, rect: QRectF, *how: object) -> None:
        """Either way of drawing text in a rectangle: with flags, or with a text option."""
        if isinstance(how[-1], QTextOption):
            text, option = str(how[0]), QTextOption(how[-1])
        else:
            flags, text = int(how[0]), str(how[1])  # type: ignore[call-overload]
            option = QTextOption()
            option.setWrapMode(
                QTextOption.WrapMode.WrapAnywhere
                if flags & int(Qt.TextFlag.TextWrapAnywhere)
                else QTextOption.WrapMode.WordWrap
                if flags & int(Qt.TextFlag.TextWordWrap)
                else QTextOption.WrapMode.NoWrap
            )
        drawn.append((QRectF(rect), text, option))
        real(painter, rect, *how)  # type: ignore[call-overload]

    monkeypatch.setattr(QPainter, "drawText", spy)
    image = QImage(row.width(), row.height(), QImage.Format.Format_RGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    view.delegate.paint_row(
        painter,
        QRect(0, 0, row.width(), row.height()),
        index,
        selected=False,
        focus=False,
        active=True,
    )
    ((rect, text, option),) = drawn
    needed = painter.boundingRect(QRectF(rect.x(), rect.y(), rect.width(), 100_000), text, option)
    painter.end()
    assert long_word in text
    assert needed.width() <= rect.width() + 0.5, (needed.width(), rect.width())
    assert needed.height() <= rect.height() + 0.5, (needed.height(), rect.height())


def test_an_undone_row_in_italics_is_as_tall_as_its_wrapped_lines(qtbot: QtBot) -> None:
    """A walkthrough's find at 150% in a narrow History: after an undo, "3. Next phase:
    Killer" was cut at its top and bottom. An undone row is drawn in italics, which wrap to a
    line more than upright letters at some widths; the row was as tall as the upright text.
    Each row is as tall as the taller of the two (a row keeps its height whether it is done or
    undone), at every width of the list."""
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QStyleOptionViewItem

    panel = HistoryPanel()
    qtbot.addWidget(panel)
    history = History(new_game(GameSetup(final_girl="Nancy"), seed=3))
    for name in ("Next phase: Killer", "Renamed the game to Killer party", "a b c d e f g h"):
        history.do(Rename(name=name))
    history.jump(0)  # every step undone: each row in italics
    panel.show_history(history, "start")
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.list
    upright = QFont(view.font())
    italic = QFont(upright)
    italic.setItalic(True)
    taller = 0
    for wide in range(90, 420, 3):
        panel.resize(wide, 400)
        QApplication.processEvents()
        pad = max(2, round(4 * current_zoom()))
        width = max(40, view.viewport().width() - 4 * pad - 4)
        for row in range(1, 4):
            text = panel.model.text(row)
            needed = history_panel.wrapped_height(text, italic, width)
            taller += needed > history_panel.wrapped_height(text, upright, width)
            option = QStyleOptionViewItem()
            view.initViewItemOption(option)
            height = view.delegate.sizeHint(option, view.model().index(row, 0))
            assert height.height() >= needed + 2 * pad + 2, (wide, text)
    assert taller, "no width where the italics wrap to more lines: the test sees nothing"

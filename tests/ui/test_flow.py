"""The flow layout (``ui/widgets/flow.py``): items stay on one row where they fit and wrap onto
the next where they do not, and the layout grows down as it wraps."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget
from pytestqt.qtbot import QtBot

from frightmare.ui.widgets.flow import FlowLayout, pair


def flowed(qtbot: QtBot, width: int) -> tuple[QWidget, list[QPushButton]]:
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = FlowLayout(holder, spacing=6)
    buttons = [QPushButton(f"Filter number {n}") for n in range(4)]
    for button in buttons:
        button.setFixedWidth(100)
        layout.addWidget(pair(button))
    holder.resize(width, layout.heightForWidth(width))
    holder.show()
    return holder, buttons


def rows_of(buttons: list[QPushButton]) -> int:
    return len({b.mapTo(b.window(), b.rect().topLeft()).y() for b in buttons})


def test_everything_on_one_row_where_it_fits(qtbot: QtBot) -> None:
    _holder, buttons = flowed(qtbot, 500)
    assert rows_of(buttons) == 1


def test_a_narrow_row_wraps_and_grows_down(qtbot: QtBot) -> None:
    holder, buttons = flowed(qtbot, 230)
    layout = holder.layout()
    assert isinstance(layout, FlowLayout)
    assert rows_of(buttons) == 2
    assert layout.heightForWidth(230) > layout.heightForWidth(500)
    assert layout.heightForWidth(100) > layout.heightForWidth(230)  # one a row
    assert layout.minimumSize().width() == 100


def test_a_hidden_item_takes_no_room(qtbot: QtBot) -> None:
    holder, _buttons = flowed(qtbot, 340)
    layout = holder.layout()
    assert isinstance(layout, FlowLayout)
    tall = layout.heightForWidth(340)
    item = layout.itemAt(3)
    widget = item.widget() if item is not None else None
    assert widget is not None
    widget.hide()
    assert layout.heightForWidth(340) < tall

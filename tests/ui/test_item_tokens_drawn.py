"""Her Items' tokens on the board (cards, one source): a booby trap and the Fireworks are drawn
on their space, said in its tooltip, its plays' heading and the Items panel, and explained in
the Legend."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from frightmare.model.actions.edit import EditTable
from frightmare.ui.main_window import MainWindow


def _colours_in(image: QImage, colours: set[str]) -> set[str]:
    found: set[str] = set()
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            name = QColor(image.pixel(x, y)).name()
            if name in colours:
                found.add(name)
    return found


def test_a_booby_trap_and_the_fireworks_are_on_the_board(
    open_board: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    window = open_board()
    page = window.game
    view = page.board_view
    window.resize(1366, 768)
    trap, fireworks = "house-ne-street", "street-n"
    before = view.item.badge_band(trap).height()
    window.act(EditTable(piece="booby trap", target=trap))
    window.act(EditTable(piece="fireworks", target=fireworks))
    qtbot.waitUntil(
        lambda: view.item.state is not None and view.item.state.table.fireworks == fireworks
    )
    # Their badges take room in the badge band (the House's roof band is at least as tall).
    assert view.item.badge_band(fireworks).height() > 0
    assert view.item.badge_band(trap).height() >= before
    assert "booby trap" in view.describe(trap) and "Fireworks" in view.describe(fireworks)
    # Drawn: the trap tag's dark red and the burst's gold, where the badges go.
    image = view.grab().toImage()
    rect = view.mapFromScene(view.item.badge_band(trap)).boundingRect()
    assert _colours_in(image.copy(rect), {"#5a1010"})
    rect = view.mapFromScene(view.item.badge_band(fireworks)).boundingRect()
    assert _colours_in(image.copy(rect), {"#ffd166"})
    # Said in the Items panel and in the space's plays.
    assert "Booby traps:" in page.board_panel.events_shown.text()
    assert "Fireworks:" in page.board_panel.events_shown.text()
    page.open_plays(trap)
    assert "a booby trap" in page.board_panel.space_menu.info.text()
    legend = " ".join(label.text() for label, _ in page.legend.texts)
    assert "TRAP" in legend and "Fireworks" in legend

"""Issue 35: the board's reach outline, its keyboard cursor and the allowed/refused plays
differ by more than hue. Under simulated deuteranopia and protanopia the green reach outline
and the yellow cursor became the same beige.

The simulation is Machado, Oliveira and Fernandes' (2009, "A Physiologically-based Model for
Simulation of Color Vision Deficiency", IEEE TVCG 15(6)), severity 1.0, applied to linear
RGB."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from frightmare.ui.game.board.marks import DARK_BOARD, LIGHT_BOARD, BoardLook
from frightmare.ui.theme import contrast, style_sheet

Matrix = tuple[tuple[float, float, float], ...]
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
NORMAL: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def linear(value: float) -> float:
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def gamma(value: float) -> float:
    value = min(1.0, max(0.0, value))
    return value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055


def seen(colour: str, matrix: Matrix) -> QColor:
    """``colour`` as a viewer with the simulated vision sees it."""
    c = QColor(colour)
    rgb = [linear(c.redF()), linear(c.greenF()), linear(c.blueF())]
    out = [sum(row[n] * rgb[n] for n in range(3)) for row in matrix]
    return QColor.fromRgbF(gamma(out[0]), gamma(out[1]), gamma(out[2]))


@pytest.mark.parametrize("look", [DARK_BOARD, LIGHT_BOARD], ids=["dark", "light"])
@pytest.mark.parametrize(
    "vision", [NORMAL, DEUTERANOPIA, PROTANOPIA], ids=["normal", "deuter", "protan"]
)
def test_the_cursor_and_the_reach_outline_differ_by_lightness_and_shape(
    look: BoardLook, vision: Matrix
) -> None:
    cursor, reach = seen(look.cursor.colour, vision), seen(look.reach.colour, vision)
    assert contrast(cursor, reach) >= 1.7, (cursor.name(), reach.name())
    assert look.cursor.rings() != look.reach.rings()  # a double ring against a single one
    assert look.cursor.out > look.reach.out
    # Convince's outline is dashed, the reach outline solid.
    assert look.convince.dashed and not look.reach.dashed
    # Each mark stands off the board's ground.
    ground = seen(look.ground, vision)
    for mark in (look.cursor, look.reach, look.convince):
        assert contrast(seen(mark.colour, vision), ground) >= 3.0, mark


def test_the_light_theme_has_a_light_board() -> None:
    assert QColor(LIGHT_BOARD.ground).lightnessF() > 0.8
    assert QColor(DARK_BOARD.ground).lightnessF() < 0.2


@pytest.mark.parametrize("dark", [True, False])
def test_a_refused_play_differs_by_its_dashed_edge(dark: bool) -> None:
    """Allowed and refused plays differ by a pattern (the dashed edge), not a colour alone."""
    sheet = style_sheet(dark, 1.0)
    refused = sheet[sheet.index('QPushButton[refused="true"]') :]
    assert "dashed" in refused[: refused.index("}")]

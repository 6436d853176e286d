"""Dr. Fright's Dark Power and Finale rows: built when first shown, not at launch (issue 33:
ready for play sooner), and in the panel's place in the Tab order once built."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QWidget

from frightmare.model.actions.dream import RevealDarkPower
from frightmare.ui.game.dream.fright_panel import FrightPanel
from frightmare.ui.main_window import MainWindow


def _card_combos(panel: FrightPanel) -> list[QComboBox]:
    return [
        c for c in panel.findChildren(QComboBox) if c.accessibleName() in ("Dark Power", "Finale")
    ]


def _chain(start: QWidget, steps: int = 80) -> list[QWidget]:
    chain: list[QWidget] = []
    widget: QWidget | None = start
    for _ in range(steps):
        widget = widget.nextInFocusChain() if widget is not None else None
        if widget is None:
            break
        chain.append(widget)
    return chain


def test_his_cards_rows_are_built_when_first_asked_for_and_tab_reaches_them_in_place(
    open_game: Callable[..., MainWindow], private_data_dir: Path
) -> None:
    window = open_game(seed=2)
    fright = window.game.fright
    # Nothing due, nothing revealed, not asked for: the rows are hidden, so not built.
    assert _card_combos(fright) == []

    fright.setChecked(True)  # the title's check box: "Tick to reveal his Dark Power or Finale"
    cards = fright.cards
    assert _card_combos(fright) == [cards.dark_power, cards.finale]
    assert cards.dark_power.isVisible() and cards.finale.isVisible()
    assert cards.reveal_power.isVisible() and cards.power_pick.isVisible()
    assert all(w.isEnabled() for w in (cards.dark_power, cards.reveal_power, cards.power_pick))
    assert cards.dark_power.count() > 0  # the model's cards listed, as if built at launch

    # Tab order as when they were built with the panel: its check box, then each card's
    # Reveal, its ▾ and its list (the rows as read), then the rest of the panel.
    chain = _chain(fright)
    order = [
        chain.index(w)
        for w in (
            cards.reveal_power,
            cards.power_pick,
            cards.dark_power.lineEdit() or cards.dark_power,
            cards.reveal_finale,
            cards.finale_pick,
            cards.finale.lineEdit() or cards.finale,
        )
    ]
    assert order == sorted(order)
    attacks = [chain.index(w) for w in (fright.her_row, fright.panic_count) if w in chain]
    assert all(order[-1] < index for index in attacks)

    fright.setChecked(False)
    assert not cards.dark_power.isVisible()


def test_a_revealed_dark_power_is_shown_by_its_name(
    open_game: Callable[..., MainWindow], private_data_dir: Path
) -> None:
    window = open_game(seed=2)
    assert window.act(RevealDarkPower(name="The Frightmare is Inevitable"))
    assert _card_combos(window.game.fright)  # the panel built its rows to show the name
    cards = window.game.fright.cards
    assert cards.power_shown.isVisible()
    assert "The Frightmare is Inevitable" in cards.power_shown.text()
    assert not cards.dark_power.isVisible()  # revealed: the choice's row is gone

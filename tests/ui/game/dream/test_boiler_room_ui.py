"""The Boiler Room on screen: asleep by a Short Rest, four slides from the keyboard, undo."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot
from screen_helpers import open_at, settle

from frightmare.model.actions.dream import FallAsleep
from frightmare.model.game.boiler_room import Direction
from frightmare.ui.game.dream.boiler_dialogs import ReportDialog
from frightmare.ui.game.dream.boiler_view import KEYS, drag_direction
from frightmare.ui.main_window import MainWindow

KEY_FOR = {direction: key for key, direction in KEYS.items()}


@pytest.fixture
def dream_window(open_game: Callable[..., MainWindow]) -> Callable[..., MainWindow]:
    def make(**setup: object) -> MainWindow:
        window = open_game(seed=5, name="Dream test", **setup)
        window.settings.animations = False
        window.game.boiler.view.animate = False
        return window

    return make


def first_legal(window: MainWindow) -> Direction:
    arrows = window.game.boiler.arrows
    return next(d for d, button in arrows.items() if button.isEnabled())


def test_short_rest_four_keyboard_slides_wake_then_undo_back_into_the_dream(
    dream_window: Callable[..., MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    window = dream_window()
    game = window.game
    assert game.banner.title.text().endswith("AWAKE")
    assert not any(button.isEnabled() for button in game.boiler.arrows.values())

    game.boiler.short_rest.click()
    assert window.session is not None and window.session.state.asleep
    assert "ASLEEP" in game.banner.title.text()
    assert "Victims do not follow you" in game.banner.rules.text()
    assert game.tabs.currentWidget() is game.dream_tab  # the Boiler Room tab comes forward

    view = game.boiler.view
    attacks_seen = 0
    for step in range(4):
        direction = first_legal(window)
        qtbot.keyClick(view, KEY_FOR[direction])
        state = window.session.state
        # What happened is read from the typed events, never from the wording (issue 12).
        attacks = [event for event in state.events if event.kind == "attack"]
        attacks_seen += len(attacks)
        for event in attacks:  # the banner says it, in the attack's tone
            assert event.text in game.banner.news.text()
            assert game.banner.news.label.property("tone") == "attack"
        if step < 3:
            assert len(state.dream.reveals) == step + 1
            assert f"{step + 1}/4" == game.boiler.centre.text()
    state = window.session.state
    assert state.dream.awake
    woke = next(event for event in state.events if event.kind == "woke")
    assert woke.text in game.banner.news.text()
    assert game.tabs.currentWidget() is game.board_tab  # she woke: Maple Lane comes back
    assert game.banner.title.text().endswith("AWAKE")
    finished = window.session.state.dream.finished
    assert attacks_seen == sum(r.attack for r in finished)
    assert game.history.rows()[-1].startswith("5. Slid the Boiler Room")

    window.undo_action.trigger()
    state = window.session.state
    assert state.asleep and len(state.dream.reveals) == 3
    assert "ASLEEP" in game.banner.title.text()
    assert game.tabs.currentWidget() is game.dream_tab  # Asleep again: the Boiler Room
    assert sum(b.isEnabled() for b in game.boiler.arrows.values()) >= 1


def test_an_illegal_direction_is_disabled_with_the_rule_in_its_tooltip(
    dream_window: Callable[..., MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    window = dream_window()
    window.game.boiler.fall_asleep.click()
    view = window.game.boiler.view
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Up)
    down = window.game.boiler.arrows["down"]
    assert not down.isEnabled()
    assert "would not show any of the next card" in down.toolTip()
    qtbot.keyClick(view, Qt.Key.Key_Down)  # refused, nothing happens
    assert window.session is not None and len(window.session.state.dream.reveals) == 2
    up = window.game.boiler.arrows["up"]
    assert "%" in up.text() and "chance that Dr. Fright attacks" in up.toolTip()


def test_the_physical_deck_asks_what_showed_and_refuses_the_impossible(
    dream_window: Callable[..., MainWindow],
    qtbot: QtBot,
    private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = dream_window(boiler_deck="physical")
    window.game.boiler.fall_asleep.click()
    answers = iter(["bottom-left", "bottom-left", "bottom-right"])
    monkeypatch.setattr(ReportDialog, "ask", classmethod(lambda cls, *a: next(answers)))
    window.game.boiler.arrows["up"].click()
    window.game.boiler.arrows["up"].click()  # the same quadrant again: impossible
    assert "already appeared" in window.game.banner.news.text()
    assert window.session is not None and len(window.session.state.dream.reveals) == 1
    window.game.boiler.arrows["up"].click()
    assert window.session.state.dream.attacks == 2


def test_switching_the_deck_mode_from_the_panel(
    dream_window: Callable[..., MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    window = dream_window()
    combo = window.game.boiler.mode
    combo.setCurrentIndex(combo.findData("physical"))
    combo.activated.emit(combo.currentIndex())
    # Choosing alone records nothing (a stray wheel notch must not): the button does.
    session = window.session
    assert session is not None
    before = session.state
    assert before.dream.mode == "screen"
    assert window.game.boiler.use_mode.isEnabled()
    window.game.boiler.use_mode.click()
    assert session.state.dream.mode == "physical"
    assert not window.game.boiler.use_mode.isEnabled()


def test_hint_toggle_hides_the_best_direction(
    dream_window: Callable[..., MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    window = dream_window()
    window.game.boiler.fall_asleep.click()
    assert "★" in window.game.boiler.arrows["up"].text()
    window.hint_action.trigger()
    assert "★" not in window.game.boiler.arrows["up"].text()
    assert "Hints are off" in window.game.boiler.expectation.text()


def test_drag_directions() -> None:
    assert drag_direction(QPointF(0, -40)) == "up"
    assert drag_direction(QPointF(50, 10)) == "right"
    assert drag_direction(QPointF(5, 5)) is None


def test_dragging_the_stack_slides_it(
    dream_window: Callable[..., MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    window = dream_window()
    window.game.boiler.fall_asleep.click()
    view = window.game.boiler.view
    centre = view.viewport().rect().center()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=centre + QPoint(60, 0))
    assert window.session is not None
    assert [r.direction for r in window.session.state.dream.reveals] == ["right"]


def test_dr_fright_panel_follows_the_rules(
    dream_window: Callable[..., MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    window = dream_window()
    fright = window.game.fright
    # Refused (Awake): marked, explained by the model, still clickable to record anyway.
    for button in (fright.attacks_you, fright.you_attack):
        assert button.property("refused") is True and "Rule:" in button.toolTip()
    fright.cards.dark_power.setCurrentText("The Frightmare is Inevitable")
    fright.cards.reveal_power.click()
    assert fright.attacks_you.property("refused") is False
    assert "The Frightmare is Inevitable" in fright.cards.power_shown.text()
    window.game.boiler.fall_asleep.click()
    assert fright.you_attack.property("refused") is False


def test_the_report_dialog_offers_only_answers_that_can_be_true(qtbot: QtBot) -> None:
    """The Boiler Room: Dr. Fright appears once on each of the four cards' quarters in turn, so
    a quarter where he already appeared cannot show him again; the model says so, and the
    dialog marks that answer with the model's reason (still clickable: record it anyway)."""
    from frightmare.model import GameSetup, History, new_game
    from frightmare.model.actions.dream import FallAsleep, Slide
    from frightmare.model.query.verdict import refusal
    from frightmare.ui.game.dream.boiler_view import layout_of
    from frightmare.ui.widgets.refusals import is_refused

    history = History(new_game(GameSetup(boiler_deck="physical"), seed=5))
    history.do(FallAsleep(cause="effect"))
    history.do(Slide(direction="up", report="bottom-left"))
    dialog = ReportDialog(history.state, "up")
    qtbot.addWidget(dialog)
    assert dialog.buttons["nothing"].isEnabled() and not is_refused(dialog.buttons["nothing"])
    refused = refusal(history.state, Slide(direction="up", report="bottom-left"))
    assert refused is not None and is_refused(dialog.buttons["bottom-left"])
    assert dialog.buttons["bottom-left"].toolTip() == str(refused)
    assert "already appeared" in dialog.buttons["bottom-left"].toolTip()
    # The table is the truth: a refused answer stays clickable, so it can be recorded anyway.
    assert dialog.buttons["bottom-left"].isEnabled() == refused.overridable
    assert any(not is_refused(b) for r, b in dialog.buttons.items() if r != "nothing")
    # Cards the app never saw are drawn only as reported.
    assert layout_of(history.state).reported


def test_record_anyway_is_offered_with_a_refusal_and_cleared_by_the_next_action(
    dream_window: Callable[..., MainWindow], qtbot: QtBot, private_data_dir: Path
) -> None:
    window = dream_window()
    banner = window.game.banner
    recorded: list[bool] = []
    banner.show_refusal("You are Awake. (Rule: Awake and Asleep)", lambda: recorded.append(True))
    assert banner.record_anyway.isVisible() and "You are Awake" in banner.news.text()
    banner.record_anyway.click()
    assert recorded == [True] and not banner.record_anyway.isVisible()
    banner.show_refusal("Refused again", lambda: recorded.append(True))
    window.game.boiler.fall_asleep.click()  # the next action clears the message
    assert not banner.record_anyway.isVisible()
    assert "Refused again" not in banner.news.text()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_the_slide_arrows_are_in_view_without_scrolling_at_150_percent(
    open_game: Callable[..., MainWindow],
    themed: Callable[[bool, float], None],
    size: tuple[int, int],
) -> None:
    """Walkthrough 3 (92): at a large zoom the arrows sat below the visible area."""
    window = open_at(open_game, themed, size, True, 1.5)
    assert window.act(FallAsleep(cause="short rest"))
    window.game.show_boiler_button.click()
    settle(window)
    view = window.game.boiler.view
    for direction, arrow in window.game.boiler.arrows.items():
        assert arrow.isVisible(), direction
        assert arrow.visibleRegion().boundingRect() == arrow.rect(), direction
        assert not arrow.geometry().intersects(view.viewport().geometry()), direction
    # The deck keeps a fair share of the main region between the arrows.
    assert view.viewport().width() >= view.width() // 3

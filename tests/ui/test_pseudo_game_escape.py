"""Issue 30, item 6: no visible text of the game screen escapes the catalogue.

Under the pseudo-locale every translated string is wrapped ``[ … ·]`` and accented, so a text
still in plain English after the wrappers are taken away was never looked up. The game screen
is read at every step of the canonical rounds (round A Awake, each phase; round B Asleep, the
Boiler Room), with a space's plays shown, a Terror card's steps and History.

Until the shared helper (``tests/ui/pseudo_helpers.py``, i18n-shell's) lands, the collection
lives here; each allowance below says why it is allowed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from benchmarks import rounds
from benchmarks.rounds import open_round, round_a, round_b
from frightmare import i18n
from frightmare.model import GameSetup, new_game
from frightmare.model.actions.journal import Action
from frightmare.model.box.cards import BIBLE, CRUCIFIX
from frightmare.model.game.state import GameState
from frightmare.ui.art import draw_sleep_card
from frightmare.ui.game.board.board_view import BoardView
from frightmare.ui.game.board.geometry import BoardGeometry
from frightmare.ui.game.board.space_steps import SearchStep
from frightmare.ui.game.board.streets import paint_streets
from frightmare.ui.main_window import MainWindow

# Under the pseudo-locale every letter of the catalogue's texts is accented: plain letters are
# English that came through no catalogue (the whole text, or a placeholder's filling).
_TAGS = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[A-Za-z]{2,}")
_ENTITY = re.compile(r"&(?:[a-z]+|#[0-9]+);")
# Allowed: keys as Qt names them in a tooltip ("Ctrl+Return", "F1"), the same in every language
# (Qt's own catalogue translates the modifiers where a language renames them).
_KEYS = re.compile(r"\b(?:(?:Ctrl|Shift|Alt|Meta)\+)+\w+\b|\bF[0-9]{1,2}\b")


def _known_names() -> set[str]:
    """Allowed: the names of cards, Killers, Locations, Final Girls, boxes and Setup cards
    are shown through ``names.shown``, which gives the English name when the language has no
    name for it (the pseudo-locale has none). The box's names, as the name tables list them,
    plus those the canonical game uses."""
    root = Path(__file__).resolve().parents[2] / "resources" / "names"
    known: set[str] = set()
    for path in root.glob("*.json"):
        data = json.loads(path.read_text("utf-8"))
        for kind in ("card", "setup", "killer", "box", "location", "final_girl"):
            known.update(data.get(kind, {}))
    known.update(
        {
            "Nancy",  # the Final Girl
            "Dr. Fright",  # the Killer
            "Maple Lane",  # the Location
            "Block Party",  # the Setup card
            "Knife",  # Items of the canonical round
            "Crucifix",
            "They just got hit by a car!",  # Terror cards of the canonical rounds
            "Ewwww! That's disgusting!",
            # The player's own data: the saved game's label, typed by the player.
            "Canonical rounds",
        }
    )
    return known


KNOWN = sorted(_known_names(), key=len, reverse=True)


def escaped(text: str) -> str:
    """The plain English words of ``text`` once markup, keys and known names are taken away
    ("" when nothing escapes). Every letter the catalogue gives is
    accented under the pseudo-locale, so plain letters inside a translated message came from
    a placeholder filled with English (a quadrant's "NW", a deck's "top"): they escape too."""
    rest = _TAGS.sub(" ", _KEYS.sub(" ", _ENTITY.sub(" ", text)).replace("&", ""))
    for name in KNOWN:
        rest = rest.replace(name, " ")
    # Allowed: empty, digits, punctuation and symbols (arrows, ✓, ★, ☀, "3/8", "+1").
    return " ".join(_WORD.findall(rest))


def visible_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """Every text a player can see in ``root``'s visible widgets, with where it is."""
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisible():
            continue
        where = f"{type(widget).__name__} {widget.objectName() or widget.accessibleName()!r}"
        if widget.isWindow():
            yield where + " (title)", widget.windowTitle()
        yield where + " (tooltip)", widget.toolTip()
        if isinstance(widget, (QLabel, QAbstractButton)):
            yield where, widget.text()
        elif isinstance(widget, QGroupBox):
            yield where, widget.title()
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                yield where + f" item {i}", widget.itemText(i)
        elif isinstance(widget, QLineEdit):
            yield where + " (placeholder)", widget.placeholderText()
        elif isinstance(widget, QTabBar):
            for i in range(widget.count()):
                yield where + f" tab {i}", widget.tabText(i)
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            for row in range(min(model.rowCount(), 50)):
                index = model.index(row, 0)
                yield where + f" row {row}", str(model.data(index) or "")
                tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
                yield where + f" row {row} (tooltip)", str(tip or "")


def escapes(window: MainWindow) -> list[str]:
    """The game page's and its docks' visible texts that escape the catalogue."""
    roots: list[QWidget] = [window.game, *window.game.docks.values()]
    found = []
    for root in roots:
        for where, text in visible_texts(root):
            rest = escaped(text)
            if rest:
                found.append(f"{where}: {text!r} -> {rest!r}")
    return sorted(set(found))


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.set_language(i18n.PSEUDO)
    yield
    i18n.set_language(i18n.ENGLISH)


def test_escaped_keeps_only_english_outside_the_catalogue(pseudo: None) -> None:
    assert escaped(i18n._("Round {number}").format(number=3)) == ""
    assert escaped("Knife") == ""
    assert escaped("→ 3/8 ✓") == ""
    assert escaped("Round 3") == "Round"
    # English filled into a translated message's placeholder escapes as well.
    assert escaped(i18n._("{quadrant} House").format(quadrant="NW")) == "NW"


def test_no_text_of_the_game_screen_escapes_the_catalogue(
    pseudo: None, qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round A (Awake, every phase, a space's plays, a Terror card's steps, the Panic), then
    round B (Asleep: the Boiler Room, Dr. Fright's attack), with History in its dock."""
    window = open_round(private_data_dir)
    qtbot.addWidget(window)
    seen: dict[str, list[str]] = {}
    step = rounds.Player.step

    def read_then_step(self: rounds.Player, text: str) -> None:
        rounds.settle()
        for found in escapes(window):
            seen.setdefault(found, []).append(text[:12])
        step(self, text)

    monkeypatch.setattr(rounds.Player, "step", read_then_step)
    # The Panic step's buttons name the spaces as the board labels them, in the player's
    # language: the round's player looks for the translated label.
    panic_button = rounds.panic_button
    monkeypatch.setattr(
        rounds,
        "panic_button",
        lambda panel, space, victim: panic_button(panel, i18n._(space), victim),
    )
    # The canonical rounds keep their counts under the longer texts (issue 31's budgets).
    assert round_a(window).inputs == rounds.ROUND_A_BUDGET
    assert round_b(window).inputs == rounds.ROUND_B_BUDGET
    rounds.settle()
    for found in escapes(window):
        seen.setdefault(found, []).append("end")
    assert not seen, "\n".join(f"{k}  (at {v[0]})" for k, v in sorted(seen.items()))


def painted(monkeypatch: pytest.MonkeyPatch, paint: Callable[[QPainter], None]) -> list[str]:
    """The texts ``paint`` draws (the widget collector reads widgets, not what a painter draws
    on the board or a card: the board's quadrant tags, BURNT and the Awake/Asleep card's word
    were English in every language and no escape test saw them)."""
    texts: list[str] = []
    draw = QPainter.drawText

    def spy(self: QPainter, *args: object) -> None:
        texts.append(str(args[-1]))
        draw(self, *args)  # type: ignore[call-overload]

    image = QImage(1400, 1400, QImage.Format.Format_ARGB32)
    with monkeypatch.context() as patch:
        patch.setattr(QPainter, "drawText", spy)
        painter = QPainter(image)
        try:
            paint(painter)
        finally:
            painter.end()
    return texts


def _busy_table() -> GameState:
    """Maple Lane with one House of each quadrant on it, one burnt, and every badge and token
    the board explains: a Smalley, the Boyfriend, a booby trap and the Fireworks."""
    state = new_game(GameSetup(), seed=1)
    board = state.board
    houses = [board.houses_in(q)[0] for q in ("NW", "NE", "SW", "SE")]
    street = board.neighbours(houses[1])[0]
    table = replace(
        state.table,
        closed=frozenset({houses[0]}),
        smalleys=(street,),
        boyfriend=street,
        booby_traps=frozenset({street}),
        fireworks=street,
    )
    return replace(state, table=table)


def test_no_painted_word_of_the_board_or_the_sleep_card_escapes(
    pseudo: None, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _busy_table()
    geometry = BoardGeometry(state.board)
    geometry.state = state
    texts = painted(monkeypatch, lambda painter: paint_streets(painter, geometry))
    for awake in (True, False):

        def card(painter: QPainter, awake: bool = awake) -> None:
            draw_sleep_card(painter, QRectF(0, 0, 120, 180), awake=awake)

        texts += painted(monkeypatch, card)
    assert len(texts) > 20  # every space's name, the quadrants' tags, BURNT, both words
    leaks = sorted({f"{text!r} -> {escaped(text)!r}" for text in texts if escaped(text)})
    assert not leaks, "\n".join(leaks)


def test_no_line_of_a_spaces_tooltip_escapes(pseudo: None, qtbot: QtBot) -> None:
    state = _busy_table()
    view = BoardView(state.board, accessible=False)
    qtbot.addWidget(view)
    view.show_state(state, None, {}, set())
    lines = [line for space in state.board.spaces for line in view.describe(space).split("\n")]
    leaks = sorted({f"{line!r} -> {escaped(line)!r}" for line in lines if escaped(line)})
    assert not leaks, "\n".join(leaks)


def test_the_items_panels_headings_and_a_houses_plays_escape_nothing(
    pseudo: None, qtbot: QtBot, private_data_dir: Path
) -> None:
    """The Items dock (behind another tab through the canonical rounds, so never read): each
    quadrant deck's heading, one of them empty; then a House's plays ("{quadrant} House")."""
    window = open_round(private_data_dir)
    qtbot.addWidget(window)
    game = window.game
    game.docks["items"].raise_()
    assert window.session is not None
    state = window.session.state
    emptied = replace(state, table=state.table.with_deck("NE", ()))
    game.board_panel.show_state(emptied, None)
    rounds.settle()
    headings = [label.text() for label in game.board_panel.deck_labels.values()]
    assert len(headings) == 4
    leaks = [f"{text!r} -> {escaped(text)!r}" for text in headings if escaped(text)]
    assert not leaks, "\n".join(leaks)
    house = state.board.houses_in("NE")[0]
    game.open_plays(house)
    rounds.settle()
    assert not escapes(window), "\n".join(escapes(window))


class _Menu:
    """A space's menu, as the Search step plays through it."""

    def act(self, action: Action, *, anyway: bool = False) -> None: ...

    def show_entries(self) -> None: ...


def test_a_searchs_choice_of_where_the_other_card_goes_escapes_nothing(
    pseudo: None, qtbot: QtBot
) -> None:
    # "Keep {kept} · {other} to the {deck}" was filled with the English "top" and "bottom".
    step = SearchStep(_Menu())
    qtbot.addWidget(step)
    step.names, step.asking = [BIBLE, None], 1
    step._named(CRUCIFIX)
    texts = [button.text() for button in step.ends.values()]
    assert len(set(texts)) == 4
    leaks = [f"{text!r} -> {escaped(text)!r}" for text in texts if escaped(text)]
    assert not leaks, "\n".join(leaks)

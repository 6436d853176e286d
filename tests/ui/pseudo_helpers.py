"""The escape test's collector (issue 30 item 6): every visible text of a widget tree, and the
ones that escaped the catalogue.

Under the pseudo-locale every string looked up is wrapped ``[ ... ·]`` and accented, so a
visible text that is not means an English string reached the screen without ``_``; and plain
letters inside a wrapped message are English filled into one of its placeholders. A few
texts are rightly not translated; each allowance below says why:

- empty, or digits, punctuation and symbols only (a count, "—", "…", "+1");
- names of the box (cards, Killers, Locations, Final Girls, boxes, Setup cards, published
  achievements): shown with ``names.shown``, which under pseudo has no table
  and gives the English name, as the player's edition would print it;
- keys (``Ctrl+Z``, ``F1``) and the standard buttons of a dialog (OK, Cancel, Close): Qt
  names them, in its own catalogue (``qtbase_<code>.qm``, installed for the language);
- the language names of View -> Language: each language is named in its own words;
- the app's name, a proper name;
- a folder's path or a file's name filled into a message (the data folder, ``catalogue.json``);
- the player's own data (a saved game's name typed by the player): given by each test.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QTabWidget,
    QTextEdit,
    QTreeWidget,
    QWidget,
)

from frightmare import APP_NAME, i18n

# One pseudo-translated segment, innermost first (a placeholder may hold another).
_SEGMENT = re.compile(r"\[[^\[\]]*·\]")
_TAG = re.compile(r"<[^<>]*>")
_LETTER = re.compile(r"[^\W\d_]")
_PLAIN = re.compile(r"[A-Za-z]{2,}")
_KEYS = re.compile(r"\b(?:(?:Ctrl|Shift|Alt|Meta)\+)+\w+\b|\bF[0-9]{1,2}\b")
# A folder's path or a file's name filled into a message (the data folder, catalogue.json).
_PATHS = re.compile(r"\S*[/\\]\S*|\b[\w-]+\.(?:json|jsonl|csv|log|txt)\b")


@cache
def box_names() -> frozenset[str]:
    """Every name of the box data, in English (see the module: names pass through pseudo)."""
    from frightmare.model.box import cards
    from frightmare.model.record.achievements import default_achievements
    from frightmare.model.record.collection import catalogue

    found: set[str] = set()
    for kind in (
        cards.DARK_POWER_NAMES,
        cards.FINALE_NAMES,
        cards.EVENT_NAMES,
        cards.TERROR_NAMES,
        cards.ITEM_CARD_NAMES,
        cards.FINAL_GIRL_NAMES,
        cards.KILLER_NAMES,
        cards.LOCATION_NAMES,
        cards.SETUP_CARD_NAMES,
    ):
        found.update(kind)
    found.add(cards.SHOCK_FACTOR)  # the Epic Dark Power
    book = catalogue()
    for box in book.boxes:
        found.add(box.name)  # not its series: the collection's headings are translated
        found.update(k.name for k in box.killers)
        found.update(loc.name for loc in box.locations)
        found.update(box.final_girls)
        if box.note:
            found.add(box.note)
    for source in book.sources:
        found.update({source.key, source.what})
    for achievement in default_achievements():
        found.update({achievement.name, achievement.requirement, achievement.box})
    return frozenset(name for name in found if name)


def is_key_text(text: str) -> bool:
    """Keys as Qt names them ("Ctrl+Shift+Z, Ctrl+Y")."""
    parts = [p.strip() for p in text.split(",")]
    return all(
        p and QKeySequence(p).toString(QKeySequence.SequenceFormat.NativeText) == p for p in parts
    )


def escapes(text: str, allowed: Iterable[str] = ()) -> bool:
    """Whether ``text`` holds words that came through no catalogue (see the module)."""
    fixed = {*box_names(), *i18n.LANGUAGES.values(), APP_NAME, *allowed}
    names = sorted(fixed, key=len, reverse=True)
    rest = _TAG.sub(" ", text).replace("&", "")
    while True:
        stripped = _SEGMENT.sub(" ", rest)
        if stripped == rest:
            break
        rest = stripped
    for name in names:
        rest = rest.replace(name, " ")
    for piece in re.split(r"[\n\t]", rest):
        if _LETTER.search(piece) and not is_key_text(piece.strip(" ·,;:()")):
            return True
    # Inside a translated message, plain letters are a placeholder filled with English.
    inner = _TAG.sub(" ", text).replace("&", "")
    for name in names:
        inner = inner.replace(name, " ")
    inner = _PATHS.sub(" ", inner)
    pieces = (piece.strip(" ·,;:()") for piece in re.split(r"[\n\t]", inner))
    return any(_PLAIN.search(_KEYS.sub(" ", p)) for p in pieces if p and not is_key_text(p))


@cache
def _qt_text(button: QDialogButtonBox.StandardButton) -> str:
    """The text Qt gives a standard button, without its mnemonic."""
    box = QDialogButtonBox(button)
    made = box.button(button)
    return made.text().replace("&", "") if made is not None else ""


def _menu_texts(menu: QMenu, where: str) -> Iterator[tuple[str, str]]:
    yield where, menu.title()
    for action in menu.actions():
        yield from _action_texts(action, where)


def _action_texts(action: QAction, where: str) -> Iterator[tuple[str, str]]:
    if action.isSeparator():
        return
    sub = action.menu()
    if isinstance(sub, QMenu):
        yield from _menu_texts(sub, f"{where} > {sub.title()}")
        return
    yield f"{where} > action", action.text()
    yield f"{where} > {action.text()} tip", action.toolTip()
    yield f"{where} > {action.text()} status tip", action.statusTip()


def visible_texts(root: QWidget) -> list[tuple[str, str]]:
    """Every text ``root`` and its children can show: (where, text)."""
    found: list[tuple[str, str]] = []
    for widget in [root, *root.findChildren(QWidget)]:
        kind = type(widget).__name__
        if widget.isWindow():
            found.append((f"{kind} title", widget.windowTitle()))
        found.append((f"{kind} tooltip", widget.toolTip()))
        if isinstance(widget, QLabel):
            found.append((kind, widget.text()))
        elif isinstance(widget, QAbstractButton):
            box = widget.parent()
            standard = (
                isinstance(box, QDialogButtonBox)
                and isinstance(widget, QPushButton)
                and box.standardButton(widget) != QDialogButtonBox.StandardButton.NoButton
                and widget.text().replace("&", "") == _qt_text(box.standardButton(widget))
            )
            if not standard:  # Qt's own, translated by qtbase
                found.append((kind, widget.text()))
        elif isinstance(widget, QGroupBox):
            found.append((kind, widget.title()))
        elif isinstance(widget, QLineEdit):
            found.append((f"{kind} placeholder", widget.placeholderText()))
        elif isinstance(widget, QComboBox):
            for n in range(widget.count()):
                found.append((f"{kind} item", widget.itemText(n)))
                tip = widget.itemData(n, Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str):
                    found.append((f"{kind} item tip", tip))
        elif isinstance(widget, QTabWidget):
            for n in range(widget.count()):
                found.append((f"{kind} tab", widget.tabText(n)))
        elif isinstance(widget, QTextEdit):
            found.append((kind, widget.toPlainText()))
        elif isinstance(widget, QMenu):
            found += _menu_texts(widget, kind)
        if isinstance(widget, QTreeWidget):
            header = widget.headerItem()
            found += [(f"{kind} header", header.text(c)) for c in range(header.columnCount())]
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            for c in range(model.columnCount()):
                title = model.headerData(c, Qt.Orientation.Horizontal)
                if isinstance(title, str):
                    found.append((f"{kind} header", title))
    return [(where, text) for where, text in found if text]


def escaped(root: QWidget, allowed: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The texts of ``root`` that escaped the catalogue (``allowed``: the player's own data
    the screen shows, such as a saved game's name)."""
    kept = tuple(allowed)
    return [(where, text) for where, text in visible_texts(root) if escapes(text, kept)]

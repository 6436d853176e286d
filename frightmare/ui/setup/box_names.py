"""The names a new game offers: this box's own first, then the owned boxes', grouped under each
box's name; any other name can be typed."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox

from frightmare.i18n import _
from frightmare.model.box.names import NameKind, shown
from frightmare.model.record.collection import Box
from frightmare.ui.widgets.wheel_guard import ComboBox


def grouped_combo(
    groups: list[tuple[str, list[str]]],
    extra: tuple[str, ...],
    accessible: str,
    kind: NameKind = "final_girl",
) -> QComboBox:
    """An editable list of names grouped under their box's name (a title that cannot be
    chosen); ``extra`` names the box does not list come first. Any other name can be typed.

    Each name shows as the player's edition prints it (``kind`` says which table), its
    English name kept as the item's data: ``english_name`` reads the choice."""
    combo = ComboBox()
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    model = QStandardItemModel(combo)
    seen: set[str] = set()
    for name in extra:
        model.appendRow(_name_item(name, kind))
        seen.add(name)
    for title, names in groups:
        fresh = [n for n in names if n not in seen]
        if not fresh:
            continue
        header = QStandardItem(shown("box", title))
        header.setFlags(Qt.ItemFlag.NoItemFlags)
        font = header.font()
        font.setItalic(True)
        header.setFont(font)
        header.setData("box", Qt.ItemDataRole.AccessibleDescriptionRole)
        model.appendRow(header)
        for name in fresh:
            item = _name_item(name, kind)
            # Translators: a name's tooltip in the New game lists: the name and its box.
            item.setToolTip(_("{name} ({box})").format(name=item.text(), box=shown("box", title)))
            model.appendRow(item)
            seen.add(name)
    combo.setModel(model)
    combo.setAccessibleName(accessible)
    combo.setToolTip(
        # Translators: {field} is the list's name, e.g. "Killer".
        _("{field}: pick one from the boxes you own, or type another name").format(field=accessible)
    )
    return combo


def _name_item(english: str, kind: NameKind) -> QStandardItem:
    item = QStandardItem(shown(kind, english))
    item.setData(english, Qt.ItemDataRole.UserRole)
    return item


def english_name(combo: QComboBox) -> str:
    """The name chosen or typed in ``combo``, in English when it is one of its names (the
    app keeps and compares names in English), else as typed (spaces tidied)."""
    text = " ".join(combo.currentText().split())
    for index in range(combo.count()):
        data = combo.itemData(index, Qt.ItemDataRole.UserRole)
        if isinstance(data, str) and " ".join(combo.itemText(index).split()) == text:
            return data
    return text


def show_name(combo: QComboBox, english: str, kind: NameKind) -> None:
    """Put ``english`` in ``combo`` as the player's edition prints it."""
    combo.setCurrentText(shown(kind, english))


def box_groups(
    pairs: Iterable[tuple[Box, str]],
) -> list[tuple[str, list[str]]]:
    groups: dict[str, list[str]] = {}
    for box, name in pairs:
        groups.setdefault(box.name, []).append(name)
    return list(groups.items())

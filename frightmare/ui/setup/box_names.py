"""The names a new game offers: this box's own first, then the owned boxes', grouped under each
box's name; any other name can be typed."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox

from frightmare.i18n import _
from frightmare.model.box.names import shown
from frightmare.model.record.collection import Box
from frightmare.ui.widgets.wheel_guard import ComboBox


def grouped_combo(
    groups: list[tuple[str, list[str]]], extra: tuple[str, ...], accessible: str
) -> QComboBox:
    """An editable list of names grouped under their box's name (a title that cannot be
    chosen); ``extra`` names the box does not list come first. Any other name can be typed."""
    combo = ComboBox()
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    model = QStandardItemModel(combo)
    seen: set[str] = set()
    for name in extra:
        model.appendRow(QStandardItem(name))
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
            item = QStandardItem(name)
            # Translators: a name's tooltip in the New game lists: the name and its box.
            item.setToolTip(_("{name} ({box})").format(name=name, box=shown("box", title)))
            model.appendRow(item)
            seen.add(name)
    combo.setModel(model)
    combo.setAccessibleName(accessible)
    combo.setToolTip(
        # Translators: {field} is the list's name, e.g. "Killer".
        _("{field}: pick one from the boxes you own, or type another name").format(field=accessible)
    )
    return combo


def box_groups(
    pairs: Iterable[tuple[Box, str]],
) -> list[tuple[str, list[str]]]:
    groups: dict[str, list[str]] = {}
    for box, name in pairs:
        groups.setdefault(box.name, []).append(name)
    return list(groups.items())

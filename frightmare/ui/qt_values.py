"""Qt's values without PySide's ``Qt`` namespace, for what is built before the first paint.

Naming any value of the namespace (``Qt.AlignmentFlag.AlignCenter``) makes PySide create the
Python classes of all 93 of its enums: about 12 ms on Python 3.11, a sixth of the app's start-up
beyond a bare window. So the session picker and the window around it set such values by name,
through Qt's property system, or use the few numbers Qt fixes for good; the rest of the GUI,
built after the first paint, names them as usual. ``tests/test_startup.py`` checks that the
namespace is still unmade when the picker is painted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from PySide6.QtGui import QKeySequence

# Qt.ItemDataRole.UserRole: the first role Qt leaves to applications (a test checks it).
USER_ROLE = 0x0100


def set_by_name(target: QObject, name: str, value: str) -> None:
    """Set the enum or flag property ``name`` of ``target`` by the name of its value, as Qt
    spells it: ``set_by_name(label, "alignment", "AlignCenter")``, or several flags joined by
    ``|``. A property or a value Qt does not know raises, so a typo cannot pass unseen."""
    if not target.setProperty(name, value):
        raise ValueError(f"{type(target).__name__} has no property {name!r} taking {value!r}")


class StandardKey(str):
    """One of Qt's standard keys by its name (``QKeySequence.StandardKey``, e.g. "Undo"): the
    platform's main binding, looked up when it is made a key sequence (``key_sequence``)."""


def key_sequence(key: str) -> QKeySequence:
    """``key`` as a key sequence: a StandardKey's main binding (its whole list adds media keys
    and Sun's F14), or text as Qt writes it ("Ctrl+Shift+E"). QKeySequence is named only here,
    when a shortcut is set or a key pressed, so its 76 enum members are not made before the
    first paint. A standard key Qt does not know raises."""
    from PySide6.QtGui import QKeySequence

    if isinstance(key, StandardKey):
        return QKeySequence(getattr(QKeySequence.StandardKey, key))
    return QKeySequence(key)

"""Controls whose action the rules refuse: marked, explained, still clickable.

"The table is the truth": a refused control stays enabled (so the click reaches the model,
which says why and lets the player record the play anyway), marked by the ``refused`` style
property, with the model's message and rule in its tooltip. Only an impossible action (a
refusal that is not overridable) disables it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from frightmare.model.errors import RuleViolation
from frightmare.ui.theme import set_style_property
from frightmare.ui.widgets.messages import set_tip


def offer(widget: QWidget, refused: RuleViolation | None, tip: str) -> None:
    """Show what the model said of the control's action (``None``: allowed, ``tip`` applies)."""
    if refused is None:
        widget.setEnabled(True)
        set_style_property(widget, "refused", False)
        set_tip(widget, tip)
        return
    widget.setEnabled(bool(getattr(refused, "overridable", True)))
    set_style_property(widget, "refused", True)
    set_tip(widget, str(refused))


def is_refused(widget: QWidget) -> bool:
    return bool(widget.property("refused"))

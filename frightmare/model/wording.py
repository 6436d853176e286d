"""Counts in English words for the windows' sentences: "1 Victim", "3 Victims".

The model itself counts with ``ngettext`` pairs (``frightmare.i18n``: Polish has three forms); this
stays for the windows until their sentences go through the catalogue too.
"""

from __future__ import annotations


def counted(count: float, word: str, plural: str | None = None) -> str:
    """``count`` and ``word``, plural unless the count is exactly one (English only).

    >>> counted(1, "Victim"), counted(0, "attack"), counted(2, "Smalley")
    ('1 Victim', '0 attacks', '2 Smalleys')
    >>> counted(1.29, "attack")
    '1.29 attacks'
    """
    shown = f"{count:.2f}" if isinstance(count, float) else str(count)
    return f"{shown} {word if count == 1 else (plural or word + 's')}"

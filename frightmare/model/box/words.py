"""The model's words: every sentence it makes goes through the catalogue here, in the player's
language, and what it writes into the journal is made in English (``in_english``).

The model's modules import ``_``, ``N_``, ``ngettext`` and ``pgettext`` from here rather than
from ``frightmare.i18n`` (here, in the model's lowest layer, every module can): they are the
same calls, but inside ``in_english()`` they give the English text, so a step the journal
keeps in the app's own words (a History line kept as a note, a card's step resolved by hand)
is stored in English whatever language is in force, and shown in the player's language when
it is read (convention 8: nothing translated is stored). ``names.shown`` follows the same
switch.

>>> from frightmare import i18n
>>> i18n.set_language("pseudo")
>>> with in_english():
...     ngettext("{count} Victim", "{count} Victims", 2).format(count=2)
'2 Victims'
>>> _("Next phase") != "Next phase"
True
>>> i18n.set_language("en")
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from frightmare import i18n
from frightmare.i18n import N_

__all__ = ["N_", "_", "english", "in_english", "ngettext", "pgettext"]

_ENGLISH: ContextVar[bool] = ContextVar("model_words_in_english", default=False)


def _(message: str) -> str:
    """``message`` in the player's language (in English inside ``in_english``)."""
    return message if _ENGLISH.get() else i18n._(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for ``count`` (English's two inside ``in_english``)."""
    if _ENGLISH.get():
        return singular if count == 1 else plural
    return i18n.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, told apart by its ``context``."""
    return message if _ENGLISH.get() else i18n.pgettext(context, message)


def english() -> bool:
    """Whether the model's words are made in English now (``in_english``)."""
    return _ENGLISH.get()


@contextmanager
def in_english() -> Iterator[None]:
    """Within this block the model's words (and the names it shows) are English: for the
    texts the journal keeps."""
    token = _ENGLISH.set(True)
    try:
        yield
    finally:
        _ENGLISH.reset(token)

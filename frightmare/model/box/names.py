"""The names a player's edition prints, in the language in force: cards, Killers, Locations,
Final Girls, boxes and Setup cards.

The app keeps and compares every name in English (a card's id, a Killer's name), so a game
played in Polish keeps the same journal, play log and export as one played in English. Only
what is shown is translated, from one table per language (``resources/names/<code>.json``):
each name with its source and how sure we are of it, so that a name resting on one source, or
on a fan translation, is marked on screen. A corrected copy in the data folder
(``names-<code>.json``, read by the store) wins entry by entry. Where no source gives a name,
the English one stays.

>>> table = load_names('{"card": {"Stab Her": {"name": "Acuchíllala", "confidence": "ONE", '
...                    '"source": "FAN", "fan": true}}}', code="es")
>>> table.shown("card", "Stab Her"), table.shown("card", "Knife")
('Acuchíllala', 'Knife')
>>> table.doubtful("card", "Stab Her"), table.doubtful("card", "Knife")
(True, False)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import field
from functools import cache
from importlib import resources
from typing import Any, Literal, get_args

from frightmare import i18n
from frightmare.i18n import _
from frightmare.model.values import frozen

NameKind = Literal["card", "killer", "location", "final_girl", "box", "setup"]
NAME_KINDS: tuple[NameKind, ...] = get_args(NameKind)
Confidence = Literal["PUB", "ONE", "YOURS"]
CONFIDENCES: tuple[Confidence, ...] = get_args(Confidence)
MAX_NAME = 120
MAX_NAMES = 2_000


@frozen(slots=False)
class Name:
    """One printed name: the text, the source key it comes from, how sure we are (``PUB``: two
    or more sources agree; ``ONE``: a single source; ``YOURS``: the player's own correction),
    and whether it comes from a fan translation rather than the publisher's edition."""

    text: str
    confidence: Confidence = "ONE"
    source: str = ""
    fan: bool = False

    @property
    def doubtful(self) -> bool:
        """Whether the screen should say the player's card may read otherwise."""
        return self.fan or self.confidence == "ONE"


@frozen(slots=False)
class NameTable:
    """The names of one language, by kind and English name."""

    code: str = i18n.ENGLISH
    names: Mapping[NameKind, Mapping[str, Name]] = field(default_factory=dict)

    def get(self, kind: NameKind, english: str) -> Name | None:
        return self.names.get(kind, {}).get(english)

    def shown(self, kind: NameKind, english: str) -> str:
        """What the player's edition calls ``english`` (the English name where none is known)."""
        name = self.get(kind, english)
        return name.text if name is not None else english

    def doubtful(self, kind: NameKind, english: str) -> bool:
        name = self.get(kind, english)
        return name is not None and name.doubtful

    def merged(self, corrections: NameTable) -> NameTable:
        """This table with the player's ``corrections`` winning entry by entry."""
        kinds: dict[NameKind, dict[str, Name]] = {k: dict(v) for k, v in self.names.items()}
        for kind, entries in corrections.names.items():
            kinds.setdefault(kind, {}).update(entries)
        return NameTable(self.code, kinds)

    def __len__(self) -> int:
        return sum(len(entries) for entries in self.names.values())


class NamesFileError(ValueError):
    """A names file the app cannot use, said in the player's words."""


def load_names(text: str, *, code: str, yours: bool = False) -> NameTable:
    """Read a names table; a bad file is refused naming the entry (``NamesFileError``).

    The player's own copy (``yours``) may leave out the source and confidence: its names are
    the player's, read off their cards.

    >>> load_names('{"killer": {"Dr. Fright": {"name": ""}}}', code="pl")
    Traceback (most recent call last):
    ...
    frightmare.model.box.names.NamesFileError: killer “Dr. Fright”: the name is empty.
    """
    try:
        data = json.loads(text)
    except ValueError as error:
        raise NamesFileError(_("it is not JSON ({error})").format(error=error)) from None
    if not isinstance(data, dict):
        raise NamesFileError(_("it should hold one table, of kinds of names"))
    kinds: dict[NameKind, dict[str, Name]] = {}
    count = 0
    for key, entries in data.items():
        if key in ("about", "language", "sources"):
            continue
        if key not in NAME_KINDS:
            raise NamesFileError(
                _("“{key}” is not a kind of name ({kinds})").format(
                    key=key, kinds=", ".join(NAME_KINDS)
                )
            )
        if not isinstance(entries, dict):
            raise NamesFileError(_("“{key}” should map English names to names").format(key=key))
        kind: NameKind = key
        for english, entry in entries.items():
            count += 1
            if count > MAX_NAMES:
                raise NamesFileError(_("it holds more than {count} names").format(count=MAX_NAMES))
            kinds.setdefault(kind, {})[english] = _entry(kind, english, entry, yours=yours)
    return NameTable(code, kinds)


def _entry(kind: NameKind, english: str, entry: Any, *, yours: bool) -> Name:
    # Translators: where a names file is wrong, e.g. killer “Dr. Fright” (the kind stays as in
    # the file).
    where = _("{kind} “{name}”").format(kind=kind, name=english)
    if isinstance(entry, str):
        entry = {"name": entry}
    if not isinstance(entry, dict):
        raise NamesFileError(
            _('{where}: give its name as text or as {{"name": ...}}').format(where=where)
        )
    extra = set(entry) - {"name", "confidence", "source", "fan", "note"}
    if extra:
        raise NamesFileError(
            _("{where}: unknown field {fields}").format(
                where=where, fields=", ".join(sorted(extra))
            )
        )
    text = entry.get("name")
    if not isinstance(text, str) or not text.strip():
        raise NamesFileError(_("{where}: the name is empty.").format(where=where))
    if len(text) > MAX_NAME or len(english) > MAX_NAME:
        raise NamesFileError(
            _("{where}: a name is longer than {count} characters.").format(
                where=where, count=MAX_NAME
            )
        )
    confidence = entry.get("confidence", "YOURS" if yours else "ONE")
    if confidence not in CONFIDENCES:
        raise NamesFileError(
            _("{where}: the confidence is one of {values}.").format(
                where=where, values=", ".join(CONFIDENCES)
            )
        )
    source, fan = entry.get("source", ""), entry.get("fan", False)
    if not isinstance(source, str) or not isinstance(fan, bool):
        raise NamesFileError(
            _("{where}: the source is text and fan is true or false.").format(where=where)
        )
    return Name(text.strip(), confidence, source, fan)


@cache
def packaged_names(code: str) -> NameTable:
    """The table the app ships for ``code`` (empty for English, or a language without one)."""
    if code == i18n.ENGLISH:  # no file to look for (a launch in English asks it first)
        return NameTable(code)
    path = resources.files("frightmare.resources") / "names" / f"{code}.json"
    if not path.is_file():
        return NameTable(code)
    return load_names(path.read_text("utf-8"), code=code)


_in_use: dict[str, NameTable] = {}


def use_corrections(table: NameTable) -> None:
    """Make the player's corrected names for ``table.code`` win from now on (the store reads
    them from the data folder)."""
    _in_use[table.code] = packaged_names(table.code).merged(table)


def names() -> NameTable:
    """The names of the language in force, the player's corrections included (none in
    English, and inside ``i18n.in_english``)."""
    code = i18n.ENGLISH if i18n.english() else i18n.language()
    table = _in_use.get(code)
    return table if table is not None else packaged_names(code)


def shown(kind: NameKind, english: str) -> str:
    """``english`` as the player's edition names it, in the language in force.

    >>> shown("killer", "Dr. Fright")
    'Dr. Fright'
    """
    return names().shown(kind, english)

"""The player's language: one gettext catalogue for every layer, the model included.

The model never imports Qt, so Qt's ``tr()`` cannot reach half the text: every visible string
goes through this module's ``_`` (``ngettext`` for counts, ``pgettext`` where one English word
means two things), with named placeholders filled by ``str.format`` after the lookup, so a
translation may reorder them::

    _("{space} burnt down: it is closed for good.").format(space=label)

Strings are translated when they are used, never when a module is imported (a test checks
it): a module-level constant is marked with ``N_`` and translated where it is shown. The
language is chosen once, at start-up (``set_language``), before any window is built.

The catalogues are ``resources/locale/<code>/LC_MESSAGES/frightmare.mo``, compiled from their
``.po`` sources by ``make translations`` (Babel). The pseudo-locale ``pseudo`` alters and
lengthens every string by about 35%, keeping its placeholders, so a string that escapes the
catalogue, or a label too narrow for German, shows on screen.

>>> set_language("pseudo")
>>> _("{count} Victims").format(count=3)
'[3 Ṽíçţíɱš ·]'
>>> set_language("en")
>>> ngettext("{count} Victim", "{count} Victims", 1).format(count=1)
'1 Victim'

What the journal keeps in the app's own words (a History line kept as a note, a card's step
resolved by hand) is made in English whatever language is in force, inside ``in_english()``,
and shown in the player's language when it is read: nothing translated is ever stored.

>>> set_language("pseudo")
>>> with in_english():
...     ngettext("{count} Victim", "{count} Victims", 2).format(count=2)
'2 Victims'
>>> set_language("en")
"""

from __future__ import annotations

import gettext
import io
import math
import operator
import re
import struct
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

DOMAIN = "frightmare"
ENGLISH = "en"
PSEUDO = "pseudo"
# Each language in its own name, as View -> Language lists them.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "pl": "Polski",
}

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH
_ENGLISH_NOW: ContextVar[bool] = ContextVar("in_english", default=False)


def _(message: str) -> str:
    """``message`` in the player's language (itself where the catalogue has no entry, and
    inside ``in_english``)."""
    return message if _ENGLISH_NOW.get() else _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message the player's language uses for ``count`` (Polish has
    three; English's two inside ``in_english``)."""
    if _ENGLISH_NOW.get():
        return singular if count == 1 else plural
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, told apart from the same English words in another
    ``context`` (the Search card and a search of a House)."""
    return message if _ENGLISH_NOW.get() else _translations.pgettext(context, message)


def english() -> bool:
    """Whether words are made in English now (inside ``in_english``)."""
    return _ENGLISH_NOW.get()


@contextmanager
def in_english() -> Iterator[None]:
    """Within this block every word (and the names ``names.shown`` gives) is English: for the
    texts the journal keeps."""
    token = _ENGLISH_NOW.set(True)
    try:
        yield
    finally:
        _ENGLISH_NOW.reset(token)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now: for constants made at
    import time, translated with ``_`` where they are shown."""
    return message


def language() -> str:
    """The code of the language in force (``en``, ``de``, ..., or ``pseudo``)."""
    return _language


@dataclass(frozen=True)
class Chosen:
    """What ``set_language`` did: the language in force, and why it is not the one asked for
    (empty when it is)."""

    code: str
    notice: str = ""


def set_language(code: str) -> None:
    """Put ``code`` in force for every string from now on; an unknown code or a damaged
    catalogue leaves English in force (``choose`` says why)."""
    choose(code)


def choose(code: str) -> Chosen:
    """Put ``code`` in force if it can be, else English, and say what happened.

    >>> choose("xx").notice
    'No translation for language “xx”: the app is in English.'
    >>> choose("en")
    Chosen(code='en', notice='')
    """
    global _translations, _language
    wanted = normalise(code)
    if wanted == ENGLISH:
        _translations, _language = gettext.NullTranslations(), ENGLISH
        return Chosen(ENGLISH)
    if wanted == PSEUDO:
        _translations, _language = PseudoTranslations(), PSEUDO
        return Chosen(PSEUDO)
    if wanted not in LANGUAGES:
        _translations, _language = gettext.NullTranslations(), ENGLISH
        # Said in English: there is no catalogue to say it in.
        return Chosen(ENGLISH, f"No translation for language “{code}”: the app is in English.")
    try:
        loaded = read_catalogue(catalogue_path(wanted))
    except (OSError, ValueError, LookupError, struct.error) as error:
        # A missing or damaged catalogue never stops start-up: GNUTranslations raises OSError
        # for a bad magic number, struct.error for a cut file, ValueError or LookupError for
        # bad offsets, texts or plural forms.
        _translations, _language = gettext.NullTranslations(), ENGLISH
        name = LANGUAGES[wanted]
        return Chosen(
            ENGLISH, f"The {name} catalogue cannot be read ({error}): the app is in English."
        )
    _translations, _language = loaded, wanted
    return Chosen(wanted)


# The catalogue last read, by its path, time and size: start-up chooses the language twice
# (for what it may say before the settings are read, then for the window), and a second parse
# of the German catalogue cost about 5 ms before the picker's first paint (issue 30).
_read: dict[tuple[str, int, int], Catalogue] = {}


def read_catalogue(path: Path) -> Catalogue:
    """The compiled catalogue at ``path``, parsed once while the file stays as it is."""
    state = path.stat()
    key = (str(path), state.st_mtime_ns, state.st_size)
    found = _read.get(key)
    if found is None:
        with path.open("rb") as file:
            found = Catalogue(file)
        _read.clear()
        _read[key] = found
    return found


class _Reader(Protocol):
    def read(self) -> bytes: ...


class Catalogue(gettext.GNUTranslations):
    """A compiled catalogue (``.mo``) whose messages are decoded when first looked up.

    ``gettext.GNUTranslations`` decodes all of its 2,000-odd messages into a dictionary when it
    is read: about 3.5 ms before the picker's first paint in German, Spanish, French or Polish
    (issue 30), for the few dozen strings the picker shows. Here the file is checked whole when
    it is read (its header, tables and bounds, its text's encoding), so a damaged catalogue is
    still refused at start-up; each message is decoded when first asked for. Its header
    (charset, plural rule) is read by ``GNUTranslations`` itself, and its lookups are
    ``GNUTranslations``' own, over ``Messages`` in place of its dictionary."""

    def _parse(self, fp: _Reader) -> None:
        data = fp.read()
        magic = data[:4]
        order = "<" if magic == b"\xde\x12\x04\x95" else ">" if magic == b"\x95\x04\x12\xde" else ""
        if not order or len(data) < 28:
            raise OSError(0, "Bad magic number", getattr(fp, "name", ""))
        version, count, keys_at, values_at = struct.unpack_from(f"{order}4I", data, 4)
        if version >> 16 not in self.VERSIONS:
            raise OSError(0, f"Bad version number {version >> 16}", getattr(fp, "name", ""))
        if max(keys_at, values_at) + 8 * count > len(data):
            raise OSError(0, "File is corrupt", getattr(fp, "name", ""))
        keys = struct.unpack_from(f"{order}{2 * count}I", data, keys_at)
        values = struct.unpack_from(f"{order}{2 * count}I", data, values_at)
        messages = Messages(data, keys, values)
        # The header alone, as a catalogue of one message, to GNUTranslations' own reading.
        header = messages.value(messages.plain[b""]) if b"" in messages.plain else b""
        at = 28 + 16
        super()._parse(
            io.BytesIO(
                struct.pack("<7I", 0x950412DE, 0, 1, 28, 36, 0, 0)
                + struct.pack("<4I", 0, at, len(header), at + 1)
                + b"\0"
                + header
                + b"\0"
            )
        )
        messages.charset = getattr(self, "_charset", None) or "ascii"
        messages.check()
        self._catalog = messages


class Messages:
    """A catalogue's messages, by the key ``GNUTranslations`` looks them up with: a message's
    text (its context before it, joined by ``\\x04``), or a counted message's singular with
    the form wanted. Each is found through an index of the file's keys, as bytes, and decoded
    when first asked for."""

    def __init__(self, data: bytes, keys: tuple[int, ...], values: tuple[int, ...]) -> None:
        self.data = data
        self.values = values
        self.charset = "ascii"
        # Where the texts lie, keys and translations: each must end before the file does.
        spans = (keys[1::2], values[1::2], map(operator.add, keys[::2], keys[1::2]))
        self.start = min(min(spans[0], default=0), min(spans[1], default=0))
        self.end = max(
            max(spans[2], default=0),
            max(map(operator.add, values[::2], values[1::2]), default=0),
        )
        if self.end >= len(data):
            raise OSError(0, "File is corrupt", "")
        self.plain = {
            data[o : o + n]: i for i, (n, o) in enumerate(zip(keys[::2], keys[1::2], strict=True))
        }
        self._counted: dict[bytes, int] | None = None
        self._found: dict[object, str] = {}

    def check(self) -> None:
        """Every text in the file decodes in its charset, else ``UnicodeDecodeError`` (a
        ``ValueError``): one decoding of the span that holds them all, or, should something
        else lie among them, each text on its own."""
        try:
            self.data[self.start : self.end].decode(self.charset)
        except UnicodeDecodeError:
            for key in self.plain:
                key.decode(self.charset)
            for index in range(len(self.values) // 2):
                self.value(index).decode(self.charset)

    @property
    def counted(self) -> dict[bytes, int]:
        """The counted messages by their singular ("one\\x00many" under "one"): indexed when
        the first is looked up (the picker's first paint looks up none)."""
        if self._counted is None:
            self._counted = {k.split(b"\0", 1)[0]: i for k, i in self.plain.items() if b"\0" in k}
        return self._counted

    def value(self, index: int) -> bytes:
        size, offset = self.values[2 * index], self.values[2 * index + 1]
        return self.data[offset : offset + size]

    def get(self, key: object, default: object = None) -> object:
        found = self._found.get(key)
        if found is not None:
            return found
        if isinstance(key, str):
            index = self.plain.get(key.encode(self.charset, "replace"))
            if index is None:
                return default
            found = self.value(index).decode(self.charset)
        elif isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str):
            index = self.counted.get(key[0].encode(self.charset, "replace"))
            forms = [] if index is None else self.value(index).split(b"\0")
            if not isinstance(key[1], int) or not 0 <= key[1] < len(forms):
                return default
            found = forms[key[1]].decode(self.charset)
        else:
            return default
        self._found[key] = found
        return found

    def __getitem__(self, key: object) -> str:
        missing = object()
        found = self.get(key, missing)
        if found is missing:
            raise KeyError(key)
        return str(found)

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None


def normalise(code: str) -> str:
    """A language code as the catalogues are named: ``de_DE.UTF-8`` and ``de-AT`` are ``de``.

    >>> normalise("pl_PL.UTF-8"), normalise("FR-ca"), normalise("pseudo"), normalise("C")
    ('pl', 'fr', 'pseudo', 'en')
    """
    text = code.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    if text in ("", "c", "posix"):
        return ENGLISH
    if text == PSEUDO:
        return PSEUDO
    return text.split("_")[0]


def first_known(codes: Iterable[str]) -> str:
    """The first of the system's preferred languages that the app speaks, else English.

    >>> first_known(["pt_BR", "fr_FR", "de"])
    'fr'
    >>> first_known([])
    'en'
    """
    for code in codes:
        wanted = normalise(code)
        if wanted in LANGUAGES:
            return wanted
    return ENGLISH


def catalogue_path(code: str) -> Path:
    """Where the compiled catalogue of ``code`` is installed (inside ``frightmare.resources``,
    a folder of real files in every install: the source, the wheel and the bundle, where
    ``packaging/frightmare.spec`` puts the catalogues under ``frightmare/resources/locale``).
    Found without ``importlib.resources``, whose imports (zipfile, tempfile: about 5 ms) a
    launch in German paid before its first paint (issue 30)."""
    from importlib.util import find_spec

    package = find_spec("frightmare.resources")
    folder = Path(package.origin).parent if package and package.origin else Path()
    return folder / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


_PLACEHOLDER = re.compile(
    r"(\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]|<[^<>]*>|&(?:[a-z]+|#[0-9]+);|&(?=\w)|\n)"
)
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥíĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


def pseudo(message: str) -> str:
    """``message`` visibly altered and about 35% longer, its placeholders, markup, mnemonics
    and line breaks kept, between [ ] so a clipped end shows.

    >>> pseudo("Move here · {count} follow")
    '[Ṁöṽé ĥéŕé · {count} ƒöļļöŵ ····]'
    """
    if not message:
        return message
    parts = _PLACEHOLDER.split(message)
    shown = "".join(
        part if _PLACEHOLDER.fullmatch(part) else part.translate(_ACCENTED) for part in parts
    )
    # The brackets and the space count towards the 35%.
    padding = max(1, math.ceil(len(_PLACEHOLDER.sub("", message)) * 0.35) - 3)
    return f"[{shown} {'·' * padding}]"


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-locale: every string through the catalogue comes out ``pseudo``-ed."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


# Where the language in force came from, strongest first.
ENV_LANG = "FRIGHTMARE_LANG"


def wanted(
    flag: str | None, env: str | None, saved: str | None, system: Iterable[str] | None = ()
) -> tuple[str, str]:
    """The language asked for and where from (``flag``, ``env``, ``settings``, ``system``):
    ``--lang`` wins over ``FRIGHTMARE_LANG``, which wins over the language kept in the
    settings, which wins over the system's preferred languages (the first the app speaks).

    >>> wanted(None, "de", "fr", ["pl"])
    ('de', 'env')
    >>> wanted(None, " ", "", ["pt_BR", "pl_PL"])
    ('pl', 'system')
    """
    for code, source in ((flag, "flag"), (env, "env"), (saved, "settings")):
        if code is not None and code.strip():
            return code.strip(), source
    return first_known(system or ()), "system"

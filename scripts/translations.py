"""The translations' catalogues, with Babel: extract, update, compile, check.

    python scripts/translations.py extract   # resources/locale/frightmare.pot from the sources
    python scripts/translations.py update    # each language's .po follows the template
    python scripts/translations.py compile   # each .po to its .mo (what the app reads)
    python scripts/translations.py check     # the template is whole, each .po complete and sound
    python scripts/translations.py stats     # how much of each language is translated

`make translations` runs extract, update and compile; `make test` runs check. The strings come
from two places: the code (every ``_``, ``N_``, ``ngettext`` and ``pgettext``, with the
``# Translators:`` comment above it) and the texts of the data files a player reads (card
summaries, achievements, the Convince lines...: ``DATA_TEXTS``). Names of cards, places,
Killers and Final Girls are not here: they are data, one names table per language
(``resources/names/<code>.json``).
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "resources" / "locale"
TEMPLATE = LOCALE / "frightmare.pot"
DOMAIN = "frightmare"
PROJECT = "Frightmare Companion"
COMMENT_TAG = "Translators:"

# The texts of the data files that the app shows: file -> selectors. A selector is a path of
# keys, ``[]`` for every item of a list and ``*`` for every value of a mapping.
DATA_TEXTS: dict[str, tuple[str, ...]] = {
    # The board's space names (``Board.label``) and the Convince card's lines.
    "maple-lane.json": ("spaces[].name", "convince[].label"),
    # What each card does in the app's words, its doubt, a step's reminder (``card_note``,
    # ``plan``).
    "cards.json": ("cards[].summary", "cards[].doubt", "cards[].steps[].text"),
    # The published achievements: named, summed up, doubted (Statistics, the game summary).
    "achievements.json": (
        "achievements[].name",
        "achievements[].requirement",
        "achievements[].doubt",
    ),
    # A box's note and the catalogue's sources (Your collection).
    "catalogue.json": ("boxes[].note", "sources[].what"),
    # Where the community's figures come from (Statistics' source line).
    "community-stats.json": ("source",),
}

_PLACEHOLDER = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def _languages() -> tuple[str, ...]:
    sys.path.insert(0, str(ROOT))
    from frightmare.i18n import ENGLISH, LANGUAGES

    return tuple(code for code in LANGUAGES if code != ENGLISH)


def _select(data: Any, path: list[str]) -> Iterator[str]:
    if not path:
        if isinstance(data, str) and data.strip():
            yield data
        return
    head, rest = path[0], path[1:]
    if head == "[]" and isinstance(data, list):
        for item in data:
            yield from _select(item, rest)
    elif head == "*" and isinstance(data, dict):
        for value in data.values():
            yield from _select(value, rest)
    elif isinstance(data, dict) and head in data:
        yield from _select(data[head], rest)


def _selector(text: str) -> list[str]:
    return [part for part in re.split(r"\.|(\[\])", text) if part]


def data_texts() -> Iterator[tuple[str, str]]:
    """Every (file, text) of the data files that the app shows."""
    for name, selectors in DATA_TEXTS.items():
        data = json.loads((ROOT / "resources" / name).read_text("utf-8"))
        for selector in selectors:
            for text in _select(data, _selector(selector)):
                yield f"resources/{name}", text


def template() -> Catalog:
    """The catalogue of every source string, as extraction finds it now."""
    catalog = Catalog(project=PROJECT, domain=DOMAIN, charset="utf-8", fuzzy=False)
    found = extract_from_dir(
        str(ROOT),
        method_map=[("frightmare/**.py", "python")],
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(
            message, locations=[(filename, lineno)], auto_comments=comments, context=context
        )
    for filename, text in data_texts():
        catalog.add(text, locations=[(filename, 0)], auto_comments=["From a data file."])
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    """Write ``catalog`` unless only its dates would change (they would churn every diff)."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    text = out.getvalue()

    def undated(data: bytes) -> bytes:
        return re.sub(rb'"(POT-Creation|PO-Revision)-Date: [^"]*"\n', b"", data)

    if path.exists() and undated(path.read_bytes()) == undated(text):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)


def _header(catalog: Catalog, code: str | None) -> Catalog:
    """The header every catalogue carries: who wrote it, and (in a .po) not fuzzy, so its
    Plural-Forms reach the compiled file."""
    sys.path.insert(0, str(ROOT))
    from frightmare import __version__
    from frightmare.i18n import LANGUAGES

    catalog.project, catalog.version = PROJECT, __version__
    catalog.copyright_holder = "The Frightmare Companion authors"
    catalog.msgid_bugs_address = "https://github.com/frightmare/companion/issues"
    catalog.last_translator = "The Frightmare Companion authors"
    catalog.language_team = LANGUAGES.get(code or "", "")
    catalog.header_comment = (
        f"# {LANGUAGES.get(code or '', 'The source strings of')} Frightmare Companion, "
        "written for players by the project's authors.\n"
        "# Distributed under the project's MIT licence."
    )
    catalog.fuzzy = False
    return catalog


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale, domain=DOMAIN)


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> None:
    _write(_header(template(), None), TEMPLATE)


def update() -> None:
    pot = _read(TEMPLATE)
    for code in _languages():
        path = po_path(code)
        catalog = (
            _read(path, code)
            if path.exists()
            else Catalog(locale=code, domain=DOMAIN, project=PROJECT)
        )
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        _write(_header(catalog, code), path)


def compile_all() -> None:
    for code in _languages():
        path = po_path(code)
        if not path.exists():
            continue
        catalog = _read(path, code)
        with path.with_suffix(".mo").open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)


def _key(message: Message) -> tuple[str | None, str]:
    ident = message.id
    return message.context, ident if isinstance(ident, str) else ident[0]


def _names(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


@dataclass
class Problems:
    lines: list[str]

    def add(self, text: str) -> None:
        self.lines.append(text)


def check_template(problems: Problems) -> None:
    """The committed template holds exactly what the sources mark."""
    now = {_key(m) for m in template() if m.id}
    committed = {_key(m) for m in _read(TEMPLATE) if m.id}
    for _context, ident in sorted(now - committed, key=str):
        problems.add(f"frightmare.pot lacks {ident!r}: run `make translations`")
    for _context, ident in sorted(committed - now, key=str):
        problems.add(
            f"frightmare.pot still has {ident!r}, which no source marks: run `make translations`"
        )


def check_language(code: str, problems: Problems) -> int:
    """Every template string is translated in ``code``, not fuzzy, with the same placeholders
    in each of the language's plural forms. Returns how many are translated."""
    path = po_path(code)
    if not path.exists():
        problems.add(f"{code}: no catalogue at {path.relative_to(ROOT)}")
        return 0
    pot = {_key(m): m for m in _read(TEMPLATE) if m.id}
    catalog = _read(path, code)
    done = 0
    for key, source in pot.items():
        message = catalog.get(key[1] if isinstance(source.id, str) else source.id, context=key[0])
        where = f"{code}: {key[1]!r}"
        if (
            message is None
            or not message.string
            or (isinstance(message.string, tuple) and not all(message.string))
        ):
            problems.add(f"{where} is not translated")
            continue
        if message.fuzzy:
            problems.add(f"{where} is fuzzy")
            continue
        ids = [source.id] if isinstance(source.id, str) else list(source.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        if not isinstance(source.id, str) and len(forms) != catalog.num_plurals:
            problems.add(
                f"{where} has {len(forms)} plural forms where {code} has {catalog.num_plurals}"
            )
        wanted = _names(ids[-1])
        for form in forms:
            if _names(form) != wanted and not (len(ids) > 1 and _names(form) == _names(ids[0])):
                problems.add(f"{where}: {form!r} does not keep the placeholders {wanted}")
        done += 1
    return done


def check() -> list[str]:
    problems = Problems([])
    check_template(problems)
    for code in _languages():
        check_language(code, problems)
    return problems.lines


def stats() -> dict[str, tuple[int, int]]:
    total = sum(1 for m in _read(TEMPLATE) if m.id)
    return {code: (check_language(code, Problems([])), total) for code in _languages()}


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "help"
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        problems = check()
        for line in problems[:200]:
            print(line)
        if len(problems) > 200:
            print(f"... and {len(problems) - 200} more")
        return 1 if problems else 0
    elif command == "stats":
        for code, (done, total) in stats().items():
            print(f"{code}: {done}/{total} ({100 * done / max(total, 1):.1f}%)")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

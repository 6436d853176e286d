"""The catalogues' checks (``scripts/translations.py check``, run by ``make test``) fail when
they should: a string missing from the template, one left untranslated or fuzzy, a placeholder
lost, a plural form missing."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from scripts import translations


def _po(path: Path, code: str, entries: list[tuple[object, object, bool]]) -> None:
    catalog = Catalog(locale=code, domain="frightmare")
    for ident, string, fuzzy in entries:
        catalog.add(ident, string, flags=("fuzzy",) if fuzzy else ())  # type: ignore[arg-type]  # babel's stubs type id as str only; a plural id is a tuple
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog)


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(translations, "LOCALE", tmp_path)
    monkeypatch.setattr(translations, "TEMPLATE", tmp_path / "frightmare.pot")
    monkeypatch.setattr(translations, "ROOT", tmp_path.parent)
    plural = ("{count} Victim", "{count} Victims")
    _po(
        tmp_path / "frightmare.pot",
        "en",
        [("Next phase", "", False), ("{space} burnt", "", False), (plural, ("", ""), False)],
    )
    return tmp_path


def test_a_complete_catalogue_passes(locale: Path) -> None:
    _po(
        translations.po_path("pl"),
        "pl",
        [
            ("Next phase", "Następna faza", False),
            ("{space} burnt", "{space} spłonął", False),
            (
                ("{count} Victim", "{count} Victims"),
                ("{count} ofiara", "{count} ofiary", "{count} ofiar"),
                False,
            ),
        ],
    )
    problems = translations.Problems([])
    assert translations.check_language("pl", problems) == 3
    assert problems.lines == []


def test_each_kind_of_fault_is_found(locale: Path) -> None:
    _po(
        translations.po_path("pl"),
        "pl",
        [
            ("Next phase", "Następna faza", True),
            ("{space} burnt", "{miejsce} spłonął", False),
            (("{count} Victim", "{count} Victims"), ("{count} ofiara", "{count} ofiary"), False),
        ],
    )
    problems = translations.Problems([])
    translations.check_language("pl", problems)
    text = "\n".join(problems.lines)
    assert "'Next phase' is fuzzy" in text
    assert "does not keep the placeholders ['space']" in text
    # Babel reads the missing third Polish form as an empty one.
    assert "'{count} Victim' is not translated" in text


def test_an_untranslated_string_is_found(locale: Path) -> None:
    _po(translations.po_path("de"), "de", [("Next phase", "Nächste Phase", False)])
    problems = translations.Problems([])
    translations.check_language("de", problems)
    assert sum("is not translated" in line for line in problems.lines) == 2


def test_the_committed_template_holds_what_the_sources_mark() -> None:
    problems = translations.Problems([])
    translations.check_template(problems)
    assert problems.lines == []

"""The player's language (``frightmare.i18n``): choosing it, falling back, and the rule that
strings are translated where they are used, never when a module is imported."""

from __future__ import annotations

import ast
import gettext
import io
import re
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

from frightmare import i18n
from frightmare.i18n import _, ngettext, pgettext

ROOT = Path(__file__).resolve().parents[1]
CALLS = {"_", "ngettext", "pgettext"}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _mo(entries: dict[str, str], plural: str = "nplurals=2; plural=(n != 1);") -> bytes:
    """A compiled catalogue (the GNU .mo layout) holding ``entries``, for the fallback tests."""
    entries = {"": f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural}\n", **entries}
    keys = sorted(entries)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(entries[k].encode() + b"\0" for k in keys)
    start = 7 * 4 + 16 * len(keys)
    offsets, o = [], 0
    for k in keys:
        offsets += [len(k.encode()), start + o]
        o += len(k.encode()) + 1
    s = 0
    for k in keys:
        offsets += [len(entries[k].encode()), start + len(ids) + s]
        s += len(entries[k].encode()) + 1
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return header + struct.pack(f"{len(offsets)}i", *offsets) + ids + strs


def test_english_is_the_source_text() -> None:
    i18n.set_language("en")
    assert _("Next phase") == "Next phase"
    assert ngettext("{count} Victim", "{count} Victims", 2).format(count=2) == "2 Victims"


def test_a_catalogue_translates_and_a_translation_may_reorder_its_placeholders(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    catalogue = tmp_path / "frightmare.mo"
    catalogue.write_bytes(_mo({"{space} burnt down.": "Brand: {space} ist abgebrannt."}))
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: catalogue)
    assert i18n.choose("de") == i18n.Chosen("de")
    assert _("{space} burnt down.").format(space="SW") == "Brand: SW ist abgebrannt."
    assert i18n.language() == "de"


def test_polish_counts_take_three_forms(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Polish plural rule (CLDR): 1 -> one; 2-4, 22-24... -> few; the rest -> many.
    rule = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    key = "{count} Victim\0{count} Victims"
    catalogue = tmp_path / "frightmare.mo"
    catalogue.write_bytes(_mo({key: "{count} ofiara\0{count} ofiary\0{count} ofiar"}, rule))
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: catalogue)
    i18n.set_language("pl")
    forms = {
        n: ngettext("{count} Victim", "{count} Victims", n).format(count=n)
        for n in (1, 3, 5, 22, 25)
    }
    assert forms == {1: "1 ofiara", 3: "3 ofiary", 5: "5 ofiar", 22: "22 ofiary", 25: "25 ofiar"}


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"not a catalogue at all",
        _mo({"Next phase": "Weiter"})[:40],
        b"\xde\x12\x04\x95" * 3,
        # Its last text runs past the end of the file.
        _mo({"Next phase": "Weiter"})[:-3],
        # A text that is not UTF-8, as its header says: refused whole, as gettext refuses it,
        # though start-up decodes each text only when it is first looked up.
        _mo({"Next phase": "Weiter", "Undo": "Zurück"}).replace("Zurück".encode(), b"Zur\xfcck!"),
    ],
    ids=["empty", "junk", "cut short", "bad offsets", "text past the end", "not UTF-8"],
)
def test_a_damaged_catalogue_falls_back_to_english_and_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, damage: bytes
) -> None:
    catalogue = tmp_path / "frightmare.mo"
    catalogue.write_bytes(damage)
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: catalogue)
    chosen = i18n.choose("de")
    assert chosen.code == "en" and "Deutsch" in chosen.notice and "English" in chosen.notice
    assert _("Next phase") == "Next phase"


def test_a_missing_catalogue_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: tmp_path / "nowhere.mo")
    chosen = i18n.choose("fr")
    assert chosen.code == "en" and "Français" in chosen.notice


def test_an_unknown_code_falls_back_to_english_in_one_line() -> None:
    chosen = i18n.choose("tlh")
    assert chosen.code == "en" and chosen.notice.count("\n") == 0 and "tlh" in chosen.notice


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("de_DE.UTF-8", "de"),
        ("pl-PL", "pl"),
        ("es_ES@euro", "es"),
        ("C", "en"),
        ("", "en"),
        ("pseudo", "pseudo"),
    ],
)
def test_system_codes_name_the_catalogues(code: str, expected: str) -> None:
    assert i18n.normalise(code) == expected


def _visible(text: str) -> str:
    return re.sub(r"\{[^{}]*\}|<[^<>]*>|&", "", text)


def test_the_pseudo_locale_alters_lengthens_and_keeps_placeholders() -> None:
    i18n.set_language("pseudo")
    for english in ["Next phase", "Round {round} · {phase}", "<b>{name}</b> attacks &you", "A\nB"]:
        shown = _(english)
        assert shown != english
        # 35% longer, counted without placeholders, markup and mnemonics.
        assert len(_visible(shown)) >= 1.35 * len(_visible(english))
        for kept in ("{round}", "{phase}", "{name}", "<b>", "</b>", "&", "\n"):
            assert english.count(kept) == shown.count(kept)
    assert pgettext("card", "Search") != "Search"
    assert ngettext("{count} Victim", "{count} Victims", 2).format(count=2).startswith("[2 ")


def _deferred_calls(tree: ast.AST) -> tuple[list[ast.Call], list[ast.Call]]:
    """The calls of ``_``, ``ngettext`` and ``pgettext`` run at import time, and the others."""
    now: list[ast.Call] = []
    later: list[ast.Call] = []

    def visit(node: ast.AST, deferred: bool) -> None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS:
            (later if deferred else now).append(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # Decorators, defaults and annotations run when the def runs; the body runs later.
            for part in [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]:
                if part is not None:
                    visit(part, deferred)
            for statement in node.body:
                visit(statement, True)
            return
        if isinstance(node, ast.Lambda):
            visit(node.body, True)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, deferred)

    visit(tree, False)
    return now, later


def test_no_string_is_translated_when_its_module_is_imported() -> None:
    """A string translated at import time would stay in the language of the first import:
    constants are marked ``N_`` and translated where they are shown."""
    early = []
    for path in sorted((ROOT / "frightmare").rglob("*.py")):
        now, _later = _deferred_calls(ast.parse(path.read_text("utf-8")))
        early += [f"{path.relative_to(ROOT)}:{call.lineno}" for call in now]
    assert early == []


def test_the_import_time_check_can_fail() -> None:
    source = (
        "from frightmare.i18n import _\nRULE = _('Movement')\ndef f():\n    return _('Later')\n"
    )
    now, later = _deferred_calls(ast.parse(source))
    assert [c.lineno for c in now] == [2] and [c.lineno for c in later] == [4]


def test_a_real_catalogue_reads_the_same_way_python_writes_it() -> None:
    # The helper above writes what GNUTranslations reads: keeps the fallback tests honest.
    loaded = gettext.GNUTranslations(io.BytesIO(_mo({"Next phase": "Weiter"})))
    assert loaded.gettext("Next phase") == "Weiter"


@pytest.mark.parametrize("code", ["de", "es", "fr", "pl"])
def test_each_catalogue_reads_as_gettext_reads_it(code: str) -> None:
    """Start-up's catalogue decodes each message when first looked up (issue 30): every
    message, counted form and header field of the shipped catalogue reads as
    ``gettext.GNUTranslations``, which decodes them all when it reads the file, reads it."""
    path = i18n.catalogue_path(code)
    with path.open("rb") as file:
        expected = gettext.GNUTranslations(file)
    with path.open("rb") as file:
        lazy = i18n.Catalogue(file)
    assert lazy.info() == expected.info() and lazy.charset() == expected.charset() == "utf-8"
    form = lazy.plural  # type: ignore[attr-defined]
    assert [form(n) for n in range(30)] == [expected.plural(n) for n in range(30)]  # type: ignore[attr-defined]
    messages = lazy._catalog
    wrong = {}
    for key, text in expected._catalog.items():  # type: ignore[attr-defined]
        if messages.get(key) != text:
            wrong[key] = messages.get(key)
        elif isinstance(key, tuple) and key[1] in (form(1), form(5)):
            n = 1 if key[1] == form(1) else 5
            assert lazy.ngettext(key[0], "", n) == text
        elif isinstance(key, str) and "\x04" in key:
            assert lazy.pgettext(*key.split("\x04", 1)) == text
        elif isinstance(key, str):
            assert lazy.gettext(key) == text
    assert len(expected._catalog) > 2000 and wrong == {}  # type: ignore[attr-defined]
    assert lazy.gettext("Not in any catalogue") == "Not in any catalogue"
    assert lazy.ngettext("No such {count}", "No such {count}s", 2) == "No such {count}s"


def test_a_catalogue_decodes_a_message_when_first_looked_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Reading the catalogue decodes none of its messages (about 3.5 ms before the picker's
    first paint, issue 30); the first lookup of each decodes it, once."""
    key = "{count} Victim\0{count} Victims"
    catalogue = tmp_path / "frightmare.mo"
    entries = {
        "Next phase": "Weiter",
        key: "{count} Opfer\0{count} Opfer",
        "card\x04Search": "Suche",
    }
    catalogue.write_bytes(_mo(entries))
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: catalogue)
    monkeypatch.setattr(i18n, "_read", {})
    assert i18n.choose("de") == i18n.Chosen("de")
    messages = i18n._read[next(iter(i18n._read))]._catalog
    assert isinstance(messages, i18n.Messages)
    assert messages._found == {} and messages._counted is None
    assert _("Next phase") == _("Next phase") == "Weiter"
    assert messages._found == {"Next phase": "Weiter"} and messages._counted is None
    assert ngettext("{count} Victim", "{count} Victims", 2).format(count=2) == "2 Opfer"
    assert pgettext("card", "Search") == "Suche" and _("Search") == "Search"
    assert len(messages._found) == 3

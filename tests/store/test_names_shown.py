"""A strange file name in the data folder is shown, never obeyed: a line break or a terminal's
escape in it cannot break a message or colour the terminal, and a byte the system's encoding
cannot read is shown as its value (issue 21: a strange file in the data folder gets a clear
message)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from frightmare.store import SessionStore
from frightmare.store.paths import shown


def test_plain_names_are_shown_as_they_are() -> None:
    assert shown("Nancy vs Dr. Fright.json") == "Nancy vs Dr. Fright.json"
    assert shown(Path("/tmp/café/x.json")) == "/tmp/café/x.json"


def test_what_does_not_print_is_shown_as_its_escape() -> None:
    assert shown("evil\nname\x1b[31m.json") == "evil\\nname\\x1b[31m.json"
    assert shown("zero\u200bwidth") == "zero\\u200bwidth"
    assert shown(os.fsdecode(b"caf\xe9.json")) == "caf\\xe9.json"


@pytest.mark.skipif(os.name != "posix", reason="file names of any bytes: POSIX")
def test_a_damaged_file_with_a_strange_name_is_reported_on_one_clean_line(
    tmp_path: Path,
) -> None:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    (sessions / "evil\nname\x1b[31m.json").write_text("{cut short")
    (sessions / os.fsdecode(b"caf\xe9.json")).write_text("garbage")
    store = SessionStore(tmp_path)
    said = store.scan().problems
    assert len(said) == 2
    for line in said:
        assert "\n" not in line and "\x1b" not in line and line.isprintable()
    assert any("evil\\nname\\x1b[31m.json" in line for line in said)
    assert any("caf\\xe9.json" in line for line in said)
    # Nothing is lost: both files are set aside, under their own names.
    assert sorted(p.name.split(".json")[0] for p in (tmp_path / "quarantine").iterdir()) == [
        os.fsdecode(b"caf\xe9"),
        "evil\nname\x1b[31m",
    ]

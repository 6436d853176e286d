"""Issue 30: the player's corrected names, ``<data>/names-<code>.json``, win over the packaged
ones entry by entry; a bad file is said once in the player's words, naming the file, and left
alone, the packaged names used."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from frightmare import i18n
from frightmare.model.box import names
from frightmare.store import names_file
from frightmare.store.names_file import MAX_NAMES_BYTES, names_path, read_corrections


@pytest.fixture(autouse=True)
def _clean_names() -> Iterator[None]:
    yield
    names._in_use.clear()
    i18n.set_language("en")


def test_no_file_is_no_correction_and_no_message(tmp_path: Path) -> None:
    found = read_corrections(tmp_path, "de")
    assert found.table is None
    assert found.problem == ""
    assert names_file.use_corrections(tmp_path, "de") == ""


def test_a_correction_wins_over_the_packaged_name(tmp_path: Path) -> None:
    names_path(tmp_path, "de").write_text(
        json.dumps({"killer": {"Dr. Fright": {"name": "Doktor Schreck"}}}), "utf-8"
    )
    assert names_file.use_corrections(tmp_path, "de") == ""
    i18n.set_language("de")
    assert names.shown("killer", "Dr. Fright") == "Doktor Schreck"
    name = names.names().get("killer", "Dr. Fright")
    assert name is not None and name.confidence == "YOURS"
    i18n.set_language("en")
    assert names.shown("killer", "Dr. Fright") == "Dr. Fright"


def test_a_plain_text_entry_and_a_byte_order_mark_are_accepted(tmp_path: Path) -> None:
    names_path(tmp_path, "pl").write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"card": {"Knife": "N\u00f3\u017c"}}).encode()
    )
    found = read_corrections(tmp_path, "pl")
    assert found.table is not None
    assert found.table.shown("card", "Knife") == "N\u00f3\u017c"


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"{not json", "not JSON"),
        (b"[1, 2]", "one table"),
        (b'{"weapon": {}}', "not a kind of name"),
        (b'{"killer": {"Dr. Fright": {"name": ""}}}', "Dr. Fright"),
        (b"\xff\xfe\x00bad", "UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, ""),
    ],
)
def test_a_bad_file_is_said_once_naming_the_file_and_left_alone(
    tmp_path: Path, content: bytes, said: str
) -> None:
    path = names_path(tmp_path, "fr")
    path.write_bytes(content)
    problem = names_file.use_corrections(tmp_path, "fr")
    assert str(path) in problem
    assert said in problem
    assert "left as it is" in problem
    assert path.read_bytes() == content  # never moved nor rewritten
    i18n.set_language("fr")
    assert names.names() == names.packaged_names("fr")


def test_a_file_beyond_the_cap_is_not_read(tmp_path: Path) -> None:
    path = names_path(tmp_path, "es")
    path.write_bytes(b" " * (MAX_NAMES_BYTES + 1))
    problem = read_corrections(tmp_path, "es").problem
    assert str(path) in problem and "larger than" in problem


def test_a_folder_or_a_pipe_of_that_name_is_not_read(tmp_path: Path) -> None:
    names_path(tmp_path, "de").mkdir()
    assert "not a plain file" in read_corrections(tmp_path, "de").problem
    if hasattr(os, "mkfifo"):
        os.mkfifo(names_path(tmp_path, "pl"))
        assert "not a plain file" in read_corrections(tmp_path, "pl").problem

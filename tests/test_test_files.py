"""The tests are named for what they test (issue 23 item 6), and share helpers through a
folder's ``conftest.py`` or helpers module, never by importing another test file."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parent

# Words that name when or by whom a test was found, not what it tests.
HISTORY = re.compile(r"walkthrough|rewalk|review|findings|audit|newcomer|x11|[a-z]+\d+_")


def all_test_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def imported_test_modules(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("test_"):
            names.append(node.module)
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names if a.name.startswith("test_")]
    return names


def test_no_test_file_is_named_for_its_history() -> None:
    named = [p.name for p in all_test_files() if HISTORY.search(p.stem)]
    assert named == [], f"name these for their subject: {named}"


def test_no_test_file_imports_another() -> None:
    imports = {str(p.relative_to(TESTS)): imported_test_modules(p) for p in all_test_files()}
    assert {p: m for p, m in imports.items() if m} == {}


def test_the_guards_can_fail(tmp_path: Path) -> None:
    """Each guard sees what it is there to catch."""
    sample = tmp_path / "test_walkthrough9.py"
    sample.write_text("from test_layout import settle\nimport test_wheel\n", encoding="utf-8")
    assert HISTORY.search(sample.stem)
    assert imported_test_modules(sample) == ["test_layout", "test_wheel"]
    assert not HISTORY.search("test_convince_lines")

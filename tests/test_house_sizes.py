"""The house stays by subject (issue 29): no module over 600 lines, no class over 500, no folder
of ``frightmare`` with more than 15 modules directly in it, and no function over 80 lines
unless its docstring says why it is long ("long on purpose")."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "frightmare"
MAX_MODULE, MAX_CLASS, MAX_FUNCTION, MAX_FOLDER = 600, 500, 80, 15
REASON = "long on purpose"


def modules(root: Path = PACKAGE) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def oversized(root: Path = PACKAGE) -> list[str]:
    """Every breach of the limits under ``root``, one line each."""
    found: list[str] = []
    for path in modules(root):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(root.parent)
        lines = len(text.splitlines())
        if lines > MAX_MODULE:
            found.append(f"{where}: {lines} lines (at most {MAX_MODULE})")
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if isinstance(node, ast.ClassDef):
                if length > MAX_CLASS:
                    found.append(f"{where}: class {node.name} {length} lines (at most {MAX_CLASS})")
            elif length > MAX_FUNCTION and REASON not in (ast.get_docstring(node) or ""):
                found.append(
                    f"{where}: {node.name}() {length} lines (at most {MAX_FUNCTION}, or say "
                    f"why in its docstring: “{REASON}”)"
                )
    folders = Counter(p.parent for p in modules(root) if p.name != "__init__.py")
    for folder, count in sorted(folders.items()):
        if count > MAX_FOLDER:
            found.append(
                f"{folder.relative_to(root.parent)}/: {count} modules (at most {MAX_FOLDER})"
            )
    return found


def test_no_module_class_function_or_folder_outgrows_the_house() -> None:
    assert oversized() == []


def test_the_guard_sees_each_breach(tmp_path: Path) -> None:
    """Each limit is seen when it is passed, and a long function with its reason is allowed."""
    root = tmp_path / "frightmare"
    root.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION))
    (root / "long.py").write_text(
        f"def run() -> None:\n{body}\n\n\ndef sheet() -> None:\n"
        f'    """A template, {REASON}."""\n{body}\n',
        encoding="utf-8",
    )
    (root / "big.py").write_text("x = 1\n" * (MAX_MODULE + 1), encoding="utf-8")
    klass = "\n".join(f"    y{i} = {i}" for i in range(MAX_CLASS))
    (root / "klass.py").write_text(f"class Big:\n{klass}\n", encoding="utf-8")
    crowd = root / "crowd"
    crowd.mkdir()
    for i in range(MAX_FOLDER + 1):
        (crowd / f"m{i}.py").write_text("", encoding="utf-8")
    found = "\n".join(oversized(root))
    assert "long.py: run()" in found and "sheet()" not in found
    assert "big.py:" in found and "class Big" in found and "crowd/:" in found

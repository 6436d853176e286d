"""The model and the store never load Qt (DESIGN.md: "the model never knows it is drawn")."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize("package", ["frightmare.model", "frightmare.store"])
def test_importing_loads_no_pyside6(package: str) -> None:
    code = (
        f"import sys, {package}\n"
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6')))\n"
        "print(','.join(qt))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"{package} loaded {out}"

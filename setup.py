"""Build hook: the translations' catalogues go into every build compiled from their ``.po``
sources (``resources/locale``), since the compiled ``.mo`` files are built, never committed.

Everything else about the package is in ``pyproject.toml``.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    """``build_py``, then each ``.po`` compiled to its ``.mo`` beside it in the build (in the
    source tree for an editable install, which reads the package data from there)."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        sources = Path(__file__).resolve().parent / "resources"
        editable = getattr(self, "editable_mode", False)
        target = sources if editable else Path(self.build_lib) / "frightmare" / "resources"
        for po in sorted(sources.glob("locale/*/LC_MESSAGES/frightmare.po")):
            mo = target / po.relative_to(sources).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source, mo.open("wb") as out:
                write_mo(out, read_po(source, locale=po.parts[-3]), use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogues})

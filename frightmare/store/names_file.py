"""The player's corrected names: ``<data>/names-<code>.json`` beside the sessions.

A player whose cards print a name otherwise than the packaged table copies
``names-<code>.json`` into the data folder and corrects it; its entries win, one by one
(``names.use_corrections``). A bad file never stops the app: the packaged names are used, the
file is left as it is, and one message in the player's words names the file and its problem.
"""

from __future__ import annotations

from pathlib import Path

from frightmare.i18n import _
from frightmare.model.box import names
from frightmare.model.box.names import NamesFileError, NameTable
from frightmare.model.values import frozen
from frightmare.store.safe_io import NotARegularFile, TooLarge, read_capped

# About 2,000 names of 120 characters, with their sources and notes, fit well under this.
MAX_NAMES_BYTES = 1024 * 1024


def names_path(root: Path, code: str) -> Path:
    """Where the player's corrections for ``code`` are kept."""
    return root / f"names-{code}.json"


@frozen(slots=False)
class Corrections:
    """The player's table for a language (``None``: no file, or a bad one), and what is wrong
    with the file, in the player's words (empty when nothing is)."""

    table: NameTable | None = None
    problem: str = ""


def read_corrections(root: Path, code: str) -> Corrections:
    """The player's corrected names for ``code`` from the data folder ``root``."""
    path = names_path(root, code)
    try:
        raw = read_capped(path, MAX_NAMES_BYTES)
    except FileNotFoundError:
        return Corrections()
    except NotARegularFile:
        why = _("it is not a plain file")
    except TooLarge:
        why = _("it is larger than {size} KB").format(size=MAX_NAMES_BYTES // 1024)
    except OSError as error:
        why = _("it cannot be read ({reason})").format(reason=error.strerror or error)
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            why = _("it is not UTF-8 text")
        else:
            try:
                return Corrections(names.load_names(text, code=code, yours=True))
            except (NamesFileError, RecursionError) as error:
                why = (
                    str(error) if isinstance(error, NamesFileError) else _("it is nested too deep")
                )
    # Translators: {path} is the player's names file, {problem} what is wrong with it.
    message = _(
        "Your corrected names in {path} are not used: {problem}. The app's own names are "
        "shown; the file is left as it is."
    )
    return Corrections(problem=message.format(path=path, problem=why.rstrip(".")))


def use_corrections(root: Path, code: str) -> str:
    """Make the player's corrections for ``code`` win, if there is a good file; what is wrong
    with the file otherwise (empty when nothing is)."""
    found = read_corrections(root, code)
    if found.table is not None:
        names.use_corrections(found.table)
    return found.problem

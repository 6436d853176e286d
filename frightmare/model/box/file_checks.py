"""What the data files' dataclasses check when they are made (the board, the cards): the
lengths and ranges pydantic's field constraints checked before, so an entry made in code is
held to them too; the types are checked where a file is read (pydantic, ``TypeAdapter``).
And how pydantic's finding is told to the player."""

from __future__ import annotations

from collections.abc import Mapping

from frightmare.i18n import _

# Unknown keys in a file are a mistake (a misspelt field), as in every file the app reads.
FORBID_EXTRA: dict[str, str] = {"extra": "forbid"}


def check_length(field: str, value: str, least: int, most: int) -> None:
    if not least <= len(value) <= most:
        raise ValueError(
            # Translators: {field} is the data file's field, as the file spells it ("name").
            _("its {field} must be {least} to {most} characters long, not {length}").format(
                field=field, least=least, most=most, length=len(value)
            )
        )


def check_range(field: str, value: int | None, least: int, most: int) -> None:
    if value is not None and not least <= value <= most:
        raise ValueError(
            # Translators: {field} is the data file's field, as the file spells it ("amount").
            _("its {field} must be from {least} to {most}, not {value}").format(
                field=field, least=least, most=most, value=value
            )
        )


def checked_problem(problem: Mapping[str, object]) -> str:
    """What pydantic found wrong in a data file's entry, in the player's words (one of its
    ``errors()``): a key the entry does not have is named as such."""
    if problem.get("type") == "unexpected_keyword_argument":
        return _("the entry has no such field (a misspelling?)")
    return str(problem.get("msg", "")).removeprefix("Value error, ")

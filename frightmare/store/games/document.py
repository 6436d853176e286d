"""The session file: its schema, its validation and its migration ladder.

``SessionHeader`` checks everything but the actions of the journal, which is what listing
sessions needs; ``full_document.SessionDocument`` validates the actions too, for opening one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, Any, Final, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from frightmare.model.game.setup import GameSetup
from frightmare.store.errors import (
    MAX_FILE_BYTES,
    MAX_JOURNAL_LENGTH,
    BrokenSessionFile,
    NewerSessionFile,
    SessionFileError,
)
from frightmare.store.paths import _

# The header's two tags, typed as their literal values: ``SessionHeader`` accepts these and
# only these, and the type checker sees a header built with anything else.
Format = Literal["frightmare-session"]
SchemaVersion = Literal[6]
FORMAT: Final[Format] = "frightmare-session"
SCHEMA_VERSION: Final[SchemaVersion] = 6

JsonDict = dict[str, Any]

__all__ = [
    "FORMAT",
    "MAX_FILE_BYTES",
    "MAX_JOURNAL_LENGTH",
    "SCHEMA_VERSION",
    "BrokenSessionFile",
    "NewerSessionFile",
    "SessionFileError",
    "SessionHeader",
    "migrate",
    "parse_header",
]


def _utc_if_naive(moment: datetime) -> datetime:
    """A date written without a time zone (by hand, or by another program) is read as UTC, so
    every date the listing sorts can be compared with every other."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


Moment = Annotated[datetime, AfterValidator(_utc_if_naive)]


class SessionHeader(BaseModel):
    """A saved session as on disk (current schema), its journal's actions not yet checked."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Format
    schema_version: SchemaVersion
    app_version: str = Field(max_length=40)
    id: str = Field(pattern=r"^[0-9a-f]{32}$")
    name: str = Field(max_length=200)
    start_name: str = Field(max_length=200)
    created: Moment
    updated: Moment
    setup: GameSetup
    seed: int = Field(ge=0, lt=2**63)
    cursor: int = Field(ge=0)
    # What the saved-games list shows without replaying the journal (the state at the cursor).
    round: int = Field(default=1, ge=1, le=1_000_000)
    # The model's ``state.Result``, spelt out: listing games does not load the rules (a test
    # checks the two agree).
    result: Literal["win", "loss"] | None = None
    journal: list[Any] = Field(max_length=MAX_JOURNAL_LENGTH)

    @model_validator(mode="after")
    def _cursor_in_journal(self) -> SessionHeader:
        if self.cursor > len(self.journal):
            raise ValueError(
                _("the cursor ({cursor}) is past the end of the journal ({journal})").format(
                    cursor=self.cursor, journal=len(self.journal)
                )
            )
        return self


def _v1_to_v2(raw: JsonDict) -> JsonDict:
    """Version 2 added Dr. Fright's actions and the choice of Boiler Room deck (on screen)."""
    setup = raw.get("setup")
    if isinstance(setup, dict):
        raw["setup"] = {**setup, "boiler_deck": setup.get("boiler_deck", "screen")}
    return raw


def _v2_to_v3(raw: JsonDict) -> JsonDict:
    """Version 3 added Maple Lane's board actions; a version-2 journal is valid as it is."""
    return raw


def _v3_to_v4(raw: JsonDict) -> JsonDict:
    """Version 4 added the round tracker's actions; a version-3 journal is valid as it is."""
    return raw


def _v4_to_v5(raw: JsonDict) -> JsonDict:
    """Version 5 plays the rulebook's rules and each half of the box on its own.

    A game against another Killer or on another Location loses the choices that do not apply,
    and its steps of the absent half become notes (``halves.upgrade_setup_v4``); then the
    journal is put in today's words, so it replays to the same table (``upgrade.py``: the old
    Convince fail lines, Final Health, the unsourced rules switched on for old games).
    """
    # Imported here: only an old file needs the rules, and listing games must stay light.
    from frightmare.model.halves import upgrade_setup_v4
    from frightmare.model.upgrade import upgrade_cursor_v4, upgrade_journal_v4

    raw = upgrade_setup_v4(raw)
    journal = raw.get("journal")
    cursor = raw.get("cursor")
    if isinstance(journal, list):
        if isinstance(cursor, int) and not isinstance(cursor, bool) and 0 <= cursor <= len(journal):
            raw["cursor"] = upgrade_cursor_v4(journal, cursor)
        raw["journal"] = upgrade_journal_v4(journal)
    return raw


def _v5_to_v6(raw: JsonDict) -> JsonDict:
    """Version 6's setup may hold what setup asks now: Extreme Horror, her Health for a Final
    Girl the box values do not know, Maple Lane's face-up Items. An older game had none of
    them, which their defaults say: nothing to change, but an older app must not read it."""
    return raw


# The ladder: MIGRATIONS[n] turns a version-n document (a plain dict) into version n + 1.
# Bump SCHEMA_VERSION whenever a file could hold something an older app would not read (a new
# action kind, a new field), so that the older app refuses it as "newer" instead of "broken".
MIGRATIONS: dict[int, Callable[[JsonDict], JsonDict]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
    5: _v5_to_v6,
}


def migrate(
    raw: JsonDict,
    ladder: dict[int, Callable[[JsonDict], JsonDict]] | None = None,
    target: int = SCHEMA_VERSION,
) -> JsonDict:
    """Bring a document of any past schema version up to ``target``, one step at a time."""
    steps = MIGRATIONS if ladder is None else ladder
    version = raw.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BrokenSessionFile(_("it has no valid schema version"))
    if version > target:
        raise NewerSessionFile(
            _(
                "it was saved by a newer version of Frightmare Companion (file format "
                "{version}; this app reads up to {target}). Update the app to open it; the "
                "file has been left as it is."
            ).format(version=version, target=target)
        )
    while version < target:
        step = steps.get(version)
        if step is None:
            raise BrokenSessionFile(
                _("no way is known to update file format {version}").format(version=version)
            )
        try:
            raw = step(dict(raw))
        except SessionFileError:
            raise
        except RecursionError:
            raise BrokenSessionFile(_not_updated(version, "it is nested too deeply")) from None
        except Exception:
            # A step of another shape than the old format wrote (a list where a word was):
            # the old file's own data, so the file is set aside like any damaged one.
            raise BrokenSessionFile(
                _not_updated(version, "it holds steps that format never wrote")
            ) from None
        version += 1
        raw["schema_version"] = version
    return raw


def _not_updated(version: int, why: str) -> str:
    return _(
        "it is an old saved game (file format {version}) that could not be brought up to "
        "date: {why}"
    ).format(version=version, why=why)


def _first_problem(error: ValidationError) -> str:
    problem = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in problem["loc"]) or "the top level"
    return f"{where}: {problem['msg']}"


NOT_TEXT = (
    "it is not a text file the app can read (it holds bytes no saved game has: it may be "
    "damaged, or another kind of file)"
)


def not_json(error: json.JSONDecodeError) -> str:
    """A JSON mistake in the player's words: where the file stops making sense."""
    if not error.doc.strip():
        return _("it is empty (nothing was ever written in it, or it was emptied)")
    return _(
        "it is not readable JSON (it breaks off or goes wrong at line {lineno}, column "
        "{colno}: cut short, or edited by hand?)"
    ).format(lineno=error.lineno, colno=error.colno)


def load_raw(data: bytes) -> JsonDict:
    """The file's bytes as a migrated dict; raises ``SessionFileError``."""
    if len(data) > MAX_FILE_BYTES:
        raise BrokenSessionFile(
            _("it is {megabytes:.1f} MB, larger than any real session ({most} MiB at most)").format(
                megabytes=len(data) / 1e6, most=MAX_FILE_BYTES // 2**20
            )
        )
    try:
        raw = json.loads(data)
    except RecursionError:
        raise BrokenSessionFile(_("it is nested too deeply to be a session file")) from None
    except UnicodeDecodeError:
        raise BrokenSessionFile(NOT_TEXT) from None
    except json.JSONDecodeError as error:
        raise BrokenSessionFile(not_json(error)) from None
    except ValueError:
        raise BrokenSessionFile(_("it is not readable JSON")) from None
    if not isinstance(raw, dict):
        raise BrokenSessionFile(_("it is not a session file (no session record at the top)"))
    if raw.get("format") != FORMAT:
        raise BrokenSessionFile(_("it is not a Frightmare Companion session file"))
    return migrate(raw)


ModelT = TypeVar("ModelT", bound=BaseModel)


def validate(model: type[ModelT], raw: JsonDict) -> ModelT:
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise BrokenSessionFile(
            _("a value is wrong ({reason})").format(reason=_first_problem(error))
        ) from None
    except RecursionError:
        raise BrokenSessionFile(_("it is nested too deeply to be a session file")) from None


def parse_header(data: bytes) -> SessionHeader:
    """Validate and migrate a session file, all but its journal's actions."""
    return validate(SessionHeader, load_raw(data))

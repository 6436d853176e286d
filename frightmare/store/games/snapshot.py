"""The game in progress as it stands, kept beside its file so that launching into it paints
before the journal is validated and replayed.

A game's file holds its journal; reopening it replays every step (a 2,000-step game: about
35 ms, after validating each step). The snapshot is the state at the cursor, written beside the
file (``sessions/.<id>.state.json``, hidden from the listing) when the game is put down, with
what it was made from: the game file's length and CRC-32, the journal's length and cursor,
the app's version and the player's corrected board and cards files. It is a cache and nothing
more: opening reads the game file as always, and the snapshot is used only when every one of
those still matches; a stale, damaged or foreign one is ignored (and replaced at the next
close). The journal is still validated and replayed, right after the first paint (or as soon
as anything asks for the history); if the state it gives differs, the journal wins and the
window draws it.

Read with the standard ``json`` module into the model's dataclasses (``decode_state``): no
pydantic schema is built and no rule runs for it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import types
import typing
import zlib
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from frightmare import __version__
from frightmare.model.game.setup import GameSetup
from frightmare.model.game.state import GameState
from frightmare.model.game.table import Counts
from frightmare.model.values import field_hints, frozen
from frightmare.store.atomic import atomic_write
from frightmare.store.errors import MAX_FILE_BYTES
from frightmare.store.paths import BOARD_FILE, CARDS_FILE
from frightmare.store.safe_io import Stamp, file_stamp, read_capped, read_capped_stat

if TYPE_CHECKING:
    from frightmare.model import History
    from frightmare.model.box.board import Board
    from frightmare.model.box.card_data import CardBook

FORMAT = "frightmare-state-cache"
VERSION = 2  # 2: the file told by its length and CRC-32 (1: SHA-256)
MAX_SNAPSHOT_BYTES = 4 * 1024 * 1024
SUFFIX = ".state.json"


class SnapshotError(ValueError):
    """The snapshot is not one this app wrote for this very file: it is ignored."""


def snapshot_path(game: Path) -> Path:
    """Where the snapshot of the game file ``game`` is kept (a hidden name: never listed)."""
    stem = game.name[: -len(".json")] if game.name.endswith(".json") else game.name
    return game.with_name(f".{stem}{SUFFIX}")


def digest(data: bytes) -> str:
    """What tells the file the snapshot was made from: its length and CRC-32. A check of a
    cache, not of an attacker (the journal is replayed right after the first paint, and wins):
    zlib is loaded anyway, where hashlib's OpenSSL would add about 3 ms to the launch."""
    return f"{len(data)}:{zlib.crc32(data):08x}"


def data_files(root: Path) -> str:
    """What the replay reads besides the file: the player's corrected board and cards (their
    digests), so a snapshot made with other data is not used."""
    parts = []
    for name in (BOARD_FILE, CARDS_FILE):
        path = root / name
        if not os.path.lexists(path):
            parts.append(f"{name}:packaged")
            continue
        try:
            parts.append(f"{name}:{digest(read_capped(path, MAX_SNAPSHOT_BYTES))}")
        except (OSError, ValueError):
            parts.append(f"{name}:unreadable")
    return ";".join(parts)


# Encoding -------------------------------------------------------------------------------


def encode_state(state: GameState) -> Any:
    """The state as JSON values: each dataclass a dict of its fields (but the board and the
    cards, which are the store's), the setup as its own schema dumps it."""
    return _encode(state)


def _encode(value: object) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, GameSetup):
        return value.as_json()
    if isinstance(value, Counts):
        return dict(value.items())
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((_encode(v) for v in value), key=json.dumps)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in _kept_fields(type(value))}
    raise TypeError(f"a snapshot cannot hold {type(value).__name__}")


# Decoding -------------------------------------------------------------------------------


def decode_state(raw: object, *, board: Board, cards: CardBook) -> GameState:
    """The ``GameState`` that ``encode_state`` wrote, every value checked against the model's
    type hints (a Literal's values, tuples' lengths, ints that are not bools); ``board`` and
    ``cards`` are the store's. Raises ``SnapshotError``."""

    try:
        state: GameState = _decode(GameState, raw, "state")
        return dataclasses.replace(state, board=board, cards=cards)
    except (TypeError, ValueError, KeyError, RecursionError) as error:
        raise SnapshotError(str(error)) from None


def _kept_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    # The board and the cards are not the game's (compare=False): the store gives them.
    return tuple(f for f in dataclasses.fields(cls) if f.compare)


def _decode(tp: Any, raw: object, where: str) -> Any:
    supertype = getattr(tp, "__supertype__", None)  # a NewType (TypedName)
    if supertype is not None:
        return _decode(supertype, raw, where)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is type(None):
        if raw is not None:
            raise ValueError(f"{where}: not null")
        return None
    if tp is bool:
        if type(raw) is not bool:
            raise ValueError(f"{where}: not true or false")
        return raw
    if tp is int:
        if type(raw) is not int:
            raise ValueError(f"{where}: not a whole number")
        return raw
    if tp is str:
        if type(raw) is not str:
            raise ValueError(f"{where}: not text")
        return raw
    if origin is typing.Literal:
        if not any(type(raw) is type(a) and raw == a for a in args):
            raise ValueError(f"{where}: {raw!r} is not one of {args}")
        return raw
    if origin is typing.Union or origin is types.UnionType:
        for option in args:
            try:
                return _decode(option, raw, where)
            except ValueError:
                continue
        raise ValueError(f"{where}: {raw!r} fits none of {args}")
    if origin is tuple or origin is frozenset:
        if not isinstance(raw, list):
            raise ValueError(f"{where}: not a list")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(raw) != len(args):
                raise ValueError(f"{where}: {len(raw)} values, not {len(args)}")
            return tuple(
                _decode(a, v, f"{where}[{n}]")
                for n, (a, v) in enumerate(zip(args, raw, strict=True))
            )
        items = [_decode(args[0], v, f"{where}[{n}]") for n, v in enumerate(raw)]
        return tuple(items) if origin is tuple else frozenset(items)
    if tp is Counts:
        if not isinstance(raw, dict) or not all(
            type(k) is str and type(v) is int and v > 0 for k, v in raw.items()
        ):
            raise ValueError(f"{where}: not a count per space")
        return Counts(raw)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(raw, dict):
            raise ValueError(f"{where}: not a record")
        fields = _kept_fields(tp)
        if set(raw) != {f.name for f in fields}:
            raise ValueError(f"{where}: other fields than {tp.__name__}'s")
        hints = field_hints(tp)  # kept per class; the state's records hold no ``Annotated``
        return tp(
            **{f.name: _decode(hints[f.name], raw[f.name], f"{where}.{f.name}") for f in fields}
        )
    raise TypeError(f"{where}: a snapshot cannot hold {tp!r}")


# On disk --------------------------------------------------------------------------------


def write_snapshot(
    path: Path,
    root: Path,
    *,
    saved: Stamp | None,
    history: History,
    inner_id: str,
    created: datetime,
    updated: datetime,
) -> bool:
    """Keep the snapshot of the game file ``path`` (of the data folder ``root``) beside it, if
    the file on disk is exactly what was saved (its stamp is ``saved``): the state at the
    ``history``'s cursor, with what it was made from. A failure only means a slower next start."""
    try:
        data = read_capped(path, MAX_SNAPSHOT_BYTES * 16)
        if saved is None or file_stamp(path) != saved:
            return False
        text = json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "app": __version__,
                "game": digest(data),
                "data": data_files(root),
                "journal": len(history),
                "cursor": history.cursor,
                "id": inner_id,
                "created": created.isoformat(),
                "updated": updated.isoformat(),
                "state": encode_state(history.state),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )
        atomic_write(snapshot_path(path), text.encode())
    except (OSError, ValueError, TypeError):
        return False
    return True


def forget(game: Path) -> None:
    """The snapshot of a game that is gone (deleted) is litter: removed."""
    with contextlib.suppress(OSError):
        os.unlink(snapshot_path(game))


def _agrees(game: dict[str, Any], raw: dict[str, Any], journal: int, cursor: int) -> bool:
    """Whether the game file's own record of the game (its header: the journal's length and
    cursor, the round, the result) says what the snapshot says. The game screen is ready for
    play on the snapshot's state, its journal replayed right after: a snapshot that contradicts
    its file is not used at all (a result the journal never reached must never be shown, nor
    reach the play log)."""
    state = raw.get("state")
    steps = game.get("journal")
    if not isinstance(state, dict) or not isinstance(steps, list):
        return False
    shown_round = state.get("ended_round") or state.get("round")
    return (
        len(steps) == journal
        and game.get("cursor") == cursor
        and game.get("result") == state.get("result")
        and game.get("round") == shown_round
    )


@frozen
class Snapshot:
    """A game as its snapshot has it, checked against its file: the state at the cursor, the
    journal's length and cursor, the file's record of the game, and the file's very bytes
    (and their stamp) the snapshot was checked against."""

    state: GameState
    journal: int
    cursor: int
    inner_id: str
    created: datetime
    updated: datetime
    data: bytes
    stamp: Stamp


def read_snapshot(path: Path, root: Path, *, board: Board, cards: CardBook) -> Snapshot | None:
    """The snapshot of the game file ``path`` (of the data folder ``root``), its state given
    ``board`` and ``cards``; ``None`` when there is none that matches the file exactly (the
    caller then opens it as always)."""
    cache = snapshot_path(path)
    if not os.path.lexists(cache):
        return None
    try:
        raw = json.loads(read_capped(cache, MAX_SNAPSHOT_BYTES))
        if not (
            isinstance(raw, dict)
            and raw.get("format") == FORMAT
            and raw.get("version") == VERSION
            and raw.get("app") == __version__
        ):
            return None
        data, info = read_capped_stat(path, MAX_FILE_BYTES)
        if raw.get("game") != digest(data) or raw.get("data") != data_files(root):
            return None
        journal, cursor = raw["journal"], raw["cursor"]
        if not (type(journal) is int and type(cursor) is int and 0 <= cursor <= journal):
            return None
        game = json.loads(data)
        if not isinstance(game, dict) or not _agrees(game, raw, journal, cursor):
            return None
        inner_id, created, updated = raw["id"], raw["created"], raw["updated"]
        if not (
            isinstance(inner_id, str) and isinstance(created, str) and isinstance(updated, str)
        ):
            return None
        return Snapshot(
            decode_state(raw["state"], board=board, cards=cards),
            journal,
            cursor,
            inner_id,
            datetime.fromisoformat(created),
            datetime.fromisoformat(updated),
            data,
            (info.st_ino, info.st_size, info.st_mtime_ns),
        )
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None

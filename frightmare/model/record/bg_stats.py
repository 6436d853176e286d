"""A finished game as a BG Stats play, in the format BG Stats publishes for other apps to push
plays to it (it can post them on to BoardGameGeek).

Source: "Push plays to BG Stats from other apps or websites", BG Stats support site,
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ : a
link ``https://app.bgstatsapp.com/createPlay.html?data=<data>`` (``bgstats://`` works as well)
where ``<data>`` is URL-encoded JSON with ``board``, ``durationMin``, ``comments``, ``game``
(``bggId``, ``highestWins``, ``name``, ``noPoints``, ``sourceGameId``), ``location``,
``playDate`` ("2020-10-23 19:16:58"), ``players`` (``startPlayer``, ``name``, ``rank``,
``role``, ``score``, ``sourcePlayerId``, ``winner``), ``sourceName`` and ``sourcePlayId``.
The format lives here, once.

``playDate`` is sent in UTC. The format page gives only the pattern, with no zone; BG Stats
reads the value as UTC and shows it on the phone's clock (a game sent on the player's local
clock landed an hour or more off in Europe), and the peers that push plays to it say so and
convert first: Spielwirbel ("BG Stats' required playDate format, in UTC", its finish time) and
the Rulebook Rebels Discord bot ("BG Stats requires playDate as UTC"). We send the game's
start, with ``durationMin`` beside it (the end is the start plus the duration); a game that
knows only its day is sent as noon that day on the player's clock, so it stays on that day in
any zone. A start written without its offset is read on ``zone``, the model's clock input
(the system's local zone when none is given).

Final Girl is BoardGameGeek item 277659. Players record the film in the player's role, as
tags: ``FG:`` the Final Girl, ``V:`` the Killer (the villain), ``L:`` the Location; the names
are the community form's spellings where the catalogue knows them. The tags are joined with
"/": the one tracker known to read them (programmatix/game-tracker, which reads Final Girl's
plays from BoardGameGeek, where BG Stats posts the role as the player's colour) splits the
field into segments at "/" or "|" and each segment at its first colon, so a separator inside
a name is sent as a space.

The link is also shown as a QR code for the phone, so it is kept short: the comments are cut
(at a word, with "…") so that the whole link, either scheme, holds at most ``LINK_MAX``
characters (a QR code of version 29 or less at the lowest error correction). The data is
percent-encoded as JavaScript's ``encodeURIComponent`` does, as the peers send it.

>>> from frightmare.model.record.log_entry import LogEntry
>>> entry = LogEntry.from_row({"session": "abc", "date": "2026-11-01",
...     "final_girl": "Nancy", "killer": "Dr. Fright", "location": "Camp Happy Trails",
...     "result": "win", "started": "2026-11-01T19:00:00+01:00",
...     "ended": "2026-11-01T19:47:30+01:00"})
>>> play = bg_stats_play(entry)
>>> play["players"][0]["role"], play["durationMin"], play["playDate"]
('FG:Nancy/V:Dr. Fright/L:Camp Happy Trail', 48, '2026-11-01 18:00:00')
"""

from __future__ import annotations

import json
import math
import re
from datetime import UTC, date, datetime, time, tzinfo
from typing import TypedDict
from urllib.parse import quote

from frightmare.i18n import _
from frightmare.model.box.names import shown
from frightmare.model.record.collection import Catalogue, catalogue
from frightmare.model.record.log_entry import LogEntry

FINAL_GIRL_BGG_ID = 277659
GAME_NAME = "Final Girl"
SOURCE_NAME = "Frightmare Companion"
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
APP_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
PLAYER_NAME = "Me"  # BG Stats asks once which of the player's names this is, and remembers
PLAYER_ID = "frightmare-player"
ROLE_SEPARATOR = "/"  # between the tags, as the tracker splits them (it splits at "|" too)
_SEPARATORS = re.compile(r"\s*[/|／]+\s*")
LINK_MAX = 1500  # characters: the link as a QR code of version 29 or less (error level L)
ELLIPSIS = "…"
_SAFE = "-_.!~*'()"  # what encodeURIComponent leaves as it is (with letters and digits)


class BgStatsGame(TypedDict):
    bggId: int
    highestWins: bool
    name: str
    noPoints: bool
    sourceGameId: str


class BgStatsPlayer(TypedDict):
    startPlayer: bool
    name: str
    rank: int
    role: str
    score: int
    sourcePlayerId: str
    winner: bool


class BgStatsPlay(TypedDict):
    board: str
    durationMin: int
    comments: str
    game: BgStatsGame
    location: str
    playDate: str
    players: list[BgStatsPlayer]
    sourceName: str
    sourcePlayId: str


def role_tags(entry: LogEntry, book: Catalogue | None = None) -> str:
    """The film as players tag it: ``FG:`` Final Girl, ``V:`` Killer, ``L:`` Location."""
    book = book or catalogue()
    killer = book.killer(entry.killer)
    location = book.location(entry.location)
    villain = (killer.sheet or killer.name) if killer is not None else entry.killer
    place = (location.sheet or location.name) if location is not None else entry.location
    girl = book.final_girl_name(entry.final_girl)
    return ROLE_SEPARATOR.join(
        f"{tag}:{_SEPARATORS.sub(' ', name).strip()}"
        for tag, name in (("FG", girl), ("V", villain), ("L", place))
    )


def _moment(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def duration_minutes(entry: LogEntry) -> int:
    """From the game's start to its end, in whole minutes (rounded up: a game of 47½
    minutes took 48); 0 when either is not known."""
    start, end = _moment(entry.started), _moment(entry.ended)
    if start is None or end is None or (start.tzinfo is None) != (end.tzinfo is None):
        return 0
    seconds = (end - start).total_seconds()
    return max(0, math.ceil(seconds / 60))


def play_date(entry: LogEntry, zone: tzinfo | None = None) -> str:
    """When the game started, in UTC ("YYYY-MM-DD HH:MM:SS", as BG Stats reads the field); a
    start without its offset is on ``zone`` (else the system's clock); a game that knows only
    its day, noon that day."""
    start = _moment(entry.started)
    if start is None:
        start = datetime.combine(date.fromisoformat(entry.date[:10]), time(12))
    if start.tzinfo is None:
        start = start.replace(tzinfo=zone) if zone is not None else start.astimezone()
    return start.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def result_line(entry: LogEntry) -> str:
    """The game in one line for the play's comments (the player's words: they read it in BG
    Stats; the play's tags stay the community's)."""
    if entry.rounds:
        won = _("Won in round {round}") if entry.won else _("Lost in round {round}")
        parts = [won.format(round=entry.rounds)]
    else:
        parts = [_("Won") if entry.won else _("Lost")]
    if entry.victims_saved is not None:
        parts.append(
            _("{saved} Victims saved, {killed} killed").format(
                saved=entry.victims_saved, killed=entry.victims_killed or 0
            )
        )
    if entry.setup:
        parts.append(_("Setup card {card}").format(card=shown("setup", entry.setup)))
    if entry.finale and entry.finale != "Unrevealed":
        parts.append(_("Finale {card}").format(card=shown("card", entry.finale)))
    if entry.dark_power and entry.dark_power != "Unrevealed":
        parts.append(_("Dark Power {card}").format(card=shown("card", entry.dark_power)))
    if entry.epic:
        parts.append(_("Epic"))
    if entry.extreme_horror:
        parts.append(_("Extreme Horror"))
    # Translators: the parts of the game's line in BG Stats' comments, "Won in round 6; ...".
    return _("{parts}.").format(parts="; ".join(parts))


def bg_stats_play(entry: LogEntry, notes: str = "", zone: tzinfo | None = None) -> BgStatsPlay:
    """The play document: Final Girl (BGG 277659), one player with the film's tags in her
    role, the result, the start in UTC and the duration from the game's start and end, and
    the notes, cut to keep the link within ``LINK_MAX``."""
    play: BgStatsPlay = {
        "board": entry.setup or "",
        "durationMin": duration_minutes(entry),
        "comments": "",
        "game": {
            "bggId": FINAL_GIRL_BGG_ID,
            "highestWins": True,
            "name": GAME_NAME,
            "noPoints": True,  # a win or a loss, no score
            "sourceGameId": str(FINAL_GIRL_BGG_ID),
        },
        "location": "",
        "playDate": play_date(entry, zone),
        "players": [
            {
                "startPlayer": True,
                "name": PLAYER_NAME,
                "rank": 1,
                "role": role_tags(entry),
                "score": 0,
                "sourcePlayerId": PLAYER_ID,
                "winner": entry.won,
            }
        ],
        "sourceName": SOURCE_NAME,
        "sourcePlayId": entry.session or f"{entry.date}-{role_tags(entry)}",
    }
    room = LINK_MAX - len(play_link(play, app=True))
    result = result_line(entry)
    note = notes.strip()
    play["comments"] = _cut(result + (f"\n{note}" if note else ""), room, keep=len(result))
    return play


def _encoded(comments: str) -> int:
    """How many characters ``comments`` adds to the link (JSON-escaped, then percent-encoded)."""
    return len(_quoted(json.dumps(comments, ensure_ascii=False)[1:-1]))


def _cut(comments: str, room: int, keep: int) -> str:
    """``comments`` within ``room`` encoded characters: cut at a word, ending in "…"; the first
    ``keep`` characters (the game's result line) are never cut but by a result too long."""
    if _encoded(comments) <= room:
        return comments
    low, high = 0, len(comments)  # the longest prefix that fits with its ellipsis
    while low < high:
        middle = (low + high + 1) // 2
        if _encoded(comments[:middle].rstrip() + ELLIPSIS) <= room:
            low = middle
        else:
            high = middle - 1
    text = comments[:low]
    word = text.rstrip().rfind(" ")
    if word > max(keep, low // 2):
        text = text[:word]
    return text.rstrip() + ELLIPSIS


def play_json(play: BgStatsPlay) -> str:
    return json.dumps(play, ensure_ascii=False, indent=1)


def play_link(play: BgStatsPlay, *, app: bool = False) -> str:
    """The link that opens BG Stats' import dialog with this play (the web address, or the
    app's own scheme)."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return (APP_LINK if app else LINK) + _quoted(data)


def _quoted(text: str) -> str:
    return quote(text, safe=_SAFE)

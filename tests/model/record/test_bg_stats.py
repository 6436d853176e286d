"""After the game (issue 22 item 7): a finished game as a BG Stats play, in the format BG Stats
publishes for other apps ("Push plays to BG Stats from other apps or websites", BG Stats
support site): Final Girl's BoardGameGeek id 277659, the player with the role tags players use
(FG: Final Girl, V: Killer, L: Location), the result, the duration from the game's start and
end, and the notes.

Issue 31 ("The record sent right"): ``playDate`` is read by BG Stats as UTC (the peers that push
plays to it convert to UTC first), so the game's start is sent in UTC; the role's tags are
joined with "/" as the one tracker that reads them splits them; the comments are cut so the
link stays short enough for a QR code a phone can scan."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from urllib.parse import unquote
from zoneinfo import ZoneInfo

from frightmare.model.record.bg_stats import (
    LINK_MAX,
    bg_stats_play,
    play_date,
    play_json,
    play_link,
)
from frightmare.model.record.log_entry import LogEntry

# The fields the format documents, at each level.
DOCUMENTED = {
    "board",
    "durationMin",
    "comments",
    "game",
    "location",
    "playDate",
    "players",
    "sourceName",
    "sourcePlayId",
}
DOCUMENTED_GAME = {"bggId", "highestWins", "name", "noPoints", "sourceGameId"}
DOCUMENTED_PLAYER = {"startPlayer", "name", "rank", "role", "score", "sourcePlayerId", "winner"}

KNOWN_GAME = LogEntry.from_row(
    {
        "session": "4f1c0e9a2b7d4c55a0e1f2d3c4b5a697",
        "date": "2026-11-01",
        "final_girl": "Sheila",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "setup": "Block Party",
        "epic": "yes",
        "result": "win",
        "rounds": "6",
        "victims_saved": "5",
        "victims_killed": "3",
        "dark_power": "Pitchfork Assault",
        "finale": "Unrevealed",
        "started": "2026-11-01T20:05:00+01:00",
        "ended": "2026-11-01T21:17:10+01:00",
        "extreme_horror": "yes",
    }
)

EXPECTED = {
    "board": "Block Party",
    "durationMin": 73,
    "comments": (
        "Won in round 6; 5 Victims saved, 3 killed; Setup card Block Party; Dark Power "
        "Pitchfork Assault; Epic; Extreme Horror.\nSlid up twice: lucky."
    ),
    "game": {
        "bggId": 277659,
        "highestWins": True,
        "name": "Final Girl",
        "noPoints": True,
        "sourceGameId": "277659",
    },
    "location": "",
    "playDate": "2026-11-01 19:05:00",  # 20:05 in Paris (UTC+1)
    "players": [
        {
            "startPlayer": True,
            "name": "Me",
            "rank": 1,
            "role": "FG:Sheila/V:Dr. Fright/L:Maple Lane",
            "score": 0,
            "sourcePlayerId": "frightmare-player",
            "winner": True,
        }
    ],
    "sourceName": "Frightmare Companion",
    "sourcePlayId": "4f1c0e9a2b7d4c55a0e1f2d3c4b5a697",
}


def test_the_play_for_a_known_game_equals_the_expected_document() -> None:
    assert bg_stats_play(KNOWN_GAME, notes="Slid up twice: lucky.") == EXPECTED


def test_the_play_holds_the_documented_fields_and_no_other() -> None:
    play = bg_stats_play(KNOWN_GAME)
    assert set(play) == DOCUMENTED
    assert set(play["game"]) == DOCUMENTED_GAME
    assert all(set(p) == DOCUMENTED_PLAYER for p in play["players"])


def test_the_link_carries_the_play_url_encoded() -> None:
    play = bg_stats_play(KNOWN_GAME)
    link = play_link(play)
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert link.startswith(prefix)
    data = link.removeprefix(prefix)
    assert " " not in data and "{" not in data and "&" not in data
    assert json.loads(unquote(data)) == play
    assert play_link(play, app=True).startswith("bgstats://app.bgstatsapp.com/createPlay.html")
    assert json.loads(play_json(play)) == play


def test_a_loss_elsewhere_is_tagged_with_the_community_forms_spellings() -> None:
    lost = KNOWN_GAME.with_values(
        result="loss",
        killer="The Evomorph",
        location="U.S.S. Konrad",
        final_girl="Ellen",
        started=None,
        ended=None,
        setup=None,
    )
    play = bg_stats_play(lost)
    (player,) = play["players"]
    assert player["role"] == "FG:Ellen/V:Evomorph/L:USS Konrad"
    assert player["winner"] is False
    # No time of day: noon on the player's clock, in UTC (the day stays the day anywhere).
    assert play["durationMin"] == 0
    assert play["playDate"] == play_date(lost)
    assert play["playDate"].startswith("2026-11-01 ")
    assert play["comments"].startswith("Lost in round 6")


PARIS, NEW_YORK = ZoneInfo("Europe/Paris"), ZoneInfo("America/New_York")


def _utc(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)


def test_play_date_is_the_start_in_utc_for_a_game_in_paris_and_one_in_new_york() -> None:
    # BG Stats reads playDate as UTC: the local start time put a game in Europe an hour off.
    summer_in_paris = KNOWN_GAME.with_values(started="2026-07-14T21:30:00+02:00")
    autumn_in_new_york = KNOWN_GAME.with_values(started="2026-11-01T20:05:00-05:00")
    assert play_date(summer_in_paris) == "2026-07-14 19:30:00"
    assert play_date(autumn_in_new_york) == "2026-11-02 01:05:00"  # the next day in UTC
    # A start written without its offset is read on the clock the model is given.
    naive = KNOWN_GAME.with_values(started="2026-07-14T21:30:00", ended=None)
    assert play_date(naive, zone=PARIS) == "2026-07-14 19:30:00"
    assert play_date(naive, zone=NEW_YORK) == "2026-07-15 01:30:00"
    assert bg_stats_play(naive, zone=NEW_YORK)["playDate"] == "2026-07-15 01:30:00"


def test_a_game_with_only_its_day_stays_on_that_day_in_either_zone() -> None:
    day_only = KNOWN_GAME.with_values(started=None, ended=None)
    for zone in (PARIS, NEW_YORK):
        moment = _utc(play_date(day_only, zone=zone))
        assert moment.astimezone(zone).date().isoformat() == "2026-11-01"
        assert moment.astimezone(zone).hour == 12
    assert play_date(day_only, zone=PARIS) == "2026-11-01 11:00:00"
    assert play_date(day_only, zone=NEW_YORK) == "2026-11-01 17:00:00"


def _tracker_tags(role: str) -> dict[str, str]:
    """The role read as the one tracker that parses these tags reads a BGG play's colour: split
    into segments at "/" or "|", each segment a key before its first colon and a value."""
    tags = {}
    for segment in filter(None, (s.strip() for s in re.split(r"[/|]+", role))):
        key, colon, value = segment.partition(":")
        if colon and key.strip() and value.strip():
            tags[key.strip()] = value.strip()
    return tags


def test_the_tags_read_back_as_the_tracker_parses_them() -> None:
    (player,) = bg_stats_play(KNOWN_GAME)["players"]
    assert _tracker_tags(player["role"]) == {
        "FG": "Sheila",
        "V": "Dr. Fright",
        "L": "Maple Lane",
    }
    # A name holding the separator would split the tag: it is never sent as one.
    odd = KNOWN_GAME.with_values(location="Camp/Lake | Woods")
    (player,) = bg_stats_play(odd)["players"]
    assert set(_tracker_tags(player["role"])) == {"FG", "V", "L"}


def test_a_long_comment_is_cut_so_the_link_stays_short() -> None:
    notes = "She ran through every House twice and the Killer never caught up. " * 60
    play = bg_stats_play(KNOWN_GAME, notes=notes)
    for app in (False, True):
        assert len(play_link(play, app=app)) <= LINK_MAX
    comments = play["comments"]
    assert comments.startswith("Won in round 6; 5 Victims saved")  # the result is kept whole
    assert comments.endswith("…") and len(comments) < len(notes)
    assert json.loads(play_json(play)) == play  # the saved file is the link's own payload
    # Short notes are kept whole.
    assert bg_stats_play(KNOWN_GAME, notes="Close.")["comments"].endswith("\nClose.")
    # Notes in Polish (each letter several bytes once encoded) are cut within the budget too.
    polish = bg_stats_play(KNOWN_GAME, notes="Zażółć gęślą jaźń. " * 200)
    assert len(play_link(polish, app=True)) <= LINK_MAX

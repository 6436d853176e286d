"""After the game (issue 22 item 7): a finished game as a BG Stats play, in the format BG Stats
publishes for other apps ("Push plays to BG Stats from other apps or websites", BG Stats
support site): Final Girl's BoardGameGeek id 277659, the player with the role tags players use
(FG: Final Girl, V: Killer, L: Location), the result, the duration from the game's start and
end, and the notes."""

from __future__ import annotations

import json
from urllib.parse import unquote

from frightmare.model.record.bg_stats import bg_stats_play, play_json, play_link
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
    "playDate": "2026-11-01 20:05:00",
    "players": [
        {
            "startPlayer": True,
            "name": "Me",
            "rank": 1,
            "role": "FG:Sheila, V:Dr. Fright, L:Maple Lane",
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
    assert player["role"] == "FG:Ellen, V:Evomorph, L:USS Konrad"
    assert player["winner"] is False
    assert play["durationMin"] == 0 and play["playDate"] == "2026-11-01 00:00:00"
    assert play["comments"].startswith("Lost in round 6")

"""Play-log import and merge: CSV or the app's JSON lines, validated like a saved file, merged
without duplicates; a damaged line is skipped with a message naming it, kept aside beside the
log, and never costs the other games (issue 13, "Bad input")."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.record.figures import entry_for, game_figures, with_figures
from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog.csv_format import parse_csv, to_csv
from frightmare.store.playlog.importing import import_log, merge, parse_log
from frightmare.store.playlog.lines import validate_entry
from frightmare.store.playlog.log_file import DAMAGED_NAME, append_entry, latest, load_log, read_log
from frightmare.store.playlog.playlog import PlayLog

SETUPS = ("Playtime", "A Quiet Place", "Revenge", "Maple Lane", "Block Party", "")
FINALES = ("Everyone Must Die", "Face Your Fright", "Time to Die", "")


def fake_games(count: int, seed: int = 5) -> list[dict[str, Any]]:
    """``count`` finished games with every column filled, as the app logs them."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        day = f"20{24 + n // 2000}-{1 + n // 170 % 12:02d}-{1 + n % 28:02d}"
        out.append(
            {
                "session": f"{n:032x}",
                "date": day,
                "final_girl": rng.choice(("Nancy", "Sheila")),
                "killer": "Dr. Fright",
                "location": "Maple Lane",
                "setup": rng.choice(SETUPS),
                "epic": rng.choice(("yes", "no")),
                "result": rng.choice(("win", "win", "loss")),
                "rounds": rng.randint(1, 9),
                "victims_saved": rng.randint(0, 8),
                "victims_killed": rng.randint(0, 6),
                "dark_power": rng.choice(("Never Really Dead", "Pitchfork Assault", "")),
                "finale": rng.choice(FINALES),
                "started": f"{day}T19:{n % 60:02d}:00+00:00",
                "ended": f"{day}T21:{n % 60:02d}:00+00:00",
                "extreme_horror": "no",
                "final_health_revive": rng.choice(("neither", "her", "him", "both")),
                "fell_asleep": rng.randint(0, 4),
                "boiler_cards": rng.randint(0, 12),
                "boiler_attacks": rng.randint(0, 5),
                "deck_resets": rng.randint(0, 2),
                "never_really_dead": "no",
                "end_awake": rng.choice(("yes", "no")),
                "full_dreams": rng.randint(0, 3),
                "full_dream_attacks": rng.randint(0, 4),
                "clean_escapes": rng.randint(0, 1),
                "most_cards_in_a_round": rng.randint(0, 4),
                "convince_attempts": rng.randint(0, 3),
                "convince_successes": 0,
                "houses_searched": rng.randint(0, 6),
                "quadrants_searched": rng.randint(0, 4),
                "items_found": rng.randint(0, 6),
                "victims_left": rng.randint(0, 3),
            }
        )
    return out


def typed(games: list[dict[str, Any]]) -> list[LogEntry]:
    """The games as the log's entries (validated like any line)."""
    return [LogEntry.from_row(g) for g in games]


def write_lines(path: Path, entries: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(e) + "\n" for e in entries), "utf-8")


def test_a_logged_game_from_the_app_validates_unchanged(tmp_path: Path) -> None:
    history = History(new_game(GameSetup(setup_card="Revenge"), seed=3))
    history.do(FallAsleep())
    history.do(Slide(direction="up"))
    history.do(EndGame(result="win"))
    log = PlayLog(tmp_path)
    entry = with_figures(
        log.record("abc", history.state), game_figures(history, "2026-11-01T19:00:00")
    )
    assert validate_entry(entry.row()) == entry and entry.boiler_cards == 1
    write_lines(log.path, [entry.row()])
    assert read_log(log.path).entries[0].setup == "Revenge"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"result": "draw"}, "“result”"),
        ({"date": "yesterday"}, "“date”"),
        ({"rounds": "-3"}, "“rounds”"),
        ({"final_girl": ""}, "“final_girl” is empty"),
        ({"boiler_attacks": "many"}, "“boiler_attacks”"),
        ({"final_health_revive": "maybe"}, "“final_health_revive”"),
    ],
)
def test_each_bad_value_is_refused_with_its_column(change: dict[str, str], reason: str) -> None:
    good = {k: str(v) for k, v in fake_games(1)[0].items()}
    validate_entry(good)
    with pytest.raises(ValueError, match=reason):
        validate_entry(good | change)


def test_a_damaged_json_line_is_named_kept_aside_and_costs_only_itself(tmp_path: Path) -> None:
    games = fake_games(4)
    lines = [json.dumps(g) for g in games]
    lines[1] = lines[1][:40]  # cut short
    lines[2] = json.dumps(games[2] | {"result": "draw"})
    source = tmp_path / "old.jsonl"
    source.write_text("\n".join(lines) + "\n", "utf-8")
    log = tmp_path / "data" / "playlog.jsonl"
    report = import_log(log, source)
    assert report.added == 2
    assert [d.line for d in report.damaged] == [2, 3]
    assert report.damaged[0].message.startswith("old.jsonl, line 2: skipped, it is not a complete")
    assert "“result”" in report.damaged[1].message
    aside = (tmp_path / "data" / DAMAGED_NAME).read_text("utf-8")
    assert lines[1] in aside and lines[2] in aside and "old.jsonl, line 3" in aside
    assert report.aside == tmp_path / "data" / DAMAGED_NAME
    assert any("kept in" in m for m in report.messages)
    assert [e.session for e in read_log(log).entries] == [
        games[0]["session"],
        games[3]["session"],
    ]


def test_a_damaged_line_in_the_log_itself_is_kept_aside_when_it_is_rewritten(
    tmp_path: Path,
) -> None:
    log = tmp_path / "playlog.jsonl"
    games = fake_games(3)
    log.write_text(json.dumps(games[0]) + "\n{broken\n", "utf-8")
    source = tmp_path / "more.jsonl"
    write_lines(source, games[1:])
    report = import_log(log, source)
    assert report.added == 2 and report.damaged == []
    assert "{broken" in (tmp_path / DAMAGED_NAME).read_text("utf-8")
    assert len(read_log(log).entries) == 3


def test_csv_export_imports_back_without_duplicates(tmp_path: Path) -> None:
    games = fake_games(20)
    log = tmp_path / "playlog.jsonl"
    write_lines(log, games[:10])
    exported = tmp_path / "export.csv"
    exported.write_text(to_csv(typed(games)), "utf-8")
    report = import_log(log, exported)
    assert (report.added, report.duplicates) == (10, 10)
    assert len(read_log(log).entries) == 20
    # the app's older export has no session column: the same games are still recognised
    old = tmp_path / "old.csv"
    old.write_text(PlayLog(tmp_path).to_csv(), "utf-8")
    assert import_log(log, old).added == 0


def test_a_damaged_csv_row_is_skipped_with_its_line_number() -> None:
    text = to_csv(typed(fake_games(3)))
    rows = text.splitlines()
    rows[2] = rows[2].replace(",win,", ",won,").replace(",loss,", ",won,")
    rows.insert(3, "Nancy,only,three")
    got = parse_csv("\n".join(rows) + "\n", "games.csv")
    assert len(got.entries) == 2
    assert [(d.line, d.source) for d in got.damaged] == [(3, "games.csv"), (4, "games.csv")]
    assert "cells where the header names" in got.damaged[1].reason


def test_a_spreadsheet_csv_with_a_byte_order_mark_and_spaced_headers() -> None:
    text = (
        "\ufeffDate,Final Girl,Killer,Location,Result\n2026-11-01,Nancy,Dr. Fright,Maple Lane,Win\n"
    )
    got = parse_log(text, "sheet.csv")
    assert got.damaged == [] and got.entries[0].result == "win"


def test_an_oversized_file_is_refused_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import frightmare.store.playlog.importing as importing

    monkeypatch.setattr(importing, "MAX_IMPORT_BYTES", 10)
    source = tmp_path / "big.csv"
    source.write_text(to_csv(typed(fake_games(2))), "utf-8")
    with pytest.raises(ValueError, match="Nothing was imported"):
        import_log(tmp_path / "playlog.jsonl", source)
    assert not (tmp_path / "playlog.jsonl").exists()


def test_append_then_latest_keeps_one_line_per_game(tmp_path: Path) -> None:
    log = tmp_path / "playlog.jsonl"
    games = typed(fake_games(3))
    for g in games:
        append_entry(log, g)
    append_entry(log, games[0].with_values(result="loss"))  # finished again after an undo
    entries = latest(read_log(log).entries)
    assert [e.session for e in entries] == [g.session for g in (games[1], games[2], games[0])]
    assert entries[-1].result == "loss"


def test_merge_keeps_existing_order_and_adds_new() -> None:
    games = typed(fake_games(4))
    merged = merge(games[:2], [games[1], games[3], games[3]])
    assert (merged.added, merged.duplicates) == (1, 2)
    assert [e.session for e in merged.entries] == [g.session for g in [*games[:2], games[3]]]


def test_five_thousand_games_import_merge_and_reimport(tmp_path: Path) -> None:
    games = fake_games(5000)
    log = tmp_path / "data" / "playlog.jsonl"
    (tmp_path / "data").mkdir()
    write_lines(log, games[:3000])
    source = tmp_path / "all.csv"
    source.write_text(to_csv(typed(games)), "utf-8")
    first = import_log(log, source)
    assert (first.added, first.duplicates, first.damaged) == (2000, 3000, [])
    again = import_log(log, source)
    assert (again.added, again.duplicates) == (0, 5000)
    as_json = tmp_path / "all.jsonl"
    write_lines(as_json, games)
    assert import_log(log, as_json).added == 0
    back = read_log(log)
    assert len(back.entries) == 5000 and back.damaged == []
    assert {e.session for e in back.entries} == {g["session"] for g in games}
    assert not (tmp_path / "data" / DAMAGED_NAME).exists()


def test_playlog_entries_carry_the_record_columns_through_csv() -> None:
    entry = entry_for("x", replace(new_game(GameSetup(), seed=1), result="win", ended_round=3))
    history = History(new_game(GameSetup(), seed=1))
    row = validate_entry(with_figures(entry, game_figures(history)).row())
    header = to_csv([row]).splitlines()[0].split(",")
    assert header[:2] == ["date", "final_girl"] and header[-1] == "session"
    assert "boiler_attacks" in header


def test_two_alike_games_with_different_end_times_are_both_kept() -> None:
    game = fake_games(1)[0]
    twin = game | {"session": "other", "ended": "2026-01-01T23:00:00+00:00"}
    assert merge(typed([game]), typed([twin])).added == 1
    no_end = {k: v for k, v in twin.items() if k not in ("session", "ended")}
    assert merge(typed([game]), typed([no_end])).duplicates == 1


def test_load_log_reports_a_damaged_line_once_and_keeps_every_game(tmp_path: Path) -> None:
    log = tmp_path / "playlog.jsonl"
    games = fake_games(3)
    text = json.dumps(games[0]) + "\nnot json\n" + json.dumps(games[1]) + "\n"
    log.write_text(text + json.dumps(games[1] | {"result": "loss"}) + "\n", "utf-8")
    first = load_log(log)
    assert [d.line for d in first.damaged] == [2]
    assert [e.session for e in first.entries] == [games[0]["session"], games[1]["session"]]
    assert first.entries[1].result == "loss"  # the game's latest line wins
    assert "not json" in (tmp_path / DAMAGED_NAME).read_text("utf-8")
    again = load_log(log)
    assert again.damaged == [] and again.entries == first.entries


def test_a_few_games_imported_are_appended_not_the_log_rewritten(tmp_path: Path) -> None:
    """Issue 33: one game imported into a long log is one line appended (the log's file and
    its bytes stay), not the whole log written again; a game already there on its day, or by
    its id, is still a duplicate."""
    games = fake_games(60)
    log = tmp_path / "playlog.jsonl"
    write_lines(log, games[:50])
    before = log.read_bytes()
    inode = log.stat().st_ino
    source = tmp_path / "few.csv"
    source.write_text(to_csv(typed([games[3], games[51], games[52]])), "utf-8")
    report = import_log(log, source)
    assert (report.added, report.duplicates) == (2, 1)
    assert log.stat().st_ino == inode  # appended to, not replaced
    assert log.read_bytes().startswith(before)
    assert [e.session for e in read_log(log).entries][-2:] == [
        games[51]["session"],
        games[52]["session"],
    ]
    again = tmp_path / "again.jsonl"
    write_lines(again, [games[51], {**games[20], "session": None}])
    assert (import_log(log, again).added, len(read_log(log).entries)) == (0, 52)

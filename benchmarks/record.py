"""The player's record: statistics over 5,000 logged games (computed, and drawn), and adding a
finished game to a log that already holds them."""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.common import Figure, timed
from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.record.collection import Collection, default_catalogue
from frightmare.model.record.coverage import coverage
from frightmare.model.record.digest import statistics
from frightmare.model.record.film_roll import roll
from frightmare.model.record.log_entry import LogEntry
from frightmare.store.playlog.log_file import forget, load_log
from frightmare.store.playlog.playlog import PlayLog

GAMES = 5000
KILLERS = tuple(k.name for b in default_catalogue().boxes for k in b.killers)
LOCATIONS = tuple(loc.name for b in default_catalogue().boxes for loc in b.locations)
# The journal's achievements a line of Dr. Fright on Maple Lane carries marks for.
MARKED = (
    "fright-boiler-room-unhurt",
    "fright-damage-while-awake",
    "fright-three-boiler-cards-one-round",
    "fright-rest-to-sleep",
    "maple-saved-by-cop-car",
    "maple-search-each-quadrant",
    "maple-item-by-convince",
    "maple-search-whole-quadrant",
    "maple-two-crucifixes",
    "maple-three-events-win",
    "maple-half-victims-killed-win",
    "maple-two-road-blocks-win",
)
SETUPS = ("Playtime", "A Quiet Place", "Revenge", "Maple Lane", "Block Party", "")
FINALES = ("Everyone Must Die", "Face Your Fright", "Time to Die", "")
POWERS = ("Never Really Dead", "Pitchfork Assault", "The Frightmare is Inevitable", "")


def logged_games(count: int = GAMES, seed: int = 13) -> list[dict[str, Any]]:
    """A play log as the app writes it: today's columns and the record's."""
    return list(iter_logged_games(count, seed))


def iter_logged_games(count: int = GAMES, seed: int = 13) -> Iterator[dict[str, Any]]:
    """``logged_games``, one game at a time (a log of 240,000 is written as it is made)."""
    rng = random.Random(seed)
    for n in range(count):
        # 1,500 games a year, from 2022 to 2096 (then again from 2022: a log of 240,000)
        day = f"20{22 + n // 1500 % 75}-{1 + n // 125 % 12:02d}-{1 + n % 28:02d}"
        yield (
            {
                "session": f"{n:032x}",
                "date": day,
                "final_girl": rng.choice(("Nancy", "Sheila")),
                # most against him on Maple Lane, the rest across every box
                "killer": rng.choice(KILLERS) if rng.random() < 0.3 else "Dr. Fright",
                "location": rng.choice(LOCATIONS) if rng.random() < 0.3 else "Maple Lane",
                "setup": rng.choice(SETUPS),
                "epic": rng.choice(("yes", "no")),
                "result": rng.choice(("win", "win", "loss")),
                "rounds": rng.randint(1, 9),
                "victims_saved": rng.randint(0, 8),
                "victims_killed": rng.randint(0, 6),
                "dark_power": rng.choice(POWERS),
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
                # As the app writes them: only the marks with some progress.
                "achievements": " ".join(
                    f"{key}={rng.randint(1, 4)}" for key in MARKED if rng.random() < 0.3
                )
                or "-",
            }
        )


def bench_record(quick: bool) -> list[Figure]:
    from PySide6.QtWidgets import QApplication

    from frightmare.ui.record.stats.stats_view import StatsView

    app = QApplication.instance() or QApplication([])
    lines = logged_games()
    entries = [LogEntry.from_row(line) for line in lines]
    computed = timed(
        f"statistics over {GAMES} logged games, computed",
        lambda: statistics(entries),
        budget=100,
        detail="record.statistics: every breakdown with its interval, over time, Boiler Room",
    )
    # A player who owns every box: the coverage grid is 27 Killers by 22 Locations.
    view = StatsView([], collection=Collection.of(b.id for b in default_catalogue().boxes))
    view.resize(1280, 720)
    view.show()
    app.processEvents()

    def draw() -> None:
        view.set_entries(entries)
        view.grab()  # paints the visible plot and the whole view
        # The achievements are listed when their tab is first seen: see it, so the figure
        # holds them, computed and drawn, as the budget says.
        view.tabs.setCurrentWidget(view.achievements)
        view.grab()

    def cold() -> None:  # as the view first opens: no mark of any line read yet
        from frightmare.model.record.achievements import forget_marks

        forget_marks()
        view.tabs.setCurrentIndex(0)

    drawn = timed(
        f"statistics over {GAMES} logged games, computed and drawn",
        draw,
        setup=cold,
        budget=100,
        detail="StatsView.set_entries + grab at 1280x720 (plots, table, the coverage grid of "
        "every box), then the Achievements tab seen and grabbed (the 21 published and the "
        "companion's 6), from cold",
    )
    figures = [computed, drawn]
    everything = Collection.of(b.id for b in default_catalogue().boxes)
    grid = coverage(entries, everything)
    dice = random.Random(1)
    figures.append(
        timed(
            "a roll of the film",
            lambda: roll(everything, grid, dice, prefer_unplayed=True, prefer_unwon=True),
            budget=10,
            number=20,
            detail=f"film_roll.roll over every box (the coverage of {GAMES} games known), "
            "preferring what is not played, then not won",
        )
    )
    view.close()

    history = History(new_game(GameSetup(setup_card="Revenge"), seed=4))
    history.do(FallAsleep())
    history.do(Slide(direction="up"))
    history.do(EndGame(result="win"))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        log = PlayLog(root)
        text = "".join(json.dumps(line) + "\n" for line in lines)

        def fresh() -> None:
            log.path.write_text(text, "utf-8")
            forget(log.path)  # a first read each time (the store remembers a log it read)

        def record() -> None:
            log.record("new-session", history.state, history=history)

        figures.append(
            timed(
                f"a finished game appended to a log of {GAMES} (PlayLog.record, fsync)",
                record,
                budget=5,
                number=3,
                setup=fresh,
                detail="the game's figures from its journal, then one line appended",
                disk=True,
            )
        )
        figures.append(
            timed(
                f"a play log of {GAMES} games read and validated (log_file.load_log)",
                lambda: load_log(log.path),
                budget=200,
                setup=fresh,
                detail="every line checked like an imported one, before the statistics view "
                "opens (a budget of our own: the issue sets none)",
            )
        )
    return figures


if __name__ == "__main__":
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    print(json.dumps([f.as_json() for f in bench_record(quick=True)], indent=2))

"""Flat in the record's size (issue 33, item 3): launching into a game costs the same with a
play log of 100,000 games as with an empty one (the launch never reads the log).

The same game in progress (2,000 actions) is launched from two data folders, one with a
100,000-game log beside it and one with none, in alternating pairs (the order swapped every
pair), each a whole smoke process to the game screen ready for play. The figure is the ratio
of the best launches; ``make bench`` fails only when the ratio of their least processor times
(to the first paint) is over the budget too.

A game finished into the 100,000-game log: its line appended (``PlayLog.record``) and its
summary ready (``GameOverDialog`` made, with what the game earned over the log, from the
record in brief kept beside the log: ``PlayLog.summary_record``), in a process that has not
read the log, as a window launched into a game has not.

Run alone: ``python -m benchmarks.record_size`` (``--finish``: that figure only).
"""

from __future__ import annotations

import json
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from benchmarks.common import Figure, Launch, Spread, from_runs, measure, run_game_launch

GAMES = 100_000
BUDGET = 1.15
FINISH_BUDGET = 50


def bench_finish(quick: bool) -> list[Figure]:
    """A game finished (its line appended, its summary ready) into a 100,000-game log."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from benchmarks.record import logged_games
    from frightmare.model import GameSetup, History, new_game
    from frightmare.model.actions.dream import FallAsleep, Slide
    from frightmare.model.actions.game import EndGame
    from frightmare.store.playlog.log_file import forget
    from frightmare.store.playlog.playlog import PlayLog
    from frightmare.ui.record.summary import GameOverDialog

    app = QApplication.instance() or QApplication([])
    history = History(new_game(GameSetup(setup_card="Revenge"), seed=4))
    history.do(FallAsleep())
    history.do(Slide(direction="up"))
    history.do(EndGame(result="win"))
    with tempfile.TemporaryDirectory() as tmp:
        log = PlayLog(Path(tmp) / "data")
        log.path.parent.mkdir(parents=True)
        log.path.write_text("".join(json.dumps(g) + "\n" for g in logged_games(GAMES)), "utf-8")
        log.summary_record("warm-up")  # the record in brief made once, as the first finish does
        count = [0]
        earned: list[int] = []

        def finish() -> None:
            count[0] += 1
            session = f"finished-{count[0]:023d}"
            log.record(session, history.state, history=history)
            line, digest = log.summary_record(session)
            assert line is not None and line.session == session
            dialog = GameOverDialog(history.state, None, record=(line, digest))
            assert dialog.record_box is not None
            earned.append(len(dialog.record_box.published) + len(dialog.record_box.earned))
            dialog.deleteLater()

        def fresh() -> None:  # the process has not read the log: nothing of it in memory
            forget(log.path)
            app.processEvents()

        runs = measure(finish, runs=3 if quick else 7, number=3, setup=fresh, disk=True)
        size = log.path.stat().st_size / 1e6
        kept = log.path.with_name(".playlog.record").stat().st_size / 1e6
    return [
        from_runs(
            f"a game finished (log appended and its summary ready), {GAMES:,}-game log",
            runs,
            budget=FINISH_BUDGET,
            detail=f"PlayLog.record (one synced line appended to {size:.0f} MB), then "
            "PlayLog.summary_record (the record in brief kept beside the log, "
            f"{kept:.1f} MB, brought up to date with the new line and written again; the "
            "game's line read where it says) and the GameOverDialog made with what the game "
            f"earned ({earned[-1]} achievements); the log itself is not read (1.08 s before)",
        )
    ]


def bench_record_size(quick: bool) -> list[Figure]:
    from benchmarks.core import BENCH_NAME, make_long_session
    from benchmarks.record import logged_games
    from frightmare.store.paths import PLAY_LOG_FILE

    pairs = 3 if quick else 7
    env = {"QT_QPA_PLATFORM": "offscreen"}
    with tempfile.TemporaryDirectory() as tmp:
        commands = []
        for name in ("empty", "full"):
            root = Path(tmp) / name
            make_long_session(root)
            commands.append(
                [
                    *(sys.executable, "-m", "frightmare", "--smoke"),
                    *("--data-dir", str(root), "--session", BENCH_NAME),
                ]
            )
        log = Path(tmp) / "full" / PLAY_LOG_FILE
        log.write_text("".join(json.dumps(g) + "\n" for g in logged_games(GAMES)), "utf-8")
        size = log.stat().st_size / 1e6
        empty_cmd, full_cmd = commands
        run_game_launch(empty_cmd, env)  # warm-up: file caches, compiled bytecode
        run_game_launch(full_cmd, env)
        empties: list[Launch] = []  # first paint, its processor time, ready
        fulls: list[Launch] = []
        for n in range(pairs):
            order = ((empty_cmd, empties), (full_cmd, fulls))
            for cmd, kept in order if n % 2 == 0 else order[::-1]:
                kept.append(run_game_launch(cmd, env))
    ratios = [f[2] / e[2] for e, f in zip(empties, fulls, strict=True)]
    best_full, best_empty = min(f[2] for f in fulls), min(e[2] for e in empties)
    ratio = best_full / best_empty
    cpu = min(f[1] for f in fulls) / min(e[1] for e in empties)
    return [
        Figure(
            f"launch into a game, ready for play: with a {GAMES:,}-game play log / with none",
            ratio,
            "ratio",
            BUDGET,
            f"best launches: {best_full * 1000:.0f} ms with the log ({size:.0f} MB), "
            f"{best_empty * 1000:.0f} ms without (a game of 2,000 actions, whole smoke "
            f"processes to the game screen ready for play); processor time to the first paint "
            f"ratio {cpu:.2f}; the pairs' ratios " + ", ".join(f"{r:.2f}" for r in ratios),
            floor=cpu,
            spread=replace(Spread.of(ratios), cpu=round(cpu, 4)),
            kind="ratio",
            measured=f"best of {pairs} launches each, in alternating pairs",
        )
    ]


if __name__ == "__main__":
    bench = bench_finish if "--finish" in sys.argv else bench_record_size
    for figure in bench(quick="--quick" in sys.argv):
        print(figure.line(), file=sys.stderr, flush=True)

"""Issue 21, tests that must exist: “Two processes, one finishing 150 games while the other
imports 60 times: every recorded game is in the log.”

Before the play log had its writer lock, an import read the log, merged, and replaced it
whole, dropping every game the other window appended meanwhile (71 of 150 in the report).
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock")

FINISHER = """
import sys, time
from pathlib import Path
from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.game import EndGame
from frightmare.store.playlog.playlog import PlayLog
root, games = Path(sys.argv[1]), int(sys.argv[2])
history = History(new_game(GameSetup(final_girl="Sheila"), seed=1))
history.do(EndGame(result="win"))
print("ready", flush=True)
sys.stdin.readline()
for n in range(games):
    session = f"f{n:031x}"
    try:
        PlayLog(root).record(session, history.state)
        print("recorded", session, flush=True)
    except OSError:  # waits in memory, written at the next chance
        print("waiting", session, flush=True)
    time.sleep(0.01)
log = PlayLog(root)
flush = getattr(log, "flush_pending", lambda: True)
for _ in range(100):
    if flush():
        break
    time.sleep(0.1)
print("flushed", getattr(log, "pending", 0), flush=True)
"""

IMPORTER = """
import sys
from pathlib import Path
from frightmare.store.playlog.importing import import_log
log, sources = Path(sys.argv[1]), sys.argv[2:]
print("ready", flush=True)
sys.stdin.readline()
added = 0
for source in sources:
    added += import_log(log, Path(source)).added
print("imported", added, flush=True)
"""


def their_games(first: int, count: int) -> str:
    out = io.StringIO()
    names = ["session", "date", "final_girl", "killer", "location", "result", "rounds"]
    writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n")
    writer.writeheader()
    for n in range(first, first + count):
        writer.writerow(
            {
                "session": f"i{n:031x}",
                "date": f"20{10 + n // 336}-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}",
                "final_girl": "Nancy",
                "killer": "Dr. Fright",
                "location": "Maple Lane",
                "result": "loss",
                "rounds": 1 + n % 9,
            }
        )
    return out.getvalue()


def test_one_window_finishes_150_games_while_another_imports_60_times(tmp_path: Path) -> None:
    root = tmp_path / "data"
    root.mkdir()
    log = root / "playlog.jsonl"
    # Each import brings games the log lacks, so each one rewrites the log.
    sources = [tmp_path / f"theirs-{n}.csv" for n in range(60)]
    for n, source in enumerate(sources):
        source.write_text(their_games(5 * n, 5), "utf-8")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    finisher = subprocess.Popen(
        [sys.executable, "-c", FINISHER, str(root), "150"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    importer = subprocess.Popen(
        [sys.executable, "-c", IMPORTER, str(log), *map(str, sources)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    children = (finisher, importer)
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    for child in children:  # both start at once
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    outputs = [child.communicate(timeout=300)[0] for child in children]
    assert [child.returncode for child in children] == [0, 0], outputs
    finished = [line.split() for line in outputs[0].splitlines()]
    recorded = {words[1] for words in finished if words[0] == "recorded"}
    waited = {words[1] for words in finished if words[0] == "waiting"}
    assert len(recorded) + len(waited) == 150
    assert finished[-1] == ["flushed", "0"], "games still waiting at the end"
    assert outputs[1].split() == ["imported", "300"]  # each of their games once
    on_disk = [json.loads(line) for line in log.read_text("utf-8").splitlines() if line]
    sessions = {line["session"] for line in on_disk}
    lost = (recorded | waited) - sessions
    assert not lost, f"{len(lost)} of 150 finished games lost: {sorted(lost)[:5]}"
    assert {f"i{n:031x}" for n in range(300)} <= sessions
    assert not (root / "playlog-damaged.txt").exists()

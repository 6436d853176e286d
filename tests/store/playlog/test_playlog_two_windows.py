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

# Each side works in rounds the test starts together, so the two always overlap and no one
# waits a set time: the finisher finishes 2 or 3 games while the importer imports once.
FINISHER = """
import sys
from pathlib import Path
from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.game import EndGame
from frightmare.store.playlog.playlog import PlayLog
root = Path(sys.argv[1])
history = History(new_game(GameSetup(final_girl="Sheila"), seed=1))
history.do(EndGame(result="win"))
print("ready", flush=True)
n = 0
for order in sys.stdin:
    if order.startswith("flush"):
        log = PlayLog(root)
        log.flush_pending()  # nobody else writes by now
        print("flushed", log.pending, flush=True)
        continue
    for _ in range(int(order.split()[1])):
        session = f"f{n:031x}"
        n += 1
        try:
            PlayLog(root).record(session, history.state)
            print("recorded", session, flush=True)
        except OSError:  # waits in memory, written at the next chance
            print("waiting", session, flush=True)
    print("done", flush=True)
"""

IMPORTER = """
import sys
from pathlib import Path
from frightmare.store.playlog.importing import import_log
log, sources = Path(sys.argv[1]), sys.argv[2:]
print("ready", flush=True)
added = 0
for source in sources:
    sys.stdin.readline()
    added += import_log(log, Path(source)).added
    print("done", flush=True)
print("imported", added, flush=True)
"""


def _order(child: subprocess.Popen[str], order: str) -> None:
    assert child.stdin is not None
    child.stdin.write(order + "\n")
    child.stdin.flush()


def _rest(child: subprocess.Popen[str]) -> str:
    """What the child says until it ends (not ``communicate``, which would skip what the
    reader already holds)."""
    assert child.stdin is not None and child.stdout is not None
    child.stdin.close()
    rest = child.stdout.read()
    child.wait(timeout=300)
    return rest


def _until_done(child: subprocess.Popen[str]) -> list[str]:
    assert child.stdout is not None
    lines = []
    while (line := child.stdout.readline().strip()) != "done":
        assert line, "the child stopped"
        lines.append(line)
    return lines


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
        [sys.executable, "-c", FINISHER, str(root)],
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
    finished_lines = []
    for n in range(60):  # 60 imports; 2, 3, 2, 3, ... games meanwhile: 150
        _order(importer, "go")
        _order(finisher, f"go {2 + n % 2}")
        assert _until_done(importer) == []
        finished_lines += _until_done(finisher)
    _order(finisher, "flush")
    outputs = [_rest(child) for child in children]
    assert [child.returncode for child in children] == [0, 0], outputs
    outputs[0] = "\n".join(finished_lines) + "\n" + outputs[0]
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

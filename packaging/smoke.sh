#!/usr/bin/env bash
# The frozen app's smoke test, the same on Linux (`make package`), Windows and macOS (the release
# workflow), run before anything is uploaded:
#
#   packaging/smoke.sh FROZEN PYTHON WORK
#
# FROZEN: the frozen app's executable (on Windows its console twin, frightmare-cli.exe: the
# windowed one has no output to read); PYTHON: the build environment's Python, with the app
# installed from source; WORK: an empty folder for the checks' data. It runs the frozen app's
# --version and --smoke (offscreen, then on the platform's own windowing when SMOKE_NATIVE names
# it: windows, cocoa or xcb), opens a game the source install made, and checks both find the
# same default data folder. Any failure stops it with a non-zero status.
set -euo pipefail
FROZEN=$1
PYTHON=$2
WORK=$3
mkdir -p "$WORK"

"$FROZEN" --version
QT_QPA_PLATFORM=offscreen "$FROZEN" --smoke --data-dir "$WORK/empty"
if [ -n "${SMOKE_NATIVE:-}" ]; then
  # The platform plugin players get (qwindows, qcocoa, qxcb), not only the offscreen one.
  QT_QPA_PLATFORM=$SMOKE_NATIVE "$FROZEN" --smoke --data-dir "$WORK/native"
fi

# A game made by the source install opens in the frozen app.
"$PYTHON" -P - "$WORK/shared" <<'PY'
import sys
from pathlib import Path
from frightmare.model import GameSetup
from frightmare.model.actions.dream import FallAsleep, Slide
from frightmare.store import SessionStore
session = SessionStore(Path(sys.argv[1])).create(GameSetup(setup_card="Maple Lane"), "Packaged check")
session.do(FallAsleep())
session.do(Slide(direction="up"))
PY
QT_QPA_PLATFORM=offscreen "$FROZEN" --smoke --data-dir "$WORK/shared" --session "Packaged check" \
  | tee "$WORK/opened.txt"
grep -q "(Packaged check;" "$WORK/opened.txt"

# Both find the same data folder by default (platformdirs': ~/.local/share/frightmare,
# %LOCALAPPDATA%\frightmare, ~/Library/Application Support/frightmare). On Linux a home of
# the check's own keeps the player's folder out of it.
data_in() { sed -n 's/.*data in \(.*\))$/\1/p' | tr -d '\r'; }
if [ "$(uname -s)" = Linux ]; then
  mkdir -p "$WORK/home"
  HOME="$(cd "$WORK/home" && pwd)" XDG_DATA_HOME=
  export HOME XDG_DATA_HOME
fi
SRC_DIR=$(QT_QPA_PLATFORM=offscreen "$PYTHON" -P -m frightmare --smoke | data_in)
FRZ_DIR=$(QT_QPA_PLATFORM=offscreen "$FROZEN" --smoke | data_in)
[ -n "$SRC_DIR" ] && [ "$SRC_DIR" = "$FRZ_DIR" ] || {
  echo "data folders differ: source '$SRC_DIR', frozen '$FRZ_DIR'" >&2; exit 1; }
echo "same data folder: $SRC_DIR"

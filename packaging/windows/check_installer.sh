#!/usr/bin/env bash
# The Windows installer, checked on the release workflow's runner before it is uploaded:
#
#   MSYS_NO_PATHCONV=1 packaging/windows/check_installer.sh SETUP.exe PYTHON
#
# Installs silently for this user (no administrator), checks the Start-menu entry and the
# Add/Remove programs entry, opens a game kept in the player's data folder with the installed
# app, uninstalls silently, and checks that the app, its entries and nothing else are gone: the
# game is still there. PYTHON is the build environment's (the app installed from source).
# MSYS_NO_PATHCONV keeps Git Bash from turning /S and /v into paths.
set -euo pipefail
SETUP=$1
PYTHON=$2
LOCAL=$(cygpath -u "$LOCALAPPDATA")
ROAMING=$(cygpath -u "$APPDATA")
INSTDIR="$LOCAL/Programs/Frightmare Companion"
LINK="$ROAMING/Microsoft/Windows/Start Menu/Programs/Frightmare Companion.lnk"
KEY='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.frightmare.companion'

"$SETUP" /S
test -f "$INSTDIR/frightmare.exe"
test -f "$INSTDIR/uninstall.exe"
test -f "$LINK"
reg query "$KEY" /v DisplayVersion
reg query "$KEY" /v UninstallString

# A game in the player's data folder (platformdirs': %LOCALAPPDATA%\frightmare), made by the
# source install, opened by the installed app.
"$PYTHON" -P - <<'PY'
from frightmare.model import GameSetup
from frightmare.store import SessionStore, data_dir
SessionStore(data_dir()).create(GameSetup(), "Survives uninstall")
PY
QT_QPA_PLATFORM=offscreen "$INSTDIR/frightmare-cli.exe" --smoke --session "Survives uninstall" \
  | tee opened.txt
grep -q "(Survives uninstall;" opened.txt
DATA=$(sed -n 's/.*data in \(.*\))$/\1/p' opened.txt | tr -d '\r')
DATA=$(cygpath -u "$DATA")
ls "$DATA"/sessions/*.json

# _?= runs the uninstaller in place and waits for it (it cannot then delete itself).
"$INSTDIR/uninstall.exe" /S "_?=$(cygpath -w "$INSTDIR")"
rm -f "$INSTDIR/uninstall.exe"
rmdir "$INSTDIR"  # fails if anything of the app's was left behind
test ! -e "$LINK"
if reg query "$KEY" >/dev/null 2>&1; then
  echo "the Add/Remove programs entry is still there" >&2; exit 1
fi
ls "$DATA"/sessions/*.json  # the player's game stays
echo "installed, opened a game, uninstalled; the game stayed in $DATA"

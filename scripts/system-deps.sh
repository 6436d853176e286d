#!/bin/sh
# Installs the Debian libraries Qt needs, only when some are missing (and only as root with apt).
# Usage: scripts/system-deps.sh [offscreen|desktop]
set -u
want="${1:-offscreen}"
# library file -> Debian package
libs="libEGL.so.1:libegl1 libGL.so.1:libgl1 libfontconfig.so.1:libfontconfig1
libxkbcommon.so.0:libxkbcommon0 libglib-2.0.so.0:libglib2.0-0 libdbus-1.so.3:libdbus-1-3
libfreetype.so.6:libfreetype6"
if [ "$want" = desktop ]; then
  libs="$libs libxcb-cursor.so.0:libxcb-cursor0 libxcb-icccm.so.4:libxcb-icccm4
libxcb-keysyms.so.1:libxcb-keysyms1 libxcb-shape.so.0:libxcb-shape0
libxkbcommon-x11.so.0:libxkbcommon-x11-0 libX11-xcb.so.1:libx11-xcb1
libxcb-render-util.so.0:libxcb-render-util0 libxcb-image.so.0:libxcb-image0
libxcb-randr.so.0:libxcb-randr0"
fi
missing=""
for pair in $libs; do
  lib="${pair%%:*}"; pkg="${pair##*:}"
  ldconfig -p 2>/dev/null | grep -q "$lib" || missing="$missing $pkg"
done
fc-list 2>/dev/null | grep -q . || missing="$missing fonts-dejavu-core"
[ -z "$missing" ] && exit 0
echo "Qt needs these Debian packages:$missing"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
else
  echo "Install them with: sudo apt-get install$missing" >&2
  exit 1
fi

#!/bin/sh
# The Debian tools `make package` checks with: desktop-file-validate, appstreamcli, makensis (the
# Windows installer compiled against a stand-in payload) and flatpak-builder (the manifest
# parsed). Installed when missing, as root with apt; otherwise named, and the build stops.
set -u
missing=""
for pair in desktop-file-validate:desktop-file-utils appstreamcli:appstream makensis:nsis \
  flatpak-builder:flatpak-builder dpkg-deb:dpkg; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing="$missing ${pair##*:}"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  # shellcheck disable=SC2086 # one word per package
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
else
  echo "make package needs these Debian packages: sudo apt-get install$missing" >&2
  exit 1
fi

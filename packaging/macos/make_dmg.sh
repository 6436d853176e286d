#!/usr/bin/env bash
# The disk image players download: the app and a link to /Applications to drag it onto.
#
#   packaging/macos/make_dmg.sh "dist/Frightmare Companion.app" OUT.dmg [IDENTITY]
#
# hdiutil (part of macOS) rather than create-dmg: no tool to install, no Finder scripting on a
# runner. With IDENTITY the image itself is signed too (notarisation then covers both).
set -euo pipefail
APP=$1
DMG=$2
IDENTITY=${3:-}
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
ditto "$APP" "$STAGE/$(basename "$APP")"
ln -s /Applications "$STAGE/Applications"
rm -f "$DMG"
hdiutil create -volname "Frightmare Companion" -srcfolder "$STAGE" -fs HFS+ -format UDZO \
  -imagekey zlib-level=9 -ov "$DMG"
if [ -n "$IDENTITY" ]; then
  codesign --force --timestamp --sign "$IDENTITY" "$DMG"
fi
hdiutil verify "$DMG"

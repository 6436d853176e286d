#!/usr/bin/env bash
# Signs the macOS app with a Developer ID, inside out, with the hardened runtime (which
# notarisation requires) and a secure timestamp:
#
#   packaging/macos/sign.sh "dist/Frightmare Companion.app" "Developer ID Application: ..."
#
# Every Mach-O file first (the Python extensions, Qt's libraries and plugins, the Python
# library), then each framework that holds some, then the bundle with the app's entitlements.
# `codesign --deep` is not used for signing: Apple advises against it (it signs nested code
# with the outer code's options). The identity must be in a keychain on the search list (the
# workflow imports it into a temporary one).
set -euo pipefail
APP=$1
IDENTITY=$2
HERE=$(cd "$(dirname "$0")" && pwd)
sign() { codesign --force --timestamp --options runtime --sign "$IDENTITY" "$@"; }

while IFS= read -r -d '' file; do
  if file -b "$file" | grep -q 'Mach-O'; then sign "$file"; fi
done < <(find "$APP/Contents" -type f ! -path '*/_CodeSignature/*' -print0)
while IFS= read -r -d '' framework; do
  sign "$framework"
done < <(find "$APP/Contents" -type d -name '*.framework' -print0)
sign --entitlements "$HERE/entitlements.plist" "$APP"
codesign --verify --strict --deep --verbose=2 "$APP"

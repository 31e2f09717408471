#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium through playwright-core; no browser is ever
# downloaded by npm. Installs it when missing (as root), or says exactly what to run.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium package (needed by the end-to-end tests)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "The end-to-end tests need Debian's Chromium at $CHROMIUM. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to an existing Chromium binary)" >&2
exit 1

#!/usr/bin/env bash
# Installs what the browser suite (tests/web/browser_test.py) needs: Debian's
# Chromium, driven headless. About 100 MB; only .ci/run and people who run
# `meson test -C build --suite browser` need it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/debian_packages.sh
ensure_debian_packages browser-setup chromium python3

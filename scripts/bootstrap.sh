#!/usr/bin/env bash
# Installs what the build needs (Debian packages), then configures and builds
# the project in ./build. Safe to run again: it installs only what is missing
# and rebuilds only what changed.
#
# It says what it is doing as it goes: the build takes minutes on two cores,
# and ninja's own progress ("[12/90] Compiling ...") is shown, on one line
# rewritten in place on a terminal, one line per step otherwise. A failing
# step stops the build at once with the compiler's message.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/debian_packages.sh
# libtsan2: the ThreadSanitizer runtime of the tsan suite (.ci/run).
ensure_debian_packages bootstrap g++ meson ninja-build pkg-config libtbb-dev libxsimd-dev \
  libgtest-dev libbenchmark-dev libtsan2 libcpp-httplib-dev nlohmann-json3-dev

if [ ! -f build/build.ninja ]; then
  echo "bootstrap: configuring build/ (meson setup)" >&2
  # meson's report is long; it is shown only when the configuration fails.
  setup_log=$(mktemp)
  if ! meson setup build --buildtype=release "$@" >"$setup_log" 2>&1; then
    cat "$setup_log" >&2
    rm -f "$setup_log"
    echo "bootstrap: meson setup failed (above)" >&2
    exit 1
  fi
  rm -f "$setup_log"
fi
echo "bootstrap: building build/ (ninja; the first build takes a few minutes on 2 cores)" >&2
if ! NINJA_STATUS="bootstrap: [%f/%t] " ninja -C build >&2; then
  echo "bootstrap: the build failed (the compiler's message is above)" >&2
  exit 1
fi
echo "bootstrap: built build/leiserchess" >&2

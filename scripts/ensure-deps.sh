#!/usr/bin/env bash
# Installs what a target needs when it is missing, so a fresh machine needs nothing by hand.
#   ensure-deps.sh run    libmicrohttpd, libqrencode, SQLite and libsodium (pkg-config libmicrohttpd, libqrencode, sqlite3,
#                           libsodium: SHA-256, Ed25519 signatures of exports, randomness)
#   ensure-deps.sh test   + zbarimg (decodes the join QR codes), Chromium's headless shell, kotlinc (Debian's kotlin: compiles the
#                           Kotlin exports and the Kotlin engine), javac, Playwright for Python, pytest, a Kotlin grammar, and the
#                           reference implementations the engine is checked against (numpy,
#                           scipy, pandas, tsdownsample)
#   ensure-deps.sh bench  + wrk, Chromium
#   ensure-deps.sh test-tools   what test adds to run, alone: `make test` installs it while the
#                           package builds (the build needs only run's libraries)
set -euo pipefail
target=${1:-run}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

apt_updated=no
apt_update() { as_root apt-get update -qq; apt_updated=yes; }
# man-db's trigger re-indexes every manual page after an install (about 2.5 CPU-s each time here);
# the index is only for `man -k`, so it is left to man-db's daily job: the flag that asks for it
# is set aside while these packages install and put back afterwards.
man_index=/var/lib/man-db/auto-update
man_index_held=no
hold_man_index() {
  if [ -e "$man_index" ] && as_root mv "$man_index" "$man_index.workbench-held" 2>/dev/null; then
    man_index_held=yes
    trap restore_man_index EXIT
  fi
}
restore_man_index() {
  [ "$man_index_held" = no ] || { as_root mv "$man_index.workbench-held" "$man_index" 2>/dev/null || true; man_index_held=no; }
}
apt_install() {
  hold_man_index
  # Package lists fetched in the last hour (by run's install a moment ago) are used as they are;
  # if the install fails with them, they are fetched again and the install tried once more.
  if [ "$apt_updated" = no ] && ! find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | grep -q .; then
    apt_update
  fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null && return
  [ "$apt_updated" = no ] || return 1
  apt_update
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if ! command -v swift >/dev/null; then
  echo "Swift is not installed (expected at /opt/swift or on PATH)." >&2
  exit 1
fi

need=()
if [ "$target" != test-tools ]; then
  command -v pkg-config >/dev/null || need+=(pkg-config)
  pkg-config --exists libmicrohttpd 2>/dev/null || need+=(libmicrohttpd-dev)
  pkg-config --exists libqrencode 2>/dev/null || need+=(libqrencode-dev)
  pkg-config --exists sqlite3 2>/dev/null || need+=(libsqlite3-dev)
  pkg-config --exists libsodium 2>/dev/null || need+=(libsodium-dev)
fi
if [ "$target" = test-tools ]; then target=test; fi
if [ "$target" = test ] || [ "$target" = bench ]; then
  command -v zbarimg >/dev/null || need+=(zbar-tools)
fi
if [ "$target" = test ]; then
  # What the tests drive: Chromium's headless shell (no window parts, fewer packages to install).
  command -v chromium-headless-shell >/dev/null || need+=(chromium-headless-shell)
  command -v kotlinc >/dev/null || need+=(kotlin)
  command -v javac >/dev/null || need+=(default-jdk-headless)  # the tests' one-JVM conformance runner
fi
if [ "$target" = bench ]; then
  command -v chromium >/dev/null || need+=(chromium)  # the page as a person meets it (bench-browser)
  command -v wrk >/dev/null || need+=(wrk)
  command -v node >/dev/null || need+=(nodejs)  # the d3-shape baseline of bench-cli
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} …"
  apt_install "${need[@]}"
  restore_man_index
fi

pip_need=()
if [ "$target" = test ] || [ "$target" = bench ]; then
  # module=package pairs, looked up in one Python (importing each in its own took 3 s of every
  # `make test`); colour-science is the readability check's reference (test_readability.py).
  read -r -a pip_need < <(python3 -c 'import importlib.util, sys
print(" ".join(package for module, package in (pair.split("=") for pair in sys.argv[1:]) if importlib.util.find_spec(module) is None))' \
    playwright=playwright pytest=pytest xdist=pytest-xdist requests=requests tree_sitter=tree-sitter \
    tree_sitter_kotlin=tree-sitter-kotlin numpy=numpy scipy=scipy pandas=pandas tsdownsample=tsdownsample \
    axe_playwright_python=axe-playwright-python schemathesis=schemathesis colour=colour-science)
fi
if [ ${#pip_need[@]} -gt 0 ]; then
  echo "Installing Python packages ${pip_need[*]} …"
  # --no-compile: Python compiles what a test imports when it first imports it, not every file of
  # pandas and scipy at install (5 CPU-s for these packages instead of 15).
  python3 -m pip install --quiet --no-compile --disable-pip-version-check "${pip_need[@]}"
fi

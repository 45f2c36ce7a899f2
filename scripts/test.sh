#!/usr/bin/env bash
# scripts/test.sh — the project's test command: provides what the tests need beyond Java 17 and Maven,
# then runs `mvn -B -ntp verify` (arguments are passed on to Maven, e.g. -pl tidemark-core).
#
# What the tests need on the machine, and what this script does when it is missing:
#   - PostgreSQL 15 server binaries (tidemark-jdbc and the command's table outputs start a real server):
#     Debian's postgresql-15, or a folder of binaries named by $TIDEMARK_PG_BIN
#   - Debian's chromium at /usr/bin/chromium (the monitor page's browser test, tidemark-cli)
#   - Node.js and npm (that browser test drives chromium with playwright-core, pinned in
#     tidemark-cli/src/test/browser/package-lock.json; `npm ci` downloads no browser)
# Missing Debian packages are installed with apt-get, as root or through sudo; without either, the script
# names the command to run and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ -z "${TIDEMARK_PG_BIN:-}" ]; then
  packages+=(postgresql-15)
fi
[ -x /usr/bin/chromium ] || packages+=(chromium)
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

if [ ${#packages[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    sudo=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo)
  else
    echo "scripts/test.sh: the tests need Debian packages that are missing: ${packages[*]}" >&2
    echo "  install them (sudo apt-get install --no-install-recommends ${packages[*]}) and run this again," >&2
    echo "  or point TIDEMARK_PG_BIN at a folder of PostgreSQL server binaries" >&2
    exit 1
  fi
  echo "scripts/test.sh: installing ${packages[*]} (what the tests need)"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

(cd tidemark-cli/src/test/browser && npm ci --no-audit --no-fund --loglevel=error)
exec mvn -B -ntp verify "$@"

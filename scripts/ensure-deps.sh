#!/usr/bin/env bash
# Installs what `make run` and `make test` need and is missing: the PostgreSQL server from
# Debian (when no server binaries are found), Chromium and redis-server for the tests (with
# --browser; the push tests run two Centrifugo nodes on one Redis), and the web app's npm
# packages.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0
[ "${1:-}" = "--browser" ] && want_browser=1

sudo_cmd() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ $apt_updated = 0 ]; then sudo_cmd apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive sudo_cmd apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

have_pg_server() {
  [ -n "${PG_BINDIR:-}" ] && [ -x "$PG_BINDIR/pg_ctl" ] && return 0
  ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1
}
if [ -z "${DATABASE_URL:-}" ] && ! have_pg_server; then
  echo "Installing the PostgreSQL server from Debian..."
  apt_install postgresql
fi
if [ $want_browser = 1 ] && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium from Debian..."
  apt_install chromium
fi
if [ $want_browser = 1 ] && ! command -v redis-server >/dev/null; then
  echo "Installing redis-server from Debian..."
  apt_install redis-server
fi
if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  echo "Installing the web app's npm packages..."
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

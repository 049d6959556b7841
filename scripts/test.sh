#!/usr/bin/env bash
# make test: sets up what the tests need (PostgreSQL, Chromium, npm packages), then runs the
# Go unit and integration tests, the web unit tests and the browser end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}

scripts/ensure-deps.sh --browser
go build -o bin/portal ./cmd/portal
scripts/build-centrifugo.sh
scripts/build-seaweedfs.sh

# One private PostgreSQL for the whole run; each test package makes its own database on it.
# Packages run one at a time: a transaction one package holds open (the event store test
# holds one for seconds on purpose) holds every reader of the cluster back.
bin/portal db start .data/test-pg 55498 >/dev/null
trap 'bin/portal db stop .data/test-pg 55498 >/dev/null 2>&1 || true' EXIT
export TEST_DATABASE_URL="postgres://portal@/postgres?host=$PWD/.data/test-pg&port=55498&sslmode=disable"

# Each suite's output is also kept under .data/test-logs, and the run ends with the lines that
# name what failed: a CI log is often read from its tail only.
logs=.data/test-logs
rm -rf "$logs" && mkdir -p "$logs"
failed=()
suite() { # suite NAME COMMAND...: runs the command, its output shown and kept in $logs/NAME.log
  local name=$1; shift
  echo "== $name"
  if ! "$@" 2>&1 | tee "$logs/$name.log"; then failed+=("$name"); fi
}
if [ "$what" = all ] || [ "$what" = go ]; then
  suite go go test -count=1 -p 1 -timeout 20m ./...
fi
if [ "$what" = all ] || [ "$what" = web ]; then
  suite web bash -c 'cd web && npm test'
fi
if [ "$what" = all ] || [ "$what" = e2e ]; then
  suite e2e bash -c 'cd web && npm run build >/dev/null && cd .. &&
    PORTAL_BIN="$PWD/bin/portal" WEB_DIR="$PWD/web/dist" node --test web/e2e/'
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "== Failed: ${failed[*]}"
  for name in "${failed[@]}"; do
    grep -E -- '^(--- FAIL|FAIL|panic:)|^\s+[a-z_]+_test\.go:[0-9]+:|FAIL |×|not ok' "$logs/$name.log" | head -40 || true
  done
  exit 1
fi

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

status=0
if [ "$what" = all ] || [ "$what" = go ]; then
  echo "== Go tests"
  go test -count=1 -p 1 -timeout 20m ./... || status=1
fi
if [ "$what" = all ] || [ "$what" = web ]; then
  echo "== Web unit tests"
  (cd web && npm test) || status=1
fi
if [ "$what" = all ] || [ "$what" = e2e ]; then
  echo "== Browser end-to-end tests"
  (cd web && npm run build >/dev/null) || status=1
  PORTAL_BIN="$PWD/bin/portal" WEB_DIR="$PWD/web/dist" node --test web/e2e/ || status=1
fi
exit $status

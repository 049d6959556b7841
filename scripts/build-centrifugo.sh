#!/usr/bin/env bash
# Builds the Centrifugo server pinned in tools/centrifugo/go.mod into bin/centrifugo, once:
# it does nothing when the binary is newer than the pin. Takes about two minutes the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bin/centrifugo
if [ -x "$out" ] && [ "$out" -nt tools/centrifugo/go.mod ] && [ "$out" -nt tools/centrifugo/go.sum ]; then
  exit 0
fi
version=$(awk '$1 == "github.com/centrifugal/centrifugo/v6" { print $2 }' tools/centrifugo/go.mod)
echo "Building Centrifugo ${version} into ${out} (once)..."
mkdir -p bin
(cd tools/centrifugo && go build -trimpath \
  -ldflags "-s -w -X github.com/centrifugal/centrifugo/v6/internal/build.Version=${version#v}" \
  -o ../../"$out" github.com/centrifugal/centrifugo/v6)

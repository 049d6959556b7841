#!/usr/bin/env bash
# Builds the SeaweedFS server pinned in tools/seaweedfs/go.mod into bin/weed, once: it does
# nothing when the binary is newer than the pin. The blob store's S3 tests run it as a real
# S3-compatible server. Takes several minutes the first time (SeaweedFS is large).
set -euo pipefail
cd "$(dirname "$0")/.."
out=bin/weed
if [ -x "$out" ] && [ "$out" -nt tools/seaweedfs/go.mod ] && [ "$out" -nt tools/seaweedfs/go.sum ]; then
  exit 0
fi
version=$(awk '$1 == "github.com/seaweedfs/seaweedfs" { print $2 }' tools/seaweedfs/go.mod)
echo "Building SeaweedFS ${version} into ${out} (once)..." >&2
mkdir -p bin
(cd tools/seaweedfs && go build -trimpath -ldflags "-s -w" -o ../../"$out" github.com/seaweedfs/seaweedfs/weed)

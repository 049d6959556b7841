#!/usr/bin/env bash
# domain/ is pure: it may import only the standard library and other domain packages.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=$(go list -f '{{.ImportPath}}: {{join .Imports " "}}' ./domain/... |
  awk -F': ' '{n=split($2,a," "); for(i=1;i<=n;i++) if (a[i] ~ /\./ || (a[i] ~ /^portal\// && a[i] !~ /^portal\/domain/)) print $1" imports "a[i]}')
if [ -n "$bad" ]; then echo "domain/ must import only the standard library:"; echo "$bad"; exit 1; fi
echo "domain imports: ok"

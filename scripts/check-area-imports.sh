#!/usr/bin/env bash
# commands/ and projections/ hold one package per area (commands/<area>, projections/<area>)
# beside what the areas share, which stays in the parent package: an area imports the parent,
# never a sibling area, and the parent imports no area. Test-only helper packages (a name
# ending in "test", such as commands/clocktest) are neither.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=""
for parent in commands projections; do
  [ -d "$parent" ] || continue
  areas=$(go list ./$parent/... | awk -v p="portal/$parent/" 'index($0, p) == 1 && $0 !~ /test$/')
  out=$(go list -f '{{.ImportPath}}: {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./$parent/... |
    awk -v p="portal/$parent" -v areas="$areas" '
      BEGIN { n = split(areas, a, "\n"); for (i = 1; i <= n; i++) isArea[a[i]] = 1 }
      {
        pkg = $1; sub(/:$/, "", pkg)
        if (pkg != p && !isArea[pkg]) next
        for (i = 2; i <= NF; i++) {
          imp = $i
          if (!isArea[imp] || imp == pkg) continue
          if (pkg == p) print pkg " (shared) imports the area " imp
          else print pkg " imports its sibling area " imp
        }
      }')
  bad+="$out"
done
if [ -n "$bad" ]; then
  echo "an area of commands/ or projections/ may import the shared parent, never another area:"
  echo "$bad" | sort -u
  exit 1
fi
echo "area imports: ok"

#!/usr/bin/env bash
# Builds the DocC documentation of every target (swift-docc-plugin) and fails on any warning
# (an unresolved symbol link, a missing image, a malformed directive).
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift package generate-documentation >"$log" 2>&1 || { cat "$log"; exit 1; }
if grep -q "warning:" "$log"; then
    grep -A4 "warning:" "$log"
    echo "documentation: $(grep -c "warning:" "$log") warning(s)"
    exit 1
fi
echo "documentation: $(grep -c "doccarchive" "$log") archives, no warning"

#!/usr/bin/env bash
# Re-pins the outline fingerprints of Tests/FreehandKitTests/OutlineBitsTests.swift after a change
# to the geometry that is meant (a brush, the taper, the tessellator): runs the two tests, takes
# the new value each failure prints ("↳ name: 0x…") and writes it into the pinned table. Review the
# diff: every changed pin is a changed picture. Usage: tools/repin_outline_bits.sh (after swift build --build-tests).
set -euo pipefail
cd "$(dirname "$0")/.."
file=Tests/FreehandKitTests/OutlineBitsTests.swift
output="$(swift test --skip-build --filter OutlineBitsTests 2>&1 || true)"
printf '%s\n' "$output" | python3 -c '
import re, sys
path = sys.argv[1]
text = open(path).read()
changed = 0
for name, value in re.findall(r"↳ (.+?): (0x[0-9A-F]+)", sys.stdin.read()):
    pattern = re.compile(r"(\"" + re.escape(name) + r"\": )0x[0-9A-F]+")
    if not pattern.search(text):
        sys.exit(f"no pin named {name!r} in {path}: add \"{name}\": 0x0 to its table first")
    text, count = pattern.subn(lambda match: match.group(1) + value, text)
    changed += count
open(path, "w").write(text)
print(f"{changed} pins rewritten in {path}")
' "$file"

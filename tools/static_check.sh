#!/usr/bin/env bash
# The README's one-file command-line tool is what it says: built as the README builds it, it is a
# static executable (no shared library at all), and it draws the demo and converts a file from an
# empty folder with an empty environment. Prints its stripped size and start-up time.
#   tools/static_check.sh     # exit 0 when the static tool builds and runs alone (Linux)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(uname -s)" = Linux ] || { echo "static_check: skipped (a static executable is a Linux build)"; exit 0; }
command="$(grep -m1 -o 'swift build -c release --static-swift-stdlib [^#]*--product freehand' README.md)" || {
    echo "static_check: README.md lost its static build line" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The README's line, into a build folder of its own so that the usual release build is untouched.
$command --scratch-path .build-static >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
binary=.build-static/release/freehand
if ldd "$binary" >/dev/null 2>&1; then
    echo "static_check: $binary links shared libraries:" >&2; ldd "$binary" >&2; exit 1
fi
strip -o "$work/freehand" "$binary"
cp Sources/freehand/SampleInk/hey.json "$work/"
(cd "$work" && env -i ./freehand demo -o demo.svg >/dev/null && env -i ./freehand convert hey.json hey.pdf)
[ -s "$work/demo.png" ] && [ -s "$work/hey.pdf" ] || { echo "static_check: the static tool did not draw" >&2; exit 1; }
start="$(date +%s%N)"
for _ in 1 2 3 4 5 6 7 8 9 10; do env -i "$work/freehand" --version >/dev/null; done
echo "static_check: the static freehand runs alone: $(( $(stat -c %s "$work/freehand") / 1000000 )) MB stripped, $(( ($(date +%s%N) - start) / 10000000 )) ms to start"

#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (swift build --sanitize fuzzer) and runs each for a while.
# Usage: tools/fuzz.sh [SECONDS_PER_TARGET] [--runs N]
#   SECONDS_PER_TARGET  wall-clock budget per parser (default 60)
#   --runs N            instead of a time budget, exactly N executions with a fixed seed (for CI:
#                       the same inputs every run)
# Seeds come from the bundled fixtures (converted to each format); crashes are written to
# Fuzz/crashes/<target>/ and make the script exit non-zero. Every crash found becomes a regression
# test in Tests/FreehandDocumentTests/FuzzRegressionTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
runs=""
if [ "${2:-}" = "--runs" ]; then runs="${3:?--runs needs a count}"; fi

swift build -c release --package-path Fuzz --sanitize fuzzer >/dev/null
bin="Fuzz/.build/release"

# Seed corpora: the fixtures in every format, plus a few PNGs.
swift build -c release --product freehand >/dev/null
cli=".build/release/freehand"
for target in InkJSON RecordingJSON BinaryInk InkML SignaturePad PNG Pipeline; do mkdir -p "Fuzz/corpus/$target" "Fuzz/crashes/$target"; done
for fixture in Tests/FreehandKitTests/Fixtures/inkable-*.json Tests/FreehandKitTests/Fixtures/perfect-freehand-he2.json; do
    name="$(basename "$fixture" .json)"
    cp "$fixture" "Fuzz/corpus/RecordingJSON/$name.json"
    "$cli" convert "$fixture" "Fuzz/corpus/InkJSON/$name.json"
    "$cli" convert "$fixture" "Fuzz/corpus/BinaryInk/$name.fhb"
    "$cli" convert "$fixture" "Fuzz/corpus/InkML/$name.inkml"
    "$cli" convert "$fixture" "Fuzz/corpus/SignaturePad/$name.json" --to signature-pad
done
"$cli" render Tests/FreehandKitTests/Fixtures/inkable-events.json -o Fuzz/corpus/PNG/events.png --fit 64x48

status=0
for target in InkJSON RecordingJSON BinaryInk InkML SignaturePad PNG Pipeline; do
    budget=(-max_total_time="$seconds")
    if [ -n "$runs" ]; then budget=(-runs="$runs" -seed=1); fi
    log="$(mktemp)"
    if "$bin/Fuzz$target" "${budget[@]}" -max_len=65536 -rss_limit_mb=4096 -artifact_prefix="Fuzz/crashes/$target/" \
        "Fuzz/corpus/$target" >"$log" 2>&1; then
        echo "Fuzz$target: $(grep -Eo 'Done [0-9]+ runs' "$log" | tail -1 || true), no crash"
    else
        echo "Fuzz$target: CRASH — see Fuzz/crashes/$target/"; tail -30 "$log"; status=1
    fi
    rm -f "$log"
done
exit $status

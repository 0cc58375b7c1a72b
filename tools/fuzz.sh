#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (swift build --sanitize fuzzer) and runs each for a while.
# Usage: tools/fuzz.sh [SECONDS_PER_TARGET] [--runs N]
#   SECONDS_PER_TARGET  wall-clock budget per parser (default 60)
#   --runs N            instead of a time budget, exactly N executions with a fixed seed (for CI:
#                       the same inputs every run)
# Seeds come from the bundled fixtures (converted to each format); crashes are written to
# Fuzz/crashes/<target>/ and make the script exit non-zero. Every crash found becomes a regression
# test in Tests/FreehandDocumentTests/FuzzRegressionTests.swift (the pipeline's in
# Tests/FreehandRenderTests/PipelineRegressions).
#
# For long runs (environment): FUZZ_TARGETS="Pipeline InkML" runs only those; FUZZ_EDGE_ONLY=1
# builds with edge coverage and no comparison tracing (about 1.5 times the executions per second
# on the pipeline target; its own scratch folder, Fuzz/.build-edge); FUZZ_MAX_LEN sets the
# largest input (default 65536; 512 keeps the pipeline target's strokes short and fast);
# FUZZ_JOBS=N runs N workers per target.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
runs=""
if [ "${2:-}" = "--runs" ]; then runs="${3:?--runs needs a count}"; fi
targets="${FUZZ_TARGETS:-InkJSON RecordingJSON BinaryInk InkML SignaturePad PNG Pipeline}"
max_len="${FUZZ_MAX_LEN:-65536}"
jobs="${FUZZ_JOBS:-1}"

# Optimized, but with `assert` kept: the checks that release builds leave out (the rasterizer's
# reads of its own buffers, for one) stop the fuzzer at the first bad index.
checked="-Xswiftc -assert-config -Xswiftc Debug"

if [ "${FUZZ_EDGE_ONLY:-0}" = "1" ]; then
    swift build -c release --package-path Fuzz --scratch-path Fuzz/.build-edge --sanitize fuzzer $checked \
        -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table >/dev/null
    bin="Fuzz/.build-edge/release"
else
    swift build -c release --package-path Fuzz --sanitize fuzzer $checked >/dev/null
    bin="Fuzz/.build/release"
fi

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
# Hand-made seeds: the hostile probes' inputs (escapes, −0, computed times, empty and nested traces…).
for seeds in Fuzz/seeds/*/; do cp "$seeds"* "Fuzz/corpus/$(basename "$seeds")/"; done

status=0
for target in $targets; do
    budget=(-max_total_time="$seconds")
    if [ -n "$runs" ]; then budget=(-runs="$runs" -seed=1); fi
    parallel=()
    if [ "$jobs" -gt 1 ]; then parallel=(-jobs="$jobs" -workers="$jobs"); fi
    log="$(mktemp)"
    if "$bin/Fuzz$target" "${budget[@]}" "${parallel[@]}" -max_len="$max_len" -rss_limit_mb=4096 -artifact_prefix="Fuzz/crashes/$target/" \
        "Fuzz/corpus/$target" >"$log" 2>&1; then
        if [ "$jobs" -gt 1 ]; then
            # Each worker logs to fuzz-N.log: its last count is its executions.
            counts="$(for worker in fuzz-*.log; do grep -Eo '^#[0-9]+' "$worker" | tail -1 | tr -d '#'; done | tr '\n' ' ')"
            rm -f fuzz-*.log
            echo "Fuzz$target: workers ran ${counts}executions, no crash"
        else
            echo "Fuzz$target: $(grep -Eo 'Done [0-9]+ runs' "$log" | tail -1 || true), no crash"
        fi
    else
        echo "Fuzz$target: CRASH — see Fuzz/crashes/$target/"; tail -30 "$log"; status=1
    fi
    rm -f "$log"
done
exit $status

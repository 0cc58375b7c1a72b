#!/usr/bin/env bash
# An app package made from the README's own Install lines resolves, builds and runs: the README's
# `.package(…)` line and `.product(…)` lines are extracted (not restated), their URL pointed at a
# clone of the committed HEAD (as `main`), and the app builds the four libraries, draws a stroke to
# SVG, and builds the dependency's `freehand` tool; a second app takes `FreehandDrawing` alone and
# reads and writes a drawing without the rasterizer being built or zlib linked. The manifest is
# checked for unsafe flags directly: SwiftPM refuses them in a version-pinned dependency, which
# this branch form is not.
# The README's versioned form (`from: "VERSION"`) is resolved too: against the clone's own tag when
# the repository has one, else against a tag made in the throwaway clone only — never a tag here.
#   tools/consumer_check.sh     # exit 0 when the app builds and draws a stroke to SVG
set -euo pipefail
cd "$(dirname "$0")/.."
if grep -n "unsafeFlags" Package.swift >&2; then
    echo "consumer_check: Package.swift has unsafeFlags: SwiftPM refuses them in a version-pinned dependency" >&2
    exit 1
fi
# The Install section's Swift block, and the versioned line of its prose.
install="$(sed -n '/^## Install/,/^## /p' README.md)"
block="$(printf '%s\n' "$install" | sed -n '/^```swift/,/^```/p')"
dependency="$(printf '%s\n' "$block" | grep -m1 -o '\.package(url: "[^"]*", [^)]*)')" || true
products="$(printf '%s\n' "$block" | grep -o '\.product(name: "[^"]*", package: "[^"]*")' | paste -sd, -)" || true
versioned="$(printf '%s\n' "$install" | grep -m1 -o '\.package(url: "[^"]*", from: "[0-9.]*")')" || true
[ -n "$dependency" ] && [ -n "$products" ] && [ -n "$versioned" ] || {
    echo "consumer_check: README.md's Install section lost its .package line, its .product lines or its versioned form" >&2
    exit 1
}
url="$(printf '%s' "$dependency" | sed 's/.*url: "\([^"]*\)".*/\1/')"
version="$(printf '%s' "$versioned" | sed 's/.*from: "\([0-9.]*\)".*/\1/')"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/FreehandKit"
git -C "$work/FreehandKit" checkout -q -B main   # the commit under test, as the branch the line follows
app() {  # app NAME DEPENDENCY [PRODUCTS]: an app package depending on FreehandKit by DEPENDENCY, with PRODUCTS (the README's)
    mkdir -p "$work/$1/Sources/App"
    cat > "$work/$1/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [${2//"$url"/file://$work/FreehandKit}],
    targets: [.executableTarget(name: "App", dependencies: [${3:-$products}])]
)
MANIFEST
}
app App "$dependency"
cat > "$work/App/Sources/App/main.swift" <<'SOURCE'
import FreehandDocument
import FreehandKit
import FreehandRender
import FreehandUI

let samples = (0..<40).map { Sample(x: Double($0) * 4, y: 20 + 10 * Double($0 % 7), timestamp: Double($0) / 120, force: 0.5) }
let drawing = Drawing(strokes: [StrokeRecord(samples: samples, preset: .handwriting)])
print(DrawingExport.svg(drawing, background: nil))
SOURCE
if ! swift build --package-path "$work/App" > "$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    exit 1
fi
if ! swift build --package-path "$work/App" --product freehand > "$work/tool.log" 2>&1; then
    cat "$work/tool.log" >&2
    exit 1
fi
"$work/App/.build/debug/freehand" --help > /dev/null
svg="$("$work/App/.build/debug/App")"
case "$svg" in
*"<path"*) ;;
*) echo "consumer_check: the app ran but drew no path: $svg" >&2; exit 1 ;;
esac
# An app that only reads and writes ink files takes FreehandDrawing alone: neither the rasterizer
# nor zlib is built or linked.
app Files "$dependency" '.product(name: "FreehandDrawing", package: "FreehandKit")'
cat > "$work/Files/Sources/App/main.swift" <<'SOURCE'
import Foundation
import FreehandDrawing
import FreehandKit

let drawing = Drawing(strokes: [StrokeRecord(samples: (0..<5).map { Sample(x: Double($0), y: 1, timestamp: Double($0) / 60) })])
let read = try InkFileFormat.binary.read(InkFileFormat.binary.data(for: drawing))
print(read == drawing ? "same" : "different")
SOURCE
if ! swift build --package-path "$work/Files" > "$work/files.log" 2>&1; then
    cat "$work/files.log" >&2
    exit 1
fi
[ "$("$work/Files/.build/debug/App")" = same ] || { echo "consumer_check: the files-only app did not read back its drawing" >&2; exit 1; }
if find "$work/Files/.build/debug" -maxdepth 1 -name 'FreehandRender*' | grep -q . \
    || { command -v ldd >/dev/null && ldd "$work/Files/.build/debug/App" | grep -q 'libz\.so'; }; then
    echo "consumer_check: an app of FreehandDrawing alone built the rasterizer or linked zlib" >&2
    exit 1
fi
# The versioned form resolves once the version is tagged.
git -C "$work/FreehandKit" rev-parse -q --verify "refs/tags/$version" >/dev/null || git -C "$work/FreehandKit" tag "$version"
app Pinned "$versioned"
if ! swift package --package-path "$work/Pinned" resolve > "$work/resolve.log" 2>&1; then
    cat "$work/resolve.log" >&2
    exit 1
fi
echo "consumer_check: an app made from the README's Install lines ($dependency) builds, draws and builds its freehand tool; an app of FreehandDrawing alone reads and writes ink without the rasterizer or zlib; from: \"$version\" resolves once tagged"

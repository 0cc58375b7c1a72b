#!/usr/bin/env bash
# An app package that adds FreehandKit as the README's Install section says — by a versioned URL —
# resolves, builds and runs: the committed HEAD is cloned, tagged with the CHANGELOG's newest
# version, and depended on with `.package(url: "file://…", from: VERSION)`, its four libraries
# (FreehandKit, FreehandRender, FreehandDocument, FreehandUI) in one app target, and the
# dependency's `freehand` tool built from the app's package, which SwiftPM refuses when a target of
# a version-pinned dependency has unsafe flags. (SwiftPM 6.3 accepts them from a file:// URL, so
# the manifest is also checked for them directly.)
#   tools/consumer_check.sh     # exit 0 when the app builds and draws a stroke to SVG
set -euo pipefail
cd "$(dirname "$0")/.."
version="$(sed -n 's/^## \([0-9][0-9.]*\) .*/\1/p' CHANGELOG.md | head -1)"
[ -n "$version" ] || { echo "consumer_check: no version in CHANGELOG.md" >&2; exit 1; }
if grep -n "unsafeFlags" Package.swift >&2; then
    echo "consumer_check: Package.swift has unsafeFlags: SwiftPM refuses them in a version-pinned dependency" >&2
    exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/FreehandKit"
git -C "$work/FreehandKit" tag "$version"
mkdir -p "$work/App/Sources/App"
cat > "$work/App/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(url: "file://$work/FreehandKit", from: "$version")],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "FreehandKit", package: "FreehandKit"), .product(name: "FreehandRender", package: "FreehandKit"),
                .product(name: "FreehandDocument", package: "FreehandKit"), .product(name: "FreehandUI", package: "FreehandKit"),
            ])
    ]
)
MANIFEST
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
*"<path"*) echo "consumer_check: an app depending on FreehandKit from: \"$version\" builds and draws, and builds its freehand tool" ;;
*) echo "consumer_check: the app ran but drew no path: $svg" >&2; exit 1 ;;
esac

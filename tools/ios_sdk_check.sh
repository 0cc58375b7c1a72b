#!/usr/bin/env bash
# The libraries, FreehandUI and Examples/ type-checked for arm64-apple-ios16.0 against Apple's real
# iPhoneOS SDK (where tools/ui_check.sh uses stand-ins). Swift 6 mode; FreehandUI, the name-clash
# app and the examples with warnings as errors. Nothing of the SDK is part of this repository:
# ../shared/ios-sdk/README.md says how to get one and build the resource folder it needs.
#   tools/ios_sdk_check.sh SDK RESOURCES   # e.g. ~/sdk/iPhoneOS16.5.sdk ~/sdk/res
#   IOS_SDK=… IOS_RESOURCES=… tools/ios_sdk_check.sh
# With no SDK given it says so and exits 0: CI keeps the stand-in check.
#
# What the 16.5 SDK cannot judge (its standard library is Swift 5.8's) is reported and allowed in
# the libraries only, by its exact message: typed throws inferred through the standard library's
# `map`. Any other library report fails the check (the libraries use no `BitwiseCopyable`, which
# that standard library lacks).
set -euo pipefail
cd "$(dirname "$0")/.."
sdk="${1:-${IOS_SDK:-}}"
resources="${2:-${IOS_RESOURCES:-}}"
if [ -z "$sdk" ] || [ ! -d "$sdk/System/Library/Frameworks/UIKit.framework" ]; then
    echo "ios_sdk_check: skipped — no iPhoneOS SDK given (tools/ios_sdk_check.sh SDK RESOURCES; see ../shared/ios-sdk/README.md)"
    exit 0
fi
if [ -z "$resources" ] || [ ! -e "$resources/shims" ] || [ ! -e "$resources/apinotes/Dispatch.apinotes" ]; then
    echo "ios_sdk_check: RESOURCES must hold shims/, clang/ and apinotes/{Dispatch,os}.apinotes (../shared/ios-sdk/README.md)" >&2
    exit 2
fi
work="$(mktemp -d)"
[ -n "${IOS_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
[ -z "${IOS_KEEP:-}" ] || echo "ios_sdk_check: work folder $work"
cache="${IOS_MODULE_CACHE:-${TMPDIR:-/tmp}/freehand-ios-module-cache}"
flags=(-target arm64-apple-ios16.0 -sdk "$sdk" -resource-dir "$resources" -module-cache-path "$cache"
    -swift-version 6 -parse-as-library -I "$work" -D SWIFT_PACKAGE -package-name freehandkit
    -Xcc "-fmodule-map-file=$PWD/Sources/CZlib/module.modulemap")

# The reports the 16.5 SDK makes that Xcode 16 would not (its standard library predates typed throws).
sdk_age='^Sources/(FreehandKit/Interpolation/TechniqueCatalog|FreehandDrawing/Formats/InkJSONPullDecoding)\.swift:[0-9]+:[0-9]+: error: thrown expression type .any Error. cannot be converted to error type'
failed=0

library() {
    local module="$1" log="$work/$1.log"
    local sources
    sources=$(find "Sources/$module" -name '*.swift' | sort)
    local status=0
    # shellcheck disable=SC2086
    swiftc -typecheck "${flags[@]}" -module-name "$module" $sources > "$log" 2>&1 || status=$?
    local errors others
    errors=$(grep -cE ': (error|warning):' "$log" || true)
    others=$(grep -E ': (error|warning):' "$log" | grep -vE "$sdk_age" || true)
    if [ "$status" -ne 0 ] && [ "$errors" -eq 0 ]; then
        cat "$log" >&2
        echo "ios_sdk_check: $module — the compiler failed without a report" >&2
        failed=1
    elif [ -n "$others" ]; then
        echo "ios_sdk_check: $module — reports other than the SDK's age:" >&2
        echo "$others" >&2
        failed=1
    else
        echo "ios_sdk_check: $module bodies type-check ($(echo "$sources" | wc -l) files; $errors report(s), all the SDK's age)"
        grep -E ': (error|warning):' "$log" | sed 's/^/    /' || true
    fi
    # shellcheck disable=SC2086
    swiftc -emit-module -wmo "${flags[@]}" -module-name "$module" -Xfrontend -experimental-skip-all-function-bodies \
        -emit-module-path "$work/$module.swiftmodule" $sources > "$work/$module.emit.log" 2>&1 || {
        cat "$work/$module.emit.log" >&2
        echo "ios_sdk_check: $module's interface does not build" >&2
        exit 1
    }
}

strict() {
    local name="$1"
    shift
    if swiftc -typecheck -warnings-as-errors "${flags[@]}" -module-name "$name" "$@" > "$work/$name.log" 2>&1; then
        echo "ios_sdk_check: $name type-checks, no warning ($# files)"
    else
        cat "$work/$name.log" >&2
        echo "ios_sdk_check: $name fails against the real SDK" >&2
        failed=1
    fi
}

library FreehandKit
library FreehandRender
library FreehandDrawing
library FreehandDocument
library FreehandEvaluation
# shellcheck disable=SC2046
strict FreehandUI $(find Sources/FreehandUI -name '*.swift' | sort)
# shellcheck disable=SC2046
swiftc -emit-module -wmo "${flags[@]}" -module-name FreehandUI -Xfrontend -experimental-skip-all-function-bodies \
    -emit-module-path "$work/FreehandUI.swiftmodule" $(find Sources/FreehandUI -name '*.swift' | sort) > /dev/null 2>&1 || true
# An app that imports SwiftUI, UIKit, MacTypes (Point, Rect) and every product, and names every
# public type of the products unqualified: an ambiguous name fails here.
tools/public_type_names.sh --app "$work/NameClash.swift"
strict NameClashApp "$work/NameClash.swift"
for example in Examples/*/; do
    # shellcheck disable=SC2046
    strict "$(basename "$example" .swiftpm)" $(find "$example" -name '*.swift' ! -name Package.swift | sort)
done
exit $failed

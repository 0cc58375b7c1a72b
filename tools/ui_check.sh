#!/usr/bin/env bash
# FreehandUI and Examples/ type-checked on Linux, in Swift 6 language mode with warnings as errors,
# against stand-ins of UIKit, SwiftUI, Combine and CoreGraphics (tools/ui-check/standins, each
# saying which of Apple's declarations it mirrors). It catches what a Linux build never sees
# (main-actor isolation, optionality, signatures, Sendable) but cannot prove that Apple's SDK
# agrees with the stand-ins. It also checks that it still catches the error that kept FreehandUI
# from compiling: the original TouchSample+UIKit.swift (tools/ui-check/known-bad) must fail.
#   tools/ui_check.sh          # exit 0 when everything type-checks and the known-bad file fails
set -euo pipefail
cd "$(dirname "$0")/.."
if ! swift build --target FreehandEvaluation > "${TMPDIR:-/tmp}/ui_check_build.log" 2>&1; then
    cat "${TMPDIR:-/tmp}/ui_check_build.log" >&2
    exit 1
fi
modules="$(swift build --show-bin-path)/Modules"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
flags=(-swift-version 6 -parse-as-library -warnings-as-errors -I "$work" -I "$modules"
    -Xcc "-fmodule-map-file=$PWD/Sources/CZlib/module.modulemap")

for module in CoreGraphics QuartzCore Combine UIKit SwiftUI MacTypes; do
    swiftc "${flags[@]}" -emit-module -module-name "$module" -o "$work/$module.swiftmodule" "tools/ui-check/standins/$module.swift"
done

# PencilKit as Apple builds its frameworks, with library evolution: a switch over its non-frozen
# ink type needs `@unknown default` (the warning that Foundation is not built that way is the
# stand-ins', not the code's).
if ! swiftc "${flags[@]}" -no-warnings-as-errors -enable-library-evolution -emit-module -module-name PencilKit \
    -o "$work/PencilKit.swiftmodule" tools/ui-check/standins/PencilKit.swift > "$work/pencilkit.log" 2>&1; then
    cat "$work/pencilkit.log" >&2
    exit 1
fi

# The sources as an iOS build sees them: the platform condition opened, the subclass submodule
# import dropped (its members are in the UIGestureRecognizer stand-in). Every file must carry the
# condition, so that none builds on platforms without UIKit.
opened() {
    local source="$1" target="$2"
    if [ "$(head -1 "$source")" != "#if os(iOS) || os(visionOS)" ] && [ "$(head -1 "$source")" != "#if canImport(UIKit)" ]; then
        echo "ui_check: $source does not start with #if os(iOS) || os(visionOS)" >&2
        return 1
    fi
    sed -e '1s/.*/#if true/' -e '/^import UIKit\.UIGestureRecognizerSubclass$/d' "$source" > "$target"
}

mkdir -p "$work/ui" "$work/examples"
for source in $(find Sources/FreehandUI -name '*.swift' | sort); do
    opened "$source" "$work/ui/$(basename "$source")"
done
swiftc "${flags[@]}" -emit-module -module-name FreehandUI -o "$work/FreehandUI.swiftmodule" "$work"/ui/*.swift
echo "ui_check: FreehandUI type-checks against the stand-ins ($(ls "$work"/ui | wc -l) files)"

count=0
for example in Examples/*/; do
    rm -f "$work"/examples/*.swift
    for source in $(find "$example" -name '*.swift' ! -name Package.swift | sort); do
        opened "$source" "$work/examples/$(basename "$source")"
        count=$((count + 1))
    done
    swiftc "${flags[@]}" -typecheck -module-name Example "$work"/examples/*.swift
done
echo "ui_check: Examples/ type-check against FreehandUI ($count files)"
# Their manifests (App Playgrounds: AppleProductTypes exists only in Xcode and Swift Playgrounds) parse.
for manifest in Examples/*/Package.swift; do swiftc -parse "$manifest"; done
echo "ui_check: $(ls Examples/*/Package.swift | wc -l) example manifests parse"

# Every public type of the products, named unqualified beside SwiftUI, UIKit and MacTypes.
tools/public_type_names.sh --app "$work/NameClash.swift" MacTypes
swiftc "${flags[@]}" -typecheck -module-name NameClashApp "$work/NameClash.swift"
echo "ui_check: $(tools/public_type_names.sh | wc -l) public type names clash with nothing SwiftUI, UIKit or MacTypes declare"

# The check must still catch the original error.
rm -f "$work"/ui/TouchSample+UIKit.swift
opened tools/ui-check/known-bad/TouchSample+UIKit.swift "$work/ui/TouchSample+UIKit.swift"
if swiftc "${flags[@]}" -typecheck -module-name FreehandUI "$work"/ui/*.swift > "$work/bad.log" 2>&1; then
    echo "ui_check: the original TouchSample+UIKit.swift type-checks: the stand-ins no longer catch main-actor errors" >&2
    exit 1
fi
if ! grep -q "main actor-isolated" "$work/bad.log"; then
    echo "ui_check: the original TouchSample+UIKit.swift failed for another reason:" >&2
    cat "$work/bad.log" >&2
    exit 1
fi
echo "ui_check: the original TouchSample+UIKit.swift is refused ($(grep -c "error:" "$work/bad.log") main-actor errors)"

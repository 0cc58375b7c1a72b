#!/usr/bin/env bash
# Builds FreehandKit's engine for the browser: Embedded Swift compiled to WebAssembly from the same
# sources as the native build (FreehandKit, FreehandDrawing's model and formats, FreehandDocument's
# session), with the glue in Web/Engine, linked with wasi-libc as one LLVM program (link-time
# optimisation), shrunk by wasm-opt; then puts the .wasm, the JavaScript module and its TypeScript
# declarations, and the page in one folder; beside it freehand-live.wasm, the live strokes alone
# (see docs/web.md).
#
#   tools/web_build.sh [OUT]      OUT defaults to .build/web
#
# Needs: the Swift toolchain (its Embedded Swift and wasm-ld), Debian's wasi-libc and binaryen.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/web}
work=.build/web-objects
mkdir -p "$out" "$work"
missing=()
for package in wasi-libc binaryen; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
if [ ${#missing[@]} -gt 0 ]; then
    echo "web_build: installing ${missing[*]} (Debian)" >&2
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi
bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
sysroot_lib=/usr/lib/wasm32-wasi
embedded=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library -Osize -lto=llvm-full
    -package-name freehandkit -Xcc -fno-stack-protector -Xfrontend -disable-stack-protector -I "$work")

echo "web_build: FreehandKit" >&2
swiftc "${embedded[@]}" -module-name FreehandKit $(find Sources/FreehandKit -name '*.swift' | sort) \
    -emit-module -emit-module-path "$work/FreehandKit.swiftmodule" -c -o "$work/FreehandKit.o"
# The model and the file formats, then the ink session; files, threads and pixels stay native.
echo "web_build: FreehandDrawing (model, formats)" >&2
swiftc "${embedded[@]}" -module-name FreehandDrawing \
    $(ls Sources/FreehandDrawing/{Model,Formats}/*.swift | grep -v -E '/(AtomicFile|ReadAheadOutlines)\.swift$' | sort) \
    -emit-module -emit-module-path "$work/FreehandDrawing.swiftmodule" -c -o "$work/FreehandDrawing.o"
echo "web_build: FreehandDocument (editing, selection, the ink session)" >&2
swiftc "${embedded[@]}" -module-name FreehandDocument \
    $(ls Sources/FreehandDocument/{Editing,Selection,Session}/*.swift Sources/FreehandDocument/Touch/{TouchEvent,TouchRole,TouchSample,FingerPolicy}.swift \
        Sources/FreehandDocument/ReexportedModel.swift | grep -v -E '/InkCanvas\+InkSession\.swift$' | sort) \
    -emit-module -emit-module-path "$work/FreehandDocument.swiftmodule" -c -o "$work/FreehandDocument.o"
echo "web_build: the engine's exports" >&2
swiftc "${embedded[@]}" -module-name FreehandWeb Web/Engine/*.swift -c -o "$work/FreehandWeb.o"
"$bin/clang" --target=wasm32-unknown-wasi -isystem /usr/include/wasm32-wasi -Os -c Web/Engine/runtime.c -o "$work/runtime.o"

# link NAME SOURCES...: the objects linked as $out/NAME.wasm exporting the @_cdecl calls SOURCES
# declare, then shrunk by wasm-opt.
link() {
    local name=$1
    shift
    local exports
    exports=$(grep -ho '@_cdecl("[a-z_]*")' "$@" | sed 's/@_cdecl("\(.*\)")/--export=\1/' | sort -u)
    "$bin/wasm-ld" --no-entry --gc-sections --strip-debug $exports --export-memory -z stack-size=1048576 \
        "$work/FreehandWeb.o" "$work/FreehandDocument.o" "$work/FreehandDrawing.o" "$work/FreehandKit.o" "$work/runtime.o" \
        "$sysroot_lib/libc.a" "$bin/../lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a" \
        -o "$work/$name-raw.wasm"
    wasm-opt -Oz "$work/$name-raw.wasm" -o "$out/$name.wasm"
}
link freehand Web/Engine/*.swift
# The same objects linked with the live strokes' exports alone (live strokes, hold to snap, the
# catalogue): freehand-live.wasm, for a page that only draws (a signature field); no file reading,
# no session.
echo "web_build: the live-only module" >&2
link freehand-live Web/Engine/{LiveStrokes,Exchange,Catalog}.swift
cp Web/freehand.js Web/freehand.d.ts "$out/"
cp -R Web/Page/. "$out/"
cp Sources/freehand/SampleInk/{hey.json,ink-pen.json,LICENSE-perfect-freehand-MIT.txt,LICENSE-universal-ink-library-Apache-2.0.txt} "$out/"
for module in freehand freehand-live; do
    echo "web_build: $out/$module.wasm $(stat -c %s "$out/$module.wasm") bytes, $(gzip -9c "$out/$module.wasm" | wc -c) gzipped" >&2
done

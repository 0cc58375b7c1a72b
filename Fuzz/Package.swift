// swift-tools-version: 6.0
// libFuzzer targets for every FreehandKit parser and for the whole ink pipeline. Build and run with
// tools/fuzz.sh (it passes --sanitize fuzzer); each target is a library-style executable whose
// entry point libFuzzer calls.
import PackageDescription

let targets = ["FuzzInkJSON", "FuzzRecordingJSON", "FuzzBinaryInk", "FuzzInkML", "FuzzSignaturePad", "FuzzPNG", "FuzzPipeline"]

let package = Package(
    name: "FreehandFuzz",
    dependencies: [.package(name: "FreehandKit", path: "..")],
    targets: [
        // zlib's checksums and compressor, for the PNG target's structure-aware modes.
        .systemLibrary(name: "CZlibForFuzzing", path: "Sources/CZlibForFuzzing", pkgConfig: "zlib"),
        // The round trip through every format that the readers' targets check.
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "FreehandDocument", package: "FreehandKit"), .product(name: "FreehandKit", package: "FreehandKit")],
            path: "Sources/FuzzSupport"),
    ] + targets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "FreehandDocument", package: "FreehandKit"),
                .product(name: "FreehandRender", package: "FreehandKit"),
                "CZlibForFuzzing", "FuzzSupport",
            ],
            path: "Sources/\(name)",
            // libFuzzer supplies main(); the target only defines LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    }
)

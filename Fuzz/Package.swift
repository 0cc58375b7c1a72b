// swift-tools-version: 6.0
// libFuzzer targets for every FreehandKit parser. Build and run with tools/fuzz.sh (it passes
// --sanitize fuzzer); each target is a library-style executable whose entry point libFuzzer calls.
import PackageDescription

let parsers = ["FuzzInkJSON", "FuzzRecordingJSON", "FuzzBinaryInk", "FuzzInkML", "FuzzSignaturePad", "FuzzPNG"]

let package = Package(
    name: "FreehandFuzz",
    dependencies: [.package(name: "FreehandKit", path: "..")],
    targets: parsers.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "FreehandDocument", package: "FreehandKit"),
                .product(name: "FreehandRender", package: "FreehandKit"),
            ],
            path: "Sources/\(name)",
            // libFuzzer supplies main(); the target only defines LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    }
)

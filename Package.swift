// swift-tools-version: 6.0
import PackageDescription

/// On Linux the `freehand` tool carries the Swift runtime and Foundation inside it: it starts in
/// 5 ms instead of 11 (no twenty shared libraries to find, load and relocate at every run), which
/// matters for a tool called once per file. Only the executable is linked so; the libraries an app
/// adds are untouched. `FREEHAND_DYNAMIC_RUNTIME=1 swift build` links it the usual way (for a
/// toolchain without static libraries). The static libraries are named in one group because the
/// linker sees them before the objects that need them.
let commandLineLinking: [LinkerSetting] =
    Context.environment["FREEHAND_DYNAMIC_RUNTIME"] == nil
    ? [
        .unsafeFlags(
            [
                "-static-stdlib", "-Xlinker", "--start-group",
                "-lFoundation", "-lFoundationInternationalization", "-lFoundationEssentials", "-lCoreFoundation",
                "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
                "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime", "-lswift_Concurrency", "-lswift_StringProcessing",
                "-lswift_RegexParser", "-lswiftGlibc", "-lswiftCore", "-Xlinker", "--end-group",
            ],
            .when(platforms: [.linux])
        )
    ] : []

let package = Package(
    name: "FreehandKit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "FreehandKit", targets: ["FreehandKit"]),
        .library(name: "FreehandRender", targets: ["FreehandRender"]),
        .library(name: "FreehandDocument", targets: ["FreehandDocument"]),
        .library(name: "FreehandEvaluation", targets: ["FreehandEvaluation"]),
        .library(name: "FreehandUI", targets: ["FreehandUI"]),
        .executable(name: "freehand", targets: ["freehand"]),
    ],
    dependencies: [
        // Used by the `freehand` command-line tool only; the libraries depend on the toolchain alone.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: a command plugin, nothing an app links.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // Geometry: input samples to smoothed paths. No pixels, no files, no platform frameworks.
        .target(name: "FreehandKit"),
        // zlib, for PNG: part of every Apple system and of Debian's zlib1g-dev.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Pixels and vector output built from FreehandKit geometry.
        .target(name: "FreehandRender", dependencies: ["FreehandKit", "CZlib"]),
        // Ink files and the drawing model.
        .target(name: "FreehandDocument", dependencies: ["FreehandKit", "FreehandRender"]),
        // Thin UIKit and SwiftUI views over FreehandDocument's touch controller (empty off Apple platforms).
        .target(name: "FreehandUI", dependencies: ["FreehandKit", "FreehandRender", "FreehandDocument"]),
        // Measured quality (fidelity, smoothness, latency of techniques on recorded ink) and benchmarks.
        .target(name: "FreehandEvaluation", dependencies: ["FreehandKit", "FreehandRender", "FreehandDocument"]),
        .executableTarget(
            name: "freehand",
            dependencies: [
                "FreehandKit", "FreehandRender", "FreehandDocument", "FreehandEvaluation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("SampleInk")],
            linkerSettings: commandLineLinking
        ),
        .testTarget(
            name: "FreehandKitTests",
            dependencies: ["FreehandKit", "FreehandDocument", "FreehandEvaluation"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FreehandDocumentTests", dependencies: ["FreehandDocument", "FreehandRender", "FreehandEvaluation"],
            resources: [.copy("FuzzRegressions"), .copy("TouchStreams")]),
        .testTarget(
            name: "FreehandRenderTests", dependencies: ["FreehandRender", "FreehandDocument", "FreehandEvaluation"],
            resources: [.copy("Golden"), .copy("PipelineRegressions")]),
    ]
)

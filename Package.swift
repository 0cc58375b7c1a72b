// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "FreehandKit",
    platforms: [.macOS(.v13), .iOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "FreehandKit", targets: ["FreehandKit"]),
        .library(name: "FreehandRender", targets: ["FreehandRender"]),
        .library(name: "FreehandDrawing", targets: ["FreehandDrawing"]),
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
        // The drawing model and its files (JSON, binary, InkML, signature_pad): no pixels, no zlib.
        .target(name: "FreehandDrawing", dependencies: ["FreehandKit"]),
        // The ink session, selection, touch and pictures of a drawing, over the model (re-exported).
        .target(name: "FreehandDocument", dependencies: ["FreehandKit", "FreehandRender", "FreehandDrawing"]),
        // Thin UIKit and SwiftUI views over FreehandDocument's touch controller: iOS, iPadOS, Mac
        // Catalyst and visionOS; empty elsewhere. Type-checked on Linux by tools/ui_check.sh.
        .target(name: "FreehandUI", dependencies: ["FreehandKit", "FreehandRender", "FreehandDrawing", "FreehandDocument"]),
        // Measured quality (fidelity, smoothness, latency of techniques on recorded ink) and benchmarks.
        .target(name: "FreehandEvaluation", dependencies: ["FreehandKit", "FreehandRender", "FreehandDrawing", "FreehandDocument"]),
        .executableTarget(
            name: "freehand",
            dependencies: [
                "FreehandKit", "FreehandRender", "FreehandDrawing", "FreehandDocument", "FreehandEvaluation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Compiled into the tool, so that a copy of the binary alone still has its sample ink.
            exclude: ["SampleInk/README.md", "SampleInk/LICENSE-perfect-freehand-MIT.txt", "SampleInk/LICENSE-universal-ink-library-Apache-2.0.txt"],
            resources: [.embedInCode("SampleInk/hey.json"), .embedInCode("SampleInk/ink-pen.json")]
        ),
        .testTarget(
            name: "FreehandKitTests",
            dependencies: ["FreehandKit", "FreehandDrawing", "FreehandDocument", "FreehandEvaluation"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FreehandDocumentTests", dependencies: ["FreehandDrawing", "FreehandDocument", "FreehandRender", "FreehandEvaluation"],
            resources: [.copy("FuzzRegressions"), .copy("TouchStreams")]),
        .testTarget(
            name: "FreehandRenderTests", dependencies: ["FreehandRender", "FreehandDrawing", "FreehandDocument", "FreehandEvaluation"],
            resources: [.copy("Golden"), .copy("PipelineRegressions")]),
    ]
)

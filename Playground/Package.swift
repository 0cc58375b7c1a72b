// swift-tools-version: 6.0
import PackageDescription

// The browser playground and the rendering API: a separate package, so that an app that adds
// FreehandKit never fetches a web server. It depends on the library by path.
let package = Package(
    name: "FreehandPlayground",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "freehand-serve", targets: ["freehand-serve"]),
    ],
    dependencies: [
        .package(name: "FreehandKit", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
    ],
    targets: [
        // The server: routes, the live-stroke sessions, the page (resources). Tested in-process.
        .target(
            name: "PlaygroundServer",
            dependencies: [
                .product(name: "FreehandKit", package: "FreehandKit"),
                .product(name: "FreehandRender", package: "FreehandKit"),
                .product(name: "FreehandDocument", package: "FreehandKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            // Compiled in: the installed server needs no resource bundle beside it.
            resources: [.embedInCode("Resources/index.html"), .embedInCode("Resources/playground.js"), .embedInCode("Resources/tiles.js"), .embedInCode("Resources/playground.css")]
        ),
        .executableTarget(
            name: "freehand-serve",
            dependencies: ["PlaygroundServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "PlaygroundServerTests",
            dependencies: [
                "PlaygroundServer",
                .product(name: "FreehandKit", package: "FreehandKit"),
                .product(name: "FreehandDocument", package: "FreehandKit"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
            ]
        ),
    ]
)

// swift-tools-version: 5.9
// An App Playground: open this folder in Swift Playgrounds (iPad or Mac) or Xcode and run it.
// FreehandKit comes from the repository two folders up; a copy of this folder elsewhere names it
// by URL instead: .package(url: "https://github.com/<owner>/FreehandKit.git", branch: "main").
import AppleProductTypes
import PackageDescription

let package = Package(
    name: "NoteCanvas",
    platforms: [.iOS("16.0")],
    products: [
        .iOSApplication(
            name: "Note Canvas",
            targets: ["AppModule"],
            bundleIdentifier: "org.freehandkit.examples.notecanvas",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .book),
            accentColor: .presetColor(.blue),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad]))]
        )
    ],
    dependencies: [.package(name: "FreehandKit", path: "../..")],
    targets: [
        .executableTarget(
            name: "AppModule",
            dependencies: [
                .product(name: "FreehandUI", package: "FreehandKit"),
                .product(name: "FreehandDocument", package: "FreehandKit"),
            ],
            path: "."
        )
    ]
)

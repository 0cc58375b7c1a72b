import Foundation
import Hummingbird
import HummingbirdTesting
@testable import PlaygroundServer
import Testing

/// The WebAssembly page served at /web/ from the folder `tools/web_build.sh` makes: its files with
/// their types and a policy that lets it compile its module, and nothing outside the folder.
struct WebFolderTests {
    /// A folder like the web build's, with a hidden file, a file of no known type, and a file beside
    /// the folder that must stay out of reach.
    static func folder() throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("web-folder-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<!doctype html><title>ink</title>".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data([0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00]).write(to: folder.appendingPathComponent("freehand.wasm"))
        try Data("export async function load() {}".utf8).write(to: folder.appendingPathComponent("freehand.js"))
        try Data("KEEP-OUT".utf8).write(to: folder.appendingPathComponent(".hidden.js"))
        try Data("binary".utf8).write(to: folder.appendingPathComponent("notes.bin"))
        try Data("KEEP-OUT".utf8).write(to: base.appendingPathComponent("outside.js"))
        return folder
    }

    @Test func thePageAndItsModuleAreServedWithTheirTypesAndAPolicyThatLetsItCompile() async throws {
        let web = try #require(WebFolder(try Self.folder()))
        try await Application(router: Playground.router(web: web)).test(.router) { client in
            try await client.execute(uri: "/web/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(String(buffer: response.body).contains("<title>ink</title>"))
            }
            try await client.execute(uri: "/web/freehand.wasm", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/wasm")
                #expect(response.headers[.contentSecurityPolicy]?.contains("'wasm-unsafe-eval'") == true)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(Array(response.body.readableBytesView) == [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00])
            }
            try await client.execute(uri: "/web/freehand.wasm", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/wasm")
            }
            try await client.execute(uri: "/web/freehand.js", method: .get) { response in
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            }
            try await client.execute(uri: "/web", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/web/")
            }
        }
    }

    @Test func nothingOutsideTheFolderHiddenOrOfAnUnknownTypeIsServed() async throws {
        let web = try #require(WebFolder(try Self.folder()))
        try await Application(router: Playground.router(web: web)).test(.router) { client in
            for uri in ["/web/.hidden.js", "/web/notes.bin", "/web/..%2Foutside.js", "/web/%2E%2E%2Foutside.js", "/web/missing.js"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(!String(buffer: response.body).contains("KEEP-OUT"), "\(uri)")
                }
            }
        }
        #expect(WebFolder(FileManager.default.temporaryDirectory.appendingPathComponent("no-such-folder-\(UUID().uuidString)")) == nil)
    }

    @Test func withoutAFolderThereIsNoWebPage() async throws {
        try await Application(router: Playground.router()).test(.router) { client in
            try await client.execute(uri: "/web/index.html", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}

import Foundation
import Hummingbird

/// The static page of the engine compiled to WebAssembly (the folder `tools/web_build.sh` makes:
/// `index.html`, `freehand.js`, `freehand.wasm`, …), served under `/web/` when the server is given
/// it: the page draws in the browser with no live socket.
///
/// Only files directly in the folder, with a known type, are served: no subfolder, no hidden file,
/// nothing reached through `..`.
public struct WebFolder: Sendable {
    /// The folder served.
    public let url: URL

    /// The largest file served, bytes (the module is under 2 MiB).
    static let maximumBytes = 16 << 20

    /// The media type of each extension served.
    static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "wasm": "application/wasm", "json": "application/json", "svg": "image/svg+xml", "ts": "text/plain; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
    ]

    /// The folder at `url`; nil unless it holds `index.html`.
    public init?(_ url: URL) {
        guard FileManager.default.fileExists(atPath: url.appendingPathComponent("index.html").path) else { return nil }
        self.url = url
    }

    /// The bytes and media type of the file called `name` (a plain file name), or nil.
    func file(named name: String) -> (bytes: Data, type: String)? {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\"), !name.contains("%"),
              let dot = name.lastIndex(of: "."), let type = Self.types[String(name[name.index(after: dot)...]).lowercased()] else { return nil }
        let file = url.appendingPathComponent(name)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size <= Self.maximumBytes,
              let bytes = try? Data(contentsOf: file) else { return nil }
        return (bytes, type)
    }

    /// The headers of a file of this page: no sniffing, and a policy that lets the page compile its
    /// own WebAssembly (`'wasm-unsafe-eval'`) and fetch from this server only.
    static func headers(type: String) -> HTTPFields {
        var headers: HTTPFields = [.xContentTypeOptions: "nosniff", .contentType: type]
        headers[.contentSecurityPolicy] = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return headers
    }

    /// `/web/` (the page) and `/web/NAME` (its files) on `router`.
    func route<Context: RequestContext>(on router: Router<Context>) {
        let serve: @Sendable (String) -> Response = { name in
            guard let (bytes, type) = file(named: name) else { return Playground.errorResponse(.notFound, "no file '\(name)' in the web page's folder") }
            return Response(status: .ok, headers: Self.headers(type: type), body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        // "/web" and "/web/" are one route: the page's relative links need the slash.
        router.get("/web/") { request, _ in
            request.uri.path.hasSuffix("/") ? serve("index.html") : Response(status: .movedPermanently, headers: [.location: "/web/"])
        }
        router.get("/web/:file") { _, context in serve(context.parameters.get("file") ?? "") }
        // HEAD answers as GET does, without the body.
        router.head("/web/:file") { _, context in
            var response = serve(context.parameters.get("file") ?? "")
            response.body = .init()
            return response
        }
    }
}

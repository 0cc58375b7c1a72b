import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which web pages may drive the server — open its live socket, post to `/render`, `/convert` and
/// `/open`: its own page, under the origins the server itself serves, and the origins its operator
/// allows. A request's `Origin` is compared with that list and never with the request's own `Host`
/// header, which a page on a rebound DNS name (`evil.example` resolving to 127.0.0.1) controls.
public struct OriginPolicy: Sendable, Equatable {
    /// The origins allowed, as a browser sends them (`http://127.0.0.1:8080`).
    public var origins: Set<String>

    /// The origins a server listening on `host`:`port` serves its page under, and `allowing`: on a
    /// loopback address, every loopback name (`127.0.0.1`, `localhost`, `[::1]`); on every interface
    /// (`0.0.0.0`, `::`), those and each of the machine's own addresses and its host name; on another
    /// address, that address.
    public init(host: String, port: Int, allowing: [String] = []) {
        var hosts: Set<String> = [host]
        if Self.loopbackNames.contains(host) || Self.wildcards.contains(host) { hosts.formUnion(Self.loopbackNames) }
        if Self.wildcards.contains(host) { hosts.formUnion(Self.interfaceAddresses() + (Self.hostName().map { [$0] } ?? [])) }
        origins = Set(hosts.filter { !Self.wildcards.contains($0) }.map { name in
            "http://\(name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name):\(port)"
        }).union(allowing)
    }

    /// Whether a request with `origin` (its `Origin` header) may go ahead: yes for a client that is
    /// no web page (no `Origin`, or a socket client's own `ws://…` URL, which no browser sends);
    /// else only for an origin of the list (never "null", a sandboxed or local page).
    public func allows(_ origin: String?) -> Bool {
        guard let origin, !origin.hasPrefix("ws://"), !origin.hasPrefix("wss://") else { return true }
        return origins.contains(origin)
    }

    private static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]
    private static let wildcards: Set<String> = ["0.0.0.0", "::", "[::]"]

    /// The machine's host name, when it has one.
    private static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// The IPv4 and IPv6 addresses of the machine's network interfaces.
    private static func interfaceAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var next = first
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A link-local IPv6 address carries its interface (`fe80::1%eth0`), which no origin has.
            if !name.contains("%") { addresses.append(name) }
        }
        return addresses
    }
}

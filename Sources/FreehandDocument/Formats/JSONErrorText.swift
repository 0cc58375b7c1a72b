import Foundation

/// One-line descriptions of JSON decoding errors, naming the path of the offending value.
enum JSONErrorText {
    /// `data` decoded as `type`; throws `InkFormatError.malformed` with the one-line description of
    /// what is wrong and where.
    /// The text is first checked against the strict grammar (`StrictJSON`), which Foundation's
    /// decoder does not hold to.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(InkFormatError) -> Value {
        try StrictJSON.check(data)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .malformed(describe(error))
        } catch {
            throw .malformed("not JSON")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let components = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
            return components.isEmpty ? "top level" : "at " + components.joined().drop { $0 == "." }
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(kind(type))"
        case .valueNotFound(let type, let context): return "\(path(context)): expected \(kind(type)), found null"
        case .keyNotFound(let key, let context): return "\(path(context)): missing \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "unreadable"
        }
    }

    /// What a JSON reader calls the value a Swift type stands for: "a number", not "Double".
    static func kind(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") { return "an object" }
        if name.hasPrefix("Array") { return "an array" }
        switch name {
        case "Double", "Float", "Int", "Int32", "Int64", "UInt8", "UInt64": return "a number"
        case "String": return "a string"
        case "Bool": return "true or false"
        default: return "a \(name.lowercased())"
        }
    }
}

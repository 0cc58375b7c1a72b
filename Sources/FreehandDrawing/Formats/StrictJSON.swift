#if !hasFeature(Embedded)
import Foundation
#endif

/// The JSON grammar of RFC 8259, checked strictly and in one linear pass before Foundation's
/// decoder reads a file, so that every JSON reader has one behaviour whichever path it takes (the
/// rules are `JSONPullReader`'s: no trailing comma, no repeated key, no number beyond a Double, no
/// raw control character in a string, nothing after the value).
enum StrictJSON {
    /// Throws `InkFormatError.malformed` naming the line and column of the first departure from
    /// the grammar in `data`.
    static func check(_ data: Data) throws(InkFormatError) {
        let outcome: InkFormatError? = data.withUnsafeBytes { raw in
            var reader = JSONPullReader(bytes: raw.bindMemory(to: UInt8.self))
            do throws(InkFormatError) {
                while try reader.next() != nil {}
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw outcome }
    }
}

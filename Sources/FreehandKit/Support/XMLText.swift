/// Text made safe for XML character data and quoted attribute values: what SVG and InkML export
/// write for colours, labels and a recording's description.
package enum XMLText {
    /// The first character of `text` that XML 1.0 cannot hold at all, not even as a reference
    /// (a control character other than tab, newline and carriage return; U+FFFE, U+FFFF), or nil.
    package static func firstUnwritable(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r") || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        }
    }

    /// `text` with `&`, `<`, `>` and `"` as entity references and a carriage return as a
    /// character reference (`&#xd;`), so that a reader gets the same text back; a character XML
    /// cannot hold (`firstUnwritable(in:)`) becomes U+FFFD (callers that must not change text
    /// check first).
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default:
                if scalar == "\r" {
                    result += "&#xd;"
                } else if (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

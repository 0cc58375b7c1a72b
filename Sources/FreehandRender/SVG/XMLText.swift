/// Text made safe for XML character data and quoted attribute values: what SVG and InkML export
/// write for colours, labels and a recording's description.
package enum XMLText {
    /// `text` with `&`, `<`, `>` and `"` as entity references and control characters other than
    /// tab and newline as character references (`&#xd;`), so that a reader gets the same text back.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" {
                    result += "&#x\(String(scalar.value, radix: 16));"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

/// A colour with straight (not premultiplied) alpha, each channel 0…1, in sRGB.
public struct RGBAColor: Hashable, Sendable {
    /// Red, 0…1 (a value set outside is clamped to it; not a number becomes 0).
    public var red: Double { didSet { red = Self.clamped(red) } }
    /// Green, 0…1 (a value set outside is clamped to it; not a number becomes 0).
    public var green: Double { didSet { green = Self.clamped(green) } }
    /// Blue, 0…1 (a value set outside is clamped to it; not a number becomes 0).
    public var blue: Double { didSet { blue = Self.clamped(blue) } }
    /// Alpha (opacity), 0…1 (a value set outside is clamped to it; not a number becomes 0).
    public var alpha: Double { didSet { alpha = Self.clamped(alpha) } }

    /// A colour from its channels, each clamped to 0…1 (not a number becomes 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamped(red)
        self.green = Self.clamped(green)
        self.blue = Self.clamped(blue)
        self.alpha = Self.clamped(alpha)
    }

    /// `value` within 0…1; 0 when it is not a number. Every channel holds such a value, so that
    /// writing one as a byte (× 255, rounded) never leaves 0…255.
    private static func clamped(_ value: Double) -> Double { value.isFinite ? Swift.min(1, Swift.max(0, value)) : (value == .infinity ? 1 : 0) }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour written as `#rrggbb`, `#rrggbbaa`, `#rgb`, `rgb(r, g, b)`, `rgba(r, g, b, a)`, or a CSS colour name (`black`, `white`,
    /// `red`, `navy`, … the 16 basic colours plus `orange`, `gray`/`grey`, `brown`, `pink`,
    /// `transparent`); nil for anything else.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if let named = Self.names[lowered] {
            self = named
            return
        }
        if lowered.hasPrefix("rgb") { self.init(functional: lowered); return }
        guard lowered.hasPrefix("#") else { return nil }
        var digits = Array(lowered.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var channels: [Double] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let value = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            channels.append(Double(value) / 255)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// `rgb(r, g, b)` or `rgba(r, g, b, a)` with 0…255 channels and 0…1 alpha.
    private init?(functional text: String) {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let parts = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: ",").map { part -> Double? in
            let isSpace = { (character: Character) -> Bool in character.isWhitespace }
            let trimmed = String(part.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
            return Double(trimmed)
        }
        guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ $0 != nil }) else { return nil }
        let values = parts.map { $0! }
        self.init(red: values[0] / 255, green: values[1] / 255, blue: values[2] / 255, alpha: values.count == 4 ? values[3] : 1)
    }

    /// The colour with each channel rounded to the nearest of 256 steps (k / 255): what `hexText`
    /// and the file formats hold, so that it reads back exactly.
    public var roundedToBytes: RGBAColor {
        func step(_ value: Double) -> Double { (value * 255).rounded() / 255 }
        return RGBAColor(red: step(red), green: step(green), blue: step(blue), alpha: step(alpha))
    }

    /// The colour as `#rrggbbaa` text (8-bit channels), which `init(parsing:)` reads back.
    public var hexText: String {
        let alphaByte = Int((alpha * 255).rounded())
        return cssText + (alphaByte < 16 ? "0" : "") + String(alphaByte, radix: 16)
    }

    /// The colour as CSS text: `#rrggbb` (opacity is carried separately in SVG).
    public var cssText: String {
        func hex(_ value: Double) -> String {
            let byte = Int((value * 255).rounded())
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        return "#" + hex(red) + hex(green) + hex(blue)
    }

    private static let names: [String: RGBAColor] = [
        "black": .black, "white": .white, "transparent": .transparent,
        "red": RGBAColor(red: 1, green: 0, blue: 0), "lime": RGBAColor(red: 0, green: 1, blue: 0),
        "blue": RGBAColor(red: 0, green: 0, blue: 1), "yellow": RGBAColor(red: 1, green: 1, blue: 0),
        "cyan": RGBAColor(red: 0, green: 1, blue: 1), "aqua": RGBAColor(red: 0, green: 1, blue: 1),
        "magenta": RGBAColor(red: 1, green: 0, blue: 1), "fuchsia": RGBAColor(red: 1, green: 0, blue: 1),
        "silver": RGBAColor(red: 192.0 / 255, green: 192.0 / 255, blue: 192.0 / 255),
        "gray": RGBAColor(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255),
        "grey": RGBAColor(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255),
        "maroon": RGBAColor(red: 128.0 / 255, green: 0, blue: 0), "olive": RGBAColor(red: 128.0 / 255, green: 128.0 / 255, blue: 0),
        "green": RGBAColor(red: 0, green: 128.0 / 255, blue: 0), "purple": RGBAColor(red: 128.0 / 255, green: 0, blue: 128.0 / 255),
        "teal": RGBAColor(red: 0, green: 128.0 / 255, blue: 128.0 / 255), "navy": RGBAColor(red: 0, green: 0, blue: 128.0 / 255),
        "orange": RGBAColor(red: 1, green: 165.0 / 255, blue: 0), "brown": RGBAColor(red: 165.0 / 255, green: 42.0 / 255, blue: 42.0 / 255),
        "pink": RGBAColor(red: 1, green: 192.0 / 255, blue: 203.0 / 255),
    ]
}

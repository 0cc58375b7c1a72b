/// How many digits the JSON outputs of computed geometry (`OutlineJSON`, `CentrelineJSON`) give
/// each number.
///
/// An outline is within 0.1 pt of the true stroke (`Outline.simplificationTolerance`) and a
/// flattened centreline within its flattening tolerance, so the seventeen digits of a computed
/// `Double` say nothing the geometry knows: `.decimals(3)` (0.001 pt) is the default of the
/// `freehand` commands and halves the output. `.exact` keeps every bit.
public enum NumberPrecision: Hashable, Sendable {
    /// The shortest text that reads back as exactly the same `Double` (Swift's `description`).
    case exact
    /// Rounded to this many places after the decimal point (0…9), to nearest, ties to even;
    /// trailing zeros are dropped ("12.5", "3", "-0.25"); a count outside 0…9 is taken as the
    /// nearest end. Magnitudes of 10¹⁵ / 10^places or more, which the rounding cannot hold in an
    /// integer, are written exactly.
    case decimals(Int)

    /// The largest number of places `.decimals` takes.
    public static let maximumDecimals = 9

    /// The precision named by `text`: `exact`, or a number of decimal places 0…9; nil otherwise.
    public init?(_ text: String) {
        if text == "exact" {
            self = .exact
        } else if let places = Int(text), (0...Self.maximumDecimals).contains(places) {
            self = .decimals(places)
        } else {
            return nil
        }
    }
}
